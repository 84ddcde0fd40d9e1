package ui

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// cardWindow makes Character Diplomacy games until one deals a unit the
// card named name, plays holds until phase (a short name: "S1902M"), and
// opens the window as the holder's power.
func cardWindow(t *testing.T, td *testDesk, name, phase string) (*GameWindow, session.HandCard) {
	t.Helper()
	for seed := uint64(1); seed < 300; seed++ {
		path := filepath.Join(td.dir, "c"+strconv.FormatUint(seed, 10)+".dipdesk")
		g, err := session.Create(path, session.Options{Variant: "character", Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for {
			cur, err := g.Current()
			if err != nil {
				t.Fatal(err)
			}
			if cur.State.Phase.Key() == phase {
				break
			}
			if _, _, err := g.Process(cur.State.Phase.Key()); err != nil {
				t.Fatal(err)
			}
		}
		h, _, err := g.Hands(engine.Seat{GM: true}, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range h.Cards {
			if c.Name == name && c.Space != "" {
				gw, err := td.showGame(g, string(c.Unit.Power), false)
				if err != nil {
					t.Fatal(err)
				}
				gw.win.Resize(fyne.NewSize(1400, 900))
				gw.refresh()
				return gw, c
			}
		}
		g.Close()
	}
	t.Fatalf("no seed deals a %s", name)
	return nil, session.HandCard{}
}

// TestCardDragShowsCardAndTargets: while the Annihilator's card is
// dragged it follows the pointer and the provinces it may strike are lit
// on the board; letting go puts both away.
func TestCardDragShowsCardAndTargets(t *testing.T) {
	td := newTestDesk(t)
	gw, nine := cardWindow(t, td, "Annihilator", "S1902M")
	v := gw.cards.card(nine.Unit.Power, nine.Label)
	if v == nil {
		t.Fatal("no card view")
	}
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{AbsolutePosition: fyne.NewPos(900, 300)}, Dragged: fyne.NewDelta(-300, 50)})
	b := td.board(gw).Board
	origin := fyne.CurrentApp().Driver().AbsolutePositionForObject(gw.ghost.layer)
	if at := gw.ghost.Position().Add(origin); !gw.ghost.Visible() || !strings.Contains(gw.ghost.Text(), "#9 Annihilator") || at != fyne.NewPos(614, 364) {
		t.Fatalf("ghost visible %v %q at %v (on the canvas), want under the pointer at 600,350", gw.ghost.Visible(), gw.ghost.Text(), at)
	}
	if len(b.targets) == 0 {
		t.Fatal("no province lit while the card is dragged")
	}
	for _, l := range b.targets {
		text := nine.Template(nine.Orders[0]) + gw.m.Provinces[l.P].Abbr
		if c := session.CheckOrders(gw.g.Variant(), gw.curView, nine.Unit.Power, text); len(c.Problems) > 0 {
			t.Errorf("%s lit, but %q is %v", gw.m.Provinces[l.P].Name, text, c.Problems)
		}
	}
	v.DragEnd()
	if gw.ghost.Visible() || len(b.targets) != 0 {
		t.Error("the card and the lit provinces stay after the drop")
	}
}

// TestCardOrderFromTheUnitsMenu: the Annihilator's menu lists the
// provinces it may strike; choosing one gives the order, no typing.
func TestCardOrderFromTheUnitsMenu(t *testing.T) {
	td := newTestDesk(t)
	gw, nine := cardWindow(t, td, "Annihilator", "S1902M")
	b := td.board(gw).Board
	pos, ok := locPos(b, gw.m.Provinces[nine.Unit.Loc.P].Abbr)
	if !ok {
		t.Fatal("the unit's province is not on the board")
	}
	b.TappedSecondary(&fyne.PointEvent{Position: pos})
	if b.menu == nil {
		t.Fatal("no menu")
	}
	var special *fyne.MenuItem
	for _, it := range b.menu.Items {
		if strings.HasPrefix(it.Label, "annihilate (#9") {
			special = it
		}
	}
	if special == nil || special.ChildMenu == nil || len(special.ChildMenu.Items) < 3 {
		t.Fatalf("no annihilate submenu: %q", menuLabels(b.menu))
	}
	special.ChildMenu.Items[0].Action()
	cur, _ := gw.g.Current()
	orders, _ := gw.g.Orders(cur.Phase)
	if len(orders) != 1 || orders[0].Special != "annihilate" {
		t.Fatalf("stored %+v", orders)
	}
}

// TestVoluntaryRetreatOnTheBoard: in the retreat phase after Spring 1902
// a Retreater (#14) not dislodged is dragged to a neighbour, its places
// lit while it moves, and right-clicked for the same retreats.
func TestVoluntaryRetreatOnTheBoard(t *testing.T) {
	td := newTestDesk(t)
	gw, r := cardWindow(t, td, "Retreater", "S1902R")
	sc := td.board(gw).last(t)
	if len(sc.Retreaters) != 1 || len(sc.Retreaters[0].To) == 0 {
		t.Fatalf("retreaters in the scene %+v", sc.Retreaters)
	}
	to := sc.Retreaters[0].To[0]
	b := td.board(gw).Board
	from, ok := locPos(b, gw.m.Provinces[r.Unit.Loc.P].Abbr)
	dest, ok2 := locPos(b, gw.m.Provinces[to.P].Abbr)
	if !ok || !ok2 {
		t.Fatal("provinces not on the board")
	}
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: from}, Dragged: fyne.NewDelta(dest.X-from.X, dest.Y-from.Y)})
	if b.drag == nil || !b.drag.voluntary || len(b.drag.targets) == 0 {
		t.Fatalf("the Retreater is not being dragged: %+v", b.drag)
	}
	b.DragEnd()
	want := gw.m.LocString(r.Unit.Loc) + " - " + gw.m.LocString(to)
	if got := stored(t, gw, r.Unit.Power); !strings.HasSuffix(got, want) {
		t.Fatalf("stored %q, want %q", got, want)
	}
	b.TappedSecondary(&fyne.PointEvent{Position: from})
	if b.menu == nil || len(b.menu.Items) != len(sc.Retreaters[0].To) {
		t.Fatalf("the Retreater's menu %v", b.menu)
	}
}
