package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"dipdesk/engine"
)

// refreshOrders fills the order side. The game master gets a tab per
// power; in hot seat the table sees only who has ordered, and the power
// behind the curtain sees its own orders and nobody else's.
func (gw *GameWindow) refreshOrders() {
	var pending []engine.Order
	if v, err := gw.g.View(gw.viewSeat(), ""); err == nil {
		pending = v.Pending
		gw.submitted = v.Submitted
	}
	for p, op := range gw.panels {
		if gw.gm || p == gw.active {
			op.SetText(ordersText(pending, p, gw.m))
		} else {
			op.SetText("") // never holds another power's orders
		}
		op.SetReadOnly(!gw.canOrder())
	}
	gw.orders.RemoveAll()
	switch {
	case gw.gm:
		if gw.tabs == nil {
			gw.tabs = container.NewAppTabs()
			for _, p := range gw.m.PowerIDs() {
				gw.tabs.Append(container.NewTabItem(gw.m.PowerName(p), gw.panels[p]))
			}
		}
		gw.orders.Add(gw.tabs)
	case gw.active != "":
		head := widget.NewLabelWithStyle(gw.m.PowerName(gw.active)+"'s orders", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		var done fyne.CanvasObject = widget.NewLabel("")
		if !gw.fixed {
			done = widget.NewButton("Done: hide my orders", gw.toTable)
		}
		gw.orders.Add(container.NewBorder(head, done, nil, nil, gw.panels[gw.active]))
	default:
		gw.orders.Add(gw.table())
	}
	gw.orders.Refresh()
}

// table is the hot-seat side when nobody is ordering: who has orders in,
// and a button per power to pass the laptop.
func (gw *GameWindow) table() fyne.CanvasObject {
	box := container.NewVBox(widget.NewLabelWithStyle("At the table", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	in := map[engine.Power]bool{}
	for _, p := range gw.submitted {
		in[p] = true
	}
	for _, p := range gw.m.PowerIDs() {
		power := p
		state := "no orders yet"
		if in[p] {
			state = "orders in"
		}
		b := widget.NewButton(gw.m.PowerName(p)+" orders…", func() { gw.PassTo(power) })
		enable(b, !gw.readOnly)
		box.Add(container.NewBorder(nil, nil, nil, widget.NewLabel(state), b))
	}
	return container.NewVScroll(box)
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

// PassTo draws the curtain for power: "Pass the laptop to France". The
// board and panels show the table's view until the curtain is passed.
func (gw *GameWindow) PassTo(p engine.Power) {
	gw.toTable()
	pi, _ := gw.m.Power(p)
	gw.curtain.Close(p, pi.Name, gw.seats[p].PinHash)
}

// seatPower lets power order: called when the curtain is passed.
func (gw *GameWindow) seatPower(p engine.Power) {
	gw.active = p
	gw.viewIdx = len(gw.phases) - 1
	gw.refresh()
	gw.flash(gw.m.PowerName(p) + " is ordering; other powers' orders are hidden")
}

// toTable hides the ordering power's orders again.
func (gw *GameWindow) toTable() {
	if gw.fixed || gw.gm {
		return
	}
	gw.active = ""
	gw.refresh()
}

// orderingPower is the power whose panel Save, Undo and drags act on.
func (gw *GameWindow) orderingPower() engine.Power {
	if gw.gm && gw.tabs != nil {
		if i := gw.tabs.SelectedIndex(); i >= 0 && i < len(gw.m.Powers) {
			return gw.m.PowerIDs()[i]
		}
	}
	return gw.active
}

// submit hands power's panel text to the session.
func (gw *GameWindow) submit(p engine.Power) {
	op := gw.panels[p]
	if op == nil || !gw.canOrder() || (!gw.gm && p != gw.active) {
		return
	}
	good, errs, err := gw.g.SubmitOrders(gw.phases[len(gw.phases)-1].Name, p, op.Text())
	if err != nil {
		gw.flash(errText("Save orders", err))
		return
	}
	msg := fmt.Sprintf("%s: %d order%s saved", gw.m.PowerName(p), len(good), plural(len(good)))
	if len(errs) > 0 {
		msg += fmt.Sprintf(", %d refused (see the errors under the orders)", len(errs))
	}
	gw.refreshBoard()
	gw.flash(msg)
}

// SaveOrders submits the ordering power's orders (File > Save orders).
func (gw *GameWindow) SaveOrders() { gw.submit(gw.orderingPower()) }

// boardOrder takes an order made on the board: it goes at the end of its
// power's text and is submitted.
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
			if x.At.Valid() && x.At.P == o.At.P {
				continue
			}
			keep = append(keep, x.Text)
		}
		if len(keep) > 0 {
			lines = append(lines, strings.Join(keep, "; "))
		}
	}
	return strings.Join(append(lines, o.Format(parser.Map)), "\n")
}

// UndoLastOrder removes the ordering power's last order.
func (gw *GameWindow) UndoLastOrder() {
	p := gw.orderingPower()
	if p == "" || !gw.canOrder() {
		return
	}
	if gw.panels[p].RemoveLast() {
		gw.submit(p)
	}
}

// Adjudicate adjudicates the phase being played, then shows it with all
// its orders and results, as at a table.
func (gw *GameWindow) Adjudicate() {
	if gw.readOnly || (gw.fixed && !gw.gm) {
		return
	}
	out, next, err := gw.g.Process(gw.phases[len(gw.phases)-1].Name)
	if err != nil {
		gw.flash(errText("Adjudicate", err))
		return
	}
	if !gw.fixed {
		gw.active = ""
	}
	if err := gw.reload(); err != nil {
		gw.flash(err.Error())
		return
	}
	gw.viewIdx = len(gw.phases) - 2
	gw.refresh()
	msg := fmt.Sprintf("Adjudicated %s; now %s", out.Phase.Short(), next.State.Phase)
	if out.Winner != "" {
		msg += "; " + gw.m.PowerName(out.Winner) + " has won"
	}
	gw.flash(msg)
}

// Rollback returns the game to phase (game master).
func (gw *GameWindow) Rollback(phase, reason string) {
	if !gw.gm || gw.readOnly {
		return
	}
	if strings.TrimSpace(reason) == "" {
		reason = "rolled back by the game master"
	}
	ps, err := gw.g.Rollback(phase, reason)
	if err != nil {
		gw.flash(errText("Rollback", err))
		return
	}
	if err := gw.reload(); err != nil {
		gw.flash(err.Error())
		return
	}
	gw.viewIdx = len(gw.phases) - 1
	gw.refresh()
	gw.flash("Back to " + ps.State.Phase.String() + "; the later phases are kept as an abandoned branch")
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
