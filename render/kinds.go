package render

import (
	"image"
	"math"

	"github.com/fogleman/gg"

	"dipdesk/engine"
)

// A variant's kinds of piece (engine.PieceInfo: Rather Silly's birds,
// the Borg) are drawn by their code: a tile in the seat's colour (grey
// for a piece of no seat) with the code written on it ("B", "BORG"),
// rounded for a piece that moves as an army, with a hull's slanted foot
// for one that moves as a fleet, and the seat's initial on a small disc
// at its corner. A tile is unlike a plain army's disc or fleet's ship,
// so the kind never rests on colour alone, and it is as wide as its code.

// kindFace is the face a kind's code is written in: the initials' bold
// face for one letter, the small bold face for a longer code.
func (l *layer) kindFace(code string) face {
	if len(code) <= 1 {
		return l.fc.initial
	}
	return l.fc.small
}

// kindHalf returns the half width and half height of the tile of a piece
// whose code is code.
func (l *layer) kindHalf(code string) (float64, float64) {
	R := l.sz.piece
	hh := R * 0.95
	return math.Max(hh*1.15, l.kindFace(code).width(code)/2+R*0.45), hh
}

// badgeRadius is the radius of the disc with the seat's initial on a
// kind's tile.
func (l *layer) badgeRadius() float64 {
	return math.Max(l.sz.piece*0.5, l.fc.small.cap*0.5+2.5)
}

// pieceBox is the box piece u covers around its anchor, in pixels (the
// badge of its seat included).
func (l *layer) pieceBox(u engine.Unit) box {
	R := l.sz.piece
	if pi, ok := l.r.m.Piece(u.Kind); ok {
		hw, hh := l.kindHalf(pi.Code)
		b := box{-hw, -hh, hw, hh}
		if u.Power != "" {
			rb := l.badgeRadius()
			b.x0, b.y0 = math.Min(b.x0, -hw-rb*0.3), math.Min(b.y0, -hh-rb*0.3)
		}
		return b
	}
	if u.Type == engine.Fleet {
		return box{-1.6 * R, -1.5 * R, 1.6 * R, 0.85 * R}
	}
	return box{-R, -R, R, R}
}

// kindSprite draws the tile of a piece of kind code belonging to p
// ("" for none), moving as t.
func (l *layer) kindSprite(p engine.Power, t engine.UnitType, code string) *sprite {
	hw, hh := l.kindHalf(code)
	return l.canvas(math.Max(hw, hh)+l.badgeRadius()+2, func(dc *gg.Context, c pt) {
		l.kindTile(dc, c, l.r.Style(p), t, code, p != "")
	})
}

// kindTile draws the tile of a piece of kind code, moving as t, centred
// on c in style st, with the seat's initial on its badge when badge is
// set.
func (l *layer) kindTile(dc *gg.Context, c pt, st Style, t engine.UnitType, code string, badge bool) {
	R := l.sz.piece
	hw, hh := l.kindHalf(code)
	rb := l.badgeRadius()
	ink := math.Max(1.1, R*0.13)
	dc.SetLineJoinRound()
	x0, y0, x1, y1 := c.X-hw, c.Y-hh, c.X+hw, c.Y+hh
	if t == engine.Fleet {
		foot := hh * 0.55
		dc.MoveTo(x0, y0)
		dc.LineTo(x1, y0)
		dc.LineTo(x1-foot, y1)
		dc.LineTo(x0+foot, y1)
		dc.ClosePath()
	} else {
		dc.DrawRoundedRectangle(x0, y0, 2*hw, 2*hh, hh*0.45)
	}
	paintPiece(dc, st, ink)
	if badge {
		dc.DrawCircle(x0, y0, rb)
		dc.SetColor(st.Colour)
		dc.FillPreserve()
		dc.SetColor(colWhite)
		dc.SetLineWidth(1.4)
		dc.StrokePreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(0.9)
		dc.Stroke()
	}
	img := dc.Image().(*image.RGBA)
	l.kindFace(code).text(img, code, c.X, c.Y, st.Ink, st.Ink, 0)
	if badge {
		l.fc.small.text(img, st.Initial, x0, y0, st.Ink, st.Ink, 0)
	}
}
