package character2

import (
	"cmp"
	"slices"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
	"dipdesk/variants/cardgame"
)

// The variant's hooks are composed from parts: each card or rule keeps its
// share of a hook in its own file and registers it there with a
// package-level declaration, `var _ = register(func() { ... })`, which Go
// runs before any init function, so variant.go's init sees every part
// whatever the order of the files.
//
// Parts with a priority run in ascending order. Rule 8: "If two or more
// units try to use their special powers on each other at the same time,
// the power listed earlier in the table takes precedence", so a card's
// priority is its place in the table (PriorityOf); the life cycle (deals,
// discards) runs after every card.
const (
	PriorityLifecycle = 900 // dealing to builds, discarding the cards of units gone
)

// PriorityOf returns the priority of kind k's parts: its place in the
// seed's table, ten apart so a card may run a part just before or after
// another's.
func PriorityOf(k Kind) int { return int(k) * 10 }

// specialPart is one special order: its words, the kind whose holder gives
// it, how the window completes it, and the standard order it is
// adjudicated as in a movement phase (engine.Rules.Special), or why it is
// impossible. In retreat and adjustment phases a special order is left to
// the card's Rewrite and After parts.
type specialPart struct {
	syntax        engine.SpecialSyntax
	kinds         []Kind
	takesProvince bool
	takesUnit     bool
	as            func(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string)
}

type rewritePart struct {
	priority int
	f        func(s *engine.State, orders []engine.Order, rng *engine.Rand) ([]engine.Order, []string)
}

type afterPart struct {
	priority int
	f        func(s *engine.State, out *engine.Outcome, rng *engine.Rand)
}

// effectPart reads and writes one kind of line of the case files'
// PRESTATE_EFFECTS and POSTSTATE_EFFECTS blocks ("mine nth france",
// "invisible france 1A"): parse adds the line's effect to the position,
// lines lists every such effect of a position in the same form.
type effectPart struct {
	word  string
	parse func(s *engine.State, e *Extra, args []string) error
	lines func(s *engine.State, e *Extra) []string
}

var parts struct {
	specials        []specialPart
	prepare         []func(s *engine.State, orders []engine.Order, t *engine.Turn)
	rewrite         []rewritePart
	after           []afterPart
	enter           []func(s *engine.State, u engine.Unit, l engine.Loc) bool
	reach           []func(s *engine.State, u engine.Unit, l engine.Loc) bool
	supportReach    []func(s *engine.State, u engine.Unit, l engine.Loc) bool
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
	concealView     []func(v *engine.View)
	concealOutcome  []func(before *engine.State, seat engine.Seat, out *engine.Outcome)
	phase           []func(s *engine.State, orders []engine.Order, rng *engine.Rand) (*engine.Outcome, bool)
	nextPhase       func(s *engine.State, p engine.Phase) engine.Phase
	sequence        func(s *engine.State, orders []engine.Order) [][]engine.Order
	effects         []effectPart
	// marks are the signs a part draws on a seat's board, and notes what a
	// part tells a seat of one unit's card (cardgame.go).
	marks []func(v engine.View, e *Extra) []cardgame.Mark
	notes []func(v engine.View, e *Extra, u engine.Unit) []string
	// caseCheck are extra POSTSTATE_* blocks a part checks after a case's
	// step, by block name (casefiles.go).
	caseCheck map[string]func(su *casefile.Setup, file string, lines []casefile.Line, out *engine.Outcome) ([]string, error)
	// random gives unit u a random plausible special order of its card for
	// the soak test (ok false: none).
	random []func(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool)
}

// register runs f, which adds a card's parts, while the package's
// variables are initialised: `var _ = register(func() { addSpecial(...) })`.
func register(f func()) bool {
	f()
	return true
}

// addSpecial registers a special order of the cards of kinds: its verb (as
// written in orders) and name, and its movement form.
func addSpecial(verb, name string, kinds []Kind, as func(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string)) *specialPart {
	parts.specials = append(parts.specials, specialPart{syntax: engine.SpecialSyntax{Verb: verb, Name: name}, kinds: kinds, as: as})
	return &parts.specials[len(parts.specials)-1]
}

// addSpecialDrag is addSpecial for an order the window completes by a
// drag: onto a province (takesProvince) or onto a unit (takesUnit).
func addSpecialDrag(verb, name string, kinds []Kind, takesProvince, takesUnit bool, as func(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string)) {
	parts.specials = append(parts.specials, specialPart{syntax: engine.SpecialSyntax{Verb: verb, Name: name}, kinds: kinds,
		takesProvince: takesProvince, takesUnit: takesUnit, as: as})
}

