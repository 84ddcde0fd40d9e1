package lan

import (
	"slices"
	"sort"
	"testing"

	"dipdesk/engine"
)

// TestCharacterGameToTheEnd is the "done when": every seat of a
// Character Diplomacy game on its own client over loopback, from the
// deal to the end. France plays greedily from what its client receives;
// the others hold and say they are ready; an observer watches. Every
// message every client received is then checked against what its seat
// may know.
func TestCharacterGameToTheEnd(t *testing.T) {
	g := newGame(t, "character", 7)
	tb := newTable(t, g, HostConfig{})
	tb.play(t, 1960, 1, func(s *engine.State, p engine.Power, _ *engine.Rand) []string {
		if p != "france" {
			return nil
		}
		return greedy(s, p)
	})
	// The players stop when they see the winner; the observer may see it
	// a moment later.
	var winner string
	tb.watcher.in.waitFor(t, 0, "the observer's results with a winner", func(e Envelope) bool {
		r, _ := Decode[Results](e)
		winner = r.Winner
		return e.Type == TypeResults && r.Winner != ""
	})
	cur, err := g.Current()
	if err != nil {
		t.Fatal(err)
	}
	if winner != "france" {
		t.Fatalf("the game ended in %s without France winning (winner %q)", cur.State.Phase, winner)
	}
	t.Logf("France won; the game ended in %s", cur.State.Phase)
	tb.h.Close()
	tb.checkAll(t)
}

// greedy plays power p from its view: every unit walks towards the
// nearest centre p does not own (two units for a centre another power
// holds: one attacks, one supports), disbands what is dislodged, and
// builds armies (a fleet in Brest) on free home centres.
func greedy(s *engine.State, p engine.Power) []string {
	m := s.Map
	switch s.Phase.Type {
	case engine.Retreat:
		var out []string
		for _, d := range s.Dislodged {
			if d.Unit.Power == p {
				out = append(out, d.Unit.Type.String()+" "+m.LocString(d.Unit.Loc)+" disband")
			}
		}
		return out
	case engine.Adjustment:
		var out []string
		n := engine.Adjustments(s)[p]
		for _, c := range m.HomeCentres(p) {
			if n > 0 && s.Owners[c] == p && s.UnitAt(c) < 0 {
				kind := "A"
				if m.Provinces[c].Abbr == "bre" {
					kind = "F"
				}
				out = append(out, "build "+kind+" "+m.Provinces[c].Abbr)
				n--
			}
		}
		return out
	}
	return greedyMoves(s, p)
}

type pair struct {
	unit, dist int
	target     engine.ProvinceID
}

func greedyMoves(s *engine.State, p engine.Power) []string {
	m := s.Map
	var mine []int
	for i, u := range s.Units {
		if u.Power == p {
			mine = append(mine, i)
		}
	}
	// The distance of every unit to every centre p does not own.
	var pairs []pair
	for _, i := range mine {
		d := reach(m, s.Units[i].Type, s.Units[i].Loc.P)
		for _, c := range m.SupplyCentres() {
			if n, ok := d[c]; ok && s.Owners[c] != p {
				pairs = append(pairs, pair{i, n, c})
			}
		}
	}
	sort.SliceStable(pairs, func(a, b int) bool { return pairs[a].dist < pairs[b].dist })
	target := map[int]engine.ProvinceID{}
	count := map[engine.ProvinceID]int{}
	for _, pr := range pairs {
		if _, done := target[pr.unit]; done {
			continue
		}
		need := 1
		if j := s.UnitAt(pr.target); j >= 0 && s.Units[j].Power != p {
			need = 2
		}
		if count[pr.target] < need {
			target[pr.unit] = pr.target
			count[pr.target]++
		}
	}
	var out []string
	claimed := map[engine.ProvinceID]bool{}
	supported := map[engine.ProvinceID]bool{}
	for _, i := range mine {
		u := s.Units[i]
		t, ok := target[i]
		here := m.LocString(u.Loc)
		if !ok || t == u.Loc.P {
			out = append(out, u.Type.String()+" "+here+" h")
			continue
		}
		j := s.UnitAt(t)
		enemy := j >= 0 && s.Units[j].Power != p
		if enemy && m.Adjacent(u.Type, u.Loc, t) && claimed[t] && !supported[t] {
			// the second unit for a held centre supports the first
			supported[t] = true
			out = append(out, u.Type.String()+" "+here+" s "+m.Provinces[t].Abbr+" attack")
			continue
		}
		step, ok := stepTowards(s, i, t, claimed)
		if !ok {
			out = append(out, u.Type.String()+" "+here+" h")
			continue
		}
		claimed[step.P] = true
		out = append(out, u.Type.String()+" "+here+" - "+m.LocString(step))
	}
	return fixSupports(s, out)
}

