package ui

import (
	"strings"

	"fyne.io/fyne/v2"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// Orders of a seat (engine.SpecialSyntax with Seat set: a Jester's jest,
// a muster, an objection) name no unit of the seat's own, so no drag or
// unit menu gives them: they are typed in the seat's order panel, or
// chosen from its "Seat orders" menu, which lists the variant's seat
// orders and, for each, the ways to give it now that the engine accepts.

// seatSpecials returns the variant's orders of a seat.
func seatSpecials(vr *engine.Variant) []engine.SpecialSyntax {
	var out []engine.SpecialSyntax
	for _, s := range vr.Specials {
		if s.Seat {
			out = append(out, s)
		}
	}
	return out
}

// seatCompletions returns the ways power may give the seat order verb in
// the position of view v that the engine accepts (session.CheckOrders,
// a trial adjudication with that order alone): the verb alone when it is
// complete by itself ("object"), else the verb with each province that
// makes it an order ("muster ber"). nil when neither is (the order needs
// more words: "jest A par - pic").
func seatCompletions(vr *engine.Variant, v engine.View, power engine.Power, verb string) []string {
	if v.State == nil {
		return nil
	}
	ok := func(text string) bool {
		c := session.CheckOrders(vr, v, power, text)
		return len(c.Orders) == 1 && len(c.Problems) == 0
	}
	if ok(verb) {
		return []string{verb}
	}
	var out []string
	for _, p := range v.State.Map.Provinces {
		if text := verb + " " + p.Abbr; ok(text) {
			out = append(out, text)
		}
	}
	return out
}

// maxSeatCompletions is the most provinces a seat order's submenu lists;
// an order the engine accepts with more (a jest naming any unit to hold)
// is only written.
const maxSeatCompletions = 12

// seatOrderItems is the "Seat orders" menu of power's panel: per seat
// order of the variant, the order itself when it needs no more words,
// else a submenu of the provinces it may name now (a few) and "Write
// it…", or only "Write it…", which starts the order in the panel.
func (gw *GameWindow) seatOrderItems(power engine.Power) []*fyne.MenuItem {
	return seatOrderMenu(gw.g.Variant(), gw.curView, power,
		func(text string) { gw.giveSeatOrder(power, text) },
		func(start string) { gw.writeSeatOrder(power, start) })
}

// seatOrderMenu builds the "Seat orders" menu of power, whose view is v,
// in variant vr: give gives a complete order, write starts one in the
// panel. The game window and the LAN seat window share it.
func seatOrderMenu(vr *engine.Variant, v engine.View, power engine.Power, give, write func(string)) []*fyne.MenuItem {
	var items []*fyne.MenuItem
	for _, sp := range seatSpecials(vr) {
		verb := sp.Verb
		label := strings.ToUpper(verb[:1]) + verb[1:]
		writeIt := fyne.NewMenuItem(label+"… (write it)", func() { write(verb + " ") })
		done := seatCompletions(vr, v, power, verb)
		if len(done) > maxSeatCompletions {
			done = nil // a long list helps nobody: the order is written
		}
		switch {
		case len(done) == 1 && done[0] == verb:
			items = append(items, fyne.NewMenuItem(label+"  ("+verb+")", func() { give(verb) }))
		case len(done) > 0:
			var sub []*fyne.MenuItem
			for _, text := range done {
				name := text
				if v.State != nil {
					if p, ok := v.State.Map.Lookup(strings.TrimPrefix(text, verb+" ")); ok {
						name = v.State.Map.Provinces[p].Name + "  (" + text + ")"
					}
				}
				sub = append(sub, fyne.NewMenuItem(name, func() { give(text) }))
			}
			writeIt.Label = "Write it…"
			sub = append(sub, fyne.NewMenuItemSeparator(), writeIt)
			parent := fyne.NewMenuItem(label, nil)
			parent.ChildMenu = fyne.NewMenu(label, sub...)
			items = append(items, parent)
		default:
			items = append(items, writeIt)
		}
	}
	return items
}

// giveSeatOrder adds a seat order to power's orders, as a gesture on the
// board does (the line is not added twice), and saves them.
func (gw *GameWindow) giveSeatOrder(power engine.Power, text string) {
	panel := gw.panels[power]
	if panel == nil || !gw.canOrder() || (!gw.gm && power != gw.active) {
		gw.flash("Orders cannot be given now")
		return
	}
	if !panel.addLine(text) {
		gw.flash(gw.m.PowerName(power) + " has ordered " + text + " already")
		return
	}
	gw.submit(power)
}

// writeSeatOrder starts a seat order in power's panel for the player to
// finish ("jest "), the typing cursor after it.
func (gw *GameWindow) writeSeatOrder(power engine.Power, start string) {
	panel := gw.panels[power]
	if panel == nil || !gw.canOrder() || (!gw.gm && power != gw.active) {
		return
	}
	panel.startLine(start, gw.win.Canvas())
}

// addLine adds text as the panel's last line unless a line says it
// already, and reports whether it did.
func (p *OrderPanel) addLine(text string) bool {
	for _, line := range strings.Split(p.Text(), "\n") {
		if strings.EqualFold(strings.TrimSpace(line), text) {
			return false
		}
	}
	p.Append(text)
	return true
}

// startLine starts a last line with start for the player to finish, the
// menu gone and the typing cursor after it on canvas c.
func (p *OrderPanel) startLine(start string, c fyne.Canvas) {
	t := strings.TrimRight(p.Text(), "\n ")
	if t != "" {
		t += "\n"
	}
	p.SetText(t + start)
	p.cursorToEnd()
	p.hideMenu() // the menu lets the keyboard go only once it is gone
	if c != nil {
		c.Focus(p.entry)
	}
}
