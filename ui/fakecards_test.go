package ui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/standard"
)

// ghostCard is one card of ghostGame.
type ghostCard struct {
	Power  engine.Power
	Type   engine.UnitType
	Number int
	ID     string
	Name   string
	Alias  string
}

func (c ghostCard) is(u engine.Unit) bool {
	return c.Power == u.Power && c.Type == u.Type && c.Number == u.Number
}

// ghostGame is a card game the window knows only as a cardgame.Game:
// every unit holds a card, and France's first army, the Ghost, is
// invisible to the other powers in the Spring and seen by all in the
// Fall, so units come and go between phases.
type ghostGame struct{ Cards []ghostCard }

func (e *ghostGame) CloneExtra() engine.Extra { return &ghostGame{Cards: slices.Clone(e.Cards)} }

// ghostly reports whether u is invisible in phase p.
func (e *ghostGame) ghostly(u engine.Unit, p engine.Phase) bool {
	return p.Season == engine.Spring && slices.ContainsFunc(e.Cards, func(c ghostCard) bool { return c.Name == "Ghost" && c.is(u) })
}

func (e *ghostGame) Hand(v engine.View, declared []engine.SpecialSyntax) cardgame.Hand {
	h := cardgame.Hand{Seat: v.Seat, Deck: cardgame.Counts{Pile: 9, Dealt: len(e.Cards)}, Active: true}
	if v.Seat.GM {
		h.Log = []string{"dealt by the fake"}
	}
	for _, gc := range e.Cards {
		c := cardgame.Card{Unit: engine.Unit{Power: gc.Power, Type: gc.Type, Number: gc.Number}, Label: cardgame.Label(gc.Number, gc.Type),
			ID: gc.ID, Name: gc.Name, Alias: gc.Alias, Text: "a fake card"}
		for _, u := range v.State.Units {
			if gc.is(u) {
				c.Unit, c.Space = u, v.State.Map.LocString(u.Loc)
				if e.ghostly(u, v.State.Phase) {
					c.Notes = []string{"invisible"}
				}
			}
		}
		h.Cards = append(h.Cards, c)
	}
	return h
}

func (e *ghostGame) Marks(v engine.View) []cardgame.Mark {
	var out []cardgame.Mark
	for _, u := range v.State.Units {
		if e.ghostly(u, v.State.Phase) {
			out = append(out, cardgame.Mark{Kind: cardgame.MarkHidden, Prov: u.Loc.P, Power: u.Power, Why: "invisible"})
		}
	}
	return out
}

func (e *ghostGame) DealByHand(*engine.State, engine.Unit, string, engine.Phase, *engine.Rand) (string, error) {
	return "", fmt.Errorf("ghost: no deals by hand")
}

// ghostVariant is the standard board with ghostGame's cards.
func ghostVariant() *engine.Variant {
	v := *standard.Variant
	v.ID, v.Name = "ghosts", "Ghosts"
	v.Setup = func(s *engine.State, _ map[string]string, _ *engine.Rand) error {
		e := &ghostGame{}
		n := map[string]int{}
		for i, u := range s.Units {
			k := string(u.Power) + u.Type.String()
			n[k]++
			s.Units[i].Number = n[k]
			c := ghostCard{Power: u.Power, Type: u.Type, Number: n[k], ID: fmt.Sprint(i), Name: "Ordinary", Alias: "Ace of Cups"}
			if u.Power == "france" && k == "franceA" && n[k] == 1 {
				c.Name, c.Alias = "Ghost", "The Fool"
			}
			e.Cards = append(e.Cards, c)
		}
		s.Extra = e
		return nil
	}
	v.DecodeExtra = func(b []byte) (engine.Extra, error) {
		e := &ghostGame{}
		return e, json.Unmarshal(b, e)
	}
	v.Rules = &engine.Rules{Conceal: func(v *engine.View) {
		e, ok := v.State.Extra.(*ghostGame)
		if !ok || v.Seat.GM {
			return
		}
		v.State.Units = slices.DeleteFunc(v.State.Units, func(u engine.Unit) bool {
			return u.Power != v.Seat.Power && e.ghostly(u, v.State.Phase)
		})
		e.Cards = slices.DeleteFunc(e.Cards, func(c ghostCard) bool { return c.Power != v.Seat.Power })
	}}
	return &v
}

