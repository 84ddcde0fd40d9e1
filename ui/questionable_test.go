package ui

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// questionableGame creates a Questionable Character Diplomacy game at
// path and plays it with no orders to Spring 1902's characters' step,
// the first in which the Killer acts (rule 7).
func questionableGame(t *testing.T, path string) *session.Game {
	t.Helper()
	g, err := session.Create(path, session.Options{Variant: "questionable", Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for {
		cur, err := g.Current()
		if err != nil {
			t.Fatal(err)
		}
		if cur.State.Phase.Key() == "S1902.characters" {
			return g
		}
		if _, _, err := g.Process(cur.State.Phase.Key()); err != nil {
			t.Fatal(err)
		}
	}
}

// questionableWindow opens such a game as power's seat.
func questionableWindow(t *testing.T, td *testDesk, power string) *GameWindow {
	t.Helper()
	g := questionableGame(t, filepath.Join(td.dir, "q-"+power+".dipdesk"))
	gw, err := td.showGame(g, power, false)
	if err != nil {
		t.Fatal(err)
	}
	gw.win.Resize(fyne.NewSize(1400, 900))
	gw.refresh()
	return gw
}

// storedOrders are power's orders stored for the phase being played.
func storedOrders(t *testing.T, gw *GameWindow, power engine.Power) []string {
	t.Helper()
	cur, err := gw.g.Current()
	if err != nil {
		t.Fatal(err)
	}
	orders, err := gw.g.Orders(cur.Phase)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, o := range orders {
		if o.Power == power {
			out = append(out, strings.ToLower(o.Format(gw.m))) // a seat order's words are kept as read, in lower case
		}
	}
	return out
}

// dragCharacter drags power's character name from its card onto the unit
// in province abbr, as the test driver does (one Dragged event).
func dragCharacter(t *testing.T, td *testDesk, gw *GameWindow, power engine.Power, name, abbr string) {
	t.Helper()
	v := gw.cards.card(power, name)
	if v == nil {
		t.Fatalf("no %s in %s's hand: %q", name, power, gw.cards.Lines())
	}
	b := td.board(gw).Board
	pos, ok := provinceMiddle(b, abbr)
	if !ok {
		t.Fatalf("%s is not on the board", abbr)
	}
	d := fyne.CurrentApp().Driver()
	to := d.AbsolutePositionForObject(gw.board).Add(pos)
	from := d.AbsolutePositionForObject(v).AddXY(20, 20)
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{AbsolutePosition: from}, Dragged: fyne.NewDelta(to.X-from.X, to.Y-from.Y)})
	v.DragEnd()
}

// provinceMiddle is the point of province abbr on board b nearest the
// middle of its pixels (a province's first pixel may lie on its border).
func provinceMiddle(b *Board, abbr string) (fyne.Position, bool) {
	want, _ := b.m.Lookup(abbr)
	var pts []fyne.Position
	s := b.Size()
	for y := float32(2); y < s.Height; y += 3 {
		for x := float32(2); x < s.Width; x += 3 {
			if l, ok := b.locAt(fyne.NewPos(x, y)); ok && l.P == want {
				pts = append(pts, fyne.NewPos(x, y))
			}
		}
	}
	if len(pts) == 0 {
		return fyne.Position{}, false
	}
	var c fyne.Position
	for _, p := range pts {
		c = c.Add(p)
	}
	c = fyne.NewPos(c.X/float32(len(pts)), c.Y/float32(len(pts)))
	best, bd := pts[0], float32(1e9)
	for _, p := range pts {
		if d := (p.X-c.X)*(p.X-c.X) + (p.Y-c.Y)*(p.Y-c.Y); d < bd {
			best, bd = p, d
		}
	}
	return best, true
}

// menuItem finds the item of menu m whose label starts with label.
func menuItem(t *testing.T, m *fyne.Menu, label string) *fyne.MenuItem {
	t.Helper()
	if m == nil {
		t.Fatalf("no menu, wanted %q", label)
	}
	for _, it := range m.Items {
		if strings.HasPrefix(it.Label, label) {
			return it
		}
	}
	t.Fatalf("no %q in the menu %q", label, menuLabels(m))
	return nil
}

