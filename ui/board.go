package ui

import (
	"fmt"
	"image"
	"math"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/render"
)

// Zoom limits: the board is drawn whole at 1 and at most maxZoom times
// larger (the image drawn grows with the square of the zoom).
const (
	maxZoom        = 3.0
	wheelZoomStep  = 1.15 // zoom per wheel notch
	wheelNotchSize = 25   // Fyne's scroll delta for one notch on Linux and Windows
)

// Scene is what the board shows and what gestures on it may do.
type Scene struct {
	View     engine.View     // what the seat may see (state + pending orders it may see)
	Orders   []engine.Order  // orders to draw (pending orders of the seat, or last phase's orders in review)
	Results  []engine.Result // results to draw (review / last adjudication), may be nil
	Power    engine.Power    // who is ordering now ("" = game master: any unit); ignored when ReadOnly
	ReadOnly bool            // review: no gestures create orders
	Legend   bool
	Marks    []render.Mark // signs of the variant the seat may see (mines, closed spaces): session.BoardMarks
	// Specials are the special orders of the units' cards the seat may
	// give (Character Diplomacy): offered in the unit's menu as templates
	// for the order panel.
	Specials []UnitSpecial
	// Illegal are orders among Orders the position makes impossible
	// (session.CheckOrders), drawn apart.
	Illegal []engine.Order
	// Signs are what the special orders among Orders do besides the
	// ordinary orders they are drawn as (session.BoardOrders).
	Signs []render.Sign
	// Retreaters are the seat's units that may retreat voluntarily in
	// this retreat phase: dragged and right-clicked like dislodged units.
	Retreaters []Retreater
}

// UnitSpecial is a special order a unit may be given, as the start of an
// order for the player to complete.
type UnitSpecial struct {
	Unit     engine.Unit
	Label    string // "Annihilate… (#9 Annihilator)"
	Template string // "1A mun annihilate "
	// Complete lists the legal ways to finish the order now (the engine
	// checks each: session.CardCompletions), computed when the menu opens;
	// nil offers only the template.
	Complete func() []session.Completion
}

// Retreater is a unit that may retreat though it was not dislodged (a
// card's voluntary retreat), and where.
type Retreater struct {
	Unit engine.Unit
	To   []engine.Loc
}

// Board is the interactive board: it draws a Scene, and turns drags,
// right-clicks and taps on units and provinces into orders (see
// DropOrder, UnitOrders and AdjustOrders), reported through OnOrder.
// Drag a unit to move, support or convoy; right-click a unit for all its
// orders; tap a home centre in Winter to build. The mouse wheel zooms;
// dragging empty board, or with the middle button, pans.
type Board struct {
	widget.BaseWidget

	// OnOrder is called with each order a gesture produced; the window
	// replaces the unit's pending order with it.
	OnOrder func(o engine.Order)
	// OnMessage is called with why a gesture produced nothing ("Munich is
	// not next to Paris"), to show briefly.
	OnMessage func(text string)
	// OnHover is called with the name of the province under the pointer
	// and the unit there ("Burgundy — French army"), "" when it leaves.
	OnHover func(text string)
	// OnTemplate is called with a special order chosen from a unit's
	// menu, to complete in the power's order panel.
	OnTemplate func(p engine.Power, template string)
	// Parser reads the special orders the menus complete (the variant's).
	Parser *engine.Parser

	r *render.Renderer
	m *engine.Map

	scene     Scene
	highlight []engine.Loc
	targets   []engine.Loc // where a card being dragged may be dropped
	hover     *engine.Loc

	zoom       float64 // 1 shows the whole board
	panX, panY float64 // top left of the visible part of the zoomed image, in pixels

	press   *press     // the last mouse press not yet part of a drag
	drag    *dragState // the drag under way
	panHeld bool       // the space bar is held: a drag pans, as in drawing programs
	menu    *fyne.Menu // the last menu shown (tests tap its items)
	popup   *widget.PopUpMenu

	full, crop *image.RGBA // the zoomed image, and the visible part when zoomed
	pixW, pixH int         // the raster's size in pixels at the last draw
}

// press is a mouse button pressed on the board: the real driver sends it
// before the first Dragged event, the test driver does not.
type press struct {
	pos    fyne.Position
	button desktop.MouseButton
}

// dragState is a drag under way: of a unit, or of the view (panning).
type dragState struct {
	start, cur fyne.Position
	unit       bool
	voluntary  bool        // a unit not dislodged retreating in a retreat phase
	piece      engine.Unit // the unit dragged (one of several pieces in a province, say)
	from       engine.Loc
	targets    []engine.Loc
	panX, panY float64 // the pan when the drag began
}

// NewBoard returns a board drawn by r (which the board alone uses from
// now on) for map m. It shows nothing until SetScene.
func NewBoard(r *render.Renderer, m *engine.Map) *Board {
	b := &Board{r: r, m: m, zoom: 1}
	b.ExtendBaseWidget(b)
	return b
}

