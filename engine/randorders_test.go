package engine

import (
	"reflect"
	"strings"
	"testing"
)

// positionFromOrders builds a position in phase p whose units are the
// ones the orders name (standard home-centre ownership), and returns it
// with the parsed orders.
func positionFromOrders(tb testing.TB, p Phase, text string) (*State, []Order) {
	tb.Helper()
	m := standardMap(tb)
	orders, errs := ParseOrders(m, "", text)
	if len(errs) > 0 {
		tb.Fatal(errs)
	}
	s := NewState(m, p)
	s.Units = nil
	for _, o := range orders {
		s.Units = append(s.Units, Unit{Type: o.Unit, Power: o.Power, Loc: o.At})
	}
	return s, orders
}

// TestRandomOrdersLegal plays random games and checks, phase by phase,
// that every unit gets exactly one order and that the adjudicator finds
// none of them illegal, and that every kind of order turns up.
func TestRandomOrdersLegal(t *testing.T) {
	m := standardMap(t)
	kinds := map[string]int{}
	for seed := uint64(100); seed < 110; seed++ {
		playRandomGame(m, seed, 15, func(before, _ *State, orders []Order, out *Outcome) bool {
			for _, e := range checkOrderCover(before, orders) {
				t.Errorf("seed %d %s: %s", seed, before.Phase.Key(), e)
			}
			for _, r := range out.Results {
				switch r.Code {
				case Illegal, NoUnit, NotOwner, Refused:
					t.Errorf("seed %d %s: %s: %q: %s", seed, before.Phase.Key(), r.Order.Power, r.Order.Format(m), r.Reason)
				}
			}
			for _, o := range orders {
				k := before.Phase.Type.String() + " " + o.Kind.String()
				if o.Kind == Support && !o.AuxTo.Valid() {
					k += " hold"
				}
				kinds[k]++
			}
			return !t.Failed()
		})
	}
	for _, k := range []string{"Movement hold", "Movement move", "Movement support", "Movement support hold",
		"Movement convoy", "Retreat move", "Retreat disband", "Adjustment build", "Adjustment waive", "Adjustment disband"} {
		if kinds[k] == 0 {
			t.Errorf("no %s order in 10 random games", k)
		}
	}
	if t.Failed() {
		t.Logf("orders drawn: %v", kinds)
	}
}

// checkOrderCover checks that a movement phase orders each unit once and
// a retreat phase each dislodged unit once, all for their own power.
func checkOrderCover(s *State, orders []Order) []string {
	var errs []string
	count := map[ProvinceID]int{}
	for _, o := range orders {
		count[o.At.P]++
	}
	check := func(u Unit) {
		if count[u.Loc.P] != 1 {
			errs = append(errs, u.Type.String()+" "+s.Map.LocString(u.Loc)+" has no single order")
		}
	}
	switch s.Phase.Type {
	case Movement:
		for _, u := range s.Units {
			check(u)
		}
		if len(orders) != len(s.Units) {
			errs = append(errs, "not one order per unit")
		}
	case Retreat:
		for _, d := range s.Dislodged {
			check(d.Unit)
		}
		if len(orders) != len(s.Dislodged) {
			errs = append(errs, "not one order per dislodged unit")
		}
	}
	return errs
}

// TestRandomOrdersDeterministic: the same position and seed give the same
// orders; another seed gives other orders.
func TestRandomOrdersDeterministic(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	a := RandomOrders(s, NewRand(7))
	b := RandomOrders(s, NewRand(7))
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("seed 7 gave\n%v\nthen\n%v", formatOrders(m, a), formatOrders(m, b))
	}
	if c := RandomOrders(s, NewRand(8)); reflect.DeepEqual(a, c) {
		t.Errorf("seeds 7 and 8 gave the same orders: %v", formatOrders(m, a))
	}
	// A whole game replays as well.
	s1, r1, n1 := playRandomGame(m, 42, 10, nil)
	s2, r2, n2 := playRandomGame(m, 42, 10, nil)
	if n1 != n2 || !sameState(s1, s2) || !reflect.DeepEqual(r1.Draws(), r2.Draws()) {
		t.Errorf("seed 42 played two different games")
	}
}

func formatOrders(m *Map, orders []Order) string {
	var b strings.Builder
	for _, o := range orders {
		b.WriteString(string(o.Power) + ": " + o.Format(m) + "\n")
	}
	return b.String()
}

