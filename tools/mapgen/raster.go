package main

import (
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"sort"
)

// canvas is a small software rasteriser for mapgen's debug images: even-odd
// polygon fill, lines, dots and a bitmap font. Only mapgen uses it; the
// game draws with gg.
type canvas struct {
	img       *image.RGBA
	x0, y0, s float64 // pixel = (p - origin) * s
	flipY     bool    // plane y grows north: flip to image rows
}

// newCanvas maps the window win (plane units) onto an image w pixels wide.
func newCanvas(win bbox, w int, flipY bool) *canvas {
	s := float64(w) / (win.MaxX - win.MinX)
	h := int(math.Ceil((win.MaxY - win.MinY) * s))
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), x0: win.MinX, s: s, flipY: flipY}
	if flipY {
		c.y0 = win.MaxY
	} else {
		c.y0 = win.MinY
	}
	return c
}

// px converts a point to pixel coordinates.
func (c *canvas) px(p Pt) (float64, float64) {
	if c.flipY {
		return (p.X - c.x0) * c.s, (c.y0 - p.Y) * c.s
	}
	return (p.X - c.x0) * c.s, (p.Y - c.y0) * c.s
}

func (c *canvas) clear(col color.RGBA) {
	b := c.img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c.img.SetRGBA(x, y, col)
		}
	}
}

// fill paints the even-odd interior of rings.
func (c *canvas) fill(rings [][]Pt, col color.RGBA) {
	type e struct{ x0, y0, x1, y1 float64 }
	var edges []e
	minY, maxY := math.Inf(1), math.Inf(-1)
	for _, r := range rings {
		for i := range r {
			ax, ay := c.px(r[i])
			bx, by := c.px(r[(i+1)%len(r)])
			if ay == by {
				continue
			}
			edges = append(edges, e{ax, ay, bx, by})
			minY = math.Min(minY, math.Min(ay, by))
			maxY = math.Max(maxY, math.Max(ay, by))
		}
	}
	b := c.img.Bounds()
	y0 := max(int(math.Floor(minY)), b.Min.Y)
	y1 := min(int(math.Ceil(maxY)), b.Max.Y-1)
	var xs []float64
	for y := y0; y <= y1; y++ {
		fy := float64(y) + 0.5
		xs = xs[:0]
		for _, ed := range edges {
			if (ed.y0 > fy) != (ed.y1 > fy) {
				xs = append(xs, ed.x0+(fy-ed.y0)*(ed.x1-ed.x0)/(ed.y1-ed.y0))
			}
		}
		sort.Float64s(xs)
		for i := 0; i+1 < len(xs); i += 2 {
			xa := max(int(math.Ceil(xs[i]-0.5)), b.Min.X)
			xb := min(int(math.Floor(xs[i+1]-0.5)), b.Max.X-1)
			for x := xa; x <= xb; x++ {
				c.img.SetRGBA(x, y, col)
			}
		}
	}
}

// line draws a polyline of the given pixel width.
func (c *canvas) line(pts []Pt, col color.RGBA, width float64) {
	for i := 1; i < len(pts); i++ {
		ax, ay := c.px(pts[i-1])
		bx, by := c.px(pts[i])
		n := int(math.Max(math.Abs(bx-ax), math.Abs(by-ay))*2) + 1
		for k := 0; k <= n; k++ {
			t := float64(k) / float64(n)
			c.disc(ax+(bx-ax)*t, ay+(by-ay)*t, width/2, col)
		}
	}
}

// dot draws a filled disc at p of radius r pixels.
func (c *canvas) dot(p Pt, r float64, col color.RGBA) {
	x, y := c.px(p)
	c.disc(x, y, r, col)
}

func (c *canvas) disc(x, y, r float64, col color.RGBA) {
	if r < 0.6 {
		c.set(int(x), int(y), col)
		return
	}
	for yy := int(y - r); yy <= int(y+r); yy++ {
		for xx := int(x - r); xx <= int(x+r); xx++ {
			dx, dy := float64(xx)+0.5-x, float64(yy)+0.5-y
			if dx*dx+dy*dy <= r*r {
				c.set(xx, yy, col)
			}
		}
	}
}

func (c *canvas) set(x, y int, col color.RGBA) {
	if image.Pt(x, y).In(c.img.Bounds()) {
		c.img.SetRGBA(x, y, col)
	}
}

// text writes s centred at p with the 5x7 font scaled by k, with a halo.
func (c *canvas) text(p Pt, s string, k int, col, halo color.RGBA) {
	x, y := c.px(p)
	w := len(s)*6*k - k
	ox, oy := int(x)-w/2, int(y)-7*k/2
	for pass := 0; pass < 2; pass++ {
		for i, r := range s {
			g, ok := glyphs[toUpper(r)]
			if !ok {
				continue
			}
			for row := 0; row < 7; row++ {
				for colm := 0; colm < 5; colm++ {
					if g[row][colm] != '#' {
						continue
					}
					bx, by := ox+(i*6+colm)*k, oy+row*k
					if pass == 0 {
						for dy := -1; dy <= k; dy++ {
							for dx := -1; dx <= k; dx++ {
								c.set(bx+dx, by+dy, halo)
							}
						}
						continue
					}
					for dy := 0; dy < k; dy++ {
						for dx := 0; dx < k; dx++ {
							c.set(bx+dx, by+dy, col)
						}
					}
				}
			}
		}
	}
}

func toUpper(r rune) rune {
	if r >= 'a' && r <= 'z' {
		return r - 'a' + 'A'
	}
	return r
}

func (c *canvas) save(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, c.img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
