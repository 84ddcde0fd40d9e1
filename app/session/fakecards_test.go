package session

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/standard"
)

// fakeCard is one card of fakeGame: a unit's card, by power, type and
// number, as a tiny Galt-like variant would keep it.
type fakeCard struct {
	Power  engine.Power
	Type   engine.UnitType
	Number int
	ID     string
	Name   string
	Alias  string // the Tarot card the game master deals for it
	Dealt  engine.Phase
	Hidden bool // the unit is invisible to the other powers
	Public bool // revealed to all
}

// fakeGame is a card game that is not Davis's: every unit holds a card,
// France's first army is invisible, and the variant's Conceal removes
// what a seat may not see (other powers' secret cards and invisible
// units). leaky makes Hand return every card whatever the seat, as a
// buggy variant would, to check that the session still keeps them back.
type fakeGame struct {
	Cards []fakeCard
	Log   []string
	leaky bool
}

func (e *fakeGame) CloneExtra() engine.Extra {
	c := *e
	c.Cards, c.Log = slices.Clone(e.Cards), slices.Clone(e.Log)
	return &c
}

func (c fakeCard) is(u engine.Unit) bool {
	return c.Power == u.Power && c.Type == u.Type && c.Number == u.Number
}

func (e *fakeGame) Hand(v engine.View, declared []engine.SpecialSyntax) cardgame.Hand {
	h := cardgame.Hand{Seat: v.Seat, Deck: cardgame.Counts{Pile: 40, Dealt: len(e.Cards)}, Active: true}
	if v.Seat.GM {
		h.Log = slices.Clone(e.Log)
	}
	for _, fc := range e.Cards {
		c := cardgame.Card{Unit: engine.Unit{Power: fc.Power, Type: fc.Type, Number: fc.Number},
			Label: cardgame.Label(fc.Number, fc.Type), ID: fc.ID, Name: fc.Name, Alias: fc.Alias, Dealt: fc.Dealt,
			Text: "does what " + fc.Name + " does"}
		for _, u := range v.State.Units {
			if fc.is(u) {
				c.Unit, c.Space = u, v.State.Map.LocString(u.Loc)
			}
		}
		if fc.Hidden {
			c.Notes = append(c.Notes, "invisible")
		}
		if fc.Public {
			c.Revealed = "revealed S1901M: shown"
		}
		for _, d := range declared {
			if d.Name == "vanish" && fc.Hidden {
				c.Orders = append(c.Orders, cardgame.Order{SpecialSyntax: d, TakesProvince: true})
			}
		}
		h.Cards = append(h.Cards, c)
	}
	return h
}

func (e *fakeGame) Marks(v engine.View) []cardgame.Mark {
	var out []cardgame.Mark
	for _, fc := range e.Cards {
		for _, u := range v.State.Units {
			if fc.Hidden && fc.is(u) {
				out = append(out, cardgame.Mark{Kind: cardgame.MarkHidden, Prov: u.Loc.P, Power: u.Power, Why: "invisible"})
			}
		}
	}
	return out
}

func (e *fakeGame) DealByHand(s *engine.State, u engine.Unit, id string, start engine.Phase, rng *engine.Rand) (string, error) {
	for i, fc := range e.Cards {
		if fc.is(u) {
			e.Cards[i].ID, e.Cards[i].Name, e.Cards[i].Alias, e.Cards[i].Dealt = id, "Card "+id, "Ace of Cups", s.Phase
			e.Log = append(e.Log, fmt.Sprintf("%s %s dealt %s by hand", u.Power, cardgame.Label(u.Number, u.Type), id))
			return "Card " + id, nil
		}
	}
	return "", fmt.Errorf("fake: no unit %s", cardgame.Label(u.Number, u.Type))
}

// conceal is the fake variant's Conceal, on the view's copy e: a power keeps its own cards and
// the public ones, and does not see the others' invisible units.
func (e *fakeGame) conceal(v *engine.View) {
	if v.Seat.GM {
		return
	}
	v.State.Units = slices.DeleteFunc(v.State.Units, func(u engine.Unit) bool {
		return u.Power != v.Seat.Power && slices.ContainsFunc(e.Cards, func(c fakeCard) bool { return c.Hidden && c.is(u) })
	})
	if !e.leaky {
		e.Cards = slices.DeleteFunc(e.Cards, func(c fakeCard) bool { return !c.Public && c.Power != v.Seat.Power })
		e.Log = nil
	}
}

