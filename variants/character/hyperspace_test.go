package character

import (
	"reflect"
	"slices"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
	"dipdesk/variants/standard"
)

// TestHyperspace: card #8, rules 6 and 16.g.
func TestHyperspace(t *testing.T) {
	runCardCases(t, []cardCase{
		{"a #8 unit moves into Hyperspace", s1902,
			[]string{"England: F nth #8"},
			"England: 1F nth - hyp",
			"england F hyp", "moved to Hyperspace"},
		{"rule 7: not in 1901", s1901,
			[]string{"England: F nth #8"},
			"England: 1F nth - hyp",
			"england F nth", "cannot"},
		{"only a #8 unit", s1902,
			[]string{"England: F nth #20"},
			"England: 1F nth - hyp",
			"england F nth", "cannot"},
		{"entering always succeeds, attacked or not", s1902,
			[]string{"England: F nth #8", "Germany: F hel #20", "Germany: F den #20"},
			"England: 1F nth - hyp\nGermany: F hel - nth\nGermany: F den S F hel - nth",
			"england F hyp, germany F den, germany F nth", "moved to Hyperspace"},
		{"any number of units there", s1902,
			[]string{"England: F nth #8", "France: A par #8", "Russia: F hyp #8"},
			"England: 1F nth - hyp\nFrance: 1A par - hyp",
			"england F hyp, france A hyp, russia F hyp", "moved to Hyperspace"},
		{"out to any space legal for its type", s1902,
			[]string{"England: F hyp #8"},
			"England: 1F hyp - ion",
			"england F ion", "moved to Ionian Sea"},
		{"out and fought for like any move", s1902,
			[]string{"England: F hyp #8", "Italy: F ion #20"},
			"England: 1F hyp - ion",
			"england F hyp, italy F ion", "bounced"},
		{"out with support, dislodging", s1902,
			[]string{"England: A hyp #8", "England: A bur #20", "Germany: A mun #20"},
			"England: 1A hyp - mun\nEngland: A bur S A hyp - mun",
			"england A bur, england A mun, *germany A mun", "dislodging"},
		{"an army does not come out at sea", s1902,
			[]string{"England: A hyp #8"},
			"England: 1A hyp - nth",
			"england A hyp", "an army cannot move into a sea"},
		{"a fleet names its coast", s1902,
			[]string{"England: F hyp #8"},
			"England: 1F hyp - spa",
			"england F hyp", "coast of Spain must be given"},
		{"not into Switzerland", s1902,
			[]string{"England: A hyp #8"},
			"England: 1A hyp - swi",
			"england A hyp", "impassable"},
		{"16.g: no support from Hyperspace", s1902,
			[]string{"England: A hyp #8", "England: A bur #20", "Germany: A mun #20"},
			"England: 1A hyp S A bur - mun\nEngland: A bur - mun",
			"england A bur, england A hyp, germany A mun", "may not support"},
		{"16.g: not even a support to hold", s1902,
			[]string{"England: A hyp #8", "England: A bur #20", "Germany: A mun #20", "Germany: A ruh #20"},
			"England: 1A hyp S A bur\nGermany: A mun - bur\nGermany: A ruh S A mun - bur",
			"england A hyp, germany A bur, germany A ruh, *england A bur", "may not support"},
		{"no one is dislodged there", s1902,
			[]string{"England: F hyp #8", "Russia: F hyp #8"},
			"England: 1F hyp H",
			"england F hyp, russia F hyp", "held"},
	})
}

// TestHyperspaceRetreat: "If dislodged, these units may also Retreat into
// Hyperspace"; a unit in Hyperspace leaves it by moving, not retreating.
func TestHyperspaceRetreat(t *testing.T) {
	s := cardPosition(t, s1902, "Germany: A mun #8", "France: A bur #20", "France: A ruh #20", "Italy: A tyr #20")
	orders, _ := Variant.Parser(s.Map).ParseOrders("", "France: A bur - mun\nFrance: A ruh S A bur - mun")
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if len(out.Next.Dislodged) != 1 {
		t.Fatalf("dislodged %v", out.Next.Dislodged)
	}
	var got []string
	for _, l := range engine.RetreatOptions(out.Next, out.Next.Dislodged[0], Variant.Rules) {
		got = append(got, out.Next.Map.LocString(l))
	}
	if !slices.Contains(got, "hyp") {
		t.Errorf("retreats %v, want Hyperspace among them", got)
	}
	r, _ := Variant.Parser(s.Map).ParseOrders("", "Germany: A mun - hyp")
	after := engine.Adjudicate(out.Next, r, Variant.Rules, engine.NewRand(1))
	if positionOf(after.Next) != "france A mun, france A ruh, germany A hyp, italy A tyr" {
		t.Errorf("after the retreat: %s (%v)", positionOf(after.Next), after.Results)
	}
	// An ordinary unit may not.
	s = cardPosition(t, s1902, "Germany: A mun #20", "France: A bur #20", "France: A ruh #20")
	out = engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	for _, l := range engine.RetreatOptions(out.Next, out.Next.Dislodged[0], Variant.Rules) {
		if out.Next.Map.LocString(l) == "hyp" {
			t.Error("an ordinary unit retreats into Hyperspace")
		}
	}
}