func addRewrite(priority int, f func(s *engine.State, orders []engine.Order, rng *engine.Rand) ([]engine.Order, []string)) {
	parts.rewrite = append(parts.rewrite, rewritePart{priority, f})
	slices.SortStableFunc(parts.rewrite, func(a, b rewritePart) int { return cmp.Compare(a.priority, b.priority) })
}

func addAfter(priority int, f func(s *engine.State, out *engine.Outcome, rng *engine.Rand)) {
	parts.after = append(parts.after, afterPart{priority, f})
	slices.SortStableFunc(parts.after, func(a, b afterPart) int { return cmp.Compare(a.priority, b.priority) })
}

// addEffect registers a PRESTATE_EFFECTS/POSTSTATE_EFFECTS line kind.
func addEffect(word string, parse func(s *engine.State, e *Extra, args []string) error, lines func(s *engine.State, e *Extra) []string) {
	parts.effects = append(parts.effects, effectPart{word, parse, lines})
}

// addCaseCheck registers a POSTSTATE block a part checks.
func addCaseCheck(block string, f func(su *casefile.Setup, file string, lines []casefile.Line, out *engine.Outcome) ([]string, error)) {
	if parts.caseCheck == nil {
		parts.caseCheck = map[string]func(*casefile.Setup, string, []casefile.Line, *engine.Outcome) ([]string, error){}
	}
	parts.caseCheck[block] = f
}

// Specials lists the special orders of the variant, for its parser.
func Specials() []engine.SpecialSyntax {
	out := make([]engine.SpecialSyntax, len(parts.specials))
	for i, p := range parts.specials {
		out[i] = p.syntax
	}
	return out
}

// Special is the Rules.Special hook: the card part that owns the order
// says what it is adjudicated as.
func Special(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	for _, p := range parts.specials {
		if p.syntax.Name == o.Special && p.as != nil {
			return p.as(s, u, o)
		}
	}
	return engine.Order{}, "\"" + o.Special + "\" is not an order of this game"
}

// Prepare is the Rules.Prepare hook: each part adds closed provinces and
// cut supports.
func Prepare(s *engine.State, orders []engine.Order) engine.Turn {
	var t engine.Turn
	for _, f := range parts.prepare {
		f(s, orders, &t)
	}
	return t
}

// Rewrite is the Rules.Rewrite hook: the parts in priority order.
func Rewrite(s *engine.State, orders []engine.Order, rng *engine.Rand) ([]engine.Order, []string) {
	var log []string
	for _, p := range parts.rewrite {
		var l []string
		orders, l = p.f(s, orders, rng)
		log = append(log, l...)
	}
	return orders, log
}

// After is the Rules.After hook: the parts in priority order.
func After(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	for _, p := range parts.after {
		p.f(s, out, rng)
	}
}

// anyPart reports whether any of fs says yes.
func anyPart(fs []func(s *engine.State, u engine.Unit, l engine.Loc) bool, s *engine.State, u engine.Unit, l engine.Loc) bool {
	for _, f := range fs {
		if f(s, u, l) {
			return true
		}
	}
	return false
}

func enterAny(s *engine.State, u engine.Unit, l engine.Loc) bool {
	return anyPart(parts.enter, s, u, l)
}
func reachAny(s *engine.State, u engine.Unit, l engine.Loc) bool {
	return anyPart(parts.reach, s, u, l)
}
func supportReachAny(s *engine.State, u engine.Unit, l engine.Loc) bool {
	return anyPart(parts.supportReach, s, u, l)
}

// strengthAll is the Rules.Strength hook: one, changed by each part in
// turn.
func strengthAll(s *engine.State, u engine.Unit, role engine.Role) int {
	n := 1
	for _, f := range parts.strength {
		n = f(s, u, role, n)
	}
	return n
}

// holdStrengthAll is the Rules.HoldStrength hook: the standard figure,
// changed by each part in turn.
func holdStrengthAll(s *engine.State, u engine.Unit, kind engine.OrderKind, n int) int {
	for _, f := range parts.holdStrength {
		n = f(s, u, kind, n)
	}
	return n
}

// selfDislodgeAny is the Rules.SelfDislodge hook, when a part sets it.
func selfDislodgeAny(s *engine.State, attacker, defender engine.Unit) bool {
	return parts.selfDislodge != nil && parts.selfDislodge(s, attacker, defender)
}

// supportLost is the Rules.SupportLost hook, when a part sets it.
func supportLost(s *engine.State, supporter engine.Unit, weight int, attackers []engine.Unit, attack func(k int) int) (int, string) {
	if parts.supportLost != nil {
		return parts.supportLost(s, supporter, weight, attackers, attack)
	}
	if len(attackers) > 0 {
		return weight, ""
	}
	return 0, ""
}

