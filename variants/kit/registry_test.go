package kit

import (
	"os"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/standard"
)

func stdState(t *testing.T, phase engine.Phase, units ...engine.Unit) *engine.State {
	t.Helper()
	m, err := standard.Map()
	if err != nil {
		t.Fatal(err)
	}
	s := engine.NewState(m, phase)
	s.Units = units
	return s
}

func loc(t *testing.T, s *engine.State, abbr string) engine.Loc {
	t.Helper()
	p, ok := s.Map.Lookup(abbr)
	if !ok {
		t.Fatalf("no %s", abbr)
	}
	return engine.Loc{P: p}
}

// TestRegistryComposition: how the parts compose, once, into the engine's
// hooks: any part may say yes (Reach), all must (Cuts, Occupies), the
// first that decides wins (CanConvoy, Phase), each changes what the ones
// before gave (Strength), Rewrite and After run by priority, ties in the
// order given; a hook no part gives stays nil (the standard rule).
func TestRegistryComposition(t *testing.T) {
	r := NewRegistry[int]()
	var ran []string
	r.Rewrite(20, func(s *engine.State, o []engine.Order, _ *engine.Rand) ([]engine.Order, []string) {
		ran = append(ran, "b")
		return o, []string{"b"}
	})
	r.Rewrite(10, func(s *engine.State, o []engine.Order, _ *engine.Rand) ([]engine.Order, []string) {
		ran = append(ran, "a")
		return o, nil
	})
	r.Rewrite(20, func(s *engine.State, o []engine.Order, _ *engine.Rand) ([]engine.Order, []string) {
		ran = append(ran, "c")
		return o, nil
	})
	r.Reach(func(*engine.State, engine.Unit, engine.Loc) bool { return false }, func(_ *engine.State, u engine.Unit, _ engine.Loc) bool { return u.Power == "france" })
	r.Cuts(func(_ *engine.State, a, _ engine.Unit) bool { return a.Power != "italy" })
	r.Cuts(func(_ *engine.State, a, _ engine.Unit) bool { return a.Power != "turkey" })
	r.Strength(func(_ *engine.State, _ engine.Unit, _ engine.Role, n int) int { return n + 1 })
	r.Strength(func(_ *engine.State, _ engine.Unit, _ engine.Role, n int) int { return n * 3 })
	r.CanConvoy(func(*engine.State, engine.Unit) (bool, bool) { return false, false })
	r.CanConvoy(func(_ *engine.State, u engine.Unit) (bool, bool) { return u.Type == engine.Army, u.Power == "england" })
	x := r.Rules()
	if r.Rules() != x {
		t.Fatal("the rules are composed twice")
	}
	if x.Enter != nil || x.Occupies != nil || x.After != nil || x.Phase != nil || x.Conceal != nil {
		t.Error("a hook without parts is set")
	}
	s := stdState(t, s1902)
	_, log := x.Rewrite(s, nil, nil)
	if strings.Join(ran, "") != "abc" || len(log) != 1 {
		t.Errorf("rewrite order %v, log %v", ran, log)
	}
	fr := engine.Unit{Power: "france", Type: engine.Army, Loc: loc(t, s, "par")}
	it := engine.Unit{Power: "italy", Type: engine.Army, Loc: loc(t, s, "ven")}
	en := engine.Unit{Power: "england", Type: engine.Army, Loc: loc(t, s, "lon")}
	if !x.Reach(s, fr, loc(t, s, "mun")) || x.Reach(s, it, loc(t, s, "mun")) {
		t.Error("Reach: any part")
	}
	if x.Cuts(s, it, fr) || !x.Cuts(s, en, fr) {
		t.Error("Cuts: every part")
	}
	if n := x.Strength(s, fr, engine.RoleMove); n != 6 {
		t.Errorf("Strength (1+1)*3 = %d", n)
	}
	if !x.CanConvoy(s, en) || x.CanConvoy(s, fr) {
		t.Error("CanConvoy: the first part that decides, else the standard rule")
	}
}