func ghostWindow(t *testing.T, td *testDesk, seat string) (*session.Game, *GameWindow) {
	t.Helper()
	g, err := session.CreateWith(filepath.Join(td.dir, "ghost-"+seat+".dipdesk"), ghostVariant(), session.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	gw, err := td.showGame(g, seat, false)
	if err != nil {
		t.Fatal(err)
	}
	return g, gw
}

// TestFakeCardsTab: a card game that is not Davis's fills the Cards tab
// (with the physical card's alias beside the name, and the card's notes)
// and the board's marks, from the seat's view only.
func TestFakeCardsTab(t *testing.T) {
	td := newTestDesk(t)
	for _, tc := range []struct {
		seat   string
		cards  int
		ghost  bool // the Ghost's card and its hidden mark are shown
		marked int
	}{
		{"gm", 22, true, 1},
		{"france", 3, true, 1},
		{"germany", 3, false, 0},
	} {
		t.Run(tc.seat, func(t *testing.T) {
			_, gw := ghostWindow(t, td, tc.seat)
			if gw.cards == nil {
				t.Fatal("no Cards tab for a cardgame.Game")
			}
			lines := gw.cards.Lines()
			text := strings.Join(lines, "\n")
			if len(lines) != tc.cards || !strings.Contains(text, "(Ace of Cups)") {
				t.Errorf("%d cards, want %d:\n%s", len(lines), tc.cards, text)
			}
			if got := strings.Contains(text, "1A par: #") && strings.Contains(text, "Ghost (The Fool) — invisible — "); got != tc.ghost {
				t.Errorf("the Ghost shown: %v, want %v:\n%s", got, tc.ghost, text)
			}
			sc := td.board(gw).last(t)
			n := 0
			for _, mk := range sc.Marks {
				if mk.Kind == render.MarkHidden && mk.Power == "france" {
					n++
				}
			}
			if n != tc.marked || len(sc.Marks) != tc.marked {
				t.Errorf("marks %+v, want %d hidden French unit", sc.Marks, tc.marked)
			}
			if got := strings.Contains(gw.cards.LegendText(), render.MarkHidden.Legend()); got != (tc.marked > 0) {
				t.Errorf("the legend of the hidden mark shown: %v, want %v (%q)", got, tc.marked > 0, gw.cards.LegendText())
			}
		})
	}
}

// TestFakeCardForm: the card form of a card game that is not Davis's,
// exported from the window, names the physical card beside the name.
func TestFakeCardForm(t *testing.T) {
	td := newTestDesk(t)
	_, gw := ghostWindow(t, td, "france")
	path := filepath.Join(td.dir, "form.txt")
	if err := gw.ExportCardForm(path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	if !strings.Contains(text, "par      1A    #") || !strings.Contains(text, "Ghost (The Fool)") || strings.Contains(text, "Germany") {
		t.Errorf("form:\n%s", text)
	}
}

// TestHiddenUnitsComeAndGo: Germany's board lacks the French Ghost in
// the Spring and shows it in the Fall; moving through the history, with
// the results of the Ghost's own move, draws each phase as it was seen.
func TestHiddenUnitsComeAndGo(t *testing.T) {
	td := newTestDesk(t)
	g, gw := ghostWindow(t, td, "germany")
	par, _ := gw.m.Lookup("par")
	if _, _, err := g.SubmitOrders("S1901M", "france", "A par - bur"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.Process("S1901M"); err != nil {
		t.Fatal(err)
	}
	gw.refresh()
	gw.showPhase(len(gw.phases) - 1)
	bur, _ := gw.m.Lookup("bur")
	fall := td.board(gw).last(t)
	if fall.View.State.UnitAt(bur) < 0 {
		t.Fatal("the Ghost is not seen in Burgundy in the Fall")
	}
	gw.showPhase(0)
	spring := td.board(gw).last(t)
	if spring.View.State.UnitAt(par) >= 0 || spring.View.State.UnitAt(bur) >= 0 {
		t.Error("Germany sees the Ghost in the Spring")
	}
	img := gw.exporter.Render(spring.View, spring.Orders, spring.Results, render.Options{Width: 400, Height: 300, ShowOrders: true, ShowResults: true, Marks: spring.Marks})
	if img.Bounds().Dx() != 400 {
		t.Errorf("the Spring with its results drew %v", img.Bounds())
	}
	gw.showPhase(1)
	if td.board(gw).last(t).View.State.UnitAt(bur) < 0 {
		t.Error("back in the Fall, the Ghost is gone from the board")
	}
}

// TestDragUnitThatVanishes: a unit being dragged that is gone from the
// next scene (the phase changed, an invisible unit) gives no order.
func TestDragUnitThatVanishes(t *testing.T) {
	sc := springScene(t, "france", "")
	rg := newRig(t, sc, 1200, 900)
	a, b := rg.at("par"), rg.at("bur")
	drag := func() {
		rg.b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: a}, Dragged: fyne.NewDelta(b.X-a.X, b.Y-a.Y)})
	}
	// The same drag with the unit still there is an order.
	drag()
	rg.b.DragEnd()
	rg.wantOrders("A par - bur")
	rg.orders = nil
	drag()
	gone := springScene(t, "france", "")
	st := gone.View.State
	st.Units = slices.DeleteFunc(st.Units, func(u engine.Unit) bool { return u.Loc.P == loc(t, rg.m, "par").P })
	rg.b.SetScene(gone)
	rg.b.DragEnd()
	if len(rg.orders) != 0 {
		t.Errorf("a vanished unit was ordered: %v", formatAll(rg.m, rg.orders))
	}
}
