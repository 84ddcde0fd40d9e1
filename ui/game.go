package ui

import (
	"fmt"
	"strings"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"dipdesk/app/session"
	"dipdesk/app/store"
	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/render/geometry"
	"dipdesk/variants/cardgame"
)

// boardSurface is what the game window needs of the board widget; tests
// wrap the real Board to watch the scenes it is given.
type boardSurface interface {
	fyne.CanvasObject
	SetScene(s Scene)
	SetHighlight(locs []engine.Loc)
	LocAt(p fyne.Position) (engine.Loc, bool)
	Zoom(factor float64)
	ResetZoom()
	SetPanHeld(on bool)
	SetDropTargets(locs []engine.Loc)
}

// zoomStep is the zoom of one press of a zoom button or shortcut.
const zoomStep = 1.25

// zoom zooms the board by factor around its middle.
func (gw *GameWindow) zoom(factor float64) { gw.board.Zoom(factor) }

// fitBoard shows the whole board again.
func (gw *GameWindow) fitBoard() { gw.board.ResetZoom() }

// zoomBar is the row of zoom buttons over the board's top right corner.
func (gw *GameWindow) zoomBar() fyne.CanvasObject {
	in := widget.NewButtonWithIcon("", theme.ZoomInIcon(), func() { gw.zoom(zoomStep) })
	out := widget.NewButtonWithIcon("", theme.ZoomOutIcon(), func() { gw.zoom(1 / zoomStep) })
	fit := widget.NewButtonWithIcon("Fit", theme.ZoomFitIcon(), gw.fitBoard)
	return container.NewVBox(container.NewHBox(layout.NewSpacer(), in, out, fit))
}

// watchKeys lets the space bar, held while nothing takes typing, make
// a drag on the board pan.
func (gw *GameWindow) watchKeys() {
	dc, ok := gw.win.Canvas().(desktop.Canvas)
	if !ok {
		return
	}
	dc.SetOnKeyDown(func(e *fyne.KeyEvent) {
		if e.Name == fyne.KeySpace {
			gw.board.SetPanHeld(true)
		}
	})
	dc.SetOnKeyUp(func(e *fyne.KeyEvent) {
		if e.Name == fyne.KeySpace {
			gw.board.SetPanHeld(false)
		}
	})
}

// boardHooks are the game window's answers to the board's events.
type boardHooks struct {
	order    func(o engine.Order)
	message  func(text string)
	hover    func(text string)
	template func(p engine.Power, text string)
	parser   *engine.Parser
}

// newBoard makes the board widget and wires its events.
func newBoard(r *render.Renderer, m *engine.Map, h boardHooks) boardSurface {
	b := NewBoard(r, m)
	b.OnOrder, b.OnMessage, b.OnHover, b.OnTemplate, b.Parser = h.order, h.message, h.hover, h.template, h.parser
	return b
}

// GameWindow is one game: the board in the middle, the order panels,
// results, history and game-master tools at the side, the phase bar on
// top, and in hot-seat games the curtain over everything between players.
type GameWindow struct {
	desk *Desk
	win  fyne.Window
	g    *session.Game
	m    *engine.Map

	readOnly bool
	gm       bool         // the game master sees and orders everything
	fixed    bool         // opened as one power (--seat): no table, no curtain
	seat     engine.Seat  // review: the seat whose view is shown
	active   engine.Power // hot seat: the power ordering now; "" is the table
	seats    map[engine.Power]store.Seat
	legend   bool

	locked bool        // a fixed seat with a PIN not given yet: nothing of the seat is shown
	gone   atomic.Bool // the window was closed

	phases     []store.Phase   // the line of play; the last is being played
	submitted  []engine.Power  // powers whose orders are in for the current phase
	confirming bool            // an Adjudicate confirmation is open: no second one
	acting     engine.Acting   // who must and who may act in the current phase (engine.WhoActs)
	over       *engine.GameEnd // how the game ended (session.End), nil while it goes on
	viewIdx    int             // the phase on the board
	curView    engine.View     // the seat's view of the phase being played: typed orders are checked against it
	drafts     map[engine.Power]*draft

	exporter *render.Renderer
	board    boardSurface
	scene    Scene // the last scene given to the board
	base     Scene // the scene of the save, before the drafts are drawn on it
	panels   map[engine.Power]*OrderPanel
	orders   *fyne.Container // the order side: the game master's powers, the table, or one panel

	// The game master's power picker: a button per power, the selected
	// power's name and panel.
	picker      map[engine.Power]*widget.Button
	pickerBox   *fyne.Container
	pickerHead  *widget.Label
	pickerWho   *widget.Label // whose orders are in, who is awaited (WhoActs)
	pickerStack *fyne.Container
	selected    engine.Power
	selectedIn  string // the step selected was chosen in
	bar         *PhaseBar
	results     *ResultsList
	history     *HistoryList
	export      *exportForm // the last export question asked
	ghost       *cardGhost  // the card following the pointer while it is dragged
	// completed caches the legal ways to finish each special order of the
	// phase (CardCompletions), by the order's template.
	completed map[string][]session.Completion
	cards     *CardsPanel   // nil in a game without character cards
	specials  []UnitSpecial // the special orders of the seat's cards, for the units' menus
	gmTools   *GMTools
	curtain   *Curtain
	status    *widget.Label
	hover     *widget.Label
}

