package session

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants"
)

// questionableAt creates a Questionable game and plays it, with no
// orders, to phase (a key: "S1902.characters").
func questionableAt(t *testing.T, phase string) *Game {
	t.Helper()
	vr, ok := variants.Lookup("questionable")
	if !ok {
		t.Fatal("no variant questionable")
	}
	g, err := CreateWith(filepath.Join(t.TempDir(), "q.dipdesk"), vr, Options{Seed: 7, Now: fixedClock()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	for {
		cur, err := g.Current()
		if err != nil {
			t.Fatal(err)
		}
		if cur.State.Phase.Key() == phase {
			return g
		}
		if _, _, err := g.Process(cur.State.Phase.Key()); err != nil {
			t.Fatal(err)
		}
	}
}

// seatCard returns power's character name in its hand and its order, and
// the power's view.
func seatCard(t *testing.T, g *Game, power engine.Power, name string) (HandCard, CardOrder, engine.View) {
	t.Helper()
	seat := engine.Seat{Power: power}
	h, _, err := g.Hands(seat, "")
	if err != nil {
		t.Fatal(err)
	}
	v, err := g.View(seat, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range h.Cards {
		if c.Unit.Power == power && c.Name == name {
			if len(c.Orders) != 1 {
				t.Fatalf("%s's %s gives %d orders", power, name, len(c.Orders))
			}
			return c, c.Orders[0], v
		}
	}
	t.Fatalf("%s holds no %s", power, name)
	return HandCard{}, CardOrder{}, engine.View{}
}

func texts(cs []Completion) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Text)
	}
	return out
}

// TestSeatCardDrop: dropping a character on a unit completes its order as
// the engine reads it: the Embezzler, the Dealer, the Hooker and the Thug
// at once; the Briber asks for its target's order (the hold is the unit
// alone); the Gambler for a working piece of its own touching the
// target; an order against the seat's own unit or with no working piece
// gives the engine's reason. Every choice is an order CheckOrders takes.
func TestSeatCardDrop(t *testing.T) {
	g := questionableAt(t, "S1902.characters")
	m := g.Map()
	prov := func(abbr string) engine.ProvinceID {
		p, ok := m.Lookup(abbr)
		if !ok {
			t.Fatalf("no %s", abbr)
		}
		return p
	}
	for _, tt := range []struct {
		power engine.Power
		card  string
		at    string
		asks  SeatAsks
		text  string   // SeatComplete
		has   []string // among the choices
		hasnt []string
		why   string // SeatRefused
	}{
		{power: "germany", card: "Embezzler", at: "war", asks: SeatComplete, text: "embezzle A war"},
		{power: "germany", card: "Dealer", at: "war", asks: SeatComplete, text: "deal A war"},
		{power: "germany", card: "Hooker", at: "stp", asks: SeatComplete, text: "seduce F stp/sc"},
		{power: "germany", card: "Thug", at: "ber", asks: SeatComplete, text: "protect A ber"}, // the Thug defends its own
		{power: "germany", card: "Embezzler", at: "ber", asks: SeatRefused, why: "rule 9"},
		{power: "germany", card: "Briber", at: "war", asks: SeatAsksOrder,
			has:   []string{"bribe A war", "bribe A war - sil", "bribe A war - ukr", "bribe A war S A mos", "bribe A war S A mos - ukr"},
			hasnt: []string{"bribe A war - mun", "bribe A war S A ber - mun"}},
		{power: "italy", card: "Gambler", at: "tri", asks: SeatAsksWorking, has: []string{"gamble F tri with A ven"},
			hasnt: []string{"gamble F tri with A rom", "gamble F tri with F nap"}},
		// No piece of Germany's touches Russia's A war: the drop says so,
		// not how a gamble is written (docs/questionable.md).
		{power: "germany", card: "Gambler", at: "war", asks: SeatRefused, why: "no piece of Germany's touches Russia's A war"},
		{power: "germany", card: "Gambler", at: "mun", asks: SeatRefused, why: "rule 9"},
		{power: "germany", card: "Embezzler", at: "gal", asks: SeatRefused, why: "no unit in Galicia"},
	} {
		t.Run(string(tt.power)+" "+tt.card+" "+tt.at, func(t *testing.T) {
			c, o, v := seatCard(t, g, tt.power, tt.card)
			d := SeatCardDrop(g.Variant(), v, c, o, prov(tt.at))
			if d.Asks != tt.asks {
				t.Fatalf("asks %d, want %d: %+v", d.Asks, tt.asks, d)
			}
			switch tt.asks {
			case SeatComplete:
				if d.Text != tt.text {
					t.Errorf("text %q, want %q", d.Text, tt.text)
				}
			case SeatRefused:
				if !strings.Contains(d.Why, tt.why) {
					t.Errorf("why %q, want it to say %q", d.Why, tt.why)
				}
			}
			got := texts(d.Choices)
			for _, w := range tt.has {
				if !slices.Contains(got, w) {
					t.Errorf("no %q among %q", w, got)
				}
			}
			for _, w := range tt.hasnt {
				if slices.Contains(got, w) {
					t.Errorf("%q offered", w)
				}
			}
			for _, x := range append(got, d.Text) {
				if x == "" {
					continue
				}
				if ck := CheckOrders(g.Variant(), v, tt.power, x); len(ck.Problems) > 0 {
					t.Errorf("%q offered, but CheckOrders says %v", x, ck.Problems)
				}
			}
			if tt.asks != SeatRefused && !strings.HasPrefix(d.Template, o.Verb+" ") {
				t.Errorf("template %q", d.Template)
			}
		})
	}
}

