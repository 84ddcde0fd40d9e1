package character

import (
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
	"dipdesk/variants/kit/kittest"
)

// mineCase is a position with cards and mines, its orders, and what must
// follow: the units after, the mines after ("nth:england" sorted), and
// phrases the events must contain.
type mineCase struct {
	name   string
	phase  engine.Phase
	units  []string
	mines  []string // "nwy:england" laid in S1902
	orders string
	want   string
	after  string   // mines after
	events []string // phrases some event must contain
	reason string   // phrase in the first order's result
}

func minesOf(e *extra) string {
	var out []string
	for _, m := range e.Effects.Mines {
		out = append(out, m.Prov+":"+string(m.Power))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

func withMines(t *testing.T, s *engine.State, mines []string) {
	t.Helper()
	e := s.Extra.(*extra)
	for _, m := range mines {
		p, pw, ok := strings.Cut(m, ":")
		if !ok {
			t.Fatalf("mine %q", m)
		}
		e.Effects.Mines = append(e.Effects.Mines, mine{Prov: p, Power: engine.Power(pw), Laid: s1902})
	}
}

func runMineCases(t *testing.T, tests []mineCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := cardPosition(t, tt.phase, tt.units...)
			withMines(t, s, tt.mines)
			orders, errs := Variant.Parser(s.Map).ParseOrders("", tt.orders)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
			if got := positionOf(out.Next); got != tt.want {
				t.Errorf("after: %s\nwant:  %s", got, tt.want)
			}
			if got := minesOf(out.Next.Extra.(*extra)); got != tt.after {
				t.Errorf("mines after: %q, want %q", got, tt.after)
			}
			all := strings.Join(out.Events, "\n")
			for _, ev := range tt.events {
				if !strings.Contains(all, ev) {
					t.Errorf("events lack %q:\n%s", ev, all)
				}
			}
			if len(out.Results) > 0 && !strings.Contains(out.Results[0].Reason, tt.reason) {
				t.Errorf("first result %q, want it to contain %q", out.Results[0].Reason, tt.reason)
			}
			if t.Failed() {
				for _, r := range out.Results {
					t.Logf("%s: %s %s", r.Order.Text, r.Code, r.Reason)
				}
				t.Logf("events: %q", out.Events)
			}
		})
	}
}

