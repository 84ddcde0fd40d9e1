package render

import (
	"image/color"
	"math"

	"github.com/fogleman/gg"

	"dipdesk/engine"
)

// item is one order to draw, with its result when the results are shown.
type item struct {
	o       engine.Order
	res     *engine.Result
	ordered bool // it came from the orders, not only from a result
	illegal bool // Options.Illegal names it
	mark    pt
	hasMark bool // where the cross of a failure goes, set while drawing the line
}

func (it *item) failed() bool { return it.illegal || it.res != nil && !it.res.OK }

// collect lists the orders to draw: the given orders if ShowOrders, the
// results' orders if ShowResults, an order and its result drawn once.
func (f *frame) collect(orders []engine.Order, results []engine.Result) []item {
	var items []item
	if f.o.ShowOrders {
		for _, o := range orders {
			it := item{o: o, ordered: true}
			for _, x := range f.o.Illegal {
				if sameOrder(x, o) && x.Unit == o.Unit {
					it.illegal = true
				}
			}
			items = append(items, it)
		}
	}
	if !f.o.ShowResults {
		return items
	}
	for i := range results {
		res := &results[i]
		if res.Order.Kind == engine.NoOrder {
			continue
		}
		j := 0
		for ; j < len(items); j++ {
			if items[j].res == nil && sameOrder(items[j].o, res.Order) {
				break
			}
		}
		if j < len(items) {
			items[j].res = res
		} else {
			items = append(items, item{o: res.Order, res: res})
		}
	}
	return items
}

func sameOrder(a, b engine.Order) bool {
	return a.Power == b.Power && a.Kind == b.Kind && a.At.P == b.At.P && a.To.P == b.To.P &&
		a.AuxAt.P == b.AuxAt.P && a.AuxTo.P == b.AuxTo.P
}

// drawOrders draws the orders that go under the pieces: supports,
// convoys and holds.
func (f *frame) drawOrders(items []item) {
	for i := range items {
		switch items[i].o.Kind {
		case engine.Support:
			f.support(&items[i])
		case engine.Convoy:
			f.convoy(&items[i])
		case engine.Hold:
			f.hold(&items[i])
		}
	}
}

// drawMoves draws moves and retreats over the pieces: a move between
// neighbours whose pieces almost touch would otherwise be hidden.
func (f *frame) drawMoves(items []item) {
	for i := range items {
		if items[i].o.Kind == engine.Move {
			f.move(&items[i])
		}
	}
}

// origin returns where the unit of order it is drawn, and whether the
// order is a retreat (from beside the province, in a retreat phase). A
// result shown over the next position may find another power's unit in
// the province: the order's own unit is looked for by its power.
func (f *frame) origin(it *item) (pl place, retreat bool) {
	at := it.o.At
	if !valid(at, len(f.beside)) {
		return place{}, false
	}
	mine := func(pl place) bool { return pl.ok && (it.o.Power == "" || pl.unit.Power == it.o.Power) }
	retreatPhase := f.st != nil && f.st.Phase.Type == engine.Retreat
	if it.ordered && retreatPhase && mine(f.beside[at.P]) {
		return f.beside[at.P], true
	}
	if pl, ok := f.unitFor(it.o); ok && mine(pl) {
		return pl, false
	}
	if mine(f.beside[at.P]) {
		return f.beside[at.P], false
	}
	p, ok := f.l.anchor(at)
	return place{unit: engine.Unit{Type: it.o.Unit, Kind: it.o.Piece, Power: it.o.Power, Loc: at}, p: p, ok: ok, idx: -1}, false
}

// power returns the style of the power that gave order it: grey for an
// impossible order.
func (f *frame) power(it *item) Style {
	if it.illegal {
		st := f.r.Style(it.o.Power)
		st.Colour = colIllegal
		return st
	}
	return f.r.Style(it.o.Power)
}

