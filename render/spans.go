package render

import (
	"image"
	"image/color"
	"math"
	"slices"

	"dipdesk/render/geometry"
)

// span is a run of pixels [x0, x1) on row y whose centres lie inside a
// region. The spans of every region are computed once per size; tinting
// and highlighting a province then touch exactly its pixels, with no
// polygon to fill per frame.
type span struct{ y, x0, x1 int32 }

// regionSpans returns the spans of region reg at transform t in a w x h
// image (even-odd over all its rings, sampled at pixel centres). rows is
// scratch space of h entries, returned for reuse.
func regionSpans(reg *geometry.Region, t transform, w, h int, rows [][]float64) ([]span, [][]float64) {
	if len(rows) < h {
		rows = make([][]float64, h)
	}
	lo, hi := h, -1
	for _, poly := range reg.Polygons {
		for _, ring := range poly {
			for i := range ring {
				a, b := t.pt(ring[i]), t.pt(ring[(i+1)%len(ring)])
				if a.Y == b.Y {
					continue
				}
				// Rows whose centre (y+0.5) lies in [min, max) of the edge.
				y0 := max(int(math.Ceil(math.Min(a.Y, b.Y)-0.5)), 0)
				y1 := min(int(math.Ceil(math.Max(a.Y, b.Y)-0.5)), h)
				for y := y0; y < y1; y++ {
					cy := float64(y) + 0.5
					rows[y] = append(rows[y], a.X+(cy-a.Y)*(b.X-a.X)/(b.Y-a.Y))
				}
				lo, hi = min(lo, y0), max(hi, y1)
			}
		}
	}
	var out []span
	for y := lo; y < hi; y++ {
		xs := rows[y]
		slices.Sort(xs)
		for i := 0; i+1 < len(xs); i += 2 {
			x0 := max(int(math.Ceil(xs[i]-0.5)), 0)
			x1 := min(int(math.Ceil(xs[i+1]-0.5)), w)
			if x0 < x1 {
				out = append(out, span{int32(y), int32(x0), int32(x1)})
			}
		}
		rows[y] = xs[:0]
	}
	return out, rows
}

// multiply multiplies every pixel of spans by m (see multiplierFor).
func multiply(dst *image.RGBA, spans []span, m multiplier) {
	for _, s := range spans {
		row := dst.Pix[int(s.y)*dst.Stride:]
		for i := int(s.x0) * 4; i < int(s.x1)*4; i += 4 {
			row[i] = uint8(min(uint32(row[i])*m[0]>>8, 255))
			row[i+1] = uint8(min(uint32(row[i+1])*m[1]>>8, 255))
			row[i+2] = uint8(min(uint32(row[i+2])*m[2]>>8, 255))
		}
	}
}

// lighten moves every pixel of spans towards white by up to amount/256,
// light pixels the most: the ground brightens while dark borders and
// names stay dark.
func lighten(dst *image.RGBA, spans []span, amount uint32) {
	for _, s := range spans {
		row := dst.Pix[int(s.y)*dst.Stride:]
		for i := int(s.x0) * 4; i < int(s.x1)*4; i += 4 {
			for k := 0; k < 3; k++ {
				v := uint32(row[i+k])
				row[i+k] = uint8(v + (255-v)*v*amount/(255*256))
			}
		}
	}
}

// fill paints every pixel of spans in c.
func fill(dst *image.RGBA, spans []span, c color.RGBA) {
	for _, s := range spans {
		row := dst.Pix[int(s.y)*dst.Stride:]
		for i := int(s.x0) * 4; i < int(s.x1)*4; i += 4 {
			row[i], row[i+1], row[i+2], row[i+3] = c.R, c.G, c.B, c.A
		}
	}
}

// fillRect paints rectangle r of dst in c: one row, then copies of it.
func fillRect(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	first := dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y) : dst.PixOffset(r.Max.X-1, r.Min.Y)+4]
	for i := 0; i < len(first); i += 4 {
		first[i], first[i+1], first[i+2], first[i+3] = c.R, c.G, c.B, c.A
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		copy(dst.Pix[dst.PixOffset(r.Min.X, y):], first)
	}
}