// TestMinelayer: card #12 and rule 16.e.
func TestMinelayer(t *testing.T) {
	runMineCases(t, []mineCase{
		{name: "#12 lays a mine in the province it leaves", phase: s1902,
			units:  []string{"England: F nth #12"},
			orders: "England: 1F nth lay mine nwy",
			want:   "england F nwy", after: "nth:england", reason: "laid a mine in North Sea"},
		{name: "#12 with a dash and via convoy words", phase: s1902,
			units:  []string{"England: A yor #12", "England: F nth #20"},
			orders: "England: 1A yor lay mine - nwy via convoy\nEngland: F nth C A yor - nwy",
			want:   "england F nth, england A nwy", after: "yor:england"},
		{name: "#12: if it fails to leave, no mine is laid", phase: s1902,
			units:  []string{"England: F nth #12", "Russia: F nwy #20"},
			orders: "England: 1F nth lay mine nwy",
			want:   "england F nth, russia F nwy", after: "", reason: "no mine laid"},
		{name: "#12 dislodged: no mine is laid", phase: s1902,
			units:  []string{"England: F nth #12", "Germany: F hel #20", "Germany: F den #20", "Russia: F nwy #20"},
			orders: "England: 1F nth lay mine nwy\nGermany: F hel - nth\nGermany: F den S F hel - nth",
			want:   "germany F den, germany F nth, russia F nwy, *england F nth", after: ""},
		{name: "rule 7: no mine in 1901", phase: s1901,
			units:  []string{"England: F nth #12"},
			orders: "England: 1F nth lay mine nwy",
			want:   "england F nth", after: "", reason: "rule 7"},
		{name: "only a minelayer lays mines", phase: s1902,
			units:  []string{"England: F nth #20"},
			orders: "England: 1F nth lay mine nwy",
			want:   "england F nth", after: "", reason: "not a minelayer"},
		{name: "16.e: one mine per power and space", phase: s1902,
			units:  []string{"England: F nth #12"},
			mines:  []string{"nth:england"},
			orders: "England: 1F nth lay mine nwy",
			want:   "england F nwy", after: "nth:england", reason: "already holds a mine of yours"},
		{name: "16.e: two powers may mine one space", phase: s1902,
			units:  []string{"England: F nth #12"},
			mines:  []string{"nth:germany"},
			orders: "England: 1F nth lay mine nwy",
			want:   "england F nwy", after: "nth:england nth:germany"},
		{name: "a unit entering a mined space is destroyed", phase: s1902,
			units:  []string{"France: A bur #20"},
			mines:  []string{"mun:germany"},
			orders: "France: A bur - mun",
			want:   "", after: "", reason: "struck a mine in Munich and was destroyed",
			events: []string{"France A mun struck a mine in Munich and was destroyed", "to Germany only: it was your mine"}},
		{name: "16.e: your own units are destroyed by your own mines", phase: s1902,
			units:  []string{"Germany: A boh #20"},
			mines:  []string{"mun:germany"},
			orders: "Germany: A boh - mun",
			want:   "", after: "", events: []string{"it was your own mine"}},
		{name: "16.e: one mine explodes per entry, the oldest first", phase: s1902,
			units:  []string{"France: A bur #20"},
			mines:  []string{"mun:germany", "mun:austria"},
			orders: "France: A bur - mun",
			want:   "", after: "mun:germany"},
		{name: "a mine does not explode under a unit that stays out", phase: s1902,
			units:  []string{"France: A bur #20", "Germany: A mun #20"},
			mines:  []string{"mun:england"},
			orders: "France: A bur - mun",
			want:   "france A bur, germany A mun", after: "mun:england"},
		{name: "the unit in a mined space is safe where it stands", phase: s1902,
			units:  []string{"Germany: A mun #20"},
			mines:  []string{"mun:england"},
			orders: "Germany: A mun H",
			want:   "germany A mun", after: "mun:england"},
		{name: "a unit entering as the minelayer leaves meets only older mines", phase: s1902,
			units:  []string{"England: F nth #12", "Germany: F hel #20"},
			orders: "England: 1F nth lay mine nwy\nGermany: F hel - nth",
			want:   "england F nwy, germany F nth", after: "nth:england"},
		{name: "a dislodger that strikes a mine is destroyed; the dislodgement stands", phase: s1902,
			units:  []string{"France: A bur #20", "France: A ruh #20", "Germany: A mun #20"},
			mines:  []string{"mun:england"},
			orders: "France: A bur - mun\nFrance: A ruh S A bur - mun",
			want:   "france A ruh, *germany A mun", after: ""},
		{name: "16.e: picks up own mine and is safe", phase: s1902,
			units:  []string{"England: F nwy #12"},
			mines:  []string{"nth:england"},
			orders: "England: 1F nwy picks up own mine nth",
			want:   "england F nth", after: "", reason: "picked up its own mine"},
		{name: "16.e: the pick-up takes only its own; another's explodes", phase: s1902,
			units:  []string{"England: F nwy #12"},
			mines:  []string{"nth:england", "nth:germany"},
			orders: "England: 1F nwy pick up mine nth",
			want:   "", after: "", reason: "struck a mine"},
		{name: "16.e: it may not pick up another power's mine", phase: s1902,
			units:  []string{"England: F nwy #12"},
			mines:  []string{"nth:germany"},
			orders: "England: 1F nwy pick up mine nth",
			want:   "", after: "", reason: "no mine of its own to pick up"},
		{name: "16.e: the minelayer returning without the order meets its mine", phase: s1902,
			units:  []string{"England: F nwy #12"},
			mines:  []string{"nth:england"},
			orders: "England: 1F nwy - nth",
			want:   "", after: ""},
	})
}

// TestEngineer: card #13 and rule 12.
func TestEngineer(t *testing.T) {
	runMineCases(t, []mineCase{
		{name: "#13 disarms every mine in the space it enters", phase: s1902,
			units:  []string{"France: A bur #13"},
			mines:  []string{"mun:germany", "mun:england", "ruh:germany"},
			orders: "France: A bur - mun",
			want:   "france A mun", after: "ruh:germany",
			events: []string{"to France only: your 1A mun (engineer, #13) disarmed 2 mines in Munich"}},
		{name: "#13 clears its own power's mines too", phase: s1902,
			units:  []string{"France: F mao #13"},
			mines:  []string{"bre:france"},
			orders: "France: F mao - bre",
			want:   "france F bre", after: ""},
		{name: "#13 that fails to enter clears nothing", phase: s1902,
			units:  []string{"France: A bur #13", "Germany: A mun #20"},
			mines:  []string{"mun:germany"},
			orders: "France: A bur - mun",
			want:   "france A bur, germany A mun", after: "mun:germany"},
		{name: "rule 7: an engineer in 1901 is an ordinary unit", phase: s1901,
			units:  []string{"France: A bur #13"},
			mines:  []string{"mun:germany"},
			orders: "France: A bur - mun",
			want:   "", after: ""},
		{name: "#13 does not clear a mine laid as it enters", phase: s1902,
			units:  []string{"England: F nth #12", "Germany: F hel #13"},
			orders: "England: 1F nth lay mine nwy\nGermany: F hel - nth",
			want:   "england F nwy, germany F nth", after: "nth:england"},
	})
}

