package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
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
	results []*engine.Result // per line: its result, nil for an event or the game's end
	body    fyne.CanvasObject
}

// NewResultsList returns an empty list.
func NewResultsList() *ResultsList {
	r := &ResultsList{title: widget.NewLabel("No phase adjudicated yet")}
	r.title.Wrapping = fyne.TextWrapWord
	r.list = widget.NewList(
		func() int { return len(r.lines) },
		func() fyne.CanvasObject {
			// Long results (a character's roll and what it decided) wrap;
			// fitHeights gives each row the height its words need.
			l := widget.NewLabel("A par - bur: bounced")
			l.Wrapping = fyne.TextWrapWord
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			l.SetText(r.lines[i])
			l.Importance = widget.MediumImportance
			if i < len(r.results) && r.results[i] != nil && !r.results[i].OK {
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

// Set shows the outcome of a phase (nil: none yet): each result with
// its reason, what the rules did besides the orders, the draws the seat
// may read (dice rolled or entered), and the game's end when the phase
// ended it.
func (r *ResultsList) Set(title string, out *engine.Outcome, draws []engine.Draw, m *engine.Map) {
	r.title.SetText(title)
	r.lines, r.results = nil, nil
	if out != nil {
		if out.End != nil {
			r.lines = append(r.lines, "★ The game is over. "+gameEndText(m, out.End))
			r.results = append(r.results, nil)
		}
		for i := range out.Results {
			res := &out.Results[i]
			mark := "✓ "
			if !res.OK {
				mark = "✗ "
			}
			r.lines = append(r.lines, mark+resultWho(m, *res)+": "+resultOrder(m, *res)+": "+res.Reason)
			r.results = append(r.results, res)
		}
		for _, e := range out.Events {
			r.lines = append(r.lines, "• "+e)
			r.results = append(r.results, nil)
		}
		for _, l := range drawLines(draws) {
			r.lines = append(r.lines, l)
			r.results = append(r.results, nil)
		}
	}
	r.list.UnselectAll()
	r.fitHeights()
	r.list.Refresh()
}

// Resize gives each row the height its wrapped words need at the new
// width.
func (r *ResultsList) Resize(size fyne.Size) {
	r.BaseWidget.Resize(size)
	r.fitHeights()
}

// fitHeights sets each row's height to hold its line wrapped at the
// list's width: the rows a line needs are measured with the theme's text
// size, with room to spare for the words that wrap early.
func (r *ResultsList) fitHeights() {
	width := r.list.Size().Width - 2*theme.InnerPadding() - 2*theme.Padding() - theme.ScrollBarSize()
	if width < 50 {
		return
	}
	style := fyne.TextStyle{}
	size := theme.TextSize()
	one := widget.NewLabel("Ag").MinSize().Height
	lineH := fyne.MeasureText("Ag", size, style).Height + theme.LineSpacing()
	for i, l := range r.lines {
		rows := 0
		for _, part := range strings.Split(l, "\n") {
			w := fyne.MeasureText(part, size, style).Width
			rows += 1 + int(w/(width*0.85))
		}
		r.list.SetItemHeight(i, one+float32(rows-1)*lineH)
	}
}

// resultWho names who a result is about: the seat that gave the order,
// or for a piece of no seat its kind ("Borg").
func resultWho(m *engine.Map, res engine.Result) string {
	if p := res.Order.Power; p != "" {
		return m.PowerName(p)
	}
	if pi, ok := m.Piece(res.Unit.Kind); ok {
		return strings.ToUpper(pi.Name[:1]) + pi.Name[1:]
	}
	return "No seat"
}

// resultOrder writes a result's order with its unit's kind of piece where
// the order leaves it out (the hold the engine gives a piece with no
// order: "B lon H", not "A lon H").
func resultOrder(m *engine.Map, res engine.Result) string {
	o := res.Order
	if u := res.Unit; o.Piece == 0 && u.Kind != 0 && o.At.Valid() && o.At.P == u.Loc.P && o.Unit == u.Type {
		o.Piece = u.Kind
	}
	return o.Format(m)
}

// Lines returns the results as listed.
func (r *ResultsList) Lines() []string { return r.lines }

// Select selects result i, as a click does.
func (r *ResultsList) Select(i int) { r.list.Select(i) }

func (r *ResultsList) selected(i int) {
	if i >= len(r.results) || r.results[i] == nil || r.OnSelect == nil {
		return
	}
	r.OnSelect(orderLocs(*r.results[i]))
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