// TestBoard: the variant's board adds Hyperspace and the Caspian Sea
// (rules 6, 11), and card #7's five islands (TestIslandsBoard), and
// leaves the standard map as it was.
func TestBoard(t *testing.T) {
	m, err := board()
	if err != nil {
		t.Fatal(err)
	}
	m2, _ := board()
	if m != m2 {
		t.Error("the board is built more than once")
	}
	std, _ := standard.Map()
	if _, ok := std.Lookup("hyp"); ok {
		t.Error("the standard map has Hyperspace")
	}
	if _, ok := std.Lookup("cas"); ok {
		t.Error("the standard map has the Caspian")
	}
	if m.NumProvinces() != std.NumProvinces()+2+len(islandAbbrs) {
		t.Errorf("%d provinces, want the standard %d, two and the islands", m.NumProvinces(), std.NumProvinces())
	}
	hyp, _ := m.Lookup("hyp")
	if p := m.Province(hyp); !p.Unlimited || p.SC || p.Impassable || p.Kind != engine.Abstract {
		t.Errorf("Hyperspace: %+v", p)
	}
	cas, _ := m.Lookup("Caspian Sea")
	p := m.Province(cas)
	if !p.Impassable || p.Kind != engine.Sea || p.SC {
		t.Errorf("Caspian: %+v", p)
	}
	var touch []string
	for i := range m.NumProvinces() {
		q := engine.ProvinceID(i)
		if m.ArmyLinked(cas, q) || kit.FleetLinkedAnyCoast(m, q, engine.Loc{P: cas}) {
			touch = append(touch, m.Province(q).Abbr)
		}
	}
	slices.Sort(touch)
	if !reflect.DeepEqual(touch, []string{"arm", "mos", "sev"}) {
		t.Errorf("the Caspian touches %v, want Armenia, Moscow, Sevastopol only (rule 11)", touch)
	}
	arm, _ := m.Lookup("arm")
	if m.FleetLinked(engine.Loc{P: arm}, engine.Loc{P: cas}) || !m.FleetLinked(engine.Loc{P: arm, C: engine.EastCoast}, engine.Loc{P: cas}) {
		t.Error("only Armenia's east coast reaches the Caspian by sea")
	}
	if len(m.FleetNeighbours(engine.Loc{P: arm, C: engine.EastCoast})) != 0 {
		t.Error("the east coast links to a passable space")
	}
	if m.MultiCoast(arm) {
		t.Error("Armenia became a province with several coasts: Black Sea fleets would have to name one")
	}
	// The standard provinces and links are the standard map's.
	for i := range std.NumProvinces() {
		a := engine.ProvinceID(i)
		if !reflect.DeepEqual(*std.Province(a), *m.Province(a)) {
			t.Errorf("province %s changed", std.Province(a).Abbr)
		}
		for j := range std.NumProvinces() {
			b := engine.ProvinceID(j)
			if std.ArmyLinked(a, b) != m.ArmyLinked(a, b) || std.FleetLinked(engine.Loc{P: a}, engine.Loc{P: b}) != m.FleetLinked(engine.Loc{P: a}, engine.Loc{P: b}) {
				t.Errorf("link %s-%s changed", std.Province(a).Abbr, std.Province(b).Abbr)
			}
		}
	}
}