// TestMinesConcealed: rule 3 and #13: no other seat learns of a mine laid
// or picked up, or of an engineer's clearing; the layer is not named.
func TestMinesConcealed(t *testing.T) {
	s := cardPosition(t, s1902, "England: F nth #12", "France: A bur #13", "England: F nwy #12")
	withMines(t, s, []string{"mun:germany", "ska:england"})
	orders, errs := Variant.Parser(s.Map).ParseOrders("", "England: 1F nth lay mine hel\nFrance: A bur - mun\nEngland: 2F nwy pick up mine ska")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	gm := engine.OutcomeFor(s, out, engine.Seat{GM: true}, Variant.Rules)
	if got := len(gm.Events); got != 1 || !strings.Contains(gm.Results[0].Reason, "laid a mine") {
		t.Errorf("the game master sees all: %q %q", gm.Events, gm.Results[0].Reason)
	}
	for _, seat := range []engine.Seat{{Power: "germany"}, {Power: "russia"}, {}} {
		v := engine.OutcomeFor(s, out, seat, Variant.Rules)
		text := strings.Join(v.Events, "\n")
		for _, r := range v.Results {
			text += "\n" + r.Order.Text + " " + r.Order.Special + " " + r.Reason
		}
		for _, secret := range []string{"mine", "engineer", "#13", "#12"} {
			if strings.Contains(strings.ToLower(text), strings.ToLower(secret)) {
				t.Errorf("%s learns %q:\n%s", seat, secret, text)
			}
		}
		if v.Results[0].Order.Kind != engine.Move || v.Results[0].Order.Text != "1F nth - hel" {
			t.Errorf("%s: the minelayer's order reads %+v, want the plain move", seat, v.Results[0].Order)
		}
		e := v.Next.Extra.(*extra)
		wantCleared := 0
		if seat.Power == "germany" {
			wantCleared = 1 // the layer's own count, without place or engineer
		}
		if len(e.Effects.Mines) != 0 || len(e.Effects.Sappers.Cleared) != wantCleared || e.Effects.Sappers.Cleared["germany"] != wantCleared {
			t.Errorf("%s sees mines %v, cleared %v", seat, e.Effects.Mines, e.Effects.Sappers.Cleared)
		}
	}
	fr := engine.OutcomeFor(s, out, engine.Seat{Power: "france"}, Variant.Rules)
	if len(fr.Events) != 1 || strings.Contains(fr.Events[0], "Germany") || !strings.Contains(fr.Events[0], "disarmed 1 mine in Munich") {
		t.Errorf("France is told of its clearing, not who laid: %q", fr.Events)
	}
	en := engine.OutcomeFor(s, out, engine.Seat{Power: "england"}, Variant.Rules)
	if got := minesOf(en.Next.Extra.(*extra)); got != "nth:england" {
		t.Errorf("England's view of its mines: %q", got)
	}
	if !strings.Contains(en.Results[2].Reason, "picked up its own mine") {
		t.Errorf("England's own result: %q", en.Results[2].Reason)
	}
	if c := out.Next.Extra.(*extra).Effects.Sappers.Cleared; c["germany"] != 1 {
		t.Errorf("cleared counts: %v", c)
	}
}

// TestMineRetreat: a retreat into a mined space sets the mine off (the
// retreat options do not know of hidden mines).
func TestMineRetreat(t *testing.T) {
	s := cardPosition(t, engine.Phase{Year: 1902, Season: engine.Fall, Type: engine.Retreat}, "Germany: A mun #20", "France: A bur #20")
	s.Dislodged = []engine.Dislodgement{{Unit: s.Units[0], From: s.Map.Provinces[s.Units[1].Loc.P].ID}}
	s.Units = s.Units[1:]
	withMines(t, s, []string{"boh:france"})
	orders, errs := Variant.Parser(s.Map).ParseOrders("", "Germany: A mun - boh")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if got := positionOf(out.Next); got != "france A bur" {
		t.Errorf("after: %s", got)
	}
	if minesOf(out.Next.Extra.(*extra)) != "" {
		t.Error("the mine should have exploded")
	}
}

