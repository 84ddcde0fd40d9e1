package character2

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// MOVE FIRST (Deuces): "This unit moves first in each turn, and thus can
// enter a space in which a standoff would otherwise occur. This power is
// always used (mandatory) when the unit moves, and can be a drawback (for
// example, if trying to enter a space while another unit moves out --
// this cannot be done, unless you are able to dislodge the unit that was
// already there. For this purpose you are allowed to dislodge your own
// units). Also, any support given by a Move First unit cannot be cut --
// but if the Move First unit is attacked while it is supporting
// something, it has a strength of zero in defending itself. This power is
// not reported to other players until it affects the outcome of a turn.
// If the unit is dislodged, its retreat is normal."
//
// The turn is judged in two steps (engine Sequence hook). The first holds
//
//   - the moves of the Move First units (every move: the power is
//     mandatory);
//   - the supports and convoys given to those moves, by any unit: the
//     supporter's order is spent, and it holds through the second step;
//   - the supports to hold given to a unit a Move First unit attacks, when
//     that unit is not ordered to move (a unit ordered to move cannot be
//     supported to hold).
//
// Every other unit holds in the first step: the unit in the Move First
// unit's target is "already there" even if it is ordered out, so the Move
// First unit enters only by dislodging it, its own power's included
// (engine SelfDislodge; ruling S10: any own unit in its target, since at
// the moment it moves every unit is "already there"). The second step
// judges every other order on the position the first left. Two Move First
// units meet in the first step as in a normal turn (rule 8: the same
// type, neither goes first).
//
// The Rules Clarifications: "If I have a Move First unit at space x, and I
// move x-y, y-z, and have a third unit support x-y so that that move
// works, can the piece at y go ahead with its move as if it were not
// dislodged? ... A: The unit at y will attempt to go through with its move
// to z, and this is considered a normal move and not a Retreat when
// determining who gets z. Nevertheless, the unit HAS been dislodged, so it
// cannot use any special powers except those listed in rule 7. ... If the
// y-z move fails, the unit will have to Retreat from space y." The engine
// does this (Rules.SequenceMovesOn): while the unit at y moves on, the
// step's position lists it as dislodged, and every card part must then
// treat it as a unit without a card except for rule 7's list
// (movedOnAfterDislodged).
//
// Its supports cannot be cut (engine Cuts: no attack cuts them; the
// Cutter spares them, rule 8), and while it supports it holds with zero
// (engine HoldStrength), so one unsupported attack dislodges it, and with
// it the support (rule 7).

// movedOnAfterDislodged reports whether u, in a step of a Move First turn,
// has already been dislodged and is making its move all the same (the
// clarification): it may use no power outside rule 7's list.
func movedOnAfterDislodged(s *engine.State, u engine.Unit) bool {
	if s == nil || s.Phase.Type != engine.Movement {
		return false
	}
	return slices.ContainsFunc(s.Dislodged, func(d engine.Dislodgement) bool { return d.Unit == u })
}

// activeKind returns the kind of u's card when u may use it in s: not a
// unit moving on after being dislodged (only rule 7's powers work then,
// and none of the stance cards is listed there).
func activeKind(s *engine.State, u engine.Unit) kind {
	if movedOnAfterDislodged(s, u) {
		return 0
	}
	return kindAt(s, u)
}

// optMoveFirstRule7 is the option applying rule 7 to a Move First unit
// dislodged in the turn it moved first (ruling S20).
const optMoveFirstRule7 = "movefirst_rule7"

