package render

import (
	"math"

	"dipdesk/engine"
)

// SignKind is what a special order does to a province, as drawn.
type SignKind uint8

// The kinds of signs.
const (
	// SignTarget: the order acts on the province (Davis's annihilation,
	// gas attack, theft): a line in the giver's colour from the unit to a
	// target ring on the province, and the order's word beside it.
	SignTarget SignKind = iota + 1
	// SignMine: a mine is laid (or picked up) in the province as the unit
	// leaves (or enters) it: a mine drawn there, and the word.
	SignMine
	// SignHidden: the unit turns invisible (or visible): a dashed ring on
	// it, and the word. Only seats that may see the unit are given it.
	SignHidden
	// SignMove: a further step of the unit (a double move's second leg),
	// drawn as a dashed arrow from From to the province.
	SignMove
	// SignNote: only the order's word, beside the unit (a conversion).
	SignNote
)

// Sign is what a special order does besides the ordinary order it is
// drawn as (session.BoardOrders computes both from the variant).
type Sign struct {
	Kind  SignKind
	From  engine.Loc        // the unit acting (SignTarget, SignHidden) or where a step starts (SignMove)
	At    engine.ProvinceID // the province acted on
	Power engine.Power      // who gave the order
	Label string            // the order's word: "annihilate", "gas", "lay mine", "invisible"
}

// drawSigns draws the signs of the special orders, over the pieces and
// moves.
func (f *frame) drawSigns() {
	if !f.o.ShowOrders {
		return
	}
	for _, s := range f.o.Signs {
		at, ok := f.l.anchor(engine.Loc{P: s.At})
		if !ok {
			continue
		}
		col := f.r.Style(s.Power).Colour
		z := f.l.sz
		from, hasFrom := pt{}, false
		if s.From.Valid() && int(s.From.P) < len(f.first) {
			if pl, ok := f.unitAt(s.From.P); ok {
				from, hasFrom = pl.p, true
			} else if p, ok := f.l.anchor(s.From); ok {
				from, hasFrom = p, true
			}
		}
		label := at
		switch s.Kind {
		case SignTarget:
			if hasFrom && s.From.P != s.At {
				if pts := trim([]pt{from, at}, z.piece*0.9, z.piece*1.2); len(pts) == 2 {
					f.line(pts, col, z.line, []float64{z.line * 1.2, z.line * 1.2}, true)
				}
			}
			f.ring(at, z.piece*1.2, colFail, z.line)
			f.ring(at, z.piece*0.45, col, z.line*0.8)
			label = at.Add(pt{Y: z.piece * 2})
		case SignMine:
			p := at.Add(pt{X: -z.piece * 1.6, Y: -z.piece * 1.3})
			f.mine(p, col)
			label = p.Add(pt{Y: -z.piece * 1.3})
		case SignHidden:
			if pl, ok := f.unitAt(s.At); ok {
				at = pl.p
			}
			f.dashedRing(at, z.piece*2.1, col, z.line*0.8)
			label = at.Add(pt{Y: z.piece * 2.6})
		case SignNote:
			if pl, ok := f.unitAt(s.At); ok {
				at = pl.p
			}
			label = at.Add(pt{Y: -z.piece * 2})
		case SignMove:
			if hasFrom {
				path := trim(bent(from, at), z.piece*0.5, z.piece*0.5)
				if len(path) >= 2 {
					f.arrow(path, col, []float64{z.line * 2, z.line * 1.4})
				}
			}
			label = at.Add(pt{Y: z.piece * 1.8})
		}
		if s.Label != "" {
			f.signLabel(s.Label, label)
		}
	}
}

// signLabel writes a special order's word on a white tab centred on p.
func (f *frame) signLabel(text string, p pt) {
	fc := f.l.fc.small
	w, h := fc.width(text)+6, fc.cap+6
	dc := f.dc
	dc.DrawRoundedRectangle(p.X-w/2, p.Y-h/2, w, h, math.Min(4, h/3))
	dc.SetColor(colWhite)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(1)
	dc.Stroke()
	fc.text(f.dst, text, p.X, p.Y, colInk, colInk, 0)
}
