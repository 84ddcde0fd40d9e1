package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"dipdesk/app/session"
	"dipdesk/app/store"
	"dipdesk/engine"
)

// HistoryList is the game's timeline: every phase on the line of play;
// selecting one draws it with its orders and results.
type HistoryList struct {
	widget.BaseWidget

	// OnSelect is called with the index of the chosen phase.
	OnSelect func(i int)

	m      *engine.Map // names the seat whose turn a step is
	phases []store.Phase
	list   *widget.List
	quiet  bool
	log    *widget.Label     // abandoned branches and the audit log (game master)
	more   *widget.Accordion // holds log; hidden when there is nothing to show
	body   fyne.CanvasObject
}

// NewHistoryList returns an empty timeline of a game on map m.
func NewHistoryList(m *engine.Map) *HistoryList {
	h := &HistoryList{m: m}
	h.list = widget.NewList(
		func() int { return len(h.phases) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("S1901M  Spring 1901 Movement  adjudicated")
			l.Truncation = fyne.TextTruncateEllipsis // a turn's long key never widens the side
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(h.line(i)) })
	h.list.OnSelected = func(i widget.ListItemID) {
		if !h.quiet && h.OnSelect != nil {
			h.OnSelect(i)
		}
	}
	h.log = widget.NewLabel("")
	h.log.Wrapping = fyne.TextWrapWord
	// The log scrolls in a box of its own: opened, it never pushes the
	// window taller than the screen.
	logBox := container.NewVScroll(h.log)
	logBox.SetMinSize(fyne.NewSize(0, 160))
	h.more = widget.NewAccordion(widget.NewAccordionItem("Abandoned branches and audit log", logBox))
	h.more.Hide()
	h.body = container.NewBorder(nil, h.more, nil, nil, h.list)
	h.ExtendBaseWidget(h)
	return h
}

// CreateRenderer shows the list, and below it the log when there is one.
func (h *HistoryList) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(h.body) }

// SetLog shows the abandoned branches and the audit log ("" hides them).
func (h *HistoryList) SetLog(text string) {
	h.log.SetText(text)
	if text == "" {
		h.more.Hide()
	} else {
		h.more.Show()
	}
}

// Log returns the abandoned branches and audit log as shown.
func (h *HistoryList) Log() string { return h.log.Text }

// historyLog words what dipdesk history --all prints after the line of
// play: the phases of abandoned branches, and the audit log (rollbacks
// with their reasons, edits, corrections).
func historyLog(m *engine.Map, all []store.Phase, audit []store.AuditEntry) string {
	var b strings.Builder
	var gone []store.Phase
	for _, p := range all {
		if p.Abandoned {
			gone = append(gone, p)
		}
	}
	if len(gone) > 0 {
		b.WriteString("Abandoned by rollbacks:\n")
		for _, p := range gone {
			words := stepName(m, p.Name)
			state := "not adjudicated"
			if p.Adjudicated {
				state = "adjudicated"
			}
			fmt.Fprintf(&b, "• %s %s (%s)\n", p.Name, words, state)
		}
	}
	orders := 0
	for _, a := range audit {
		if a.Kind == store.KindOrders {
			orders++
		}
	}
	if len(audit) > orders {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString("Audit log")
		if orders > 0 {
			fmt.Fprintf(&b, " (%d order submissions left out: dipdesk history FILE --all lists them)", orders)
		}
		b.WriteString(":\n")
		for _, a := range audit {
			if a.Kind == store.KindOrders {
				continue
			}
			detail := session.AuditNote(a.Detail)
			fmt.Fprintf(&b, "• %s %s, %s: %s\n", a.At.UTC().Format("2006-01-02 15:04"), a.Kind, a.Phase, detail)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func (h *HistoryList) line(i int) string {
	p := h.phases[i]
	words := stepName(h.m, p.Name)
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
