package ui

import (
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"dipdesk/app/session"
	"dipdesk/app/store"
	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/variants"
)

// annihilating is Character Diplomacy with the #9 order's words declared
// (another group writes its adjudication; the window needs only the
// parser's words).
func annihilating() *engine.Variant {
	davis, _ := variants.Lookup("character")
	v := *davis
	v.Specials = append([]engine.SpecialSyntax{{Verb: "annihilate", Name: "annihilate"}}, v.Specials...)
	return &v
}

// characterGame creates a Character Diplomacy game whose initial deal
// gave some unit the Annihilator (#9), and returns the holder's card as
// the game master sees it.
func characterGame(t *testing.T, td *testDesk, name string, seats []store.Seat) (*session.Game, session.HandCard) {
	t.Helper()
	v := annihilating()
	for seed := uint64(1); seed < 200; seed++ {
		path := filepath.Join(td.dir, name+".dipdesk")
		g, err := session.CreateWith(path, v, session.Options{Seed: seed, Seats: seats})
		if err != nil {
			t.Fatal(err)
		}
		h, _, err := g.Hands(engine.Seat{GM: true}, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range h.Cards {
			if c.ID == "9" {
				return g, c
			}
		}
		g.Close()
		if err := removeSave(path); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no seed deals an Annihilator")
	return nil, session.HandCard{}
}

// TestCardsTabPerSeat: rule 3 in the window: a power sees its own units'
// cards, the game master every hand with the deal log, the public none.
func TestCardsTabPerSeat(t *testing.T) {
	td := newTestDesk(t)
	for _, tc := range []struct {
		seat   string
		review bool
		cards  int
		only   engine.Power
		log    bool
	}{
		{"gm", false, 22, "", true},
		{"france", false, 3, "france", false},
		{"russia", false, 4, "russia", false},
		{"public", true, 0, "", false},
	} {
		t.Run(tc.seat, func(t *testing.T) {
			g, _ := characterGame(t, td, tc.seat, nil)
			gw, err := td.showGame(g, tc.seat, tc.review)
			if err != nil {
				t.Fatal(err)
			}
			if gw.cards == nil {
				t.Fatal("no Cards tab in a Character Diplomacy game")
			}
			lines := gw.cards.Lines()
			if len(lines) != tc.cards {
				t.Errorf("%d cards shown, want %d: %q", len(lines), tc.cards, lines)
			}
			for _, v := range gw.cards.views {
				if tc.only != "" && v.card.Unit.Power != tc.only {
					t.Errorf("%s sees %s's card %s", tc.seat, v.card.Unit.Power, v.title())
				}
			}
			if got := len(gw.cards.hands.Log) > 0; got != tc.log {
				t.Errorf("deal log shown: %v, want %v", got, tc.log)
			}
		})
	}
}

// TestCardSpecialOrders: clicking a card's special order starts it in the
// order panel; the unit's menu offers it too; dropping the card on a
// province completes a one-province special (#9 "annihilate (space)").
func TestCardSpecialOrders(t *testing.T) {
	td := newTestDesk(t)
	g, nine := characterGame(t, td, "nine", nil)
	gw, err := td.showGame(g, string(nine.Unit.Power), false)
	if err != nil {
		t.Fatal(err)
	}
	// Rule 7: nothing in 1901: the button is disabled, the menu has no special.
	v := gw.cards.card(nine.Unit.Power, nine.Label)
	if v == nil || len(v.buttons) != 1 || !v.buttons[0].Disabled() || len(td.board(gw).last(t).Specials) != 0 {
		t.Fatalf("in 1901 the Annihilator's order is offered: %+v", v)
	}
	// Everybody holds through 1901; the window follows to Spring 1902.
	for i := 0; i < 4; i++ {
		ps, err := g.Current()
		if err != nil {
			t.Fatal(err)
		}
		if ps.State.Phase.Year >= 1902 {
			break
		}
		if _, _, err := g.Process(ps.Phase.Name); err != nil {
			t.Fatal(err)
		}
	}
	gw.viewIdx = 1 << 20 // reload clamps it to the current phase
	gw.refresh()
	if gw.scene.View.State.Phase.Year != 1902 {
		t.Fatalf("the window shows %s, want Spring 1902", gw.scene.View.State.Phase)
	}
	v = gw.cards.card(nine.Unit.Power, nine.Label)
	if v == nil || len(v.buttons) != 1 {
		t.Fatalf("the Annihilator's card has no order button: %+v", v)
	}
	test.Tap(v.buttons[0])
	want := nine.Label + " " + nine.Space + " annihilate "
	if got := gw.panels[nine.Unit.Power].Text(); !strings.HasSuffix(got, want) {
		t.Errorf("order panel %q, want it to end with %q", got, want)
	}
	// The unit's menu (right click) offers the same template.
	found := false
	for _, s := range td.board(gw).last(t).Specials {
		if s.Unit.Loc == nine.Unit.Loc && s.Template == want {
			found = true
		}
	}
	if !found {
		t.Errorf("the unit's menu lacks %q: %+v", want, td.board(gw).last(t).Specials)
	}
	// Dropping the card on the unit's own province (rule 16.b allows it).
	gw.panels[nine.Unit.Power].SetText("")
	gw.cardOnProvince(v.card, v.card.Orders[0], engine.Loc{P: nine.Unit.Loc.P})
	view, err := gw.g.View(engine.Seat{Power: nine.Unit.Power}, "")
	if err != nil {
		t.Fatal(err)
	}
	var special *engine.Order
	for i, o := range view.Pending {
		if o.Kind == engine.Special {
			special = &view.Pending[i]
		}
	}
	if special == nil || special.Special != "annihilate" || special.At.P != nine.Unit.Loc.P || len(special.Args) == 0 {
		t.Fatalf("pending %+v, want an annihilate order for %s", view.Pending, nine.Label)
	}
	// A real drop: an absolute position over the unit's province, found
	// on the board widget as shown in the window.
	gw.win.Resize(fyne.NewSize(1400, 900))
	size := gw.board.Size()
	var at *fyne.Position
	for y := float32(2); y < size.Height && at == nil; y += 4 {
		for x := float32(2); x < size.Width; x += 4 {
			if l, ok := gw.board.LocAt(fyne.NewPos(x, y)); ok && l.P == nine.Unit.Loc.P {
				p := fyne.NewPos(x, y)
				at = &p
				break
			}
		}
	}
	if at == nil {
		t.Fatalf("%s is nowhere on the board (%v)", nine.Space, size)
	}
	gw.panels[nine.Unit.Power].SetText("")
	if _, _, err := gw.g.SubmitOrders(gw.phases[len(gw.phases)-1].Name, nine.Unit.Power, ""); err != nil { // none pending
		t.Fatal(err)
	}
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(gw.board).Add(*at)
	gw.cardDropped(v.card, v.card.Orders[0], abs)
	if view, err = gw.g.View(engine.Seat{Power: nine.Unit.Power}, ""); err != nil {
		t.Fatal(err)
	}
	abbr := gw.m.Provinces[nine.Unit.Loc.P].Abbr
	if len(view.Pending) != 1 || view.Pending[0].Special != "annihilate" || len(view.Pending[0].Args) != 1 || view.Pending[0].Args[0] != abbr {
		t.Errorf("after dropping the card: pending %+v", view.Pending)
	}
}

// TestCardDrag: the card follows a drag in absolute positions, from the
// test driver's single event and from the real driver's press and moves,
// and reports the drop point.
func TestCardDrag(t *testing.T) {
	test.NewTempApp(t)
	p := NewCardsPanel(stdMap(t))
	card := session.HandCard{Label: "1A", Space: "mun", ID: "9", Name: "Annihilator", Unit: engine.Unit{Power: "germany", Type: engine.Army, Number: 1},
		Orders: []session.CardOrder{{SpecialSyntax: engine.SpecialSyntax{Verb: "annihilate", Name: "annihilate"}, TakesProvince: true}}}
	p.Set(session.Hands{Seat: engine.Seat{Power: "germany"}, Cards: []session.HandCard{card}, Active: true}, true)
	var drops []fyne.Position
	p.OnDrop = func(c session.HandCard, o session.CardOrder, abs fyne.Position) {
		if c.Label != "1A" || o.Name != "annihilate" {
			t.Errorf("dropped %s with %s", c.Label, o.Name)
		}
		drops = append(drops, abs)
	}
	v := p.card("germany", "1A")
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{AbsolutePosition: fyne.NewPos(10, 10)}, Dragged: fyne.NewDelta(100, 50)})
	v.DragEnd()
	v.MouseDown(desktopEvent(20, 20))
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{AbsolutePosition: fyne.NewPos(30, 25)}, Dragged: fyne.NewDelta(10, 5)})
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{AbsolutePosition: fyne.NewPos(200, 300)}, Dragged: fyne.NewDelta(170, 275)})
	v.DragEnd()
	if len(drops) != 2 || drops[0] != fyne.NewPos(110, 60) || drops[1] != fyne.NewPos(200, 300) {
		t.Errorf("drops %v, want (110,60) and (200,300)", drops)
	}
	// Not the seat's card (canOrder false): no drop, no template.
	p.Set(session.Hands{Seat: engine.Seat{Power: "germany"}, Cards: []session.HandCard{card}, Active: true}, false)
	v = p.card("germany", "1A")
	v.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(5, 5)})
	v.DragEnd()
	if len(drops) != 2 {
		t.Error("a card dropped while orders cannot be given")
	}
	// Rule 7: in 1901 the cards do not act; their orders are offered disabled.
	p.Set(session.Hands{Seat: engine.Seat{Power: "germany"}, Cards: []session.HandCard{card}, Active: false}, true)
	v = p.card("germany", "1A")
	if !v.buttons[0].Disabled() {
		t.Error("a special order button enabled in 1901 (rule 7)")
	}
	v.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(5, 5)})
	v.DragEnd()
	if len(drops) != 2 {
		t.Error("a card dropped in 1901 (rule 7)")
	}
}

