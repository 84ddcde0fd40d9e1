package ui

import (
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"dipdesk/app/session"
	"dipdesk/app/store"
	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/variants/shapetest"
)

// The test-only variant (variants/shapetest) carries every shape of game
// at once: eleven seats with four roles, Summer turns one power at a time
// that other powers may answer, an Autumn step nobody orders in (the
// Borg, moved by a die), a Jester's order, birds beside England's fleet
// in London, and an end with points and two winners. These tests play it
// in the window.

// shapeGame creates a shapetest game with seats (nil: one per seat, hot
// seat) and options, and opens its window.
func shapeGame(t *testing.T, td *testDesk, seats []store.Seat, options map[string]string) *GameWindow {
	t.Helper()
	g, err := session.Create(filepath.Join(td.dir, "shape.dipdesk"), session.Options{Variant: "shapetest", Seed: 7, Seats: seats, Options: options})
	if err != nil {
		t.Fatal(err)
	}
	gw, err := td.showGame(g, "", false)
	if err != nil {
		t.Fatal(err)
	}
	return gw
}

// buttons returns the labels of the buttons under o, in order.
func buttons(o fyne.CanvasObject) []string {
	var out []string
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Button:
			out = append(out, x.Text)
			return
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
			return
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return out
}

// labels returns the texts of the labels under o.
func labels(o fyne.CanvasObject) string {
	var out []string
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Label:
			out = append(out, x.Text)
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			if _, ok := x.(*widget.Button); !ok {
				for _, c := range test.WidgetRenderer(x).Objects() {
					walk(c)
				}
			}
		}
	}
	walk(o)
	return strings.Join(out, "\n")
}

// order submits power's orders for the current step, as a seat's panel
// would.
func order(t *testing.T, gw *GameWindow, power engine.Power, text string) {
	t.Helper()
	if _, _, err := gw.g.SubmitOrders(gw.phases[len(gw.phases)-1].Name, power, text); err != nil {
		t.Fatal(err)
	}
}

// current is the key of the step being played.
func current(gw *GameWindow) string { return gw.phases[len(gw.phases)-1].Name }

