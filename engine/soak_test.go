package engine

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"testing"
)

// Soak runs: by default TestRandomGames plays a short run that takes well
// under a second. For a long soak run set DIPDESK_SOAK_GAMES (and
// optionally DIPDESK_SOAK_YEARS), or pass -soak N to the engine tests:
//
//	DIPDESK_SOAK_GAMES=5000 go test ./engine -run TestRandomGames -timeout 1h
//	go test ./engine -run TestRandomGames -soak 5000 -soak.years 100
//
// DIPDESK_SOAK_SEED=n replays only the game with seed n, to reproduce a
// failure.
var (
	soakGames = flag.Int("soak", 0, "games TestRandomGames plays (0: $DIPDESK_SOAK_GAMES, else 20)")
	soakYears = flag.Int("soak.years", 0, "years per game in TestRandomGames (0: $DIPDESK_SOAK_YEARS, else 20)")
)

const (
	soakDefaultGames = 20
	soakDefaultYears = 20
	soakMaxErrors    = 5 // games reported in detail before the test gives up
)

// soakSettings returns the seeds and the number of years TestRandomGames
// plays: flags first, then the environment, then the short default.
func soakSettings(t *testing.T) (seeds []uint64, years int) {
	t.Helper()
	env := func(name string, flagVal, def int) int {
		if flagVal > 0 {
			return flagVal
		}
		if v := os.Getenv(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 {
				t.Fatalf("%s=%q: want a positive number", name, v)
			}
			return n
		}
		return def
	}
	games := env("DIPDESK_SOAK_GAMES", *soakGames, soakDefaultGames)
	years = env("DIPDESK_SOAK_YEARS", *soakYears, soakDefaultYears)
	if v := os.Getenv("DIPDESK_SOAK_SEED"); v != "" {
		seed, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("DIPDESK_SOAK_SEED=%q: %v", v, err)
		}
		return []uint64{seed}, years
	}
	for g := 0; g < games; g++ {
		seeds = append(seeds, uint64(g+1))
	}
	return seeds, years
}

// gameStep is called after each adjudicated phase of a random game with
// the position adjudicated, a copy of it taken before the orders were
// drawn, the orders and the outcome; it returns false to stop the game.
type gameStep func(before, snapshot *State, orders []Order, out *Outcome) bool

// playRandomGame plays a game on m from Spring 1901 with RandomOrders
// drawn from one Rand seeded with seed, until the Spring of the year
// after years years (or until step says stop). It returns the final
// position, the source (for its draws) and the number of phases played.
func playRandomGame(m *Map, seed uint64, years int, step gameStep) (*State, *Rand, int) {
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	rng := NewRand(seed)
	phases := 0
	for s.Phase.Year < 1901+years {
		var snapshot *State
		if step != nil {
			snapshot = s.Clone()
		}
		orders := RandomOrders(s, rng)
		out := Adjudicate(s, orders, nil, rng)
		phases++
		if step != nil && !step(s, snapshot, orders, out) {
			return out.Next, rng, phases
		}
		s = out.Next
	}
	return s, rng, phases
}

// TestRandomGames plays seeded random games and checks the invariants of
// the position and of the adjudication after every phase (see
// checkPosition and checkStep), and that a game replays exactly.
func TestRandomGames(t *testing.T) {
	m := standardMap(t)
	seeds, years := soakSettings(t)
	var (
		mu      sync.Mutex
		failed  int
		phases  int
		winners int
	)
	work := make(chan uint64)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := range work {
				errs, n, won := soakGame(m, seed, years)
				mu.Lock()
				phases += n
				if won {
					winners++
				}
				if len(errs) > 0 {
					failed++
					if failed <= soakMaxErrors {
						t.Errorf("seed %d (reproduce: DIPDESK_SOAK_SEED=%d DIPDESK_SOAK_YEARS=%d go test ./engine -run TestRandomGames):\n\t%s",
							seed, seed, years, joinLines(errs))
					}
				}
				mu.Unlock()
			}
		}()
	}
	for _, seed := range seeds {
		work <- seed
	}
	close(work)
	wg.Wait()
	if failed > soakMaxErrors {
		t.Errorf("%d more games failed", failed-soakMaxErrors)
	}
	t.Logf("%d games of up to %d years: %d phases, %d won", len(seeds), years, phases, winners)
}