// TestRandomOrdersConvoy: an English fleet in the North Sea next to an
// English army in Yorkshire convoys it now and then; the army's order
// and the fleet's match, and the convoy is never void.
func TestRandomOrdersConvoy(t *testing.T) {
	s, _ := positionFromOrders(t, Phase{Year: 1901, Season: Spring, Type: Movement}, "England: F nth H; A yor H; A lon H")
	convoys := 0
	for seed := uint64(0); seed < 200; seed++ {
		orders := RandomOrders(s, NewRand(seed))
		out := AdjudicateMovement(s, orders, nil)
		for _, r := range out.Results {
			if r.Order.Kind != Convoy {
				continue
			}
			convoys++
			if r.Code != OK {
				t.Errorf("seed %d: %q: %s %s\n%s", seed, r.Order.Format(s.Map), r.Code, r.Reason, formatOrders(s.Map, orders))
			}
		}
	}
	if convoys < 3 {
		t.Errorf("%d convoys in 200 draws, want some", convoys)
	}
}

// TestRandomOrdersBuilds: builds go on free owned home centres, a fleet
// in St Petersburg names its coast, and each power orders exactly as many
// builds and waives as it has builds due.
func TestRandomOrdersBuilds(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Winter, Type: Adjustment})
	s.Units = nil // every power has all its home centres free
	due := Adjustments(s)
	coasts := map[Coast]int{}
	for seed := uint64(0); seed < 100; seed++ {
		orders := RandomOrders(s, NewRand(seed))
		per := map[Power]int{}
		for _, o := range orders {
			per[o.Power]++
			if o.Kind == Build && o.Unit == Fleet && m.MultiCoast(o.At.P) {
				coasts[o.At.C]++
			}
		}
		for p, n := range due {
			if per[p] != n {
				t.Errorf("seed %d: %s orders %d adjustments, %d due", seed, p, per[p], n)
			}
		}
		for _, r := range AdjudicateAdjustments(s, orders, nil).Results {
			if r.Code != OK {
				t.Errorf("seed %d: %s %q: %s %s", seed, r.Order.Power, r.Order.Format(m), r.Code, r.Reason)
			}
		}
	}
	if coasts[NorthCoast] == 0 || coasts[SouthCoast] == 0 || coasts[NoCoast] != 0 {
		t.Errorf("fleets built in St Petersburg by coast: %v", coasts)
	}
}

// TestRandomOrdersRemovals: a power with disbands due removes its own
// units, usually as many as due and sometimes fewer.
func TestRandomOrdersRemovals(t *testing.T) {
	s, _ := positionFromOrders(t, Phase{Year: 1901, Season: Winter, Type: Adjustment},
		"France: A par H; A bur H; A pic H; F bre H; F mao H; F eng H; A gas H")
	fewer := 0
	for seed := uint64(0); seed < 100; seed++ {
		orders := RandomOrders(s, NewRand(seed)) // the others build
		removals := 0
		for _, o := range orders {
			if o.Power == "france" {
				removals++
				if o.Kind != Disband {
					t.Fatalf("seed %d: %q for France with removals due", seed, o.Format(s.Map))
				}
			}
		}
		if removals > 4 { // 3 centres, 7 units
			t.Fatalf("seed %d: %d removals for 4 due", seed, removals)
		}
		if removals < 4 {
			fewer++
		}
		out := AdjudicateAdjustments(s, orders, nil)
		if n := out.Next.UnitCounts()["france"]; n != 3 {
			t.Errorf("seed %d: %d French units left for 3 centres", seed, n)
		}
		for _, r := range out.Results {
			if r.Code != OK && r.Code != Defaulted {
				t.Errorf("seed %d: %q: %s %s", seed, r.Order.Format(s.Map), r.Code, r.Reason)
			}
		}
	}
	if fewer == 0 || fewer > 50 {
		t.Errorf("fewer removals than due in %d of 100 draws", fewer)
	}
}

// TestRandomOrdersRetreats: a dislodged unit retreats only to one of its
// options or disbands.
func TestRandomOrdersRetreats(t *testing.T) {
	s, orders := positionFromOrders(t, Phase{Year: 1901, Season: Spring, Type: Movement},
		"Germany: A mun - bur; A ruh S A mun - bur\nFrance: A bur H; A par H; A mar H")
	out := AdjudicateMovement(s, orders, nil)
	r := out.Next
	r.Phase = Phase{Year: 1901, Season: Spring, Type: Retreat}
	if len(r.Dislodged) != 1 {
		t.Fatalf("want A bur dislodged, got %v", r.Dislodged)
	}
	opts := RetreatOptions(r, r.Dislodged[0], nil)
	seen := map[string]int{}
	for seed := uint64(0); seed < 100; seed++ {
		ro := RandomOrders(r, NewRand(seed))
		if len(ro) != 1 {
			t.Fatalf("seed %d: %d retreat orders", seed, len(ro))
		}
		o := ro[0]
		if o.Kind == Move && !containsProv(opts, o.To.P) {
			t.Errorf("seed %d: retreat to %s, options %v", seed, r.Map.LocString(o.To), opts)
		}
		seen[o.Format(r.Map)]++
	}
	if len(seen) != len(opts)+1 {
		t.Errorf("orders drawn %v, want each of %d options and disband", seen, len(opts))
	}
}