// CreateRenderer is part of fyne.Widget.
func (b *Board) CreateRenderer() fyne.WidgetRenderer { return newBoardRenderer(b) }

// SetScene shows s, ending any drag under way.
func (b *Board) SetScene(s Scene) {
	b.scene = s
	b.drag = nil
	b.Refresh()
}

// SetHighlight points out locs (the orders of a result the player
// clicked), replacing the last highlight; nil clears it.
func (b *Board) SetHighlight(locs []engine.Loc) {
	b.highlight = append([]engine.Loc(nil), locs...)
	b.Refresh()
}

// Zoom multiplies the zoom by factor around the middle of the view,
// between the whole board and maxZoom.
func (b *Board) Zoom(factor float64) {
	s := b.Size()
	b.zoomAt(factor, fyne.NewPos(s.Width/2, s.Height/2))
}

// ResetZoom shows the whole board again.
func (b *Board) ResetZoom() {
	b.zoom, b.panX, b.panY = 1, 0, 0
	b.Refresh()
}

// zoomAt zooms by factor keeping the board point under pos in place.
func (b *Board) zoomAt(factor float64, pos fyne.Position) {
	if factor <= 0 || math.IsNaN(factor) {
		return
	}
	nz := math.Max(1, math.Min(maxZoom, b.zoom*factor))
	if nz == b.zoom {
		return
	}
	sc := b.pixelScale()
	px, py := float64(pos.X)*sc, float64(pos.Y)*sc
	b.panX = (px+b.panX)*nz/b.zoom - px
	b.panY = (py+b.panY)*nz/b.zoom - py
	b.zoom = nz
	b.clampPan()
	b.Refresh()
}

// Scrolled zooms with the mouse wheel, and with a touchpad's pinch where
// the system reports it as a wheel (fyne.Scrollable); a sideways scroll
// (a touchpad's two fingers, Shift with the wheel) pans.
func (b *Board) Scrolled(e *fyne.ScrollEvent) {
	dx, dy := float64(e.Scrolled.DX), float64(e.Scrolled.DY)
	if math.Abs(dx) > math.Abs(dy) {
		if b.zoom > 1 {
			b.panX -= dx * b.pixelScale()
			b.clampPan()
			b.Refresh()
		}
		return
	}
	b.zoomAt(math.Pow(wheelZoomStep, dy/wheelNotchSize), e.Position)
}

// SetPanHeld says whether the space bar is held: while it is, dragging
// with the left button pans the view instead of moving a unit.
func (b *Board) SetPanHeld(on bool) { b.panHeld = on }

// ZoomLevel returns the zoom: 1 is the whole board.
func (b *Board) ZoomLevel() float64 { return b.zoom }

// MouseDown remembers the press that may start a drag (desktop.Mouseable).
func (b *Board) MouseDown(e *desktop.MouseEvent) {
	b.press = &press{pos: e.Position, button: e.Button}
}

// MouseUp is part of desktop.Mouseable.
func (b *Board) MouseUp(*desktop.MouseEvent) { b.press = nil }

// Dragged follows a drag (fyne.Draggable). The real driver sends a
// MouseDown and then Dragged events with the pointer's current position;
// the test driver sends one event with the start position and the whole
// delta. Both are handled: without a press, the first event's Position is
// taken as the start.
func (b *Board) Dragged(e *fyne.DragEvent) {
	if b.drag == nil {
		start, cur, button := e.Position, e.Position.Add(e.Dragged), desktop.MouseButtonPrimary
		if b.press != nil {
			start, cur, button = b.press.pos, e.Position, b.press.button
			b.press = nil
		}
		b.beginDrag(start, button)
		b.drag.cur = cur
	} else {
		b.drag.cur = e.Position
	}
	d := b.drag
	if d.unit {
		b.Refresh()
		return
	}
	if b.zoom > 1 {
		sc := b.pixelScale()
		b.panX = d.panX - float64(d.cur.X-d.start.X)*sc
		b.panY = d.panY - float64(d.cur.Y-d.start.Y)*sc
		b.clampPan()
		b.Refresh()
	}
}

// beginDrag decides what a drag from start moves: a unit the seat may
// order, or else the view.
func (b *Board) beginDrag(start fyne.Position, button desktop.MouseButton) {
	b.drag = &dragState{start: start, panX: b.panX, panY: b.panY}
	st := b.scene.View.State
	if button != desktop.MouseButtonPrimary || b.panHeld || b.scene.ReadOnly || st == nil || st.Phase.Type == engine.Adjustment {
		return
	}
	at, ok := b.locAt(start)
	if !ok {
		return
	}
	if r, ok := b.retreaterAt(at); ok {
		b.drag.unit, b.drag.from, b.drag.voluntary = true, r.Unit.Loc, true
		b.drag.targets = r.To
		return
	}
	u, ok := b.pieceAt(start, at)
	if !ok {
		return
	}
	if st.Phase.Type == engine.Custom {
		_, err := DropOrder(st, nil, b.scene.Power, u.Loc, u.Loc, math.NaN(), math.NaN())
		b.message(err.Error())
		return
	}
	if err := mayOrder(b.m, b.scene.Power, u); err != nil {
		b.message(err.Error())
		return
	}
	b.drag.unit, b.drag.from, b.drag.piece = true, u.Loc, u
	if st.Phase.Type == engine.Movement {
		b.drag.targets = UnitDestinations(st, u)
	} else {
		b.drag.targets = Destinations(st, u.Loc)
	}
}