// TestTableAsksWhoActs: the hot-seat table offers the seats the step
// waits for and, apart, those that may act; a seat with nothing to do is
// not called; the curtain tells a seat that may act that nobody waits for
// it; the confirmation names a Summer turn's power that has not ordered.
func TestTableAsksWhoActs(t *testing.T) {
	td := newTestDesk(t)
	gw := shapeGame(t, td, nil, nil)
	got := buttons(gw.orders)
	// Nine seats called: two a row, named shortly.
	want := []string{"Austria…", "England…", "France…", "Germany…", "Italy…", "Russia…", "Turkey…", "Doctor…", "Jester…"}
	if !slices.Equal(got, want) {
		t.Fatalf("the table in Spring offers %q\nwant %q (the Doctor has birds; the Jester may act)", got, want)
	}
	if l := labels(gw.orders); !strings.Contains(l, "May also order (not waited for)") {
		t.Errorf("the table does not set the Jester apart:\n%s", l)
	}
	if note := gw.bar.Note(); !strings.Contains(note, "waiting for 8 of 8 seats") || !strings.Contains(note, "Jester may act too") {
		t.Errorf("phase bar note %q", note)
	}

	gw.PassTo("mastermind")
	if gw.curtain.Visible() || !strings.Contains(gw.status.Text, "Mastermind has nothing to order in Spring 1901 Movement") {
		t.Fatalf("the Mastermind was called (curtain %v, status %q)", gw.curtain.Visible(), gw.status.Text)
	}
	gw.PassTo("jester")
	if !gw.curtain.Visible() || !strings.Contains(gw.curtain.Note(), "nobody waits for its orders") {
		t.Fatalf("the Jester's curtain: %v %q", gw.curtain.Visible(), gw.curtain.Note())
	}
	gw.curtain.Pass()
	test.Type(gw.panels["jester"].entry, "jest A par - pic")
	gw.DoneOrdering()
	td.answer = 0
	gw.Adjudicate()
	if current(gw) != "SU1901.muster@germany" {
		t.Fatalf("after Spring: %s", current(gw))
	}
	if all := strings.Join(gw.results.Lines(), "\n"); !strings.Contains(all, "Jester: jest a par - pic: the Jester ordered") ||
		!strings.Contains(all, "Doctor: B lon H") || !strings.Contains(all, "Borg: BORG boh H") {
		t.Errorf("results:\n%s", all)
	}

	gw.showPhase(len(gw.phases) - 1)
	if got := gw.bar.Text(); got != "Summer 1901 Muster (Germany) (SU1901.muster@germany)" {
		t.Errorf("phase bar %q", got)
	}
	if note := gw.bar.Note(); !strings.Contains(note, "Germany's turn") || !strings.Contains(note, "6 seats may answer: Austria, England, France, Italy, Russia and Turkey") {
		t.Errorf("phase bar note %q", note)
	}
	got = buttons(gw.orders)
	want = []string{"Germany orders…", "Austria orders…", "England orders…", "France orders…", "Italy orders…", "Russia orders…", "Turkey orders…"}
	if !slices.Equal(got, want) {
		t.Fatalf("the table on Germany's turn offers %q\nwant %q", got, want)
	}
	if l := labels(gw.orders); !strings.Contains(l, "May answer on Germany's turn (not waited for)") {
		t.Errorf("table:\n%s", l)
	}
	gw.PassTo("italy")
	if !strings.Contains(gw.curtain.Note(), "Italy may answer on Germany's turn") {
		t.Errorf("Italy's curtain says %q", gw.curtain.Note())
	}
	gw.curtain.Pass()
	gw.DoneOrdering()
	n := len(td.asked)
	td.answer = 1 // Cancel
	gw.Adjudicate()
	if len(td.asked) != n+1 || !strings.Contains(td.asked[n], "Germany: no orders") || strings.Contains(td.asked[n], "Italy") {
		t.Fatalf("the confirmation on Germany's turn: %q", td.asked[n:])
	}
	if current(gw) != "SU1901.muster@germany" {
		t.Fatal("Cancel adjudicated")
	}
	if h := gw.history.Line(1); h != "SU1901.muster@germany  Summer 1901 Muster (Germany)  being played" {
		t.Errorf("history line %q", h)
	}
}

// TestNobodysStepIsOneClick: the Borg's step, which nobody orders, is
// played from the table with one click and no question, whichever step
// the board shows, and says what happened: the die and the Borg's way.
func TestNobodysStepIsOneClick(t *testing.T) {
	td := newTestDesk(t)
	gw := shapeGame(t, td, nil, nil)
	td.answer = 0
	for current(gw) != "AU1901.borg" {
		gw.Adjudicate()
		if len(gw.phases) > 8 {
			t.Fatalf("never reached the Borg's step: %v", gw.phases)
		}
	}
	gw.showPhase(len(gw.phases) - 1)
	if note := gw.bar.Note(); !strings.Contains(note, "nobody orders: Adjudicate plays this step") {
		t.Errorf("phase bar note %q", note)
	}
	// The board shows the Autumn just adjudicated: the Play button names
	// its step and asks nothing all the same.
	gw.showPhase(len(gw.phases) - 2)
	b := buttons(gw.orders)
	if !slices.Equal(b, []string{"Play Autumn 1901 Borg"}) {
		t.Fatalf("the table offers %q", b)
	}
	n := len(td.asked)
	test.Tap(findButton(t, gw.orders, "Play Autumn 1901 Borg"))
	if len(td.asked) != n {
		t.Errorf("playing the Borg's step asked %q", td.asked[n:])
	}
	if current(gw) != "W1901A" {
		t.Fatalf("after the Borg's step: %s", current(gw))
	}
	if s := gw.status.Text; !strings.Contains(s, "Played Autumn 1901 Borg: the Borg rolled") || !strings.Contains(s, "Now Winter 1901 Adjustment") {
		t.Errorf("status %q", s)
	}
	if all := strings.Join(gw.results.Lines(), "\n"); !strings.Contains(all, "• the Borg rolled") {
		t.Errorf("results:\n%s", all)
	}
}