func desktopEvent(x, y float32) *desktop.MouseEvent {
	return &desktop.MouseEvent{PointEvent: fyne.PointEvent{AbsolutePosition: fyne.NewPos(x, y), Position: fyne.NewPos(x, y)}, Button: desktop.MouseButtonPrimary}
}

func removeSave(path string) error {
	for _, p := range []string{path, path + "-wal", path + "-shm", path + ".lock"} {
		if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	return nil
}

var shotDir = flag.String("png", "", "write screenshots of the character game window to this folder")

// TestCardsWindowPicture draws the game window of a character game with
// its Cards tab, as the game master and as the Annihilator's power, and
// checks that the panel shows cards; with -png it writes the pictures.
func TestCardsWindowPicture(t *testing.T) {
	td := newTestDesk(t)
	g, nine := characterGame(t, td, "pic", nil)
	for _, seat := range []string{"gm", string(nine.Unit.Power)} {
		if seat != "gm" {
			g, _ = characterGame(t, td, "pic-"+seat, nil)
		}
		gw, err := td.showGame(g, seat, false)
		if err != nil {
			t.Fatal(err)
		}
		gw.win.Resize(fyne.NewSize(1400, 900))
		img := gw.win.Canvas().Capture()
		if img.Bounds().Dx() < 100 || len(gw.cards.Lines()) == 0 {
			t.Fatalf("%s: nothing drawn (%v), %d cards", seat, img.Bounds(), len(gw.cards.Lines()))
		}
		if *shotDir != "" {
			f, err := os.Create(filepath.Join(*shotDir, "cards-"+seat+".png"))
			if err != nil {
				t.Fatal(err)
			}
			if err := png.Encode(f, img); err != nil {
				t.Fatal(err)
			}
			f.Close()
		}
	}
}

// TestExportCardForm: the File menu writes the seat's private card form
// (rules 5.a, 15) as text or Markdown; the public seat has none.
func TestExportCardForm(t *testing.T) {
	td := newTestDesk(t)
	g, _ := characterGame(t, td, "form", nil)
	gw, err := td.showGame(g, "france", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"form.txt", "form.md"} {
		path := filepath.Join(td.dir, name)
		if err := gw.ExportCardForm(path); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		if !strings.Contains(text, "France") || strings.Contains(text, "Germany") || strings.Count(text, "#") < 3 {
			t.Errorf("%s:\n%s", name, text)
		}
		if strings.HasSuffix(name, ".md") != strings.Contains(text, "| Space |") {
			t.Errorf("%s: Markdown table %v:\n%s", name, strings.Contains(text, "| Space |"), text)
		}
	}
	found := false
	for _, it := range gw.win.MainMenu().Items[0].Items {
		found = found || it.Label == "Export card form…"
	}
	if !found {
		t.Error("no Export card form… in the File menu")
	}
}

// TestBoardMarksHover: the pointer over a marked province says what the
// mark is (the seat's own mine, a closed space), and the right-click menu
// of a unit offers its card's special order as a template.
func TestBoardMarksHover(t *testing.T) {
	sc := springScene(t, "france", "")
	m := stdMap(t)
	bur, par := loc(t, m, "bur"), loc(t, m, "par")
	sc.Marks = []render.Mark{{Kind: render.MarkClosed, Prov: bur.P, Why: "annihilated"},
		{Kind: render.MarkMine, Prov: bur.P, Power: "france", Why: "mine laid S1902M"}}
	var u engine.Unit
	for _, x := range sc.View.State.Units {
		if x.Loc.P == par.P {
			u = x
		}
	}
	sc.Specials = []UnitSpecial{{Unit: u, Label: "annihilate… (#9 Annihilator)", Template: "1A par annihilate "}}
	rg := newRig(t, sc, 1200, 900)
	var templates []string
	rg.b.OnTemplate = func(p engine.Power, s string) { templates = append(templates, string(p)+": "+s) }
	rg.b.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: rg.at("bur")}})
	if want := "Burgundy — annihilated; French mine laid S1902M"; len(rg.hovers) != 1 || rg.hovers[0] != want {
		t.Errorf("hover %q, want %q", rg.hovers, want)
	}
	test.TapSecondaryAt(rg.b, rg.at("par"))
	rg.menuItem("annihilate…").Action()
	if len(templates) != 1 || templates[0] != "france: 1A par annihilate " {
		t.Errorf("templates %q", templates)
	}
	// Another unit (Marseilles) offers no special of Paris's card.
	test.TapSecondaryAt(rg.b, rg.at("mar"))
	for _, it := range rg.b.menu.Items {
		if strings.HasPrefix(it.Label, "annihilate") {
			t.Error("Marseilles' menu offers Paris's special")
		}
	}
}