// pieceAt returns the unit a gesture at widget position pos, in province
// at, means: in a movement phase the piece drawn under the pointer (of
// several sharing a province, the one pressed), else the unit at's
// province means (unitAt).
func (b *Board) pieceAt(pos fyne.Position, at engine.Loc) (engine.Unit, bool) {
	st := b.scene.View.State
	if st != nil && st.Phase.Type == engine.Movement {
		fw, fh := b.fullPixels(b.viewPixels())
		x, y := b.imagePoint(pos)
		if i := b.r.UnitAt(st, int(math.Floor(x)), int(math.Floor(y)), render.Options{Width: fw, Height: fh}); i >= 0 {
			return st.Units[i], true
		}
	}
	return b.unitAt(at)
}

// piecesAt returns the units in at's province the seat may order in a
// movement phase, the one under the pointer (pos) first: several where
// pieces share the province (England's fleet and the Doctor's birds in
// London, to the game master).
func (b *Board) piecesAt(pos fyne.Position, at engine.Loc) []engine.Unit {
	st := b.scene.View.State
	if st == nil || st.Phase.Type != engine.Movement || !validLoc(st.Map, at) {
		return nil
	}
	var out []engine.Unit
	first, pointed := b.pieceAt(pos, at)
	pointed = pointed && first.Loc.P == at.P && mayOrder(b.m, b.scene.Power, first) == nil
	if pointed {
		out = append(out, first)
	}
	for _, i := range st.UnitsAt(at.P) {
		u := st.Units[i]
		if mayOrder(b.m, b.scene.Power, u) == nil && !(pointed && u == first) {
			out = append(out, u)
		}
	}
	return out
}

// pieceLabel names a piece for a menu: "England's fleet", "Doctor's
// birds", "the Borg".
func pieceLabel(m *engine.Map, u engine.Unit) string {
	if u.Power == "" {
		return "the " + m.UnitWord(u)
	}
	return m.PowerName(u.Power) + "'s " + m.UnitWord(u)
}

// retreaterAt returns the unit at l that may retreat voluntarily in this
// retreat phase, if any.
func (b *Board) retreaterAt(l engine.Loc) (Retreater, bool) {
	st := b.scene.View.State
	if st == nil || st.Phase.Type != engine.Retreat || st.DislodgedAt(l.P) >= 0 {
		return Retreater{}, false
	}
	for _, r := range b.scene.Retreaters {
		if r.Unit.Loc.P == l.P && (b.scene.Power == "" || r.Unit.Power == b.scene.Power) {
			return r, true
		}
	}
	return Retreater{}, false
}

// voluntaryOrders are the orders of a voluntary retreat: each retreat,
// and staying (a hold: "no order keeps it where it is").
func voluntaryOrders(r Retreater) []engine.Order {
	u := r.Unit
	var out []engine.Order
	for _, l := range r.To {
		out = append(out, engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, Number: u.Number, At: u.Loc, To: l})
	}
	return out
}

// voluntaryDrop is the retreat a drop of retreater r on to means.
func voluntaryDrop(m *engine.Map, r Retreater, to engine.Loc, x, y float64) (engine.Order, error) {
	var fits []engine.Loc
	for _, l := range r.To {
		if l.P == to.P {
			fits = append(fits, l)
		}
	}
	if len(fits) == 0 {
		return engine.Order{}, fmt.Errorf("%s cannot retreat to %s", unitName(m, r.Unit), m.Provinces[to.P].Name)
	}
	c, err := pickCoast(m, fits, to, x, y)
	if err != nil {
		return engine.Order{}, err
	}
	u := r.Unit
	return engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, Number: u.Number, At: u.Loc, To: c}, nil
}

// DragEnd drops a dragged unit (fyne.Draggable): an order, or a message
// saying why not, and the unit snaps back.
func (b *Board) DragEnd() {
	d := b.drag
	b.drag, b.press = nil, nil
	if d == nil || !d.unit {
		return
	}
	defer b.Refresh()
	to, ok := b.locAt(d.cur)
	if !ok {
		b.message("drop the unit on a province")
		return
	}
	x, y := b.boardPoint(d.cur)
	if d.voluntary {
		r, _ := b.retreaterAt(d.from)
		o, err := voluntaryDrop(b.m, r, to, x, y)
		if err != nil {
			b.message(err.Error())
			return
		}
		b.order(o)
		return
	}
	st := b.scene.View.State
	o, err := DropOrder(st, b.pending(), b.scene.Power, d.from, to, x, y)
	if st != nil && st.Phase.Type == engine.Movement && d.piece.Type != engine.NoUnitType {
		o, err = DropUnitOrder(st, b.pending(), b.scene.Power, d.piece, to, x, y)
	}
	if err != nil {
		b.message(err.Error())
		return
	}
	b.order(o)
}

