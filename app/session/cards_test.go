package session

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/variants"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit"
)

// davis is Character Diplomacy, found as the program finds it.
func davis(t *testing.T) *engine.Variant {
	t.Helper()
	v, ok := variants.Lookup("character")
	if !ok {
		t.Fatal("no variant character")
	}
	return v
}

func newCharacterGame(t *testing.T) *Game {
	t.Helper()
	g, err := CreateWith(filepath.Join(t.TempDir(), "char.dipdesk"), davis(t), Options{Seed: 3, Now: fixedClock()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

// cardsOf returns the card records of s (the tests change them through
// kit.Records, as a tool would).
func cardsOf(s *engine.State) kit.Records { return kit.RecordsOf(s) }

// TestHandsPerSeat: rule 3, each power sees its own units' cards; the game
// master every card and the deck; the public none until revealed.
func TestHandsPerSeat(t *testing.T) {
	g := newCharacterGame(t)
	if !g.HasCards() {
		t.Fatal("a Character Diplomacy game has no cards")
	}
	for _, tc := range []struct {
		seat  engine.Seat
		cards int
		log   bool
	}{
		{engine.Seat{GM: true}, 22, true},
		{engine.Seat{Power: "france"}, 3, false},
		{engine.Seat{Power: "russia"}, 4, false},
		{engine.Seat{}, 0, false},
	} {
		h, ok, err := g.Hands(tc.seat, "")
		if err != nil || !ok {
			t.Fatalf("%s: %v %v", tc.seat, ok, err)
		}
		if len(h.Cards) != tc.cards {
			t.Errorf("%s sees %d cards, want %d", tc.seat, len(h.Cards), tc.cards)
		}
		if (len(h.Log) > 0) != tc.log {
			t.Errorf("%s sees the deal log: %v", tc.seat, h.Log)
		}
		if h.Deck.Dealt != 22 || h.Deck.Pile != 72-22 {
			t.Errorf("%s: deck counts %+v, want 22 dealt, 50 in the pile", tc.seat, h.Deck)
		}
		for _, c := range h.Cards {
			if !tc.seat.GM && c.Unit.Power != tc.seat.Power {
				t.Errorf("%s sees %s's card %s", tc.seat, c.Unit.Power, c.Label)
			}
			if c.Space == "" || c.Label == "" || c.Name == "" {
				t.Errorf("%s: card without space, label or name: %+v", tc.seat, c)
			}
		}
	}
}

// TestHandsRevealedAndTold: a revealed card is seen by all (rule 3); a
// card told to one power is seen by it alone, and who else was told is
// the owner's and the game master's business only.
func TestHandsRevealedAndTold(t *testing.T) {
	g := newCharacterGame(t)
	ps, err := g.Current()
	if err != nil {
		t.Fatal(err)
	}
	s := ps.State.Clone()
	e := cardsOf(s)
	p := engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Movement}
	par := kit.UnitID{Power: "france", Type: engine.Army, Number: 1}
	if _, ok := e.CardID(par); !ok {
		t.Fatalf("no france 1A in %v", e.Holders())
	}
	ber := kit.UnitID{Power: "germany", Type: engine.Army, Number: 1}
	if err := e.Reveal(par, p, "used its double strength"); err != nil {
		t.Fatal(err)
	}
	if err := e.Tell(ber, "england", p, "told by the game master"); err != nil {
		t.Fatal(err)
	}
	see := func(seat engine.Seat) map[string]HandCard {
		h, _ := HandsOf(engine.ViewFor(s, nil, seat, g.Variant().Rules), nil)
		out := map[string]HandCard{}
		for _, c := range h.Cards {
			out[string(c.Unit.Power)+" "+c.Label] = c
		}
		return out
	}
	pub := see(engine.Seat{})
	if len(pub) != 1 || !strings.Contains(pub["france 1A"].Revealed, "double strength") {
		t.Errorf("public sees %v, want france 1A revealed", pub)
	}
	eng := see(engine.Seat{Power: "england"})
	if c, ok := eng["germany 1A"]; !ok || len(c.Told) != 1 || !strings.HasPrefix(c.Told[0], "England") {
		t.Errorf("england does not see germany 1A as told to it: %+v", eng)
	}
	if _, ok := see(engine.Seat{Power: "italy"})["germany 1A"]; ok {
		t.Error("italy sees a card told to england alone")
	}
	if c := see(engine.Seat{Power: "germany"})["germany 1A"]; len(c.Told) != 0 {
		t.Errorf("the owner's view lists whom its card was told to: %v (Extra.conceal drops it)", c.Told)
	}
	if c := see(engine.Seat{GM: true})["germany 1A"]; len(c.Told) != 1 {
		t.Errorf("the game master does not see who was told: %+v", c)
	}
}

// TestCardOrders: a card offers the special orders the parser declares
// for it, with a template to complete; #9's order takes a province.
func TestCardOrders(t *testing.T) {
	g := newCharacterGame(t)
	ps, _ := g.Current()
	s := ps.State.Clone()
	e := cardsOf(s)
	mun := kit.UnitID{Power: "germany", Type: engine.Army, Number: 2}
	if err := e.GiveCard(mun, "9", s.Phase); err != nil {
		t.Fatal(err)
	}
	declared := []engine.SpecialSyntax{{Verb: "annihilate", Name: "annihilate"}, {Verb: "gas", Name: "gas"}}
	h, _ := HandsOf(engine.ViewFor(s, nil, engine.Seat{Power: "germany"}, g.Variant().Rules), declared)
	var got *HandCard
	for i, c := range h.Cards {
		if c.Label == "2A" {
			got = &h.Cards[i]
		}
	}
	if got == nil || len(got.Orders) != 1 || got.Orders[0].Name != "annihilate" || !got.Orders[0].TakesProvince {
		t.Fatalf("germany 2A's card offers %+v, want annihilate taking a province", got)
	}
	if tpl := got.Template(got.Orders[0]); tpl != "2A "+got.Space+" annihilate " {
		t.Errorf("template %q", tpl)
	}
	// Without the verb declared, no order is offered: the parser would reject it.
	h, _ = HandsOf(engine.ViewFor(s, nil, engine.Seat{Power: "germany"}, g.Variant().Rules), nil)
	for _, c := range h.Cards {
		if len(c.Orders) > 0 {
			t.Errorf("%s offers %v with no verbs declared", c.Label, c.Orders)
		}
	}
}

// TestCardReportInitialDeal: rule 4 and the seed's form: each power gets
// its own units' cards only; the game master every form; the public none.
func TestCardReportInitialDeal(t *testing.T) {
	g := newCharacterGame(t)
	fr, err := g.CardReport("", engine.Seat{Power: "france"}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"CHARACTER DIP", "Country: France", "Season: Spring 1901 (initial deal)", "bre ", "par ", "mar ", "1F", "1A", "2A"} {
		if !strings.Contains(fr, want) {
			t.Errorf("France's form lacks %q:\n%s", want, fr)
		}
	}
	for _, not := range []string{"lon ", "ber ", "Germany"} {
		if strings.Contains(fr, not) {
			t.Errorf("France's form shows %q:\n%s", not, fr)
		}
	}
	gm, err := g.CardReport("S1901M", engine.Seat{GM: true}, true)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(gm, "**Country:**"); n != 7 {
		t.Errorf("the game master's print has %d forms, want 7", n)
	}
	if n := strings.Count(gm, "\n| ") - 7; n != 22 { // rows less the header rows
		t.Errorf("the game master's forms list %d units, want 22:\n%s", n, gm)
	}
	if _, err := g.CardReport("", engine.Seat{}, false); !errors.Is(err, ErrNotAllowed) {
		t.Errorf("public card report: %v, want ErrNotAllowed", err)
	}
}

// TestAssignmentsWinter: rules 5.a and 15, after a Winter the form lists
// the new units' cards (and every unit below), only the power's own.
func TestAssignmentsWinter(t *testing.T) {
	g := newCharacterGame(t)
	ps, _ := g.Current()
	before := ps.State.Clone()
	before.Phase = engine.Phase{Year: 1901, Season: engine.Winter, Type: engine.Adjustment}
	after := before.Clone()
	after.Phase = engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Movement}
	spa, _ := after.Map.Lookup("spa")
	kie, _ := after.Map.Lookup("kie")
	after.Units = append(after.Units,
		engine.Unit{Power: "france", Type: engine.Army, Number: 3, Loc: engine.Loc{P: spa}},
		engine.Unit{Power: "germany", Type: engine.Fleet, Number: 2, Loc: engine.Loc{P: kie}})
	e := cardsOf(after)
	for _, give := range []struct {
		id   kit.UnitID
		card string
	}{{kit.UnitID{Power: "france", Type: engine.Army, Number: 3}, "9"}, {kit.UnitID{Power: "germany", Type: engine.Fleet, Number: 2}, "10"}} {
		if err := e.GiveCard(give.id, give.card, before.Phase); err != nil {
			t.Fatal(err)
		}
	}
	f := Assignments(before, after, "france", davis(t).Rules)
	if len(f.New) != 1 || f.New[0] != (Assignment{Space: "spa", Label: "3A", Card: "9", Name: "Annihilator"}) {
		t.Errorf("France's new cards %+v, want spa 3A #9 Annihilator", f.New)
	}
	if len(f.All) != 4 {
		t.Errorf("France's units %+v, want 4", f.All)
	}
	for _, a := range f.All {
		if a.Card == "10" {
			t.Errorf("France's form shows Germany's gasser: %+v", a)
		}
	}
	var b strings.Builder
	f.Season = "Winter 1901"
	writeForm(&b, "g", f, false)
	if !strings.Contains(b.String(), "Season: Winter 1901") || !strings.Contains(b.String(), "spa      3A    #9 Annihilator") {
		t.Errorf("form:\n%s", b.String())
	}
}

// TestCardReportWrongPhase: cards are dealt only at the start and in the
// Winter; a movement phase has no form.
func TestCardReportWrongPhase(t *testing.T) {
	g := newCharacterGame(t)
	for p := range map[engine.Power]bool{"england": true, "france": true, "germany": true, "italy": true, "austria": true, "russia": true, "turkey": true} {
		if _, _, err := g.SubmitOrders(phaseNow(g), p, ""); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := g.Process(phaseNow(g)); err != nil {
		t.Fatal(err)
	}
	if _, err := g.CardReport("F1901M", engine.Seat{Power: "france"}, false); err == nil {
		t.Error("a card report for a movement phase")
	}
}

// TestBoardMarksPerSeat: mines are drawn for their layer and the game
// master only (Davis #12, rule 3); closures, suspended centres and civil
// disorder for everyone; expired effects for no one.
func TestBoardMarksPerSeat(t *testing.T) {
	g := newCharacterGame(t)
	ps, _ := g.Current()
	s := ps.State.Clone()
	s.Phase = engine.Phase{Year: 1903, Season: engine.Spring, Type: engine.Movement}
	now := kit.MoveIndex(s.Phase)
	e := cardsOf(s)
	for _, line := range []string{
		"mine hol england", "mine hol germany",
		fmt.Sprintf("closed bur %d annihilated", now), fmt.Sprintf("closed pic %d annihilated", now-1),
		fmt.Sprintf("suspended par %d annihilated", now+2),
		fmt.Sprintf("disorder germany 2A %d gassed", now),
	} {
		if err := e.AddEffect(s, line); err != nil {
			t.Fatal(err)
		}
	}
	count := func(seat engine.Seat) map[string]int {
		n := map[string]int{}
		for _, mk := range BoardMarks(engine.ViewFor(s, nil, seat, g.Variant().Rules)) {
			key := map[render.MarkKind]string{render.MarkMine: "mine", render.MarkClosed: "closed", render.MarkSuspended: "suspended", render.MarkDisorder: "disorder"}[mk.Kind]
			if mk.Kind == render.MarkMine {
				key += " " + string(mk.Power)
			}
			n[key]++
		}
		return n
	}
	for _, tc := range []struct {
		seat engine.Seat
		want map[string]int
	}{
		{engine.Seat{GM: true}, map[string]int{"mine england": 1, "mine germany": 1, "closed": 1, "suspended": 1, "disorder": 1}},
		{engine.Seat{Power: "england"}, map[string]int{"mine england": 1, "closed": 1, "suspended": 1, "disorder": 1}},
		{engine.Seat{Power: "france"}, map[string]int{"closed": 1, "suspended": 1, "disorder": 1}},
		{engine.Seat{}, map[string]int{"closed": 1, "suspended": 1, "disorder": 1}},
	} {
		got := count(tc.seat)
		if len(got) != len(tc.want) {
			t.Errorf("%s sees %v, want %v", tc.seat, got, tc.want)
			continue
		}
		for k, v := range tc.want {
			if got[k] != v {
				t.Errorf("%s sees %v, want %v", tc.seat, got, tc.want)
				break
			}
		}
	}
}

// TestCharacterReports: the real variant's ConcealOutcome is applied to
// every seat's report of an adjudicated phase, and no card of another
// power appears in a power's report.
func TestCharacterReports(t *testing.T) {
	g := newCharacterGame(t)
	submitAll(t, g, openings)
	if _, _, err := g.Process(phaseNow(g)); err != nil {
		t.Fatal(err)
	}
	gmHands, _, err := g.Hands(engine.Seat{GM: true}, "S1901M")
	if err != nil {
		t.Fatal(err)
	}
	for _, seat := range []engine.Seat{{GM: true}, {Power: "france"}, {}} {
		rep, err := g.Report("S1901M", seat)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(rep, "par - bur") || !strings.Contains(rep, "Next: Fall 1901") {
			t.Errorf("%s's report:\n%s", seat, rep)
		}
		if seat.GM {
			continue
		}
		for _, c := range gmHands.Cards {
			if c.Unit.Power != seat.Power && c.ID != "20" && strings.Contains(rep, c.Name) {
				t.Errorf("%s's report names %s's card %s", seat, c.Unit.Power, c.Name)
			}
		}
	}
}

// TestDavisIsACardGame: Character Diplomacy's positions are a
// cardgame.Game, and before 1902 its hand says why the cards wait (rule 7).
func TestDavisIsACardGame(t *testing.T) {
	g := newCharacterGame(t)
	ps, _ := g.Current()
	if cardgame.Of(ps.State) == nil {
		t.Fatal("Character Diplomacy's position is not a cardgame.Game")
	}
	h, _, err := g.Hands(engine.Seat{Power: "france"}, "")
	if err != nil || h.Active || !strings.Contains(h.Inactive, "rule 7") {
		t.Errorf("1901 hand: active %v, %q, %v", h.Active, h.Inactive, err)
	}
	for _, c := range h.Cards {
		if c.Dealt != ps.State.Phase {
			t.Errorf("%s dealt %v, want the initial deal's %v", c.Label, c.Dealt, ps.State.Phase)
		}
	}
}
