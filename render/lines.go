package render

import (
	"image"
	"image/color"
	"math"
)

// thinLine draws the segment a-b, w pixels wide (w up to about two), in
// col straight into dst: for each column (or row, for steep segments) it
// covers the pixels the line crosses in proportion to how much of each it
// covers, with flat ends. The static board has some four thousand border
// segments; drawn this way they cost a fraction of what gg's stroker
// takes, and at these widths look the same.
func thinLine(dst *image.RGBA, a, b pt, w float64, col color.RGBA) {
	steep := math.Abs(b.Y-a.Y) > math.Abs(b.X-a.X)
	if steep {
		a, b = pt{a.Y, a.X}, pt{b.Y, b.X}
	}
	if a.X > b.X {
		a, b = b, a
	}
	if b.X-a.X < 1e-9 {
		return
	}
	k := (b.Y - a.Y) / (b.X - a.X)
	half := w / 2 * math.Sqrt(1+k*k)
	bounds := dst.Rect
	for x := int(math.Floor(a.X)); float64(x) < b.X; x++ {
		// How much of this column the segment spans, for flat ends.
		span := math.Min(b.X, float64(x+1)) - math.Max(a.X, float64(x))
		if span <= 0 {
			continue
		}
		c := a.Y + (float64(x)+0.5-a.X)*k
		lo, hi := c-half, c+half
		for y := int(math.Floor(lo)); float64(y) < hi; y++ {
			cov := (math.Min(hi, float64(y+1)) - math.Max(lo, float64(y))) * span
			px, py := x, y
			if steep {
				px, py = y, x
			}
			if image.Pt(px, py).In(bounds) {
				blend(dst, px, py, col, cov)
			}
		}
	}
}

// blend paints col over pixel (x, y) of dst at opacity cov.
func blend(dst *image.RGBA, x, y int, col color.RGBA, cov float64) {
	if cov <= 0 {
		return
	}
	a := uint32(math.Min(1, cov)*float64(col.A) + 0.5)
	i := dst.PixOffset(x, y)
	p := dst.Pix[i : i+4 : i+4]
	p[0] = uint8((uint32(p[0])*(255-a) + uint32(col.R)*a) / 255)
	p[1] = uint8((uint32(p[1])*(255-a) + uint32(col.G)*a) / 255)
	p[2] = uint8((uint32(p[2])*(255-a) + uint32(col.B)*a) / 255)
	p[3] = uint8((uint32(p[3])*(255-a) + 255*a) / 255)
}