// findButton finds the button labelled label under o.
func findButton(t *testing.T, o fyne.CanvasObject, label string) *widget.Button {
	t.Helper()
	var found *widget.Button
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Button:
			if x.Text == label {
				found = x
			}
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	if found == nil {
		t.Fatalf("no button %q in %q", label, buttons(o))
	}
	return found
}

// TestGameMastersListAsksWhoActs: the game master's seat buttons grey out
// the seats with nothing to do in the step, and the list under them says
// whose orders are in and who may act.
func TestGameMastersListAsksWhoActs(t *testing.T) {
	td := newTestDesk(t)
	gw := shapeGame(t, td, gmSeats, nil)
	if !gw.picker["mastermind"].Disabled() || gw.picker["jester"].Disabled() || gw.picker["doctor"].Disabled() {
		t.Errorf("Spring: Mastermind enabled %v, Jester disabled %v, Doctor disabled %v",
			!gw.picker["mastermind"].Disabled(), gw.picker["jester"].Disabled(), gw.picker["doctor"].Disabled())
	}
	order(t, gw, "france", "A par - bur")
	gw.refresh()
	if w := gw.pickerWho.Text; w != "Orders in from 1 of 8 seats awaited; none yet from Austria, England, Germany, Italy, Russia, Turkey and Doctor; Jester may act too." {
		t.Errorf("whose orders are in: %q", w)
	}
	gw.adjudicateNow()
	gw.showPhase(len(gw.phases) - 1)
	if gw.selected != "germany" || !gw.picker["jester"].Disabled() || gw.picker["italy"].Disabled() {
		t.Errorf("Germany's turn: selected %s, Jester enabled %v, Italy disabled %v", gw.selected, !gw.picker["jester"].Disabled(), gw.picker["italy"].Disabled())
	}
	if w := gw.pickerWho.Text; w != "Germany's orders are awaited (none yet); Austria, England, France, Italy, Russia and Turkey may act too." {
		t.Errorf("whose orders are in: %q", w)
	}
	gw.panels["germany"].SetText("muster ber")
	gw.SaveOrders()
	if w := gw.pickerWho.Text; !strings.HasPrefix(w, "Germany's orders are in") || !strings.HasSuffix(gw.picker["germany"].Text, "✓") {
		t.Errorf("whose orders are in: %q, Germany's button %q", w, gw.picker["germany"].Text)
	}
	for current(gw) != "AU1901.borg" {
		gw.adjudicateNow()
	}
	gw.showPhase(len(gw.phases) - 1)
	if w := gw.pickerWho.Text; w != "Nobody orders in this step: Adjudicate plays it." || gw.selected != "" {
		t.Errorf("the Borg's step: %q, selected %q", w, gw.selected)
	}
	for p, b := range gw.picker {
		if !b.Disabled() {
			t.Errorf("%s's button is enabled in the Borg's step", p)
		}
	}
	// The game master plays it with one click too, whichever step the
	// board shows.
	gw.showPhase(len(gw.phases) - 2)
	n := len(td.asked)
	test.Tap(findButton(t, gw.orders, "Play Autumn 1901 Borg"))
	if len(td.asked) != n || current(gw) != "W1901A" {
		t.Errorf("the game master's Play: asked %q, now %s", td.asked[n:], current(gw))
	}
}

