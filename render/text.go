package render

import (
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomediumitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// fonts are the Go fonts, parsed once per process. A parsed font is
// read-only and may be shared; the faces made from it may not.
type fonts struct {
	regular, medium, italic, bold *truetype.Font
}

var (
	fontsOnce   sync.Once
	fontsParsed *fonts
)

// loadFonts parses the embedded Go fonts (never system fonts, so every
// machine draws the same board).
func loadFonts() *fonts {
	fontsOnce.Do(func() {
		parse := func(b []byte) *truetype.Font {
			f, err := truetype.Parse(b)
			if err != nil {
				panic("render: the embedded Go font does not parse: " + err.Error())
			}
			return f
		}
		fontsParsed = &fonts{
			regular: parse(goregular.TTF),
			medium:  parse(gomedium.TTF),
			italic:  parse(gomediumitalic.TTF),
			bold:    parse(gobold.TTF),
		}
	})
	return fontsParsed
}

// face is a font face at one size with its cap height, for centring
// capitals on a point.
type face struct {
	font.Face
	cap float64
}

func newFace(f *truetype.Font, px float64) face {
	ff := truetype.NewFace(f, &truetype.Options{Size: px, Hinting: font.HintingNone})
	b, _ := font.BoundString(ff, "H")
	return face{Face: ff, cap: float64(-b.Min.Y) / 64}
}

// width returns the advance of s in pixels.
func (f face) width(s string) float64 { return float64(font.MeasureString(f.Face, s)) / 64 }

// text draws s centred on (x, y) (the middle of its capitals) in col,
// over a halo of radius halo pixels in haloCol when halo > 0. The halo
// keeps writing legible where borders or lines cross it.
func (f face) text(dst *image.RGBA, s string, x, y float64, col, haloCol color.RGBA, halo float64) {
	x0 := x - f.width(s)/2
	y0 := y + f.cap/2
	if halo > 0 {
		src := image.NewUniform(haloCol)
		n := 8
		if halo > 1.6 {
			n = 16
		}
		for i := 0; i < n; i++ {
			a := 2 * math.Pi * float64(i) / float64(n)
			f.draw(dst, src, s, x0+halo*math.Cos(a), y0+halo*math.Sin(a))
		}
	}
	f.draw(dst, image.NewUniform(col), s, x0, y0)
}

// textLeft draws s from x, its capitals centred on y.
func (f face) textLeft(dst *image.RGBA, s string, x, y float64, col color.RGBA) {
	f.draw(dst, image.NewUniform(col), s, x, y+f.cap/2)
}

func (f face) draw(dst *image.RGBA, src image.Image, s string, x, baseline float64) {
	d := font.Drawer{Dst: dst, Src: src, Face: f.Face, Dot: fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(baseline * 64)}}
	d.DrawString(s)
}

// faces are the faces of one layer's sizes.
type faces struct {
	land, sea, initial, small, legend face
	landSmall, seaSmall               face // names where the board's face does not fit
}

func newFaces(f *fonts, z sizes) faces {
	return faces{
		land:    newFace(f.medium, z.label),
		sea:     newFace(f.italic, z.label),
		initial: newFace(f.bold, z.initial),
		small:   newFace(f.bold, z.small),
		legend:  newFace(f.regular, z.small*1.1),

		landSmall: newFace(f.medium, z.label*0.8),
		seaSmall:  newFace(f.italic, z.label*0.8),
	}
}
