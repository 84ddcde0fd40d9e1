package kit

import (
	"cmp"
	"slices"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
	"dipdesk/variants/cardgame"
)

// The engine's hook types, as a variant's parts give them.
type (
	// SpecialFunc is the movement form of a special order (Rules.Special).
	SpecialFunc = func(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string)
	// LocFunc answers Enter, Reach and SupportReach.
	LocFunc = func(s *engine.State, u engine.Unit, l engine.Loc) bool
	// RewriteFunc is a Rewrite part.
	RewriteFunc = func(s *engine.State, orders []engine.Order, rng *engine.Rand) ([]engine.Order, []string)
	// AfterFunc is an After part.
	AfterFunc = func(s *engine.State, out *engine.Outcome, rng *engine.Rand)
	// RandomFunc gives unit u a random special order of its card, for the
	// soak tests and the random-game tools (ok false: none).
	RandomFunc = func(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool)
	// PrepareFunc is a Prepare part: it adds to the turn t.
	PrepareFunc = func(s *engine.State, orders []engine.Order, t *engine.Turn)
	// CaseCheck checks one POSTSTATE block of a case step.
	CaseCheck = func(su *casefile.Setup, file string, lines []casefile.Line, out *engine.Outcome) ([]string, error)
)

// Special is one special order: its words, the cards whose holder gives it
// (by the variant's name for a card), how a screen completes it when the
// card is dropped, and its movement form. An order of no card (a rule's
// own, Davis rule 14's "otb") is not postponed by the variant's Inactive.
type Special struct {
	Syntax engine.SpecialSyntax
	Cards  []string
	// TakesProvince: the first argument is one province ("annihilate
	// mun"); TakesUnit: the order names another unit and then what it does
	// ("hypnotise A tri - ven").
	TakesProvince, TakesUnit bool
	As                       SpecialFunc
	Rule                     bool
}

type named[F any] struct {
	name string
	f    F
}

type ordered[F any] struct {
	priority int
	f        F
}

// Effect reads and writes one kind of line of the case files'
// PRESTATE_EFFECTS and POSTSTATE_EFFECTS blocks ("mine nth france"): Parse
// adds the line's effect to the position, Lines lists every such effect of
// a position in the same form.
type Effect[E any] struct {
	Word  string
	Parse func(s *engine.State, e E, args []string) error
	Lines func(s *engine.State, e E) []string
}

// Registry gathers the parts each card or rule file of a variant gives the
// engine's hooks and composes them into one engine.Rules (Rules). A
// variant builds it in a function, each file adding its parts, so the
// order of the parts is the order of those calls; parts with a priority
// run in ascending priority, ties in that order. E is the variant's part
// of the position (State.Extra), which the card game's parts read.
type Registry[E any] struct {
	// Inactive, when set, says why no card may act in s ("" when they
	// may): Davis rule 7, no card before Spring 1902. A rule's order
	// (Special.Rule) is not held back.
	Inactive func(s *engine.State) string
	// GMSeesAll keeps the Conceal and ConcealOutcome parts from the game
	// master's seat.
	GMSeesAll bool

	specials        []Special
	prepare         []named[PrepareFunc]
	rewrite         []ordered[RewriteFunc]
	after           []ordered[AfterFunc]
	enter           []LocFunc
	reach           []LocFunc
	supportReach    []LocFunc
	strength        []func(s *engine.State, u engine.Unit, role engine.Role, n int) int
	supportLost     func(s *engine.State, supporter engine.Unit, weight int, attackers []engine.Unit, attack func(k int) int) (int, string)
	holdStrength    []func(s *engine.State, u engine.Unit, kind engine.OrderKind, n int) int
	selfDislodge    func(s *engine.State, attacker, defender engine.Unit) bool
	cuts            []func(s *engine.State, attacker, supporter engine.Unit) bool
	occupies        []func(s *engine.State, u engine.Unit) bool
	canConvoy       []func(s *engine.State, u engine.Unit) (ok, decided bool)
	convoySupport   []func(s *engine.State, fleet, army engine.Unit) bool
	convoyReach     []func(s *engine.State, f engine.Unit, p engine.ProvinceID) bool
	convoyFleet     []func(s *engine.State, f engine.Unit) bool
	convoyChain     []func(s *engine.State, x, y engine.Unit) bool
	swap            func(s *engine.State, a engine.Unit, ao engine.Order, b engine.Unit, bo engine.Order) bool
	fallbackSupport func(s *engine.State, supporter, supported engine.Unit) bool
	label           func(s *engine.State, u engine.Unit) (int, bool)
	concealView     []func(v *engine.View)
	concealOutcome  []func(before *engine.State, seat engine.Seat, out *engine.Outcome)
	phase           []func(s *engine.State, orders []engine.Order, rng *engine.Rand) (*engine.Outcome, bool)
	nextPhase       func(s *engine.State, p engine.Phase) engine.Phase
	acting          func(s *engine.State) engine.Acting
	sequence        func(s *engine.State, orders []engine.Order) [][]engine.Order
	random          []RandomFunc
	effects         []Effect[E]
	marks           []func(v engine.View, e E) []cardgame.Mark
	notes           []func(v engine.View, e E, u engine.Unit) []string
	caseChecks      map[string]CaseCheck
	caseBlocks      []string
	victory         int
	numberUnits     bool
	sequenceMovesOn bool
	options         map[string]Option

	rules *engine.Rules
}

