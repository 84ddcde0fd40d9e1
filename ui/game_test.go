package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"dipdesk/app/session"
	"dipdesk/app/store"
	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/variants/standard"
)

// spyBoard is the real board widget, watched: it records every scene and
// highlight the game window gives it.
type spyBoard struct {
	*Board
	scenes     []Scene
	highlights [][]engine.Loc
	hooks      boardHooks
}

func (s *spyBoard) SetScene(sc Scene) {
	s.scenes = append(s.scenes, sc)
	s.Board.SetScene(sc)
}

func (s *spyBoard) SetHighlight(locs []engine.Loc) {
	s.highlights = append(s.highlights, locs)
	s.Board.SetHighlight(locs)
}

func (s *spyBoard) last(t *testing.T) Scene {
	t.Helper()
	if len(s.scenes) == 0 {
		t.Fatal("the board was never given a scene")
	}
	return s.scenes[len(s.scenes)-1]
}

// testDesk is a desk on a headless test app whose file dialogs answer
// with paths in a temporary folder.
type testDesk struct {
	*Desk
	dir     string
	boards  []*spyBoard
	saved   []string // the names chooseSave suggested
	asked   []string // the questions asked, title and text
	buttons []string // the buttons of the last question
	answer  int      // the button pressed for every question
	answers []int    // the buttons pressed for the next questions, before answer
	number  int      // the number typed when a number is asked (out of range: Cancel)
}

func newTestDesk(t *testing.T) *testDesk {
	t.Helper()
	a := test.NewTempApp(t)
	td := &testDesk{Desk: NewDesk(a), dir: t.TempDir()}
	td.chooseSave = func(_ fyne.Window, name string, _ []string, done func(string)) {
		td.saved = append(td.saved, name)
		if strings.HasSuffix(name, ".dipdesk") {
			name = "game.dipdesk"
		}
		done(filepath.Join(td.dir, name))
	}
	td.chooseOpen = func(_ fyne.Window, done func(string)) { done(filepath.Join(td.dir, "game.dipdesk")) }
	td.chooseFolder = func(_ fyne.Window, done func(string)) { done(td.dir) }
	td.ask = func(_ fyne.Window, title, message string, buttons []string, done func(int)) {
		td.asked = append(td.asked, title+"\n"+message)
		td.buttons = buttons
		a := td.answer
		if len(td.answers) > 0 {
			a, td.answers = td.answers[0], td.answers[1:]
		}
		done(a)
	}
	td.askNumber = func(_ fyne.Window, title, message string, lo, hi int, done func(int, bool)) {
		td.asked = append(td.asked, fmt.Sprintf("%s\n%s\n[%d..%d]", title, message, lo, hi))
		done(td.number, td.number >= lo && td.number <= hi)
	}
	td.newBoard = func(r *render.Renderer, m *engine.Map, h boardHooks) boardSurface {
		b := &spyBoard{Board: newBoard(r, m, h).(*Board), hooks: h}
		td.boards = append(td.boards, b)
		return b
	}
	t.Cleanup(func() {
		for _, gw := range append([]*GameWindow(nil), td.games...) {
			gw.win.Close()
		}
	})
	return td
}

