package main

import (
	"fmt"
	"math"
	"sort"
)

// arc is a stretch of boundary between two regions, stored once. Left and
// Right are the regions on either side when walking Pts in order (-1 is
// outside the frame).
type arc struct {
	Pts         []Pt
	Left, Right int
	tol         float64 // simplification tolerance still allowed
	orig        []Pt
}

// ring is a cycle of directed arcs: d = 2a walks arc a forward, 2a+1
// backward.
type ring []int

// polygon is an outer ring and its holes.
type polygon struct {
	Outer ring
	Holes []ring
}

// topo is the board as arcs and polygons per region.
type topo struct {
	Arcs  []*arc
	Polys [][]polygon // per region
}

// buildArcs chains the graph's boundary edges (edges whose sides belong to
// different regions) into arcs that break where three or more regions
// meet or where the pair of regions changes.
func (b *board) buildArcs() []*arc {
	g := b.g
	reg := func(h int) int {
		if f := g.HeFace[h]; f >= 0 {
			return b.faceReg[f]
		}
		return -1
	}
	boundary := make([]bool, len(g.Edges))
	at := make([][]int, len(g.Nodes))
	for i, e := range g.Edges {
		if reg(2*i) != reg(2*i+1) {
			boundary[i] = true
			at[e.U] = append(at[e.U], i)
			at[e.V] = append(at[e.V], i)
		}
	}
	pairKey := func(e int) [2]int {
		a, c := reg(2*e), reg(2*e+1)
		return [2]int{min(a, c), max(a, c)}
	}
	isBreak := make([]bool, len(g.Nodes))
	for n, es := range at {
		isBreak[n] = len(es) != 2 || (len(es) == 2 && pairKey(es[0]) != pairKey(es[1]))
	}
	used := make([]bool, len(g.Edges))
	var arcs []*arc
	walk := func(start, e int) {
		h := 2 * e
		if g.Edges[e].U != start {
			h = 2*e + 1
		}
		a := &arc{Left: reg(h), Right: reg(h ^ 1), Pts: []Pt{g.Nodes[start]}}
		for {
			used[h/2] = true
			m := g.dest(h)
			a.Pts = append(a.Pts, g.Nodes[m])
			if isBreak[m] || m == start {
				break
			}
			nx := at[m][0]
			if nx == h/2 {
				nx = at[m][1]
			}
			if used[nx] {
				break
			}
			h = 2 * nx
			if g.Edges[nx].U != m {
				h = 2*nx + 1
			}
		}
		arcs = append(arcs, a)
	}
	for n, es := range at {
		if !isBreak[n] {
			continue
		}
		for _, e := range es {
			if !used[e] {
				walk(n, e)
			}
		}
	}
	for i, e := range g.Edges {
		if boundary[i] && !used[i] {
			walk(e.U, i)
		}
	}
	return arcs
}

// arcEnds returns the first and last point of directed arc d and the
// direction it leaves its origin in.
func dirArc(arcs []*arc, d int) (from, to Pt, angle float64) {
	p := arcs[d/2].Pts
	if d%2 == 0 {
		return p[0], p[len(p)-1], math.Atan2(p[1].Y-p[0].Y, p[1].X-p[0].X)
	}
	n := len(p)
	return p[n-1], p[0], math.Atan2(p[n-2].Y-p[n-1].Y, p[n-2].X-p[n-1].X)
}

func dirLeft(arcs []*arc, d int) int {
	if d%2 == 0 {
		return arcs[d/2].Left
	}
	return arcs[d/2].Right
}

// dirPts returns the points of directed arc d.
func dirPts(arcs []*arc, d int) []Pt {
	p := arcs[d/2].Pts
	if d%2 == 0 {
		return p
	}
	out := make([]Pt, len(p))
	for i := range p {
		out[i] = p[len(p)-1-i]
	}
	return out
}