// moveFirstSequence is the Sequence hook. Rule 7 (option
// movefirst_rule7, ruling S20): "If a unit is dislodged while trying to
// use its special power, the use of the power is prevented for that
// turn", and Move First is not among the exceptions. A Move First unit
// that moved first and is dislodged all the same loses its power for the
// turn: its move is judged with the others, in the second step. The turn
// is judged with every Move First move first, then again without those
// of the Move First units dislodged, until none moving first is
// dislodged.
func moveFirstSequence(s *engine.State, orders []engine.Order) [][]engine.Order {
	movers := moveFirstMovers(s, orders)
	if len(movers) == 0 || extraOf(s).option(optMoveFirstRule7) != "yes" {
		return moveFirstSteps(s, orders, movers)
	}
	for range len(movers) {
		fixed := movers
		r := bareRules()
		r.Sequence = func(s *engine.State, orders []engine.Order) [][]engine.Order {
			return moveFirstSteps(s, orders, fixed)
		}
		out := engine.Adjudicate(s, orders, r, nil)
		var kept []unitID
		for _, id := range movers {
			if !slices.ContainsFunc(out.Next.Dislodged, func(d engine.Dislodgement) bool { return idOf(d.Unit) == id }) {
				kept = append(kept, id)
			}
		}
		if len(kept) == len(movers) {
			break
		}
		movers = kept
		if len(movers) == 0 {
			break
		}
	}
	return moveFirstSteps(s, orders, movers)
}

// moveFirstMovers lists the Move First units ordered to move.
func moveFirstMovers(s *engine.State, orders []engine.Order) []unitID {
	eff := effectiveOrders(s, orders)
	var out []unitID
	for i, o := range eff {
		if o.Kind == engine.Move && activeKind(s, s.Units[i]) == moveFirst {
			out = append(out, idOf(s.Units[i]))
		}
	}
	slices.SortFunc(out, func(a, b unitID) int { return strings.Compare(a.String(), b.String()) })
	return out
}

// moveFirstSteps splits the turn into its two steps, the moves of the
// Move First units in ids first.
func moveFirstSteps(s *engine.State, orders []engine.Order, ids []unitID) [][]engine.Order {
	eff := effectiveOrders(s, orders)
	first := map[int]bool{} // indices into orders
	movers := map[engine.ProvinceID]engine.ProvinceID{}
	moving := map[engine.ProvinceID]bool{}
	for _, o := range eff {
		if o.Kind == engine.Move {
			moving[o.At.P] = true
		}
	}
	for k, o := range orders {
		i := kit.OrderUnit(s, &o, reg.Rules())
		if i < 0 || activeKind(s, s.Units[i]) != moveFirst || !slices.Contains(ids, idOf(s.Units[i])) {
			continue
		}
		if e, ok := eff[i]; ok && e.Kind == engine.Move {
			first[k] = true
			movers[o.At.P] = e.To.P
		}
	}
	if len(first) == 0 {
		return [][]engine.Order{orders}
	}
	for k, o := range orders {
		if first[k] {
			continue
		}
		i := kit.OrderUnit(s, &o, reg.Rules())
		if i < 0 {
			continue
		}
		e, ok := eff[i]
		if !ok || !e.AuxAt.Valid() {
			continue
		}
		switch {
		case (e.Kind == engine.Support || e.Kind == engine.Convoy) && e.AuxTo.Valid() && e.AuxTo.P != e.AuxAt.P:
			if t, ok := movers[e.AuxAt.P]; ok && e.AuxTo.P == t {
				first[k] = true
			}
		case e.Kind == engine.Support:
			for _, t := range movers {
				if t == e.AuxAt.P && !moving[t] {
					first[k] = true
				}
			}
		}
	}
	targets := map[engine.ProvinceID]bool{}
	for _, t := range movers {
		targets[t] = true
	}
	var one, two []engine.Order
	for k, o := range orders {
		if first[k] {
			one = append(one, o)
			continue
		}
		// An order of a unit a Move First unit attacks names that unit by
		// its number, so that, were it dislodged in the first step, the
		// Move First unit then standing there does not take its order.
		if o.At.Valid() && targets[o.At.P] && o.Number == 0 {
			if i := kit.OrderUnit(s, &o, reg.Rules()); i >= 0 {
				o.Number, o.Unit = s.Units[i].Number, s.Units[i].Type
			}
		}
		two = append(two, o)
	}
	return [][]engine.Order{one, two}
}