// TestGameEndShownPlainly: the last Winter ends the game with points and
// two winners: a dialog says so, the results list it first, the phase
// bar says the game is over, and Adjudicate does nothing more.
func TestGameEndShownPlainly(t *testing.T) {
	td := newTestDesk(t)
	gw := shapeGame(t, td, gmSeats, map[string]string{"end_year": "1901"})
	order(t, gw, "jester", "jest A par - pic")
	gw.adjudicateNow()
	for current(gw) != "AU1901M" {
		gw.adjudicateNow()
	}
	order(t, gw, "france", "A pic - bel")
	for current(gw) != "S1902M" {
		gw.adjudicateNow()
	}
	want := "France and Russia win: the game ends after the 1901 adjustments; 4 points win. Points: France 4, Russia 4, Austria 3, England 3, Germany 3, Italy 3, Turkey 3, Jester 3."
	if n := len(td.asked); n == 0 || td.asked[n-1] != "The game is over\n"+want {
		t.Fatalf("asked %q\nwant %q", td.asked, want)
	}
	if l := gw.results.Lines(); len(l) == 0 || l[0] != "★ The game is over. "+want {
		t.Errorf("results %q", l)
	}
	gw.showPhase(len(gw.phases) - 1)
	if note := gw.bar.Note(); !strings.Contains(note, "the game is over: France and Russia win") {
		t.Errorf("phase bar note %q", note)
	}
	if w := gw.pickerWho.Text; w != "The game is over. "+want {
		t.Errorf("the game master's list: %q", w)
	}
	gw.Adjudicate()
	if current(gw) != "S1902M" {
		t.Errorf("adjudicated after the end: %s", current(gw))
	}
}

// TestNewGameOffersRolesAndElevenSeats: the New game form, with the
// hidden variant chosen as `dipdesk gui --variant shapetest` does, offers
// eleven seats with the roles named as roles, and makes a hot-seat game
// of eleven seats with a PIN for the Jester.
func TestNewGameOffersRolesAndElevenSeats(t *testing.T) {
	td := newTestDesk(t)
	s := td.ShowStart()
	for _, v := range s.variant.Options {
		if v == "Shape test" {
			t.Fatal("the test-only variant is offered in the New game list")
		}
	}
	if err := s.Choose("nonsense"); err == nil {
		t.Error("an unknown variant was chosen")
	}
	if err := s.Choose("shapetest"); err != nil {
		t.Fatal(err)
	}
	if s.variant.Selected != "Shape test" || len(s.seats) != 11 {
		t.Fatalf("chose %q with %d seats", s.variant.Selected, len(s.seats))
	}
	if l := labels(s.seatBox); !strings.Contains(l, "Jester (role)") || !strings.Contains(l, "Soothsayer (role)") ||
		strings.Contains(l, "France (role)") || !strings.Contains(l, "Roles: seats with no home centres (11 seats in all)") {
		t.Errorf("seat rows:\n%s", l)
	}
	for _, r := range s.seats {
		if r.power == "jester" {
			r.pin.SetText("2468")
		}
	}
	s.askCreate()
	if len(td.games) != 1 {
		t.Fatalf("no game window (status %q)", s.status.Text)
	}
	gw := td.games[0]
	info := gw.g.Info()
	if len(info.Seats) != 11 {
		t.Fatalf("%d seats", len(info.Seats))
	}
	for _, st := range info.Seats {
		if (st.Power == "jester") != (st.PinHash != "") {
			t.Errorf("seat %s PIN %q", st.Power, st.PinHash)
		}
	}
	gw.PassTo("jester")
	if !gw.curtain.pin.Visible() {
		t.Error("the Jester's curtain asks no PIN")
	}
}

