package cli

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// TestSoloFromTheCommandLine plays a whole game with the game master's
// commands only: new, then orders and process each phase, until France
// has 18 centres. France is played by a greedy player; the others send no
// orders (their units hold, their builds are waived and civil disorder
// removes their surplus units). Reports, history, rollback and a
// correction are exercised on the way.
func TestSoloFromTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "solo.dipdesk")
	if code, _, errs := run("new", "--seed", "7", "--out", file); code != 0 {
		t.Fatalf("new: %s", errs)
	}
	won := playGreedyFrance(t, file, 200, func(step int, phase string) {
		if step == 3 {
			checkRollback(t, file, phase)
		}
	})
	if !won {
		t.Fatal("France did not reach 18 centres")
	}
	code, out, _ := run("report", file)
	if code != 0 || !strings.Contains(out, "Supply centres:") || !strings.Contains(out, "France") {
		t.Errorf("final report:\n%s", out)
	}
	code, out, _ = run("history", file, "--all")
	if code != 0 || !strings.Contains(out, "abandoned by a rollback") || !strings.Contains(out, "Audit log:") {
		t.Errorf("history:\n%s", out)
	}
	code, out, _ = run("show", file, "--phase", "S1901M", "--as", "public")
	if code != 0 || !strings.Contains(out, "France: A par") {
		t.Errorf("show S1901M:\n%s", out)
	}
}

// checkRollback rolls the game back one phase, then processes it again
// with the same (carried-over) orders: the game goes on unchanged.
func checkRollback(t *testing.T, file, phase string) {
	t.Helper()
	if code, out, errs := run("rollback", file, "--to", phase, "--reason", "test correction"); code != 0 || !strings.Contains(out, "carried over") {
		t.Fatalf("rollback: %s %s", out, errs)
	}
	if code, _, errs := run("process", file, "--phase", phase); code != 0 {
		t.Fatalf("process after rollback: %s", errs)
	}
}

// greedy writes power p's orders: take empty or weakly held centres next
// to its units, support attacks on held ones, march the rest towards the
// nearest centre it does not own, build armies on every free home centre.
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
				out = append(out, "build A "+m.Provinces[c].Abbr)
				n--
			}
		}
		return out
	}
	return greedyMoves(s, p)
}

// greedyMoves sends power p's units at the centres it does not own: each
// unit is given the nearest free target (an enemy-held centre takes two
// units, one to attack and one to support), and walks towards it.
func greedyMoves(s *engine.State, p engine.Power) []string {
	m := s.Map
	var mine []int
	for i, u := range s.Units {
		if u.Power == p {
			mine = append(mine, i)
		}
	}
	assigned := assignTargets(s, p, mine)
	name := func(i int) string { return s.Units[i].Type.String() + " " + m.LocString(s.Units[i].Loc) }
	var out []string
	claimed := map[engine.ProvinceID]bool{}
	staying := map[engine.ProvinceID]bool{}
	var walkers []int
	for t, us := range assigned {
		occ := s.UnitAt(t)
		var near []int
		for _, i := range us {
			if m.Adjacent(s.Units[i].Type, s.Units[i].Loc, t) {
				near = append(near, i)
			}
		}
		switch {
		case occ < 0 && len(near) > 0:
			out = append(out, name(near[0])+" - "+moveTarget(s, near[0], t))
			claimed[t] = true
			near = near[:1]
		case occ >= 0 && len(near) >= 2:
			out = append(out, name(near[0])+" - "+moveTarget(s, near[0], t),
				name(near[1])+" S "+name(near[0])+" - "+m.Provinces[t].Abbr)
			claimed[t], staying[s.Units[near[1]].Loc.P] = true, true
			near = near[:2]
		default:
			for _, i := range near {
				staying[s.Units[i].Loc.P] = true // wait next to the centre
			}
		}
		for _, i := range us {
			if !contains(near, i) {
				walkers = append(walkers, i)
			}
		}
	}
	target := map[int]engine.ProvinceID{}
	for t, us := range assigned {
		for _, i := range us {
			target[i] = t
		}
	}
	// Walkers that cannot step stay put, which may block others: settle
	// until no walker's step runs into a unit that stays.
	steps := map[int]engine.Loc{}
	for changed := true; changed; {
		changed = false
		taken := map[engine.ProvinceID]bool{}
		for k := range claimed {
			taken[k] = true
		}
		for _, i := range walkers {
			if staying[s.Units[i].Loc.P] {
				continue
			}
			step, ok := stepTowards(s, i, target[i], taken, staying)
			if !ok {
				staying[s.Units[i].Loc.P] = true
				delete(steps, i)
				changed = true
				break
			}
			taken[step.P] = true
			steps[i] = step
		}
	}
	ordered := map[int]bool{}
	for _, i := range walkers {
		if step, ok := steps[i]; ok && !staying[s.Units[i].Loc.P] {
			out = append(out, name(i)+" - "+m.LocString(step))
			ordered[i] = true
			claimed[step.P] = true
		}
	}
	// A besieger waiting for help that cannot come would wait for ever:
	// now and then an idle unit wanders to a free neighbour instead.
	rng := rand.New(rand.NewPCG(uint64(s.Phase.Year), uint64(s.Phase.Season)))
	for _, i := range mine {
		if ordered[i] || inOrders(out, name(i)) || rng.IntN(3) != 0 {
			continue
		}
		u := s.Units[i]
		var free []engine.Loc
		for _, q := range m.ArmyNeighbours(u.Loc.P) {
			if u.Type == engine.Army && s.UnitAt(q) < 0 && !claimed[q] {
				free = append(free, engine.Loc{P: q})
			}
		}
		if len(free) > 0 {
			l := free[rng.IntN(len(free))]
			claimed[l.P] = true
			out = append(out, name(i)+" - "+m.LocString(l))
		}
	}
	sort.Strings(out)
	return out
}

