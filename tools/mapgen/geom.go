package main

import (
	"math"
	"sort"
)

// LonLat is a geographic position in degrees.
type LonLat struct{ Lon, Lat float64 }

// Pt is a point of the plane mapgen works in: board units, x to the east
// and y to the NORTH (mathematical orientation, so counter-clockwise rings
// have positive area). The output flips y so that board y grows downward.
type Pt struct{ X, Y float64 }

func (p Pt) sub(q Pt) Pt         { return Pt{p.X - q.X, p.Y - q.Y} }
func (p Pt) add(q Pt) Pt         { return Pt{p.X + q.X, p.Y + q.Y} }
func (p Pt) dist(q Pt) float64   { return math.Hypot(p.X-q.X, p.Y-q.Y) }
func cross(a, b Pt) float64      { return a.X*b.Y - a.Y*b.X }
func dot(a, b Pt) float64        { return a.X*b.X + a.Y*b.Y }
func lerp(a, b Pt, t float64) Pt { return Pt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t} }

// ringArea returns the signed area of a ring (closed or not): positive
// when counter-clockwise.
func ringArea(r []Pt) float64 {
	n := len(r)
	if n < 3 {
		return 0
	}
	s := 0.0
	for i := 0; i < n; i++ {
		a, b := r[i], r[(i+1)%n]
		s += a.X*b.Y - b.X*a.Y
	}
	return s / 2
}

// bbox is an axis-aligned box.
type bbox struct{ MinX, MinY, MaxX, MaxY float64 }

func emptyBox() bbox { return bbox{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)} }

func (b *bbox) extend(p Pt) {
	b.MinX = math.Min(b.MinX, p.X)
	b.MinY = math.Min(b.MinY, p.Y)
	b.MaxX = math.Max(b.MaxX, p.X)
	b.MaxY = math.Max(b.MaxY, p.Y)
}

func (b bbox) contains(p Pt) bool {
	return p.X >= b.MinX && p.X <= b.MaxX && p.Y >= b.MinY && p.Y <= b.MaxY
}

func ringBox(r []Pt) bbox {
	b := emptyBox()
	for _, p := range r {
		b.extend(p)
	}
	return b
}

// inRing reports whether p is inside ring r (even-odd; r need not be
// closed).
func inRing(p Pt, r []Pt) bool {
	in := false
	n := len(r)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := r[i], r[j]
		if (a.Y > p.Y) != (b.Y > p.Y) {
			x := a.X + (p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y)
			if p.X < x {
				in = !in
			}
		}
	}
	return in
}

// boxedRing is a ring with its bounding box, for fast even-odd tests over
// many rings.
type boxedRing struct {
	pts []Pt
	box bbox
}

// insideAny applies the even-odd rule over all rings.
func insideAny(p Pt, rings []boxedRing) bool {
	in := false
	for _, r := range rings {
		if r.box.contains(p) && inRing(p, r.pts) {
			in = !in
		}
	}
	return in
}

// pointOnSurface returns a point well inside the polygon made of rings
// (even-odd), found on a horizontal scan line through the middle of the
// bounding box: the middle of the widest inside span. ok is false for a
// degenerate polygon.
func pointOnSurface(rings [][]Pt) (Pt, bool) {
	b := emptyBox()
	for _, r := range rings {
		for _, p := range r {
			b.extend(p)
		}
	}
	best, bestW := Pt{}, -1.0
	// Try a few scan lines so that one passing exactly through vertices or
	// along a thin neck does not spoil the answer.
	for _, f := range []float64{0.5, 0.3819660113, 0.6180339887, 0.2360679775, 0.7639320225, 0.1, 0.9} {
		y := b.MinY + (b.MaxY-b.MinY)*f
		var xs []float64
		for _, r := range rings {
			n := len(r)
			for i, j := 0, n-1; i < n; j, i = i, i+1 {
				p, q := r[i], r[j]
				if (p.Y > y) != (q.Y > y) {
					xs = append(xs, p.X+(y-p.Y)*(q.X-p.X)/(q.Y-p.Y))
				}
			}
		}
		sort.Float64s(xs)
		for i := 0; i+1 < len(xs); i += 2 {
			if w := xs[i+1] - xs[i]; w > bestW {
				bestW = w
				best = Pt{(xs[i] + xs[i+1]) / 2, y}
			}
		}
	}
	return best, bestW > 0
}

// distToSegment returns the distance from p to segment ab.
func distToSegment(p, a, b Pt) float64 {
	d := b.sub(a)
	l2 := dot(d, d)
	if l2 == 0 {
		return p.dist(a)
	}
	t := dot(p.sub(a), d) / l2
	t = math.Max(0, math.Min(1, t))
	return p.dist(lerp(a, b, t))
}

// distToRings returns the distance from p to the nearest edge of rings.
func distToRings(p Pt, rings [][]Pt) float64 {
	best := math.Inf(1)
	for _, r := range rings {
		n := len(r)
		for i, j := 0, n-1; i < n; j, i = i, i+1 {
			if d := distToSegment(p, r[j], r[i]); d < best {
				best = d
			}
		}
	}
	return best
}