// Tapped opens the build menu on a free home centre in Winter
// (fyne.Tappable).
func (b *Board) Tapped(e *fyne.PointEvent) {
	st := b.scene.View.State
	if b.scene.ReadOnly || st == nil || st.Phase.Type != engine.Adjustment {
		return
	}
	at, ok := b.locAt(e.Position)
	if !ok {
		return
	}
	b.showMenu(AdjustOrders(st, b.scene.Power, at), e.AbsolutePosition)
}

// TappedSecondary opens the menu of every order of the unit under the
// pointer (fyne.SecondaryTappable). Where several pieces the seat may
// order share the province, the menu names each, the one under the
// pointer first, with its orders in a submenu.
func (b *Board) TappedSecondary(e *fyne.PointEvent) {
	st := b.scene.View.State
	if b.scene.ReadOnly || st == nil {
		return
	}
	at, ok := b.locAt(e.Position)
	if !ok {
		return
	}
	if pieces := b.piecesAt(e.Position, at); len(pieces) > 1 {
		b.showPieceMenus(pieces, e.AbsolutePosition)
		return
	}
	orders := UnitOrders(st, b.pending(), b.scene.Power, at)
	u, pointed := b.pieceAt(e.Position, at)
	if pointed && st.Phase.Type == engine.Movement && mayOrder(b.m, b.scene.Power, u) == nil {
		orders = UnitOrdersFor(st, b.pending(), u)
	}
	if r, ok := b.retreaterAt(at); ok {
		orders = voluntaryOrders(r)
	}
	specials := b.specialsAt(at)
	if len(orders) == 0 && len(specials) == 0 {
		if pointed {
			if err := mayOrder(b.m, b.scene.Power, u); err != nil {
				b.message(err.Error())
			}
		}
		return
	}
	b.showMenu(orders, e.AbsolutePosition, specials...)
}

// showPieceMenus pops up a menu naming each of pieces, its orders (and
// its card's special orders) in its submenu.
func (b *Board) showPieceMenus(pieces []engine.Unit, pos fyne.Position) {
	st := b.scene.View.State
	var items []*fyne.MenuItem
	for _, u := range pieces {
		sub := menuItems(b.m, st, UnitOrdersFor(st, b.pending(), u), b.pending(), b.order)
		for _, sp := range b.specialsFor(u) {
			sub = append(sub, b.specialItem(sp))
		}
		it := fyne.NewMenuItem(pieceLabel(b.m, u), nil)
		it.ChildMenu = fyne.NewMenu(it.Label, sub...)
		items = append(items, it)
	}
	b.menu = fyne.NewMenu("", items...)
	if c := b.canvas(); c != nil {
		b.popup = widget.NewPopUpMenu(b.menu, c)
		b.popup.ShowAtPosition(pos)
	}
}

// specialsAt returns the special orders of the seat's unit at loc.
func (b *Board) specialsAt(at engine.Loc) []UnitSpecial {
	u, ok := b.unitAt(at)
	if !ok || (b.scene.Power != "" && u.Power != b.scene.Power) {
		return nil
	}
	return b.specialsFor(u)
}

// specialsFor returns the special orders of unit u's cards.
func (b *Board) specialsFor(u engine.Unit) []UnitSpecial {
	var out []UnitSpecial
	for _, s := range b.scene.Specials {
		if s.Unit.Loc.P == u.Loc.P && s.Unit.Power == u.Power && s.Unit.Type == u.Type && s.Unit.Kind == u.Kind {
			out = append(out, s)
		}
	}
	return out
}

// showMenu pops up a menu of orders at pos (absolute); choosing one
// reports it through OnOrder; choosing a special order hands its template
// to OnTemplate (or, when it is complete, gives it).
func (b *Board) showMenu(orders []engine.Order, pos fyne.Position, specials ...UnitSpecial) {
	if len(orders)+len(specials) == 0 {
		return
	}
	items := menuItems(b.m, b.scene.View.State, orders, b.pending(), b.order)
	for _, s := range specials {
		items = append(items, b.specialItem(s))
	}
	b.menu = fyne.NewMenu("", items...)
	if c := b.canvas(); c != nil {
		b.popup = widget.NewPopUpMenu(b.menu, c)
		b.popup.ShowAtPosition(pos)
	}
}

// ShowMenuItems pops up a menu of items at pos (absolute): the choices
// that finish a card dropped on the board (a Briber's target's orders).
func (b *Board) ShowMenuItems(items []*fyne.MenuItem, pos fyne.Position) {
	b.menu = fyne.NewMenu("", items...)
	if c := b.canvas(); c != nil {
		b.popup = widget.NewPopUpMenu(b.menu, c)
		b.popup.ShowAtPosition(pos)
	}
}

