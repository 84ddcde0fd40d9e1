package render

import (
	"image/color"
	"math"

	"dipdesk/engine"
)

// MarkKind is the kind of a sign a variant leaves on a province.
type MarkKind uint8

// The kinds of marks (Character Diplomacy's cards; other variants may use
// them for the same things).
const (
	// MarkMine is a mine laid in the province (Davis #12): a spiked black
	// ball ringed in the layer's colour. Only the layer's seat and the
	// game master are given it (the caller passes the seat's view).
	MarkMine MarkKind = iota + 1
	// MarkClosed is a province no unit may enter (Davis #9 annihilated,
	// #10 gassed): hatched in red.
	MarkClosed
	// MarkSuspended is a supply centre that counts for no one (Davis #9,
	// #10): its centre marker struck through.
	MarkSuspended
	// MarkDisorder is a unit in civil disorder (Davis #10 gassed): a
	// yellow "CD" tag on the unit in the province.
	MarkDisorder
	// MarkHidden is a unit the other powers cannot see (Galt's invisible
	// units and ghosts): only its owner and the game master are given the
	// mark, and the unit itself is in their views only. The piece is drawn
	// translucent inside a dashed ring in its power's colour, so its owner
	// can tell at a glance which of its units the others do not see.
	MarkHidden
	// MarkActedOn is a unit a character acted on for this turn's moves
	// (Questionable: bribed, handed a free sample, seduced, its leader
	// killed): an orange ring and the mark's Tag on the unit.
	MarkActedOn
)

// String names the kind: "mine", "closed", "suspended", "disorder".
func (k MarkKind) String() string {
	switch k {
	case MarkMine:
		return "mine"
	case MarkClosed:
		return "closed"
	case MarkSuspended:
		return "suspended"
	case MarkDisorder:
		return "disorder"
	case MarkHidden:
		return "hidden"
	case MarkActedOn:
		return "acted on"
	}
	return "mark"
}

// Legend is a sentence for a legend or a tooltip saying how the kind is
// drawn and what it means.
func (k MarkKind) Legend() string {
	switch k {
	case MarkMine:
		return "spiked black ball: a mine, seen by its layer and the game master only"
	case MarkClosed:
		return "red hatching: a province no unit may enter this turn"
	case MarkSuspended:
		return "centre struck through in red: a supply centre that counts for no one"
	case MarkDisorder:
		return "yellow ring and CD: a unit in civil disorder"
	case MarkHidden:
		return "translucent piece in a dashed ring: a unit the other powers cannot see"
	case MarkActedOn:
		return "orange ring and a tag: a unit a character acted on for this turn (BR bribed, FS a free sample, S seduced, NMR its leader killed)"
	}
	return ""
}

// Mark is one sign on a province. Why is for tooltips and lists; it is
// not drawn.
type Mark struct {
	Kind  MarkKind
	Prov  engine.ProvinceID
	Power engine.Power // whose mine
	Why   string
	Tag   string // MarkActedOn: the few letters drawn on the unit
}

var (
	colClosed   = color.RGBA{0x8a, 0x10, 0x10, 0xff}
	colMine     = rgb(0x10, 0x10, 0x10)
	colDisorder = rgb(0xff, 0xd0, 0x30)
	colActedOn  = rgb(0xff, 0x8c, 0x1a)
)

// drawAreaMarks hatches the closed provinces and strikes out suspended
// centres; they go under the pieces.
func (f *frame) drawAreaMarks() {
	for _, mk := range f.o.Marks {
		switch mk.Kind {
		case MarkClosed:
			f.hatch(mk.Prov, colClosed)
		case MarkSuspended:
			f.strikeCentre(mk.Prov)
		}
	}
}

// hiddenAlpha is the opacity of a hidden unit's piece: seen, but plainly
// not like the others.
const hiddenAlpha = 0x78

// hidden reports whether the unit drawn in province p carries a
// MarkHidden (for its power, or for any power when the mark names none).
func (f *frame) hidden(u engine.Unit) bool {
	for _, mk := range f.o.Marks {
		if mk.Kind == MarkHidden && mk.Prov == u.Loc.P && (mk.Power == "" || mk.Power == u.Power) {
			return true
		}
	}
	return false
}

// dashedRing strokes a ring of dashes of radius rad around p in col over
// a dark edge (a hidden unit). The dashes are arcs of their own, a whole
// number of them, so the ring has no stub where a dash pattern would wrap.
func (f *frame) dashedRing(p pt, rad float64, col color.Color, width float64) {
	dc := f.dc
	n := math.Max(6, math.Round(2*math.Pi*rad/math.Max(5, rad*0.75)))
	step := 2 * math.Pi / n
	for k := 0.0; k < n; k++ {
		a := k*step - math.Pi/2
		dc.NewSubPath()
		dc.DrawArc(p.X, p.Y, rad, a, a+step*0.6)
	}
	dc.SetColor(colInk)
	dc.SetLineWidth(width + 2*f.l.sz.edge)
	dc.StrokePreserve()
	dc.SetColor(col)
	dc.SetLineWidth(width)
	dc.Stroke()
}

