package ui

import (
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
)

// stored returns power's orders stored for the current phase, formatted.
func stored(t *testing.T, gw *GameWindow, p engine.Power) string {
	t.Helper()
	cur, err := gw.g.Current()
	if err != nil {
		t.Fatal(err)
	}
	orders, err := gw.g.Orders(cur.Phase)
	if err != nil {
		t.Fatal(err)
	}
	return ordersText(orders, p, gw.m)
}

// seatFrance passes the curtain to France in a hot-seat game.
func seatFrance(t *testing.T, gw *GameWindow) {
	t.Helper()
	gw.PassTo("france")
	gw.curtain.Pass()
	if gw.active != "france" {
		t.Fatal("the curtain did not open for France")
	}
}

// TestDoneWithoutSavingKeepsOrders: in hot seat, orders typed and left
// with "Done" (no Ctrl+S) are saved, and the whole text, a bad line
// included, is there when France comes back.
func TestDoneWithoutSavingKeepsOrders(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, nil)
	seatFrance(t, gw)
	test.Type(gw.panels["france"].entry, "A par - bur\nA mar - spa\nF bre - Mid Atlantik")
	if !gw.panels["france"].Dirty() {
		t.Fatal("typed text not marked unsaved")
	}
	td.answer = 1 // "Hide my orders" when asked about the bad line
	gw.DoneOrdering()
	if gw.active != "" {
		t.Fatal("Done did not go back to the table")
	}
	if len(td.asked) != 1 || !strings.Contains(td.asked[0], "1 line not understood") {
		t.Fatalf("asked %q", td.asked)
	}
	if got := stored(t, gw, "france"); got != "A par - bur\nA mar - spa" {
		t.Fatalf("stored %q after Done", got)
	}
	if gw.panels["france"].Text() != "" {
		t.Error("France's text left in a panel at the table")
	}
	seatFrance(t, gw)
	if got := gw.panels["france"].Text(); got != "A par - bur\nA mar - spa\nF bre - Mid Atlantik" {
		t.Fatalf("France comes back to %q", got)
	}
	if gw.panels["france"].Dirty() {
		t.Error("a saved draft marked unsaved")
	}
}

// TestDoneAsksToFixFirst: answering "Fix them now" keeps France seated.
func TestDoneAsksToFixFirst(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, nil)
	seatFrance(t, gw)
	test.Type(gw.panels["france"].entry, "A bel - mos")
	td.answer = 0
	gw.DoneOrdering()
	if gw.active != "france" || len(td.asked) != 1 || !strings.Contains(td.asked[0], "1 impossible order") {
		t.Fatalf("active %q, asked %q", gw.active, td.asked)
	}
}

// TestGameMasterSwitchesPowers: text pasted for France survives a switch
// to Germany and back, is saved when the game master leaves it, and the
// picker names the selected power and marks unsaved text.
func TestGameMasterSwitchesPowers(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	if len(gw.picker) != 7 {
		t.Fatalf("%d power buttons, want every power", len(gw.picker))
	}
	gw.SelectPower("france")
	test.Type(gw.panels["france"].entry, "A par - bur\nF bre - mao")
	if !strings.HasSuffix(gw.picker["france"].Text, "•") || !strings.Contains(gw.pickerHead.Text, "France's orders (not saved yet)") {
		t.Fatalf("picker %q, head %q", gw.picker["france"].Text, gw.pickerHead.Text)
	}
	gw.SelectPower("germany")
	if got := stored(t, gw, "france"); got != "A par - bur\nF bre - mao" {
		t.Fatalf("France's orders stored %q after switching", got)
	}
	if !strings.HasSuffix(gw.picker["france"].Text, "✓") || gw.pickerHead.Text != "Germany's orders" {
		t.Errorf("picker %q, head %q", gw.picker["france"].Text, gw.pickerHead.Text)
	}
	test.Type(gw.panels["germany"].entry, "A mun - ruh")
	// Adjudicating saves Germany's text too, then asks (others missing).
	td.answer = 0
	gw.Adjudicate()
	if len(td.asked) != 1 {
		t.Fatalf("asked %q", td.asked)
	}
	ps, err := gw.g.Phase("S1901M")
	if err != nil || !ps.Phase.Adjudicated {
		t.Fatalf("S1901M not adjudicated: %v", err)
	}
	cur, _ := gw.g.Current()
	ruh, _ := gw.m.Lookup("ruh")
	bur, _ := gw.m.Lookup("bur")
	if cur.State.UnitAt(ruh) < 0 || cur.State.UnitAt(bur) < 0 {
		t.Error("typed orders were not adjudicated")
	}
}

