package ui

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/render"
)

// CardsPanel shows the cards a seat may see in a card game (Davis's
// Character Diplomacy, Galt's Character Diplomacy II; rule 3): a power its
// own units' cards and those revealed or told to it; the game master every
// hand, the deck's counts and the deal log; the public only revealed
// cards. It is filled from the seat's view (session.Hands, a
// cardgame.Hand), never from the game master's position, and knows no
// variant.
type CardsPanel struct {
	widget.BaseWidget

	// OnTemplate is called when a card's special order is clicked, with
	// the start of the order to complete: "1A mun annihilate ".
	OnTemplate func(p engine.Power, template string)
	// OnDrop is called when a card with a one-province special order is
	// dragged and dropped, with the absolute position of the drop.
	OnDrop func(c session.HandCard, o session.CardOrder, abs fyne.Position)
	// OnDragMove follows such a card while it is dragged (first is the
	// drag's first event), OnDragEnd is called when it is let go.
	OnDragMove func(c session.HandCard, o session.CardOrder, abs fyne.Position, first bool)
	OnDragEnd  func()
	// OnSeatOrder is called when the order button of a card a seat holds
	// (a Questionable character) is clicked, with the absolute position
	// under the button, where a menu of its choices may open.
	OnSeatOrder func(c session.HandCard, o session.CardOrder, abs fyne.Position)

	hands    session.Hands
	canOrder bool
	// focus is the power whose characters a game master orders now (his
	// selected seat): in a hand held by seats, its characters come first
	// and in full, every other country's compactly; "" shows them all in
	// full.
	focus  engine.Power
	m      *engine.Map
	box    *fyne.Container
	legend *widget.Label // what the signs on the board mean (SetMarks)
	body   fyne.CanvasObject
	views  []*cardView
}

// NewCardsPanel returns an empty panel for board m.
func NewCardsPanel(m *engine.Map) *CardsPanel {
	c := &CardsPanel{m: m, box: container.NewVBox(), legend: widget.NewLabel("")}
	c.legend.Wrapping = fyne.TextWrapWord
	c.legend.Importance = widget.LowImportance
	c.legend.Hide()
	c.body = container.NewVScroll(container.NewVBox(c.box, c.legend))
	c.ExtendBaseWidget(c)
	return c
}

// CreateRenderer shows the scrolled list of cards.
func (c *CardsPanel) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(c.body) }

// SetFocus shows power's characters first and in full, the others
// compactly, when the game master orders for power (a hand held by
// seats only).
func (c *CardsPanel) SetFocus(power engine.Power) {
	if c.focus == power {
		return
	}
	c.focus = power
	if c.seatHand() && c.hands.Seat.GM {
		c.Set(c.hands, c.canOrder)
	}
}