// game creates a game file with seats and opens its window.
func (td *testDesk) game(t *testing.T, seats []store.Seat) *GameWindow {
	t.Helper()
	path := filepath.Join(td.dir, "g.dipdesk")
	g, err := session.Create(path, session.Options{Seed: 1901, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	gw, err := td.showGame(g, "", false)
	if err != nil {
		t.Fatal(err)
	}
	return gw
}

func (td *testDesk) board(gw *GameWindow) *spyBoard { return gw.board.(*spyBoard) }

var gmSeats = []store.Seat{{Power: "gm"}}

func TestStartWindowCreatesSave(t *testing.T) {
	td := newTestDesk(t)
	s := td.ShowStart()
	if !strings.Contains(s.desc.Text, "") || s.variant.Selected == "" {
		t.Fatalf("no variant chosen: %q", s.variant.Selected)
	}
	s.newSeed = func() uint64 { return 1901 }
	s.seats[0].pin.SetText("1234") // Austria keeps a PIN
	s.askCreate()
	path := filepath.Join(td.dir, "game.dipdesk")
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no save written: %v (status %q)", err, s.status.Text)
	}
	if len(td.games) != 1 {
		t.Fatalf("%d game windows open, want 1", len(td.games))
	}
	gw := td.games[0]
	if got := gw.bar.Text(); got != "Spring 1901 Movement (S1901M)" {
		t.Errorf("phase bar %q", got)
	}
	info := gw.g.Info()
	if info.Seed != 1901 || len(info.Seats) != 7 || info.Seats[0].PinHash == "" || !session.CheckPIN(info.Seats[0].PinHash, "1234") {
		t.Errorf("game info %+v", info)
	}
	if r := recentFiles(td.app.Preferences()); len(r) != 1 || r[0] != path {
		t.Errorf("recent %v", r)
	}
}

func TestStartWindowRefusesBadSeed(t *testing.T) {
	td := newTestDesk(t)
	s := td.ShowStart()
	s.mode.SetSelected(modeGM)
	s.seed.SetText("soon")
	s.askCreate()
	if len(td.games) != 0 || !strings.Contains(s.status.Text, "seed") {
		t.Fatalf("status %q, %d games", s.status.Text, len(td.games))
	}
}

func TestOrderPanelShowsErrorsAndSubmitsGoodOrders(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	op := gw.panels["france"]
	test.Type(op.entry, "A par - bur\nA mar - Bugundy\nF bre - mao")
	if e := op.Errors(); !strings.Contains(e, "line 2") || !strings.Contains(e, "Burgundy") {
		t.Fatalf("errors shown %q", e)
	}
	if !op.errBox.Visible() {
		t.Error("errors label hidden")
	}
	test.Tap(op.save)
	cur, _ := gw.g.Current()
	orders, err := gw.g.Orders(cur.Phase)
	if err != nil || len(orders) != 2 {
		t.Fatalf("stored %v (%v), want the two good orders", orders, err)
	}
	if !strings.Contains(gw.status.Text, "2 orders saved, 1 line not understood") {
		t.Errorf("status %q", gw.status.Text)
	}
	if sc := td.board(gw).last(t); len(sc.Orders) != 2 {
		t.Errorf("board shows %d orders, want 2", len(sc.Orders))
	}
	op.SetText("A par - bur")
	if op.Errors() != "" || op.errBox.Visible() {
		t.Errorf("errors %q for a good text", op.Errors())
	}
}

func TestBoardOrderAppendsAndUndo(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	b := td.board(gw)
	o, err := gw.g.Variant().Parser(gw.m).ParseOrder("france", "A par - bur")
	if err != nil {
		t.Fatal(err)
	}
	b.hooks.order(o)
	if got := gw.panels["france"].Text(); got != "A par - bur\n" {
		t.Fatalf("panel %q", got)
	}
	gw.SelectPower("france")
	gw.UndoLastOrder()
	cur, _ := gw.g.Current()
	if orders, _ := gw.g.Orders(cur.Phase); len(orders) != 0 {
		t.Errorf("after undo %v", orders)
	}
}

// hasPower reports whether any order is power's.
func hasPower(orders []engine.Order, p engine.Power) bool {
	for _, o := range orders {
		if o.Power == p {
			return true
		}
	}
	return false
}

func TestCurtainHidesOtherPowersOrders(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, nil) // hot seat, one seat per power
	b := td.board(gw)

	gw.PassTo("germany")
	if !gw.curtain.Visible() || gw.curtain.Title() != "Pass the laptop to Germany" {
		t.Fatalf("curtain visible %v %q", gw.curtain.Visible(), gw.curtain.Title())
	}
	gw.curtain.Pass()
	gw.panels["germany"].SetText("A ber - kie\nF kie - den")
	gw.SaveOrders()
	gw.toTable()
	if sc := b.last(t); len(sc.Orders) != 0 || len(sc.View.Pending) != 0 {
		t.Fatalf("the table sees orders: %v", sc.Orders)
	}

	gw.PassTo("france")
	if sc := b.last(t); len(sc.Orders) != 0 {
		t.Fatalf("orders shown behind the curtain: %v", sc.Orders)
	}
	gw.curtain.Pass()
	if gw.curtain.Visible() || gw.active != "france" {
		t.Fatal("curtain did not open for France")
	}
	test.Type(gw.panels["france"].entry, "A par - bur")
	test.Tap(gw.panels["france"].save)
	sc := b.last(t)
	if hasPower(sc.Orders, "germany") || hasPower(sc.View.Pending, "germany") || !hasPower(sc.Orders, "france") {
		t.Fatalf("France's scene: %v", sc.Orders)
	}
	if sc.Power != "france" || sc.ReadOnly {
		t.Errorf("France's scene power %q read-only %v", sc.Power, sc.ReadOnly)
	}
	for p, op := range gw.panels {
		if p != "france" && op.Text() != "" {
			t.Errorf("%s's panel shows %q to France", p, op.Text())
		}
	}

	gw.Adjudicate() // refused: France sits behind the curtain
	if cur, _ := gw.g.Current(); cur.State.Phase.Key() != "S1901M" {
		t.Fatalf("adjudicated while France was ordering: now %s", cur.State.Phase.Key())
	}
	gw.DoneOrdering()
	gw.Adjudicate()
	sc = b.last(t)
	if !hasPower(sc.Orders, "germany") || !hasPower(sc.Orders, "france") || len(sc.Results) == 0 {
		t.Fatalf("after adjudication the board shows %v / %d results", sc.Orders, len(sc.Results))
	}
	all := strings.Join(gw.results.Lines(), "\n")
	if !strings.Contains(all, "Germany: A ber - kie") || !strings.Contains(all, "France: A par - bur") {
		t.Errorf("results:\n%s", all)
	}
}

