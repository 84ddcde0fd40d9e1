package render

import (
	"math"

	"dipdesk/engine"
	"dipdesk/render/geometry"
)

// transform maps board units to image pixels: the board is scaled to fit
// the image and centred in it.
type transform struct {
	s, ox, oy float64
}

func newTransform(b *geometry.Board, w, h int) transform {
	s := math.Min(float64(w)/b.Width, float64(h)/b.Height)
	return transform{s: s, ox: (float64(w) - b.Width*s) / 2, oy: (float64(h) - b.Height*s) / 2}
}

// pt returns the pixel position of board point p.
func (t transform) pt(p geometry.Point) pt {
	return pt{X: t.ox + p.X*t.s, Y: t.oy + p.Y*t.s}
}

// board returns the board point under pixel position (x, y).
func (t transform) board(x, y float64) geometry.Point {
	return geometry.Point{X: (x - t.ox) / t.s, Y: (y - t.oy) / t.s}
}

// sizes are the measures of the drawing in pixels for one scale: pieces
// and writing grow with the board but never shrink below what stays
// legible.
type sizes struct {
	piece   float64 // radius of an army piece
	label   float64 // font size of province names
	initial float64 // font size of the initial on a piece
	small   float64 // font size of unit numbers and the legend
	line    float64 // width of an order line's colour
	edge    float64 // width of the dark edge on each side of an order line
	halo    float64 // width of the white rim outside the dark edge, so lines read on the sea
	border  float64 // width of land borders
	dot     float64 // radius of a supply-centre marker
}

func newSizes(s float64) sizes {
	clamp := func(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }
	z := sizes{
		piece:  clamp(8.4*s, 4, 28),
		label:  clamp(6.6*s, 7.5, 22),
		line:   clamp(2.2*s, 2.6, 7),
		border: clamp(0.8*s, 0.9, 2.5),
		dot:    clamp(2.6*s, 3, 9),
	}
	z.initial = z.piece * 1.15
	z.small = clamp(z.label*0.85, 8, 16)
	z.edge = clamp(0.5*z.line, 1.3, 2.5)
	z.halo = clamp(0.4*z.line, 1.2, 2.2)
	return z
}

// anchor returns the pixel position where a unit at l is drawn: the
// coast's anchor for a fleet on a named coast, the province's unit
// anchor otherwise, the middle of its box for an abstract space.
func (l *layer) anchor(loc engine.Loc) (pt, bool) {
	reg := l.r.region(loc.P)
	if reg == nil {
		return l.spaceCentre(loc.P)
	}
	if loc.C != engine.NoCoast {
		if p, ok := l.board.CoastAnchor(reg.ID, loc.C); ok {
			return l.tf.pt(p), true
		}
	}
	return l.tf.pt(reg.Unit), true
}

// spaceCentre returns the middle of the box of the abstract space that is
// province p (Hyperspace), if it is drawn.
func (l *layer) spaceCentre(p engine.ProvinceID) (pt, bool) {
	if p < 0 || int(p) >= len(l.r.m.Provinces) {
		return pt{}, false
	}
	abbr := l.r.m.Provinces[p].Abbr
	for _, s := range l.board.Spaces {
		if s.ID == abbr && l.board.Active(s.ID) {
			return l.tf.pt(geometry.Point{X: (s.Min.X + s.Max.X) / 2, Y: (s.Min.Y + s.Max.Y) / 2}), true
		}
	}
	return pt{}, false
}

// region returns the board region of province p, or nil.
func (r *Renderer) region(p engine.ProvinceID) *geometry.Region {
	if p < 0 || int(p) >= len(r.provRegion) {
		return nil
	}
	return r.provRegion[p]
}

// dislodgedOffset is where a dislodged unit is drawn, relative to its
// province's unit anchor: down and to the right, clear of the unit that
// took its place.
func (l *layer) dislodgedOffset() pt {
	d := l.sz.piece * 1.5
	return pt{X: d, Y: d * 0.85}
}

// pt is a point or a vector in image pixels.
type pt struct{ X, Y float64 }

func (a pt) Add(b pt) pt                    { return pt{a.X + b.X, a.Y + b.Y} }
func (a pt) Sub(b pt) pt                    { return pt{a.X - b.X, a.Y - b.Y} }
func (a pt) Mul(k float64) pt               { return pt{a.X * k, a.Y * k} }
func (a pt) Distance(b pt) float64          { return math.Hypot(a.X-b.X, a.Y-b.Y) }
func (a pt) Interpolate(b pt, t float64) pt { return pt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t} }

// ringRadius is the radius of a ring drawn round a piece of type t (a
// fleet is wider than an army).
func (z sizes) ringRadius(t engine.UnitType) float64 {
	if t == engine.Fleet {
		return z.piece * 1.8
	}
	return z.piece * 1.35
}
