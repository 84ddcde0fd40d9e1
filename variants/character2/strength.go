package character2

import (
	"fmt"

	"dipdesk/engine"
)

// The three strength cards of the table:
//
//   - DOUBLE STRENGTH (Trumps 16 and 17): "Unit is DOUBLE STRENGTH for all
//     purposes ... If this unit is supporting something, an attack of
//     strength 1 will cut only one unit of support. A strength 2 attack or
//     two strength 1 attacks will cut all support." Two in every role:
//     moving, holding, defending head to head, keeping others out, each
//     support it gives; and two when its own move fails and it holds where
//     it stands ("for all purposes", ruling S3).
//   - LIMITED DOUBLE STRENGTH (Trumps 18 and 19): "moves and holds with a
//     strength of two, but only supports with a strength of one."
//   - SUPER SUPPORTER (Trumps 20 and 21): "supports with a strength of 3,
//     holds with a strength of 1, and moves with a strength of 0." Zero in
//     every moving role (attack, head-to-head defence, prevention): alone
//     it enters nothing and keeps no one out (ruling S5). "If this unit is
//     dislodged, it retreats with strength 1": its retreat is an ordinary
//     retreat (ruling S6).
//
// Reporting: "This power is not reported to other players until it
// affects the outcome of a conflict (and even then, if the unit is moving
// or holding, players will not be told which type of double strength
// unit it was -- this one or the next one)." A card affects the outcome
// when the turn adjudicated without it would end otherwise (stance.go).
// Then a Limited Double Strength unit, and a Double Strength unit that
// moved or held, are hinted at as "a double strength unit"; a Double
// Strength unit whose support of two (not its holding with two: a
// supporting unit also holds its province) decided the conflict, which
// tells it from the limited card, and a Super Supporter are revealed.

// hintDouble is what everyone learns of a double strength unit that
// moved or held.
const hintDouble = "a double strength unit"

// strengthOf is the strength-card part of the Strength hook.
func strengthOf(s *engine.State, u engine.Unit, role engine.Role, n int) int {
	switch activeKind(s, u) {
	case doubleStrength:
		return 2 * n
	case limitedDouble:
		if role == engine.RoleSupport {
			return n
		}
		return 2 * n
	case superSupporter:
		switch role {
		case engine.RoleSupport:
			return 3 * n
		case engine.RoleHold:
			return n
		}
		return 0
	}
	return n
}

// failedMoveHold is the strength-card part of the HoldStrength hook: a
// double strength unit (either card) whose move failed holds its province
// with two; a Super Supporter with the standard one.
func failedMoveHold(s *engine.State, u engine.Unit, kind engine.OrderKind, n int) int {
	if kind != engine.Move {
		return n
	}
	switch activeKind(s, u) {
	case doubleStrength, limitedDouble:
		return 2 * n
	}
	return n
}

// optDoubleStrengthCut is the option deciding what "a strength 2 attack"
// is when it cuts a Double Strength unit's support (ruling S4): "own" (the
// default: the attacking unit's own moving strength, its supports not
// counted) or "supported" (the attack's whole strength, its own and its
// supports', the figure its result gives).
const optDoubleStrengthCut = "double_strength_cut"