// TestSappersStateJSON: the group's state and its Effects fields survive
// a save and a load.
func TestSappersStateJSON(t *testing.T) {
	s := cardPosition(t, s1902, "England: F nth #12", "France: A bur #19")
	e := s.Extra.(*extra)
	e.Effects.Mines = []mine{{Prov: "nth", Power: "england", Laid: s1902}}
	e.Effects.Sappers.Cleared = map[engine.Power]int{"germany": 2}
	e.Effects.FreeUnits = []kit.UnitID{idOf(s.Units[1])}
	e.Effects.SpringOTB = []kit.UnitID{idOf(s.Units[0])}
	e.Effects.Voluntary = []kit.UnitID{idOf(s.Units[1])}
	b, err := e.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := decodeExtra(b)
	if err != nil {
		t.Fatal(err)
	}
	f := back.(*extra).Effects
	if f.Sappers.Cleared["germany"] != 2 || len(f.Mines) != 1 || f.Mines[0] != e.Effects.Mines[0] ||
		len(f.FreeUnits) != 1 || f.FreeUnits[0] != idOf(s.Units[1]) || len(f.SpringOTB) != 1 || len(f.Voluntary) != 1 {
		t.Errorf("round trip: %+v", f)
	}
	c := e.CloneExtra().(*extra)
	c.Effects.Sappers.Cleared["germany"] = 5
	if e.Effects.Sappers.Cleared["germany"] != 2 {
		t.Error("clone shares the Cleared map")
	}
	var x sappersState
	if !x.empty() || x.clone().Cleared != nil {
		t.Error("the zero state is empty")
	}
	x = e.Effects.Sappers.clone()
	x.conceal(engine.Seat{Power: "germany"})
	if x.Cleared["germany"] != 2 {
		t.Error("Germany keeps its own count")
	}
	x.conceal(engine.Seat{Power: "france"})
	if !x.empty() {
		t.Error("France does not see Germany's count")
	}
}

// TestMinesMoreCases: the skipped space of #16 and #17 ("without regard
// for any units or mines in the intervening sea space") and a mined
// centre in the Fall.
func TestMinesMoreCases(t *testing.T) {
	runMineCases(t, []mineCase{
		{name: "#17 crosses a mined sea unharmed", phase: s1902,
			units:  []string{"France: A bre #17"},
			mines:  []string{"eng:germany"},
			orders: "France: A bre - lon",
			want:   "france A lon", after: "eng:germany"},
		{name: "#16 over a mined North Sea unharmed", phase: s1902,
			units:  []string{"England: F edi #16"},
			mines:  []string{"nth:germany"},
			orders: "England: F edi - den",
			want:   "england F den", after: "nth:germany"},
		{name: "#16 into a mined space is destroyed", phase: s1902,
			units:  []string{"England: F edi #16"},
			mines:  []string{"den:germany"},
			orders: "England: F edi - den",
			want:   "", after: ""},
	})
	s := cardPosition(t, f1902, "France: A bur #20")
	withMines(t, s, []string{"mun:england"})
	orders, _ := Variant.Parser(s.Map).ParseOrders("", "France: A bur - mun")
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if p := out.Next.Owners[kittest.Prov(t, s, "mun")]; p != "germany" {
		t.Errorf("a unit destroyed by a mine captured Munich: %q", p)
	}
}

// TestMinelayerIllegalConcealed: an impossible "lay mine" of a real
// minelayer reads as a move or a hold to other seats.
func TestMinelayerIllegalConcealed(t *testing.T) {
	s := cardPosition(t, s1902, "England: F nth #12", "England: F lon #12")
	orders, errs := Variant.Parser(s.Map).ParseOrders("", "England: 1F nth lay mine mun\nEngland: 2F lon lay mine xyz")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	v := engine.OutcomeFor(s, out, engine.Seat{Power: "france"}, Variant.Rules)
	for _, r := range v.Results {
		if r.Order.Special != "" || strings.Contains(r.Order.Text, "mine") || r.Code != engine.Illegal {
			t.Errorf("France sees %q %s %q", r.Order.Text, r.Code, r.Reason)
		}
	}
}

// TestNoMineInAnUnlimitedSpace: an abstract space (Hyperspace, rule 6) is
// no province: leaving it lays no mine.
func TestNoMineInAnUnlimitedSpace(t *testing.T) {
	s := cardPosition(t, s1902, "England: F nth #12")
	s.Map = s.Map.Clone()
	s.Map.Provinces[kittest.Prov(t, s, "nth")].Unlimited = true
	orders, errs := Variant.Parser(s.Map).ParseOrders("", "England: 1F nth lay mine nwy")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if got := minesOf(out.Next.Extra.(*extra)); got != "" || !strings.Contains(out.Results[0].Reason, "no province of the board") {
		t.Errorf("mines %q, result %q", got, out.Results[0].Reason)
	}
}