// TestCaspianAndSwitzerland: rule 11 and #7, #3: who enters the
// impassable spaces.
func TestCaspianAndSwitzerland(t *testing.T) {
	runCardCases(t, []cardCase{
		{"an explorer army walks on water", s1902,
			[]string{"Russia: A mos #7"},
			"Russia: 1A mos - cas",
			"russia A cas", "moved to Caspian Sea"},
		{"and out to Armenia", s1902,
			[]string{"Russia: A cas #7"},
			"Russia: 1A cas - arm",
			"russia A arm", "moved to Armenia"},
		{"rule 7: not in 1901", s1901,
			[]string{"Russia: A mos #7"},
			"Russia: 1A mos - cas",
			"russia A mos", "impassable"},
		{"an ordinary army stays out", s1902,
			[]string{"Russia: A mos #20"},
			"Russia: 1A mos - cas",
			"russia A mos", "impassable"},
		{"an explorer fleet sails in from the Black Sea coast", s1902,
			[]string{"Russia: F sev #7"},
			"Russia: 1F sev - cas",
			"russia F cas", "moved to Caspian Sea"},
		{"an explorer fleet leaves for Armenia", s1902,
			[]string{"Russia: F cas #7"},
			"Russia: 1F cas - arm",
			"russia F arm", "moved to Armenia"},
		{"an explorer fleet does not enter Switzerland", s1902,
			[]string{"France: F mar #7"},
			"France: 1F mar - swi",
			"france F mar", "impassable"},
		{"an explorer in Switzerland is fought for", s1902,
			[]string{"France: A mar #7", "Germany: A swi #7"},
			"France: 1A mar - swi",
			"france A mar, germany A swi", "bounced"},
		{"an explorer leaves Switzerland", s1902,
			[]string{"Germany: A swi #7"},
			"Germany: 1A swi - pie",
			"germany A pie", "moved to Piedmont"},
		{"an amphibious army crosses the Caspian", s1902,
			[]string{"Turkey: A arm #3"},
			"Turkey: 1A arm - cas",
			"turkey A cas", "moved to Caspian Sea"},
		{"an amphibious fleet reaches it from inland Moscow", s1902,
			[]string{"Russia: F mos #3"},
			"Russia: 1F mos - cas",
			"russia F cas", "moved to Caspian Sea"},
		{"an amphibious unit does not enter Switzerland", s1902,
			[]string{"France: A mar #3"},
			"France: 1A mar - swi",
			"france A mar", "impassable"},
		{"a #17 army crosses Armenia-Moscow", s1902,
			[]string{"Turkey: A arm #17"},
			"Turkey: 1A arm - mos",
			"turkey A mos", "moved to Moscow"},
		{"rule 7: no amphibious army at sea in 1901", s1901,
			[]string{"England: A lon #3"},
			"England: 1A lon - nth",
			"england A lon", "an army cannot move into a sea"},
		{"an amphibious army at sea moves on by fleet links", s1902,
			[]string{"England: A nth #3"},
			"England: 1A nth - nwg",
			"england A nwg", "moved to Norwegian Sea"},
		{"an amphibious army at sea convoys", s1902,
			[]string{"England: A nth #3", "England: A lon #20"},
			"England: 1A nth C A lon - bel\nEngland: A lon - bel",
			"england A bel, england A nth", "convoyed"},
		{"rule 7: no amphibious convoy in 1901", s1901,
			[]string{"England: A nth #3", "England: A lon #20"},
			"England: 1A nth C A lon - bel\nEngland: A lon - bel",
			"england A lon, england A nth", "only fleets convoy"},
		{"an ordinary army at sea does not convoy", s1902,
			[]string{"England: A nth #20", "England: A lon #20"},
			"England: 1A nth C A lon - bel\nEngland: A lon - bel",
			"england A lon, england A nth", "only fleets convoy"},
		{"an amphibious fleet inland moves on by army links", s1902,
			[]string{"Germany: F mun #3"},
			"Germany: 1F mun - boh",
			"germany F boh", "moved to Bohemia"},
	})
}

// TestExplorerRetreats: "These units may also Retreat to these spaces".
func TestExplorerRetreats(t *testing.T) {
	s := cardPosition(t, s1902, "Russia: A mos #7", "Turkey: A sev #20", "Turkey: A ukr #20")
	orders, _ := Variant.Parser(s.Map).ParseOrders("", "Turkey: A sev - mos\nTurkey: A ukr S A sev - mos")
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	var got []string
	for _, l := range engine.RetreatOptions(out.Next, out.Next.Dislodged[0], Variant.Rules) {
		got = append(got, out.Next.Map.LocString(l))
	}
	if !slices.Contains(got, "cas") {
		t.Errorf("retreats %v, want the Caspian among them", got)
	}
}