// newGameWindow builds the window of an open game. seat "" follows the
// game's seats: a "gm" seat means game-master mode, otherwise hot seat;
// "gm" forces game-master mode, a power opens as that power only, and
// "public" (review) shows what the table sees.
func newGameWindow(d *Desk, g *session.Game, seat string, review bool) (*GameWindow, error) {
	gw := &GameWindow{desk: d, g: g, m: g.Map(), readOnly: review, seats: map[engine.Power]store.Seat{},
		legend: d.app.Preferences().BoolWithFallback(prefLegend, true), drafts: map[engine.Power]*draft{}}
	for _, st := range g.Info().Seats {
		if st.Power == "gm" {
			gw.gm = true
		}
		gw.seats[engine.Power(st.Power)] = st
	}
	if seat != "" {
		s, err := g.ParseSeat(seat)
		if err != nil {
			return nil, err
		}
		gw.seat, gw.gm = s, s.GM
		if s.Power != "" {
			gw.fixed, gw.active = true, s.Power
			// A seat with a PIN shows nothing of itself until the PIN is
			// given (dipdesk gui FILE --seat france).
			gw.locked = gw.seats[s.Power].PinHash != ""
		}
	} else if review {
		gw.gm = false
	}
	if gw.gm {
		gw.seat = engine.Seat{GM: true}
	}
	gb, err := geometry.Load()
	if err != nil {
		return nil, err
	}
	gw.exporter = render.New(gb, gw.m)
	gw.board = d.newBoard(render.New(gb, gw.m), gw.m, boardHooks{order: gw.boardOrder, message: gw.flash, hover: gw.showHover, template: gw.cardTemplate,
		parser: g.Variant().Parser(g.Map())})
	gw.build()
	if err := gw.reload(); err != nil {
		return nil, err
	}
	gw.viewIdx = len(gw.phases) - 1
	gw.refresh()
	if gw.locked {
		p := gw.seat.Power
		gw.curtain.Close(p, gw.m.PowerName(p), gw.seats[p].PinHash)
		gw.curtain.SetBack("Close this game")
	}
	return gw, nil
}