// NewRegistry returns an empty registry.
func NewRegistry[E any]() *Registry[E] { return &Registry[E]{} }

// AddSpecial adds a special order (its words, whose card gives it, its
// movement form) and returns it for the caller to complete.
func (r *Registry[E]) AddSpecial(sp Special) { r.specials = append(r.specials, sp) }

// Prepare adds a Prepare part: closed provinces, cut supports, units out
// of the fight this turn.
func (r *Registry[E]) Prepare(f PrepareFunc) {
	r.prepare = append(r.prepare, named[PrepareFunc]{"", f})
}

// PrepareNamed adds a Prepare part that PrepareExcept may leave out.
func (r *Registry[E]) PrepareNamed(name string, f PrepareFunc) {
	r.prepare = append(r.prepare, named[PrepareFunc]{name, f})
}

// PrepareExcept returns the Prepare parts but the one named name,
// composed (Galt's Cutter judges a turn with every part but its own).
func (r *Registry[E]) PrepareExcept(name string) func(s *engine.State, orders []engine.Order) engine.Turn {
	return func(s *engine.State, orders []engine.Order) engine.Turn {
		var t engine.Turn
		for _, p := range r.prepare {
			if p.name != name {
				p.f(s, orders, &t)
			}
		}
		return t
	}
}

// Rewrite adds a Rewrite part run by priority.
func (r *Registry[E]) Rewrite(priority int, f RewriteFunc) {
	r.rewrite = append(r.rewrite, ordered[RewriteFunc]{priority, f})
	slices.SortStableFunc(r.rewrite, func(a, b ordered[RewriteFunc]) int { return cmp.Compare(a.priority, b.priority) })
}

// After adds an After part run by priority.
func (r *Registry[E]) After(priority int, f AfterFunc) {
	r.after = append(r.after, ordered[AfterFunc]{priority, f})
	slices.SortStableFunc(r.after, func(a, b ordered[AfterFunc]) int { return cmp.Compare(a.priority, b.priority) })
}

// Enter, Reach and SupportReach add parts of which any may say yes.
func (r *Registry[E]) Enter(f ...LocFunc)        { r.enter = append(r.enter, f...) }
func (r *Registry[E]) Reach(f ...LocFunc)        { r.reach = append(r.reach, f...) }
func (r *Registry[E]) SupportReach(f ...LocFunc) { r.supportReach = append(r.supportReach, f...) }

// Strength adds a part that changes the strength the parts before gave.
func (r *Registry[E]) Strength(f func(s *engine.State, u engine.Unit, role engine.Role, n int) int) {
	r.strength = append(r.strength, f)
}

// SupportLost sets the Rules.SupportLost hook.
func (r *Registry[E]) SupportLost(f func(s *engine.State, supporter engine.Unit, weight int, attackers []engine.Unit, attack func(k int) int) (int, string)) {
	r.supportLost = f
}

// HoldStrength adds a part that changes the hold strength the parts
// before gave.
func (r *Registry[E]) HoldStrength(f func(s *engine.State, u engine.Unit, kind engine.OrderKind, n int) int) {
	r.holdStrength = append(r.holdStrength, f)
}