// move draws a move or a retreat as a gently bent arrow; a retreat's is
// dashed.
func (f *frame) move(it *item) {
	from, retreat := f.origin(it)
	b, ok := f.l.anchor(it.o.To)
	if !from.ok || !ok {
		return
	}
	a := from.p
	// The arrow starts on the piece's rim (moves are drawn over the
	// pieces): a move to a neighbour is short enough already.
	start, end := f.l.sz.piece*0.6, f.l.sz.piece*0.45
	if _, occupied := f.unitAt(it.o.To.P); occupied {
		end = f.l.sz.piece * 1.15
	}
	path := bent(a, b)
	// A short move keeps at least an arrowhead and a bit of shaft in
	// view, over its pieces if need be.
	if room, need := lengthOf(path)-start-end, f.headLength()*1.8; room < need {
		k := math.Max(0, lengthOf(path)-need) / (start + end)
		start, end = start*k, end*k
	}
	pts := trim(path, start, end)
	if len(pts) < 2 {
		return
	}
	var dash []float64
	if retreat || it.illegal {
		dash = []float64{f.l.sz.line * 3, f.l.sz.line * 1.6}
	}
	f.arrow(pts, f.power(it).Colour, dash)
	it.mark, it.hasMark = along(pts, lengthOf(pts)-f.headLength()*1.6), true
}

// support draws a dashed line from the supporting unit to the middle of
// the supported move, or to a ring around the unit supported to hold.
func (f *frame) support(it *item) {
	sup, _ := f.origin(it)
	if !sup.ok {
		return
	}
	a := sup.p
	st := f.power(it)
	dash := []float64{f.l.sz.line * 2.6, f.l.sz.line * 1.7}
	var target pt
	var end float64
	from, ok := f.unitAt(it.o.AuxAt.P)
	if !ok {
		from.p, ok = f.l.anchor(it.o.AuxAt)
	}
	if !ok {
		return
	}
	if it.o.AuxTo.Valid() {
		to, ok := f.l.anchor(it.o.AuxTo)
		if !ok {
			return
		}
		target, end = midpoint(from.p, to), f.l.sz.line*0.5
	} else {
		rad := f.ringRadius(from.unit) + f.l.sz.line
		target, end = from.p, rad
		f.ring(target, rad, st.Colour, f.l.sz.line*0.7)
	}
	pts := trim([]pt{a, target}, f.l.sz.piece*0.8, end)
	if len(pts) < 2 {
		return
	}
	f.line(pts, st.Colour, f.l.sz.line*0.85, dash, false)
	if it.o.AuxTo.Valid() {
		f.dot(pts[len(pts)-1], f.l.sz.line*1.3, st.Colour)
	}
	it.mark, it.hasMark = along(pts, lengthOf(pts)/2), true
}

// convoy draws a dotted route from the convoyed army through the fleet to
// where the army goes.
func (f *frame) convoy(it *item) {
	fl, _ := f.origin(it)
	fleet, ok := fl.p, fl.ok
	army, ok1 := f.unitAt(it.o.AuxAt.P)
	if !ok1 {
		army.p, ok1 = f.l.anchor(it.o.AuxAt)
	}
	to, ok2 := f.l.anchor(it.o.AuxTo)
	if !ok || !ok1 || !ok2 {
		return
	}
	st := f.power(it)
	first := trim([]pt{army.p, fleet}, f.l.sz.piece*0.9, 0)
	second := trim([]pt{fleet, to}, 0, f.l.sz.piece*0.6)
	pts := append(first, second...)
	f.line(pts, st.Colour, f.l.sz.line*1.1, []float64{f.l.sz.line * 0.25, f.l.sz.line * 2.2}, true)
	it.mark, it.hasMark = fleet.Add(pt{X: f.l.sz.piece * 1.3, Y: -f.l.sz.piece}), true
}

// hold draws a ring round the unit.
func (f *frame) hold(it *item) {
	pl, _ := f.origin(it)
	if !pl.ok {
		return
	}
	f.ring(pl.p, f.ringRadius(pl.unit), f.power(it).Colour, f.l.sz.line*0.8)
	if it.illegal {
		it.mark, it.hasMark = pl.p.Add(pt{X: f.l.sz.piece, Y: -f.l.sz.piece}), true
	}
}

// headLength is the length of an arrowhead.
func (f *frame) headLength() float64 { return f.l.sz.line*3.4 + f.l.sz.edge }