func joinLines(errs []string) string {
	out := ""
	for i, e := range errs {
		if i > 0 {
			out += "\n\t"
		}
		out += e
	}
	return out
}

// soakGame plays one checked game and replays it. It returns the
// invariant violations found (those of the first failing phase), the
// number of phases and whether someone won.
func soakGame(m *Map, seed uint64, years int) (errs []string, phases int, won bool) {
	defer func() {
		if r := recover(); r != nil {
			errs = append(errs, fmt.Sprintf("panic after %d phases: %v", phases, r))
		}
	}()
	if e := checkPosition(NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})); len(e) > 0 {
		return e, 0, false
	}
	step := func(before, snapshot *State, orders []Order, out *Outcome) bool {
		phases++
		e := checkStep(before, orders, out)
		e = append(e, checkPosition(out.Next)...)
		if !sameState(snapshot, before) {
			e = append(e, "RandomOrders or the adjudication changed the position it was given")
		}
		e = append(e, checkOrderIndependence(before, orders, out, seed^uint64(phases))...)
		if len(e) > 0 {
			for _, x := range e {
				errs = append(errs, before.Phase.Key()+": "+x)
			}
			return false
		}
		if out.Winner() != "" {
			won = true
			return false
		}
		return true
	}
	final, rng, _ := playRandomGame(m, seed, years, step)
	if len(errs) > 0 {
		return errs, phases, won
	}
	stop := func(_, _ *State, _ []Order, out *Outcome) bool { return out.Winner() == "" }
	again, rng2, _ := playRandomGame(m, seed, years, stop)
	if !sameState(final, again) || !reflect.DeepEqual(rng.Draws(), rng2.Draws()) {
		errs = append(errs, "replaying the seed gave a different game")
	}
	return errs, phases, won
}