// doubleSupportLost is the SupportLost hook (the table's Double
// Strength row): a Double Strength supporter (weight 2) attacked by a
// single unit whose attack has strength 1 (or less) loses one unit of its
// support; an attack of strength two or more, or two attacks, cut all of
// it. The strength of the attack is its unit's own moving strength, or,
// with option double_strength_cut supported, the attack's with its
// supports. Any other supporter loses everything to one attack, as in the
// standard game. A dislodged supporter loses everything (the engine sees
// to that). The words say with what strength the attack counted, so that
// its result's "2 vs 2" does not read as the strength that cut.
func doubleSupportLost(s *engine.State, supporter engine.Unit, weight int, attackers []engine.Unit, attack func(k int) int) (int, string) {
	if len(attackers) == 0 {
		return 0, ""
	}
	if activeKind(s, supporter) != doubleStrength || len(attackers) > 1 {
		return weight, ""
	}
	how := "the attacking unit's own strength; its supports do not count, option " + optDoubleStrengthCut + " own"
	n := strengthAll(s, attackers[0], engine.RoleMove)
	if extraOf(s).option(optDoubleStrengthCut) == "supported" {
		how = "its own strength and its supports', option " + optDoubleStrengthCut + " supported"
		if attack != nil {
			n = attack(0)
		} else {
			// A loop of supports (two Double Strength supporters each
			// supporting an attack on the other): the attacks' supports
			// rest on each other and cannot be counted.
			how = "its own strength, since the weight of its supports rests on this very support; option " + optDoubleStrengthCut + " supported"
		}
	}
	by := fmt.Sprintf("an attack of strength %d by %s %s (%s)", n, attackers[0].Type, s.Map.LocString(attackers[0].Loc), how)
	if n >= 2 {
		return weight, by + " cuts all of it"
	}
	return min(weight, 1), "one unit of it lost to " + by
}

// strengthAfter reveals the strength cards that affected the outcome of a
// movement phase (rule 2, the table's reporting).
func strengthAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	if s.Phase.Type != engine.Movement {
		return
	}
	ids := stanceIDs(s, doubleStrength, limitedDouble, superSupporter)
	next := extraOf(out.Next)
	if len(ids) == 0 || next == nil {
		return
	}
	orders := replayOrders(out)
	var base *engine.Outcome
	for _, id := range ids {
		h := next.Cards[id]
		if h == nil || (h.Revealed != nil && h.Revealed.Hint == "") {
			continue
		}
		if base == nil {
			base = adjudicateBare(s, orders)
		}
		if !affects(s, orders, base, id) {
			continue
		}
		k := h.Card.Kind
		u, order := unitOrder(s, out, id)
		supporting := order.Kind == engine.Support
		name := unitName(s.Map, u)
		switch {
		case k == superSupporter || (k == doubleStrength && supporting &&
			!sameOutcome(s.Map, base, adjudicateBare(withKind(s, id, limitedDouble), orders))):
			why := fmt.Sprintf("its strength decided a conflict: %s is a %s", name, h.Card.NameFor(u.Type))
			_ = next.Reveal(id, s.Phase, why)
			out.AddEvent(why, u)
		default:
			why := fmt.Sprintf("its strength decided a conflict: %s is %s", name, hintDouble)
			_ = next.RevealHint(id, s.Phase, why, hintDouble)
			out.AddEvent(why, u)
		}
	}
}

// unitOrder returns the unit id names at the start of the phase and the
// order it was adjudicated with (a hold when it had none).
func unitOrder(s *engine.State, out *engine.Outcome, id unitID) (engine.Unit, engine.Order) {
	var u engine.Unit
	for _, v := range s.Units {
		if idOf(v) == id {
			u = v
		}
	}
	for _, r := range out.Results {
		if r.Code != engine.Defaulted && r.Order.Kind != engine.NoOrder && idOf(r.Unit) == id && r.Unit.Loc == u.Loc {
			if r.Order.Kind == engine.Special {
				if o, why := special(s, u, r.Order); why == "" {
					return u, o
				}
			}
			return u, r.Order
		}
	}
	return u, engine.Order{Kind: engine.Hold}
}

func strengthParts(r *registry) {
	r.Strength(strengthOf)
	r.HoldStrength(failedMoveHold)
	r.SupportLost(doubleSupportLost)
	addOption(r, optDoubleStrengthCut, "own", "Double Strength: what \"a strength 2 attack\" on a Double Strength supporter is "+
		"(own: the attacking unit's own moving strength, its supports not counted, so one attack cuts one unit of the support "+
		"unless its unit moves with two; supported: the attack's strength with its supports, as its result gives it)",
		func(v string) error {
			if v != "own" && v != "supported" {
				return fmt.Errorf("want own or supported, not %q", v)
			}
			return nil
		})
	r.After(priorityOf(doubleStrength), strengthAfter)
}