// fixSupports rewrites the placeholder "s X attack" into a support of
// the French move into X.
func fixSupports(s *engine.State, orders []string) []string {
	moves := map[string]string{} // target abbr -> moving unit "A bur"
	for _, o := range orders {
		f := splitFields(o)
		if len(f) == 4 && f[2] == "-" {
			to := f[3]
			if k := len(to); k > 3 && to[3] == '/' {
				to = to[:3]
			}
			moves[to] = f[0] + " " + f[1]
		}
	}
	var out []string
	for _, o := range orders {
		f := splitFields(o)
		if len(f) == 4 && f[3] == "attack" {
			if mover, ok := moves[f[2]]; ok {
				out = append(out, f[0]+" "+f[1]+" s "+mover+" - "+f[2])
				continue
			}
			out = append(out, f[0]+" "+f[1]+" h")
			continue
		}
		out = append(out, o)
	}
	return out
}

func splitFields(s string) []string {
	var out []string
	cur := ""
	for _, r := range s {
		if r == ' ' {
			if cur != "" {
				out = append(out, cur)
			}
			cur = ""
			continue
		}
		cur += string(r)
	}
	if cur != "" {
		out = append(out, cur)
	}
	// "A par s bur attack" has 5 fields with the verb; keep the shape
	// [type loc verb target] for supports and moves.
	if len(out) == 5 && out[2] == "s" {
		return []string{out[0], out[1], out[3], out[4]}
	}
	return out
}

// reach is a breadth-first search of the provinces a unit of type ut can
// reach from p, with the number of moves.
func reach(m *engine.Map, ut engine.UnitType, from engine.ProvinceID) map[engine.ProvinceID]int {
	d := map[engine.ProvinceID]int{from: 0}
	queue := []engine.ProvinceID{from}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, q := range neighbours(m, ut, x) {
			if _, seen := d[q]; !seen && !m.Provinces[q].Impassable {
				d[q] = d[x] + 1
				queue = append(queue, q)
			}
		}
	}
	return d
}

func neighbours(m *engine.Map, ut engine.UnitType, x engine.ProvinceID) []engine.ProvinceID {
	if ut == engine.Army {
		return m.ArmyNeighbours(x)
	}
	var out []engine.ProvinceID
	for _, c := range append([]engine.Coast{engine.NoCoast}, m.Provinces[x].Coasts...) {
		for _, l := range m.FleetNeighbours(engine.Loc{P: x, C: c}) {
			if !slices.Contains(out, l.P) {
				out = append(out, l.P)
			}
		}
	}
	return out
}

// stepTowards picks the neighbouring space of unit i that is nearest to
// t, not claimed by another of its power's moves, and not held by a unit
// of its own power.
func stepTowards(s *engine.State, i int, t engine.ProvinceID, claimed map[engine.ProvinceID]bool) (engine.Loc, bool) {
	m := s.Map
	u := s.Units[i]
	dist := reach(m, u.Type, t)
	best, bestD := engine.Loc{}, -1
	var cands []engine.Loc
	if u.Type == engine.Army {
		for _, q := range m.ArmyNeighbours(u.Loc.P) {
			cands = append(cands, engine.Loc{P: q})
		}
	} else {
		cands = m.FleetNeighbours(u.Loc)
	}
	for _, l := range cands {
		d, ok := dist[l.P]
		if !ok || claimed[l.P] || m.Provinces[l.P].Impassable {
			continue
		}
		if j := s.UnitAt(l.P); j >= 0 && s.Units[j].Power == u.Power {
			continue
		}
		if bestD < 0 || d < bestD {
			best, bestD = l, d
		}
	}
	return best, bestD >= 0
}