// cutsAll is the Rules.Cuts hook: every part must let the attack cut.
func cutsAll(s *engine.State, attacker, supporter engine.Unit) bool {
	for _, f := range parts.cuts {
		if !f(s, attacker, supporter) {
			return false
		}
	}
	return true
}

// occupiesAll is the Rules.Occupies hook: a unit occupies its province
// unless a part says it does not.
func occupiesAll(s *engine.State, u engine.Unit) bool {
	for _, f := range parts.occupies {
		if !f(s, u) {
			return false
		}
	}
	return true
}

// canConvoyAny is the Rules.CanConvoy hook: the first part that decides,
// else the standard rule (a fleet at sea).
func canConvoyAny(s *engine.State, u engine.Unit) bool {
	for _, f := range parts.canConvoy {
		if ok, decided := f(s, u); decided {
			return ok
		}
	}
	return u.Type == engine.Fleet && s.Map.Provinces[u.Loc.P].Kind == engine.Sea
}

func convoySupportAny(s *engine.State, fleet, army engine.Unit) bool {
	for _, f := range parts.convoySupport {
		if f(s, fleet, army) {
			return true
		}
	}
	return false
}

// convoyReachAny is the Rules.ConvoyReach hook: any part may let a
// convoying unit touch a shore the map does not link it to.
func convoyReachAny(s *engine.State, f engine.Unit, p engine.ProvinceID) bool {
	for _, g := range parts.convoyReach {
		if g(s, f, p) {
			return true
		}
	}
	return false
}

// convoyFleetAny is the Rules.ConvoyFleet hook: any part may let a fleet
// be convoyed.
func convoyFleetAny(s *engine.State, f engine.Unit) bool {
	for _, g := range parts.convoyFleet {
		if g(s, f) {
			return true
		}
	}
	return false
}

// convoyChainAny is the Rules.ConvoyChain hook: any part may chain two
// convoying units.
func convoyChainAny(s *engine.State, x, y engine.Unit) bool {
	for _, g := range parts.convoyChain {
		if g(s, x, y) {
			return true
		}
	}
	return false
}

func swapAny(s *engine.State, a engine.Unit, ao engine.Order, b engine.Unit, bo engine.Order) bool {
	return parts.swap != nil && parts.swap(s, a, ao, b, bo)
}

func fallbackSupportAny(s *engine.State, supporter, supported engine.Unit) bool {
	return parts.fallbackSupport != nil && parts.fallbackSupport(s, supporter, supported)
}

// ConcealOutcome is the Rules.ConcealOutcome hook.
func ConcealOutcome(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	if seat.GM {
		return
	}
	for _, f := range parts.concealOutcome {
		f(before, seat, out)
	}
}

// phaseAny is the Rules.Phase hook: the first part that takes the phase.
func phaseAny(s *engine.State, orders []engine.Order, rng *engine.Rand) (*engine.Outcome, bool) {
	for _, f := range parts.phase {
		if out, ok := f(s, orders, rng); ok {
			return out, true
		}
	}
	return nil, false
}

func nextPhase(s *engine.State, p engine.Phase) engine.Phase {
	if parts.nextPhase != nil {
		return parts.nextPhase(s, p)
	}
	return engine.StandardNextPhase(s, p)
}

func sequence(s *engine.State, orders []engine.Order) [][]engine.Order {
	if parts.sequence != nil {
		return parts.sequence(s, orders)
	}
	return [][]engine.Order{orders}
}

// RandomSpecial returns a random special order for u from the card parts,
// or ok false. The soak test mixes these into engine.RandomOrders.
func RandomSpecial(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if len(parts.random) == 0 {
		return engine.Order{}, false
	}
	start := rng.Intn(len(parts.random), "which card part gives a random special order")
	for k := range parts.random {
		if o, ok := parts.random[(start+k)%len(parts.random)](s, u, rng); ok {
			if e := extraOf(s); e != nil {
				if _, amp := e.Effects.Movers.Amp[IDOf(u)]; amp {
					o.Number = 0 // its old number is no longer correct (rule 5)
				}
			}
			return o, true
		}
	}
	return engine.Order{}, false
}

// SpecialsOf returns the special orders a card of kind k gives, with how
// the window completes each.
func SpecialsOf(k Kind) []specialPart {
	var out []specialPart
	for _, p := range parts.specials {
		if slices.Contains(p.kinds, k) {
			out = append(out, p)
		}
	}
	return out
}
