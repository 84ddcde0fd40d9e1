package character2

import (
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
)

// moverPosition is a Spring 1901 position on Galt's board with the given
// units, each with the card of its kind (0: none).
func moverPosition(t *testing.T, units []engine.Unit, cards []kind) *engine.State {
	t.Helper()
	m, err := board()
	if err != nil {
		t.Fatal(err)
	}
	s := engine.NewState(m, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement})
	s.Units = numberUnits(units)
	e := newExtra(newDeck(engine.NewRand(1)))
	for i, u := range s.Units {
		if cards[i] == 0 {
			continue
		}
		for _, c := range allCards() {
			if c.Kind == cards[i] {
				e.Give(idOf(u), c, s.Phase)
				break
			}
		}
	}
	s.Extra = e
	return s
}

func loc(t *testing.T, m *engine.Map, abbr string) engine.Loc {
	t.Helper()
	p, ok := m.Lookup(abbr)
	if !ok {
		t.Fatalf("no province %q", abbr)
	}
	return engine.Loc{P: p}
}

// TestBoardIslands: the Explorer's islands are on Galt's board,
// impassable, with their sea neighbours, and the standard board and
// Davis's are unchanged.
func TestBoardIslands(t *testing.T) {
	m, err := board()
	if err != nil {
		t.Fatal(err)
	}
	seas := map[string][]string{"ice": {"nao", "nwg"}, "ire": {"iri", "nao"}, "cre": {"aeg", "eas", "ion"},
		"sic": {"ion", "tys"}, "sar": {"lyo", "tys", "wes"}}
	for _, a := range islandAbbrs {
		p := loc(t, m, a).P
		if !m.Province(p).Impassable || m.Province(p).Kind != engine.Coastal {
			t.Errorf("%s: %+v", a, m.Province(p))
		}
		for _, sea := range seas[a] {
			if !m.FleetLinked(loc(t, m, sea), engine.Loc{P: p}) {
				t.Errorf("%s not linked to %s", a, sea)
			}
		}
		if len(m.ArmyNeighbours(p)) != 0 {
			t.Errorf("%s has army neighbours", a)
		}
	}
	if _, ok := m.Lookup("hyp"); !ok {
		t.Error("no Hyperspace")
	}
	if _, ok := m.Lookup("cas"); !ok {
		t.Error("no Caspian")
	}
}

// TestInHyperspace: the test other groups use to refuse Hyperspace.
func TestInHyperspace(t *testing.T) {
	m, _ := board()
	s := moverPosition(t, []engine.Unit{
		{Type: engine.Fleet, Power: "england", Loc: loc(t, m, "hyp")},
		{Type: engine.Fleet, Power: "england", Loc: loc(t, m, "nth")},
	}, []kind{hyperspace, 0})
	if !inHyperspace(s, s.Units[0]) || inHyperspace(s, s.Units[1]) {
		t.Error("inHyperspace wrong")
	}
}

// TestEnteredSpaces: the spaces a move enters, for the minelayer group:
// a jump enters only its landing, a double move both spaces, a Water
// Walker only its end (Rules Clarifications: jumping over a mined space is
// not entering it).
func TestEnteredSpaces(t *testing.T) {
	m, _ := board()
	s := moverPosition(t, []engine.Unit{
		{Type: engine.Army, Power: "germany", Loc: loc(t, m, "mun")},
		{Type: engine.Army, Power: "austria", Loc: loc(t, m, "tyr")},
		{Type: engine.Fleet, Power: "austria", Loc: loc(t, m, "tri")},
		{Type: engine.Army, Power: "england", Loc: loc(t, m, "lon")},
	}, []kind{jumper, 0, doubleMover, waterWalker})
	p := func(a string) engine.ProvinceID { return loc(t, m, a).P }
	for _, tc := range []struct {
		u    engine.Unit
		o    engine.Order
		want []engine.ProvinceID
	}{
		{s.Units[0], engine.Order{Kind: engine.Special, Special: jumpOrder, Args: []string{"tyr", "-", "ven"}}, []engine.ProvinceID{p("ven")}},
		{s.Units[2], engine.Order{Kind: engine.Special, Special: doubleMoveOrder, Args: []string{"adr", "-", "ion"}}, []engine.ProvinceID{p("adr"), p("ion")}},
		{s.Units[3], engine.Order{Kind: engine.Move, To: loc(t, m, "nwy")}, []engine.ProvinceID{p("nwy")}},
		{s.Units[1], engine.Order{Kind: engine.Hold}, nil},
	} {
		if got := enteredSpaces(s, tc.u, tc.o); !slices.Equal(got, tc.want) {
			t.Errorf("%v %v: %v, want %v", tc.u, tc.o, got, tc.want)
		}
	}
}

