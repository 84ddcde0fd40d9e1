package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/variants"
)

// TestGaltInTheWindow plays the start of a Character Diplomacy II game in
// the window: France's Cards tab names each card with its Tarot card and
// offers the Ghost's orders from Spring 1901; tapping "invisible" starts
// the order, dropping the card on Burgundy gives it; after the turn
// France's board shows its Ghost hidden (translucent, for France alone)
// and Germany's board does not show it at all.
func TestGaltInTheWindow(t *testing.T) {
	td := newTestDesk(t)
	// Seed 19 deals France's 2A Marseilles the Ghost (Justice).
	galt, _ := variants.Lookup("character2")
	g, err := session.CreateWith(filepath.Join(td.dir, "galt.dipdesk"), galt, session.Options{Seed: 19})
	if err != nil {
		t.Fatal(err)
	}
	gw, err := td.showGame(g, "france", false)
	if err != nil {
		t.Fatal(err)
	}
	if gw.cards == nil {
		t.Fatal("no Cards tab in a Character Diplomacy II game")
	}
	v := gw.cards.card("france", "2A")
	if v == nil || !strings.Contains(v.title(), "Ghost (Justice)") {
		t.Fatalf("France's 2A card: %v", v)
	}
	if len(gw.cards.views) != 3 {
		t.Errorf("France sees %d cards, want its 3", len(gw.cards.views))
	}
	var invisible *session.CardOrder
	for i, o := range v.card.Orders {
		if o.Name == "invisible" {
			invisible = &v.card.Orders[i]
			if v.buttons[i].Disabled() {
				t.Error("the Ghost's order is disabled in Spring 1901 (Galt's powers act from the first turn)")
			}
			test.Tap(v.buttons[i])
		}
	}
	if invisible == nil {
		t.Fatalf("the Ghost's card offers no invisible order: %+v", v.card.Orders)
	}
	if got := gw.panels["france"].Text(); !strings.HasSuffix(got, "2A mar invisible ") {
		t.Errorf("order panel %q, want the invisible order started", got)
	}
	gw.panels["france"].SetText("")
	bur, _ := gw.m.Lookup("bur")
	gw.cardOnProvince(v.card, *invisible, engine.Loc{P: bur})
	view, err := g.View(engine.Seat{Power: "france"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(view.Pending) != 1 || view.Pending[0].Special != "invisible" {
		t.Fatalf("pending %+v, want the Ghost's invisible move", view.Pending)
	}
	if _, _, err := g.Process("S1901M"); err != nil {
		t.Fatal(err)
	}
	gw.viewIdx = 1 << 20
	gw.refresh()
	hidden := false
	for _, m := range gw.scene.Marks {
		hidden = hidden || (m.Kind == render.MarkHidden && m.Prov == bur && m.Power == "france")
	}
	if !hidden {
		t.Errorf("France's board lacks its hidden Ghost in Burgundy: marks %+v", gw.scene.Marks)
	}
	ge, err := td.showGame(g, "germany", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range ge.scene.View.State.Units {
		if u.Power == "france" && u.Type == engine.Army && u.Number == 2 {
			t.Errorf("Germany's board shows France's invisible Ghost at %s", gw.m.LocString(u.Loc))
		}
	}
	for _, m := range ge.scene.Marks {
		if m.Power == "france" {
			t.Errorf("Germany's board carries a French mark: %+v", m)
		}
	}
}