func inOrders(out []string, unit string) bool {
	for _, o := range out {
		if strings.HasPrefix(o, unit+" ") {
			return true
		}
	}
	return false
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func moveTarget(s *engine.State, i int, t engine.ProvinceID) string {
	u := s.Units[i]
	if u.Type == engine.Fleet {
		if cs := s.Map.FleetCoastsTo(u.Loc, t); len(cs) > 0 {
			return s.Map.LocString(cs[0])
		}
	}
	return s.Map.Provinces[t].Abbr
}

// distances is a breadth-first search from the sources over the moves of
// a unit of type ut (coasts ignored), not passing through blocked provinces.
func distances(m *engine.Map, ut engine.UnitType, blocked func(engine.ProvinceID) bool, sources ...engine.ProvinceID) map[engine.ProvinceID]int {
	d := map[engine.ProvinceID]int{}
	var queue []engine.ProvinceID
	for _, t := range sources {
		d[t] = 0
		queue = append(queue, t)
	}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		var next []engine.ProvinceID
		if ut == engine.Army {
			next = m.ArmyNeighbours(x)
		} else {
			for _, c := range append([]engine.Coast{engine.NoCoast}, m.Provinces[x].Coasts...) {
				for _, l := range m.FleetNeighbours(engine.Loc{P: x, C: c}) {
					next = append(next, l.P)
				}
			}
		}
		for _, q := range next {
			if _, seen := d[q]; !seen && !blocked(q) {
				d[q] = d[x] + 1
				queue = append(queue, q)
			}
		}
	}
	return d
}

// assignTargets gives each unit the nearest centre p does not own that
// still needs units (one for an empty centre, two for a held one).
func assignTargets(s *engine.State, p engine.Power, mine []int) map[engine.ProvinceID][]int {
	m := s.Map
	type pair struct {
		d, i int
		t    engine.ProvinceID
	}
	var pairs []pair
	for _, t := range m.SupplyCentres() {
		if s.Owners[t] == p && s.UnitAt(t) < 0 {
			continue
		}
		if j := s.UnitAt(t); j >= 0 && s.Units[j].Power == p {
			continue
		}
		for _, ut := range []engine.UnitType{engine.Army, engine.Fleet} {
			d := distances(m, ut, func(engine.ProvinceID) bool { return false }, t)
			for _, i := range mine {
				if s.Units[i].Type != ut {
					continue
				}
				if dist, ok := d[s.Units[i].Loc.P]; ok {
					pairs = append(pairs, pair{dist, i, t})
				}
			}
		}
	}
	sort.Slice(pairs, func(a, b int) bool {
		if pairs[a].d != pairs[b].d {
			return pairs[a].d < pairs[b].d
		}
		if pairs[a].t != pairs[b].t {
			return pairs[a].t < pairs[b].t
		}
		return pairs[a].i < pairs[b].i
	})
	out := map[engine.ProvinceID][]int{}
	used := map[int]bool{}
	for _, pr := range pairs {
		need := 1
		if s.UnitAt(pr.t) >= 0 {
			need = 2
		}
		if used[pr.i] || len(out[pr.t]) >= need {
			continue
		}
		used[pr.i] = true
		out[pr.t] = append(out[pr.t], pr.i)
	}
	return out
}