// TestSeatOrdersFromThePanel: a seat's panel offers the variant's seat
// orders: on Germany's turn its musters in the home centres it owns, given
// at once; Italy's objection; the Jester's jest started in the panel for
// the player to finish.
func TestSeatOrdersFromThePanel(t *testing.T) {
	td := newTestDesk(t)
	gw := shapeGame(t, td, gmSeats, nil)
	gw.SelectPower("jester")
	jp := gw.panels["jester"]
	if !jp.seat.Visible() {
		t.Fatal("no Seat orders button in a variant with seat orders")
	}
	jp.ShowSeatOrders()
	// A jest naming a province alone orders its unit to hold: the engine
	// accepts it for every unit, too many to list: the jest is written.
	if got := menuLabels(jp.seatMenu); !slices.Equal(got, []string{"Jest… (write it)", "Muster… (write it)", "Object… (write it)"}) {
		t.Fatalf("the Jester's seat orders in Spring: %q", got)
	}
	jp.seatMenu.Items[0].Action()
	if f := gw.win.Canvas().Focused(); jp.Text() != "jest " || f != jp.entry {
		t.Errorf("writing a jest: text %q, focused %T", jp.Text(), f)
	}
	test.Type(jp.entry, "A par - pic")
	gw.SaveOrders()
	gw.adjudicateNow()
	gw.showPhase(len(gw.phases) - 1)

	gp := gw.panels["germany"]
	gp.ShowSeatOrders()
	var muster *fyne.MenuItem
	for _, it := range gp.seatMenu.Items {
		if it.Label == "Muster" {
			muster = it
		}
	}
	if muster == nil || muster.ChildMenu == nil {
		t.Fatalf("Germany's seat orders on its turn: %q", menuLabels(gp.seatMenu))
	}
	if got := menuLabels(muster.ChildMenu); !slices.Equal(got, []string{"Berlin  (muster ber)", "Kiel  (muster kie)", "Munich  (muster mun)", "", "Write it…"}) {
		t.Errorf("Germany's musters: %q", got)
	}
	muster.ChildMenu.Items[0].Action()
	if got := stored(t, gw, "germany"); got != "muster ber" {
		t.Errorf("Germany's orders stored: %q", got)
	}
	gw.panels["italy"].ShowSeatOrders()
	items := gw.panels["italy"].seatMenu.Items
	if got := menuLabels(gw.panels["italy"].seatMenu); !slices.Contains(got, "Object  (object)") {
		t.Fatalf("Italy's seat orders on Germany's turn: %q", got)
	}
	for _, it := range items {
		if it.Label == "Object  (object)" {
			it.Action()
			it.Action() // a second time adds nothing
		}
	}
	if got := stored(t, gw, "italy"); got != "object" {
		t.Errorf("Italy's orders stored: %q", got)
	}
}