// ringPts returns the closed-less point list of a ring.
func ringPts(arcs []*arc, r ring) []Pt {
	var out []Pt
	for _, d := range r {
		p := dirPts(arcs, d)
		out = append(out, p[:len(p)-1]...)
	}
	return out
}

// buildRings traces the faces of the arc graph: every cycle has a single
// region on its left. Counter-clockwise cycles are outer rings,
// clockwise ones holes, which go to the smallest outer ring of the same
// region around them.
func buildRings(arcs []*arc, nregions int) ([][]polygon, error) {
	type star struct {
		ds  []int
		ang []float64
	}
	stars := map[Pt]*star{}
	for d := 0; d < 2*len(arcs); d++ {
		from, _, ang := dirArc(arcs, d)
		s := stars[from]
		if s == nil {
			s = &star{}
			stars[from] = s
		}
		s.ds = append(s.ds, d)
		s.ang = append(s.ang, ang)
	}
	pos := make([]int, 2*len(arcs))
	for _, s := range stars {
		idx := make([]int, len(s.ds))
		for i := range idx {
			idx[i] = i
		}
		sort.Slice(idx, func(a, b int) bool { return s.ang[idx[a]] < s.ang[idx[b]] })
		ds := make([]int, len(idx))
		for i, k := range idx {
			ds[i] = s.ds[k]
		}
		s.ds = ds
		for i, d := range ds {
			pos[d] = i
		}
	}
	next := func(d int) int {
		t := d ^ 1
		from, _, _ := dirArc(arcs, t)
		s := stars[from]
		return s.ds[(pos[t]-1+len(s.ds))%len(s.ds)]
	}
	seen := make([]bool, 2*len(arcs))
	type cyc struct {
		r    ring
		area float64
		reg  int
	}
	var outers, holes []cyc
	for d := range seen {
		if seen[d] {
			continue
		}
		var r ring
		reg := dirLeft(arcs, d)
		for x := d; !seen[x]; x = next(x) {
			seen[x] = true
			if dirLeft(arcs, x) != reg {
				p, _, _ := dirArc(arcs, x)
				return nil, fmt.Errorf("mapgen: ring of region %d changes region at %.1f,%.1f", reg, p.X, p.Y)
			}
			r = append(r, x)
		}
		if reg < 0 {
			continue
		}
		a := ringArea(ringPts(arcs, r))
		if a > 0 {
			outers = append(outers, cyc{r, a, reg})
		} else {
			holes = append(holes, cyc{r, a, reg})
		}
	}
	polys := make([][]polygon, nregions)
	type ref struct{ reg, i int }
	outerOf := map[int]ref{}
	for k, o := range outers {
		outerOf[k] = ref{o.reg, len(polys[o.reg])}
		polys[o.reg] = append(polys[o.reg], polygon{Outer: o.r})
	}
	for _, h := range holes {
		p := ringPts(arcs, h.r)
		best, ba := -1, math.Inf(1)
		for k, o := range outers {
			if o.reg != h.reg || o.area >= ba {
				continue
			}
			op := ringPts(arcs, o.r)
			if holeInside(p, op) {
				best, ba = k, o.area
			}
		}
		if best < 0 {
			return nil, fmt.Errorf("mapgen: a hole of region %d near %.1f,%.1f has no outer ring", h.reg, p[0].X, p[0].Y)
		}
		rf := outerOf[best]
		polys[rf.reg][rf.i].Holes = append(polys[rf.reg][rf.i].Holes, h.r)
	}
	return polys, nil
}

// holeInside reports whether ring h lies inside ring o, testing the
// midpoints of h's edges (its vertices may lie on o).
func holeInside(h, o []Pt) bool {
	in, out := 0, 0
	for i := range h {
		m := lerp(h[i], h[(i+1)%len(h)], 0.5)
		if distToRings(m, [][]Pt{o}) < 1e-9 {
			continue
		}
		if inRing(m, o) {
			in++
		} else {
			out++
		}
		if in+out >= 5 {
			break
		}
	}
	return in > out
}
