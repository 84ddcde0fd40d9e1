package main

import (
	"fmt"
	"image/color"
)

// drawRaw draws stage one (land and water), a graticule, the authored
// border lines, fills, cuts and seeds: the picture to author borders.txt
// against.
func drawRaw(path string, d *boardData, pr *projection, lm *landMap, win bbox, px int) error {
	c := newCanvas(win, px, true)
	c.clear(color.RGBA{0x9c, 0xc3, 0xe6, 0xff})
	for _, f := range lm.Faces {
		c.fill(f, color.RGBA{0xe8, 0xe0, 0xc8, 0xff})
	}
	for _, e := range lm.Coast {
		c.line(e[:], color.RGBA{0x50, 0x50, 0x50, 0xff}, 1)
	}
	// Graticule: every degree when zoomed in, every five otherwise.
	step := 5.0
	if win.MaxX-win.MinX < 200 {
		step = 1
	}
	grey := color.RGBA{0x70, 0x70, 0x90, 0xff}
	for lon := -40.0; lon <= 80; lon += step {
		var l []Pt
		for lat := 20.0; lat <= 80; lat += 0.25 {
			l = append(l, pr.Plane(LonLat{lon, lat}))
		}
		c.line(l, grey, 0.6)
	}
	for lat := 20.0; lat <= 80; lat += step {
		var l []Pt
		for lon := -40.0; lon <= 80; lon += 0.25 {
			l = append(l, pr.Plane(LonLat{lon, lat}))
		}
		c.line(l, grey, 0.6)
	}
	for lon := -40.0; lon <= 80; lon += step {
		for lat := 20.0; lat <= 80; lat += step {
			p := pr.Plane(LonLat{lon, lat})
			if win.contains(p) {
				c.text(p, fmt.Sprintf("%g/%g", lon, lat), 1, grey, color.RGBA{0xff, 0xff, 0xff, 0xff})
			}
		}
	}
	for _, f := range d.Fills {
		c.line(closeRing(pr.planeRing(f.Pts)), color.RGBA{0x00, 0x90, 0x00, 0xff}, 1.5)
	}
	for _, f := range d.Cuts {
		c.line(closeRing(pr.planeRing(f.Pts)), color.RGBA{0x00, 0x00, 0xd0, 0xff}, 1.5)
	}
	red := color.RGBA{0xd0, 0x10, 0x10, 0xff}
	for _, b := range d.Borders {
		pts := pr.planeRing(b.Pts)
		c.line(pts, red, 1.5)
		mid := pts[len(pts)/2]
		if len(pts) == 2 {
			mid = lerp(pts[0], pts[1], 0.5)
		}
		c.text(mid, b.A+"-"+b.B, 1, red, color.RGBA{0xff, 0xff, 0xff, 0xff})
	}
	black := color.RGBA{0, 0, 0, 0xff}
	white := color.RGBA{0xff, 0xff, 0xff, 0xff}
	k := 1
	if win.MaxX-win.MinX < 400 {
		k = 2
	}
	for _, p := range d.Provinces {
		q := pr.Plane(p.At)
		c.dot(q, 3, black)
		c.text(q.add(Pt{0, 8 / c.s}), p.Abbr, k, black, white)
	}
	for _, p := range d.Coasts {
		q := pr.Plane(p.At)
		c.dot(q, 3, color.RGBA{0x00, 0x00, 0xa0, 0xff})
		c.text(q.add(Pt{0, -8 / c.s}), p.Abbr+"/"+p.Coast, 1, color.RGBA{0x00, 0x00, 0xa0, 0xff}, white)
	}
	for _, p := range d.Islands {
		q := pr.Plane(p.At)
		c.dot(q, 3, color.RGBA{0x80, 0x00, 0x80, 0xff})
		c.text(q.add(Pt{0, -8 / c.s}), p.ID, 1, color.RGBA{0x80, 0x00, 0x80, 0xff}, white)
	}
	for _, p := range d.Lakes {
		q := pr.Plane(p.At)
		c.dot(q, 3, color.RGBA{0x00, 0x60, 0x60, 0xff})
		c.text(q.add(Pt{0, -8 / c.s}), p.ID, 1, color.RGBA{0x00, 0x60, 0x60, 0xff}, white)
	}
	for name, ll := range d.Points {
		q := pr.Plane(ll)
		if win.contains(q) && win.MaxX-win.MinX < 400 {
			c.dot(q, 2, red)
			c.text(q.add(Pt{0, 8 / c.s}), name, 1, red, white)
		}
	}
	for _, r := range lm.drops {
		if win.contains(r.At) && win.MaxX-win.MinX < 400 {
			c.dot(r.At, 1.5, color.RGBA{0xff, 0x80, 0x00, 0xff})
		}
	}
	return c.save(path)
}
