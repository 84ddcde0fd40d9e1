package kit

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
)

// testDeck is a deck for Table's tests.
type testDeck struct{ cards []string }

func (d *testDeck) CloneDeck() *testDeck { return &testDeck{cards: slices.Clone(d.cards)} }

// TestTable: a card variant's deck, counts and log are copied deep, read
// as counts from the deck or the view, and cut for a seat with its cards.
func TestTable(t *testing.T) {
	h := NewHolding[testCard]()
	fr := UnitID{Power: "france", Type: engine.Army, Number: 1}
	de := UnitID{Power: "germany", Type: engine.Army, Number: 1}
	h.Give(fr, testCard{"2", "Double Strength"}, s1902)
	h.Give(de, testCard{"9", "Annihilator"}, s1902)
	tb := Table[*testDeck, int]{Deck: &testDeck{cards: []string{"1", "3"}}, Log: []string{"dealt"}}
	count := func(d *testDeck) int { return len(d.cards) }
	c := tb.CloneTable()
	c.Deck.cards[0], c.Log[0] = "x", "y"
	if tb.Deck.cards[0] != "1" || tb.Log[0] != "dealt" || tb.TableCounts(count) != 2 {
		t.Fatalf("the clone shares the deck or log: %+v", tb)
	}
	if Conceal(engine.Seat{GM: true}, &h, &c, func() int { return c.TableCounts(count) }) || c.Deck == nil {
		t.Error("the game master's position was cut")
	}
	if !Conceal(engine.Seat{Power: "france"}, &h, &c, func() int { return c.TableCounts(count) }) {
		t.Fatal("a power's position was not cut")
	}
	if c.Deck != nil || c.Log != nil || c.TableCounts(count) != 2 || len(h.Cards) != 1 {
		t.Errorf("France's position: deck %v, log %v, counts %d, cards %v", c.Deck, c.Log, c.TableCounts(count), h.Holders())
	}
	var none Table[*testDeck, int]
	if none.TableCounts(count) != 0 {
		t.Error("a table with neither deck nor counts counts cards")
	}
}

// TestKnownJSON: who knows a held card is saved and read back the same;
// a bad phase names the part.
func TestKnownJSON(t *testing.T) {
	h := &Held[testCard]{Card: testCard{"2", "Double Strength"}}
	h.Revealed = &Knowledge{Phase: s1902, Why: "used", Hint: "a double strength unit"}
	h.Told = map[engine.Power]Knowledge{"england": {Phase: s1902, Why: "reported"}}
	b, err := json.Marshal(h.Known())
	if err != nil {
		t.Fatal(err)
	}
	var k KnownJSON
	if err := json.Unmarshal(b, &k); err != nil {
		t.Fatal(err)
	}
	back := &Held[testCard]{}
	if err := back.SetKnown(k); err != nil || *back.Revealed != *h.Revealed || back.Told["england"] != h.Told["england"] {
		t.Fatalf("read back %+v from %s: %v", back, b, err)
	}
	k.Told["italy"] = KnowledgeJSON{Phase: "S19O2M"}
	if err := (&Held[testCard]{}).SetKnown(k); err == nil || !strings.Contains(err.Error(), "told to italy") {
		t.Errorf("a bad phase: %v", err)
	}
}

