package main

import (
	"fmt"
	"log"
	"math"

	"dipdesk/render/geometry"
)

// placeAnchors checks the unit anchors (the seeds) and places the labels
// and supply-centre markers that borders.txt leaves out: the label at the
// point of the province farthest from its edges and from the unit, the
// centre marker beside the unit.
func (b *board) placeAnchors(t *topo) {
	for i, r := range b.regions {
		if !r.HasSeed {
			continue
		}
		all, largest := regionRings(t, i)
		if !insideEvenOdd(r.Seed, all) || distToRings(r.Seed, all) < 1 {
			log.Printf("warning: %s: unit anchor is %.1f units from the edge of its province", r.ID, distToRings(r.Seed, all))
		}
		if !r.HasLabel {
			r.Label = bestSpot(largest, all, func(p Pt, edge float64) float64 {
				// Clear of the edges, about a dozen units from the unit.
				return math.Min(edge, 10) - 0.4*math.Abs(p.dist(r.Seed)-12)
			})
		}
		if r.IsSC && !r.HasSC {
			r.HasSC = true
			r.SC = bestSpot(largest, all, func(p Pt, edge float64) float64 {
				if edge < 2.5 {
					return edge - 100
				}
				d := p.dist(r.Seed)
				// Beside the unit, clear of the label text (wider than tall).
				lx, ly := math.Abs(p.X-r.Label.X), math.Abs(p.Y-r.Label.Y)
				clash := math.Max(0, 1-math.Max(lx/16, ly/6))
				return math.Min(edge, 5) - math.Abs(d-9) - 20*clash
			})
		}
	}
}

// bestSpot searches a grid over rings (then a finer one around the best
// point) for the inside point with the highest score; edge is the
// distance to the region's boundary (all).
func bestSpot(rings, all [][]Pt, score func(p Pt, edge float64) float64) Pt {
	box := emptyBox()
	for _, p := range rings[0] {
		box.extend(p)
	}
	step := math.Max(box.MaxX-box.MinX, box.MaxY-box.MinY) / 50
	best, bs := Pt{}, math.Inf(-1)
	try := func(p Pt) {
		if !insideEvenOdd(p, rings) {
			return
		}
		if s := score(p, distToRings(p, all)); s > bs {
			best, bs = p, s
		}
	}
	for x := box.MinX + step/2; x < box.MaxX; x += step {
		for y := box.MinY + step/2; y < box.MaxY; y += step {
			try(Pt{x, y})
		}
	}
	if math.IsInf(bs, -1) {
		p, _ := pointOnSurface(rings)
		return p
	}
	for k := 0; k < 2; k++ {
		c := best
		step /= 5
		for dx := -5; dx <= 5; dx++ {
			for dy := -5; dy <= 5; dy++ {
				try(Pt{c.X + float64(dx)*step, c.Y + float64(dy)*step})
			}
		}
	}
	return best
}

func insideEvenOdd(p Pt, rings [][]Pt) bool {
	in := false
	for _, r := range rings {
		if inRing(p, r) {
			in = !in
		}
	}
	return in
}

// splitCoasts finds, for each province with named coasts, the runs of
// its boundary that face the sea, and gives each run to the coast whose
// anchor (authored in the water off that coast) is nearest.
func (b *board) splitCoasts(t *topo) (map[int][]geometry.FileCoast, error) {
	out := map[int][]geometry.FileCoast{}
	byProv := map[string][]coastSeed{}
	for _, c := range b.d.Coasts {
		byProv[c.Abbr] = append(byProv[c.Abbr], c)
	}
	for _, p := range b.m.Provinces {
		var seeds, extra []coastSeed
		for _, c := range byProv[p.Abbr] {
			if c.Space == "" {
				seeds = append(seeds, c)
			} else {
				extra = append(extra, c)
			}
		}
		if len(p.Coasts) != len(seeds) {
			return nil, fmt.Errorf("mapgen: %s has %d coasts in standard.map and %d in borders.txt", p.Abbr, len(p.Coasts), len(seeds))
		}
		i := b.byID[p.Abbr]
		if len(seeds) > 0 {
			fc, err := b.assignRuns(t, p.Abbr, seeds, b.seaRuns(t, i, func(o int) bool { return b.regions[b.owner(o)].Kind == kindSea }))
			if err != nil {
				return nil, err
			}
			out[i] = append(out[i], fc...)
		}
		for _, c := range extra {
			sp, ok := b.byID[c.Space]
			if !ok || !b.regions[sp].Optional {
				return nil, &dataError{c.Line, c.Space + " is not an optional space"}
			}
			runs := b.seaRuns(t, i, func(o int) bool { return o == sp })
			fc, err := b.assignRuns(t, p.Abbr, []coastSeed{c}, runs)
			if err != nil {
				return nil, err
			}
			fc[0].Space = c.Space
			out[i] = append(out[i], fc...)
		}
	}
	return out, nil
}

// assignRuns gives each run of shore to the coast whose anchor is
// nearest.
func (b *board) assignRuns(t *topo, abbr string, seeds []coastSeed, runs [][]int) ([]geometry.FileCoast, error) {
	fc := make([]geometry.FileCoast, len(seeds))
	for k, s := range seeds {
		fc[k] = geometry.FileCoast{Coast: s.Coast, Anchor: b.toBoard(b.pr.Plane(s.At))}
	}
	for _, run := range runs {
		best, bd := -1, math.Inf(1)
		for k, s := range seeds {
			q := b.pr.Plane(s.At)
			for _, d := range run {
				l := dirPts(t.Arcs, d)
				for j := 1; j < len(l); j++ {
					if dd := distToSegment(q, l[j-1], l[j]); dd < bd {
						best, bd = k, dd
					}
				}
			}
		}
		for _, d := range run {
			fc[best].Arcs = append(fc[best].Arcs, d/2)
		}
	}
	for k, c := range fc {
		if len(c.Arcs) == 0 {
			return nil, &dataError{seeds[k].Line, fmt.Sprintf("%s/%s: no stretch of coast is nearest this anchor", abbr, c.Coast)}
		}
	}
	return fc, nil
}

// seaRuns returns the maximal runs of consecutive directed arcs on the
// rings of region i whose far side satisfies facing.
func (b *board) seaRuns(t *topo, i int, facing func(o int) bool) [][]int {
	var runs [][]int
	seaSide := func(d int) bool {
		o := t.Arcs[d/2].Right
		if d%2 == 1 {
			o = t.Arcs[d/2].Left
		}
		return o >= 0 && facing(o)
	}
	for _, p := range t.Polys[i] {
		rings := append([]ring{p.Outer}, p.Holes...)
		for _, r := range rings {
			start := -1
			for k, d := range r {
				if !seaSide(d) {
					start = k
					break
				}
			}
			if start < 0 {
				runs = append(runs, append([]int(nil), r...))
				continue
			}
			var cur []int
			for k := 1; k <= len(r); k++ {
				d := r[(start+k)%len(r)]
				if seaSide(d) {
					cur = append(cur, d)
				} else if len(cur) > 0 {
					runs = append(runs, cur)
					cur = nil
				}
			}
			if len(cur) > 0 {
				runs = append(runs, cur)
			}
		}
	}
	return runs
}
