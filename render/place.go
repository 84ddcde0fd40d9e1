package render

import (
	"math"
	"strings"

	"dipdesk/render/geometry"
)

// The geometry puts labels and supply-centre markers about a dozen board
// units from the unit anchor, which is closer than a piece is wide at
// most sizes. placeMarks moves each one, as little as it can, to where it
// stays clear of every piece's footprint and of the marks already placed,
// and inside its own space: a name is never hidden under the unit
// standing in its province.

// box is a rectangle in pixels.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) overlaps(c box) bool { return b.x0 < c.x1 && c.x0 < b.x1 && b.y0 < c.y1 && c.y0 < b.y1 }

func (b box) at(p pt) box { return box{b.x0 + p.X, b.y0 + p.Y, b.x1 + p.X, b.y1 + p.Y} }

// footprint is the box a piece covers around its anchor (a fleet's hull
// is wider than an army, its sail taller), with a little air.
func (z sizes) footprint() box {
	R := z.piece
	return box{-1.75 * R, -1.6 * R, 1.75 * R, 1.15 * R}
}

// placeMarks sets l.labelAt and l.centreAt for every region in play.
func (l *layer) placeMarks() {
	n := len(l.board.Regions)
	l.labelAt, l.centreAt = make([]pt, n), make([]pt, n)
	var taken []box
	for i, reg := range l.board.Regions {
		if !l.inPlay(i) {
			continue
		}
		taken = append(taken, l.sz.footprint().at(l.tf.pt(reg.Unit)))
		for _, c := range reg.Coasts {
			if a, ok := l.board.CoastAnchor(reg.ID, c.Coast); ok {
				taken = append(taken, l.sz.footprint().at(l.tf.pt(a)))
			}
		}
	}
	for i, reg := range l.board.Regions {
		if reg.HasSC && l.inPlay(i) {
			d := l.sz.dot + 1.5
			l.centreAt[i] = l.spot(reg, reg.SC, box{-d, -d, d, d}, taken)
			taken = append(taken, box{-d, -d, d, d}.at(l.centreAt[i]))
		}
	}
	for i, reg := range l.board.Regions {
		if l.inPlay(i) {
			b := l.labelBox(i)
			l.labelAt[i] = l.spot(reg, reg.Label, b, taken)
			taken = append(taken, b.at(l.labelAt[i]))
		}
	}
}

// labelBox is the box of region i's name around its centre point.
func (l *layer) labelBox(i int) box {
	w := l.fc.land.width(l.labelText(i))/2 + 2
	h := l.fc.land.cap/2 + 2
	return box{-w, -h, w, h}
}

// labelText is the name written on region i.
func (l *layer) labelText(i int) string {
	if p := l.r.regionProv[i]; p >= 0 {
		return strings.ToUpper(l.r.m.Provinces[p].Abbr)
	}
	return strings.ToUpper(l.board.Regions[i].ID)
}

// spot returns the pixel position nearest to board point want where box b
// is free of taken and lies inside reg: rings of growing radius around
// want are tried until one position fits. want itself is returned when
// nothing fits within a few piece widths.
//
// In a province too small for that, a second search only wants the middle
// of the box inside: a name may then cross a border, but is not hidden.
func (l *layer) spot(reg *geometry.Region, want geometry.Point, b box, taken []box) pt {
	p0 := l.tf.pt(want)
	step := math.Max(1.5, l.sz.piece/6)
	reach := l.sz.piece*5 + math.Max(b.x1-b.x0, b.y1-b.y0)
	area := box{p0.X - reach, p0.Y - reach, p0.X + reach, p0.Y + reach}
	var near []box
	for _, t := range taken {
		if t.overlaps(area) {
			near = append(near, t)
		}
	}
	taken = near
	for _, strict := range []bool{true, false} {
		for rad := 0.0; rad <= l.sz.piece*5; rad += step {
			n := max(1, int(2*math.Pi*rad/step))
			for k := 0; k < n; k++ {
				// Start each ring straight down and alternate sides, so that
				// ties go to positions below the unit, where names usually sit.
				a := math.Pi/2 + float64((k+1)/2)*2*math.Pi/float64(n)*float64(1-2*(k%2))
				p := pt{p0.X + rad*math.Cos(a), p0.Y + rad*math.Sin(a)}
				if l.fits(reg, b.at(p), taken, strict) {
					return p
				}
			}
		}
	}
	return p0
}

// fits reports whether box b overlaps nothing taken and lies inside reg:
// its corners and the middles of its sides when strict, its middle
// otherwise.
func (l *layer) fits(reg *geometry.Region, b box, taken []box, strict bool) bool {
	for _, t := range taken {
		if b.overlaps(t) {
			return false
		}
	}
	mx, my := (b.x0+b.x1)/2, (b.y0+b.y1)/2
	if !strict {
		return reg.Contains(l.tf.board(mx, my))
	}
	for _, q := range [...]pt{{b.x0, b.y0}, {b.x1, b.y0}, {b.x0, b.y1}, {b.x1, b.y1}, {mx, b.y0}, {mx, b.y1}, {b.x0, my}, {b.x1, my}} {
		if !reg.Contains(l.tf.board(q.X, q.Y)) {
			return false
		}
	}
	return true
}