// build makes the window's widgets.
func (gw *GameWindow) build() {
	title := "DipDesk: " + baseName(gw.g.Path())
	if gw.readOnly {
		title += " (review, read-only)"
	}
	gw.win = gw.desk.app.NewWindow(title)
	gw.status = widget.NewLabel("")
	gw.status.Truncation = fyne.TextTruncateEllipsis
	gw.hover = widget.NewLabel("")
	gw.bar = NewPhaseBar()
	gw.bar.OnPrev = func() { gw.showPhase(gw.viewIdx - 1) }
	gw.bar.OnNext = func() { gw.showPhase(gw.viewIdx + 1) }
	gw.bar.OnAdjudicate = gw.Adjudicate
	e2eMark("adjudicate", gw.bar.adjudicate)
	gw.results = NewResultsList()
	gw.results.OnSelect = gw.board.SetHighlight
	gw.history = NewHistoryList(gw.m)
	gw.history.OnSelect = gw.showPhase
	gw.curtain = NewCurtain()
	gw.curtain.OnPass = gw.seatPower
	gw.curtain.OnCancel = func() {
		if gw.locked {
			gw.win.Close()
			return
		}
		gw.toTable()
	}
	gw.panels = map[engine.Power]*OrderPanel{}
	for _, p := range gw.m.PowerIDs() {
		power := p
		op := NewOrderPanel(p, func(text string) session.Checked {
			return session.CheckOrders(gw.g.Variant(), gw.curView, power, text)
		})
		op.OnSave = func(op *OrderPanel) { gw.submit(op.Power) }
		op.OnChanged = gw.panelChanged
		if len(seatSpecials(gw.g.Variant())) > 0 {
			op.EnableSeatOrders(func() []*fyne.MenuItem { return gw.seatOrderItems(power) })
			e2eMark("seatorders."+string(p), op.seat)
		}
		gw.panels[p] = op
	}
	gw.orders = container.NewStack()
	side := []*container.TabItem{
		container.NewTabItem("Results", gw.results),
		container.NewTabItem("History", gw.history),
	}
	if gw.g.HasCards() {
		gw.cards = NewCardsPanel(gw.m)
		gw.cards.OnTemplate = gw.cardTemplate
		gw.cards.OnDrop = gw.cardDropped
		gw.cards.OnDragMove = gw.cardDragMove
		gw.cards.OnDragEnd = gw.cardDragEnd
		gw.cards.OnSeatOrder = gw.seatCardOrder
		e2eMark("cards", gw.cards)
		side = append([]*container.TabItem{container.NewTabItem("Cards", gw.cards)}, side...)
	}
	if gw.gm && !gw.readOnly {
		gw.gmTools = NewGMTools()
		gw.gmTools.OnEdit = gw.edit
		gw.gmTools.OnRollback = func(p, r string) { gw.Rollback(p, r) }
		gw.gmTools.OnStandby = gw.standby
		var names []string
		for _, p := range gw.m.PowerIDs() {
			names = append(names, gw.m.PowerName(p))
		}
		gw.gmTools.SetPowers(names)
		gw.gmTools.SetInfo(fmt.Sprintf("%s, seed %d (kept in the save file: the game replays from it)", gw.g.Variant().Name, gw.g.Info().Seed))
		side = append(side, container.NewTabItem("Game master", gw.gmTools))
	}
	right := container.NewVSplit(gw.orders, container.NewAppTabs(side...))
	right.Offset = 0.5
	main := container.NewHSplit(container.NewStack(gw.board, gw.zoomBar()), right)
	main.Offset = 0.66
	body := container.NewBorder(gw.bar, container.NewBorder(nil, nil, nil, gw.hover, gw.status), nil, nil, main)
	gw.ghost = newCardGhost()
	layer := container.NewWithoutLayout(gw.ghost)
	gw.ghost.layer = layer
	gw.win.SetContent(container.NewStack(body, layer, gw.curtain))
	gw.curtain.Canvas = gw.win.Canvas()
	gw.win.SetMainMenu(gw.menus())
	gw.watchKeys()
	gw.win.Resize(gameWindowSize(gw.desk.app.Preferences()))
	gw.win.SetCloseIntercept(gw.Close)
	gw.win.SetOnClosed(func() {
		gw.gone.Store(true)
		rememberWindowSize(gw.desk.app.Preferences(), gw.win.Canvas().Size())
		gw.g.Close()
		gw.desk.closed(gw)
	})
}

// reload reads the line of play from the save.
func (gw *GameWindow) reload() error {
	phases, err := gw.g.History(false)
	if err != nil {
		return err
	}
	if len(phases) == 0 {
		return fmt.Errorf("ui: %s has no phases", gw.g.Path())
	}
	gw.phases = phases
	if gw.viewIdx >= len(phases) {
		gw.viewIdx = len(phases) - 1
	}
	return nil
}

// current reports whether the board shows the phase being played.
func (gw *GameWindow) current() bool { return gw.viewIdx == len(gw.phases)-1 }

// viewSeat is whose eyes the board and panels use now.
func (gw *GameWindow) viewSeat() engine.Seat {
	switch {
	case gw.locked:
		return engine.Seat{}
	case gw.gm:
		return engine.Seat{GM: true}
	case gw.active != "":
		return engine.Seat{Power: gw.active}
	}
	return gw.seat
}

// canOrder reports whether orders may be given now.
func (gw *GameWindow) canOrder() bool {
	return !gw.readOnly && !gw.locked && gw.current() && (gw.gm || gw.active != "")
}

