package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// Cards a seat holds (Questionable's characters: session.HandCard with
// Seat set) give orders of the seat, written without a unit. In the game
// window and the LAN seat window alike a character is dragged onto the
// unit it acts on (session.SeatCardDrop): the Embezzler, the Dealer, the
// Hooker and the Thug complete their order at once; the Briber then asks
// for the order it wants its target to carry out, the Gambler for its
// working piece, in a menu under the pointer; a character that may not
// act there says why. The Killer and the Thug protecting a leader are
// ordered from the card's button, which lists every leader the engine
// accepts (session.SeatCardChoices). This file holds what both windows
// share; each gives its own ways to give an order, start one, speak and
// pop up a menu.

// seatActs are a window's answers for a seat card's orders.
type seatActs struct {
	give  func(p engine.Power, text string)  // a complete order: added (replacing the character's earlier one) and saved or sent
	write func(p engine.Power, start string) // an order started in the panel for the player to finish
	say   func(text string)                  // the status line
	menu  func(items []*fyne.MenuItem, abs fyne.Position)
}

// seatTitle names a seat's card for people: "England's Briber".
func seatTitle(m *engine.Map, c session.HandCard) string {
	return m.PowerName(c.Unit.Power) + "'s " + c.Name
}

// dropSeatCard completes seat card c's order o dropped on the unit in
// loc's province (abs: where, on the canvas).
func dropSeatCard(vr *engine.Variant, v engine.View, c session.HandCard, o session.CardOrder, loc engine.Loc, abs fyne.Position, acts seatActs) {
	if v.State == nil {
		return
	}
	m := v.State.Map
	d := session.SeatCardDrop(vr, v, c, o, loc.P)
	p := c.Unit.Power
	switch d.Asks {
	case session.SeatComplete:
		acts.give(p, d.Text)
	case session.SeatRefused:
		acts.say(seatTitle(m, c) + ": " + d.Why)
	default:
		acts.menu(seatDropItems(m, d, func(text string) { acts.give(p, text) }, func() { acts.write(p, d.Template) }), abs)
		what := "the order it wants " + unitLabel(m, d.Unit) + " to carry out"
		if d.Asks == session.SeatAsksWorking {
			what = "its working piece, which must touch " + unitLabel(m, d.Unit)
		}
		acts.say(seatTitle(m, c) + ": choose " + what)
	}
}

// unitLabel is "Russia's A war".
func unitLabel(m *engine.Map, u engine.Unit) string {
	return m.PowerName(u.Power) + "'s " + m.UnitCode(u.Type, u.Kind) + " " + m.LocString(u.Loc)
}

// seatDropItems is the menu that finishes a drop: the target's hold and
// moves, its supports in a submenu (a Briber's), or the working pieces (a
// Gambler's), each giving the whole order; last "Write it…".
func seatDropItems(m *engine.Map, d session.SeatDrop, give func(string), write func()) []*fyne.MenuItem {
	var items, supports []*fyne.MenuItem
	unit := m.UnitCode(d.Unit.Type, d.Unit.Kind) + " " + m.LocString(d.Unit.Loc)
	for _, c := range d.Choices {
		text := c.Text
		item := func(label string) *fyne.MenuItem {
			return fyne.NewMenuItem(label+"  ("+text+")", func() { give(text) })
		}
		switch {
		case d.Asks == session.SeatAsksWorking:
			_, with, _ := strings.Cut(c.Args, " with ")
			items = append(items, item("With "+with))
		case c.Args == unit:
			items = append(items, item("Hold"))
		case strings.Contains(c.Args, " S "):
			_, what, _ := strings.Cut(c.Args, " S ")
			supports = append(supports, item("Support "+what))
		case strings.Contains(c.Args, " - "):
			items = append(items, item("Move to "+m.LocName(c.Target)))
		default:
			items = append(items, item(c.Args))
		}
	}
	if len(supports) > 0 {
		s := fyne.NewMenuItem("Support", nil)
		s.ChildMenu = fyne.NewMenu("Support", supports...)
		items = append(items, s)
	}
	return append(items, fyne.NewMenuItemSeparator(), fyne.NewMenuItem("Write it…", write))
}

