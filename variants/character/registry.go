package character

import (
	"cmp"
	"slices"

	"dipdesk/engine"
)

// The variant's hooks are composed from parts: each card or rule keeps
// its share of a hook in its own file and registers it there with a
// package-level declaration, `var _ = register(func() { ... })`, which Go
// runs before any init function, so variant.go's init sees every part
// whatever the order of the files. The hooks below stay in one place and
// the cards stay apart. Parts with a priority run in ascending order (rule 9 and the
// recommended order of the proposed cards: Move First, Thief,
// Disbeliever, Annihilator, Hypnotist, Gasser, all others).
const (
	PriorityRules       = 5  // rule 14.a: units sent off the board with the Fall orders leave before any card acts
	PriorityMoveFirst   = 10 // X2
	PriorityThief       = 20 // X3
	PriorityDisbeliever = 30 // X4
	PriorityAnnihilator = 40 // #9
	PriorityHypnotist   = 50 // #11
	PriorityGasser      = 60 // #10
	PriorityOthers      = 70 // every other card
	PriorityLifecycle   = 90 // dealing to builds, discarding the cards of units gone (rules 2, 5, 13)
)

// specialPart is one special order: its words, and the standard order it
// is adjudicated as in a movement phase (engine.Rules.Special), or why it
// is impossible. In retreat and adjustment phases a special order is left
// to the card's Rewrite and After parts.
type specialPart struct {
	syntax engine.SpecialSyntax
	as     func(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string)
	// rule marks an order of a rule of the game that belongs to no card
	// (rule 14's "otb"): rule 7 postpones only the cards, so it is
	// possible from Spring 1901.
	rule bool
}

type rewritePart struct {
	priority int
	f        func(s *engine.State, orders []engine.Order, rng *engine.Rand) ([]engine.Order, []string)
}

type afterPart struct {
	priority int
	f        func(s *engine.State, out *engine.Outcome, rng *engine.Rand)
}

var parts struct {
	specials     []specialPart
	prepare      []func(s *engine.State, orders []engine.Order, t *engine.Turn)
	rewrite      []rewritePart
	after        []afterPart
	enter        []func(s *engine.State, u engine.Unit, l engine.Loc) bool
	reach        []func(s *engine.State, u engine.Unit, l engine.Loc) bool
	supportReach []func(s *engine.State, u engine.Unit, l engine.Loc) bool
	strength     []func(s *engine.State, u engine.Unit, role engine.Role, n int) int
	cuts         []func(s *engine.State, attacker, supporter engine.Unit) bool
	conceal      []func(before *engine.State, seat engine.Seat, out *engine.Outcome)
	phase        []func(s *engine.State, orders []engine.Order, rng *engine.Rand) (*engine.Outcome, bool)
	nextPhase    func(s *engine.State, p engine.Phase) engine.Phase
	sequence     func(s *engine.State, orders []engine.Order) [][]engine.Order
	// random gives unit u a random legal-looking special order of its card
	// for the soak test and the random-game tools (ok false: none).
	random []func(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool)
}

// register runs f, which adds a card's parts, while the package's
// variables are initialised: `var _ = register(func() { addSpecial(...) })`.
func register(f func()) bool {
	f()
	return true
}

// addSpecial registers a card's special order's words and its movement
// form.
func addSpecial(verb, name string, as func(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string)) {
	parts.specials = append(parts.specials, specialPart{syntax: engine.SpecialSyntax{Verb: verb, Name: name}, as: as})
}

// addRuleSpecial registers a special order of a rule of the game, which
// belongs to no card and so is not postponed by rule 7.
func addRuleSpecial(verb, name string, as func(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string)) {
	parts.specials = append(parts.specials, specialPart{syntax: engine.SpecialSyntax{Verb: verb, Name: name}, as: as, rule: true})
}

func addRewrite(priority int, f func(s *engine.State, orders []engine.Order, rng *engine.Rand) ([]engine.Order, []string)) {
	parts.rewrite = append(parts.rewrite, rewritePart{priority, f})
	slices.SortStableFunc(parts.rewrite, func(a, b rewritePart) int { return cmp.Compare(a.priority, b.priority) })
}

func addAfter(priority int, f func(s *engine.State, out *engine.Outcome, rng *engine.Rand)) {
	parts.after = append(parts.after, afterPart{priority, f})
	slices.SortStableFunc(parts.after, func(a, b afterPart) int { return cmp.Compare(a.priority, b.priority) })
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
// says what it is adjudicated as. No card's order is possible before 1902
// (rule 7); the orders of the rules themselves (rule 14) are.
func Special(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	for _, p := range parts.specials {
		if p.syntax.Name != o.Special || p.as == nil {
			continue
		}
		if !p.rule && !PowersActive(s.Phase) {
			return engine.Order{}, "no card may be used before Spring 1902 (rule 7)"
		}
		return p.as(s, u, o)
	}
	if !PowersActive(s.Phase) {
		return engine.Order{}, "no card may be used before Spring 1902 (rule 7)"
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

// Enter is the Rules.Enter hook: any part may open a space to a unit.
func Enter(s *engine.State, u engine.Unit, l engine.Loc) bool {
	for _, f := range parts.enter {
		if f(s, u, l) {
			return true
		}
	}
	return false
}

// reachAny is the Rules.Reach hook: the links of reach.go, then any part.
func reachAny(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if Reach(s, u, l) {
		return true
	}
	for _, f := range parts.reach {
		if f(s, u, l) {
			return true
		}
	}
	return false
}

// SupportReach is the Rules.SupportReach hook.
func SupportReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	for _, f := range parts.supportReach {
		if f(s, u, l) {
			return true
		}
	}
	return false
}

// strengthAll is the Rules.Strength hook: strength.go's, then each part
// may change it.
func strengthAll(s *engine.State, u engine.Unit, role engine.Role) int {
	n := Strength(s, u, role)
	for _, f := range parts.strength {
		n = f(s, u, role, n)
	}
	return n
}

// cutsAll is the Rules.Cuts hook: every part must let the attack cut.
func cutsAll(s *engine.State, attacker, supporter engine.Unit) bool {
	if !Cuts(s, attacker, supporter) {
		return false
	}
	for _, f := range parts.cuts {
		if !f(s, attacker, supporter) {
			return false
		}
	}
	return true
}

// ConcealOutcome is the Rules.ConcealOutcome hook.
func ConcealOutcome(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	for _, f := range parts.conceal {
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
	if len(parts.random) == 0 || !PowersActive(s.Phase) {
		return engine.Order{}, false
	}
	start := rng.Intn(len(parts.random), "which card part gives a random special order")
	for k := range parts.random {
		if o, ok := parts.random[(start+k)%len(parts.random)](s, u, rng); ok {
			return o, true
		}
	}
	return engine.Order{}, false
}