// SelfDislodge sets the Rules.SelfDislodge hook.
func (r *Registry[E]) SelfDislodge(f func(s *engine.State, attacker, defender engine.Unit) bool) {
	r.selfDislodge = f
}

// Cuts adds a part that every attack must pass to cut a support.
func (r *Registry[E]) Cuts(f func(s *engine.State, attacker, supporter engine.Unit) bool) {
	r.cuts = append(r.cuts, f)
}

// Occupies adds a part that may say a unit does not occupy its province.
func (r *Registry[E]) Occupies(f func(s *engine.State, u engine.Unit) bool) {
	r.occupies = append(r.occupies, f)
}

// CanConvoy adds a part that may decide whether a unit convoys; the first
// that decides wins, the standard rule when none does.
func (r *Registry[E]) CanConvoy(f func(s *engine.State, u engine.Unit) (ok, decided bool)) {
	r.canConvoy = append(r.canConvoy, f)
}

// ConvoySupport, ConvoyReach, ConvoyFleet and ConvoyChain add parts of
// which any may say yes.
func (r *Registry[E]) ConvoySupport(f func(s *engine.State, fleet, army engine.Unit) bool) {
	r.convoySupport = append(r.convoySupport, f)
}
func (r *Registry[E]) ConvoyReach(f func(s *engine.State, f engine.Unit, p engine.ProvinceID) bool) {
	r.convoyReach = append(r.convoyReach, f)
}
func (r *Registry[E]) ConvoyFleet(f func(s *engine.State, f engine.Unit) bool) {
	r.convoyFleet = append(r.convoyFleet, f)
}
func (r *Registry[E]) ConvoyChain(f func(s *engine.State, x, y engine.Unit) bool) {
	r.convoyChain = append(r.convoyChain, f)
}

// Swap, FallbackSupport, Label, NextPhase and Sequence set their hooks.
func (r *Registry[E]) Swap(f func(s *engine.State, a engine.Unit, ao engine.Order, b engine.Unit, bo engine.Order) bool) {
	r.swap = f
}
func (r *Registry[E]) FallbackSupport(f func(s *engine.State, supporter, supported engine.Unit) bool) {
	r.fallbackSupport = f
}
func (r *Registry[E]) Label(f func(s *engine.State, u engine.Unit) (int, bool)) { r.label = f }

// Acting sets who must and who may act in a step (engine.Rules.Acting);
// the last part to set it wins, as with NextPhase.
func (r *Registry[E]) Acting(f func(s *engine.State) engine.Acting) { r.acting = f }

func (r *Registry[E]) NextPhase(f func(s *engine.State, p engine.Phase) engine.Phase) {
	r.nextPhase = f
}
func (r *Registry[E]) Sequence(f func(s *engine.State, orders []engine.Order) [][]engine.Order) {
	r.sequence = f
}

// SequenceMovesOn and NumberUnits set the engine's flags of those names.
func (r *Registry[E]) SequenceMovesOn() { r.sequenceMovesOn = true }
func (r *Registry[E]) NumberUnits()     { r.numberUnits = true }

// ConcealView adds a part that cuts a seat's view of a position.
func (r *Registry[E]) ConcealView(f func(v *engine.View)) { r.concealView = append(r.concealView, f) }

// ConcealOutcome adds a part that cuts a seat's copy of an outcome.
func (r *Registry[E]) ConcealOutcome(f func(before *engine.State, seat engine.Seat, out *engine.Outcome)) {
	r.concealOutcome = append(r.concealOutcome, f)
}

// Phase adds a part that may adjudicate a phase itself; the first that
// takes it wins.
func (r *Registry[E]) Phase(f func(s *engine.State, orders []engine.Order, rng *engine.Rand) (*engine.Outcome, bool)) {
	r.phase = append(r.phase, f)
}

// Random adds a part that gives a unit a random special order.
func (r *Registry[E]) Random(f ...RandomFunc) { r.random = append(r.random, f...) }

// Effect adds a kind of PRESTATE_EFFECTS / POSTSTATE_EFFECTS line.
func (r *Registry[E]) Effect(e Effect[E]) { r.effects = append(r.effects, e) }

// Effects lists the kinds of effect lines.
func (r *Registry[E]) Effects() []Effect[E] { return r.effects }

