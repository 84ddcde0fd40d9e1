package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"dipdesk/app/store"
	"dipdesk/engine"
)

// HistoryList is the game's timeline: every phase on the line of play;
// selecting one draws it with its orders and results.
type HistoryList struct {
	widget.BaseWidget

	// OnSelect is called with the index of the chosen phase.
	OnSelect func(i int)

	phases []store.Phase
	list   *widget.List
	quiet  bool
}

// NewHistoryList returns an empty timeline.
func NewHistoryList() *HistoryList {
	h := &HistoryList{}
	h.list = widget.NewList(
		func() int { return len(h.phases) },
		func() fyne.CanvasObject { return widget.NewLabel("S1901M  Spring 1901 Movement  adjudicated") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(h.line(i)) })
	h.list.OnSelected = func(i widget.ListItemID) {
		if !h.quiet && h.OnSelect != nil {
			h.OnSelect(i)
		}
	}
	h.ExtendBaseWidget(h)
	return h
}

// CreateRenderer shows the list.
func (h *HistoryList) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(h.list) }

func (h *HistoryList) line(i int) string {
	p := h.phases[i]
	words := p.Name
	if ph, err := engine.ParsePhase(p.Name); err == nil {
		words = ph.String()
	}
	state := "being played"
	if p.Adjudicated {
		state = "adjudicated"
	}
	return p.Name + "  " + words + "  " + state
}

// Set shows phases with phase sel selected (without calling OnSelect).
func (h *HistoryList) Set(phases []store.Phase, sel int) {
	h.phases = phases
	h.list.Refresh()
	h.quiet = true
	h.list.Select(sel)
	h.quiet = false
}

// Len returns the number of phases listed.
func (h *HistoryList) Len() int { return len(h.phases) }

// Line returns phase i as listed.
func (h *HistoryList) Line(i int) string { return h.line(i) }

// Select chooses phase i, as a click does.
func (h *HistoryList) Select(i int) {
	h.list.UnselectAll()
	h.list.Select(i)
}