// fakeVariant is the standard board with fakeGame's cards: France's 1A
// invisible with "The Fool", Germany's 1A revealed.
func fakeVariant(leaky bool) *engine.Variant {
	v := *standard.Variant
	v.ID, v.Name = "fakecards", "Fake cards"
	v.Specials = []engine.SpecialSyntax{{Verb: "vanish", Name: "vanish"}}
	v.Setup = func(s *engine.State, _ map[string]string, _ *engine.Rand) error {
		e := &fakeGame{leaky: leaky}
		n := map[string]int{}
		for i, u := range s.Units {
			k := string(u.Power) + u.Type.String()
			n[k]++
			s.Units[i].Number = n[k]
			c := fakeCard{Power: u.Power, Type: u.Type, Number: n[k], ID: "G" + fmt.Sprint(i), Name: "Ordinary", Alias: "Ace of Cups", Dealt: s.Phase}
			if u.Power == "france" && u.Type == engine.Army && n[k] == 1 {
				c.Name, c.Alias, c.Hidden = "Ghost", "The Fool", true
			}
			c.Public = u.Power == "germany" && u.Type == engine.Army && n[k] == 1
			e.Cards = append(e.Cards, c)
		}
		e.Log = []string{"dealt every card"}
		s.Extra = e
		return nil
	}
	v.DecodeExtra = func(b []byte) (engine.Extra, error) {
		e := &fakeGame{leaky: leaky}
		return e, json.Unmarshal(b, e)
	}
	v.Rules = &engine.Rules{Conceal: func(v *engine.View) {
		if e, ok := v.State.Extra.(*fakeGame); ok {
			e.conceal(v)
		}
	}}
	return &v
}

