package character

import (
	"cmp"
	"slices"
	"strings"

	"dipdesk/engine"
)

// #15 Cutter: "Unit may cut up to two Support orders against it,
// including supports of any adjacent unit supporting an attack into a
// space where a unit is already receiving the Cutter's own support. While
// such cuts are automatic, owner may specify which supports are cut in
// complex situations." Rule 16.d: "A Cutter unit (Card #15) not only cuts
// up to two Supports by units adjacent to it for a unit trying to move
// into its own space, it can also cut the support of any adjacent unit
// which is supporting an attack into a space in which there is a unit
// which is receiving the Cutter's support."
//
// Before the turn is resolved (Rules.Prepare, engine.Turn.Cut) each
// Cutter with its powers active (rule 7) cuts at most two supports given
// by other powers' units adjacent to it: first those for a move into the
// Cutter's own province, then those for a move into the province of a
// unit the Cutter supports (to hold or to move). Within each kind the
// supporters are taken in the order of their provinces' abbreviations.
// A cut is total, whatever the supporter's strength (16.f is about
// attacks, the Cutter is no attack), and stands even if the Cutter is
// dislodged or destroyed that turn: its cuts are decided before the
// battles, as rule 9.a decides a Gasser's order before the attacks on it.
// A Cutter that cut a support is revealed (the cut is in every report).

var _ = register(func() {
	parts.prepare = append(parts.prepare, cutterPrepare)
	addAfter(PriorityOthers, cutterAfter)
})

// cutterReason is the reason of a support a Cutter cut.
func cutterReason(m *engine.Map, c engine.Unit) string {
	return "support cut by the Cutter (#15) " + unitName(m, c)
}

// cutterCut is one support a Cutter cuts.
type cutterCut struct {
	cutter    engine.Unit
	supporter engine.ProvinceID
}

// cutterCuts lists the supports the Cutters cut this turn.
func cutterCuts(s *engine.State, orders []engine.Order) []cutterCut {
	if !PowersActive(s.Phase) || s.Phase.Type != engine.Movement {
		return nil
	}
	// The support orders of the units on the board, by their province.
	supports := map[engine.ProvinceID]engine.Order{}
	for _, o := range orders {
		if o.Kind != engine.Support || !o.At.Valid() || !o.AuxAt.Valid() {
			continue
		}
		i := s.UnitAt(o.At.P)
		if i < 0 || (o.Power != "" && o.Power != s.Units[i].Power) {
			continue
		}
		if _, twice := supports[o.At.P]; twice {
			continue // two orders for one unit: it holds (DATC 4.D.3)
		}
		supports[o.At.P] = o
	}
	var out []cutterCut
	for _, c := range s.Units {
		if !activeCard(s, c, CutterID) {
			continue
		}
		targets := []engine.ProvinceID{c.Loc.P}
		if o, ok := supports[c.Loc.P]; ok {
			targets = append(targets, o.AuxAt.P)
		}
		var chosen []engine.ProvinceID
		for _, target := range targets {
			var kind []engine.ProvinceID
			for p, o := range supports {
				u := s.Units[s.UnitAt(p)]
				if u.Power == c.Power || !o.AuxTo.Valid() || o.AuxTo.P != target || o.AuxAt.P == target ||
					!provAdjacent(s.Map, c.Loc.P, p) || slices.Contains(chosen, p) {
					continue
				}
				kind = append(kind, p)
			}
			slices.SortFunc(kind, func(a, b engine.ProvinceID) int {
				return cmp.Compare(s.Map.Provinces[a].Abbr, s.Map.Provinces[b].Abbr)
			})
			chosen = append(chosen, kind...)
		}
		if len(chosen) > 2 {
			chosen = chosen[:2]
		}
		for _, p := range chosen {
			out = append(out, cutterCut{cutter: c, supporter: p})
		}
	}
	return out
}

// cutterPrepare adds the Cutters' cuts to the turn.
func cutterPrepare(s *engine.State, orders []engine.Order, t *engine.Turn) {
	for _, c := range cutterCuts(s, orders) {
		if t.Cut == nil {
			t.Cut = map[engine.ProvinceID]string{}
		}
		if _, done := t.Cut[c.supporter]; !done {
			t.Cut[c.supporter] = cutterReason(s.Map, c.cutter)
		}
	}
}

// cutterAfter reveals the Cutters whose cut shows in a result (rule 3:
// the report names the Cutter).
func cutterAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	e, ok := out.Next.Extra.(*Extra)
	if !ok || s.Phase.Type != engine.Movement || !PowersActive(s.Phase) {
		return
	}
	for _, r := range out.Results {
		if r.Code != engine.Cut || !strings.HasPrefix(r.Reason, "support cut by the Cutter (#15) ") {
			continue
		}
		for _, c := range s.Units {
			if activeCard(s, c, CutterID) && r.Reason == cutterReason(s.Map, c) {
				_ = e.Reveal(IDOf(c), s.Phase, "cut a support as a Cutter (#15)")
			}
		}
	}
}
