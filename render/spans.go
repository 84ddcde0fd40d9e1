package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"slices"
	"sync"

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

// channelTable maps a channel's value to its new value.
type channelTable [256]uint8

// applyTable replaces the red, green and blue of every pixel of spans
// through r, g and b: a power's tint multiplies the land (multiplier.table),
// a highlight lightens it (lightenTable).
func applyTable(dst *image.RGBA, spans []span, r, g, b *channelTable) {
	// Most pixels of a province are its ground colour: the last pixel
	// looked up and its result are kept, and runs of one colour cost a
	// compare and a store each.
	in, out := uint32(0), uint32(0)
	if len(spans) > 0 {
		p := dst.Pix[dst.PixOffset(int(spans[0].x0), int(spans[0].y)):]
		in = binary.LittleEndian.Uint32(p) ^ 1 // anything but the first pixel
	}
	for _, s := range spans {
		off := int(s.y) * dst.Stride
		px := dst.Pix[off+int(s.x0)*4 : off+int(s.x1)*4]
		for i := 0; i+4 <= len(px); i += 4 {
			p := px[i : i+4 : i+4]
			if v := binary.LittleEndian.Uint32(p); v != in {
				in = v
				out = uint32(r[p[0]]) | uint32(g[p[1]])<<8 | uint32(b[p[2]])<<16 | v&0xff000000
			}
			binary.LittleEndian.PutUint32(p, out)
		}
	}
}

// table returns the per-channel tables of m: min(v*m>>8, 255).
func (m multiplier) table() *[3]channelTable {
	if t, ok := multiplierTables.Load(m); ok {
		return t.(*[3]channelTable)
	}
	t := new([3]channelTable)
	for c := range t {
		for v := range t[c] {
			t[c][v] = uint8(min(uint32(v)*m[c]>>8, 255))
		}
	}
	multiplierTables.Store(m, t)
	return t
}

// lightenTable returns the table that lightens by amount/256, light
// values the most (dark borders and names stay dark):
// v + (255-v)*v*amount/(255*256).
func lightenTable(amount uint32) *channelTable {
	if t, ok := lightenTables.Load(amount); ok {
		return t.(*channelTable)
	}
	t := new(channelTable)
	for v := range t {
		x := uint32(v)
		t[v] = uint8(x + (255-x)*x*amount/(255*256))
	}
	lightenTables.Store(amount, t)
	return t
}

// The tables of tints and highlights, made once per multiplier and
// amount and shared by every Renderer (they are never changed).
var multiplierTables, lightenTables sync.Map

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