// stepTowards returns a move of unit i one province closer to t, into a
// province no other unit of its power has claimed or holds, and not held
// by another power.
func stepTowards(s *engine.State, i int, t engine.ProvinceID, claimed, staying map[engine.ProvinceID]bool) (engine.Loc, bool) {
	if t < 0 {
		return engine.Nowhere, false
	}
	m := s.Map
	u := s.Units[i]
	goals := []engine.ProvinceID{t}
	if j := s.UnitAt(t); j >= 0 && s.Units[j].Power != u.Power {
		// A held centre is attacked from next door: walk to a free
		// neighbour of it.
		goals = nil
		for y := range m.Provinces {
			q := engine.ProvinceID(y)
			if q != t && m.Adjacent(u.Type, engine.Loc{P: q}, t) && !staying[q] && (s.UnitAt(q) < 0 || s.Units[s.UnitAt(q)].Power == u.Power) {
				goals = append(goals, q)
			}
		}
	}
	blocked := func(q engine.ProvinceID) bool {
		j := s.UnitAt(q)
		return q != u.Loc.P && (staying[q] || (j >= 0 && s.Units[j].Power != u.Power))
	}
	d := distances(m, u.Type, blocked, goals...)
	here, ok := d[u.Loc.P]
	if !ok || here == 0 {
		return engine.Nowhere, false
	}
	var steps []engine.Loc
	if u.Type == engine.Army {
		for _, q := range m.ArmyNeighbours(u.Loc.P) {
			steps = append(steps, engine.Loc{P: q})
		}
	} else {
		steps = m.FleetNeighbours(u.Loc)
	}
	for _, l := range steps {
		dist, ok := d[l.P]
		if !ok || dist >= here || claimed[l.P] || staying[l.P] {
			continue
		}
		if j := s.UnitAt(l.P); j >= 0 && s.Units[j].Power != u.Power {
			continue
		}
		return l, true
	}
	return engine.Nowhere, false
}

// TestCharacterSoloFromTheCommandLine plays Character Diplomacy from the
// deal to a solo with the game master's commands only, as the standard
// game above: France greedy, the others holding; the cards act from 1902
// (a double-strength or annihilating defender may cost France a turn),
// the retreat phase after every turn from 1902 (#14) is processed like
// any other, and builds are dealt cards every Winter.
func TestCharacterSoloFromTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "character-solo.dipdesk")
	if code, _, errs := run("new", "--variant", "character", "--seed", "7", "--out", file); code != 0 {
		t.Fatalf("new: %s", errs)
	}
	won := playGreedyFrance(t, file, 400, nil)
	if !won {
		t.Fatal("France did not reach 18 centres")
	}
	code, out, _ := run("show", file, "--as", "france")
	if code != 0 || !strings.Contains(out, "France: ") || !strings.Contains(out, "[#") {
		t.Errorf("France's final view lacks its cards:\n%s", out)
	}
	if code, out, _ := run("report", file, "--for", "france", "--cards"); code != 0 || !strings.Contains(out, "France") {
		t.Errorf("France's card form:\n%s", out)
	}
}

// playGreedyFrance plays the game in file with the game master's commands:
// each phase France's greedy orders, then process, for at most steps
// phases or until France wins, which it reports. after, if set, runs after
// each phase with the step and the phase just processed.
func playGreedyFrance(t *testing.T, file string, steps int, after func(step int, phase string)) bool {
	t.Helper()
	orderFile := filepath.Join(t.TempDir(), "orders.txt")
	for step := 0; step < steps; step++ {
		g, err := session.OpenReadOnly(file)
		if err != nil {
			t.Fatal(err)
		}
		cur, err := g.Current()
		g.Close()
		if err != nil {
			t.Fatal(err)
		}
		orders := greedy(cur.State, "france")
		if err := os.WriteFile(orderFile, []byte(strings.Join(orders, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		if len(orders) > 0 {
			if code, out, errs := run("orders", file, "--phase", cur.State.Phase.Key(), "--power", "france", orderFile); code != 0 {
				t.Fatalf("%s orders: %s %s\n%s", cur.State.Phase.Key(), out, errs, strings.Join(orders, "\n"))
			}
		}
		code, out, errs := run("process", file, "--phase", cur.State.Phase.Key())
		if code != 0 {
			t.Fatalf("process %s: %s", cur.State.Phase.Key(), errs)
		}
		if after != nil {
			after(step, cur.State.Phase.Key())
		}
		if strings.Contains(out, "France wins.") {
			return true
		}
	}
	return false
}