// shownMenu is the menu on screen, if any.
func (b *Board) shownMenu() *fyne.Menu {
	if b.popup == nil || !b.popup.Visible() {
		return nil
	}
	return b.menu
}

// currentMark starts the label of an order a unit has now.
const currentMark = "✓ "

// menuItems arranges a unit's orders for its menu. In a movement phase:
// the hold; "Move" with the moves, those by convoy apart; "Support to
// hold"; "Support a move" with every move the unit may support, grouped
// by the province moved into, those by convoy apart; "Convoy". The order
// a unit has now, and a supported unit's move it has now, are ticked and
// come first. Retreats, disbands and builds are listed as they come.
func menuItems(m *engine.Map, st *engine.State, orders, pending []engine.Order, give func(engine.Order)) []*fyne.MenuItem {
	mb := &menuBuilder{m: m, st: st, pending: pending, give: give, current: map[string]bool{},
		into: map[engine.ProvinceID][]*fyne.MenuItem{}, intoByConvoy: map[engine.ProvinceID][]*fyne.MenuItem{}}
	for _, o := range pending {
		mb.current[o.Format(m)] = true
	}
	if st == nil || st.Phase.Type != engine.Movement {
		var out []*fyne.MenuItem
		for _, o := range orders {
			out = append(out, mb.item(o))
		}
		return out
	}
	for _, o := range orders {
		mb.add(o)
	}
	return mb.menu()
}

// menuBuilder sorts a unit's orders into the groups of its menu.
type menuBuilder struct {
	m       *engine.Map
	st      *engine.State
	pending []engine.Order
	give    func(engine.Order)
	current map[string]bool // the orders given now, formatted

	top, moves, byConvoy, holds, convoys []*fyne.MenuItem
	// Supports of moves, by the province moved into: one short submenu
	// per province, the moves by convoy in their own.
	into, intoByConvoy map[engine.ProvinceID][]*fyne.MenuItem
	dests              []engine.ProvinceID
}

// item is an order's line, ticked when it is the unit's order now.
func (mb *menuBuilder) item(o engine.Order) *fyne.MenuItem {
	label := orderLabel(mb.m, mb.st, o)
	if mb.current[o.Format(mb.m)] {
		label = currentMark + label
	}
	return fyne.NewMenuItem(label, func() { mb.give(o) })
}

// supported reports whether support o's unit is ordered to make the
// move supported now.
func (mb *menuBuilder) supported(o engine.Order) bool {
	for _, p := range mb.pending {
		if p.Kind == engine.Move && p.At.P == o.AuxAt.P && p.To.P == o.AuxTo.P {
			return true
		}
	}
	return false
}

// add puts order o in its group.
func (mb *menuBuilder) add(o engine.Order) {
	it := mb.item(o)
	switch {
	case o.Kind == engine.Move && o.ViaConvoy:
		mb.byConvoy = append(mb.byConvoy, it)
	case o.Kind == engine.Move:
		mb.moves = append(mb.moves, it)
	case o.Kind == engine.Support && !o.AuxTo.Valid():
		mb.holds = append(mb.holds, it)
	case o.Kind == engine.Support:
		if !mb.current[o.Format(mb.m)] && mb.supported(o) {
			it.Label += "  — its order now"
		}
		d := o.AuxTo.P
		if len(mb.into[d])+len(mb.intoByConvoy[d]) == 0 {
			mb.dests = append(mb.dests, d)
		}
		if ByConvoy(mb.st, o.AuxAt, o.AuxTo) {
			mb.intoByConvoy[d] = append(mb.intoByConvoy[d], it)
		} else {
			mb.into[d] = append(mb.into[d], it)
		}
	case o.Kind == engine.Convoy:
		mb.convoys = append(mb.convoys, it)
	default:
		mb.top = append(mb.top, it)
	}
}

// menu returns the top of the menu with its submenus.
func (mb *menuBuilder) menu() []*fyne.MenuItem {
	mb.sub("Move", mb.moves, mb.byConvoy, "By convoy:")
	mb.sub("Support to hold", mb.holds, nil, "")
	sortProvinces(mb.m, mb.dests)
	var supports, supportsByConvoy []*fyne.MenuItem
	for _, d := range mb.dests {
		if len(mb.into[d]) > 0 {
			supports = append(supports, mb.group(mb.into[d], d))
		}
		if len(mb.intoByConvoy[d]) > 0 {
			supportsByConvoy = append(supportsByConvoy, mb.group(mb.intoByConvoy[d], d))
		}
	}
	mb.sub("Support a move", supports, supportsByConvoy, "Moves by convoy:")
	mb.sub("Convoy", mb.convoys, nil, "")
	return mb.top
}

