package render

import (
	"image"
	"sort"

	"github.com/fogleman/gg"

	"dipdesk/engine"
	"dipdesk/render/geometry"
)

// frame is one call of RenderInto: the static board already copied into
// dst, and what is drawn over it.
type frame struct {
	r   *Renderer
	l   *layer
	dst *image.RGBA
	dc  *gg.Context
	st  *engine.State // nil draws the bare board
	o   Options

	// Where pieces stand this frame: the units in place, per province
	// the first of them in units and per unit the next in its province
	// (-1: none; several where pieces share a province), and per
	// province the dislodged unit drawn beside it.
	units  []place
	first  []int
	next   []int
	beside []place
}

// place is where a unit is drawn.
type place struct {
	unit engine.Unit
	p    pt
	ok   bool
	idx  int // its index in the state's units (-1 for a dislodged unit)
}

// draw draws, bottom to top: ownership tint, highlighted provinces,
// owned centres, supports, convoys and holds, pieces, moves, marks of
// results and adjustments, the selection, the dragged unit, the legend.
func (f *frame) draw(orders []engine.Order, results []engine.Result) {
	var ops []pixelOp
	if f.st != nil && len(f.st.Owners) > 0 {
		ops = f.tint(ops)
	}
	ops = f.lightenProvinces(ops)
	f.copyBoard(ops)
	f.outlineProvinces()
	if f.st != nil {
		f.ownedCentres()
	}
	f.drawAreaMarks()
	items := f.collect(orders, results)
	f.place(results)
	f.drawOrders(items)
	f.drawUnits()
	f.drawUnitMarks()
	f.drawMoves(items)
	f.drawSigns()
	f.drawMarks(items)
	f.highlightUnits()
	f.drawDrag()
	if f.o.Legend {
		lg := f.l.legendImage()
		over(f.dst, lg.Rect.Add(f.legendAt(lg.Rect.Size())), lg)
	}
}

// legendAt returns where the legend of size sz goes: the board's
// north-west corner (open ocean), unless a piece stands under it there
// (a fleet in the North Atlantic below Iceland, a Hyperspace unit): then
// the first of the south-west and north-east corners with no piece under
// it, else the corner with the fewest.
func (f *frame) legendAt(sz image.Point) image.Point {
	nw := f.l.legendAt()
	b := f.l.board
	sw := f.l.tf.pt(geometry.Point{X: 8, Y: b.Height - 8})
	ne := f.l.tf.pt(geometry.Point{X: b.Width - 8, Y: 0})
	best, fewest := nw, -1
	for _, at := range []image.Point{nw, image.Pt(nw.X, int(sw.Y)-sz.Y), image.Pt(int(ne.X)-sz.X, nw.Y)} {
		n := f.piecesIn(image.Rectangle{Min: at, Max: at.Add(sz)})
		if fewest < 0 || n < fewest {
			best, fewest = at, n
		}
		if n == 0 {
			break
		}
	}
	return best
}

// piecesIn counts the pieces drawn (in place or dislodged beside) whose
// piece would touch r.
func (f *frame) piecesIn(r image.Rectangle) int {
	pad := int(f.l.sz.piece) + 1
	r = r.Inset(-pad)
	n := 0
	for _, set := range [][]place{f.units, f.beside} {
		for _, pl := range set {
			if pl.ok && image.Pt(int(pl.p.X), int(pl.p.Y)).In(r) {
				n++
			}
		}
	}
	return n
}

// pixelOp changes the colour of some pixels of the static board, each
// channel through a table, as the board is copied into the frame.
type pixelOp struct {
	spans   []span
	r, g, b *channelTable
}

// copyBoard copies the static board into f.dst and applies ops to it, in
// their order, band by band: each band of rows is still in the cache when
// its pixels are tinted and lightened, instead of every tinted pixel
// being read back from memory after the whole copy. A large image is
// copied in two halves at once, the lower one on a second goroutine.
func (f *frame) copyBoard(ops []pixelOp) {
	h := f.o.Height
	if f.o.Width*h < 1<<18 {
		f.copyRows(ops, 0, h)
		return
	}
	done := make(chan any)
	go func() {
		defer func() { done <- recover() }()
		f.copyRows(ops, h/2, h)
	}()
	f.copyRows(ops, 0, h/2)
	if p := <-done; p != nil {
		panic(p)
	}
}

// copyRows is copyBoard for rows [from, to).
func (f *frame) copyRows(ops []pixelOp, from, to int) {
	const band = 32
	src, dst, w := f.l.img, f.dst, f.o.Width
	next := make([]int, len(ops)) // per op: its first span not applied yet
	for i, op := range ops {
		next[i] = sort.Search(len(op.spans), func(k int) bool { return int(op.spans[k].y) >= from })
	}
	for y0 := from; y0 < to; y0 += band {
		y1 := min(y0+band, to)
		for y := y0; y < y1; y++ {
			copy(dst.Pix[y*dst.Stride:y*dst.Stride+4*w], src.Pix[y*src.Stride:])
		}
		for i, op := range ops {
			k := next[i]
			for k < len(op.spans) && int(op.spans[k].y) < y1 {
				k++
			}
			applyTable(dst, op.spans[next[i]:k], op.r, op.g, op.b)
			next[i] = k
		}
	}
}