// TestOrdersCheckedAsTyped: a move from an empty province, a fleet out of
// reach and a foreign build are marked with the line and the engine's
// reason, and drawn apart on the board.
func TestOrdersCheckedAsTyped(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	gw.SelectPower("france")
	op := gw.panels["france"]
	test.Type(op.entry, "A par - bur\nA bel - mos\nF bre - nao")
	e := op.Errors()
	if !strings.Contains(e, "line 2: A bel - mos: no unit in Belgium") || !strings.Contains(e, "line 3: F bre - nao:") {
		t.Fatalf("problems shown %q", e)
	}
	if !strings.Contains(op.count.Text, "3 orders · 2 impossible · not saved yet") {
		t.Errorf("count %q", op.count.Text)
	}
	sc := td.board(gw).last(t)
	if len(sc.Orders) != 3 || len(sc.Illegal) != 2 {
		t.Fatalf("board draws %d orders, %d impossible", len(sc.Orders), len(sc.Illegal))
	}
}

// TestConfirmationBeforeAdjudicating: the game master reads every unit
// and order missing or wrong and may cancel; a hot-seat table reads only
// counts.
func TestConfirmationBeforeAdjudicating(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	if _, _, err := gw.g.SubmitOrders(gw.phases[len(gw.phases)-1].Name, "france", "A par - bur\nF bre - nao"); err != nil {
		t.Fatal(err)
	}
	td.answer = 1 // Cancel
	gw.Adjudicate()
	if len(td.asked) != 1 {
		t.Fatalf("asked %q", td.asked)
	}
	q := td.asked[0]
	for _, want := range []string{"Adjudicate Spring 1901 Movement?", "England: no orders", "France: no order for A mar", "F bre - nao: a fleet cannot move"} {
		if !strings.Contains(q, want) {
			t.Errorf("question lacks %q:\n%s", want, q)
		}
	}
	if cur, _ := gw.g.Current(); cur.State.Phase.Key() != "S1901M" {
		t.Fatal("Cancel adjudicated anyway")
	}

	td2 := newTestDesk(t)
	hs := td2.game(t, nil)
	if _, _, err := hs.g.SubmitOrders("S1901M", "france", "A par - bur\nF bre - nao"); err != nil {
		t.Fatal(err)
	}
	td2.answer = 1
	hs.Adjudicate()
	if len(td2.asked) != 1 {
		t.Fatalf("asked %q", td2.asked)
	}
	if q := td2.asked[0]; !strings.Contains(q, "France: 1 unit without orders; 1 impossible order") || strings.Contains(q, "nao") || strings.Contains(q, "A mar") {
		t.Errorf("the table reads:\n%s", q)
	}
}

// TestAdjudicateOnlyFromTheTable: not while the curtain is drawn, not
// while a player orders; the phase bar's button says so too.
func TestAdjudicateOnlyFromTheTable(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, nil)
	if !gw.canAdjudicate() {
		t.Fatal("the table cannot adjudicate")
	}
	gw.PassTo("france")
	gw.Adjudicate()
	if gw.canAdjudicate() || len(td.asked) != 0 {
		t.Fatal("adjudication offered while the curtain is drawn")
	}
	gw.curtain.Pass()
	if gw.canAdjudicate() || !gw.bar.adjudicate.Disabled() {
		t.Fatal("adjudication offered to France")
	}
	gw.Adjudicate()
	if cur, _ := gw.g.Current(); cur.State.Phase.Key() != "S1901M" {
		t.Fatal("adjudicated behind the curtain")
	}
}

