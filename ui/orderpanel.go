package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// OrderPanel is one power's orders for the current phase as editable
// text. Each change is checked at once against the position the seat
// sees (session.CheckOrders: lines that do not parse, and orders the
// engine finds impossible, each with its line and reason) and reported
// to OnChanged, so the window keeps the text as a draft the moment it is
// typed. Save hands the text to the session, which keeps the good orders.
type OrderPanel struct {
	widget.BaseWidget

	Power engine.Power
	// OnSave is called when the player saves the orders.
	OnSave func(p *OrderPanel)
	// OnChanged is called after each change the player (or a gesture)
	// makes to the text; not when the window loads it (Load).
	OnChanged func(p *OrderPanel)
	// SeatOrders, when set, lists the variant's orders of the seat (a
	// Jester's jest, a muster, an objection: orders with no unit) for the
	// panel's "Seat orders" menu; the window sets it for a variant that
	// has them.
	SeatOrders func() []*fyne.MenuItem

	check   func(text string) session.Checked
	checked session.Checked
	saved   string // the text as last loaded or saved
	loading bool

	entry    *widget.Entry
	errors   *widget.Label
	errBox   *container.Scroll // the problems, scrolled in a box of a few lines
	count    *widget.Label
	save     *widget.Button
	seat     *widget.Button // opens the seat orders' menu; hidden without SeatOrders
	seatMenu *fyne.Menu     // the seat orders' menu last shown
	popup    *widget.PopUpMenu
	body     fyne.CanvasObject
}

// unitOrderExample is an order panel's example of units' orders.
const unitOrderExample = "One order a line, e.g.\nA par - bur\nF bre - mao\nA mar S A par - bur"

// SetExample sets the example the empty panel shows (the step's kind of
// orders).
func (p *OrderPanel) SetExample(text string) {
	if p.entry.PlaceHolder != text {
		p.entry.SetPlaceHolder(text)
	}
}

// NewOrderPanel returns the panel of power, checking with check.
func NewOrderPanel(power engine.Power, check func(string) session.Checked) *OrderPanel {
	p := &OrderPanel{Power: power, check: check}
	p.entry = widget.NewMultiLineEntry()
	p.entry.SetPlaceHolder(unitOrderExample)
	p.entry.SetMinRowsVisible(8)
	p.errors = widget.NewLabel("")
	p.errors.Importance = widget.DangerImportance
	p.errors.Wrapping = fyne.TextWrapWord
	p.errBox = container.NewVScroll(p.errors)
	p.errBox.SetMinSize(fyne.NewSize(0, 72)) // three lines; more scroll
	p.errBox.Hide()
	p.count = widget.NewLabel("")
	p.count.Wrapping = fyne.TextWrapWord // a long count never widens the side
	p.save = widget.NewButton("Save orders", func() {
		if p.OnSave != nil {
			p.OnSave(p)
		}
	})
	p.save.Importance = widget.HighImportance
	p.seat = widget.NewButtonWithIcon("Seat orders", theme.MenuDropDownIcon(), p.ShowSeatOrders)
	p.seat.Hide()
	p.entry.OnChanged = func(string) {
		p.recheck()
		if !p.loading && p.OnChanged != nil {
			p.OnChanged(p)
		}
	}
	p.body = container.NewBorder(nil, container.NewVBox(p.errBox, container.NewBorder(nil, nil, nil, container.NewHBox(p.seat, p.save), p.count)), nil, nil, p.entry)
	p.ExtendBaseWidget(p)
	return p
}

// CreateRenderer lays the panel out: the text, the problems, the count
// and the Save button.
func (p *OrderPanel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.body)
}

// EnableSeatOrders shows the "Seat orders" button, whose menu lists
// list's items when it is opened.
func (p *OrderPanel) EnableSeatOrders(list func() []*fyne.MenuItem) {
	p.SeatOrders = list
	p.seat.Show()
}

// ShowSeatOrders opens the menu of the seat's orders under its button.
func (p *OrderPanel) ShowSeatOrders() {
	if p.SeatOrders == nil {
		return
	}
	p.seatMenu = fyne.NewMenu("Seat orders", p.SeatOrders()...)
	if a := fyne.CurrentApp(); a != nil {
		if c := a.Driver().CanvasForObject(p.seat); c != nil {
			pos := a.Driver().AbsolutePositionForObject(p.seat)
			p.popup = widget.NewPopUpMenu(p.seatMenu, c)
			p.popup.ShowAtPosition(pos.AddXY(0, p.seat.Size().Height))
		}
	}
}