// TestRegistrySpecials: a special order's part says what it is
// adjudicated as; while Inactive says why, no card's order is possible,
// a rule's is; the window learns which card gives which order.
func TestRegistrySpecials(t *testing.T) {
	r := NewRegistry[int]()
	inactive := true
	r.Inactive = func(*engine.State) string {
		if inactive {
			return "no card yet"
		}
		return ""
	}
	hold := func(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
		return HoldOrder(s.Map, u), ""
	}
	r.AddSpecial(Special{Syntax: engine.SpecialSyntax{Verb: "gas", Name: "gas"}, As: hold})
	r.AddSpecial(Special{Syntax: engine.SpecialSyntax{Verb: "otb", Name: "otb"}, As: hold, Rule: true})
	r.GiveCard("gas", "10", true, false)
	s := stdState(t, s1902)
	u := engine.Unit{Power: "france", Type: engine.Army, Loc: loc(t, s, "par"), Number: 1}
	x := r.Rules()
	if _, why := x.Special(s, u, engine.Order{Kind: engine.Special, Special: "gas"}); why != "no card yet" {
		t.Errorf("a card's order while inactive: %q", why)
	}
	if _, why := x.Special(s, u, engine.Order{Kind: engine.Special, Special: "otb"}); why != "" {
		t.Errorf("a rule's order while inactive: %q", why)
	}
	inactive = false
	if o, why := x.Special(s, u, engine.Order{Kind: engine.Special, Special: "gas"}); why != "" || o.Kind != engine.Hold {
		t.Errorf("gas: %v %q", o, why)
	}
	if _, why := x.Special(s, u, engine.Order{Kind: engine.Special, Special: "fly"}); !strings.Contains(why, "not an order of this game") {
		t.Errorf("an unknown order: %q", why)
	}
	got := r.CardOrders("10", []engine.SpecialSyntax{{Verb: "gas", Name: "gas"}})
	if len(got) != 1 || !got[0].TakesProvince || len(r.CardOrders("10", nil)) != 0 || len(r.SpecialsOf("9")) != 0 {
		t.Errorf("CardOrders %+v", got)
	}
	if syn := r.Syntax(); len(syn) != 2 || syn[1].Verb != "otb" {
		t.Errorf("Syntax %v", syn)
	}
}

// TestRegistryConcealAndPrepare: GMSeesAll keeps the conceal parts from
// the game master; PrepareExcept leaves one named part out; the marks and
// notes of the parts are gathered.
func TestRegistryConcealAndPrepare(t *testing.T) {
	r := NewRegistry[int]()
	r.GMSeesAll = true
	calls := 0
	r.ConcealOutcome(func(*engine.State, engine.Seat, *engine.Outcome) { calls++ })
	r.ConcealOutcomeFirst(func(*engine.State, engine.Seat, *engine.Outcome) { calls += 10 })
	r.PrepareNamed("cutter", func(_ *engine.State, _ []engine.Order, t *engine.Turn) {
		t.Cut = map[engine.ProvinceID]string{1: "cut"}
	})
	r.Prepare(func(_ *engine.State, _ []engine.Order, t *engine.Turn) {
		t.Blocked = map[engine.ProvinceID]string{2: "closed"}
	})
	x := r.Rules()
	s := stdState(t, s1902)
	x.ConcealOutcome(s, engine.Seat{GM: true}, &engine.Outcome{})
	x.ConcealOutcome(s, engine.Seat{Power: "france"}, &engine.Outcome{})
	if calls != 11 {
		t.Errorf("conceal parts ran %d, want 11 (once, for France)", calls)
	}
	if turn := x.Prepare(s, nil); len(turn.Cut) != 1 || len(turn.Blocked) != 1 {
		t.Errorf("Prepare %+v", turn)
	}
	if turn := r.PrepareExcept("cutter")(s, nil); len(turn.Cut) != 0 || len(turn.Blocked) != 1 {
		t.Errorf("PrepareExcept %+v", turn)
	}
}