// shapeScene is the test-only variant's first Spring as seat sees it
// (the game master: power ""), for the board alone.
func shapeScene(t *testing.T, power engine.Power) (*engine.Map, Scene) {
	t.Helper()
	m, err := shapetest.Map()
	if err != nil {
		t.Fatal(err)
	}
	s, err := shapetest.Variant.NewGame(m, nil, engine.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	seat := engine.Seat{GM: power == "", Power: power}
	return m, Scene{View: engine.View{Seat: seat, State: s}, Power: power}
}

// pieceAt is the widget position of the middle of the pixels where the
// renderer draws unit i of the scene (its own hit test, not the board's),
// looked for in its province and around it.
func (rg *boardRig) pieceAt(st *engine.State, i int) fyne.Position {
	rg.t.Helper()
	c := rg.at(rg.m.Provinces[st.Units[i].Loc.P].Abbr)
	s := rg.b.Size()
	o := render.Options{Width: int(s.Width), Height: int(s.Height)}
	var n, sx, sy int
	for y := int(c.Y) - 40; y < int(c.Y)+40; y++ {
		for x := int(c.X) - 60; x < int(c.X)+60; x++ {
			if rg.r.UnitAt(st, x, y, o) == i {
				n, sx, sy = n+1, sx+x, sy+y
			}
		}
	}
	if n == 0 {
		rg.t.Fatalf("unit %d is drawn nowhere near %v", i, c)
	}
	return fyne.NewPos(float32(sx/n)+0.5, float32(sy/n)+0.5)
}

// unitIndex finds the unit of power (and kind code, "" plain) in abbr.
func unitIndex(t *testing.T, m *engine.Map, st *engine.State, power engine.Power, code, abbr string) int {
	t.Helper()
	p, _ := m.Lookup(abbr)
	for _, i := range st.UnitsAt(p) {
		u := st.Units[i]
		if u.Power == power && (code == "" && u.Kind == 0 || code != "" && m.UnitCode(u.Type, u.Kind) == code) {
			return i
		}
	}
	t.Fatalf("no %s %s in %s", power, code, abbr)
	return -1
}

// TestBoardSharedProvince: England's fleet and the Doctor's birds share
// London: each is dragged by itself (the piece under the pointer), the
// menu names each with its orders, the pointer's tooltip names both, and
// the Borg, which belongs to no seat, is not dragged.
func TestBoardSharedProvince(t *testing.T) {
	m, sc := shapeScene(t, "")
	rg := newRigOn(t, m, sc, 1200, 900)
	st := sc.View.State
	fleet, birds := unitIndex(t, m, st, "england", "", "lon"), unitIndex(t, m, st, "doctor", "B", "lon")
	fp, bp := rg.pieceAt(st, fleet), rg.pieceAt(st, birds)
	if math.Abs(float64(fp.X-bp.X)) < 8 {
		t.Fatalf("the fleet at %v and the birds at %v are not side by side", fp, bp)
	}
	wal, nth := rg.at("wal"), rg.at("nth")
	test.Drag(rg.w.Canvas(), bp, wal.X-bp.X, wal.Y-bp.Y)
	test.Drag(rg.w.Canvas(), fp, nth.X-fp.X, nth.Y-fp.Y)
	if len(rg.orders) != 2 {
		t.Fatalf("orders %+v (messages %q)", rg.orders, rg.messages)
	}
	if o := rg.orders[0]; o.Power != "doctor" || o.Kind != engine.Move || o.Piece != st.Units[birds].Kind || m.Provinces[o.To.P].Abbr != "wal" {
		t.Errorf("dragging the birds gave %+v", o)
	}
	if o := rg.orders[1]; o.Power != "england" || o.Piece != 0 || o.Format(m) != "F lon - nth" {
		t.Errorf("dragging the fleet gave %s", o.Format(m))
	}

	test.TapSecondaryAt(rg.b, bp)
	if got := menuLabels(rg.b.menu); !slices.Equal(got, []string{"Doctor's birds", "England's fleet"}) {
		t.Fatalf("London's menu from the birds: %q", got)
	}
	if sub := menuLabels(rg.b.menu.Items[1].ChildMenu); len(sub) == 0 || !strings.HasPrefix(sub[0], "Hold") {
		t.Errorf("the fleet's orders: %q", sub)
	}
	rg.menuItem("Move to Wales").Action() // the birds' submenu comes first
	if o := rg.orders[len(rg.orders)-1]; o.Power != "doctor" || o.Piece == 0 {
		t.Errorf("the birds' menu gave %+v", o)
	}
	test.TapSecondaryAt(rg.b, fp)
	if got := menuLabels(rg.b.menu); !slices.Equal(got, []string{"England's fleet", "Doctor's birds"}) {
		t.Errorf("London's menu from the fleet: %q", got)
	}

	for _, o := range rg.w.Canvas().Overlays().List() {
		rg.w.Canvas().Overlays().Remove(o) // the menus shown
	}
	n := len(rg.orders)
	borg := unitIndex(t, m, st, "", "BORG", "boh")
	gp, sil := rg.pieceAt(st, borg), rg.at("sil")
	test.Drag(rg.w.Canvas(), gp, sil.X-gp.X, sil.Y-gp.Y)
	if len(rg.orders) != n || len(rg.messages) == 0 || rg.messages[len(rg.messages)-1] != "the Borg belongs to no seat: the game moves it" {
		t.Errorf("dragging the Borg: orders %d→%d, messages %q", n, len(rg.orders), rg.messages)
	}

	rg.b.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fp}})
	if h := rg.hovers[len(rg.hovers)-1]; !strings.Contains(h, "English fleet; ") || !strings.Contains(h, " birds") {
		t.Errorf("tooltip over London: %q", h)
	}
}