// TestAmphibiousReveal: rule 3 and #3: the first amphibious move reveals
// the card; an ordinary move does not.
func TestAmphibiousReveal(t *testing.T) {
	for _, tt := range []struct {
		order  string
		reveal bool
	}{
		{"England: A lon - nth", true},
		{"England: A lon - wal", false},
		{"England: A lon - bel", false}, // refused: no convoy, no reveal
	} {
		s := cardPosition(t, s1902, "England: A lon #3")
		orders, _ := Variant.Parser(s.Map).ParseOrders("", tt.order)
		out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
		e := out.Next.Extra.(*extra)
		h := e.Cards[kit.UnitID{Power: "england", Type: engine.Army, Number: 1}]
		if (h.Revealed != nil) != tt.reveal {
			t.Errorf("%s: revealed %v, want %v", tt.order, h.Revealed != nil, tt.reveal)
		}
		want := "1A"
		if tt.reveal {
			want = "1 Amp"
		}
		if got := e.ReportedLabel(out.Next.Units[0]); got != want {
			t.Errorf("%s: reported as %q, want %q", tt.order, got, want)
		}
	}
}

// TestMoversStateJSON: moversState round-trips through the position's
// JSON, is cloned deeply and kept in every seat's view.
func TestMoversStateJSON(t *testing.T) {
	s := cardPosition(t, s1902, "France: A bre #6")
	orders, _ := Variant.Parser(s.Map).ParseOrders("", "France: 1A bre convert")
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	e := out.Next.Extra.(*extra)
	if e.Effects.Movers.empty() {
		t.Fatal("no conversion recorded")
	}
	b, err := e.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := decodeExtra(b)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.(*extra).Effects.Movers; !reflect.DeepEqual(got, e.Effects.Movers) {
		t.Errorf("round trip %+v, want %+v", got, e.Effects.Movers)
	}
	c := e.Effects.Movers.clone()
	c.Conversions[0].Prov = "changed"
	if e.Effects.Movers.Conversions[0].Prov == "changed" {
		t.Error("clone shares the conversions")
	}
	for _, seat := range []engine.Seat{{GM: true}, {Power: "germany"}, {}} {
		x := e.Effects.Movers.clone()
		x.conceal(seat)
		if len(x.Conversions) != 1 {
			t.Errorf("seat %v loses the public conversion", seat)
		}
	}
	if !(moversState{}).empty() {
		t.Error("an empty state is not empty")
	}
}

// TestMoversRevealed: rule 3: a move only the card allows reveals it.
func TestMoversRevealed(t *testing.T) {
	for _, tt := range []struct {
		unit, order string
		phase       engine.Phase
		reveal      bool
	}{
		{"England: F nth #8", "England: 1F nth - hyp", s1902, true},
		{"England: F nth #8", "England: 1F nth - hyp", s1901, false},
		{"England: F nth #8", "England: 1F nth - nwg", s1902, false},
		{"France: A par #4", "France: 1A par via bur - mun", s1902, true},
		{"France: A par #4", "France: 1A par via bur - ber", s1902, false},
		{"France: A mar #7", "France: 1A mar - swi", s1902, true},
		{"England: F nao #7", "England: 1F nao - ire", s1902, true},
		{"England: F ire #7", "England: 1F ire - iri", s1902, true},
		{"England: A lvp #7", "England: 1A lvp - ire", s1902, true},
		{"Italy: A sic #7", "Italy: 1A sic - nap", s1902, true},
		{"England: F nao #7", "England: 1F nao - ire", s1901, false},
		{"England: F nao #7", "England: 1F nao - iri", s1902, false},
		// Spain-North Africa is #16's link too: it names no one card.
		{"France: A spa #7", "France: 1A spa - naf", s1902, false},
	} {
		s := cardPosition(t, tt.phase, tt.unit)
		orders, _ := Variant.Parser(s.Map).ParseOrders("", tt.order)
		out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
		h := out.Next.Extra.(*extra).Cards[idOf(s.Units[0])]
		if (h.Revealed != nil) != tt.reveal {
			t.Errorf("%s in %v: revealed %v, want %v", tt.order, tt.phase, h.Revealed != nil, tt.reveal)
		}
	}
	// A jump.
	s := cardPosition(t, s1902, "Germany: A mun #5", "Austria: A tyr #20")
	orders, _ := Variant.Parser(s.Map).ParseOrders("", "Germany: 1A mun jump tyr - ven")
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if out.Next.Extra.(*extra).Cards[idOf(s.Units[0])].Revealed == nil {
		t.Error("a jump does not reveal the card")
	}
}

// TestHyperspaceOrdersByPower: units of several powers with the same
// number and type in Hyperspace each take their own power's order.
func TestHyperspaceOrdersByPower(t *testing.T) {
	runCardCases(t, []cardCase{
		{"the second power's unit is found", s1902,
			[]string{"England: F hyp #8", "Russia: F hyp #8"},
			"Russia: 1F hyp - bla\nEngland: 1F hyp - nth",
			"england F nth, russia F bla", "moved to North Sea"},
	})
}