// sub adds a submenu of first, then under a heading second.
func (mb *menuBuilder) sub(label string, first, second []*fyne.MenuItem, secondLabel string) {
	if len(first)+len(second) == 0 {
		return
	}
	items := ticksFirst(first)
	if len(second) > 0 {
		if len(items) > 0 {
			items = append(items, fyne.NewMenuItemSeparator())
		}
		head := fyne.NewMenuItem(secondLabel, nil)
		head.Disabled = true
		items = append(items, head)
		items = append(items, ticksFirst(second)...)
	}
	parent := fyne.NewMenuItem(label, nil)
	parent.ChildMenu = fyne.NewMenu(label, items...)
	mb.top = append(mb.top, parent)
}

// group is the submenu of the supports of moves into province d, ticked
// when one of them is.
func (mb *menuBuilder) group(items []*fyne.MenuItem, d engine.ProvinceID) *fyne.MenuItem {
	items = ticksFirst(items)
	label := "into " + mb.m.Provinces[d].Name
	if ticked(items[0]) {
		label = currentMark + label
	}
	it := fyne.NewMenuItem(label, nil)
	it.ChildMenu = fyne.NewMenu(label, items...)
	return it
}

// ticked reports whether an item is an order given now.
func ticked(it *fyne.MenuItem) bool {
	return strings.HasPrefix(it.Label, currentMark) || strings.HasSuffix(it.Label, "its order now")
}

// sortProvinces sorts provinces by name.
func sortProvinces(m *engine.Map, ps []engine.ProvinceID) {
	sort.Slice(ps, func(i, j int) bool { return m.Provinces[ps[i]].Name < m.Provinces[ps[j]].Name })
}

// ticksFirst puts the ticked items (an order given now) first.
func ticksFirst(items []*fyne.MenuItem) []*fyne.MenuItem {
	var first, rest []*fyne.MenuItem
	for _, it := range items {
		if ticked(it) {
			first = append(first, it)
		} else {
			rest = append(rest, it)
		}
	}
	return append(first, rest...)
}

// specialItem is a card's special order in a unit's menu: a submenu of
// every legal way to finish it (a province struck, a move, a victim and
// its order), each given at once like any order of the menu, and last
// "Write it…", which starts it in the order panel.
func (b *Board) specialItem(s UnitSpecial) *fyne.MenuItem {
	write := fyne.NewMenuItem("Write it…", func() {
		if b.OnTemplate != nil {
			b.OnTemplate(s.Unit.Power, s.Template)
		}
	})
	var items []*fyne.MenuItem
	if s.Complete != nil {
		for _, c := range s.Complete() {
			if c.Victim {
				items = append(items, b.victimItem(s, c))
				continue
			}
			o, err := b.parseSpecial(s.Unit.Power, c.Text)
			if err != nil {
				continue
			}
			label := c.Text
			if c.Target.Valid() {
				label = b.m.Provinces[c.Target.P].Name + "  (" + c.Text + ")"
			}
			items = append(items, fyne.NewMenuItem(label, func() { b.order(o) }))
		}
	}
	if len(items) == 0 {
		write.Label = s.Label
		return write
	}
	items = append(items, fyne.NewMenuItemSeparator(), write)
	parent := fyne.NewMenuItem(strings.Replace(s.Label, "…", "", 1), nil)
	parent.ChildMenu = fyne.NewMenu(parent.Label, items...)
	return parent
}

// victimItem is a victim of an order that names another unit and its
// order (a hypnotist's): a submenu of the victim's orders.
func (b *Board) victimItem(s UnitSpecial, c session.Completion) *fyne.MenuItem {
	st := b.scene.View.State
	var items []*fyne.MenuItem
	for _, vo := range UnitOrders(st, nil, "", c.Target) {
		text := s.Template + vo.Format(b.m)
		o, err := b.parseSpecial(s.Unit.Power, text)
		if err != nil {
			continue
		}
		items = append(items, fyne.NewMenuItem(orderLabel(b.m, st, vo), func() { b.order(o) }))
	}
	label := b.m.Provinces[c.Target.P].Name
	if i := st.UnitAt(c.Target.P); i >= 0 {
		label = "the " + adjective(b.m, st.Units[i].Power) + " " + st.Units[i].Type.Word() + " in " + label
	}
	it := fyne.NewMenuItem(label, nil)
	it.ChildMenu = fyne.NewMenu(label, items...)
	return it
}

// parseSpecial reads a special order's text with the scene's parser.
func (b *Board) parseSpecial(p engine.Power, text string) (engine.Order, error) {
	if b.Parser == nil {
		return engine.Order{}, fmt.Errorf("no parser")
	}
	o, err := b.Parser.ParseOrder(p, text)
	if err != nil {
		return engine.Order{}, err
	}
	return o, nil
}

// SetDropTargets highlights where a card being dragged may be dropped
// (nil: none).
func (b *Board) SetDropTargets(locs []engine.Loc) {
	b.targets = append([]engine.Loc(nil), locs...)
	b.Refresh()
}