// TestQuitAsksAboutTypedOrders: typed text not saved is asked about on
// Close and Quit; "Save them" saves it.
func TestQuitAsksAboutTypedOrders(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	gw.SelectPower("italy")
	test.Type(gw.panels["italy"].entry, "A ven H")
	td.answer = 2 // Cancel
	gw.Close()
	if len(td.asked) != 1 || !strings.Contains(td.asked[0], "Italy") || len(td.games) != 1 {
		t.Fatalf("asked %q, %d windows", td.asked, len(td.games))
	}
	td.answer = 0 // Save them
	td.Quit()
	if got := stored(t, gw, "italy"); got != "A ven H" {
		t.Errorf("stored %q", got)
	}
}

// TestSeatWithPINAsksFirst: dipdesk gui FILE --seat france with a PIN
// shows nothing of France until the PIN is given.
func TestSeatWithPINAsksFirst(t *testing.T) {
	td := newTestDesk(t)
	path := filepath.Join(td.dir, "pin.dipdesk")
	g, err := session.Create(path, session.Options{Seed: 3, Seats: []store.Seat{{Power: "france", PinHash: session.HashPIN("2468")}, {Power: "germany"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.SubmitOrders("S1901M", "france", "A par - bur"); err != nil {
		t.Fatal(err)
	}
	g.Close()
	gw, err := td.OpenGame(path, "france", false)
	if err != nil {
		t.Fatal(err)
	}
	if !gw.curtain.Visible() || gw.viewSeat() != (engine.Seat{}) || gw.panels["france"].Text() != "" {
		t.Fatalf("France's seat open before its PIN: curtain %v seat %v text %q", gw.curtain.Visible(), gw.viewSeat(), gw.panels["france"].Text())
	}
	if sc := td.board(gw).last(t); len(sc.Orders) != 0 {
		t.Fatalf("France's orders drawn before the PIN: %v", sc.Orders)
	}
	if gw.curtain.back.Text != "Close this game" {
		t.Errorf("curtain's other button %q", gw.curtain.back.Text)
	}
	gw.curtain.EnterPIN("1357")
	gw.curtain.Pass()
	if !gw.curtain.Visible() || gw.canOrder() {
		t.Fatal("a wrong PIN opened France's seat")
	}
	gw.curtain.EnterPIN("2468")
	gw.curtain.Pass()
	if gw.curtain.Visible() || gw.panels["france"].Text() != "A par - bur\n" || !gw.canOrder() {
		t.Fatalf("the right PIN: curtain %v, text %q", gw.curtain.Visible(), gw.panels["france"].Text())
	}
}

// TestNewGameFormForgetsSecrets: after a hot-seat game is made, no PIN,
// player or seed is left in the form; the seed is never on screen in hot
// seat, and a game master may set one.
func TestNewGameFormForgetsSecrets(t *testing.T) {
	td := newTestDesk(t)
	s := td.ShowStart()
	if s.seed.Visible() || !s.seedNote.Visible() {
		t.Fatal("the seed is on screen in hot seat")
	}
	s.seats[2].player.SetText("Marie")
	s.seats[2].pin.SetText("1789")
	s.askCreate()
	if len(td.games) != 1 {
		t.Fatalf("no game: %s", s.status.Text)
	}
	for _, r := range s.seats {
		if r.pin.Text != "" || r.player.Text != "" {
			t.Fatalf("%s's row still holds %q / %q", r.power, r.player.Text, r.pin.Text)
		}
	}
	if s.seed.Text != "" {
		t.Errorf("seed %q left in the form", s.seed.Text)
	}
	s.mode.SetSelected(modeGM)
	if !s.seed.Visible() {
		t.Fatal("the game master cannot set a seed")
	}
	s.seed.SetText("42")
	s.mode.SetSelected(modeHotSeat)
	if s.seed.Text != "" {
		t.Error("a seed shown to the screen would be used for a hot-seat game")
	}
}

// TestOpenTwiceBringsForward: opening a game already open gives its
// window, not an error or a second window.
func TestOpenTwiceBringsForward(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	again, err := td.OpenGame(filepath.Join(td.dir, ".", "g.dipdesk"), "", false)
	if err != nil || again != gw || len(td.games) != 1 {
		t.Fatalf("second open: %v, same window %v, %d windows", err, again == gw, len(td.games))
	}
}

func TestErrorsInPlayersWords(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	gw.edit("move nowhere bur")
	if s := gw.status.Text; strings.Contains(s, "session:") || strings.Contains(s, "edit:") || !strings.HasPrefix(s, "Edit: ") {
		t.Errorf("status %q", s)
	}
	for in, want := range map[string]string{
		"session: edit: no unit in Paris":           "no unit in Paris",
		"session: /x/g.dipdesk: store: file locked": "/x/g.dipdesk: file locked",
		"lan: dial: refused":                        "dial: refused",
	} {
		if got := userWords(errorString(in)); got != want {
			t.Errorf("userWords(%q) = %q, want %q", in, got, want)
		}
	}
	for name, want := range map[string]bool{"g.dipdesk": true, "g.dipdesk-wal": false, "g.dipdesk-shm": false, "g.dipdesk-journal": false, "notes.txt": true} {
		if offeredFile(name) != want {
			t.Errorf("Open offers %s: %v", name, !want)
		}
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }

// TestExportAsksPhaseAndAudience: a report of a chosen phase for a chosen
// power, named after the game, the phase and the power; every power at
// once; the board of any phase as any seat sees it.
func TestExportAsksPhaseAndAudience(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	if _, _, err := gw.g.SubmitOrders("S1901M", "france", "A par - bur"); err != nil {
		t.Fatal(err)
	}
	gw.adjudicateNow()
	gw.askExportReport()
	f := gw.export
	f.phase.SetSelected(stepLabel(gw.m, "S1901M"))
	f.audience.SetSelected("France")
	f.confirm(true)
	if len(td.saved) != 1 || td.saved[0] != "g-S1901M-france.txt" {
		t.Fatalf("suggested %q", td.saved)
	}
	b, err := os.ReadFile(filepath.Join(td.dir, "g-S1901M-france.txt"))
	if err != nil || !strings.Contains(string(b), "A par - bur") {
		t.Fatalf("report %q %v", b, err)
	}
	gw.askExportReport()
	gw.export.phase.SetSelected(stepLabel(gw.m, "S1901M"))
	gw.export.audience.SetSelected(everyPower)
	gw.export.confirm(true)
	for _, p := range gw.m.PowerIDs() {
		if _, err := os.Stat(filepath.Join(td.dir, "g-S1901M-"+string(p)+".txt")); err != nil {
			t.Errorf("no report for %s: %v", p, err)
		}
	}
	gw.askExportPNG()
	gw.export.phase.SetSelected(stepLabel(gw.m, "S1901M"))
	gw.export.audience.SetSelected("Germany")
	gw.export.confirm(true)
	fp, err := os.Open(filepath.Join(td.dir, "g-S1901M-germany.png"))
	if err != nil {
		t.Fatalf("no picture: %v (suggested %q)", err, td.saved)
	}
	defer fp.Close()
	img, err := png.Decode(fp)
	if err != nil || img.Bounds().Dx() != exportWidth {
		t.Fatalf("picture %v %v", img.Bounds(), err)
	}
	if err := gw.ExportReportAs(gw.g.Path(), "S1901M", engine.Seat{}); err == nil {
		t.Error("a report written over the save file")
	}
}

// TestExportOffersOnlyWhatTheSeatMayRead: at a hot-seat table only the
// public report; France behind the curtain also her own.
func TestExportOffersOnlyWhatTheSeatMayRead(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, nil)
	labels, _ := gw.audiences(true)
	if len(labels) != 1 || !strings.HasPrefix(labels[0], "Public") {
		t.Fatalf("the table may export for %q", labels)
	}
	seatFrance(t, gw)
	labels, _ = gw.audiences(true)
	if len(labels) != 2 || labels[1] != "France" {
		t.Fatalf("France may export for %q", labels)
	}
}

// TestHistoryShowsBranchesAndAuditLog: after a rollback with a reason and
// an edit, the game master's history lists the abandoned phases, the
// reason and the edit.
func TestHistoryShowsBranchesAndAuditLog(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	gw.adjudicateNow()
	gw.edit("move par bur")
	gw.Rollback("S1901M", "France's orders were mistyped")
	log := gw.history.Log()
	for _, want := range []string{"Abandoned by rollbacks:", "F1901M", "France's orders were mistyped", "moved France A from par to bur"} {
		if !strings.Contains(log, want) {
			t.Errorf("history log lacks %q:\n%s", want, log)
		}
	}
	if gw.history.more.Hidden {
		t.Error("the log is hidden")
	}
}

// TestUndoAndPhaseShortcuts: Ctrl+Z is the menu's Undo (the driver sends
// it as fyne.ShortcutUndo): in the orders being typed it undoes typing,
// elsewhere the last order; Alt+Left and Alt+Right step through phases.
func TestUndoAndPhaseShortcuts(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	items := map[string]*fyne.MenuItem{}
	for _, m := range gw.win.MainMenu().Items {
		for _, it := range m.Items {
			items[it.Label] = it
		}
	}
	if _, ok := items["Undo last order"].Shortcut.(*fyne.ShortcutUndo); !ok {
		t.Fatalf("Undo's shortcut is %T", items["Undo last order"].Shortcut)
	}
	if s, ok := items["Previous phase"].Shortcut.(*desktop.CustomShortcut); !ok || s.KeyName != fyne.KeyLeft || s.Modifier != fyne.KeyModifierAlt {
		t.Errorf("Previous phase shortcut %v", items["Previous phase"].Shortcut)
	}
	gw.SelectPower("france")
	o, _ := gw.g.Variant().Parser(gw.m).ParseOrder("france", "A par - bur")
	gw.boardOrder(o)
	if stored(t, gw, "france") != "A par - bur" {
		t.Fatal("board order not stored")
	}
	items["Undo last order"].Action()
	if got := stored(t, gw, "france"); got != "" {
		t.Fatalf("after Ctrl+Z stored %q", got)
	}
	gw.win.Canvas().Focus(gw.panels["france"].entry)
	test.Type(gw.panels["france"].entry, "A mar")
	items["Undo last order"].Action()
	if got := gw.panels["france"].Text(); got == "A mar" {
		t.Errorf("Ctrl+Z in the text did not undo typing: %q", got)
	}
	gw.adjudicateNow()
	gw.showPhase(1)
	items["Previous phase"].Action()
	if gw.viewIdx != 0 {
		t.Errorf("Alt+Left shows phase %d", gw.viewIdx)
	}
	items["Next phase"].Action()
	if gw.viewIdx != 1 {
		t.Errorf("Alt+Right shows phase %d", gw.viewIdx)
	}
}

// TestZoomButtonsAndSpacePan: the zoom buttons and Fit; with the space
// bar held a drag from a unit pans instead of ordering it.
func TestZoomButtonsAndSpacePan(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	gw.win.Resize(fyne.NewSize(1200, 800))
	b := td.board(gw).Board
	gw.zoom(zoomStep)
	gw.zoom(zoomStep)
	if b.ZoomLevel() <= 1.5 {
		t.Fatalf("zoom %v", b.ZoomLevel())
	}
	gw.fitBoard()
	if b.ZoomLevel() != 1 {
		t.Fatalf("fit left zoom %v", b.ZoomLevel())
	}
	gw.zoom(2)
	b.SetPanHeld(true)
	par, ok := locPos(b, "par")
	if !ok {
		t.Fatal("Paris not on the board")
	}
	x0 := b.panX
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: par}, Dragged: fyne.NewDelta(-60, 0)})
	b.DragEnd()
	b.SetPanHeld(false)
	if stored(t, gw, "france") != "" {
		t.Error("a drag with the space bar held gave an order")
	}
	if b.panX == x0 {
		t.Error("a drag with the space bar held did not pan")
	}
}

// locPos finds a point of the board widget inside province abbr.
func locPos(b *Board, abbr string) (fyne.Position, bool) {
	want, _ := b.m.Lookup(abbr)
	s := b.Size()
	for y := float32(2); y < s.Height; y += 3 {
		for x := float32(2); x < s.Width; x += 3 {
			if l, ok := b.locAt(fyne.NewPos(x, y)); ok && l.P == want {
				return fyne.NewPos(x+3, y+3), true
			}
		}
	}
	return fyne.Position{}, false
}

// TestStoredOrdersCheckedWhenOpened: orders stored before the window
// opened (a rollback, a game reopened, orders typed on the command line)
// are checked as typed ones are: the impossible ones are listed in the
// panel and drawn apart on the board.
func TestStoredOrdersCheckedWhenOpened(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	if _, _, err := gw.g.SubmitOrders(gw.phases[len(gw.phases)-1].Name, "france", "A par - bur\nA bel - mos"); err != nil {
		t.Fatal(err)
	}
	gw.refresh()
	gw.SelectPower("germany")
	sc := td.board(gw).last(t)
	if len(sc.Illegal) != 1 || sc.Illegal[0].Power != "france" {
		t.Fatalf("board draws %d of %d orders as impossible: %+v; orders %v; panel %q", len(sc.Illegal), len(sc.Orders), sc.Illegal, sc.Orders, gw.panels["france"].Errors())
	}
	if !strings.Contains(gw.panels["france"].Errors(), "no unit in Belgium") {
		t.Errorf("France's panel: %q", gw.panels["france"].Errors())
	}
}

// TestStaleConfirmation: Adjudicate asks once however often it is
// pressed, and the confirmation plays the phase it names or nothing: left
// open while the phase was played elsewhere, answering it refuses the
// phase that has gone by, never plays the next one.
func TestStaleConfirmation(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	var pending []func(int)
	td.ask = func(_ fyne.Window, title, message string, buttons []string, done func(int)) {
		td.asked = append(td.asked, title)
		pending = append(pending, done)
	}
	gw.Adjudicate() // nobody has ordered: it asks
	gw.Adjudicate()
	gw.Adjudicate()
	if len(pending) != 1 || !strings.Contains(td.asked[0], "Spring 1901 Movement") {
		t.Fatalf("three presses asked %d times: %q", len(pending), td.asked)
	}
	// The phase is played elsewhere (the command line) while the
	// question is open.
	if _, _, err := gw.g.Process("S1901M"); err != nil {
		t.Fatal(err)
	}
	pending[0](0) // "Adjudicate anyway", for Spring 1901
	cur, err := gw.g.Current()
	if err != nil || cur.Phase.Name != "F1901M" {
		t.Fatalf("the stale confirmation played %s (%v)", cur.Phase.Name, err)
	}
	gw.Adjudicate() // the question may be asked again
	if len(pending) != 2 || !strings.Contains(td.asked[1], "Fall 1901 Movement") {
		t.Errorf("after the answer: %q", td.asked)
	}
}