// arrow draws a line with an arrowhead at its last point, in col over a
// dark edge, itself inside a white rim: it reads on land, on the sea
// (England's dark blue on blue water) and on every tint.
func (f *frame) arrow(pts []pt, col color.RGBA, dash []float64) {
	dc, z := f.dc, f.l.sz
	hl, hw := f.headLength(), z.line*2.1+z.edge
	tip := pts[len(pts)-1]
	dir := unit(tip.Sub(along(pts, lengthOf(pts)-hl)))
	base := tip.Sub(dir.Mul(hl))
	n := pt{X: -dir.Y, Y: dir.X}
	head := []pt{tip, base.Add(n.Mul(hw)), base.Sub(n.Mul(hw))}
	body := trim(pts, 0, hl*0.6)
	for pass := 0; pass < 3; pass++ {
		w, c, rim := z.line, col, 0.0
		switch pass {
		case 0:
			w, c, rim = z.line+2*z.edge+2*z.halo, colWhite, 2*(z.edge+z.halo)
		case 1:
			w, c, rim = z.line+2*z.edge, colInk, 2*z.edge
		}
		dc.SetLineJoinRound()
		dc.SetLineCapRound()
		polyline(dc, body)
		dc.SetDash(dash...)
		dc.SetColor(c)
		dc.SetLineWidth(w)
		dc.Stroke()
		dc.SetDash()
		polyline(dc, head)
		dc.ClosePath()
		dc.SetColor(c)
		if rim > 0 {
			dc.SetLineWidth(rim)
			dc.StrokePreserve()
		}
		dc.Fill()
	}
}

// line draws a polyline in col over a dark edge inside a white rim;
// dotted lines get round caps so that each dash becomes a dot.
func (f *frame) line(pts []pt, col color.RGBA, w float64, dash []float64, dotted bool) {
	dc, z := f.dc, f.l.sz
	if dotted {
		dc.SetLineCapRound()
	} else {
		dc.SetLineCapButt()
	}
	dc.SetLineJoinRound()
	for pass := 0; pass < 3; pass++ {
		polyline(dc, pts)
		dc.SetDash(dash...)
		switch pass {
		case 0:
			dc.SetColor(colWhite)
			dc.SetLineWidth(w + 2*z.edge + 2*z.halo*0.7)
		case 1:
			dc.SetColor(colInk)
			dc.SetLineWidth(w + 2*z.edge)
		default:
			dc.SetColor(col)
			dc.SetLineWidth(w)
		}
		dc.Stroke()
	}
	dc.SetDash()
}

// dot draws a small disc in col with a dark edge.
func (f *frame) dot(p pt, r float64, col color.RGBA) {
	f.dc.DrawCircle(p.X, p.Y, r)
	f.dc.SetColor(col)
	f.dc.FillPreserve()
	f.dc.SetColor(colInk)
	f.dc.SetLineWidth(f.l.sz.edge)
	f.dc.Stroke()
}

func polyline(dc *gg.Context, pts []pt) {
	for i, p := range pts {
		if i == 0 {
			dc.MoveTo(p.X, p.Y)
		} else {
			dc.LineTo(p.X, p.Y)
		}
	}
}

// drawMarks draws what goes over the pieces: builds, disbands, and a
// cross on every failed order.
func (f *frame) drawMarks(items []item) {
	cross := f.l.sprite(spriteKey{kind: spriteCross, alpha: 0xff})
	for i := range items {
		it := &items[i]
		switch it.o.Kind {
		case engine.Build:
			f.build(it)
		case engine.Disband:
			f.disband(it)
		}
		if it.failed() && it.hasMark && !(it.o.Kind == engine.Hold && it.res != nil && it.res.Code == engine.Dislodged) {
			f.blit(cross, it.mark)
		}
	}
}

