package render

import (
	"image"
	"sort"

	"github.com/fogleman/gg"

	"dipdesk/engine"
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

	// Where pieces stand this frame: the units in place (at indexes them
	// by province, -1 for none), and per province the dislodged unit
	// drawn beside it.
	units  []place
	at     []int
	beside []place
}

// place is where a unit is drawn.
type place struct {
	unit engine.Unit
	p    pt
	ok   bool
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
		over(f.dst, lg.Rect.Add(f.l.legendAt()), lg)
	}
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
// anchors (spread out when a space holds several), and dislodged units
// (of the state, or marked dislodged by a result) beside their province.
func (f *frame) place(results []engine.Result) {
	n := len(f.r.m.Provinces)
	f.at, f.beside = make([]int, n), make([]place, n)
	for i := range f.at {
		f.at[i] = -1
	}
	if f.st == nil {
		return
	}
	out := map[engine.ProvinceID]engine.Unit{}
	if f.o.ShowResults {
		for _, res := range results {
			if res.Code == engine.Dislodged && res.Unit.Type != engine.NoUnitType && res.Unit.Loc.Valid() {
				out[res.Unit.Loc.P] = res.Unit
			}
		}
	}
	count := make([]int, n)
	for _, u := range f.st.Units {
		if valid(u.Loc, n) {
			count[u.Loc.P]++
		}
	}
	seen := make([]int, n)
	for _, u := range f.st.Units {
		if !valid(u.Loc, n) {
			continue
		}
		p, ok := f.l.anchor(u.Loc)
		if d, hit := out[u.Loc.P]; hit && d.Power == u.Power && d.Type == u.Type {
			f.beside[u.Loc.P] = place{u, p.Add(f.l.dislodgedOffset()), ok}
			continue
		}
		if c := count[u.Loc.P]; c > 1 {
			gap := 2.2
			if f.r.m.Provinces[u.Loc.P].Unlimited {
				gap = 3.6 // Hyperspace (Davis 6): fleets side by side, their number tags clear
			}
			p.X += (float64(seen[u.Loc.P]) - float64(c-1)/2) * f.l.sz.piece * gap
			seen[u.Loc.P]++
		}
		f.units = append(f.units, place{u, p, ok})
		f.at[u.Loc.P] = len(f.units) - 1
	}
	for _, d := range f.st.Dislodged {
		if valid(d.Unit.Loc, n) {
			p, ok := f.l.anchor(d.Unit.Loc)
			f.beside[d.Unit.Loc.P] = place{d.Unit, p.Add(f.l.dislodgedOffset()), ok}
		}
	}
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
		if f.o.Dragging != nil && f.o.Dragging.From.P == pl.unit.Loc.P {
			alpha = 0x60
		}
		f.piece(pl.unit, pl.p, alpha)
	}
	for _, pl := range f.beside {
		if !pl.ok {
			continue
		}
		f.ring(pl.p, f.l.sz.ringRadius(pl.unit.Type), colFail, f.l.sz.line)
		f.piece(pl.unit, pl.p, 0xff)
	}
}

// unitAt returns where the unit in province p is drawn.
func (f *frame) unitAt(p engine.ProvinceID) (place, bool) {
	if !valid(engine.Loc{P: p}, len(f.at)) || f.at[p] < 0 {
		return place{}, false
	}
	pl := f.units[f.at[p]]
	return pl, pl.ok
}
