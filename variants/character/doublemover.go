package character

import (
	"fmt"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// #4 Double Mover (card: "Unit may move Two Spaces each turn. If the
// second space is blocked, it moves just one space. (Can Retreat only one
// space)."; rule 16.a: "ordered as a single move; not an impulse move. If
// the move to the first space is blocked, the second part does not take
// place. If two Two-space units are near each other, and the first has
// used a particular space for the first part of its move, and successfully
// moved on to the second space, the other such unit may occupy the first
// space for the second part of its move. The first space is also
// available for Retreats by any units.")
//
// Order: "1A par via bur - mun" (special verb "via"; "-", "to" and
// "then" between the spaces are optional). The model is two steps:
//
//  1. The turn is adjudicated with the order as the move to the first
//     space (Special): it is supported, bounces, dislodges and cuts
//     support there like any move, and a support must name that move
//     ("S A par - bur").
//  2. After the turn, every double mover that reached its first space
//     and was not dislodged moves on together with the others, every
//     other unit standing where the turn left it: the second legs are
//     adjudicated as a movement step of their own, with no supports and
//     strength one. A second leg is blocked by any unit standing in the
//     second space (it never dislodges: "it moves just one space"), by a
//     standoff of the turn there, by a space closed this turn (#9, #10),
//     and by another second leg into the same space (both stay: a
//     standoff). A second leg may enter a space another double mover
//     left by its own second leg, and so the first space of another
//     double mover (16.a).
//
// Retreats are the ordinary one-space retreats (the card, rule 8). The
// first space, left empty, is open to retreats like any empty space that
// saw no standoff (16.a).
func doublemoverParts(r *registry) {
	addSpecial(r, "via", doubleMoveOrder, doubleMoveAs)
	r.After(priorityOthers, doubleMoveAfter)
	r.Random(doubleMoveRandom)
}

// doubleMoveOrder is the name of #4's special order.
const doubleMoveOrder = kit.DoubleMoveOrder

// doubleMove reads a double move's two spaces and checks both steps: the
// first from the unit's place by its type's links (no convoy, no other
// card's links), the second from the first the same way, not back to the
// start.
func doubleMove(s *engine.State, u engine.Unit, o engine.Order) (first, second engine.Loc, why string) {
	if !holds(s, u, doubleMoverID) {
		return first, second, fmt.Sprintf("%s holds no Double Mover card (#4): it cannot move two spaces", unitWords(s.Map, u))
	}
	locs, why := kit.ArgLocs(s.Map, o.Args)
	if why != "" {
		return first, second, why
	}
	if len(locs) != 2 {
		return first, second, "a double move names two spaces: \"1A par via bur - mun\""
	}
	first, ok := kit.StepTo(s.Map, u.Type, u.Loc, locs[0])
	if !ok {
		return first, second, fmt.Sprintf("the first space, %s, is not next to %s for a%s", s.Map.LocName(locs[0]), s.Map.LocName(u.Loc), typeWord(u.Type))
	}
	second, ok = kit.StepTo(s.Map, u.Type, first, locs[1])
	if !ok {
		return first, second, fmt.Sprintf("the second space, %s, is not next to %s for a%s", s.Map.LocName(locs[1]), s.Map.LocName(first), typeWord(u.Type))
	}
	if second.P == u.Loc.P {
		return first, second, "a double move may not end where it began"
	}
	return first, second, ""
}

func typeWord(t engine.UnitType) string {
	if t == engine.Army {
		return "n army"
	}
	return " fleet"
}

// doubleMoveAs: the turn judges the move to the first space.
func doubleMoveAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	first, _, why := doubleMove(s, u, o)
	return kit.MoveUnless(u, o, first, why)
}

// doubleMoveAfter moves the double movers on to their second space.
func doubleMoveAfter(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	if s.Phase.Type != engine.Movement || !powersActive(s.Phase) {
		return
	}
	legs := kit.Legs(s, out, doubleMoveOrder, doubleMove, "; the first space was not reached, so the second part does not take place (16.a)")
	if len(legs) == 0 {
		return
	}
	// Spaces the second legs may not enter: the turn's standoffs and its
	// closed spaces.
	blocked := kit.LegsBlocked(s, out, prepare, "the second space saw a standoff this turn")
	step, moves := kit.LegsStep(out, legs)
	rules := &engine.Rules{Prepare: func(*engine.State, []engine.Order) engine.Turn { return engine.Turn{Blocked: blocked} }}
	o2 := engine.AdjudicateMovement(step, moves, rules)
	if len(o2.Next.Dislodged) > 0 {
		// Unreachable with strength one against holders of at least one;
		// keep the first step rather than lose a unit.
		out.Events = append(out.Events, "double moves: a second leg would dislodge a unit; second legs cancelled")
		return
	}
	for k, l := range legs {
		r2 := o2.Results[indexOfMove(o2, moves[k])]
		from := s.Map.LocName(l.First)
		if r2.OK {
			out.Results[l.Res].Add(", then to " + s.Map.LocName(l.Second) + " (#4 Double Mover)")
		} else {
			out.Results[l.Res].Add(fmt.Sprintf("; the second space, %s, was blocked (%s), so it stays in %s (#4)",
				s.Map.LocName(l.Second), r2.Reason, from), kit.NamedIn(r2)...)
		}
	}
	out.Next.Units = o2.Next.Units
	for _, p := range o2.Next.Standoffs {
		if !out.Next.Standoff(p) {
			out.Next.Standoffs = append(out.Next.Standoffs, p)
		}
	}
}

// indexOfMove finds the result of move m in o.
func indexOfMove(o *engine.Outcome, m engine.Order) int {
	for i, r := range o.Results {
		if r.Order.Kind == engine.Move && r.Order.At == m.At && r.Order.To == m.To && r.Unit.Number == m.Number {
			return i
		}
	}
	return 0
}

// doubleMoveRandom gives a #4 unit a random double move by its type's
// links.
func doubleMoveRandom(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if !holds(s, u, doubleMoverID) {
		return engine.Order{}, false
	}
	return kit.RandomDoubleMove(s, u, rng, kit.Steps)
}
