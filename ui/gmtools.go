package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// GMTools are the game master's corrections: the position editor (add,
// remove or move a unit, set a centre's owner) and rollback to an
// earlier phase with a reason.
type GMTools struct {
	widget.BaseWidget

	// OnEdit is called with an edit in the command line's words
	// ("move kie hol"); OnRollback with a phase and the reason.
	OnEdit     func(words string)
	OnRollback func(phase, reason string)
	// OnStandby hands a power's seat to a standby player, with the
	// standby's name and new PIN ("" for none).
	OnStandby func(power, player, pin string)

	info   *widget.Label
	edit   *widget.Entry
	phase  *widget.Select
	keys   map[string]string // the rollback list's labels -> the steps' keys
	reason *widget.Entry
	// The standby's seat (by power name), name and PIN.
	sbSeat   *widget.Select
	sbPlayer *widget.Entry
	sbPIN    *widget.Entry
	body     fyne.CanvasObject
}

// NewGMTools returns the tools.
func NewGMTools() *GMTools {
	t := &GMTools{}
	t.edit = widget.NewEntry()
	t.edit.SetPlaceHolder("add france A bur [card] · remove bur · move kie hol · owner bel none · card france 1A 9")
	apply := widget.NewButton("Apply", func() {
		if t.OnEdit != nil {
			t.OnEdit(t.edit.Text)
		}
	})
	t.edit.OnSubmitted = func(string) { apply.OnTapped() }
	t.phase = widget.NewSelect(nil, nil)
	t.phase.PlaceHolder = "phase to return to"
	t.reason = widget.NewEntry()
	t.reason.SetPlaceHolder("reason, e.g. France's orders were mistyped")
	rollback := widget.NewButton("Roll back", func() {
		if t.OnRollback != nil && t.phase.Selected != "" {
			t.OnRollback(t.keys[t.phase.Selected], t.reason.Text)
		}
	})
	t.info = widget.NewLabel("")
	t.info.Wrapping = fyne.TextWrapWord
	t.sbSeat = widget.NewSelect(nil, nil)
	t.sbSeat.PlaceHolder = "power to hand on"
	t.sbPlayer = widget.NewEntry()
	t.sbPlayer.SetPlaceHolder("the standby's name")
	t.sbPIN = widget.NewPasswordEntry()
	t.sbPIN.SetPlaceHolder("new PIN (optional)")
	standby := widget.NewButton("Hand to standby", func() {
		if t.OnStandby != nil && t.sbSeat.Selected != "" {
			t.OnStandby(t.sbSeat.Selected, t.sbPlayer.Text, t.sbPIN.Text)
		}
	})
	// Scrolled, so that the tab never makes the window taller than a
	// laptop's screen (1366x768).
	t.body = container.NewVScroll(container.NewVBox(
		t.info,
		widget.NewLabelWithStyle("Position editor", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewBorder(nil, nil, nil, apply, t.edit),
		widget.NewLabelWithStyle("Rollback", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		t.phase, t.reason, rollback,
		widget.NewLabelWithStyle("Standby", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		t.sbSeat, t.sbPlayer, t.sbPIN, standby))
	t.ExtendBaseWidget(t)
	return t
}

// CreateRenderer stacks the two tools.
func (t *GMTools) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(t.body) }

// SetPhases offers the steps one may roll back to, by their keys, each
// shown as label words it ("Summer 1901 Muster (Germany)
// (SU1901.muster@germany)"); the rollback is asked for by key.
func (t *GMTools) SetPhases(keys []string, label func(key string) string) {
	t.keys = map[string]string{}
	t.phase.Options = nil
	for _, k := range keys {
		l := label(k)
		t.keys[l] = k
		t.phase.Options = append(t.phase.Options, l)
	}
	t.phase.ClearSelected()
}

// SetInfo shows what the game master alone may know of the game (its
// seed).
func (t *GMTools) SetInfo(text string) { t.info.SetText(text) }

// clearEdit empties the editor after a successful edit.
func (t *GMTools) clearEdit() { t.edit.SetText("") }

// SetPowers offers the powers whose seat may be handed to a standby.
func (t *GMTools) SetPowers(names []string) { t.sbSeat.Options = names }

// clearStandby empties the standby's fields once the seat is handed on,
// so the new PIN does not stay on screen.
func (t *GMTools) clearStandby() {
	t.sbSeat.ClearSelected()
	t.sbPlayer.SetText("")
	t.sbPIN.SetText("")
}
