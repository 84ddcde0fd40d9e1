package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"dipdesk/engine"
)

// ResultsList lists the results of an adjudicated phase with their
// reasons; selecting one points its order out on the board.
type ResultsList struct {
	widget.BaseWidget

	// OnSelect is called with the locations of the selected result's order.
	OnSelect func(locs []engine.Loc)

	title   *widget.Label
	list    *widget.List
	lines   []string
	results []engine.Result
	body    fyne.CanvasObject
}

// NewResultsList returns an empty list.
func NewResultsList() *ResultsList {
	r := &ResultsList{title: widget.NewLabel("No phase adjudicated yet")}
	r.title.Wrapping = fyne.TextWrapWord
	r.list = widget.NewList(
		func() int { return len(r.lines) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("A par - bur: bounced")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			l.SetText(r.lines[i])
			l.Importance = widget.MediumImportance
			if i < len(r.results) && !r.results[i].OK {
				l.Importance = widget.DangerImportance
			}
			l.Refresh()
		})
	r.list.OnSelected = func(i widget.ListItemID) { r.selected(i) }
	r.body = container.NewBorder(r.title, nil, nil, nil, r.list)
	r.ExtendBaseWidget(r)
	return r
}

// CreateRenderer lays the title above the list.
func (r *ResultsList) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(r.body) }

// Set shows the outcome of a phase (nil: none yet).
func (r *ResultsList) Set(title string, out *engine.Outcome, m *engine.Map) {
	r.title.SetText(title)
	r.lines, r.results = nil, nil
	if out != nil {
		for _, res := range out.Results {
			mark := "✓ "
			if !res.OK {
				mark = "✗ "
			}
			r.lines = append(r.lines, mark+m.PowerName(res.Order.Power)+": "+res.Order.Format(m)+": "+res.Reason)
			r.results = append(r.results, res)
		}
		for _, e := range out.Events {
			r.lines = append(r.lines, "• "+e)
		}
	}
	r.list.UnselectAll()
	r.list.Refresh()
}

// Lines returns the results as listed.
func (r *ResultsList) Lines() []string { return r.lines }

// Select selects result i, as a click does.
func (r *ResultsList) Select(i int) { r.list.Select(i) }

func (r *ResultsList) selected(i int) {
	if i >= len(r.results) || r.OnSelect == nil {
		return
	}
	r.OnSelect(orderLocs(r.results[i]))
}

// orderLocs returns the places a result's order names.
func orderLocs(res engine.Result) []engine.Loc {
	o := res.Order
	var locs []engine.Loc
	for _, l := range []engine.Loc{o.At, o.To, o.AuxAt, o.AuxTo} {
		if l.Valid() {
			locs = append(locs, l)
		}
	}
	if len(locs) == 0 && res.Unit.Loc.Valid() {
		locs = append(locs, res.Unit.Loc)
	}
	return locs
}