// seatChoiceItems is a seat card's button menu: each leader the order may
// name now ("Germany's leader  (kill germany)"), then "Write it…".
func seatChoiceItems(m *engine.Map, cs []session.Completion, give func(string), write func()) []*fyne.MenuItem {
	var items []*fyne.MenuItem
	for _, c := range cs {
		text := c.Text
		who := strings.TrimPrefix(c.Args, "leader ")
		items = append(items, fyne.NewMenuItem(fmt.Sprintf("%s's leader  (%s)", m.PowerName(engine.Power(who)), text), func() { give(text) }))
	}
	return append(items, fyne.NewMenuItemSeparator(), fyne.NewMenuItem("Write it…", write))
}

// seatCardButton answers a seat card's order button: the leaders it may
// name in a menu under the button (the Killer's, the Thug's), or, for an
// order that names a unit, the units it may act on in a menu (each
// finishing the order as a drop on it does).
func seatCardButton(vr *engine.Variant, v engine.View, c session.HandCard, o session.CardOrder, abs fyne.Position, acts seatActs) {
	if v.State == nil {
		return
	}
	m := v.State.Map
	p := c.Unit.Power
	write := func() { acts.write(p, c.Template(o)) }
	if cs := session.SeatCardChoices(vr, v, c, o); len(cs) > 0 {
		items := seatChoiceItems(m, cs, func(text string) { acts.give(p, text) }, write)
		if o.TakesUnit {
			items = append(items, fyne.NewMenuItem("Or drag the card onto a unit", func() {
				acts.say(seatTitle(m, c) + ": drag the card onto the unit it acts on")
			}))
		}
		acts.menu(items, abs)
		return
	}
	if o.TakesUnit {
		// The units it may act on now, each finishing the order as a
		// drop there does (at once, or the Briber's and the Gambler's
		// second menu); the bare verb typed in the panel would only be
		// marked as naming no unit.
		if items := seatTargetItems(vr, v, c, o, abs, acts); len(items) > 0 {
			acts.menu(append(items, fyne.NewMenuItemSeparator(), fyne.NewMenuItem("Write it…", write)), abs)
			acts.say(seatTitle(m, c) + ": choose the unit it acts on, or drag the card onto it")
			return
		}
		write()
		acts.say(seatTitle(m, c) + ": no unit it may act on now; complete the order by hand")
		return
	}
	write()
}

// seatTargetItems lists, for seat card c's order o, the units it may act
// on now (session.SeatCardTargets), each giving or starting its order as
// a drop on it does.
func seatTargetItems(vr *engine.Variant, v engine.View, c session.HandCard, o session.CardOrder, abs fyne.Position, acts seatActs) []*fyne.MenuItem {
	m := v.State.Map
	var items []*fyne.MenuItem
	for _, l := range session.SeatCardTargets(vr, v, c, o) {
		var label string
		for _, i := range v.State.UnitsAt(l.P) {
			label = unitLabel(m, v.State.Units[i])
			break
		}
		if label == "" {
			continue
		}
		loc := l
		items = append(items, fyne.NewMenuItem(label, func() { dropSeatCard(vr, v, c, o, loc, abs, acts) }))
	}
	return items
}

// replaceSeatLine puts order (a seat's, "bribe A war - sil") in the
// orders text: in place of the line the same character gave before (the
// first word is its verb) when the seat holds one character giving it,
// else as a last line. It reports whether the text changed.
func replaceSeatLine(text, order string, only bool) (string, bool) {
	verb, _, _ := strings.Cut(order, " ")
	lines := strings.Split(strings.TrimRight(text, "\n "), "\n")
	if text == "" {
		lines = nil
	}
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.EqualFold(t, order) {
			return text, false
		}
		first, _, _ := strings.Cut(t, " ")
		if only && strings.EqualFold(first, verb) {
			lines[i] = order
			return strings.Join(lines, "\n"), true
		}
	}
	return strings.Join(append(lines, order), "\n"), true
}

// onlyCharacter reports whether power holds one card giving the seat
// order verb in hand h (a power may hold two Killers).
func onlyCharacter(h session.Hands, power engine.Power, verb string) bool {
	n := 0
	for _, c := range h.Cards {
		if c.Seat && c.Unit.Power == power {
			for _, o := range c.Orders {
				if o.Verb == verb {
					n++
				}
			}
		}
	}
	return n <= 1
}
