package geometry

import (
	"math"
	"sort"

	"dipdesk/engine"
)

// CoastPick is how near (board units) a point in a split-coast province
// must be to one of its named coasts for ProvinceAt to name that coast.
const CoastPick = 12.0

// ProvinceAt returns the space under board point (x, y): a province of the
// standard board, or an optional space that is switched on (see With).
// In a split-coast province, near one of its named coasts, coast names
// that coast; elsewhere it is engine.NoCoast. ok is false outside the
// frame, and on the Caspian while it is switched off (it is no space).
func (b *Board) ProvinceAt(x, y float64) (id string, coast engine.Coast, ok bool) {
	p := Point{x, y}
	for _, s := range b.Spaces {
		if b.active[s.ID] && p.X >= s.Min.X && p.X <= s.Max.X && p.Y >= s.Min.Y && p.Y <= s.Max.Y {
			return s.ID, engine.NoCoast, true
		}
	}
	for _, r := range b.Regions {
		if !r.Contains(p) {
			continue
		}
		o := b.owner(r)
		if !b.inPlay(o) {
			continue
		}
		return o.ID, b.nearCoast(o, p), true
	}
	return "", engine.NoCoast, false
}

// nearCoast returns the named coast of r nearest to p, if within
// CoastPick.
func (b *Board) nearCoast(r *Region, p Point) engine.Coast {
	best, bd := engine.NoCoast, CoastPick
	for _, c := range b.coasts(r) {
		for _, i := range c.Arcs {
			a := b.Arcs[i]
			for k := 1; k < len(a); k++ {
				if d := distToSegment(p, a[k-1], a[k]); d < bd {
					best, bd = c.Coast, d
				}
			}
		}
	}
	return best
}

func distToSegment(p, a, c Point) float64 {
	dx, dy := c.X-a.X, c.Y-a.Y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
	}
	return math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy)
}

// Neighbours returns the spaces that share a border of at least MinBorder
// with space id (any kind of border: land, shore or sea), plus declared
// links, in clockwise order of bearing from id's unit anchor, starting
// from north. The bearing of a neighbour is taken to the middle of the
// longest border the two share (to its unit anchor for a declared link).
// Character Diplomacy rule 14.a (the right-hand rule for retreats) walks
// this order. Impassable Switzerland is included; callers filter by the
// engine's adjacency for the unit at hand.
func (b *Board) Neighbours(id string) []string {
	bs := b.borders(id)
	out := make([]string, 0, len(bs))
	for k := range bs {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		bi, bj := bs[out[i]].bearing, bs[out[j]].bearing
		if bi != bj {
			return bi < bj
		}
		return out[i] < out[j]
	})
	return out
}

// Bearing returns the compass bearing in degrees (0 = north, clockwise)
// from space a's unit anchor to its border with c, as Neighbours orders
// them; ok is false when they are not neighbours.
func (b *Board) Bearing(a, c string) (deg float64, ok bool) {
	n, ok := b.borders(a)[c]
	return n.bearing * 180 / math.Pi, ok
}

type border struct {
	length  float64 // total shared length
	longest float64 // the longest single arc
	mid     Point   // the middle of the longest arc
	bearing float64 // radians from north, clockwise, from the unit anchor to mid
}

// borders returns the neighbours of space id with what they share.
func (b *Board) borders(id string) map[string]border {
	me := b.byID[id]
	if me == nil {
		return nil
	}
	all := map[string]border{}
	for i := range b.Arcs {
		l, r := b.side(i)
		if l == nil || r == nil || l == r {
			continue
		}
		o := l
		switch {
		case l == me:
			o = r
		case r == me:
		default:
			continue
		}
		if !b.inPlay(o) {
			continue
		}
		n := b.arcLength(i)
		x := all[o.ID]
		x.length += n
		if n > x.longest {
			x.longest, x.mid = n, b.arcMiddle(i)
		}
		all[o.ID] = x
	}
	for _, lk := range b.declared() {
		for _, ab := range [][2]string{{lk.A, lk.B}, {lk.B, lk.A}} {
			if o := b.byID[ab[1]]; ab[0] == id && o != nil && all[o.ID].length < MinBorder {
				all[o.ID] = border{length: MinBorder, mid: o.Unit}
			}
		}
	}
	for k, x := range all {
		if x.length < MinBorder {
			delete(all, k)
			continue
		}
		x.bearing = math.Atan2(x.mid.X-me.Unit.X, me.Unit.Y-x.mid.Y)
		if x.bearing < 0 {
			x.bearing += 2 * math.Pi
		}
		all[k] = x
	}
	return all
}

// arcMiddle returns the point halfway along arc i.
func (b *Board) arcMiddle(i int) Point {
	half := b.arcLength(i) / 2
	a := b.Arcs[i]
	for k := 1; k < len(a); k++ {
		d := math.Hypot(a[k].X-a[k-1].X, a[k].Y-a[k-1].Y)
		if d >= half && d > 0 {
			t := half / d
			return Point{a[k-1].X + (a[k].X-a[k-1].X)*t, a[k-1].Y + (a[k].Y-a[k-1].Y)*t}
		}
		half -= d
	}
	return a[len(a)-1]
}