func TestCurtainPIN(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, []store.Seat{{Power: "france", PinHash: session.HashPIN("4321")}, {Power: "germany"}})
	gw.PassTo("france")
	gw.curtain.EnterPIN("1111")
	gw.curtain.Pass()
	if !gw.curtain.Visible() || gw.active != "" || gw.curtain.wrong.Text == "" {
		t.Fatal("a wrong PIN opened the curtain")
	}
	gw.curtain.EnterPIN("4321")
	gw.curtain.Pass()
	if gw.curtain.Visible() || gw.active != "france" {
		t.Fatal("the right PIN did not open the curtain")
	}
}

func TestAdjudicateAdvancesAndHighlights(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	if _, _, err := gw.g.SubmitOrders("S1901M", "france", "A par - bur\nA mar - bur"); err != nil {
		t.Fatal(err)
	}
	gw.Adjudicate()
	if len(gw.phases) != 2 || gw.phases[1].Name != "F1901M" {
		t.Fatalf("phases %v", gw.phases)
	}
	if got := gw.bar.Text(); got != "Spring 1901 Movement (S1901M)" {
		t.Errorf("after adjudication the bar shows %q (the adjudicated phase)", got)
	}
	if len(gw.results.Lines()) == 0 || !strings.Contains(strings.Join(gw.results.Lines(), "\n"), "bounced") {
		t.Fatalf("results %v", gw.results.Lines())
	}
	gw.bar.OnNext()
	if got := gw.bar.Text(); got != "Fall 1901 Movement (F1901M)" {
		t.Errorf("next phase %q", got)
	}
	b := td.board(gw)
	gw.results.Select(0)
	if len(b.highlights) == 0 || len(b.highlights[len(b.highlights)-1]) == 0 {
		t.Fatal("selecting a result did not highlight its order")
	}
}

func TestReviewIsReadOnly(t *testing.T) {
	td := newTestDesk(t)
	path := filepath.Join(td.dir, "r.dipdesk")
	g, err := session.Create(path, session.Options{Seats: gmSeats})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.SubmitOrders("S1901M", "france", "A par - bur"); err != nil {
		t.Fatal(err)
	}
	g.Close()
	gw, err := td.OpenGame(path, "", true)
	if err != nil {
		t.Fatal(err)
	}
	if !gw.readOnly || gw.gmTools != nil {
		t.Fatal("review window is not read-only")
	}
	if !gw.bar.adjudicate.Disabled() {
		t.Error("Adjudicate enabled in review")
	}
	gw.Adjudicate()
	if len(gw.phases) != 1 {
		t.Error("review adjudicated")
	}
	if sc := td.board(gw).last(t); !sc.ReadOnly || len(sc.Orders) != 0 {
		t.Errorf("review scene read-only %v, orders %v (pending orders are private)", sc.ReadOnly, sc.Orders)
	}
	for p, op := range gw.panels {
		if !op.entry.Disabled() {
			t.Errorf("%s's panel editable in review", p)
		}
	}
}

func TestHistoryShowsPastPhase(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	if _, _, err := gw.g.SubmitOrders("S1901M", "france", "A par - bur"); err != nil {
		t.Fatal(err)
	}
	gw.Adjudicate()
	gw.Adjudicate()
	if gw.history.Len() != 3 {
		t.Fatalf("history lists %d phases", gw.history.Len())
	}
	if !strings.Contains(gw.history.Line(0), "Spring 1901 Movement  adjudicated") {
		t.Errorf("history line %q", gw.history.Line(0))
	}
	gw.history.Select(0)
	sc := td.board(gw).last(t)
	if sc.View.State.Phase.Key() != "S1901M" || !hasPower(sc.Orders, "france") || len(sc.Results) == 0 || !sc.ReadOnly {
		t.Fatalf("history scene %s orders %v results %d", sc.View.State.Phase.Key(), sc.Orders, len(sc.Results))
	}
	if gw.bar.Text() != "Spring 1901 Movement (S1901M)" {
		t.Errorf("bar %q", gw.bar.Text())
	}
}