// TestBoardSharedProvinceForOneSeat: England, ordering, drags its fleet
// and is told the birds beside it are the Doctor's.
func TestBoardSharedProvinceForOneSeat(t *testing.T) {
	m, sc := shapeScene(t, "england")
	rg := newRigOn(t, m, sc, 1200, 900)
	st := sc.View.State
	bp := rg.pieceAt(st, unitIndex(t, m, st, "doctor", "B", "lon"))
	fp := rg.pieceAt(st, unitIndex(t, m, st, "england", "", "lon"))
	wal := rg.at("wal")
	test.Drag(rg.w.Canvas(), bp, wal.X-bp.X, wal.Y-bp.Y)
	if len(rg.orders) != 0 || len(rg.messages) == 0 || rg.messages[0] != "that is Doctor's unit" {
		t.Errorf("England dragging the Doctor's birds: orders %+v, messages %q", rg.orders, rg.messages)
	}
	test.Drag(rg.w.Canvas(), fp, wal.X-fp.X, wal.Y-fp.Y)
	rg.wantOrders("F lon - wal")
	test.TapSecondaryAt(rg.b, fp)
	if got := menuLabels(rg.b.menu); len(got) == 0 || !strings.HasPrefix(got[0], "Hold") {
		t.Errorf("England's menu in London: %q", got)
	}
}

// TestBoardInACustomStep: on a Summer turn (a variant's own step) a unit
// dragged gives no order and says where the step's orders are given.
func TestBoardInACustomStep(t *testing.T) {
	m, sc := shapeScene(t, "germany")
	sc.View.State.Phase = engine.Phase{Year: 1901, Season: engine.Summer, Type: engine.Custom, Step: "muster", Actor: "germany"}
	rg := newRigOn(t, m, sc, 1200, 900)
	rg.drag("ber", "sil")
	if len(rg.orders) != 0 || len(rg.messages) == 0 || !strings.Contains(rg.messages[len(rg.messages)-1], "units take no orders on the board in Summer 1901 Muster (Germany)") {
		t.Errorf("a drag on Germany's turn: orders %+v, messages %q", rg.orders, rg.messages)
	}
}

// toStep adjudicates (answering every confirmation "Adjudicate anyway")
// until the game is in step key.
func toStep(t *testing.T, td *testDesk, gw *GameWindow, key string) {
	t.Helper()
	for i := 0; current(gw) != key; i++ {
		if i > 10 {
			t.Fatalf("never reached %s (now %s)", key, current(gw))
		}
		td.answers = []int{0}
		gw.Adjudicate()
	}
	gw.showPhase(len(gw.phases) - 1)
}