// TestSeatCardTargets: while a character is dragged the units it may act
// on are lit: another country's for the Embezzler, never its own (rule
// 9); for the Gambler only the units one of its pieces touches.
func TestSeatCardTargets(t *testing.T) {
	g := questionableAt(t, "S1902.characters")
	m := g.Map()
	names := func(ls []engine.Loc) []string {
		var out []string
		for _, l := range ls {
			out = append(out, m.Provinces[l.P].Abbr)
		}
		slices.Sort(out)
		return out
	}
	c, o, v := seatCard(t, g, "germany", "Embezzler")
	got := names(SeatCardTargets(g.Variant(), v, c, o))
	if len(got) != 19 || slices.Contains(got, "ber") || !slices.Contains(got, "war") {
		t.Errorf("the Embezzler lights %q: want the 19 other countries' units", got)
	}
	c, o, v = seatCard(t, g, "italy", "Gambler")
	if got := names(SeatCardTargets(g.Variant(), v, c, o)); !slices.Equal(got, []string{"tri"}) {
		t.Errorf("the Gambler lights %q, want [tri] (A ven touches it)", got)
	}
}

// TestSeatCardChoices: the Killer's menu lists every other country's
// leader, from 1902 only (rule 7); the Thug's every leader, its own
// included (rule 9's exception).
func TestSeatCardChoices(t *testing.T) {
	g := questionableAt(t, "S1902.characters")
	c, o, v := seatCard(t, g, "england", "Killer")
	got := texts(SeatCardChoices(g.Variant(), v, c, o))
	if len(got) != 6 || slices.Contains(got, "kill england") || !slices.Contains(got, "kill germany") {
		t.Errorf("the Killer offers %q", got)
	}
	c, o, v = seatCard(t, g, "england", "Thug")
	got = texts(SeatCardChoices(g.Variant(), v, c, o))
	if len(got) != 7 || !slices.Contains(got, "protect leader england") || !slices.Contains(got, "protect leader france") {
		t.Errorf("the Thug offers %q", got)
	}
	early := questionableAt(t, "S1901.characters")
	c, o, v = seatCard(t, early, "england", "Thug")
	h, _, _ := early.Hands(engine.Seat{Power: "england"}, "")
	for _, k := range h.Cards {
		if k.Name == "Killer" && k.Unit.Power == "england" && len(k.Orders) > 0 {
			t.Errorf("the Killer gives orders in 1901: %+v", k.Orders)
		}
	}
	if got := texts(SeatCardChoices(early.Variant(), v, c, o)); len(got) != 7 {
		t.Errorf("the Thug offers %q in 1901", got)
	}
}

// TestGamblerOutOfTouchIsMarked: a Gambler's working piece that does not
// touch its target makes the order impossible, marked as it is typed.
func TestGamblerOutOfTouchIsMarked(t *testing.T) {
	g := questionableAt(t, "S1902.characters")
	_, _, v := seatCard(t, g, "italy", "Gambler")
	ck := CheckOrders(g.Variant(), v, "italy", "gamble F tri with A rom")
	if len(ck.Problems) != 1 || !strings.Contains(ck.Problems[0].Reason, "does not touch") {
		t.Errorf("problems %v", ck.Problems)
	}
}