func TestGameMasterEditRollbackAndExport(t *testing.T) {
	td := newTestDesk(t)
	gw := td.game(t, gmSeats)
	gw.edit("move kie hol")
	hol, err := gw.g.ParseEdit([]string{"remove", "hol"})
	if err != nil {
		t.Fatal(err)
	}
	if cur, _ := gw.g.Current(); cur.State.UnitAt(hol.At.P) < 0 {
		t.Fatal("no unit in Holland after the edit")
	}
	if !strings.HasPrefix(gw.status.Text, "Edited") {
		t.Fatalf("status %q", gw.status.Text)
	}
	gw.edit("move nowhere")
	if !strings.HasPrefix(gw.status.Text, "Edit:") {
		t.Errorf("bad edit status %q", gw.status.Text)
	}
	gw.Adjudicate()
	gw.Rollback("S1901M", "typo")
	if len(gw.phases) != 1 || !gw.current() {
		t.Fatalf("after rollback %v", gw.phases)
	}
	png := filepath.Join(td.dir, "b.png")
	if err := gw.ExportPNG(png); err != nil {
		t.Fatal(err)
	}
	rep := filepath.Join(td.dir, "r.txt")
	if err := gw.ExportReport(rep); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(png); err != nil || fi.Size() < 1000 {
		t.Errorf("png %v %v", fi, err)
	}
	if b, err := os.ReadFile(rep); err != nil || !strings.Contains(string(b), "Spring 1901") {
		t.Errorf("report %q %v", b, err)
	}
}

func TestPreferences(t *testing.T) {
	a := test.NewTempApp(t)
	p := a.Preferences()
	for i := 0; i < maxRecent+2; i++ {
		addRecent(p, filepath.Join("x", string(rune('a'+i))))
	}
	addRecent(p, filepath.Join("x", "c"))
	r := recentFiles(p)
	if len(r) != maxRecent || r[0] != filepath.Join("x", "c") {
		t.Errorf("recent %v", r)
	}
	rememberWindowSize(p, fyne.NewSize(1000, 700))
	if s := gameWindowSize(p); s != fyne.NewSize(1000, 700) {
		t.Errorf("size %v", s)
	}
	SetTheme(a, "dark")
	if a.Preferences().String(prefTheme) != "dark" {
		t.Error("theme not remembered")
	}
}

func TestReplaceUnitOrder(t *testing.T) {
	m, err := standard.Map()
	if err != nil {
		t.Fatal(err)
	}
	parser := &engine.Parser{Map: m}
	o, err := parser.ParseOrder("france", "A par - pic")
	if err != nil {
		t.Fatal(err)
	}
	got := replaceUnitOrder(parser, "france", "A par - bur\nF bre - mao; A par H\nA mar - Bugundy\n", o)
	want := "F bre - mao\nA mar - Bugundy\nA par - pic\n"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	// A variant's piece beside an army of the same power in Vienna is
	// another unit: the army's new order leaves the piece's alone.
	fm := m.Clone()
	if _, err := fm.AddPiece(engine.PieceInfo{Code: "FA", Name: "female army", Moves: engine.Army, NoCombat: true, Shares: true}); err != nil {
		t.Fatal(err)
	}
	fp := &engine.Parser{Map: fm}
	hold, err := fp.ParseOrder("austria", "A vie H")
	if err != nil {
		t.Fatal(err)
	}
	got = replaceUnitOrder(fp, "austria", "A vie - bud\nFA vie - gal\n", hold)
	if want := "FA vie - gal\nA vie H\n"; got != want {
		t.Errorf("beside a piece: got %q\nwant %q", got, want)
	}
}

func TestAdjustmentsDueText(t *testing.T) {
	m, err := standard.Map()
	if err != nil {
		t.Fatal(err)
	}
	s := engine.NewState(m, engine.Phase{Year: 1901, Season: engine.Winter, Type: engine.Adjustment})
	bel, _ := m.Lookup("bel")
	s.Owners[bel] = "france"
	mun, _ := m.Lookup("mun")
	s.Owners[mun] = "france"
	if got := adjustmentsDue(m, s, ""); got != "France builds 2, Germany disbands 1" {
		t.Errorf("table: %q", got)
	}
	if got := adjustmentsDue(m, s, "italy"); got != "no builds or disbands due" {
		t.Errorf("italy: %q", got)
	}
}