// TestCharacterDragCompletesTheOrder: in the game window, dropping a
// character on a unit gives its order at once (the Embezzler); the
// Briber asks in a menu for the order its target is to carry out, and
// dropping it on another unit changes its order rather than adding a
// second; a character that may not act on a unit says why and gives
// nothing (rule 9; a Gambler with no piece touching the target); the
// Killer and the Thug protecting a leader are ordered from the card's
// button. Every order is stored as given.
func TestCharacterDragCompletesTheOrder(t *testing.T) {
	td := newTestDesk(t)
	gw := questionableWindow(t, td, "germany")
	b := td.board(gw).Board

	// The characters' step takes the seats' orders: the panel's example
	// says so, not "A par - bur".
	if ph := gw.panels["germany"].entry.PlaceHolder; !strings.Contains(ph, "bribe, embezzle") || strings.Contains(ph, "A par - bur") {
		t.Errorf("the characters' step's example: %q", ph)
	}
	dragCharacter(t, td, gw, "germany", "Embezzler", "war")
	if got := storedOrders(t, gw, "germany"); !slices.Equal(got, []string{"embezzle a war"}) {
		t.Fatalf("after the Embezzler's drop: %q (status %q)", got, gw.status.Text)
	}

	// The Briber: a menu of the target's orders under the pointer.
	dragCharacter(t, td, gw, "germany", "Briber", "war")
	if !strings.Contains(gw.status.Text, "choose the order it wants") {
		t.Errorf("status %q", gw.status.Text)
	}
	menuItem(t, b.menu, "Move to Silesia").Action()
	if got := storedOrders(t, gw, "germany"); !slices.Equal(got, []string{"embezzle a war", "bribe a war - sil"}) {
		t.Fatalf("after the Briber's move: %q", got)
	}
	dragCharacter(t, td, gw, "germany", "Briber", "mos")
	sub := menuItem(t, b.menu, "Support").ChildMenu
	menuItem(t, sub, "Support A war - ukr").Action()
	if got := storedOrders(t, gw, "germany"); !slices.Equal(got, []string{"embezzle a war", "bribe a mos s a war - ukr"}) {
		t.Fatalf("the Briber dropped on another unit: %q, want its order changed", got)
	}

	// Refused drops change nothing and say why.
	dragCharacter(t, td, gw, "germany", "Hooker", "ber")
	if !strings.Contains(gw.status.Text, "rule 9") {
		t.Errorf("the Hooker on Germany's own army: status %q", gw.status.Text)
	}
	dragCharacter(t, td, gw, "germany", "Gambler", "war")
	if !strings.Contains(gw.status.Text, "Germany's Gambler") || !strings.Contains(gw.status.Text, "touches") {
		t.Errorf("the Gambler with no working piece: status %q", gw.status.Text)
	}
	if got := storedOrders(t, gw, "germany"); len(got) != 2 {
		t.Fatalf("a refused drop stored %q", got)
	}

	// The Killer and the Thug from their buttons.
	gw.cards.card("germany", "Killer").buttons[0].OnTapped()
	if labels := menuLabels(b.menu); slices.ContainsFunc(labels, func(l string) bool { return strings.Contains(l, "kill germany") }) {
		t.Errorf("the Killer offers its own leader: %q", labels)
	}
	menuItem(t, b.menu, "France's leader").Action()
	gw.cards.card("germany", "Thug").buttons[0].OnTapped()
	menuItem(t, b.menu, "Germany's leader").Action()
	want := []string{"embezzle a war", "bribe a mos s a war - ukr", "kill france", "protect leader germany"}
	if got := storedOrders(t, gw, "germany"); !slices.Equal(got, want) {
		t.Fatalf("stored %q, want %q", got, want)
	}
	if c := session.CheckOrders(gw.g.Variant(), gw.curView, "germany", gw.panels["germany"].Text()); len(c.Problems) > 0 {
		t.Errorf("the orders given have problems: %v", c.Problems)
	}
}

// TestGamblerAsksForItsWorkingPiece: the Gambler dropped on a unit one of
// its country's pieces touches asks which piece works with it; only
// Trieste is lit while Italy's Gambler is dragged.
func TestGamblerAsksForItsWorkingPiece(t *testing.T) {
	td := newTestDesk(t)
	gw := questionableWindow(t, td, "italy")
	b := td.board(gw).Board
	v := gw.cards.card("italy", "Gambler")
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{AbsolutePosition: fyne.NewPos(900, 600)}, Dragged: fyne.NewDelta(-10, -10)})
	tri, _ := gw.m.Lookup("tri")
	if !slices.Equal(b.targets, []engine.Loc{{P: tri}}) || !strings.Contains(gw.ghost.Text(), "Italy's Gambler") {
		t.Errorf("lit %v, ghost %q: want Trieste alone", b.targets, gw.ghost.Text())
	}
	v.DragEnd()
	dragCharacter(t, td, gw, "italy", "Gambler", "tri")
	if labels := menuLabels(b.menu); len(labels) != 3 {
		t.Errorf("the working pieces offered: %q (want A ven, then Write it…)", labels)
	}
	menuItem(t, b.menu, "With A ven").Action()
	if got := storedOrders(t, gw, "italy"); !slices.Equal(got, []string{"gamble f tri with a ven"}) {
		t.Fatalf("stored %q", got)
	}
}