// refresh redraws everything from the save.
func (gw *GameWindow) refresh() {
	if err := gw.reload(); err != nil {
		gw.flash(userWords(err))
		return
	}
	if a, err := gw.g.WhoActs(""); err == nil {
		gw.acting = a
	}
	gw.readEnd()
	gw.refreshCards()
	gw.refreshOrders() // before the board: it draws the panels' checks
	gw.refreshBoard()
	gw.refreshBar()
	gw.refreshResults()
	gw.history.Set(gw.phases, gw.viewIdx)
	gw.refreshLog()
	if gw.gmTools != nil {
		var keys []string
		for _, p := range gw.phases {
			if p.Adjudicated {
				keys = append(keys, p.Name)
			}
		}
		gw.gmTools.SetPhases(keys, func(key string) string { return stepLabel(gw.m, key) })
	}
}

// Scene returns the scene of the phase on the board as the current seat
// may see it: the pending orders it may see for the phase being played,
// every order and result for an adjudicated one.
func (gw *GameWindow) sceneFor(idx int) (Scene, *engine.Outcome, error) {
	return gw.sceneAs(idx, gw.viewSeat())
}

// sceneAs is the scene of phase idx as seat may see it.
func (gw *GameWindow) sceneAs(idx int, seat engine.Seat) (Scene, *engine.Outcome, error) {
	ps := gw.phases[idx]
	v, err := gw.g.View(seat, ps.Name)
	if err != nil {
		return Scene{}, nil, err
	}
	s := Scene{View: v, Power: gw.active, Legend: gw.legend, ReadOnly: true, Marks: session.BoardMarks(v)}
	if !ps.Adjudicated {
		s.Orders = v.Pending
		s.ReadOnly = !gw.canOrder()
		if vr, ok := cardgame.Of(v.State).(cardgame.VoluntaryRetreater); ok && !s.ReadOnly {
			for _, r := range vr.VoluntaryRetreats(v) {
				s.Retreaters = append(s.Retreaters, Retreater{Unit: r.Unit, To: r.To})
			}
		}
		return s, nil, nil
	}
	st, err := gw.g.Phase(ps.Name)
	if err != nil {
		return Scene{}, nil, err
	}
	// What the seat may know of the outcome (a variant's ConcealOutcome
	// applied): the board, the results list and the history show it.
	out, err := gw.g.SeatOutcome(st, seat)
	if err != nil {
		return Scene{}, nil, err
	}
	for _, r := range out.Results {
		s.Orders = append(s.Orders, r.Order)
	}
	s.Results = out.Results
	return s, out, nil
}

func (gw *GameWindow) refreshBoard() {
	s, _, err := gw.sceneFor(gw.viewIdx)
	if err != nil {
		gw.flash(userWords(err))
		return
	}
	s.Specials = gw.specials
	gw.base = s
	gw.showDrafts()
	if gw.cards != nil {
		gw.cards.SetMarks(s.Marks)
	}
}

// showDrafts draws the board's scene with the typed orders in place of
// the stored ones, for every power whose panel the seat sees, and the
// orders the engine finds impossible drawn apart.
func (gw *GameWindow) showDrafts() {
	s := gw.base
	if gw.current() && gw.canOrder() && s.View.State != nil && !gw.phases[gw.viewIdx].Adjudicated {
		var orders, illegal []engine.Order
		typed := map[engine.Power]bool{}
		for _, p := range gw.m.PowerIDs() {
			if !gw.gm && p != gw.active {
				continue
			}
			if d := gw.drafts[p]; d != nil && d.phase == gw.phases[gw.viewIdx].Name {
				c := gw.panels[p].Checked()
				typed[p] = true
				orders = append(orders, c.Orders...)
				illegal = append(illegal, c.Illegal()...)
			} else if op := gw.panels[p]; op != nil {
				// The stored orders, loaded into the panel and checked
				// there: the impossible ones are drawn apart too (after
				// a rollback, or in a game reopened).
				illegal = append(illegal, op.Checked().Illegal()...)
			}
		}
		for _, o := range s.Orders {
			if !typed[o.Power] {
				orders = append(orders, o)
			}
		}
		if len(typed) > 0 {
			s.Orders = orders
		}
		s.Illegal = illegal
	}
	s = gw.drawable(s)
	gw.scene = s
	gw.board.SetScene(s)
}