// drawUnitMarks draws mines, civil-disorder tags and the rings of hidden
// units over the pieces.
func (f *frame) drawUnitMarks() {
	mines := map[engine.ProvinceID]int{}
	for _, mk := range f.o.Marks {
		switch mk.Kind {
		case MarkMine:
			p, ok := f.l.anchor(engine.Loc{P: mk.Prov})
			if !ok {
				continue
			}
			z := f.l.sz.piece
			// Several powers may mine one space (Davis 16.e): side by side.
			p = p.Add(pt{X: -z*1.6 - float64(mines[mk.Prov])*z*1.5, Y: -z * 1.3}) // up and left: names sit below pieces
			mines[mk.Prov]++
			f.mine(p, f.r.Style(mk.Power).Colour)
		case MarkDisorder:
			if pl, ok := f.unitAt(mk.Prov); ok {
				f.blit(f.l.sprite(spriteKey{kind: spriteTag, text: "CD", alpha: 0xff}), pl.p.Add(pt{X: -f.l.sz.piece * 2.2, Y: -f.l.sz.piece * 0.55}))
				f.ring(pl.p, f.ringRadius(pl.unit), colDisorder, f.l.sz.line*0.8)
			}
		case MarkHidden:
			if pl, ok := f.unitAt(mk.Prov); ok && (mk.Power == "" || mk.Power == pl.unit.Power) {
				f.dashedRing(pl.p, f.ringRadius(pl.unit)*1.1, f.r.Style(pl.unit.Power).Colour, f.l.sz.line)
			}
		case MarkActedOn:
			if pl, ok := f.unitAt(mk.Prov); ok && mk.Tag != "" {
				// The ring, then the tag up and to the right of it (the
				// province's name sits below the piece).
				r := f.ringRadius(pl.unit) * 1.05
				f.ring(pl.p, r, colActedOn, f.l.sz.line*0.8)
				f.blit(f.l.sprite(spriteKey{kind: spriteTag, text: mk.Tag, alpha: 0xff}), pl.p.Add(pt{X: r * 0.8, Y: -r * 0.5}))
			}
		}
	}
}

// hatch draws diagonal stripes over every pixel of province p's regions,
// half opaque, so the land's colour and name still show through.
func (f *frame) hatch(p engine.ProvinceID, c color.RGBA) {
	step := int32(max(6, int(f.l.sz.piece*0.8)))
	width := max(2, step/3)
	for _, i := range f.l.regionsOf(p) {
		for _, s := range f.l.spans[i] {
			// The stripes are the pixels with (x+y) mod step < width: jump
			// from stripe to stripe instead of testing every pixel.
			x := s.x0 - (s.x0+s.y)%step
			for ; x < s.x1; x += step {
				for k := max(x, s.x0); k < min(x+width, s.x1); k++ {
					o := f.dst.PixOffset(int(k), int(s.y))
					d := f.dst.Pix[o : o+4 : o+4]
					d[0] = uint8((uint16(d[0]) + uint16(c.R)) / 2)
					d[1] = uint8((uint16(d[1]) + uint16(c.G)) / 2)
					d[2] = uint8((uint16(d[2]) + uint16(c.B)) / 2)
				}
			}
		}
	}
	if reg := f.r.region(p); reg != nil {
		dc := f.dc
		f.l.path(dc, reg)
		dc.SetColor(c)
		dc.SetLineWidth(f.l.sz.border * 2)
		dc.Stroke()
	} else if q, ok := f.l.spaceCentre(p); ok {
		f.ring(q, f.l.sz.piece*1.6, c, f.l.sz.line)
	}
}

// strikeCentre draws a red bar across province p's centre marker.
func (f *frame) strikeCentre(p engine.ProvinceID) {
	for _, i := range f.l.regionsOf(p) {
		if !f.l.board.Regions[i].HasSC {
			continue
		}
		c, d := f.l.centreAt[i], f.l.sz.dot*1.5
		dc := f.dc
		dc.SetLineCapRound()
		dc.DrawLine(c.X-d, c.Y+d, c.X+d, c.Y-d)
		dc.SetColor(colWhite)
		dc.SetLineWidth(f.l.sz.line*1.2 + 2)
		dc.StrokePreserve()
		dc.SetColor(colFail)
		dc.SetLineWidth(f.l.sz.line * 1.2)
		dc.Stroke()
	}
}

// mine draws a mine at p: a black ball with spikes, ringed in col.
func (f *frame) mine(p pt, col color.Color) {
	dc := f.dc
	r := f.l.sz.piece * 0.45
	for k := range 8 {
		a := float64(k) * math.Pi / 4
		dc.DrawLine(p.X+math.Cos(a)*r*0.6, p.Y+math.Sin(a)*r*0.6, p.X+math.Cos(a)*r*1.5, p.Y+math.Sin(a)*r*1.5)
	}
	dc.SetColor(colMine)
	dc.SetLineWidth(math.Max(1.2, r*0.3))
	dc.Stroke()
	dc.DrawCircle(p.X, p.Y, r)
	dc.SetColor(colMine)
	dc.FillPreserve()
	dc.SetColor(col)
	dc.SetLineWidth(math.Max(1.5, r*0.45))
	dc.Stroke()
}