// TestGameMasterEntersDice: in a game whose dice are entered, the
// Borg's step asks the game master for each roll in a dialog naming what
// it is for and the die's faces; Cancel leaves the step and keeps the
// values entered; each value is stored at once; the step is played once
// all are in, and the results show the rolls as entered.
func TestGameMasterEntersDice(t *testing.T) {
	td := newTestDesk(t)
	gw := shapeGame(t, td, gmSeats, map[string]string{session.OptionDice: session.DiceEntered})
	toStep(t, td, gw, "AU1901.borg")
	// A second Borg, in Galicia, makes two rolls.
	gw.edit("add none BORG gal")
	if len(gw.g.Map().Pieces) == 0 || !strings.HasPrefix(gw.status.Text, "Edited") {
		t.Fatalf("edit: %q", gw.status.Text)
	}

	n := len(td.asked)
	td.answers = []int{6} // Cancel, the seventh button after the faces 1..6
	gw.Adjudicate()
	if len(td.asked) != n+1 || current(gw) != "AU1901.borg" {
		t.Fatalf("Cancel: asked %q, now %s", td.asked[n:], current(gw))
	}
	q := td.asked[n]
	for _, want := range []string{"Roll the die", "Autumn 1901 Borg: draw 1, for the Borg's way from Bohemia", "Roll a d6: a face from 1 to 6"} {
		if !strings.Contains(q, want) {
			t.Errorf("the question lacks %q:\n%s", want, q)
		}
	}
	if !slices.Equal(td.buttons, []string{"1", "2", "3", "4", "5", "6", "Cancel"}) {
		t.Errorf("buttons %q", td.buttons)
	}
	if !strings.Contains(gw.status.Text, "waits for draw 1") {
		t.Errorf("status after Cancel: %q", gw.status.Text)
	}

	n = len(td.asked)
	td.answers = []int{2, 6} // 3 for the first Borg, then Cancel
	gw.Adjudicate()
	if len(td.asked) != n+2 || current(gw) != "AU1901.borg" {
		t.Fatalf("asked %q, now %s", td.asked[n:], current(gw))
	}
	if q := td.asked[n+1]; !strings.Contains(q, "draw 2, for the Borg's way from Galicia") || !strings.Contains(q, "Entered so far (kept):\n1. the Borg's way from Bohemia: 3") {
		t.Errorf("the second question:\n%s", q)
	}
	if d, err := gw.g.EnteredDraws(""); err != nil || len(d) != 1 || d[0].Shown() != 3 {
		t.Fatalf("entered draws %+v %v (the 3 kept after Cancel)", d, err)
	}

	n = len(td.asked)
	td.answers = []int{0} // a 1 for the Borg in Galicia; the 3 is not asked again
	gw.Adjudicate()
	if len(td.asked) != n+1 || current(gw) != "W1901A" {
		t.Fatalf("asked %q, now %s", td.asked[n:], current(gw))
	}
	all := strings.Join(gw.results.Lines(), "\n")
	for _, want := range []string{"Draw: the Borg's way from Bohemia: rolled 3 on a d6 (entered by the game master)",
		"Draw: the Borg's way from Galicia: rolled 1 on a d6 (entered by the game master)", "• the Borg rolled 3 and went from Bohemia to Silesia"} {
		if !strings.Contains(all, want) {
			t.Errorf("results lack %q:\n%s", want, all)
		}
	}
	if s := gw.status.Text; !strings.Contains(s, "Played Autumn 1901 Borg: the Borg rolled 3 and went from Bohemia to Silesia") {
		t.Errorf("status %q", s)
	}
}

// TestDrawDialogRanges: a die of more faces than buttons, or a pick of
// many options, is typed as a number in its range; a pick of a few is
// offered by its options' names.
func TestDrawDialogRanges(t *testing.T) {
	labels, values := drawChoices(&engine.NeedDraw{N: 3, Options: []string{"north", "south", "east"}})
	if !slices.Equal(labels, []string{"north", "south", "east"}) || !slices.Equal(values, []int{0, 1, 2}) {
		t.Errorf("a pick's choices %q %v", labels, values)
	}
	if l, _ := drawChoices(&engine.NeedDraw{N: 20, Die: true}); l != nil {
		t.Errorf("a d20 as buttons: %q", l)
	}
	if w, lo, hi := drawRange(&engine.NeedDraw{N: 20, Die: true}); w != "a d20: a face from 1 to 20" || lo != 1 || hi != 20 {
		t.Errorf("a d20's range: %q %d..%d", w, lo, hi)
	}
	td := newTestDesk(t)
	gw := shapeGame(t, td, gmSeats, map[string]string{session.OptionDice: session.DiceEntered})
	td.number = 21 // out of range: the dialog is cancelled
	gw.askDraw(current(gw), &engine.NeedDraw{Index: 0, Why: "a test roll", N: 20, Die: true})
	if q := td.asked[len(td.asked)-1]; !strings.HasSuffix(q, "[1..20]") || !strings.Contains(q, "for a test roll") {
		t.Errorf("the number asked: %q", q)
	}
	if !strings.Contains(gw.status.Text, "waits for draw 1 (a test roll)") {
		t.Errorf("status %q", gw.status.Text)
	}
}