func newFakeGame(t *testing.T, leaky bool) *Game {
	t.Helper()
	g, err := CreateWith(filepath.Join(t.TempDir(), "fake.dipdesk"), fakeVariant(leaky), Options{Seed: 1, Now: fixedClock()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

// TestFakeCardGameHands: the session serves a card game it knows only as
// a cardgame.Game: a power sees its own cards (with their alias and
// notes) and the revealed one, the game master every card and the log.
func TestFakeCardGameHands(t *testing.T) {
	g := newFakeGame(t, false)
	if !g.HasCards() {
		t.Fatal("a cardgame.Game's positions have no cards")
	}
	for _, tc := range []struct {
		seat  engine.Seat
		cards int
		log   bool
	}{
		{engine.Seat{GM: true}, 22, true},
		{engine.Seat{Power: "france"}, 3 + 1, false},
		{engine.Seat{Power: "russia"}, 4 + 1, false},
		{engine.Seat{}, 1, false},
	} {
		h, ok, err := g.Hands(tc.seat, "")
		if err != nil || !ok {
			t.Fatalf("%s: %v %v", tc.seat, ok, err)
		}
		if len(h.Cards) != tc.cards || (len(h.Log) > 0) != tc.log {
			t.Errorf("%s: %d cards, log %q; want %d cards, log %v", tc.seat, len(h.Cards), h.Log, tc.cards, tc.log)
		}
		for _, c := range h.Cards {
			if c.Name == "Ghost" && (c.Alias != "The Fool" || !slices.Equal(c.Notes, []string{"invisible"}) || c.Space != "par" || len(c.Orders) != 1) {
				t.Errorf("%s: the Ghost as %+v", tc.seat, c)
			}
		}
	}
}

// TestHandNeverShowsSecrets: whatever a variant's Hand returns (here one
// that forgets to check the seat), a seat's hand holds no other power's
// secret card and no deal log; the game master's holds all.
func TestHandNeverShowsSecrets(t *testing.T) {
	for _, leaky := range []bool{false, true} {
		g := newFakeGame(t, leaky)
		for _, p := range g.Map().PowerIDs() {
			for _, seat := range []engine.Seat{{Power: p}, {}} {
				h, _, err := g.Hands(seat, "")
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range h.Cards {
					if c.Unit.Power != seat.Power && c.Revealed == "" && len(c.Told) == 0 {
						t.Errorf("leaky %v: %s's hand holds %s's secret %s", leaky, seat, c.Unit.Power, c.Name)
					}
				}
				if len(h.Log) > 0 {
					t.Errorf("leaky %v: %s sees the deal log", leaky, seat)
				}
			}
		}
		if h, _, _ := g.Hands(engine.Seat{GM: true}, ""); len(h.Cards) != 22 {
			t.Errorf("leaky %v: the game master sees %d cards", leaky, len(h.Cards))
		}
	}
}

// TestFakeBoardMarks: the invisible unit's mark reaches its owner and the
// game master only, and the others' views lack the unit itself.
func TestFakeBoardMarks(t *testing.T) {
	g := newFakeGame(t, false)
	par, _ := g.Map().Lookup("par")
	for _, tc := range []struct {
		seat   engine.Seat
		hidden bool
	}{
		{engine.Seat{GM: true}, true},
		{engine.Seat{Power: "france"}, true},
		{engine.Seat{Power: "germany"}, false},
		{engine.Seat{}, false},
	} {
		v, err := g.View(tc.seat, "")
		if err != nil {
			t.Fatal(err)
		}
		marks := BoardMarks(v)
		got := len(marks) == 1 && marks[0] == render.Mark{Kind: render.MarkHidden, Prov: par, Power: "france", Why: "invisible"}
		if got != tc.hidden || (!tc.hidden && len(marks) != 0) {
			t.Errorf("%s: marks %+v, want the hidden French army: %v", tc.seat, marks, tc.hidden)
		}
		if seen := v.State.UnitAt(par) >= 0; seen != tc.hidden {
			t.Errorf("%s sees the invisible army in Paris: %v", tc.seat, seen)
		}
	}
}

// TestFakeCardForm: the Winter form (here the initial deal) is computed
// from the seat's hand for any card game, with the physical card dealt
// beside the name; a deal by hand through the edit command reaches the
// variant's DealByHand and is new on the form.
func TestFakeCardForm(t *testing.T) {
	g := newFakeGame(t, false)
	text, err := g.CardReport("", engine.Seat{Power: "france"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "par      1A    #G") || !strings.Contains(text, "Ghost (The Fool)") || strings.Contains(text, "Germany") {
		t.Errorf("France's form:\n%s", text)
	}
	e, err := g.ParseEdit([]string{"card", "france", "1Amp", "G9"})
	if err != nil || e.Kind != DealCard || e.Unit.Number != 1 || e.Unit.Type != engine.Army {
		t.Fatalf("edit card france 1Amp G9: %+v %v", e, err)
	}
	if err := g.ApplyEdit(phaseNow(g), e); err != nil {
		t.Fatal(err)
	}
	h, _, _ := g.Hands(engine.Seat{Power: "france"}, "")
	if i := slices.IndexFunc(h.Cards, func(c HandCard) bool { return c.Label == "1A" }); i < 0 || h.Cards[i].ID != "G9" || h.Cards[i].Alias != "Ace of Cups" {
		t.Errorf("after the deal by hand France holds %+v", h.Cards)
	}
	ps, _ := g.Current()
	before := ps.State.Clone()
	before.Phase = engine.Phase{Year: 1900, Season: engine.Winter, Type: engine.Adjustment}
	f := Assignments(before, ps.State, "france", g.Variant().Rules)
	if len(f.New) != 3 || len(f.All) != 3 {
		t.Errorf("form after a deal in the phase: %+v", f)
	}
	before.Phase = engine.Phase{Year: 1901, Season: engine.Fall, Type: engine.Movement}
	if f := Assignments(before, ps.State, "france", g.Variant().Rules); len(f.New) != 0 || len(f.All) != 3 {
		t.Errorf("cards dealt before the Winter counted as new: %+v", f)
	}
}