// shownMenu is the seat orders' menu on screen, if any.
func (p *OrderPanel) shownMenu() *fyne.Menu {
	if p.popup == nil || !p.popup.Visible() {
		return nil
	}
	return p.seatMenu
}

// hideMenu takes the seat orders' menu off the screen.
func (p *OrderPanel) hideMenu() {
	if p.popup != nil {
		p.popup.Hide()
	}
}

// Text returns the orders as typed.
func (p *OrderPanel) Text() string { return p.entry.Text }

// SetText replaces the orders as a player's edit does: checked, and
// reported to OnChanged (a draft not saved yet).
func (p *OrderPanel) SetText(s string) {
	if s == p.entry.Text {
		return
	}
	p.entry.SetText(s)
}

// Load shows text as the window found it: the orders stored for the
// phase, or a draft. saved is the text as last saved (Dirty compares
// with it); OnChanged is not called.
func (p *OrderPanel) Load(text, saved string) {
	p.loading = true
	p.entry.SetText(text)
	p.loading = false
	p.saved = saved
	p.recheck()
}

// cursorToEnd puts the typing cursor after the last character.
func (p *OrderPanel) cursorToEnd() {
	lines := strings.Split(p.entry.Text, "\n")
	p.entry.CursorRow = len(lines) - 1
	p.entry.CursorColumn = len([]rune(lines[len(lines)-1]))
	p.entry.Refresh()
}

// Dirty reports whether the text differs from what was last saved.
func (p *OrderPanel) Dirty() bool { return p.entry.Text != p.saved }

// MarkSaved records that the text as it stands was saved.
func (p *OrderPanel) MarkSaved() {
	p.saved = p.entry.Text
	p.showCount()
}

// Append adds an order as a new last line.
func (p *OrderPanel) Append(order string) {
	t := strings.TrimRight(p.entry.Text, "\n ")
	if t != "" {
		t += "\n"
	}
	p.SetText(t + order)
}

// RemoveLast removes the last non-empty line and reports whether there
// was one.
func (p *OrderPanel) RemoveLast() bool {
	lines := strings.Split(strings.TrimRight(p.entry.Text, "\n "), "\n")
	if len(lines) == 1 && strings.TrimSpace(lines[0]) == "" {
		return false
	}
	p.SetText(strings.Join(lines[:len(lines)-1], "\n"))
	return true
}

// Errors returns the problems shown for the current text, one a line.
func (p *OrderPanel) Errors() string { return p.errors.Text }

// Checked returns what the last check found.
func (p *OrderPanel) Checked() session.Checked { return p.checked }

// SetReadOnly stops editing (review, past phases, read-only games).
func (p *OrderPanel) SetReadOnly(ro bool) {
	if ro {
		p.entry.Disable()
		p.save.Disable()
		p.seat.Disable()
	} else {
		p.entry.Enable()
		p.save.Enable()
		p.seat.Enable()
	}
}

// Recheck checks the text again (the position it is checked against
// changed).
func (p *OrderPanel) Recheck() { p.recheck() }

// recheck checks the text and shows each problem with its line.
func (p *OrderPanel) recheck() {
	p.checked = p.check(p.entry.Text)
	var lines []string
	for _, e := range p.checked.Problems {
		lines = append(lines, e.Error())
	}
	p.errors.SetText(strings.Join(lines, "\n"))
	if len(lines) == 0 {
		p.errBox.Hide()
	} else {
		p.errBox.Show()
	}
	p.showCount()
}

// showCount says how many orders there are, how many are impossible, and
// whether the text is saved.
func (p *OrderPanel) showCount() {
	n := len(p.checked.Orders)
	parts := []string{fmt.Sprintf("%d order%s", n, plural(n))}
	if bad := len(p.checked.Illegal()); bad > 0 {
		parts = append(parts, fmt.Sprintf("%d impossible", bad))
	}
	if unread := len(p.checked.Problems) - len(p.checked.Illegal()); unread > 0 {
		parts = append(parts, fmt.Sprintf("%d line%s not understood", unread, plural(unread)))
	}
	if p.Dirty() {
		parts = append(parts, "not saved yet")
	}
	p.count.SetText(strings.Join(parts, " · "))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