// tint adds to ops the tint of every owned supply centre's land in its
// owner's colour.
func (f *frame) tint(ops []pixelOp) []pixelOp {
	for i := range f.l.board.Regions {
		p := f.l.r.regionProv[i]
		if p < 0 || int(p) >= len(f.st.Owners) || f.l.class(i) != classLand {
			continue
		}
		if owner := f.st.Owners[p]; owner != "" && f.r.m.Provinces[p].SC {
			t := f.l.multiplier(owner).table()
			ops = append(ops, pixelOp{f.l.spans[i], &t[0], &t[1], &t[2]})
		}
	}
	return ops
}

func (l *layer) multiplier(p engine.Power) multiplier {
	return multiplierFor(l.r.Style(p).Tint)
}

// ownedCentres draws the markers of owned centres in their owners' colours.
func (f *frame) ownedCentres() {
	for i, reg := range f.l.board.Regions {
		p := f.l.r.regionProv[i]
		if !reg.HasSC || p < 0 || int(p) >= len(f.st.Owners) || !f.l.inPlay(i) {
			continue
		}
		if owner := f.st.Owners[p]; owner != "" {
			f.blit(f.l.sprite(spriteKey{kind: spriteCentre, power: owner, alpha: 0xff}), f.l.centreAt[i])
		}
	}
}

// place works out where every unit stands: units in place at their
// anchors (side by side when a space holds several, never one over
// another), and dislodged units (of the state, or marked dislodged by a
// result) beside their province.
func (f *frame) place(results []engine.Result) {
	n := len(f.r.m.Provinces)
	f.first, f.beside = make([]int, n), make([]place, n)
	for i := range f.first {
		f.first[i] = -1
	}
	if f.st == nil {
		return
	}
	var out map[engine.ProvinceID]engine.Unit
	if f.o.ShowResults {
		for _, res := range results {
			if res.Code == engine.Dislodged && res.Unit.Type != engine.NoUnitType && res.Unit.Loc.Valid() {
				if out == nil {
					out = map[engine.ProvinceID]engine.Unit{}
				}
				out[res.Unit.Loc.P] = res.Unit
			}
		}
	}
	// How many units stand in each province; a unit marked dislodged by
	// a result is drawn beside it instead.
	count := make([]int, n)
	away := make([]bool, len(f.st.Units))
	for i, u := range f.st.Units {
		if !valid(u.Loc, n) {
			continue
		}
		if d, hit := out[u.Loc.P]; hit && d.Power == u.Power && d.Type == u.Type && d.Kind == u.Kind {
			p, ok := f.l.anchor(u.Loc)
			f.beside[u.Loc.P] = place{u, p.Add(f.l.dislodgedOffset()), ok, i}
			away[i] = true
			continue
		}
		count[u.Loc.P]++
	}
	f.units = make([]place, 0, len(f.st.Units))
	f.next = make([]int, 0, len(f.st.Units))
	last := make([]int, n) // per province: the last unit placed there, -1 before
	for i := range last {
		last[i] = -1
	}
	var offset []float64 // per unit, only when a province holds several
	for i, u := range f.st.Units {
		if !valid(u.Loc, n) || away[i] {
			continue
		}
		p, ok := f.l.anchor(u.Loc)
		if c := count[u.Loc.P]; c > 1 {
			if offset == nil {
				offset = f.l.offsets(f.st.Units, away, count, f.r.m)
			}
			p.X += offset[i]
		}
		k := len(f.units)
		f.units = append(f.units, place{u, p, ok, i})
		f.next = append(f.next, -1)
		if j := last[u.Loc.P]; j >= 0 {
			f.next[j] = k
		} else {
			f.first[u.Loc.P] = k
		}
		last[u.Loc.P] = k
	}
	for _, d := range f.st.Dislodged {
		if valid(d.Unit.Loc, n) {
			p, ok := f.l.anchor(d.Unit.Loc)
			f.beside[d.Unit.Loc.P] = place{d.Unit, p.Add(f.l.dislodgedOffset()), ok, -1}
		}
	}
}

// offsets returns, per unit of units, how far from its anchor it is
// drawn along the row of its province's units (rowOffsets), for every
// province that holds several (count); units away are left out.
func (l *layer) offsets(units []engine.Unit, away []bool, count []int, m *engine.Map) []float64 {
	out := make([]float64, len(units))
	done := map[engine.ProvinceID]bool{}
	for i, u := range units {
		p := u.Loc.P
		if away[i] || !valid(u.Loc, len(count)) || count[p] < 2 || done[p] {
			continue
		}
		done[p] = true
		var is []int
		for j := i; j < len(units); j++ {
			if units[j].Loc.P == p && !away[j] {
				is = append(is, j)
			}
		}
		for k, dx := range l.rowOffsets(units, is, m.Provinces[p].Unlimited) {
			out[is[k]] = dx
		}
	}
	return out
}

