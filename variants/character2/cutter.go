package character2

import (
	"cmp"
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// CUTTER (Trumps 14 and 15): "Unit automatically cuts up to two Support
// orders (per turn) which oppose the Cutter's own orders, or the orders of
// a unit that the Cutter is supporting. This power is not reported to
// other players until it affects the outcome of a conflict."
//
// Galt's Cutter, unlike Davis's, needs no adjacency: it cuts opposing
// supports anywhere. What "oppose" means (ruling S7): a support given by
// another power's unit
//
//   - to a move into the province of a unit that holds (or supports,
//     convoys, or gives a special order adjudicated as a hold): it helps
//     dislodge that unit;
//   - when the unit moves from x to y: to another unit's move into y (it
//     helps beat the move or stand it off), to the unit in y holding (it
//     defends y against the move), or to the unit in y's move into x (the
//     head-to-head battle).
//
// Only supports that match an order are counted (a void support needs no
// cutting), and never a Move First unit's: "any support given by a Move
// First unit cannot be cut", and Move First precedes the Cutter in the
// table (rule 8). When more than two oppose (ruling S8), the Cutter cuts
// first those opposing its own order, then those opposing the unit it
// supports; within each, the heaviest supports first (a Super Supporter's
// three before a single support), then by the supporter's province's
// abbreviation. A cut is total, whatever the supporter's strength.
//
// Rule 7: "If a unit is dislodged while trying to use its special power,
// the use of the power is prevented for that turn." The Cutter uses its
// power every turn it has an opposing support to cut, so a Cutter that is
// dislodged cuts nothing: the turn is adjudicated with the cuts, and a
// Cutter dislodged all the same loses its cuts, until no Cutter that is
// dislodged keeps any (ruling S9).
//
// Rule 8: two Cutters that would cut each other's supports (each
// supporting against the other) "both fail": neither of those two cuts is
// made, and the Cutters do not choose others instead.

// cutterCut is one support a Cutter cuts this turn.
type cutterCut struct {
	cutter    engine.Unit
	supporter engine.Unit
}

// effectiveOrders returns, for each unit of s that has exactly one order,
// the standard order it is adjudicated as (special orders through the
// Special hook), by the unit's index.
func effectiveOrders(s *engine.State, orders []engine.Order) map[int]engine.Order {
	out := map[int]engine.Order{}
	twice := map[int]bool{}
	for _, o := range orders {
		i := kit.OrderUnit(s, &o, reg.Rules())
		if i < 0 {
			continue
		}
		if o.Kind == engine.Special {
			x, why := special(s, s.Units[i], o)
			if why != "" {
				continue
			}
			o = x
		}
		if _, dup := out[i]; dup {
			twice[i] = true
		}
		out[i] = o
	}
	for i := range twice {
		delete(out, i) // two orders for one unit: it holds (DATC 4.D.3)
	}
	return out
}

// orderOf returns the effective order of the unit in province p (a hold
// when it has none) and the unit's index, or -1.
func orderOf(s *engine.State, eff map[int]engine.Order, p engine.ProvinceID) (engine.Order, int) {
	i := s.UnitAt(p)
	if i < 0 {
		return engine.Order{}, -1
	}
	if o, ok := eff[i]; ok {
		return o, i
	}
	u := s.Units[i]
	return engine.Order{Power: u.Power, Kind: engine.Hold, Unit: u.Type, At: u.Loc, To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}, i
}

// matches reports whether support order sup matches the order of the unit
// it names.
func matches(s *engine.State, eff map[int]engine.Order, sup engine.Order) bool {
	if !sup.AuxAt.Valid() {
		return false
	}
	o, i := orderOf(s, eff, sup.AuxAt.P)
	if i < 0 {
		return false
	}
	if sup.AuxTo.Valid() && sup.AuxTo.P != sup.AuxAt.P {
		return o.Kind == engine.Move && o.To.P == sup.AuxTo.P
	}
	return o.Kind != engine.Move
}

// opposes reports whether support sup opposes order o of the unit at src
// (ruling S7).
func opposes(s *engine.State, eff map[int]engine.Order, sup engine.Order, src engine.ProvinceID, o engine.Order) bool {
	if !matches(s, eff, sup) || sup.AuxAt.P == src {
		return false
	}
	moveTo := sup.AuxTo.Valid() && sup.AuxTo.P != sup.AuxAt.P
	if o.Kind != engine.Move {
		return moveTo && sup.AuxTo.P == src
	}
	t := o.To.P
	switch {
	case moveTo && sup.AuxTo.P == t: // a rival move into t
		return true
	case !moveTo && sup.AuxAt.P == t: // t's unit holding
		return true
	case moveTo && sup.AuxAt.P == t && sup.AuxTo.P == src: // head to head
		return true
	}
	return false
}

// chooseCuts lists the supports the Cutters of s would cut with orders,
// before rule 7 (ruling S8) and with rule 8 between Cutters.
func chooseCuts(s *engine.State, orders []engine.Order) []cutterCut {
	eff := effectiveOrders(s, orders)
	var sups []int // units giving a support
	for i, o := range eff {
		if o.Kind == engine.Support {
			sups = append(sups, i)
		}
	}
	slices.SortFunc(sups, func(a, b int) int {
		wa := strengthAll(s, s.Units[a], engine.RoleSupport)
		wb := strengthAll(s, s.Units[b], engine.RoleSupport)
		if wa != wb {
			return wb - wa
		}
		return cmp.Compare(s.Map.Provinces[s.Units[a].Loc.P].Abbr, s.Map.Provinces[s.Units[b].Loc.P].Abbr)
	})
	var out []cutterCut
	for ci, c := range s.Units {
		if kindAt(s, c) != cutter {
			continue
		}
		own, _ := orderOf(s, eff, c.Loc.P)
		type target struct {
			src engine.ProvinceID
			o   engine.Order
		}
		targets := []target{{c.Loc.P, own}}
		if own.Kind == engine.Support && matches(s, eff, own) {
			v, _ := orderOf(s, eff, own.AuxAt.P)
			targets = append(targets, target{own.AuxAt.P, v})
		}
		var chosen []int
		for _, tg := range targets {
			src, o := tg.src, tg.o
			for _, i := range sups {
				u := s.Units[i]
				if i == ci || u.Power == c.Power || kindAt(s, u) == moveFirst || slices.Contains(chosen, i) {
					continue
				}
				if opposes(s, eff, eff[i], src, o) {
					chosen = append(chosen, i)
				}
			}
		}
		if len(chosen) > 2 {
			chosen = chosen[:2]
		}
		for _, i := range chosen {
			out = append(out, cutterCut{cutter: c, supporter: s.Units[i]})
		}
	}
	// Rule 8: two Cutters cutting each other's supports both fail.
	mutual := func(a, b cutterCut) bool { return a.cutter == b.supporter && b.cutter == a.supporter }
	var kept []cutterCut
	for _, a := range out {
		if !slices.ContainsFunc(out, func(b cutterCut) bool { return mutual(a, b) }) {
			kept = append(kept, a)
		}
	}
	return kept
}

// cutterPart names cutterPrepare among the Prepare parts, so the rule 7
// check can run every other part without it.
const cutterPart = "cutter"

// cuttersOf applies rule 7 to cuts: the turn is adjudicated with them,
// and the cuts of every Cutter dislodged all the same are dropped, until
// none is left to a dislodged Cutter.
func cuttersOf(s *engine.State, orders []engine.Order, cuts []cutterCut) []cutterCut {
	for range len(cuts) + 1 {
		if len(cuts) == 0 {
			return nil
		}
		r := bareRules()
		// Move First's steps without its own rule 7 check, which asks the
		// Cutters in turn (the two checks would call each other forever).
		r.Sequence = func(s *engine.State, orders []engine.Order) [][]engine.Order {
			return moveFirstSteps(s, orders, moveFirstMovers(s, orders))
		}
		fixed := slices.Clone(cuts)
		others := reg.PrepareExcept(cutterPart)
		r.Prepare = func(s *engine.State, orders []engine.Order) engine.Turn {
			t := others(s, orders)
			addCuts(s.Map, &t, fixed)
			return t
		}
		out := engine.Adjudicate(s, orders, r, nil)
		var kept []cutterCut
		for _, c := range cuts {
			if !slices.ContainsFunc(out.Next.Dislodged, func(d engine.Dislodgement) bool { return d.Unit == c.cutter }) {
				kept = append(kept, c)
			}
		}
		if len(kept) == len(cuts) {
			return cuts
		}
		cuts = kept
	}
	return cuts
}

// addCuts puts cuts in t.
func addCuts(m *engine.Map, t *engine.Turn, cuts []cutterCut) {
	for _, c := range cuts {
		if t.Cut == nil {
			t.Cut = map[engine.ProvinceID]string{}
		}
		if _, done := t.Cut[c.supporter.Loc.P]; !done {
			t.Cut[c.supporter.Loc.P] = cutterReason(m, c.cutter)
		}
	}
}

// cutterReason is the result of a support a Cutter cut.
func cutterReason(m *engine.Map, c engine.Unit) string {
	return "support cut by the Cutter " + unitName(m, c)
}

// cutterPrepare is the Cutter's Prepare part.
func cutterPrepare(s *engine.State, orders []engine.Order, t *engine.Turn) {
	if s.Phase.Type != engine.Movement || len(orders) == 0 {
		return
	}
	addCuts(s.Map, t, cuttersOf(s, orders, chooseCuts(s, orders)))
}

// cutterAfter reveals a Cutter whose cuts changed the outcome of the turn.
func cutterAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	if s.Phase.Type != engine.Movement {
		return
	}
	next := extraOf(out.Next)
	if next == nil {
		return
	}
	var base *engine.Outcome
	orders := replayOrders(out)
	var cutBy map[engine.ProvinceID]engine.Unit // the turn's cuts, as cutterPrepare gave them
	for _, id := range stanceIDs(s, cutter) {
		if h := next.Cards[id]; h == nil || (h.Revealed != nil && h.Revealed.Hint == "") {
			continue
		}
		u, _ := unitOrder(s, out, id)
		if cutBy == nil {
			cutBy = map[engine.ProvinceID]engine.Unit{}
			for _, c := range cuttersOf(s, orders, chooseCuts(s, orders)) {
				if _, done := cutBy[c.supporter.Loc.P]; !done {
					cutBy[c.supporter.Loc.P] = c.cutter
				}
			}
		}
		cut := false
		for _, r := range out.Results {
			if c, ok := cutBy[r.Unit.Loc.P]; ok && r.Code == engine.Cut && r.Unit.Type != engine.NoUnitType && c == u {
				cut = true
			}
		}
		if !cut {
			continue
		}
		if base == nil {
			base = adjudicateBare(s, orders)
		}
		if affects(s, orders, base, id) {
			why := fmt.Sprintf("its cuts decided a conflict: %s is a Cutter", unitName(s.Map, u))
			_ = next.Reveal(id, s.Phase, why)
			out.AddEvent(why, u)
		}
	}
}

func cutterParts(r *registry) {
	r.PrepareNamed(cutterPart, cutterPrepare)
	r.After(priorityOf(cutter), cutterAfter)
}
