package render

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"dipdesk/engine"
)

// Sprites are small images drawn once per size and composited each frame
// (an image/draw copy of a few hundred pixels instead of rasterising
// shapes and glyphs again).
type spriteKind uint8

const (
	spriteUnit   spriteKind = iota // a piece: power, unit type, and a variant's kind by its code (text)
	spriteCentre                   // an owned supply-centre marker: power
	spriteCross                    // the mark of a failed order
	spriteTag                      // a unit number, "1A": text
	spriteBuild                    // the badge of a build
)

type spriteKey struct {
	kind  spriteKind
	power engine.Power
	unit  engine.UnitType
	text  string
	alpha uint8 // opacity of the whole sprite, 255 = opaque
}

// sprite is an image with the pixel that goes on the anchor point.
type sprite struct {
	img    *image.RGBA
	cx, cy int
}

// sprite returns the sprite for k, drawing it the first time.
func (l *layer) sprite(k spriteKey) *sprite {
	if s, ok := l.sprites[k]; ok {
		return s
	}
	var s *sprite
	switch k.kind {
	case spriteUnit:
		if k.text != "" {
			s = l.kindSprite(k.power, k.unit, k.text) // a variant's kind of piece, by its code
		} else {
			s = l.pieceSprite(k.power, k.unit)
		}
	case spriteCentre:
		s = l.canvas(l.sz.dot*1.6, func(dc *gg.Context, c pt) {
			l.centreMarker(dc, c, l.r.Style(k.power).Colour)
		})
	case spriteCross:
		s = l.crossSprite()
	case spriteTag:
		s = l.tagSprite(k.text)
	case spriteBuild:
		s = l.buildSprite()
	}
	if k.alpha != 0xff {
		fade(s.img, k.alpha)
	}
	l.sprites[k] = s
	return s
}

// canvas draws a sprite of half-size half pixels around its centre.
func (l *layer) canvas(half float64, paint func(dc *gg.Context, c pt)) *sprite {
	n := int(math.Ceil(half))*2 + 2
	dc := gg.NewContext(n, n)
	c := pt{X: float64(n) / 2, Y: float64(n) / 2}
	paint(dc, c)
	return &sprite{img: dc.Image().(*image.RGBA), cx: n / 2, cy: n / 2}
}

// pieceSprite draws a unit: an army is a round counter, a fleet a ship
// with a sail, both in the power's colour with its initial on them, so
// that neither the power nor the unit type rests on colour alone.
func (l *layer) pieceSprite(p engine.Power, t engine.UnitType) *sprite {
	st := l.r.Style(p)
	R := l.sz.piece
	ink := math.Max(1.1, R*0.13)
	return l.canvas(R*1.8, func(dc *gg.Context, c pt) {
		dc.SetLineJoinRound()
		textY := c.Y
		if t == engine.Fleet {
			shipPath(dc, c, R)
			textY = c.Y + 0.2*R
		} else {
			dc.DrawCircle(c.X, c.Y, R)
		}
		paintPiece(dc, st, ink)
		if t == engine.Fleet {
			sailPath(dc, c, R)
			dc.SetColor(st.Colour)
			dc.FillPreserve()
			dc.SetColor(colInk)
			dc.Stroke()
		}
		img := dc.Image().(*image.RGBA)
		l.fc.initial.text(img, st.Initial, c.X, textY, st.Ink, st.Ink, 0)
	})
}

// shipPath is a ship's hull around c: a wide deck, a narrower keel.
func shipPath(dc *gg.Context, c pt, R float64) {
	dc.MoveTo(c.X-1.6*R, c.Y-0.45*R)
	dc.LineTo(c.X+1.6*R, c.Y-0.45*R)
	dc.LineTo(c.X+1.05*R, c.Y+0.85*R)
	dc.LineTo(c.X-1.05*R, c.Y+0.85*R)
	dc.ClosePath()
}

// sailPath is the sail above the hull.
func sailPath(dc *gg.Context, c pt, R float64) {
	dc.MoveTo(c.X-0.2*R, c.Y-1.5*R)
	dc.LineTo(c.X-0.2*R, c.Y-0.55*R)
	dc.LineTo(c.X+0.9*R, c.Y-0.55*R)
	dc.ClosePath()
}

// crossSprite is the mark of a failed order: a red X on a white disc.
func (l *layer) crossSprite() *sprite {
	r := l.sz.piece * 0.62
	return l.canvas(r+2, func(dc *gg.Context, c pt) {
		dc.DrawCircle(c.X, c.Y, r)
		dc.SetColor(colWhite)
		dc.FillPreserve()
		dc.SetColor(colFail)
		dc.SetLineWidth(math.Max(1.2, r*0.18))
		dc.Stroke()
		d := r * 0.5
		dc.DrawLine(c.X-d, c.Y-d, c.X+d, c.Y+d)
		dc.DrawLine(c.X-d, c.Y+d, c.X+d, c.Y-d)
		dc.SetLineCapRound()
		dc.SetLineWidth(math.Max(1.8, r*0.32))
		dc.Stroke()
	})
}