// MouseIn is part of desktop.Hoverable.
func (b *Board) MouseIn(e *desktop.MouseEvent) { b.MouseMoved(e) }

// MouseMoved points out the province under the pointer and reports it
// through OnHover (desktop.Hoverable).
func (b *Board) MouseMoved(e *desktop.MouseEvent) {
	at, ok := b.locAt(e.Position)
	if !ok {
		b.MouseOut()
		return
	}
	if b.hover != nil && *b.hover == at {
		return
	}
	b.hover = &at
	if b.OnHover != nil {
		b.OnHover(hoverText(b.m, b.scene.View.State, at) + marksText(b.m, b.scene.Marks, at))
	}
	b.Refresh()
}

// MouseOut is part of desktop.Hoverable.
func (b *Board) MouseOut() {
	if b.hover == nil {
		return
	}
	b.hover = nil
	if b.OnHover != nil {
		b.OnHover("")
	}
	b.Refresh()
}

func (b *Board) order(o engine.Order) {
	if b.OnOrder != nil {
		b.OnOrder(o)
	}
}

func (b *Board) message(text string) {
	if b.OnMessage != nil {
		b.OnMessage(text)
	}
}

// pending returns the orders gestures build on: the scene's orders, and
// the view's pending orders for units the scene's orders leave out.
func (b *Board) pending() []engine.Order {
	out := append([]engine.Order(nil), b.scene.Orders...)
	// An order's unit: its province, power, type and kind of piece
	// (several pieces may share a province).
	type unitKey struct {
		p     engine.ProvinceID
		power engine.Power
		t     engine.UnitType
		k     engine.PieceKind
	}
	key := func(o engine.Order) unitKey { return unitKey{o.At.P, o.Power, o.Unit, o.Piece} }
	has := map[unitKey]bool{}
	for _, o := range out {
		has[key(o)] = true
	}
	for _, o := range b.scene.View.Pending {
		if !has[key(o)] {
			out = append(out, o)
		}
	}
	return out
}

// unitAt returns the unit a gesture at l means: the dislodged one in a
// retreat phase, otherwise the one in place.
func (b *Board) unitAt(l engine.Loc) (engine.Unit, bool) {
	st := b.scene.View.State
	if st == nil || !validLoc(st.Map, l) {
		return engine.Unit{}, false
	}
	if st.Phase.Type == engine.Retreat {
		if i := st.DislodgedAt(l.P); i >= 0 {
			return st.Dislodged[i].Unit, true
		}
		return engine.Unit{}, false
	}
	if i := unitIn(st, l.P); i >= 0 {
		return st.Units[i], true
	}
	return engine.Unit{}, false
}

// canvas returns the canvas the board is on, if any.
func (b *Board) canvas() fyne.Canvas {
	if a := fyne.CurrentApp(); a != nil {
		return a.Driver().CanvasForObject(b)
	}
	return nil
}

// pixelScale returns image pixels per Fyne unit: measured at the last
// draw, else the canvas scale.
func (b *Board) pixelScale() float64 {
	if w := b.Size().Width; b.pixW > 0 && w > 0 {
		return float64(b.pixW) / float64(w)
	}
	if c := b.canvas(); c != nil && c.Scale() > 0 {
		return float64(c.Scale())
	}
	return 1
}

// viewPixels returns the size of the visible image in pixels.
func (b *Board) viewPixels() (int, int) {
	sc, s := b.pixelScale(), b.Size()
	return int(math.Round(float64(s.Width) * sc)), int(math.Round(float64(s.Height) * sc))
}

// fullPixels returns the size of the zoomed image for a view of w x h.
func (b *Board) fullPixels(w, h int) (int, int) {
	return int(math.Round(float64(w) * b.zoom)), int(math.Round(float64(h) * b.zoom))
}

// clampPan keeps the visible part inside the zoomed image.
func (b *Board) clampPan() {
	w, h := b.viewPixels()
	fw, fh := b.fullPixels(w, h)
	b.panX = math.Max(0, math.Min(b.panX, float64(fw-w)))
	b.panY = math.Max(0, math.Min(b.panY, float64(fh-h)))
}

// imagePoint returns the pixel of the zoomed image under widget position p.
func (b *Board) imagePoint(p fyne.Position) (float64, float64) {
	sc := b.pixelScale()
	return float64(p.X)*sc + b.panX, float64(p.Y)*sc + b.panY
}

// locAt hit-tests widget position p.
func (b *Board) locAt(p fyne.Position) (engine.Loc, bool) {
	fw, fh := b.fullPixels(b.viewPixels())
	x, y := b.imagePoint(p)
	return b.r.HitTest(int(math.Floor(x)), int(math.Floor(y)), render.Options{Width: fw, Height: fh})
}

// LocAt returns the province (or coast) under p, a position in the
// board's own coordinates (a card dropped on the board).
func (b *Board) LocAt(p fyne.Position) (engine.Loc, bool) { return b.locAt(p) }