// TestRekey: Rekey moves the card and the movers' records to the new id.
func TestRekey(t *testing.T) {
	m, _ := board()
	s := moverPosition(t, []engine.Unit{{Type: engine.Army, Power: "france", Loc: loc(t, m, "bre")}}, []kind{convertible})
	e := extraOf(s)
	from := idOf(s.Units[0])
	e.Effects.Movers.Amp = map[unitID]int{from: 2}
	to := unitID{Power: "france", Type: engine.Fleet, Number: 1}
	e.Rekey(from, to)
	if _, ok := e.Cards[from]; ok {
		t.Error("card left under the old id")
	}
	if h, ok := e.Cards[to]; !ok || h.Card.Kind != convertible {
		t.Error("card not under the new id")
	}
	if e.Effects.Movers.Amp[to] != 2 || len(e.Effects.Movers.Amp) != 1 {
		t.Errorf("movers state not rekeyed: %v", e.Effects.Movers.Amp)
	}
}

// TestMoversStateJSON: the movers' state survives the position's JSON
// round trip, and clone is deep.
func TestMoversStateJSON(t *testing.T) {
	m, _ := board()
	s := moverPosition(t, []engine.Unit{{Type: engine.Army, Power: "england", Loc: loc(t, m, "lon")}}, []kind{amphibious})
	e := extraOf(s)
	e.Effects.Movers.Amp = map[unitID]int{idOf(s.Units[0]): 1}
	b, err := e.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	x, err := decodeExtra(b)
	if err != nil {
		t.Fatal(err)
	}
	got := x.(*extra).Effects.Movers.Amp
	if len(got) != 1 || got[idOf(s.Units[0])] != 1 {
		t.Errorf("round trip: %v", got)
	}
	c := e.Effects.Movers.clone()
	c.Amp[idOf(s.Units[0])] = 5
	if e.Effects.Movers.Amp[idOf(s.Units[0])] != 1 {
		t.Error("clone is shallow")
	}
	if e.AmpLabel(s.Units[0]) != "1Amp" {
		t.Errorf("label %q", e.AmpLabel(s.Units[0]))
	}
}

