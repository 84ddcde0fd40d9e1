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

// labelFit is how a region's name is drawn: in the board's face, in the
// small face where the board's does not fit, or not at all where neither
// fits clear of every piece and name (a board drawn very small: the
// pointer's tooltip still names the province).
type labelFit uint8

const (
	labelHidden labelFit = iota
	labelNormal
	labelSmall
)

// placeMarks sets l.labelAt, l.labelFit and l.centreAt for every region
// in play.
func (l *layer) placeMarks() {
	n := len(l.board.Regions)
	l.labelAt, l.centreAt, l.labelFit = make([]pt, n), make([]pt, n), make([]labelFit, n)
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
			p, ok := l.spot(reg, reg.SC, box{-d, -d, d, d}, taken)
			if !ok {
				p = l.tf.pt(reg.SC)
			}
			l.centreAt[i] = p
			taken = append(taken, box{-d, -d, d, d}.at(p))
		}
	}
	// Coast names ("NC", "SC") go beside their anchors first: they are
	// small, and belong next to the fleet's place.
	for i, reg := range l.board.Regions {
		if !l.inPlay(i) {
			continue
		}
		for _, c := range reg.Coasts {
			a, ok := l.board.CoastAnchor(reg.ID, c.Coast)
			if !ok {
				continue
			}
			b := l.coastBox(c.Coast.String())
			if p, ok := l.spotNear(l.tf.pt(a), b, taken); ok {
				l.coastTags = append(l.coastTags, coastTag{text: strings.ToUpper(c.Coast.String()), at: p})
				taken = append(taken, b.at(p))
			}
		}
	}
	for i, reg := range l.board.Regions {
		if !l.inPlay(i) {
			continue
		}
		for _, fit := range []labelFit{labelNormal, labelSmall} {
			b := l.labelBox(i, fit)
			if p, ok := l.spot(reg, reg.Label, b, taken); ok {
				l.labelAt[i], l.labelFit[i] = p, fit
				taken = append(taken, b.at(p))
				break
			}
		}
	}
}

// coastTag is the name of a split province's coast beside its anchor.
type coastTag struct {
	text string
	at   pt
}

// coastBox is the box of a coast's name around its centre point.
func (l *layer) coastBox(text string) box {
	w := l.fc.small.width(strings.ToUpper(text))/2 + 1.5
	h := l.fc.small.cap/2 + 1.5
	return box{-w, -h, w, h}
}

// labelFace is the face region i's name is written in.
func (l *layer) labelFace(i int, fit labelFit) face {
	sea := l.class(i) == classWater
	switch {
	case fit == labelSmall && sea:
		return l.fc.seaSmall
	case fit == labelSmall:
		return l.fc.landSmall
	case sea:
		return l.fc.sea
	}
	return l.fc.land
}

// labelBox is the box of region i's name around its centre point.
func (l *layer) labelBox(i int, fit labelFit) box {
	f := l.labelFace(i, fit)
	w := f.width(l.labelText(i))/2 + 2
	h := f.cap/2 + 2
	return box{-w, -h, w, h}
}

// labelText is the name written on region i.
func (l *layer) labelText(i int) string {
	if p := l.r.regionProv[i]; p >= 0 {
		return strings.ToUpper(l.r.m.Provinces[p].Abbr)
	}
	return strings.ToUpper(l.board.Regions[i].ID)
}

// fitMode is how much of a box must lie inside its region.
type fitMode uint8

const (
	fitInside fitMode = iota // its corners and the middles of its sides
	fitMiddle                // its middle
	fitTouch                 // any of those nine points
	fitNear                  // none: beside a space too small for its name (a small island)
)

// spot returns the pixel position nearest to board point want where box b
// is free of taken and lies inside reg: rings of growing radius around
// want are tried until one position fits, first with the whole box
// inside, then with its middle inside (a name may cross a border), then
// with some of it inside, then beside the space. ok is false when nothing fits within a few
// piece widths: the caller then draws smaller, or not at all.
func (l *layer) spot(reg *geometry.Region, want geometry.Point, b box, taken []box) (pt, bool) {
	p0 := l.tf.pt(want)
	reach := math.Max(l.sz.piece*5, 36)
	taken = nearBoxes(taken, p0, reach+math.Max(b.x1-b.x0, b.y1-b.y0))
	for _, mode := range []fitMode{fitInside, fitMiddle, fitTouch, fitNear} {
		if p, ok := l.ring(p0, reach, func(p pt) bool { return l.fits(reg, b.at(p), taken, mode) }); ok {
			return p, true
		}
	}
	return p0, false
}

// spotNear returns the position nearest to p0 where box b is free of
// taken (a coast's name: it may lie on land or sea).
func (l *layer) spotNear(p0 pt, b box, taken []box) (pt, bool) {
	reach := math.Max(l.sz.piece*3, 20)
	taken = nearBoxes(taken, p0, reach+math.Max(b.x1-b.x0, b.y1-b.y0))
	return l.ring(p0, reach, func(p pt) bool { return !overlapsAny(b.at(p), taken) })
}

// ring tries positions on rings of growing radius around p0, up to
// reach, and returns the first that ok accepts. Each ring starts
// straight down and alternates sides, so that ties go to positions below
// the unit, where names usually sit.
func (l *layer) ring(p0 pt, reach float64, ok func(pt) bool) (pt, bool) {
	step := math.Max(1.5, l.sz.piece/6)
	for rad := 0.0; rad <= reach; rad += step {
		n := max(1, int(2*math.Pi*rad/step))
		for k := 0; k < n; k++ {
			a := math.Pi/2 + float64((k+1)/2)*2*math.Pi/float64(n)*float64(1-2*(k%2))
			p := pt{p0.X + rad*math.Cos(a), p0.Y + rad*math.Sin(a)}
			if ok(p) {
				return p, true
			}
		}
	}
	return p0, false
}

// nearBoxes keeps the boxes of taken within reach of p.
func nearBoxes(taken []box, p pt, reach float64) []box {
	area := box{p.X - reach, p.Y - reach, p.X + reach, p.Y + reach}
	var near []box
	for _, t := range taken {
		if t.overlaps(area) {
			near = append(near, t)
		}
	}
	return near
}

func overlapsAny(b box, taken []box) bool {
	for _, t := range taken {
		if b.overlaps(t) {
			return true
		}
	}
	return false
}

// fits reports whether box b overlaps nothing taken and lies inside reg
// as mode asks.
func (l *layer) fits(reg *geometry.Region, b box, taken []box, mode fitMode) bool {
	if overlapsAny(b, taken) {
		return false
	}
	mx, my := (b.x0+b.x1)/2, (b.y0+b.y1)/2
	switch mode {
	case fitMiddle:
		return reg.Contains(l.tf.board(mx, my))
	case fitNear:
		return true
	case fitTouch:
		for _, q := range [...]pt{{mx, my}, {b.x0, b.y0}, {b.x1, b.y0}, {b.x0, b.y1}, {b.x1, b.y1}, {mx, b.y0}, {mx, b.y1}, {b.x0, my}, {b.x1, my}} {
			if reg.Contains(l.tf.board(q.X, q.Y)) {
				return true
			}
		}
		return false
	}
	for _, q := range [...]pt{{b.x0, b.y0}, {b.x1, b.y0}, {b.x0, b.y1}, {b.x1, b.y1}, {mx, b.y0}, {mx, b.y1}, {b.x0, my}, {b.x1, my}} {
		if !reg.Contains(l.tf.board(q.X, q.Y)) {
			return false
		}
	}
	return true
}