// Set shows hands; canOrder enables the special orders.
func (c *CardsPanel) Set(h session.Hands, canOrder bool) {
	c.hands, c.canOrder = h, canOrder
	if h.Seat.GM && c.focus != "" && c.seatHand() {
		cards := slices.Clone(h.Cards)
		slices.SortStableFunc(cards, func(a, b session.HandCard) int {
			switch fa, fb := a.Unit.Power == c.focus, b.Unit.Power == c.focus; {
			case fa && !fb:
				return -1
			case fb && !fa:
				return 1
			}
			return 0
		})
		h.Cards = cards
	}
	c.box.RemoveAll()
	c.views = nil
	c.box.Add(widget.NewLabelWithStyle(c.heading(), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	if !h.Active {
		// Davis rule 7: the 1901 moves are exactly as in a regular game;
		// the variant says when (Hand.Active).
		why := h.Inactive
		if why == "" {
			why = "The cards do not act yet in this phase"
		}
		if c.seatHand() {
			c.box.Add(widget.NewLabel(why + "."))
		} else {
			c.box.Add(widget.NewLabel(why + ": no special orders yet."))
		}
		canOrder = false
	}
	last := engine.Power("-")
	var grid *fyne.Container // another country's characters, two a row
	for _, hc := range h.Cards {
		own := hc.Unit.Power == h.Seat.Power || (h.Seat.GM && (c.focus == "" || hc.Unit.Power == c.focus || !hc.Seat))
		if hc.Unit.Power != last && (h.Seat.GM || hc.Unit.Power != h.Seat.Power) {
			c.box.Add(widget.NewLabelWithStyle(c.m.PowerName(hc.Unit.Power), fyne.TextAlignLeading, fyne.TextStyle{Italic: true}))
			grid = nil
		}
		last = hc.Unit.Power
		v := newCardView(c, hc, canOrder && own, hc.Seat && !own)
		c.views = append(c.views, v)
		if !v.compact {
			c.box.Add(v)
			continue
		}
		if grid == nil {
			grid = container.NewGridWithColumns(2)
			c.box.Add(grid)
		}
		grid.Add(v)
	}
	if len(h.Cards) == 0 {
		c.box.Add(widget.NewLabel("No card is known to this seat yet."))
	}
	d := h.Deck
	if !c.seatHand() || d != (session.Hands{}).Deck {
		c.box.Add(widget.NewSeparator())
		c.box.Add(widget.NewLabel(fmt.Sprintf("Deck: %d in the pile, %d discarded; %d dealt, %d since the last reshuffle",
			d.Pile, d.Discards, d.Dealt, d.SinceReshuffle)))
	}
	if len(h.Log) > 0 {
		log := widget.NewLabel(strings.Join(h.Log, "\n"))
		log.Wrapping = fyne.TextWrapWord
		c.box.Add(widget.NewAccordion(widget.NewAccordionItem(fmt.Sprintf("Deal log (%d lines, game master only)", len(h.Log)), log)))
	}
	c.box.Refresh()
}

// SetMarks explains the kinds of sign on the board the seat sees now
// (render.MarkKind.Legend), one line each: "translucent piece in a dashed
// ring: a unit the other powers cannot see".
func (c *CardsPanel) SetMarks(marks []render.Mark) {
	var lines []string
	for _, mk := range marks {
		if l := "• " + mk.Kind.Legend(); mk.Kind.Legend() != "" && !slices.Contains(lines, l) {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		c.legend.Hide()
		return
	}
	c.legend.SetText("On the board:\n" + strings.Join(lines, "\n"))
	c.legend.Show()
}

// LegendText is the explanation of the board's signs shown, "" if none.
func (c *CardsPanel) LegendText() string {
	if !c.legend.Visible() {
		return ""
	}
	return c.legend.Text
}

// seatHand reports whether the cards shown are held by seats, not units
// (Questionable's characters).
func (c *CardsPanel) seatHand() bool {
	return len(c.hands.Cards) > 0 && !slices.ContainsFunc(c.hands.Cards, func(hc session.HandCard) bool { return !hc.Seat })
}

func (c *CardsPanel) heading() string {
	if c.seatHand() {
		// Questionable ruling Q12: the records are public, the orders
		// secret.
		switch s := c.hands.Seat; {
		case s.GM:
			return "Every country's characters (game master)"
		case s.Power == "":
			return "Every country's characters"
		default:
			return c.m.PowerName(s.Power) + "'s characters (every country's records are public; orders are secret)"
		}
	}
	switch s := c.hands.Seat; {
	case s.GM:
		return "Every hand (game master)"
	case s.Power == "":
		return "Revealed cards"
	default:
		return c.m.PowerName(s.Power) + "'s cards, and the others it knows"
	}
}

// Lines returns the cards as shown, one line each (tests, accessibility).
func (c *CardsPanel) Lines() []string {
	var out []string
	for _, v := range c.views {
		out = append(out, v.summary())
	}
	return out
}

// Card returns the view of the card of unit label ("1A") of power p, or
// of the character named label ("Briber") a seat holds.
func (c *CardsPanel) card(p engine.Power, label string) *cardView {
	for _, v := range c.views {
		if v.card.Unit.Power == p && (v.card.Label == label || (v.card.Seat && v.card.Name == label)) {
			return v
		}
	}
	return nil
}

// cardView is one card: its unit's number, the card's number and name
// (and the physical card dealt for it, its alias), what it does, its
// notes, whether it is revealed and to whom it was told, and a button per
// special order. A card with a one-province order may be
// dragged onto the board.
type cardView struct {
	widget.BaseWidget
	panel    *CardsPanel
	card     session.HandCard
	canOrder bool
	compact  bool // another country's character: its name and state only
	buttons  []*widget.Button
	body     fyne.CanvasObject

	press      *fyne.Position // absolute position of the mouse press (real driver)
	start, cur fyne.Position  // absolute positions of the drag
	dragging   bool
}

func newCardView(p *CardsPanel, hc session.HandCard, canOrder, compact bool) *cardView {
	v := &cardView{panel: p, card: hc, canOrder: canOrder, compact: compact}
	if compact {
		name := widget.NewLabelWithStyle(hc.Name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		state := widget.NewLabel(v.notes())
		state.Wrapping = fyne.TextWrapWord
		state.TextStyle = fyne.TextStyle{Italic: true}
		v.body = container.NewBorder(nil, nil, name, nil, state)
		v.ExtendBaseWidget(v)
		return v
	}
	if hc.Seat {
		v.body = v.seatBody()
		v.ExtendBaseWidget(v)
		return v
	}
	title := widget.NewLabelWithStyle(v.title(), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	text := widget.NewLabel(hc.Text)
	text.Wrapping = fyne.TextWrapWord
	status := widget.NewLabel(v.status())
	status.Wrapping = fyne.TextWrapWord
	status.Importance = widget.LowImportance
	parts := []fyne.CanvasObject{title, text}
	if n := v.notes(); n != "" {
		notes := widget.NewLabel(n)
		notes.Wrapping = fyne.TextWrapWord
		notes.TextStyle = fyne.TextStyle{Italic: true}
		parts = append(parts, notes)
	}
	parts = append(parts, status)
	if len(hc.Orders) > 0 {
		row := container.NewHBox()
		for _, o := range hc.Orders {
			b := widget.NewButton(o.Verb+"…", func() { v.useOrder(o) })
			enable(b, canOrder)
			v.buttons = append(v.buttons, b)
			row.Add(b)
		}
		if v.dropOrder() != nil && canOrder {
			row.Add(widget.NewLabel("or drag the card onto a province"))
		}
		parts = append(parts, row)
	}
	v.body = widget.NewCard("", "", container.NewVBox(parts...))
	v.ExtendBaseWidget(v)
	return v
}

// seatBody is a character a seat holds: its name and state ("Briber —
// barred until Spring 1905 (3 game years left)"), what it does, and its
// order's button, with how to drag it when it acts on a unit.
func (v *cardView) seatBody() fyne.CanvasObject {
	hc := v.card
	title := widget.NewLabelWithStyle(hc.Name+" — "+v.notes(), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Wrapping = fyne.TextWrapWord
	text := widget.NewLabel(hc.Text)
	text.Wrapping = fyne.TextWrapWord
	text.Importance = widget.LowImportance
	parts := []fyne.CanvasObject{title, text}
	if len(hc.Orders) > 0 {
		row := container.NewHBox()
		for _, o := range hc.Orders {
			var b *widget.Button
			b = widget.NewButton(o.Verb+"…", func() { v.useSeatOrder(o, b) })
			enable(b, v.canOrder)
			e2eMark("card."+string(hc.Unit.Power)+"."+o.Verb, b)
			v.buttons = append(v.buttons, b)
			row.Add(b)
		}
		if v.dropOrder() != nil && v.canOrder {
			row.Add(widget.NewLabel("or drag onto a unit"))
		}
		parts = append(parts, row)
	}
	e2eMark("card."+string(hc.Unit.Power)+"."+strings.ToLower(hc.Name), v)
	return widget.NewCard("", "", container.NewVBox(parts...))
}

// useSeatOrder hands a seat card's order to the panel's owner, with the
// position under its button b.
func (v *cardView) useSeatOrder(o session.CardOrder, b *widget.Button) {
	if !v.canOrder {
		return
	}
	if v.panel.OnSeatOrder == nil {
		v.useOrder(o)
		return
	}
	var abs fyne.Position
	if a := fyne.CurrentApp(); a != nil {
		abs = a.Driver().AbsolutePositionForObject(b).AddXY(0, b.Size().Height)
	}
	v.panel.OnSeatOrder(v.card, o, abs)
}

// CreateRenderer shows the card.
func (v *cardView) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(v.body) }

// title is "1A mun: #9 Annihilator", with the alias of a physical deal:
// "1A mun: #9 Annihilator (The Fool)".
func (v *cardView) title() string {
	if v.card.Seat {
		return v.panel.m.PowerName(v.card.Unit.Power) + "'s " + v.card.Name
	}
	where := v.card.Space
	if where == "" {
		where = "off the board"
	}
	t := fmt.Sprintf("%s %s: #%s %s", v.card.Label, where, v.card.ID, v.card.Name)
	if v.card.Alias != "" {
		t += " (" + v.card.Alias + ")"
	}
	return t
}

// notes is the card's state the seat may know: "invisible; hypnotism used
// 1902"; "" when there is none.
func (v *cardView) notes() string { return strings.Join(v.card.Notes, "; ") }

// status says who knows the card besides its owner and the game master.
func (v *cardView) status() string {
	s := "Secret: known to its owner and the game master"
	if v.card.Revealed != "" {
		s = "Revealed to all: " + strings.TrimPrefix(v.card.Revealed, "revealed ")
	}
	if len(v.card.Told) > 0 {
		s += "; also told to " + strings.Join(v.card.Told, ", ")
	}
	return s
}

// summary is the card in one line: its title, its notes, who knows it.
func (v *cardView) summary() string {
	if v.card.Seat {
		return v.title() + " — " + v.notes()
	}
	if n := v.notes(); n != "" {
		return v.title() + " — " + n + " — " + v.status()
	}
	return v.title() + " — " + v.status()
}

// useOrder hands the order's template to the panel's owner.
func (v *cardView) useOrder(o session.CardOrder) {
	if v.canOrder && v.panel.OnTemplate != nil {
		v.panel.OnTemplate(v.card.Unit.Power, v.card.Template(o))
	}
}

// dropOrder is the card's first order that takes one province or a unit,
// if any: the order a drag onto the board completes or starts.
func (v *cardView) dropOrder() *session.CardOrder {
	for i, o := range v.card.Orders {
		if o.TakesProvince || o.TakesUnit {
			return &v.card.Orders[i]
		}
	}
	return nil
}

// MouseDown remembers where a drag starts (the real driver sends it).
func (v *cardView) MouseDown(e *desktop.MouseEvent) { p := e.AbsolutePosition; v.press = &p }

// MouseUp is part of desktop.Mouseable.
func (v *cardView) MouseUp(*desktop.MouseEvent) { v.press = nil }

// Dragged follows the card (fyne.Draggable): with the real driver the
// event's position is the pointer's; the test driver sends one event with
// the start and the whole delta (see Board.Dragged).
func (v *cardView) Dragged(e *fyne.DragEvent) {
	first := !v.dragging
	if first {
		v.dragging = true
		v.start, v.cur = e.AbsolutePosition, e.AbsolutePosition.Add(e.Dragged)
		if v.press != nil {
			v.start, v.cur = *v.press, e.AbsolutePosition
			v.press = nil
		}
	} else {
		v.cur = e.AbsolutePosition
	}
	if o := v.dropOrder(); o != nil && v.canOrder && v.panel.OnDragMove != nil {
		v.panel.OnDragMove(v.card, *o, v.cur, first)
	}
}

// DragEnd drops the card where the pointer is.
func (v *cardView) DragEnd() {
	if !v.dragging {
		return
	}
	v.dragging, v.press = false, nil
	if v.panel.OnDragEnd != nil {
		v.panel.OnDragEnd()
	}
	o := v.dropOrder()
	if o == nil || !v.canOrder || v.panel.OnDrop == nil {
		return
	}
	v.panel.OnDrop(v.card, *o, v.cur)
}

// refreshCards shows the cards of the phase on the board as the current
// seat may see them, and keeps their special orders for the units' menus
// (refreshBoard puts them in the scene); a game without cards has no
// Cards tab.
func (gw *GameWindow) refreshCards() {
	gw.specials = nil
	if gw.cards == nil {
		return
	}
	seat := gw.viewSeat()
	h, ok, err := gw.g.Hands(seat, gw.phases[gw.viewIdx].Name)
	if err != nil {
		gw.flash(errText("Cards", err))
		return
	}
	if !ok {
		return
	}
	if gw.gm {
		gw.cards.focus = gw.selected
	}
	gw.cards.Set(h, gw.canOrder())
	gw.completed = map[string][]session.Completion{}
	var specials []UnitSpecial
	if gw.canOrder() && h.Active {
		for _, c := range h.Cards {
			for _, o := range c.Orders {
				if c.Space == "" {
					continue
				}
				specials = append(specials, UnitSpecial{Unit: c.Unit, Template: c.Template(o),
					Label:    fmt.Sprintf("%s… (#%s %s)", o.Verb, c.ID, c.Name),
					Complete: func() []session.Completion { return gw.completions(c, o) }})
			}
		}
	}
	gw.specials = specials
}

// completions returns the legal ways to finish card c's order o now,
// asked of the engine once per phase and order.
func (gw *GameWindow) completions(c session.HandCard, o session.CardOrder) []session.Completion {
	key := c.Template(o)
	if cs, ok := gw.completed[key]; ok {
		return cs
	}
	cs := session.CardCompletions(gw.g.Variant(), gw.curView, c, o)
	if gw.completed != nil {
		gw.completed[key] = cs
	}
	return cs
}

// cardDragMove follows a card being dragged: the card itself under the
// pointer, and on the board the provinces where dropping it gives a legal
// order.
func (gw *GameWindow) cardDragMove(c session.HandCard, o session.CardOrder, abs fyne.Position, first bool) {
	if first && c.Seat {
		targets := gw.seatTargets(c, o)
		gw.board.SetDropTargets(targets)
		gw.ghost.SetWords(seatTitle(gw.m, c), seatGhostWords(o, len(targets) > 0))
		gw.flash(fmt.Sprintf("%s: drop the character on a lit unit", o.Verb))
	} else if first {
		var targets []engine.Loc
		for _, x := range gw.completions(c, o) {
			if x.Target.Valid() {
				targets = append(targets, x.Target)
			}
		}
		gw.board.SetDropTargets(targets)
		gw.ghost.Set(fmt.Sprintf("%s: #%s %s", c.Label, c.ID, c.Name), o.Verb, len(targets) > 0)
		gw.flash(fmt.Sprintf("%s: drop the card on a lit province", o.Verb))
	}
	gw.ghost.Follow(abs)
}

// seatGhostWords says what dropping a seat card does.
func seatGhostWords(o session.CardOrder, anywhere bool) string {
	if anywhere {
		return "drop on a lit unit: " + o.Verb
	}
	return o.Verb + ": no unit may be chosen now"
}

// seatTargets returns the units seat card c's order o may act on now,
// asked of the engine once per phase and order.
func (gw *GameWindow) seatTargets(c session.HandCard, o session.CardOrder) []engine.Loc {
	key := "seat\x00" + string(c.Unit.Power) + "\x00" + o.Verb
	if cs, ok := gw.completed[key]; ok {
		var out []engine.Loc
		for _, x := range cs {
			out = append(out, x.Target)
		}
		return out
	}
	locs := session.SeatCardTargets(gw.g.Variant(), gw.curView, c, o)
	if gw.completed != nil {
		cs := make([]session.Completion, len(locs))
		for i, l := range locs {
			cs[i] = session.Completion{Target: l}
		}
		gw.completed[key] = cs
	}
	return locs
}

// seatActs are the game window's answers for a seat card's orders.
func (gw *GameWindow) seatActs() seatActs {
	return seatActs{
		give: gw.giveCharacterOrder,
		write: func(p engine.Power, start string) {
			gw.writeSeatOrder(p, start)
			gw.flash("Complete the order: " + strings.TrimSpace(start) + " …")
		},
		say: gw.flash,
		menu: func(items []*fyne.MenuItem, abs fyne.Position) {
			if b, ok := gw.board.(interface {
				ShowMenuItems([]*fyne.MenuItem, fyne.Position)
			}); ok {
				b.ShowMenuItems(items, abs)
			}
		},
	}
}

// giveCharacterOrder gives power's seat card order text, in place of the
// order the same character had (dragging the Briber onto another unit
// changes its order), and saves power's orders.
func (gw *GameWindow) giveCharacterOrder(power engine.Power, text string) {
	panel := gw.panels[power]
	if panel == nil || !gw.canOrder() || (!gw.gm && power != gw.active) {
		gw.flash("Orders cannot be given now")
		return
	}
	verb, _, _ := strings.Cut(text, " ")
	t, changed := replaceSeatLine(panel.Text(), text, onlyCharacter(gw.cards.hands, power, verb))
	if !changed {
		gw.flash(gw.m.PowerName(power) + " has ordered " + text + " already")
		return
	}
	panel.SetText(t)
	if gw.submit(power) {
		gw.flash(gw.m.PowerName(power) + ": " + text)
	}
}

// seatCardOrder answers a seat card's order button (the Killer's leaders,
// the Thug's).
func (gw *GameWindow) seatCardOrder(c session.HandCard, o session.CardOrder, abs fyne.Position) {
	if !gw.canOrder() || (!gw.gm && c.Unit.Power != gw.active) {
		gw.flash("Orders cannot be given now")
		return
	}
	seatCardButton(gw.g.Variant(), gw.curView, c, o, abs, gw.seatActs())
}

// cardDragEnd ends a card's drag: the card and the lit provinces go.
func (gw *GameWindow) cardDragEnd() {
	gw.ghost.Hide()
	gw.board.SetDropTargets(nil)
}

// cardTemplate starts a special order in power's order panel for the
// player to complete.
func (gw *GameWindow) cardTemplate(p engine.Power, template string) {
	panel, ok := gw.panels[p]
	if !ok || !gw.canOrder() || (!gw.gm && p != gw.active) {
		gw.flash("Orders cannot be given now")
		return
	}
	panel.Append(template)
	if c := gw.win.Canvas(); c != nil {
		c.Focus(panel.entry)
	}
	gw.flash("Complete the order: " + strings.TrimSpace(template) + " …")
}

// cardDropped completes a card's one-province special order with the
// province the card was dropped on, as a board gesture does.
func (gw *GameWindow) cardDropped(c session.HandCard, o session.CardOrder, abs fyne.Position) {
	boardAt := fyne.CurrentApp().Driver().AbsolutePositionForObject(gw.board)
	loc, ok := gw.board.LocAt(abs.Subtract(boardAt))
	if !ok {
		gw.flash("Drop the card on a province")
		return
	}
	if c.Seat {
		if !gw.canOrder() || (!gw.gm && c.Unit.Power != gw.active) {
			gw.flash("Orders cannot be given now")
			return
		}
		dropSeatCard(gw.g.Variant(), gw.curView, c, o, loc, abs, gw.seatActs())
		return
	}
	if o.TakesUnit {
		gw.cardOnUnit(c, o, loc)
		return
	}
	gw.cardOnProvince(c, o, loc)
}

// cardOnUnit starts card c's unit's special order o naming the unit in
// loc's province, for the player to write what that unit does (#11: drag
// the Hypnotist onto its victim, then give the victim's order).
func (gw *GameWindow) cardOnUnit(c session.HandCard, o session.CardOrder, loc engine.Loc) {
	for _, u := range gw.scene.View.State.Units {
		if u.Loc.P == loc.P && u.Loc.P != c.Unit.Loc.P {
			gw.cardTemplate(c.Unit.Power, c.Template(o)+u.Type.String()+" "+gw.m.LocString(u.Loc)+" ")
			return
		}
	}
	gw.flash("Drop the card on another unit")
}

// cardOnProvince gives card c's unit the special order o naming loc.
func (gw *GameWindow) cardOnProvince(c session.HandCard, o session.CardOrder, loc engine.Loc) {
	text := c.Template(o) + gw.m.Provinces[loc.P].Abbr
	orders, errs := gw.g.Variant().Parser(gw.m).ParseOrders(c.Unit.Power, text)
	if len(errs) > 0 || len(orders) != 1 {
		gw.flash(fmt.Sprintf("%s: %v", text, errs))
		return
	}
	gw.boardOrder(orders[0])
}
