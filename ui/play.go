package ui

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// draft is a power's orders text as last typed, kept the moment it is
// typed: it survives a click away, a switch to another power, the
// curtain and a refresh, until the phase it was typed for is over.
type draft struct {
	phase string // the phase it was typed for ("S1901M")
	text  string
	saved bool // the text was handed to the session as it stands
}

// refreshOrders fills the order side. The game master picks a power from
// a row of buttons, each naming its power (marked when its text is not
// saved, ticked when its orders are in); in hot seat the table sees only
// who has ordered, and the power behind the curtain sees its own orders
// and nobody else's. A power's panel shows its draft when it has one for
// the phase, else the orders stored.
func (gw *GameWindow) refreshOrders() {
	var pending []engine.Order
	if v, err := gw.g.View(gw.viewSeat(), ""); err == nil {
		pending = v.Pending
		gw.submitted = v.Submitted
		gw.curView = v
	}
	cur := gw.phases[len(gw.phases)-1].Name
	for p, op := range gw.panels {
		switch {
		case gw.gm || p == gw.active:
			stored := panelText(pending, p, gw.m)
			if d := gw.drafts[p]; d != nil && d.phase == cur {
				saved := stored
				if d.saved {
					saved = d.text
				}
				op.Load(d.text, saved)
			} else {
				op.Load(stored, stored)
			}
		default:
			op.Load("", "") // never holds another power's orders
		}
		op.SetReadOnly(!gw.canOrder())
		op.SetExample(gw.orderExample())
	}
	gw.orders.RemoveAll()
	switch {
	case gw.gm:
		gw.orders.Add(gw.gmOrders())
	case gw.active != "":
		head := widget.NewLabelWithStyle(gw.m.PowerName(gw.active)+"'s orders", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		var done fyne.CanvasObject = widget.NewLabel("")
		if !gw.fixed {
			done = widget.NewButton("Done: hide my orders", gw.DoneOrdering)
			e2eMark("done", done)
		}
		e2eMark("entry", gw.panels[gw.active].entry)
		e2eMark("save", gw.panels[gw.active].save)
		gw.orders.Add(container.NewBorder(head, done, nil, nil, gw.panels[gw.active]))
	default:
		gw.orders.Add(gw.table())
	}
	gw.orders.Refresh()
}

// gmOrders is the game master's order side: every seat's button in a
// grid (all of them in view, however many the map has), whose orders are
// in and who is still awaited in the step (engine.WhoActs), and the
// selected seat named above its panel.
func (gw *GameWindow) gmOrders() fyne.CanvasObject {
	if gw.picker == nil {
		gw.picker = map[engine.Power]*widget.Button{}
		grid := container.NewGridWithColumns(4)
		for _, p := range gw.m.PowerIDs() {
			power := p
			b := widget.NewButton(gw.m.PowerName(p), func() { gw.SelectPower(power) })
			e2eMark("seat."+string(p), b)
			gw.picker[p] = b
			grid.Add(b)
		}
		gw.pickerBox = grid
		gw.pickerWho = widget.NewLabel("")
		gw.pickerWho.Wrapping = fyne.TextWrapWord
		gw.pickerHead = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		gw.pickerStack = container.NewStack()
	}
	gw.showSelected()
	return container.NewBorder(container.NewVBox(gw.pickerBox, gw.pickerWho, gw.pickerHead), nil, nil, nil, gw.pickerStack)
}

// mayOrder reports whether seat p may give orders in the step being
// played: it must or may act (engine.WhoActs), or its orders are in.
func (gw *GameWindow) mayOrder(p engine.Power) bool {
	return gw.acting.Allows(p) || slices.Contains(gw.submitted, p)
}

// firstActing is the seat a game master's desk shows first: the first
// seat awaited, else the first that may act ("" when nobody acts).
func (gw *GameWindow) firstActing() engine.Power {
	for _, ps := range [][]engine.Power{gw.acting.Must, gw.acting.May} {
		if ps := inMapOrder(gw.m, ps); len(ps) > 0 {
			return ps[0]
		}
	}
	return ""
}

// showSelected shows the selected seat's panel and marks the buttons: a
// tick when its orders are in, "•" when its text is not saved; a seat
// with nothing to do in the step is greyed out (awaitedText, under the
// buttons, says who is awaited and who may act).
func (gw *GameWindow) showSelected() {
	if gw.picker == nil {
		return
	}
	// A new step shows the first seat it waits for.
	if cur := gw.phases[len(gw.phases)-1].Name; cur != gw.selectedIn || (gw.selected != "" && !gw.mayOrder(gw.selected)) {
		gw.selected, gw.selectedIn = gw.firstActing(), cur
	}
	if gw.cards != nil {
		gw.cards.SetFocus(gw.selected)
	}
	in := map[engine.Power]bool{}
	for _, p := range gw.submitted {
		in[p] = true
	}
	for p, b := range gw.picker {
		label := gw.m.PowerName(p)
		switch op := gw.panels[p]; {
		case op != nil && op.Dirty():
			label += " •"
		case in[p]:
			label += " ✓"
		}
		b.SetText(label)
		b.Importance = widget.MediumImportance
		if p == gw.selected {
			b.Importance = widget.HighImportance
		}
		enable(b, gw.mayOrder(p) || (gw.panels[p] != nil && gw.panels[p].Dirty()))
		b.Refresh()
	}
	if gw.over != nil {
		gw.pickerWho.SetText("The game is over. " + gameEndText(gw.m, gw.over))
	} else {
		gw.pickerWho.SetText(awaitedText(gw.m, gw.acting, gw.submitted))
	}
	if gw.selected == "" {
		gw.pickerHead.SetText("")
		gw.pickerStack.Objects = nil
		if gw.acting.Nobody() && gw.over == nil {
			gw.pickerStack.Objects = []fyne.CanvasObject{container.NewVBox(gw.playButton())}
		}
		gw.pickerStack.Refresh()
		return
	}
	head := gw.m.PowerName(gw.selected) + "'s orders"
	if op := gw.panels[gw.selected]; op != nil && op.Dirty() {
		head += " (not saved yet)"
	}
	gw.pickerHead.SetText(head)
	e2eMark("entry", gw.panels[gw.selected].entry)
	gw.pickerStack.Objects = []fyne.CanvasObject{gw.panels[gw.selected]}
	gw.pickerStack.Refresh()
}

// awaitedText is the game master's "whose orders are in" for the step
// (engine.WhoActs): how many of the seats awaited have sent orders, who
// is still awaited, who may act besides.
func awaitedText(m *engine.Map, a engine.Acting, submitted []engine.Power) string {
	if a.Nobody() && len(a.May) == 0 {
		return "Nobody orders in this step: Adjudicate plays it."
	}
	var parts []string
	must := inMapOrder(m, a.Must)
	var missing []engine.Power
	for _, p := range must {
		if !slices.Contains(submitted, p) {
			missing = append(missing, p)
		}
	}
	switch {
	case len(must) == 0:
		parts = append(parts, "No seat is awaited")
	case len(must) == 1 && len(missing) == 1:
		parts = append(parts, m.PowerName(must[0])+"'s orders are awaited (none yet)")
	case len(must) == 1:
		parts = append(parts, m.PowerName(must[0])+"'s orders are in")
	case len(missing) == 0:
		parts = append(parts, fmt.Sprintf("Orders in from all %d seats awaited", len(must)))
	default:
		parts = append(parts, fmt.Sprintf("Orders in from %d of %d seats awaited; none yet from %s", len(must)-len(missing), len(must), powerNames(m, missing)))
	}
	if may := inMapOrder(m, a.May); len(may) > 0 {
		parts = append(parts, powerNames(m, may)+" may act too")
	}
	if a.GM {
		parts = append(parts, "the game master must act")
	}
	return strings.Join(parts, "; ") + "."
}

// SelectPower shows power p's orders to the game master. The power left
// keeps its text: a draft not saved is saved first (its good orders go to
// the session, the whole text stays in its panel).
func (gw *GameWindow) SelectPower(p engine.Power) {
	if !gw.gm || gw.panels[p] == nil {
		return
	}
	if prev := gw.selected; prev != "" && prev != p && gw.panels[prev].Dirty() && gw.canOrder() {
		gw.submit(prev)
	}
	gw.selected = p
	gw.showSelected()
}

// table is the hot-seat side when nobody is ordering: the seats the step
// waits for (engine.WhoActs), whose orders are in, and a button each to
// pass the laptop; then the seats that may act without being waited for
// (another power's turn answered); in a step nobody orders, one button
// that plays it. A seat with nothing to do in the step is not offered.
func (gw *GameWindow) table() fyne.CanvasObject {
	box := container.NewVBox(widget.NewLabelWithStyle("At the table", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	cur := gw.phases[len(gw.phases)-1].Name
	// The controls of the last table are gone (the end-to-end test finds
	// only those on screen).
	e2eMark("play", nil)
	for _, p := range gw.m.PowerIDs() {
		e2eMark("table."+string(p), nil)
	}
	if gw.over != nil {
		box.Add(wrapped("The game is over. " + gameEndText(gw.m, gw.over)))
		return container.NewVScroll(box)
	}
	in := map[engine.Power]bool{}
	for _, p := range gw.submitted {
		in[p] = true
	}
	a := gw.acting
	must, may := inMapOrder(gw.m, a.Must), inMapOrder(gw.m, a.May)
	// Up to eight seats are listed one a row; more (a variant's roles)
	// go two a row, so that every seat called is in view.
	compact := len(must)+len(may) > 8
	group := func(ps []engine.Power, state string) {
		cols := container.NewVBox()
		if compact {
			cols = container.NewGridWithColumns(2)
		}
		for _, p := range ps {
			st := state
			if in[p] {
				st = "orders in"
			}
			if d := gw.drafts[p]; d != nil && !d.saved && d.phase == cur {
				st += ", typed orders not saved"
			}
			label := gw.m.PowerName(p) + " orders…"
			if compact {
				label = gw.m.PowerName(p) + "…"
			}
			b := widget.NewButton(label, func() { gw.PassTo(p) })
			e2eMark("table."+string(p), b)
			enable(b, !gw.readOnly)
			cols.Add(container.NewBorder(nil, nil, nil, widget.NewLabel(st), b))
		}
		box.Add(cols)
	}
	if a.Nobody() {
		box.Add(wrapped("Nobody orders in " + stepName(gw.m, cur) + ": the game plays it by its rules. One click plays it and says what happened."))
		box.Add(gw.playButton())
	}
	if len(must) > 0 {
		group(must, "no orders yet")
	}
	if len(may) > 0 {
		head := "May also order (not waited for):"
		if ph, err := engine.ParsePhase(cur); err == nil && ph.Actor != "" {
			head = "May answer on " + gw.m.PowerName(ph.Actor) + "'s turn (not waited for):"
		}
		box.Add(widget.NewLabel(head))
		group(may, "may act")
	}
	return container.NewVScroll(box)
}

// playButton is the one click that plays a step nobody orders, named
// after the step (the table's, the game master's).
func (gw *GameWindow) playButton() *widget.Button {
	cur := gw.phases[len(gw.phases)-1].Name
	play := widget.NewButtonWithIcon("Play "+stepName(gw.m, cur), theme.MediaPlayIcon(), gw.PlayStep)
	play.Importance = widget.HighImportance
	e2eMark("play", play)
	enable(play, gw.canAdjudicate())
	return play
}

// wrapped is a label whose text wraps.
func wrapped(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// ordersText writes power's orders, one a line.
func ordersText(orders []engine.Order, p engine.Power, m *engine.Map) string {
	var lines []string
	for _, o := range orders {
		if o.Power == p {
			lines = append(lines, o.Format(m))
		}
	}
	return strings.Join(lines, "\n")
}

// panelText is power's stored orders as its panel shows them: one a
// line, and a last newline so that an order typed at the end starts a
// line of its own.
func panelText(orders []engine.Order, p engine.Power, m *engine.Map) string {
	if t := ordersText(orders, p, m); t != "" {
		return t + "\n"
	}
	return ""
}

// PassTo draws the curtain for power: "Pass the laptop to France". The
// board and panels show the table's view until the curtain is passed. A
// seat with nothing to do in the step is not called.
func (gw *GameWindow) PassTo(p engine.Power) {
	gw.toTable()
	if !gw.mayOrder(p) {
		gw.flash(gw.m.PowerName(p) + " has nothing to order in " + stepName(gw.m, gw.phases[len(gw.phases)-1].Name))
		return
	}
	pi, _ := gw.m.Power(p)
	gw.curtain.Close(p, pi.Name, gw.seats[p].PinHash)
	if !gw.acting.Waits(p) {
		note := pi.Name + " may act in this step; nobody waits for its orders."
		if ph, err := engine.ParsePhase(gw.phases[len(gw.phases)-1].Name); err == nil && ph.Actor != "" {
			note = pi.Name + " may answer on " + gw.m.PowerName(ph.Actor) + "'s turn; nobody waits for its orders."
		}
		gw.curtain.SetNote(note)
	}
}

// seatPower lets power order: called when the curtain is passed.
func (gw *GameWindow) seatPower(p engine.Power) {
	gw.active = p
	gw.locked = false
	gw.viewIdx = len(gw.phases) - 1
	gw.refresh()
	gw.flash(gw.m.PowerName(p) + " is ordering; other powers' orders are hidden")
}

// DoneOrdering is the ordering power's "Done: hide my orders": its typed
// orders are saved (never thrown away), and when lines are still not
// understood or impossible the player is asked whether to fix them
// first.
func (gw *GameWindow) DoneOrdering() {
	p := gw.active
	op := gw.panels[p]
	if p == "" || op == nil {
		gw.toTable()
		return
	}
	if op.Dirty() && gw.canOrder() && !gw.submit(p) {
		return // the save failed: stay, the message says why
	}
	c := op.Checked()
	if len(c.Problems) == 0 {
		gw.toTable()
		return
	}
	msg := fmt.Sprintf("%s: %s. Your good orders are saved and the whole text is kept for when you come back.",
		gw.m.PowerName(p), problemSummary(c))
	gw.desk.ask(gw.win, "Some orders need fixing", msg, []string{"Fix them now", "Hide my orders"}, func(i int) {
		if i == 1 {
			gw.toTable()
		}
	})
}

// problemSummary is "1 line not understood, 2 impossible orders".
func problemSummary(c session.Checked) string {
	bad := len(c.Illegal())
	unread := len(c.Problems) - bad
	var parts []string
	if unread > 0 {
		parts = append(parts, fmt.Sprintf("%d line%s not understood", unread, plural(unread)))
	}
	if bad > 0 {
		parts = append(parts, fmt.Sprintf("%d impossible order%s", bad, plural(bad)))
	}
	return strings.Join(parts, ", ")
}

// toTable hides the ordering power's orders again. A draft not saved yet
// is saved first.
func (gw *GameWindow) toTable() {
	if gw.fixed || gw.gm {
		return
	}
	if p := gw.active; p != "" && gw.panels[p].Dirty() && gw.canOrder() {
		gw.submit(p)
	}
	wasOrdering := gw.active != ""
	gw.active = ""
	gw.refresh()
	if wasOrdering {
		gw.flash("At the table: pass the laptop to the next player")
	}
}

// orderingPower is the power whose panel Save, Undo and drags act on.
func (gw *GameWindow) orderingPower() engine.Power {
	if gw.gm {
		return gw.selected
	}
	return gw.active
}

// panelChanged keeps power's text as a draft the moment it is typed, and
// draws its orders as typed.
func (gw *GameWindow) panelChanged(op *OrderPanel) {
	if !gw.canOrder() || (!gw.gm && op.Power != gw.active) {
		return
	}
	gw.drafts[op.Power] = &draft{phase: gw.phases[len(gw.phases)-1].Name, text: op.Text(), saved: !op.Dirty()}
	gw.showSelected()
	gw.showDrafts()
}

// submit hands power's typed orders to the session, for the phase they
// were typed in; it reports whether they were saved. A draft typed for
// a phase that is over is refused, and kept.
func (gw *GameWindow) submit(p engine.Power) bool {
	op := gw.panels[p]
	if op == nil || !gw.canOrder() || (!gw.gm && p != gw.active) {
		return false
	}
	cur := gw.phases[len(gw.phases)-1].Name
	d := gw.drafts[p]
	if d == nil || d.text != op.Text() {
		d = &draft{phase: cur, text: op.Text()}
		gw.drafts[p] = d
	}
	if d.phase != cur {
		gw.flash(fmt.Sprintf("%s's orders were typed for %s and the game is now in %s: they are kept, not saved", gw.m.PowerName(p), stepName(gw.m, d.phase), stepName(gw.m, cur)))
		return false
	}
	text := d.text
	good, errs, err := gw.g.SubmitOrders(d.phase, p, text)
	if err != nil {
		gw.flash(errText("Save orders", err))
		return false
	}
	d.saved = true
	op.MarkSaved()
	msg := fmt.Sprintf("%s: %d order%s saved", gw.m.PowerName(p), len(good), plural(len(good)))
	if len(errs) > 0 {
		msg += fmt.Sprintf(", %d line%s not understood (kept in the text, see under the orders)", len(errs), plural(len(errs)))
	}
	if bad := len(op.Checked().Illegal()); bad > 0 {
		msg += fmt.Sprintf(", %d impossible", bad)
	}
	if v, err := gw.g.View(gw.viewSeat(), ""); err == nil {
		gw.submitted = v.Submitted
	}
	gw.refreshBoard()
	gw.showSelected()
	gw.flash(msg)
	return true
}

// saveDrafts saves every draft of the phase being played that is not
// saved yet; it reports whether all of them were.
func (gw *GameWindow) saveDrafts() bool {
	ok := true
	for _, p := range gw.m.PowerIDs() {
		if d := gw.drafts[p]; d != nil && !d.saved {
			gw.panels[p].Load(d.text, "\x00") // submit reads the panel
			if !gw.submitAs(p) {
				ok = false
			}
		}
	}
	return ok
}

// submitAs saves power p's draft whoever sits at the table: the window
// itself saves every draft before the phase changes.
func (gw *GameWindow) submitAs(p engine.Power) bool {
	active := gw.active
	if !gw.gm {
		gw.active = p
	}
	ok := gw.submit(p)
	gw.active = active
	return ok
}

// unsavedDrafts lists the powers whose typed text is not saved.
func (gw *GameWindow) unsavedDrafts() []engine.Power {
	var out []engine.Power
	for _, p := range gw.m.PowerIDs() {
		if d := gw.drafts[p]; d != nil && !d.saved {
			out = append(out, p)
		}
	}
	return out
}

// dropOldDrafts forgets the drafts of phases no longer being played
// (they were saved before the phase changed).
func (gw *GameWindow) dropOldDrafts() {
	cur := gw.phases[len(gw.phases)-1].Name
	for p, d := range gw.drafts {
		if d.phase != cur && d.saved {
			delete(gw.drafts, p)
		}
	}
}

// SaveOrders submits the ordering power's orders (File > Save orders).
func (gw *GameWindow) SaveOrders() { gw.submit(gw.orderingPower()) }

// boardOrder takes an order made on the board: it replaces the unit's
// order in its power's text, which is submitted.
func (gw *GameWindow) boardOrder(o engine.Order) {
	p := o.Power
	if !gw.gm {
		p = gw.active
	}
	if p == "" || !gw.canOrder() {
		gw.flash("Orders cannot be given now")
		return
	}
	o.Power = p
	if gw.gm && gw.selected != p {
		gw.SelectPower(p)
	}
	panel := gw.panels[p]
	panel.SetText(replaceUnitOrder(gw.g.Variant().Parser(gw.m), p, panel.Text(), o))
	gw.submit(p)
}

// replaceUnitOrder returns the order text with o in place of any earlier
// order for the same unit (or build in the same province): a gesture
// gives a unit its one order. Lines that do not parse are kept as typed.
func replaceUnitOrder(parser *engine.Parser, p engine.Power, text string, o engine.Order) string {
	var lines []string
	for _, line := range strings.Split(text, "\n") {
		orders, errs := parser.ParseOrders(p, line)
		if len(errs) > 0 || len(orders) == 0 {
			if strings.TrimSpace(line) != "" {
				lines = append(lines, line)
			}
			continue
		}
		var keep []string
		for _, x := range orders {
			if sameUnit(x, o) {
				continue
			}
			keep = append(keep, x.Text)
		}
		if len(keep) > 0 {
			lines = append(lines, strings.Join(keep, "; "))
		}
	}
	// A last newline: the next order typed starts on a line of its own.
	return strings.Join(append(lines, o.Format(parser.Map)), "\n") + "\n"
}

// sameUnit reports whether orders x and o are for the same unit (or
// build in the same province): the same province, and where both write
// it the same kind of piece (birds beside an army of the same power are
// another unit).
func sameUnit(x, o engine.Order) bool {
	if !x.At.Valid() || !o.At.Valid() || x.At.P != o.At.P {
		return false
	}
	if x.Unit != engine.NoUnitType && o.Unit != engine.NoUnitType && (x.Unit != o.Unit || x.Piece != o.Piece) {
		return false
	}
	return x.Number == 0 || o.Number == 0 || x.Number == o.Number
}

// UndoLastOrder removes the ordering power's last order.
func (gw *GameWindow) UndoLastOrder() {
	p := gw.orderingPower()
	if p == "" || !gw.canOrder() {
		return
	}
	if gw.panels[p].RemoveLast() {
		gw.submit(p)
		gw.flash(gw.m.PowerName(p) + ": last order undone")
	}
}

// canAdjudicate reports whether the phase being played may be
// adjudicated from this window now: by the game master, or in hot seat
// from the table, never while a player sits behind the curtain or the
// curtain is drawn.
func (gw *GameWindow) canAdjudicate() bool {
	switch {
	case gw.readOnly || gw.locked || gw.over != nil:
		return false
	case gw.gm:
		return true
	case gw.fixed:
		return false
	}
	return gw.active == "" && !gw.curtain.Visible()
}

// Adjudicate adjudicates the phase being played, then shows it with all
// its orders and results, as at a table. Typed orders not saved yet are
// saved first; when orders are missing or wrong the window lists them
// and asks first.
func (gw *GameWindow) Adjudicate() {
	if !gw.canAdjudicate() {
		if !gw.readOnly && gw.active != "" {
			gw.flash("Only the table adjudicates: press Done to hide your orders first")
		}
		return
	}
	if !gw.saveDrafts() {
		return
	}
	ms, err := gw.g.Missing(gw.viewSeat())
	if err != nil {
		gw.flash(errText("Adjudicate", err))
		return
	}
	// Orders may have come in from elsewhere (the command line).
	if v, err := gw.g.View(gw.viewSeat(), ""); err == nil {
		gw.submitted = v.Submitted
	}
	if a, err := gw.g.WhoActs(""); err == nil {
		gw.acting = a
	}
	// Nothing missing: adjudicate at once, unless the board shows another
	// step whose orders someone may mean to check first (a step nobody
	// orders has none).
	if ms.Empty() && (gw.current() || gw.acting.Nobody()) {
		gw.adjudicateNow()
		return
	}
	title := "Adjudicate " + phaseName(gw.m, ms.Phase) + "?"
	text, yes := "Every unit has a legal order.", "Adjudicate"
	if !ms.Empty() {
		text, yes = missingText(gw.m, ms, gw.gm), "Adjudicate anyway"
	}
	if !gw.current() {
		text = "The board shows " + stepName(gw.m, gw.phases[gw.viewIdx].Name) + "; the phase to adjudicate is " + phaseName(gw.m, ms.Phase) + ".\n\n" + text
	}
	// One confirmation at a time, and it plays the phase it names.
	if gw.confirming {
		return
	}
	gw.confirming = true
	phase := ms.Phase.Key()
	gw.desk.ask(gw.win, title, text, []string{yes, "Cancel"}, func(i int) {
		gw.confirming = false
		if i == 0 {
			gw.adjudicatePhase(phase)
		}
	})
}

// PlayStep plays a step nobody orders (the Play button at the table): one
// click, no question, whichever phase the board shows, since the button
// names the step. Should orders be missing after all (the step changed
// under the window), it asks as Adjudicate does.
func (gw *GameWindow) PlayStep() {
	if !gw.canAdjudicate() || !gw.saveDrafts() {
		return
	}
	if a, err := gw.g.WhoActs(""); err != nil || !a.Nobody() {
		gw.Adjudicate()
		return
	}
	gw.adjudicateNow()
}

// missingText words what is missing for the confirmation. The game
// master reads every unit and order; a hot-seat table only counts per
// power, so that nobody at the table learns another power's orders.
func missingText(m *engine.Map, ms session.Missing, gm bool) string {
	var b strings.Builder
	b.WriteString("Not everything is ordered:\n")
	for _, pm := range ms.Powers {
		var parts []string
		if pm.NoOrders {
			parts = append(parts, "no orders")
		} else if n := len(pm.Unordered); n > 0 {
			if gm {
				var us []string
				for _, u := range pm.Unordered {
					us = append(us, m.UnitCode(u.Type, u.Kind)+" "+m.LocString(u.Loc))
				}
				parts = append(parts, "no order for "+strings.Join(us, ", "))
			} else {
				parts = append(parts, fmt.Sprintf("%d unit%s without orders", n, plural(n)))
			}
		}
		if n := len(pm.Illegal); n > 0 {
			if gm {
				for _, p := range pm.Illegal {
					parts = append(parts, strings.TrimSpace(p.Order.Format(m))+": "+p.Reason)
				}
			} else {
				parts = append(parts, fmt.Sprintf("%d impossible order%s", n, plural(n)))
			}
		}
		switch {
		case pm.Due > 0 && !pm.NoOrders:
			parts = append(parts, fmt.Sprintf("%d build%s not ordered (waived)", pm.Due, plural(pm.Due)))
		case pm.Due < 0 && !pm.NoOrders:
			parts = append(parts, fmt.Sprintf("%d disband%s not ordered (by the civil disorder rule)", -pm.Due, plural(-pm.Due)))
		}
		fmt.Fprintf(&b, "• %s: %s\n", m.PowerName(pm.Power), strings.Join(parts, "; "))
	}
	b.WriteString("\nUnits without orders hold; impossible orders are void.")
	return b.String()
}

// adjudicateNow adjudicates without asking, then says what happened: the
// step played and the next one, what the rules did besides the orders
// (a die rolled, the Borg's way) as the seat may read it, and the game's
// end when the step ended it. In a game whose dice a game master enters,
// each die or pick nobody entered yet is asked for first (askDraw), in
// order, and the step is adjudicated once every value is in.
func (gw *GameWindow) adjudicateNow() { gw.adjudicatePhase(gw.phases[len(gw.phases)-1].Name) }

// adjudicatePhase adjudicates phase, the one the player was shown and
// confirmed: the session refuses it, changing nothing, if the game has
// moved on since (a confirmation left open while another played it).
func (gw *GameWindow) adjudicatePhase(phase string) {
	out, next, err := gw.g.Process(phase)
	var need *engine.NeedDraw
	if errors.As(err, &need) {
		gw.askDraw(phase, need)
		return
	}
	if err != nil {
		gw.flash(errText("Adjudicate", err))
		return
	}
	if !gw.fixed {
		gw.active = ""
	}
	if err := gw.reload(); err != nil {
		gw.flash(userWords(err))
		return
	}
	gw.dropOldDrafts()
	gw.viewIdx = len(gw.phases) - 2
	gw.refresh()
	msg := fmt.Sprintf("Adjudicated %s; now %s", phaseName(gw.m, out.Phase), phaseName(gw.m, next.State.Phase))
	if _, seen, err := gw.sceneFor(gw.viewIdx); err == nil && seen != nil && len(seen.Events) > 0 {
		msg = fmt.Sprintf("Played %s: %s. Now %s", phaseName(gw.m, out.Phase), strings.Join(seen.Events, "; "), phaseName(gw.m, next.State.Phase))
	}
	gw.flash(msg)
	if out.End != nil {
		gw.desk.ask(gw.win, "The game is over", gameEndText(gw.m, out.End), []string{"OK"}, func(int) {})
	}
}

// Rollback returns the game to phase (game master). Typed orders of the
// phase being played are saved first: they go with it into the
// abandoned branch.
func (gw *GameWindow) Rollback(phase, reason string) {
	if !gw.gm || gw.readOnly {
		return
	}
	if strings.TrimSpace(reason) == "" {
		reason = "rolled back by the game master"
	}
	if !gw.saveDrafts() {
		return
	}
	ps, err := gw.g.Rollback(phase, reason)
	if err != nil {
		gw.flash(errText("Rollback", err))
		return
	}
	if err := gw.reload(); err != nil {
		gw.flash(userWords(err))
		return
	}
	gw.dropOldDrafts()
	gw.viewIdx = len(gw.phases) - 1
	gw.refresh()
	gw.flash("Back to " + phaseName(gw.m, ps.State.Phase) + "; the later phases are kept as an abandoned branch")
}

// edit applies a game master's edit in the command line's words.
func (gw *GameWindow) edit(words string) {
	if !gw.gm || gw.readOnly {
		return
	}
	e, err := gw.g.ParseEdit(strings.Fields(words))
	if err == nil {
		err = gw.g.ApplyEdit(gw.phases[len(gw.phases)-1].Name, e)
	}
	if err != nil {
		gw.flash(errText("Edit", err))
		return
	}
	gw.gmTools.clearEdit()
	gw.viewIdx = len(gw.phases) - 1
	gw.refresh()
	gw.flash("Edited: " + words)
}

// orderExample is the order panels' example for the step being played:
// units' orders, or in a variant's own step whose orders are the seats'
// (Questionable's characters) those orders' words.
func (gw *GameWindow) orderExample() string {
	st := gw.curView.State
	if st == nil || st.Phase.Type != engine.Custom {
		return unitOrderExample
	}
	var verbs []string
	for _, sp := range gw.g.Variant().Specials {
		if sp.Seat && !slices.Contains(verbs, sp.Verb) {
			verbs = append(verbs, sp.Verb)
		}
	}
	if len(verbs) == 0 {
		return unitOrderExample
	}
	return "One order a line, by its word:\n" + strings.Join(verbs, ", ") + "\n(or drag a card from the Cards tab onto a unit)"
}
