package render

import (
	"image/color"
	"math"

	"dipdesk/engine"
)

// The board's own colours. Land is a light paper colour and the sea a
// clearly darker blue, so that even the pale blue tints of England and
// France read as land; every border and label is dark enough to stay
// legible over any tint.
var (
	colFrame      = rgb(0x2a, 0x32, 0x3c) // outside the board (letterboxing)
	colSea        = rgb(0x5f, 0x8a, 0xb4)
	colSeaBorder  = rgb(0x4e, 0x77, 0xa0)
	colSeaLabel   = rgb(0x0e, 0x26, 0x40)
	colCoastGlow  = rgb(0x3e, 0x62, 0x88) // the band along every shore, on the water side
	colLand       = rgb(0xf3, 0xec, 0xdc)
	colLandBorder = rgb(0x7c, 0x6b, 0x58)
	colLandLabel  = rgb(0x33, 0x29, 0x1f)
	colIsle       = rgb(0xdc, 0xd6, 0xc8) // land that is no province (Ireland, Sicily on the standard board)
	colImpassable = rgb(0xc9, 0xc3, 0xb7) // Switzerland
	colHatch      = rgb(0xa9, 0xa2, 0x95)
	colInk        = rgb(0x1c, 0x1c, 0x1c) // outlines of pieces and arrows
	colWhite      = rgb(0xff, 0xff, 0xff)
	colFail       = rgb(0xd0, 0x10, 0x10) // failed orders, dislodged units
	colBuild      = rgb(0x10, 0x9a, 0x3a)
	colSelect     = rgb(0xff, 0xd8, 0x00)
	colTarget     = rgb(0xff, 0xff, 0xff)
	colSpaceFill  = rgb(0xe6, 0xdd, 0xf2)
	colSpaceLine  = rgb(0x5c, 0x3d, 0x8a)
	colNeutralSC  = rgb(0xfa, 0xfa, 0xf5)
	colIllegal    = rgb(0x9a, 0x9a, 0x9a) // orders the position makes impossible
	colCoastTag   = rgb(0x1a, 0x3a, 0x66) // the names of a split province's coasts
)

// okabeIto is the Okabe-Ito palette (Okabe and Ito, "Color Universal
// Design", 2008), whose eight colours stay apart for the common kinds of
// colour blindness. The seven powers keep their traditional hues where
// the palette allows: Austria red, England dark blue, France light blue,
// Germany black, Italy green, Russia purple, Turkey yellow. Orange is
// left for an eighth power of a variant.
var okabeIto = map[engine.Power]color.RGBA{
	"austria": rgb(0xd5, 0x5e, 0x00), // vermillion
	"england": rgb(0x00, 0x72, 0xb2), // blue
	"france":  rgb(0x56, 0xb4, 0xe9), // sky blue
	"germany": rgb(0x24, 0x24, 0x24), // black, softened a little so the outline still shows
	"italy":   rgb(0x00, 0x9e, 0x73), // bluish green
	"russia":  rgb(0xcc, 0x79, 0xa7), // reddish purple
	"turkey":  rgb(0xf0, 0xe4, 0x42), // yellow
}

// spare colours for powers the palette above does not name, in order.
var spare = []color.RGBA{
	rgb(0xe6, 0x9f, 0x00), // Okabe-Ito orange
	rgb(0x88, 0x66, 0x44),
	rgb(0x66, 0x66, 0x99),
	rgb(0x99, 0x99, 0x33),
}

// colNeutralUnit is the colour of a unit that belongs to no power.
var colNeutralUnit = rgb(0x9a, 0x9a, 0x9a)

// Style is how one power is drawn: its colour, the pale tint of the land
// it owns, the colour of writing on its pieces, and its initial.
type Style struct {
	Colour  color.RGBA
	Tint    color.RGBA
	Ink     color.RGBA // text on a piece: black on light colours, white on dark ones
	Initial string
	Name    string
}

// tintStrength is how much of a power's colour goes into the land it
// owns. Dark colours need less to be seen and would hide the labels.
func tintStrength(c color.RGBA) float64 {
	switch l := luminance(c); {
	case l < 0.05:
		return 0.30
	case l < 0.2:
		return 0.38
	case l < 0.35:
		return 0.45
	default:
		return 0.50
	}
}

// styles builds the style of every power of m.
func styles(m *engine.Map) map[engine.Power]Style {
	out := map[engine.Power]Style{}
	next := 0
	for _, p := range m.Powers {
		c, ok := okabeIto[p.ID]
		if !ok {
			c = spare[next%len(spare)]
			next++
		}
		initial := p.Initial
		if initial == "" && p.Name != "" {
			initial = p.Name[:1]
		}
		out[p.ID] = newStyle(c, initial, p.Name)
	}
	return out
}

func newStyle(c color.RGBA, initial, name string) Style {
	st := Style{Colour: c, Tint: mix(colLand, c, tintStrength(c)), Ink: colWhite, Initial: initial, Name: name}
	if luminance(c) > 0.3 {
		st.Ink = colInk
	}
	return st
}

// Style returns how power p is drawn. A power the map does not know (and
// the empty power of neutral units) is grey with initial "N".
func (r *Renderer) Style(p engine.Power) Style {
	if st, ok := r.styles[p]; ok {
		return st
	}
	return newStyle(colNeutralUnit, "N", "Neutral")
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

// mix returns a*(1-t) + b*t, opaque.
func mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 0xff}
}

// withAlpha returns c at opacity a (0..1), premultiplied as color.RGBA wants.
func withAlpha(c color.RGBA, a float64) color.RGBA {
	f := func(x uint8) uint8 { return uint8(float64(x)*a + 0.5) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), f(c.A)}
}

// luminance is the relative luminance of c (WCAG 2.1), 0 for black, 1
// for white.
func luminance(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// multiplier is the per-channel factor (in 1/256) that turns colLand into
// tint: tinting multiplies each pixel of a province by it, so dark
// borders and labels stay dark and the label halos take the tint.
type multiplier [3]uint32

func multiplierFor(tint color.RGBA) multiplier {
	f := func(t, l uint8) uint32 { return (uint32(t)*256 + uint32(l)/2) / uint32(l) }
	return multiplier{f(tint.R, colLand.R), f(tint.G, colLand.G), f(tint.B, colLand.B)}
}