// TestSharedOrders: the units giving a special order, the legal ones, an
// order's aim, the results of a special order, a new unit's number.
func TestSharedOrders(t *testing.T) {
	m, err := CharacterBoard()
	if err != nil {
		t.Fatal(err)
	}
	s := engine.NewState(m, s1902)
	s.Units = []engine.Unit{
		{Power: "france", Type: engine.Army, Number: 1, Loc: engine.Loc{P: Lookup(m, "par")}},
		{Power: "france", Type: engine.Army, Number: 2, Loc: engine.Loc{P: Lookup(m, "bur")}},
		{Power: "germany", Type: engine.Army, Number: 1, Loc: engine.Loc{P: Lookup(m, "mun")}},
	}
	gas := func(u engine.Unit, arg string) engine.Order {
		return engine.Order{Power: u.Power, Kind: engine.Special, Special: "gas", Unit: u.Type, Number: u.Number, At: u.Loc,
			To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Args: []string{arg}}
	}
	by := map[UnitID]engine.Order{IDOf(s.Units[0]): gas(s.Units[0], "pic"), IDOf(s.Units[2]): gas(s.Units[2], "bur")}
	if g := Giving(s, by, "gas"); len(g) != 2 || g[0].Unit != s.Units[0] || g[1].Unit != s.Units[2] {
		t.Errorf("Giving = %+v", g)
	}
	legal := Legal(s, by, "gas", func(_ *engine.State, u engine.Unit, o engine.Order) (string, string) {
		if o.Args[0] == "pic" {
			return "", "Picardy is not next to an enemy"
		}
		return string(u.Power) + " gasses " + o.Args[0], ""
	})
	if !slices.Equal(legal, []string{"germany gasses bur"}) {
		t.Errorf("Legal = %q", legal)
	}
	move := engine.Result{Order: engine.Order{Kind: engine.Move, To: engine.Loc{P: Lookup(m, "mun")}}, Code: engine.Bounced}
	hold := engine.Result{Order: engine.Order{Kind: engine.Support, AuxAt: engine.Loc{P: Lookup(m, "bur")}, AuxTo: engine.Nowhere}}
	refused := engine.Result{Order: move.Order, Code: engine.Illegal}
	if l, ok := Aim(move); !ok || m.LocString(l) != "mun" {
		t.Errorf("a move's aim: %v %v", l, ok)
	}
	if l, ok := Aim(hold); !ok || m.LocString(l) != "bur" {
		t.Errorf("a support to hold's aim: %v %v", l, ok)
	}
	if _, ok := Aim(refused); ok {
		t.Error("an illegal order aims somewhere")
	}
	out := &engine.Outcome{Results: []engine.Result{move, {Order: gas(s.Units[0], "pic")}, hold, {Order: gas(s.Units[2], "bur")}}}
	var idx []int
	for i := range SpecialResults(out, "gas") {
		idx = append(idx, i)
	}
	if !slices.Equal(idx, []int{1, 3}) {
		t.Errorf("SpecialResults = %v", idx)
	}
	// The game master adds France's army in Picardy: 3A (1A and 2A are
	// taken), or 4A while a unit gone this phase still holds 3A's card.
	s.Units = append(s.Units, engine.Unit{Power: "france", Type: engine.Army, Loc: engine.Loc{P: Lookup(m, "pic")}})
	if n := FreeNumber(s, 3, nil); n != 3 {
		t.Errorf("FreeNumber = %d, want 3", n)
	}
	if n := FreeNumber(s, 3, []UnitID{{Power: "france", Type: engine.Army, Number: 3}}); n != 4 {
		t.Errorf("FreeNumber with 3A's card still held = %d, want 4", n)
	}
	var dealt []string
	u, err := AddUnit(s, 3, nil, "9", func(u engine.Unit) error { dealt = append(dealt, "hand "+IDOf(u).String()); return nil },
		func(u engine.Unit) error { dealt = append(dealt, "deck"); return nil })
	if err != nil || u.Number != 3 || s.Units[3].Number != 3 || !slices.Equal(dealt, []string{"hand france 3A"}) {
		t.Errorf("AddUnit = %+v %v %q", u, err, dealt)
	}
}

// TestCaspianLandings: a fleet that sailed from the Caspian to Sevastopol
// stands on its Caspian coast, when its card lets it, with the words.
func TestCaspianLandings(t *testing.T) {
	m, err := CharacterBoard()
	if err != nil {
		t.Fatal(err)
	}
	f := engine.Unit{Power: "russia", Type: engine.Fleet, Number: 1, Loc: engine.Loc{P: Lookup(m, CaspianAbbr)}}
	next := engine.NewState(m, s1902)
	next.Units = []engine.Unit{f}
	next.Units[0].Loc = engine.Loc{P: Lookup(m, "sev")}
	out := &engine.Outcome{Next: next, Results: []engine.Result{{Unit: f, OK: true,
		Order: engine.Order{Kind: engine.Move, At: f.Loc, To: engine.Loc{P: Lookup(m, "sev")}}, Reason: "moved to Sevastopol"}}}
	CaspianLandings(engine.NewState(m, s1902), out, func(engine.Unit) bool { return false }, " (ec)")
	if next.Units[0].Loc.C != engine.NoCoast {
		t.Fatal("a fleet whose card does not let it sail landed on the Caspian coast")
	}
	CaspianLandings(engine.NewState(m, s1902), out, func(engine.Unit) bool { return true }, " (ec)")
	if next.Units[0].Loc.C != engine.EastCoast || out.Results[0].Reason != "moved to Sevastopol (ec)" {
		t.Errorf("the fleet is at %s: %q", m.LocString(next.Units[0].Loc), out.Results[0].Reason)
	}
}