// TestCardDropOnUnit: the Hypnotist (#11) dropped on another unit starts
// its order naming that unit, for the player to write the victim's order
// (issue 6: "drag a Hypnotist onto its victim and then give the victim's
// order"); dropped on no unit, nothing is written.
func TestCardDropOnUnit(t *testing.T) {
	td := newTestDesk(t)
	var g *session.Game
	var card session.HandCard
	for seed := uint64(1); seed < 200 && g == nil; seed++ {
		path := filepath.Join(td.dir, "hyp.dipdesk")
		davis, _ := variants.Lookup("character")
		x, err := session.CreateWith(path, davis, session.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		h, _, err := x.Hands(engine.Seat{GM: true}, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range h.Cards {
			if c.ID == "11" {
				g, card = x, c
			}
		}
		if g == nil {
			x.Close()
			if err := removeSave(path); err != nil {
				t.Fatal(err)
			}
		}
	}
	if g == nil {
		t.Fatal("no seed deals a Hypnotist")
	}
	gw, err := td.showGame(g, string(card.Unit.Power), false)
	if err != nil {
		t.Fatal(err)
	}
	var order *session.CardOrder
	for i, o := range card.Orders {
		if o.TakesUnit {
			order = &card.Orders[i]
		}
	}
	if order == nil || order.Name != "hypnotise" {
		t.Fatalf("the Hypnotist's orders %+v: none is dropped on a unit", card.Orders)
	}
	// Another power's unit: the order is started with it.
	var victim engine.Unit
	for _, u := range gw.scene.View.State.Units {
		if u.Power != card.Unit.Power {
			victim = u
			break
		}
	}
	gw.cardOnUnit(card, *order, victim.Loc)
	want := card.Template(*order) + victim.Type.String() + " " + gw.m.LocString(victim.Loc) + " "
	if got := gw.panels[card.Unit.Power].Text(); !strings.HasSuffix(got, want) {
		t.Errorf("order panel %q, want it to end with %q", got, want)
	}
	// An empty province starts nothing.
	gw.panels[card.Unit.Power].SetText("")
	bur, _ := gw.m.Lookup("bur")
	gw.cardOnUnit(card, *order, engine.Loc{P: bur})
	if got := gw.panels[card.Unit.Power].Text(); got != "" {
		t.Errorf("a drop on an empty province wrote %q", got)
	}
}