// build draws the unit to be built, faded, with a green plus.
func (f *frame) build(it *item) {
	p, ok := f.l.anchor(it.o.At)
	if !ok {
		return
	}
	t := it.o.Unit
	if t == engine.NoUnitType {
		t = engine.Army
	}
	f.piece(engine.Unit{Type: t, Kind: it.o.Piece, Power: it.o.Power}, p, 0xb0)
	dc := f.dc
	dc.DrawCircle(p.X, p.Y, f.l.sz.ringRadius(t))
	dc.SetDash(f.l.sz.line*2, f.l.sz.line*1.5)
	dc.SetColor(colWhite)
	dc.SetLineWidth(f.l.sz.line + 2*f.l.sz.edge)
	dc.StrokePreserve()
	dc.SetColor(colBuild)
	dc.SetLineWidth(f.l.sz.line)
	dc.Stroke()
	dc.SetDash()
	r := f.l.sz.piece
	f.blit(f.l.sprite(spriteKey{kind: spriteBuild, alpha: 0xff}), p.Add(pt{X: r * 1.05, Y: -r * 0.9}))
	it.mark, it.hasMark = p.Add(pt{X: -r, Y: -r}), true
}

// disband draws a large red cross over the unit that goes.
func (f *frame) disband(it *item) {
	pl, _ := f.origin(it)
	if !pl.ok {
		return
	}
	p, d := pl.p, f.l.sz.piece*0.95
	if it.illegal {
		it.mark, it.hasMark = p.Add(pt{X: d, Y: -d}), true
	}
	dc := f.dc
	dc.SetLineCapRound()
	for pass := 0; pass < 2; pass++ {
		dc.DrawLine(p.X-d, p.Y-d, p.X+d, p.Y+d)
		dc.DrawLine(p.X-d, p.Y+d, p.X+d, p.Y-d)
		if pass == 0 {
			dc.SetColor(colWhite)
			dc.SetLineWidth(f.l.sz.line*1.6 + 2*f.l.sz.edge)
		} else {
			dc.SetColor(colFail)
			dc.SetLineWidth(f.l.sz.line * 1.6)
		}
		dc.Stroke()
	}
}

// bent returns the points of a gently bent path from a to b: a quadratic
// curve whose control point lies off the middle, to the left of the
// direction of travel, so that two moves in opposite directions between
// the same provinces do not cover each other.
func bent(a, b pt) []pt {
	c := bendControl(a, b)
	const n = 16
	pts := make([]pt, n+1)
	for i := 0; i <= n; i++ {
		t := float64(i) / n
		pts[i] = a.Mul((1 - t) * (1 - t)).Add(c.Mul(2 * t * (1 - t))).Add(b.Mul(t * t))
	}
	return pts
}

func bendControl(a, b pt) pt {
	d := b.Sub(a)
	return a.Interpolate(b, 0.5).Add(pt{X: d.Y, Y: -d.X}.Mul(0.12))
}

// midpoint returns the middle of the bent path from a to b (where a
// support of that move points).
func midpoint(a, b pt) pt {
	c := bendControl(a, b)
	return a.Mul(0.25).Add(c.Mul(0.5)).Add(b.Mul(0.25))
}

// trim cuts start pixels off the beginning of a polyline and end pixels
// off its end; it returns nil when nothing is left.
func trim(pts []pt, start, end float64) []pt {
	total := lengthOf(pts)
	if total-start-end <= 0.5 {
		return nil
	}
	out := []pt{along(pts, start)}
	acc := 0.0
	for i := 1; i < len(pts); i++ {
		acc += pts[i-1].Distance(pts[i])
		if acc > start && acc < total-end {
			out = append(out, pts[i])
		}
	}
	return append(out, along(pts, total-end))
}

func lengthOf(pts []pt) float64 {
	s := 0.0
	for i := 1; i < len(pts); i++ {
		s += pts[i-1].Distance(pts[i])
	}
	return s
}

// along returns the point at distance d along a polyline.
func along(pts []pt, d float64) pt {
	for i := 1; i < len(pts); i++ {
		seg := pts[i-1].Distance(pts[i])
		if d <= seg && seg > 0 {
			return pts[i-1].Interpolate(pts[i], d/seg)
		}
		d -= seg
	}
	return pts[len(pts)-1]
}

func unit(p pt) pt {
	n := math.Hypot(p.X, p.Y)
	if n == 0 {
		return pt{X: 1}
	}
	return pt{X: p.X / n, Y: p.Y / n}
}