// checkOrderIndependence adjudicates a movement or retreat phase again
// with the units and the orders shuffled (by a source of its own, so the
// game itself is not changed) and checks that nothing but the order of
// the lists changes: each unit's result, the units after the phase, the
// dislodged units and the standoffs.
func checkOrderIndependence(before *State, orders []Order, out *Outcome, seed uint64) []string {
	if before.Phase.Type == Adjustment {
		return nil // the first legal adjustment orders count (DATC 4.D.4-6)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	s := before.Clone()
	rng.Shuffle(len(s.Units), func(i, j int) { s.Units[i], s.Units[j] = s.Units[j], s.Units[i] })
	rng.Shuffle(len(s.Dislodged), func(i, j int) { s.Dislodged[i], s.Dislodged[j] = s.Dislodged[j], s.Dislodged[i] })
	shuffled := append([]Order(nil), orders...)
	rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	again := Adjudicate(s, shuffled, nil, nil)
	var errs []string
	if a, b := resultSummary(before.Map, out), resultSummary(before.Map, again); !reflect.DeepEqual(a, b) {
		errs = append(errs, fmt.Sprintf("shuffling units and orders changed the results:\n\t%v\n\t%v", a, b))
	}
	if a, b := positionSummary(out.Next), positionSummary(again.Next); !reflect.DeepEqual(a, b) {
		errs = append(errs, fmt.Sprintf("shuffling units and orders changed the position:\n\t%v\n\t%v", a, b))
	}
	return errs
}

// resultSummary lists "power: order = code" for each result, sorted.
func resultSummary(m *Map, out *Outcome) []string {
	var s []string
	for _, r := range out.Results {
		s = append(s, fmt.Sprintf("%s: %s = %s", r.Order.Power, r.Order.Format(m), r.Code))
	}
	sort.Strings(s)
	return s
}

// positionSummary lists the units, the dislodged units (with where
// their attacker came from) and the standoffs, sorted.
func positionSummary(s *State) []string {
	var out []string
	for _, u := range s.Units {
		out = append(out, fmt.Sprintf("%s %s %s", u.Power, u.Type, s.Map.LocString(u.Loc)))
	}
	for _, d := range s.Dislodged {
		out = append(out, fmt.Sprintf("dislodged %s %s %s from %d convoy %v", d.Unit.Power, d.Unit.Type, s.Map.LocString(d.Unit.Loc), d.From, d.ByConvoy))
	}
	for _, p := range s.Standoffs {
		out = append(out, "standoff "+s.Map.Provinces[p].Abbr)
	}
	sort.Strings(out)
	return out
}

func sameState(a, b *State) bool {
	return a.Phase == b.Phase && reflect.DeepEqual(a.Units, b.Units) && reflect.DeepEqual(a.Owners, b.Owners) &&
		reflect.DeepEqual(a.Dislodged, b.Dislodged) && reflect.DeepEqual(a.Standoffs, b.Standoffs)
}

// checkPosition checks what must hold of any position of a standard game.
func checkPosition(s *State) []string {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	m := s.Map
	seen := make([]int, len(m.Provinces))
	for _, u := range s.Units {
		if !m.CanHold(u.Type, u.Loc) {
			bad("%s %s %s cannot stand there", u.Power, u.Type, m.LocString(u.Loc))
			continue
		}
		if _, ok := m.Power(u.Power); !ok {
			bad("unit %s %s belongs to %q, not a power of the map", u.Type, m.LocString(u.Loc), u.Power)
		}
		if seen[u.Loc.P]++; seen[u.Loc.P] == 2 && !m.Provinces[u.Loc.P].Unlimited {
			bad("two units in %s", m.Provinces[u.Loc.P].Name)
		}
	}
	if n, max := len(s.Units), len(m.SupplyCentres()); n > max {
		bad("%d units on the board, more than the %d centres", n, max)
	}
	if len(s.Owners) != len(m.Provinces) {
		bad("%d owners for %d provinces", len(s.Owners), len(m.Provinces))
	}
	for p, o := range s.Owners {
		if o == "" {
			continue
		}
		if !m.Provinces[p].SC {
			bad("%s owns %s, which is not a supply centre", o, m.Provinces[p].Name)
		}
		if _, ok := m.Power(o); !ok {
			bad("%s is owned by %q, not a power of the map", m.Provinces[p].Name, o)
		}
	}
	if (len(s.Dislodged) > 0) != (s.Phase.Type == Retreat) {
		bad("%d dislodged units in a %s phase", len(s.Dislodged), s.Phase.Type)
	}
	for _, d := range s.Dislodged {
		if !m.CanHold(d.Unit.Type, d.Unit.Loc) || s.UnitAt(d.Unit.Loc.P) < 0 {
			bad("dislodged %s %s: no attacker stands there", d.Unit.Type, m.LocString(d.Unit.Loc))
		}
	}
	ph := s.Phase
	if (ph.Type == Adjustment) != (ph.Season == Winter) || (ph.Season != Spring && ph.Season != Fall && ph.Season != Winter) {
		bad("phase %s is not a phase of the standard game", ph)
	}
	return errs
}

// checkStep checks one adjudicated phase: the results against the
// orders, the units kept, the phase that follows, and the centres.
func checkStep(before *State, orders []Order, out *Outcome) []string {
	errs := checkResults(before, orders, out)
	next := out.Next
	if want := expectedNext(before, next); next.Phase != want {
		errs = append(errs, fmt.Sprintf("next phase %s, want %s", next.Phase.Key(), want.Key()))
	}
	switch before.Phase.Type {
	case Movement:
		if got, want := len(next.Units)+len(next.Dislodged), len(before.Units); got != want {
			errs = append(errs, fmt.Sprintf("%d units and dislodged units after movement, want %d", got, want))
		}
		errs = append(errs, checkMoves(before, out)...)
	case Retreat:
		if got, want := len(next.Units), len(before.Units)+countOK(out, Move); got != want {
			errs = append(errs, fmt.Sprintf("%d units after retreats, want %d", got, want))
		}
		errs = append(errs, checkRetreats(before, out)...)
	case Adjustment:
		errs = append(errs, checkAdjusted(before, out)...)
	}
	errs = append(errs, checkOwners(before, out)...)
	if next.Phase.Type == Movement && next.Phase.Season == Spring {
		centres, units := next.Centres(), next.UnitCounts()
		for p, n := range units {
			if n > centres[p] {
				errs = append(errs, fmt.Sprintf("%s starts %s with %d units and %d centres", p, next.Phase.Key(), n, centres[p]))
			}
		}
	}
	return errs
}

// expectedNext is the standard phase sequence: S M -> [S R] -> F M ->
// [F R] -> [W A] -> S M of the next year.
func expectedNext(before, next *State) Phase {
	p := before.Phase
	spring := Phase{Year: p.Year + 1, Season: Spring, Type: Movement}
	switch {
	case p.Type == Movement && len(next.Dislodged) > 0:
		return Phase{Year: p.Year, Season: p.Season, Type: Retreat}
	case p.Season == Spring:
		return Phase{Year: p.Year, Season: Fall, Type: Movement}
	case p.Type == Adjustment:
		return spring
	}
	for _, n := range Adjustments(next) {
		if n != 0 {
			return Phase{Year: p.Year, Season: Winter, Type: Adjustment}
		}
	}
	return spring
}

// checkResults: every order has exactly one result, every result a
// reason; random orders are never illegal; in a movement phase every unit
// has one result; only the civil disorder rule adds results of its own.
func checkResults(before *State, orders []Order, out *Outcome) []string {
	var errs []string
	m := before.Map
	key := func(o Order) string { return string(o.Power) + ": " + o.Format(m) }
	want := map[string]int{}
	for _, o := range orders {
		want[key(o)]++
	}
	for _, r := range out.Results {
		if r.Reason == "" {
			errs = append(errs, fmt.Sprintf("result of %q has no reason", key(r.Order)))
		}
		switch r.Code {
		case Illegal, NoUnit, NotOwner, Refused:
			errs = append(errs, fmt.Sprintf("random order %q: %s (%s)", key(r.Order), r.Code, r.Reason))
		case Defaulted:
			if before.Phase.Type != Adjustment || r.Order.Kind != Disband {
				errs = append(errs, fmt.Sprintf("default result %q (%s) although every unit was ordered", key(r.Order), r.Reason))
			}
			continue
		}
		want[key(r.Order)]--
	}
	for k, n := range want {
		if n != 0 {
			errs = append(errs, fmt.Sprintf("order %q has %d results, want 1", k, 1-n))
		}
	}
	if before.Phase.Type == Movement {
		per := make([]int, len(m.Provinces))
		for _, r := range out.Results {
			per[r.Unit.Loc.P]++
		}
		for _, u := range before.Units {
			if per[u.Loc.P] != 1 {
				errs = append(errs, fmt.Sprintf("%s %s has %d results, want 1", u.Type, m.LocString(u.Loc), per[u.Loc.P]))
			}
		}
	}
	return errs
}

// checkMoves: each unit ends where its result says (moved, stayed, or
// dislodged by a unit of another power that came from the recorded
// province); no two units swap places over land; standoff provinces
// are empty.
func checkMoves(before *State, out *Outcome) []string {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	m, next := before.Map, out.Next
	movedTo := map[ProvinceID]Result{} // destination -> successful move
	for _, r := range out.Results {
		u, o := r.Unit, r.Order
		where := u.Loc.P
		if o.Kind == Move && r.Code == OK {
			where = o.To.P
			movedTo[o.To.P] = r
		}
		if i := next.UnitAt(where); i >= 0 && next.Units[i].Power == u.Power && next.Units[i].Type == u.Type {
			continue
		}
		if next.DislodgedAt(u.Loc.P) >= 0 && where == u.Loc.P {
			continue
		}
		bad("%s %s (%s: %s) is neither in %s nor dislodged", u.Type, m.LocString(u.Loc), r.Code, r.Reason, m.Provinces[where].Abbr)
	}
	for dst, r := range movedTo {
		if back, ok := movedTo[r.Unit.Loc.P]; ok && back.Unit.Loc.P == dst && !r.Order.ViaConvoy && !back.Order.ViaConvoy {
			bad("%s and %s swapped places without a convoy", m.LocString(r.Unit.Loc), m.LocString(back.Unit.Loc))
		}
	}
	for _, d := range next.Dislodged {
		r, ok := movedTo[d.Unit.Loc.P]
		switch {
		case !ok:
			bad("%s %s dislodged but no move into it succeeded", d.Unit.Type, m.LocString(d.Unit.Loc))
		case r.Unit.Power == d.Unit.Power:
			bad("%s %s dislodged by its own power's %s", d.Unit.Type, m.LocString(d.Unit.Loc), m.LocString(r.Unit.Loc))
		case r.Unit.Loc.P != d.From || r.Order.ViaConvoy != d.ByConvoy:
			bad("%s %s: attacker recorded from %d (convoy %v), came from %s (convoy %v)", d.Unit.Type, m.LocString(d.Unit.Loc),
				d.From, d.ByConvoy, m.LocString(r.Unit.Loc), r.Order.ViaConvoy)
		}
	}
	for _, p := range next.Standoffs {
		if next.UnitAt(p) >= 0 {
			bad("standoff recorded in occupied %s", m.Provinces[p].Name)
		}
	}
	return errs
}

// checkRetreats: every retreat that succeeded went to one of the unit's
// retreat options, and no two units retreated to the same province.
func checkRetreats(before *State, out *Outcome) []string {
	var errs []string
	m := before.Map
	into := map[ProvinceID]bool{}
	for _, r := range out.Results {
		if r.Order.Kind != Move || r.Code != OK {
			continue
		}
		i := before.DislodgedAt(r.Order.At.P)
		if i < 0 {
			errs = append(errs, fmt.Sprintf("retreat from %s, where no unit was dislodged", m.LocString(r.Order.At)))
			continue
		}
		if !containsProv(RetreatOptions(before, before.Dislodged[i], nil), r.Order.To.P) {
			errs = append(errs, fmt.Sprintf("%s retreated to %s, not one of its options", m.LocString(r.Order.At), m.LocString(r.Order.To)))
		}
		if into[r.Order.To.P] {
			errs = append(errs, fmt.Sprintf("two units retreated to %s", m.LocString(r.Order.To)))
		}
		into[r.Order.To.P] = true
	}
	return errs
}

func countOK(out *Outcome, kind OrderKind) int {
	n := 0
	for _, r := range out.Results {
		if r.OK && r.Order.Kind == kind {
			n++
		}
	}
	return n
}

// checkAdjusted: a power that had to disband ends with exactly as many
// units as centres (its own removals, then the civil disorder rule); a
// power that could build gains exactly its successful builds, at most
// min(builds due, free owned home centres), so it ends with no more units
// than centres; other powers keep their units.
func checkAdjusted(before *State, out *Outcome) []string {
	var errs []string
	due := Adjustments(before)
	centres := before.Centres()
	was, now := before.UnitCounts(), out.Next.UnitCounts()
	built := map[Power]int{}
	for _, r := range out.Results {
		if r.OK && r.Order.Kind == Build {
			built[r.Order.Power]++
		}
	}
	for _, pi := range before.Map.Powers {
		p := pi.ID
		switch d := due[p]; {
		case d < 0 && now[p] != centres[p]:
			errs = append(errs, fmt.Sprintf("%s had %d disbands due: %d units for %d centres", p, -d, now[p], centres[p]))
		case d > 0 && (now[p] != was[p]+built[p] || now[p] > centres[p] || built[p] > min(d, freeHomes(before, p))):
			errs = append(errs, fmt.Sprintf("%s had %d builds due and %d free home centres, built %d: %d units (was %d) for %d centres",
				p, d, freeHomes(before, p), built[p], now[p], was[p], centres[p]))
		case d == 0 && now[p] != was[p]:
			errs = append(errs, fmt.Sprintf("%s had no adjustment due but went from %d to %d units", p, was[p], now[p]))
		}
	}
	return errs
}

// freeHomes counts the home centres of p that p owns and no unit stands
// in: the most p can build.
func freeHomes(s *State, p Power) int {
	n := 0
	for _, c := range s.Map.HomeCentres(p) {
		if s.Owners[c] == p && s.UnitAt(c) < 0 {
			n++
		}
	}
	return n
}

// checkOwners: centres change hands only at the end of a Fall (after its
// retreats, if any), and then every occupied centre belongs to its
// occupier and every empty one keeps its owner.
func checkOwners(before *State, out *Outcome) []string {
	next := out.Next
	fallEnd := before.Phase.Season == Fall && len(next.Dislodged) == 0
	var errs []string
	for p := range before.Owners {
		want := before.Owners[p]
		if i := next.UnitAt(ProvinceID(p)); fallEnd && i >= 0 && before.Map.Provinces[p].SC {
			want = next.Units[i].Power
		}
		if next.Owners[p] != want {
			errs = append(errs, fmt.Sprintf("%s owned by %q after %s, want %q", before.Map.Provinces[p].Name, next.Owners[p], before.Phase.Key(), want))
		}
	}
	if out.Winner() != "" && next.Centres()[out.Winner()] < 18 {
		errs = append(errs, fmt.Sprintf("%s declared winner with %d centres", out.Winner(), next.Centres()[out.Winner()]))
	}
	if out.Winner() == "" && fallEnd {
		for p, n := range next.Centres() {
			if n >= 18 {
				errs = append(errs, fmt.Sprintf("%s has %d centres but no winner was declared", p, n))
			}
		}
	}
	return errs
}