// buildSprite is the badge of a build: a white plus on a green disc.
func (l *layer) buildSprite() *sprite {
	r := l.sz.piece * 0.55
	return l.canvas(r+2, func(dc *gg.Context, c pt) {
		dc.DrawCircle(c.X, c.Y, r)
		dc.SetColor(colBuild)
		dc.FillPreserve()
		dc.SetColor(colWhite)
		dc.SetLineWidth(1.2)
		dc.Stroke()
		d := r * 0.55
		dc.DrawLine(c.X-d, c.Y, c.X+d, c.Y)
		dc.DrawLine(c.X, c.Y-d, c.X, c.Y+d)
		dc.SetLineWidth(math.Max(1.8, r*0.3))
		dc.Stroke()
	})
}

// tagSprite is a unit number label ("1A") on a white tab.
func (l *layer) tagSprite(s string) *sprite {
	fc := l.fc.small
	w, h := fc.width(s)+5, fc.cap+5
	W, H := int(math.Ceil(w))+2, int(math.Ceil(h))+2
	dc := gg.NewContext(W, H)
	dc.DrawRoundedRectangle(1, 1, w, h, 2.5)
	dc.SetColor(colWhite)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(1)
	dc.Stroke()
	img := dc.Image().(*image.RGBA)
	fc.text(img, s, 1+w/2, 1+h/2, colInk, colInk, 0)
	return &sprite{img: img, cx: 0, cy: H}
}

// fade multiplies the opacity of img by a/255.
func fade(img *image.RGBA, a uint8) {
	for i := range img.Pix {
		img.Pix[i] = uint8(uint32(img.Pix[i]) * uint32(a) / 255)
	}
}

// blit draws sprite s with its anchor on p.
func (f *frame) blit(s *sprite, p pt) { drawSprite(f.dst, s, p) }

// drawSprite draws sprite s into dst with its anchor on p.
func drawSprite(dst *image.RGBA, s *sprite, p pt) {
	x, y := int(math.Round(p.X))-s.cx, int(math.Round(p.Y))-s.cy
	r := image.Rect(x, y, x+s.img.Rect.Dx(), y+s.img.Rect.Dy())
	over(dst, r, s.img)
}

// over composites src (premultiplied) over dst at r, clipped to dst, with
// the arithmetic of draw.Draw's draw.Over for two *image.RGBA: the same
// pixels, but transparent source pixels are skipped and opaque ones
// copied, which is most of a sprite.
func over(dst *image.RGBA, r image.Rectangle, src *image.RGBA) {
	c := r.Intersect(dst.Rect)
	if c.Empty() {
		return
	}
	sp := src.Rect.Min.Add(c.Min.Sub(r.Min))
	n := c.Dx() * 4
	const m = 1<<16 - 1
	for y := c.Min.Y; y < c.Max.Y; y++ {
		so := src.PixOffset(sp.X, sp.Y+y-c.Min.Y)
		do := dst.PixOffset(c.Min.X, y)
		spix, dpix := src.Pix[so:so+n:so+n], dst.Pix[do:do+n:do+n]
		for i := 0; i+4 <= n; i += 4 {
			s := spix[i : i+4 : i+4]
			switch s[3] {
			case 0:
				continue
			case 0xff:
				copy(dpix[i:i+4:i+4], s)
				continue
			}
			sr, sg, sb, sa := uint32(s[0])*0x101, uint32(s[1])*0x101, uint32(s[2])*0x101, uint32(s[3])*0x101
			a := (m - sa) * 0x101
			d := dpix[i : i+4 : i+4]
			d[0] = uint8((uint32(d[0])*a/m + sr) >> 8)
			d[1] = uint8((uint32(d[1])*a/m + sg) >> 8)
			d[2] = uint8((uint32(d[2])*a/m + sb) >> 8)
			d[3] = uint8((uint32(d[3])*a/m + sa) >> 8)
		}
	}
}

// piece draws unit u at p, at opacity alpha (255 for a unit in place).
func (f *frame) piece(u engine.Unit, p pt, alpha uint8) {
	key := spriteKey{kind: spriteUnit, power: u.Power, unit: u.Type, alpha: alpha}
	tagAt := pt{X: p.X + f.l.sz.piece*0.7, Y: p.Y - f.l.sz.piece*0.55}
	code := u.Type.String()
	if pi, ok := f.r.m.Piece(u.Kind); ok {
		key.text, code = pi.Code, pi.Code
		hw, hh := f.l.kindHalf(pi.Code)
		tagAt = pt{X: p.X + hw - f.l.sz.piece*0.3, Y: p.Y - hh*0.6}
	}
	f.blit(f.l.sprite(key), p)
	if u.Number > 0 {
		tag := f.l.sprite(spriteKey{kind: spriteTag, text: strconv.Itoa(u.Number) + code, alpha: alpha})
		f.blit(tag, tagAt)
	}
}

// ring strokes a circle of radius rad around p in col over a dark edge.
func (f *frame) ring(p pt, rad float64, col color.Color, width float64) {
	dc := f.dc
	dc.DrawCircle(p.X, p.Y, rad)
	dc.SetColor(colInk)
	dc.SetLineWidth(width + 2*f.l.sz.edge)
	dc.StrokePreserve()
	dc.SetColor(col)
	dc.SetLineWidth(width)
	dc.Stroke()
}

// paintPiece paints the path in dc as a piece: a light rim that parts it
// from dark ground, its seat's colour, an ink outline.
func paintPiece(dc *gg.Context, st Style, ink float64) {
	dc.SetColor(withAlpha(colWhite, 0.85))
	dc.SetLineWidth(ink + 2.4)
	dc.StrokePreserve()
	dc.SetColor(st.Colour)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(ink)
	dc.Stroke()
}