// TestCharacterHandStates: the Cards tab shows a seat's characters with
// their state, the Killer's wait in 1901, and every other country's
// characters compactly; a seat card's button offers the units it may act
// on, never its own country's (rule 9), and finishes the order as a drop.
func TestCharacterHandStates(t *testing.T) {
	td := newTestDesk(t)
	g, err := session.Create(filepath.Join(td.dir, "q.dipdesk"), session.Options{Variant: "questionable", Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	gw, err := td.showGame(g, "england", false)
	if err != nil {
		t.Fatal(err)
	}
	lines := gw.cards.Lines()
	if len(lines) != 49 || lines[0] != "England's Briber — ready" || !slices.Contains(lines, "England's Killer — first appears after Winter 1901 (rule 7)") ||
		!slices.Contains(lines, "Germany's Hooker — ready") {
		t.Errorf("the hand: %q", lines)
	}
	if v := gw.cards.card("germany", "Hooker"); v == nil || !v.compact || len(v.buttons) != 0 {
		t.Error("another country's character is not shown compactly, or gives orders")
	}
	// The Briber's button lists the units it may bribe; one chosen, the
	// menu of that unit's orders follows, as a drop on it gives.
	gw.cards.card("england", "Briber").buttons[0].OnTapped()
	b := td.board(gw).Board
	if labels := menuLabels(b.menu); slices.ContainsFunc(labels, func(l string) bool { return strings.HasPrefix(l, "England's") }) {
		t.Errorf("the Briber's button offers England's own units: %q", labels)
	}
	menuItem(t, b.menu, "Russia's A war").Action()
	menuItem(t, b.menu, "Hold").Action()
	if got := strings.ToLower(gw.panels["england"].Text()); got != "bribe a war" {
		t.Errorf("the Briber's button and menus wrote %q", got)
	}
}

// TestLanSeatCharacterDrop: in the LAN seat window the same drag gives
// the same order, which is sent to the host.
func TestLanSeatCharacterDrop(t *testing.T) {
	td := newTestDesk(t)
	path := filepath.Join(td.dir, "lanq.dipdesk")
	questionableGame(t, path).Close()
	_, sw := hostedSeat(t, td, path, "germany")
	eventually(t, "the seat's characters", func() (ok bool) {
		sw.ui.wait(func() { ok = sw.cards != nil && sw.cards.card("germany", "Embezzler") != nil && sw.state != nil })
		return
	})
	sw.ui.wait(func() {
		// The characters sit beside the board, under the orders, so a card
		// is dragged onto a board in view; the host's words for the hand
		// give way to them.
		if split, ok := sw.right.Objects[0].(*container.Split); !ok || split.Trailing != fyne.CanvasObject(sw.cards) {
			t.Error("the seat's characters are not beside the board")
		}
		for _, it := range sw.tabs.Items {
			if it.Text == "Cards" || it.Text == "Your cards" {
				t.Errorf("a %q tab hides the board while a card is dragged", it.Text)
			}
		}
		v := sw.cards.card("germany", "Embezzler")
		pos, ok := provinceMiddle(sw.picture, "war")
		if !ok {
			t.Error("Warsaw is not on the seat's board")
			return
		}
		to := fyne.CurrentApp().Driver().AbsolutePositionForObject(sw.picture).Add(pos)
		v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{AbsolutePosition: to.AddXY(300, 0)}, Dragged: fyne.NewDelta(-300, 0)})
		v.DragEnd()
	})
	eventually(t, "the order at the host", func() bool {
		var got []string
		sw.ui.wait(func() { got = sw.view.Pending })
		return slices.Equal(got, []string{"embezzle a war"})
	})
}

// TestGameMasterCharacters: the game master's Cards tab shows the
// characters of the country he orders for first and in full, the others
// compactly; dragging one gives that country's order.
func TestGameMasterCharacters(t *testing.T) {
	td := newTestDesk(t)
	path := filepath.Join(td.dir, "gmq.dipdesk")
	g, err := session.Create(path, session.Options{Variant: "questionable", Seed: 5, Seats: gmSeats})
	if err != nil {
		t.Fatal(err)
	}
	for _, ph := range []string{"S1901.characters", "S1901M", "F1901.characters", "F1901M"} {
		if _, _, err := g.Process(ph); err != nil {
			t.Fatal(err)
		}
	}
	gw, err := td.showGame(g, "", false)
	if err != nil {
		t.Fatal(err)
	}
	gw.win.Resize(fyne.NewSize(1400, 900))
	gw.SelectPower("russia")
	if lines := gw.cards.Lines(); len(lines) != 49 || lines[0] != "Russia's Briber — ready" {
		t.Fatalf("the game master's hand for Russia: %q", lines)
	}
	if v := gw.cards.card("russia", "Embezzler"); v == nil || v.compact || len(v.buttons) != 1 {
		t.Error("Russia's Embezzler is not shown in full with its order")
	}
	if v := gw.cards.card("austria", "Embezzler"); v == nil || !v.compact {
		t.Error("Austria's Embezzler is not shown compactly while the game master orders for Russia")
	}
	dragCharacter(t, td, gw, "russia", "Embezzler", "vie")
	if got := storedOrders(t, gw, "russia"); !slices.Equal(got, []string{"embezzle a vie"}) {
		t.Fatalf("stored %q (status %q)", got, gw.status.Text)
	}
}