// boardPoint returns widget position p in board units, the way render
// fits the board into the image (scaled to fit, centred), or NaN.
func (b *Board) boardPoint(p fyne.Position) (float64, float64) {
	g := boardGeometry()
	fw, fh := b.fullPixels(b.viewPixels())
	if g == nil || fw < 1 || fh < 1 {
		return math.NaN(), math.NaN()
	}
	s := math.Min(float64(fw)/g.Width, float64(fh)/g.Height)
	ox, oy := (float64(fw)-g.Width*s)/2, (float64(fh)-g.Height*s)/2
	x, y := b.imagePoint(p)
	return (x - ox) / s, (y - oy) / s
}

// hoverText names location l and the units there: "Burgundy — French
// army", "Paris (French centre)", "Belgium (neutral centre)".
// marksText says what the marks on l's province are: " — annihilated;
// your mine (laid S1902M)". Only the seat's marks are in the scene.
func marksText(m *engine.Map, marks []render.Mark, l engine.Loc) string {
	var parts []string
	for _, mk := range marks {
		if mk.Prov != l.P {
			continue
		}
		switch mk.Kind {
		case render.MarkMine:
			parts = append(parts, adjective(m, mk.Power)+" "+mk.Why)
		case render.MarkSuspended:
			parts = append(parts, "centre suspended ("+mk.Why+")")
		case render.MarkDisorder:
			parts = append(parts, "unit in civil disorder ("+mk.Why+")")
		case render.MarkHidden:
			// Only the owner and the game master are given the mark.
			parts = append(parts, "unit hidden from the other powers ("+mk.Why+")")
		default:
			parts = append(parts, mk.Why)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " — " + strings.Join(parts, "; ")
}

func hoverText(m *engine.Map, st *engine.State, l engine.Loc) string {
	if !validLoc(m, l) {
		return ""
	}
	text := m.LocName(l)
	p := &m.Provinces[l.P]
	if p.SC && st != nil && int(l.P) < len(st.Owners) {
		if o := st.Owners[l.P]; o != "" {
			text += " (" + adjective(m, o) + " centre)"
		} else {
			text += " (neutral centre)"
		}
	}
	if st == nil {
		return text
	}
	var pieces []string
	for _, i := range st.UnitsAt(l.P) {
		u := st.Units[i]
		if u.Power == "" {
			pieces = append(pieces, "the "+m.UnitWord(u)+" (no seat)")
			continue
		}
		pieces = append(pieces, adjective(m, u.Power)+" "+m.UnitWord(u))
	}
	if len(pieces) > 0 {
		text += " — " + strings.Join(pieces, "; ")
	}
	if i := st.DislodgedAt(l.P); i >= 0 {
		u := st.Dislodged[i].Unit
		text += " — " + adjective(m, u.Power) + " " + u.Type.Word() + " (dislodged)"
	}
	return text
}

func adjective(m *engine.Map, p engine.Power) string {
	if pi, ok := m.Power(p); ok && pi.Adjective != "" {
		return pi.Adjective
	}
	return m.PowerName(p)
}

// orderLabel is an order in words for a menu, with its short form:
// "Move to Burgundy (A par - bur)".
func orderLabel(m *engine.Map, st *engine.State, o engine.Order) string {
	name := func(l engine.Loc) string { return m.LocName(l) }
	var w string
	switch o.Kind {
	case engine.Hold:
		w = "Hold"
	case engine.Move:
		w = "Move to " + name(o.To)
		if st != nil && st.Phase.Type == engine.Retreat {
			w = "Retreat to " + name(o.To)
		}
		if o.ViaConvoy {
			w += " by convoy"
		}
	case engine.Support:
		w = "Support " + o.AuxUnit.Word() + " in " + name(o.AuxAt)
		if o.AuxTo.Valid() {
			w += " into " + name(o.AuxTo)
		}
	case engine.Convoy:
		w = "Convoy " + o.AuxUnit.Word() + " in " + name(o.AuxAt) + " to " + name(o.AuxTo)
	case engine.Disband:
		w = "Disband"
	case engine.Build:
		w = "Build " + o.Unit.Noun()
		if o.At.C != engine.NoCoast {
			w += " on the " + map[engine.Coast]string{engine.NorthCoast: "north", engine.SouthCoast: "south", engine.EastCoast: "east", engine.WestCoast: "west"}[o.At.C] + " coast"
		}
	default:
		return o.Format(m)
	}
	return w + "  (" + o.Format(m) + ")"
}

var (
	_ fyne.Draggable         = (*Board)(nil)
	_ fyne.Tappable          = (*Board)(nil)
	_ fyne.SecondaryTappable = (*Board)(nil)
	_ fyne.Scrollable        = (*Board)(nil)
	_ desktop.Hoverable      = (*Board)(nil)
	_ desktop.Mouseable      = (*Board)(nil)
	_ fyne.Widget            = (*Board)(nil)
	_ fyne.WidgetRenderer    = (*boardRenderer)(nil)
)
