package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"dipdesk/engine"
)

// OrderPanel is one power's orders for the current phase as editable
// text. Each change is parsed at once and every bad line's error shown
// under the text; Save hands the text to the session, which keeps the
// good orders.
type OrderPanel struct {
	widget.BaseWidget

	Power engine.Power
	// OnSave is called when the player saves the orders.
	OnSave func(p *OrderPanel)

	parse  func(text string) ([]engine.Order, []error)
	entry  *widget.Entry
	errors *widget.Label
	count  *widget.Label
	save   *widget.Button
	body   fyne.CanvasObject
}

// NewOrderPanel returns the panel of power, parsing with parse.
func NewOrderPanel(power engine.Power, parse func(string) ([]engine.Order, []error)) *OrderPanel {
	p := &OrderPanel{Power: power, parse: parse}
	p.entry = widget.NewMultiLineEntry()
	p.entry.SetPlaceHolder("One order a line, e.g.\nA par - bur\nF bre - mao\nA mar S A par - bur")
	p.entry.SetMinRowsVisible(8)
	p.errors = widget.NewLabel("")
	p.errors.Importance = widget.DangerImportance
	p.errors.Wrapping = fyne.TextWrapWord
	p.count = widget.NewLabel("")
	p.save = widget.NewButton("Save orders", func() {
		if p.OnSave != nil {
			p.OnSave(p)
		}
	})
	p.save.Importance = widget.HighImportance
	p.entry.OnChanged = func(string) { p.check() }
	p.body = container.NewBorder(nil, container.NewVBox(p.errors, container.NewBorder(nil, nil, nil, p.save, p.count)), nil, nil, p.entry)
	p.ExtendBaseWidget(p)
	return p
}

// CreateRenderer lays the panel out: the text, the errors, the count and
// the Save button.
func (p *OrderPanel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.body)
}

// Text returns the orders as typed.
func (p *OrderPanel) Text() string { return p.entry.Text }

// SetText replaces the orders and checks them.
func (p *OrderPanel) SetText(s string) {
	p.entry.SetText(s)
	p.check()
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

// Errors returns the errors shown for the current text, one a line.
func (p *OrderPanel) Errors() string { return p.errors.Text }

// SetReadOnly stops editing (review, past phases, read-only games).
func (p *OrderPanel) SetReadOnly(ro bool) {
	if ro {
		p.entry.Disable()
		p.save.Disable()
	} else {
		p.entry.Enable()
		p.save.Enable()
	}
}

// check parses the text and shows each bad line's error.
func (p *OrderPanel) check() {
	orders, errs := p.parse(p.entry.Text)
	var lines []string
	for _, e := range errs {
		lines = append(lines, e.Error())
	}
	p.errors.SetText(strings.Join(lines, "\n"))
	if len(lines) == 0 {
		p.errors.Hide()
	} else {
		p.errors.Show()
	}
	p.count.SetText(fmt.Sprintf("%d order%s", len(orders), plural(len(orders))))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
