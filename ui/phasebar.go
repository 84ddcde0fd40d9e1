package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// PhaseBar shows the phase on the board in words and short form, steps
// to the previous and next phase, and adjudicates the current one.
type PhaseBar struct {
	widget.BaseWidget

	OnPrev, OnNext, OnAdjudicate func()

	phase      *widget.Label
	note       *widget.Label
	prev, next *widget.Button
	adjudicate *widget.Button
	body       fyne.CanvasObject
}

// NewPhaseBar returns an empty phase bar.
func NewPhaseBar() *PhaseBar {
	b := &PhaseBar{}
	b.phase = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	b.note = widget.NewLabel("")
	// A long note (who may answer on a turn) is cut short, never widening
	// the window.
	b.note.Truncation = fyne.TextTruncateEllipsis
	call := func(f *func()) func() {
		return func() {
			if *f != nil {
				(*f)()
			}
		}
	}
	b.prev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), call(&b.OnPrev))
	b.next = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), call(&b.OnNext))
	b.adjudicate = widget.NewButtonWithIcon("Adjudicate", theme.ConfirmIcon(), call(&b.OnAdjudicate))
	b.adjudicate.Importance = widget.HighImportance
	b.body = container.NewBorder(nil, nil, container.NewHBox(b.prev, b.next), b.adjudicate,
		container.NewBorder(nil, nil, b.phase, nil, b.note))
	b.ExtendBaseWidget(b)
	return b
}

// CreateRenderer lays the bar out in one row.
func (b *PhaseBar) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(b.body) }

// Set shows phase (in words and short form) and a note, and which
// buttons work.
func (b *PhaseBar) Set(words, short, note string, hasPrev, hasNext, canAdjudicate bool) {
	b.phase.SetText(words + " (" + short + ")")
	b.note.SetText(note)
	enable(b.prev, hasPrev)
	enable(b.next, hasNext)
	enable(b.adjudicate, canAdjudicate)
}

// Text returns the phase as shown.
func (b *PhaseBar) Text() string { return b.phase.Text }

// Note returns the note as shown.
func (b *PhaseBar) Note() string { return b.note.Text }

func enable(w fyne.Disableable, on bool) {
	if on {
		w.Enable()
	} else {
		w.Disable()
	}
}