// moveFirstCuts is the Move First part of the Cuts hook: "any support
// given by a Move First unit cannot be cut".
func moveFirstCuts(s *engine.State, _, supporter engine.Unit) bool {
	return activeKind(s, supporter) != moveFirst
}

// moveFirstHold is the Move First part of the HoldStrength hook: "if the
// Move First unit is attacked while it is supporting something, it has a
// strength of zero in defending itself".
func moveFirstHold(s *engine.State, u engine.Unit, kind engine.OrderKind, n int) int {
	if kind == engine.Support && activeKind(s, u) == moveFirst {
		return 0
	}
	return n
}

// moveFirstSelf is the SelfDislodge hook: "For this purpose you are
// allowed to dislodge your own units."
func moveFirstSelf(s *engine.State, attacker, _ engine.Unit) bool {
	return activeKind(s, attacker) == moveFirst
}

// moveFirstAfter reveals a Move First unit whose power changed the outcome
// of the turn ("not reported to other players until it affects the
// outcome of a turn").
func moveFirstAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	if s.Phase.Type != engine.Movement {
		return
	}
	next := extraOf(out.Next)
	if next == nil {
		return
	}
	// The clarification: a unit dislodged in the first step whose order
	// was a special one (a Jumper's jump) may not use its power, so it
	// does not move on; nor does a support or convoy of a dislodged unit
	// stand: say so instead of the engine's "no unit".
	var held []engine.Unit
	for i, r := range out.Results {
		if (r.Code != engine.NoUnit && r.Code != engine.NotOwner) || r.Order.Kind == engine.Move || !r.Order.At.Valid() {
			continue
		}
		for _, d := range out.Next.Dislodged {
			if d.Unit.Loc.P != r.Order.At.P || r.Order.Power != d.Unit.Power || (r.Order.Number != 0 && r.Order.Number != d.Unit.Number) {
				continue
			}
			out.Results[i].Unit = d.Unit
			out.Results[i].Code = engine.Dislodged
			out.Results[i].Say("dislodged by a Move First unit before its order was carried out; it retreats")
			out.Results[i].SetDislodged(out.Results[i].Reason)
			if r.Order.Kind == engine.Special {
				out.Results[i].Say("dislodged by a Move First unit before it moved: a dislodged unit cannot use its special power (Rules Clarifications); it retreats")
				out.Results[i].SetDislodged(out.Results[i].Reason)
			}
			held = append(held, d.Unit)
		}
	}
	// Its first-step result ("no order; held; dislodged") is replaced by
	// the one above.
	out.Results = slices.DeleteFunc(out.Results, func(r engine.Result) bool {
		return r.Order.Kind == engine.Hold && r.Order.Text == "" && r.Code == engine.Dislodged && slices.Contains(held, r.Unit)
	})
	var base *engine.Outcome
	orders := replayOrders(out)
	for _, id := range stanceIDs(s, moveFirst) {
		if h := next.Cards[id]; h == nil || (h.Revealed != nil && h.Revealed.Hint == "") {
			continue
		}
		if base == nil {
			base = adjudicateBare(s, orders)
		}
		if affects(s, orders, base, id) {
			u, _ := unitOrder(s, out, id)
			why := fmt.Sprintf("its power decided the turn: %s is a Move First unit", unitName(s.Map, u))
			_ = next.Reveal(id, s.Phase, why)
			out.AddEvent(why, u)
		}
	}
}

func movefirstParts(r *registry) {
	addOption(r, optMoveFirstRule7, "yes",
		"rule 7 for Move First: yes (a Move First unit dislodged in the turn it moved first loses its power for the turn, "+
			"and its move is judged with the others) or no (it keeps the place it took first, and is dislodged from it)",
		boolOption)
	r.Sequence(moveFirstSequence)
	r.Cuts(moveFirstCuts)
	r.HoldStrength(moveFirstHold)
	r.SelfDislodge(moveFirstSelf)
	r.After(priorityOf(moveFirst), moveFirstAfter)
}