// TestMoverReach is a table of the movers' Reach and Enter decisions.
func TestMoverReach(t *testing.T) {
	m, _ := board()
	for _, tc := range []struct {
		name     string
		kind     kind
		typ      engine.UnitType
		from, to string
		phase    engine.PhaseType
		want     bool
	}{
		{"explorer army lvp-ire", explorer, engine.Army, "lvp", "ire", engine.Movement, true},
		{"explorer army lvp-ire retreating (rule 7)", explorer, engine.Army, "lvp", "ire", engine.Retreat, true},
		{"plain army lvp-ire", 0, engine.Army, "lvp", "ire", engine.Movement, false},
		{"explorer fleet mao-nwg", explorer, engine.Fleet, "mao", "nwg", engine.Movement, true},
		{"explorer army has no fleet links", explorer, engine.Army, "spa", "eas", engine.Movement, false},
		{"water walker lon-nwy", waterWalker, engine.Army, "lon", "nwy", engine.Movement, true},
		{"water walker lon-nwy retreating (rule 7)", waterWalker, engine.Army, "lon", "nwy", engine.Retreat, true},
		{"water walker two seas lon-swe", waterWalker, engine.Army, "lon", "swe", engine.Movement, false},
		{"water walker arm-mos over the Caspian", waterWalker, engine.Army, "arm", "mos", engine.Movement, true},
		{"superfleet lyo-mao (Spain)", waterWalker, engine.Fleet, "lyo", "mao", engine.Movement, true},
		{"superfleet nth-bal (Denmark)", waterWalker, engine.Fleet, "nth", "bal", engine.Movement, true},
		{"superfleet aeg-ion not by Crete", waterWalker, engine.Fleet, "aeg", "tys", engine.Movement, false},
		{"hyperspace in", hyperspace, engine.Fleet, "nth", "hyp", engine.Movement, true},
		{"hyperspace retreat in (rule 7)", hyperspace, engine.Fleet, "nth", "hyp", engine.Retreat, true},
		{"hyperspace army out to sea", hyperspace, engine.Army, "hyp", "nth", engine.Movement, false},
		{"hyperspace army out to Moscow", hyperspace, engine.Army, "hyp", "mos", engine.Movement, true},
		{"amphibious army to sea", amphibious, engine.Army, "lon", "nth", engine.Movement, true},
		{"amphibious army to sea retreating (rule 7)", amphibious, engine.Army, "lon", "nth", engine.Retreat, true},
		{"jumper never retreating", jumper, engine.Army, "mun", "ven", engine.Retreat, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			units := []engine.Unit{{Type: tc.typ, Power: "england", Loc: loc(t, m, tc.from)}, {Type: engine.Army, Power: "austria", Loc: loc(t, m, "tyr")}}
			s := moverPosition(t, units, []kind{tc.kind, 0})
			s.Phase.Type = tc.phase
			if got := reachAny(s, s.Units[0], loc(t, m, tc.to)); got != tc.want {
				t.Errorf("reach = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestCarrierWithinTwo: the Aircraft Carrier supports up to two spaces
// away, not three, and never into Hyperspace.
func TestCarrierWithinTwo(t *testing.T) {
	m, _ := board()
	s := moverPosition(t, []engine.Unit{{Type: engine.Fleet, Power: "england", Loc: loc(t, m, "nth")}}, []kind{neanderthal})
	for to, want := range map[string]bool{"gas": false, "lvp": true, "wal": true, "mun": false, "ruh": true, "hyp": false, "lon": true} {
		if got := supportReachAny(s, s.Units[0], loc(t, m, to)); got != want {
			t.Errorf("%s: %v, want %v", to, got, want)
		}
	}
	s.Units[0].Type = engine.Army // a Neanderthal army gains no reach
	if supportReachAny(s, s.Units[0], loc(t, m, "wal")) {
		t.Error("a Neanderthal army supports two spaces away")
	}
}

// TestMoverRandomOrders: the random special orders of the movers are legal
// (not refused) in the positions they are made for.
func TestMoverRandomOrders(t *testing.T) {
	m, _ := board()
	rng := engine.NewRand(7)
	kinds := []kind{hyperspace, jumper, doubleMover, amphibious, convertible, waterWalker, neanderthal, explorer}
	for _, k := range kinds {
		for _, start := range []struct {
			typ engine.UnitType
			at  string
		}{{engine.Army, "mun"}, {engine.Fleet, "nth"}, {engine.Army, "bre"}, {engine.Fleet, "eng"}, {engine.Army, "lvp"}, {engine.Army, "spa"}} {
			s := moverPosition(t, []engine.Unit{{Type: start.typ, Power: "england", Loc: loc(t, m, start.at)},
				{Type: engine.Army, Power: "france", Loc: loc(t, m, "bur")},
				{Type: engine.Army, Power: "germany", Loc: loc(t, m, "kie")},
				{Type: engine.Fleet, Power: "germany", Loc: loc(t, m, "hel")},
				{Type: engine.Army, Power: "germany", Loc: loc(t, m, "tyr")},
				{Type: engine.Army, Power: "france", Loc: loc(t, m, "wal")}}, []kind{k, 0, 0, 0, 0, 0})
			for range 5 {
				o, ok := randomSpecial(s, s.Units[0], rng)
				if !ok {
					continue
				}
				out := engine.Adjudicate(s, []engine.Order{o}, Variant.Rules, rng)
				for _, r := range out.Results {
					if r.Unit == s.Units[0] && (r.Code == engine.Illegal) {
						t.Errorf("%s at %s: random %+v refused: %s", k, start.at, o, r.Reason)
					}
				}
			}
		}
	}
}

// TestAmpNote: a revealed Amphibious unit's card says how it is reported.
func TestAmpNote(t *testing.T) {
	m, _ := board()
	s := moverPosition(t, []engine.Unit{{Type: engine.Army, Power: "england", Loc: loc(t, m, "lon")}}, []kind{amphibious})
	e := extraOf(s)
	if got := ampNote(engine.View{}, e, s.Units[0]); len(got) != 0 {
		t.Errorf("unrevealed: %v", got)
	}
	e.Effects.Movers.Amp = map[unitID]int{idOf(s.Units[0]): 2}
	if got := ampNote(engine.View{}, e, s.Units[0]); len(got) != 1 || got[0] != "reported as 2Amp (rule 5)" {
		t.Errorf("revealed: %v", got)
	}
}

// TestAmbiguousDoubleMoveConcealed: the refusal of "F Tri - Ion" by a
// Double Mover names the card to its owner only; other seats read the
// plain "cannot reach" any unit would get.
func TestAmbiguousDoubleMoveConcealed(t *testing.T) {
	m, _ := board()
	s := moverPosition(t, []engine.Unit{{Type: engine.Fleet, Power: "austria", Loc: loc(t, m, "tri")}}, []kind{doubleMover})
	orders, errs := Variant.Parser(m).ParseOrders("austria", "F tri - ion")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if out.Results[0].Reason != ambiguousDoubleMove {
		t.Fatalf("reason %q", out.Results[0].Reason)
	}
	for _, ev := range out.Events {
		if strings.Contains(ev, "Double Mover") {
			t.Errorf("event names the card: %q", ev)
		}
	}
	for _, tc := range []struct {
		seat engine.Seat
		want string
	}{
		{engine.Seat{Power: "austria"}, ambiguousDoubleMove},
		{engine.Seat{GM: true}, ambiguousDoubleMove},
		{engine.Seat{Power: "italy"}, "F Trieste cannot reach Ionian Sea"},
	} {
		o := *out
		o.Results = slices.Clone(out.Results)
		Variant.Rules.ConcealOutcome(s, tc.seat, &o)
		if o.Results[0].Reason != tc.want {
			t.Errorf("%+v: %q, want %q", tc.seat, o.Results[0].Reason, tc.want)
		}
	}
}