// drawable returns scene s with its special orders as the board draws
// them (session.BoardOrders).
func (gw *GameWindow) drawable(s Scene) Scene {
	s.Orders, s.Results, s.Signs = session.BoardOrders(gw.g.Variant(), s.View, s.Orders, s.Results)
	return s
}

func (gw *GameWindow) refreshBar() {
	p := gw.phases[gw.viewIdx]
	note := "being played"
	switch {
	case p.Adjudicated:
		note = "adjudicated: orders and results"
	case gw.readOnly:
		note = "review, read-only"
	case gw.active != "":
		note = gw.m.PowerName(gw.active) + " is ordering"
	case gw.over != nil:
		note = "the game is over: " + gameEndText(gw.m, gw.over)
	default:
		if ph, err := engine.ParsePhase(p.Name); err == nil {
			note += ": " + actingNote(gw.m, ph, gw.acting, gw.submitted)
		}
	}
	if !p.Adjudicated && gw.scene.View.State != nil && gw.scene.View.State.Phase.Type == engine.Adjustment {
		note += "; " + adjustmentsDue(gw.m, gw.scene.View.State, gw.active)
	}
	gw.bar.Set(stepName(gw.m, p.Name), p.Name, note, gw.viewIdx > 0, gw.viewIdx < len(gw.phases)-1, gw.canAdjudicate())
}

// refreshResults lists the outcome of the phase on the board, or of the
// last adjudicated phase while the current one is shown.
func (gw *GameWindow) refreshResults() {
	idx := gw.viewIdx
	if !gw.phases[idx].Adjudicated {
		idx--
	}
	if idx < 0 {
		gw.results.Set("No phase adjudicated yet", nil, nil, gw.m)
		return
	}
	_, out, err := gw.sceneFor(idx)
	if err != nil {
		gw.flash(userWords(err))
		return
	}
	var draws []engine.Draw
	if ps, err := gw.g.Phase(gw.phases[idx].Name); err == nil {
		draws, _ = gw.g.SeatDraws(ps, gw.viewSeat())
	}
	gw.results.Set("Results of "+stepName(gw.m, gw.phases[idx].Name)+" (select one to point it out on the board)", out, draws, gw.m)
}

// refreshLog shows the game master the abandoned branches and the audit
// log under the history; other seats see the line of play only.
func (gw *GameWindow) refreshLog() {
	if !gw.gm {
		gw.history.SetLog("")
		return
	}
	all, err := gw.g.History(true)
	if err != nil {
		gw.flash(errText("History", err))
		return
	}
	audit, err := gw.g.Audit()
	if err != nil {
		gw.flash(errText("History", err))
		return
	}
	gw.history.SetLog(historyLog(gw.m, all, audit))
}

// readEnd asks the session whether the game has ended (session.End: the
// winners, a draw, the points, kept with the step that ended it).
func (gw *GameWindow) readEnd() {
	gw.over = nil
	if e, err := gw.g.End(); err == nil {
		gw.over = e
	}
}

// showPhase puts phase i of the line of play on the board.
func (gw *GameWindow) showPhase(i int) {
	if i < 0 || i >= len(gw.phases) {
		return
	}
	gw.viewIdx = i
	gw.refresh()
}

// flash shows a short message in the status line.
func (gw *GameWindow) flash(text string) { gw.status.SetText(text) }

// showHover shows the board's tooltip for the pointer.
func (gw *GameWindow) showHover(text string) { gw.hover.SetText(text) }

func baseName(p string) string { return p[strings.LastIndexAny(p, `/\`)+1:] }

// adjustmentsDue says how many builds or disbands are due: for one power,
// or for every power when p is "" (the game master, the table).
func adjustmentsDue(m *engine.Map, s *engine.State, p engine.Power) string {
	adj := engine.Adjustments(s)
	var parts []string
	for _, q := range m.PowerIDs() {
		if p != "" && q != p {
			continue
		}
		switch n := adj[q]; {
		case n > 0:
			parts = append(parts, fmt.Sprintf("%s builds %d", m.PowerName(q), n))
		case n < 0:
			parts = append(parts, fmt.Sprintf("%s disbands %d", m.PowerName(q), -n))
		}
	}
	if len(parts) == 0 {
		return "no builds or disbands due"
	}
	return strings.Join(parts, ", ")
}