// Mark adds a part that draws signs on a seat's board.
func (r *Registry[E]) Mark(f func(v engine.View, e E) []cardgame.Mark) { r.marks = append(r.marks, f) }

// Note adds a part that tells a seat something of a unit's card.
func (r *Registry[E]) Note(f func(v engine.View, e E, u engine.Unit) []string) {
	r.notes = append(r.notes, f)
}

// Marks returns the signs every part draws on v's board.
func (r *Registry[E]) Marks(v engine.View, e E) []cardgame.Mark {
	var out []cardgame.Mark
	for _, f := range r.marks {
		out = append(out, f(v, e)...)
	}
	return out
}

// Notes returns what every part tells v's seat of unit u's card.
func (r *Registry[E]) Notes(v engine.View, e E, u engine.Unit) []string {
	var out []string
	for _, f := range r.notes {
		out = append(out, f(v, e, u)...)
	}
	return out
}

// CaseCheck adds a POSTSTATE block a part checks after each step.
func (r *Registry[E]) CaseCheck(block string, f CaseCheck) {
	if r.caseChecks == nil {
		r.caseChecks = map[string]CaseCheck{}
	}
	r.caseChecks[block] = f
	r.caseBlocks = append(r.caseBlocks, block)
}

// CaseChecks returns the POSTSTATE blocks the parts check, in the order
// they were added, with their checks.
func (r *Registry[E]) CaseChecks() ([]string, map[string]CaseCheck) {
	return r.caseBlocks, r.caseChecks
}

// Victory sets the number of centres that wins (0: the standard 18).
func (r *Registry[E]) Victory(n int) { r.victory = n }

// Specials returns the special orders, in the order added.
func (r *Registry[E]) Specials() []Special { return r.specials }

// Syntax lists the special orders' words, for the variant's parser.
func (r *Registry[E]) Syntax() []engine.SpecialSyntax {
	out := make([]engine.SpecialSyntax, len(r.specials))
	for i, p := range r.specials {
		out[i] = p.Syntax
	}
	return out
}

// SpecialsOf returns the special orders card gives.
func (r *Registry[E]) SpecialsOf(card string) []Special {
	var out []Special
	for _, p := range r.specials {
		if slices.Contains(p.Cards, card) {
			out = append(out, p)
		}
	}
	return out
}

// CardOrders returns the special orders card gives among declared (the
// variant's parser's), as the window offers them: a variant built without
// one of them (a test's) offers only what its parser reads.
func (r *Registry[E]) CardOrders(card string, declared []engine.SpecialSyntax) []cardgame.Order {
	var out []cardgame.Order
	for _, p := range r.SpecialsOf(card) {
		for _, d := range declared {
			if d.Name == p.Syntax.Name {
				out = append(out, cardgame.Order{SpecialSyntax: d, TakesProvince: p.TakesProvince, TakesUnit: p.TakesUnit})
				break
			}
		}
	}
	return out
}

// RandomSpecial returns a random special order for u from the parts, or
// ok false: the parts are tried in turn from a random one.
func (r *Registry[E]) RandomSpecial(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if len(r.random) == 0 || (r.Inactive != nil && r.Inactive(s) != "") {
		return engine.Order{}, false
	}
	start := rng.Intn(len(r.random), "which card part gives a random special order")
	for k := range r.random {
		if o, ok := r.random[(start+k)%len(r.random)](s, u, rng); ok {
			return o, true
		}
	}
	return engine.Order{}, false
}

// ConcealOutcomeFirst adds a ConcealOutcome part before every other
// (Galt's stance cards replay the phase from every result before another
// part takes results out of the seat's copy).
func (r *Registry[E]) ConcealOutcomeFirst(f func(before *engine.State, seat engine.Seat, out *engine.Outcome)) {
	r.concealOutcome = append([]func(*engine.State, engine.Seat, *engine.Outcome){f}, r.concealOutcome...)
}

// GiveCard says that card gives the special order named name (its first
// spelling) and how a screen completes it.
func (r *Registry[E]) GiveCard(name, card string, takesProvince, takesUnit bool) {
	for i := range r.specials {
		if r.specials[i].Syntax.Name == name {
			r.specials[i].Cards = append(r.specials[i].Cards, card)
			r.specials[i].TakesProvince, r.specials[i].TakesUnit = takesProvince, takesUnit
			return
		}
	}
}