// placesIn returns the indexes in f.units of the units placed in
// province p, in order.
func (f *frame) placesIn(p engine.ProvinceID) []int {
	var out []int
	if valid(engine.Loc{P: p}, len(f.first)) {
		for k := f.first[p]; k >= 0; k = f.next[k] {
			out = append(out, k)
		}
	}
	return out
}

// rowOffsets returns how far from the anchor each of the units is (indexes
// into units, all in one province) are drawn, left to right: plain armies
// and fleets a fixed step apart (wider in Hyperspace, where number tags
// sit beside them, Davis 6), and as soon as a variant's piece is among
// them each piece's own width apart with a gap, so that none covers
// another.
func (l *layer) rowOffsets(units []engine.Unit, is []int, unlimited bool) []float64 {
	out := make([]float64, len(is))
	plain := true
	for _, i := range is {
		plain = plain && units[i].Kind == 0
	}
	if plain {
		gap := 2.2
		if unlimited {
			gap = 3.6
		}
		for k := range is {
			out[k] = (float64(k) - float64(len(is)-1)/2) * l.sz.piece * gap
		}
		return out
	}
	gap := l.sz.piece * 0.35
	boxes := make([]box, len(is))
	total := gap * float64(len(is)-1)
	for k, i := range is {
		boxes[k] = l.pieceBox(units[i])
		total += boxes[k].x1 - boxes[k].x0
	}
	x := -total / 2
	for k, b := range boxes {
		out[k] = x - b.x0
		x += b.x1 - b.x0 + gap
	}
	return out
}

func valid(l engine.Loc, n int) bool { return l.P >= 0 && int(l.P) < n }

// drawUnits draws the units in place, then the dislodged ones with a red
// ring. The unit being dragged stays behind, faded.
func (f *frame) drawUnits() {
	for _, pl := range f.units {
		if !pl.ok {
			continue
		}
		alpha := uint8(0xff)
		if f.hidden(pl.unit) {
			alpha = hiddenAlpha
		}
		if d := f.o.Dragging; d != nil && d.From.P == pl.unit.Loc.P && (d.ID == 0 || d.ID == pl.unit.ID) {
			alpha = 0x60
		}
		f.piece(pl.unit, pl.p, alpha)
	}
	for _, pl := range f.beside {
		if !pl.ok {
			continue
		}
		f.ring(pl.p, f.ringRadius(pl.unit), colFail, f.l.sz.line)
		f.piece(pl.unit, pl.p, 0xff)
	}
}

// unitAt returns where the unit holding province p is drawn: the first
// there that does not share its province (birds stand beside the army
// that holds it), else the first.
func (f *frame) unitAt(p engine.ProvinceID) (place, bool) {
	if !valid(engine.Loc{P: p}, len(f.first)) || f.first[p] < 0 {
		return place{}, false
	}
	for k := f.first[p]; k >= 0; k = f.next[k] {
		if pi, ok := f.r.m.Piece(f.units[k].unit.Kind); !ok || !pi.Shares {
			return f.units[k], f.units[k].ok
		}
	}
	pl := f.units[f.first[p]]
	return pl, pl.ok
}

// unitFor returns where the unit order o names is drawn, among the units
// in its province: of o's power, and of its type and kind of piece where
// o writes them ("B lon - wal" starts at the birds, not at the fleet
// beside them); else the unit holding the province when it is o's
// power's.
func (f *frame) unitFor(o engine.Order) (place, bool) {
	at := o.At
	if !valid(at, len(f.first)) {
		return place{}, false
	}
	mine := func(u engine.Unit) bool { return o.Power == "" || u.Power == o.Power }
	for k := f.first[at.P]; k >= 0; k = f.next[k] {
		u := f.units[k].unit
		if mine(u) && o.Unit != engine.NoUnitType && u.Type == o.Unit && u.Kind == o.Piece {
			return f.units[k], f.units[k].ok
		}
	}
	if pl, ok := f.unitAt(at.P); ok && mine(pl.unit) {
		return pl, true
	}
	for k := f.first[at.P]; k >= 0; k = f.next[k] {
		if mine(f.units[k].unit) {
			return f.units[k], f.units[k].ok
		}
	}
	return place{}, false
}

// unitByID returns where the unit with id is drawn (0: none).
func (f *frame) unitByID(id int32) (place, bool) {
	if id == 0 {
		return place{}, false
	}
	for _, pl := range f.units {
		if pl.unit.ID == id {
			return pl, pl.ok
		}
	}
	return place{}, false
}
