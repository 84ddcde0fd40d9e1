package main

import (
	"fmt"
	"hash/fnv"
	"image/color"
	"log"
	"os"
	"strings"

	"dipdesk/render/geometry"
)

// drawBoardFile loads the topology file just written (through the
// package the game uses) and draws every province in its own colour with
// its name, unit, supply-centre and coast anchors, the islands, the
// optional spaces in outline, and the arcs.
func drawBoardFile(in, out string, px int, win bbox) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	gb, err := geometry.Parse(f)
	if err != nil {
		return err
	}
	// The canvas works in plane coordinates with y down here (flipY false).
	if win == (bbox{}) {
		win = bbox{0, 0, gb.Width, gb.Height}
	}
	c := newCanvas(win, px, false)
	c.clear(color.RGBA{0xff, 0xff, 0xff, 0xff})
	for _, r := range gb.Regions {
		col := regionColour(r)
		for _, poly := range r.Polygons {
			c.fill(ptsRings(poly), col)
		}
	}
	for _, a := range gb.Arcs {
		c.line(toPts(a), color.RGBA{0x30, 0x30, 0x30, 0xff}, 1)
	}
	for _, s := range gb.Spaces {
		box := []Pt{{s.Min.X, s.Min.Y}, {s.Max.X, s.Min.Y}, {s.Max.X, s.Max.Y}, {s.Min.X, s.Max.Y}, {s.Min.X, s.Min.Y}}
		c.line(box, color.RGBA{0x80, 0x00, 0x80, 0xff}, 2)
		c.text(Pt{(s.Min.X + s.Max.X) / 2, (s.Min.Y + s.Max.Y) / 2}, s.Name, 2, color.RGBA{0x80, 0x00, 0x80, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff})
	}
	for _, u := range gb.Underpasses {
		hub := Pt{u.Hub.X, u.Hub.Y}
		for _, p := range u.Provinces {
			r := gb.Region(p)
			c.line([]Pt{hub, {r.Unit.X, r.Unit.Y}}, color.RGBA{0x80, 0x00, 0x80, 0xff}, 1)
		}
		c.dot(hub, 4, color.RGBA{0x80, 0x00, 0x80, 0xff})
	}
	black, white := color.RGBA{0, 0, 0, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff}
	for _, r := range gb.Regions {
		if r.Kind == geometry.Island && !r.Optional || r.Kind == geometry.Lake && r.Host != "" {
			continue
		}
		name := strings.ToUpper(r.ID)
		if r.Optional {
			name = "(" + r.Name + ")"
		}
		c.text(Pt{r.Label.X, r.Label.Y}, name, 2, black, white)
		if r.Optional {
			continue
		}
		c.dot(Pt{r.Unit.X, r.Unit.Y}, 4, color.RGBA{0xc0, 0x00, 0x00, 0xff})
		if r.HasSC {
			c.dot(Pt{r.SC.X, r.SC.Y}, 5, black)
			c.dot(Pt{r.SC.X, r.SC.Y}, 3, color.RGBA{0xff, 0xd0, 0x00, 0xff})
		}
		for _, k := range r.Coasts {
			p := Pt{k.Anchor.X, k.Anchor.Y}
			c.dot(p, 4, color.RGBA{0x00, 0x00, 0xc0, 0xff})
			c.text(p.add(Pt{0, 4}), r.ID+"/"+k.Coast.String(), 1, color.RGBA{0x00, 0x00, 0xc0, 0xff}, white)
		}
	}
	return c.save(out)
}

func toPts(a []geometry.Point) []Pt {
	out := make([]Pt, len(a))
	for i, p := range a {
		out[i] = Pt{p.X, p.Y}
	}
	return out
}

func ptsRings(p geometry.Polygon) [][]Pt {
	var out [][]Pt
	for _, r := range p {
		out = append(out, toPts(r))
	}
	return out
}

// regionColour gives seas blues, land pastels, islands and lakes plain
// colours, all from a hash of the id so they stay put between runs.
func regionColour(r *geometry.Region) color.RGBA {
	h := fnv.New32a()
	h.Write([]byte(r.ID))
	v := h.Sum32()
	j := func(k uint) uint8 { return uint8((v >> k) & 0x3f) }
	switch r.Kind {
	case geometry.Sea:
		return color.RGBA{0x80 + j(0)/2, 0xa8 + j(6)/2, 0xd8 + j(12)/3, 0xff}
	case geometry.Island:
		if r.Optional {
			return color.RGBA{0xb8, 0xb0, 0x98, 0xff}
		}
		return color.RGBA{0xcc, 0xc6, 0xb4, 0xff}
	case geometry.Lake:
		return color.RGBA{0x9c, 0xc0, 0xe0, 0xff}
	}
	if r.ID == "swi" {
		return color.RGBA{0xa0, 0xa0, 0xa0, 0xff}
	}
	return color.RGBA{0xc0 + j(0)/2, 0xb0 + j(6)/2, 0x90 + j(12)/2, 0xff}
}

// report compares the adjacency the written geometry implies with
// standard.map and prints the differences.
func report(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	gb, err := geometry.Parse(f)
	if err != nil {
		return err
	}
	m, err := standardMap()
	if err != nil {
		return err
	}
	adj, err := gb.Adjacency()
	if err != nil {
		return err
	}
	want := geometry.MapAdjacency(m)
	bad := false
	for _, k := range []struct {
		name      string
		got, want map[[2]string]bool
	}{{"army", adj.Army, want.Army}, {"fleet", adj.Fleet, want.Fleet}} {
		extra, missing := geometry.Diff(k.got, k.want)
		if len(extra)+len(missing) > 0 {
			bad = true
			log.Printf("%s adjacency: geometry has %d extra %v", k.name, len(extra), extra)
			log.Printf("%s adjacency: geometry lacks %d %v", k.name, len(missing), missing)
		}
	}
	if bad {
		return fmt.Errorf("the geometry does not match standard.map")
	}
	log.Printf("adjacency matches standard.map: %d army and %d fleet links", len(adj.Army), len(adj.Fleet))
	return nil
}