// TestOrderUnitAndResults: the unit an order names is the engine's answer
// (engine.UnitOf), refused for another power's unit; a unit's own result
// is the one it was adjudicated with.
func TestOrderUnitAndResults(t *testing.T) {
	s := stdState(t, s1902,
		engine.Unit{Power: "france", Type: engine.Army, Number: 1, Loc: engineLoc(t, "par")},
		engine.Unit{Power: "germany", Type: engine.Army, Number: 1, Loc: engineLoc(t, "mun")})
	o := engine.Order{Power: "france", Kind: engine.Move, At: loc(t, s, "par"), To: loc(t, s, "bur")}
	if i := OrderUnit(s, &o, nil); i != 0 {
		t.Errorf("OrderUnit = %d", i)
	}
	o.Power = "germany"
	if i := OrderUnit(s, &o, nil); i != -1 {
		t.Errorf("an order for another power's unit names %d", i)
	}
	orders := []engine.Order{
		{Power: "france", Kind: engine.Move, At: loc(t, s, "par"), To: loc(t, s, "bur")},
		{Power: "germany", Kind: engine.Hold, At: loc(t, s, "mun")},
	}
	by := UnitOrders(s, orders, nil)
	if len(by) != 2 || by[IDOf(s.Units[0])].Kind != engine.Move {
		t.Errorf("UnitOrders %v", by)
	}
	rep := ReplaceOrders(s, orders, IDOf(s.Units[0]), HoldOrder(s.Map, s.Units[0]), nil)
	if len(rep) != 2 || rep[1].Kind != engine.Hold || rep[0].Power != "germany" {
		t.Errorf("ReplaceOrders %v", rep)
	}
	orders = append(orders, engine.Order{Power: "france", Kind: engine.Support, At: loc(t, s, "par"), AuxAt: loc(t, s, "par")})
	out := engine.AdjudicateMovement(s, orders, nil)
	if k := ResultOf(out, IDOf(s.Units[0])); k < 0 || out.Results[k].Code == engine.Illegal {
		t.Errorf("ResultOf took the illegal order's result: %+v", out.Results)
	}
	if ro := ResultOrders(out); ro[IDOf(s.Units[0])].Kind != engine.Move {
		t.Errorf("ResultOrders %v", ro)
	}
}

func engineLoc(t *testing.T, abbr string) engine.Loc {
	m, _ := standard.Map()
	p, ok := m.Lookup(abbr)
	if !ok {
		t.Fatalf("no %s", abbr)
	}
	return engine.Loc{P: p}
}

// TestCharacterBoard: the one board of both character variants, built
// once: Hyperspace, the Caspian and the Explorer's five islands, each
// island an impassable coastal province linked to its seas for fleets and
// to nothing for armies, Sardinia also called "Corsica and Sardinia".
func TestCharacterBoard(t *testing.T) {
	m, err := CharacterBoard()
	if err != nil {
		t.Fatal(err)
	}
	if m2, _ := CharacterBoard(); m2 != m {
		t.Error("built twice")
	}
	std, _ := standard.Map()
	if m.NumProvinces() != std.NumProvinces()+2+len(IslandAbbrs) {
		t.Errorf("%d provinces", m.NumProvinces())
	}
	for _, a := range IslandAbbrs {
		p := Lookup(m, a)
		if p == engine.NoProvince || !IsIsland(m, p) || !m.Province(p).Impassable {
			t.Errorf("island %s", a)
		}
	}
	if p, ok := m.Lookup("Corsica and Sardinia"); !ok || m.Province(p).Abbr != "sar" {
		t.Error("no Corsica and Sardinia")
	}
	if !IsCaspianCoast(m, Lookup(m, "arm")) || IsCaspianCoast(m, Lookup(m, "mos")) || !IsHyperspace(m, Lookup(m, "hyp")) {
		t.Error("the Caspian coasts or Hyperspace")
	}
	if _, err := os.Stat("../../resources/maps/character2"); err == nil {
		t.Error("a second copy of the island facts")
	}
}
