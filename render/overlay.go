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
	}
	return "mark"
}

// Mark is one sign on a province. Why is for tooltips and lists; it is
// not drawn.
type Mark struct {
	Kind  MarkKind
	Prov  engine.ProvinceID
	Power engine.Power // whose mine
	Why   string
}

var (
	colClosed   = color.RGBA{0x8a, 0x10, 0x10, 0xff}
	colMine     = rgb(0x10, 0x10, 0x10)
	colDisorder = rgb(0xff, 0xd0, 0x30)
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

// drawUnitMarks draws mines and civil-disorder tags over the pieces.
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
			p = p.Add(pt{X: -z*1.4 + float64(mines[mk.Prov])*z*1.5, Y: z * 1.2})
			mines[mk.Prov]++
			f.mine(p, f.r.Style(mk.Power).Colour)
		case MarkDisorder:
			if pl, ok := f.unitAt(mk.Prov); ok {
				f.blit(f.l.sprite(spriteKey{kind: spriteTag, text: "CD", alpha: 0xff}), pl.p.Add(pt{X: -f.l.sz.piece * 2.2, Y: -f.l.sz.piece * 0.55}))
				f.ring(pl.p, f.l.sz.ringRadius(pl.unit.Type), colDisorder, f.l.sz.line*0.8)
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
