package main

import (
	"fmt"
	"math"
	"sort"
)

// This file turns a set of polylines into a planar subdivision: it clips
// them to the frame, nodes them at every crossing, drops dangling ends and
// traces the faces (outer ring plus holes) of the resulting graph.

// line is an input polyline. Lines of group 1 are known not to cross each
// other (the coastline), so only their crossings with other lines are
// computed.
type line struct {
	pts   []Pt
	src   int // index into the caller's list of sources
	group int
}

// edge is an edge of the noded graph between nodes U and V.
type edge struct {
	U, V int
	Srcs []int // sources whose lines run along this edge
}

// face is a bounded face: a counter-clockwise outer cycle and clockwise
// hole cycles, as half-edge ids (2e is U->V of edge e, 2e+1 is V->U).
type face struct {
	Outer []int
	Holes [][]int
	Area  float64 // outer area minus holes
	Inner Pt      // a point inside the face
	Box   bbox
}

// planar is a noded graph with its faces.
type planar struct {
	Nodes  []Pt
	Edges  []edge
	out    [][]int // outgoing half-edges per node, by angle
	pos    []int   // index of each half-edge in its origin's out list
	HeFace []int   // face on the left of each half-edge, -1 outside
	Faces  []*face
	frame  bbox
}

func (g *planar) origin(h int) int {
	if h%2 == 0 {
		return g.Edges[h/2].U
	}
	return g.Edges[h/2].V
}

func (g *planar) dest(h int) int { return g.origin(h ^ 1) }

// cyclePts returns the points of a half-edge cycle as an open ring.
func (g *planar) cyclePts(c []int) []Pt {
	out := make([]Pt, len(c))
	for i, h := range c {
		out[i] = g.Nodes[g.origin(h)]
	}
	return out
}

// faceRings returns the rings of face f: outer first, then holes.
func (g *planar) faceRings(f *face) [][]Pt {
	rings := [][]Pt{g.cyclePts(f.Outer)}
	for _, h := range f.Holes {
		rings = append(rings, g.cyclePts(h))
	}
	return rings
}

// buildPlanar nodes lines inside frame and traces the faces.
func buildPlanar(lines []line, frame bbox) (*planar, error) {
	segs := clipLines(lines, frame)
	corners := []Pt{{frame.MinX, frame.MinY}, {frame.MaxX, frame.MinY}, {frame.MaxX, frame.MaxY}, {frame.MinX, frame.MaxY}}
	for i := range corners {
		segs = append(segs, seg{corners[i], corners[(i+1)%4], -1, 0})
	}
	splits := nodeSegments(segs, frame)
	g := &planar{frame: frame}
	g.assemble(segs, splits)
	g.pruneDangles()
	g.sortStars()
	if err := g.traceFaces(); err != nil {
		return nil, err
	}
	return g, nil
}

type seg struct {
	A, B  Pt
	Src   int
	Group int
}

// clipLines cuts every line to the frame (Liang-Barsky on each segment)
// and returns the surviving segments.
func clipLines(lines []line, fr bbox) []seg {
	var out []seg
	for _, l := range lines {
		for i := 1; i < len(l.pts); i++ {
			a, b, ok := clipSegment(l.pts[i-1], l.pts[i], fr)
			if ok && a != b {
				out = append(out, seg{a, b, l.src, l.group})
			}
		}
	}
	return out
}

func clipSegment(a, b Pt, fr bbox) (Pt, Pt, bool) {
	t0, t1 := 0.0, 1.0
	d := b.sub(a)
	for _, c := range [4][2]float64{{-d.X, a.X - fr.MinX}, {d.X, fr.MaxX - a.X}, {-d.Y, a.Y - fr.MinY}, {d.Y, fr.MaxY - a.Y}} {
		p, q := c[0], c[1]
		if p == 0 {
			if q < 0 {
				return a, b, false
			}
			continue
		}
		r := q / p
		if p < 0 {
			if r > t1 {
				return a, b, false
			}
			t0 = math.Max(t0, r)
		} else {
			if r < t0 {
				return a, b, false
			}
			t1 = math.Min(t1, r)
		}
	}
	na, nb := a, b
	if t0 > 0 {
		na = snapToFrame(lerp(a, b, t0), fr)
	}
	if t1 < 1 {
		nb = snapToFrame(lerp(a, b, t1), fr)
	}
	return na, nb, true
}

// snapToFrame puts a point computed on the frame exactly onto it.
func snapToFrame(p Pt, fr bbox) Pt {
	const e = 1e-9
	switch {
	case math.Abs(p.X-fr.MinX) < e:
		p.X = fr.MinX
	case math.Abs(p.X-fr.MaxX) < e:
		p.X = fr.MaxX
	}
	switch {
	case math.Abs(p.Y-fr.MinY) < e:
		p.Y = fr.MinY
	case math.Abs(p.Y-fr.MaxY) < e:
		p.Y = fr.MaxY
	}
	return p
}

// nodeSegments finds every crossing between segments (except between two
// segments of group 1) and returns, per segment, the points where it must
// be split. A uniform grid keeps this near linear.
func nodeSegments(segs []seg, fr bbox) [][]Pt {
	splits := make([][]Pt, len(segs))
	const n = 256
	cw, ch := (fr.MaxX-fr.MinX)/n, (fr.MaxY-fr.MinY)/n
	cell := func(x, y float64) (int, int) {
		i := int((x - fr.MinX) / cw)
		j := int((y - fr.MinY) / ch)
		return min(max(i, 0), n-1), min(max(j, 0), n-1)
	}
	grid := make(map[int][]int)
	for i, s := range segs {
		x0, y0 := cell(math.Min(s.A.X, s.B.X), math.Min(s.A.Y, s.B.Y))
		x1, y1 := cell(math.Max(s.A.X, s.B.X), math.Max(s.A.Y, s.B.Y))
		for x := x0; x <= x1; x++ {
			for y := y0; y <= y1; y++ {
				grid[y*n+x] = append(grid[y*n+x], i)
			}
		}
	}
	type pair struct{ a, b int }
	seen := make(map[pair]bool)
	for _, list := range grid {
		for ii, i := range list {
			for _, j := range list[ii+1:] {
				si, sj := segs[i], segs[j]
				if si.Group == 1 && sj.Group == 1 {
					continue
				}
				p := pair{min(i, j), max(i, j)}
				if seen[p] {
					continue
				}
				seen[p] = true
				for _, x := range segIntersect(si.A, si.B, sj.A, sj.B) {
					splits[i] = append(splits[i], x)
					splits[j] = append(splits[j], x)
				}
			}
		}
	}
	return splits
}

// segIntersect returns the points shared by segments pq and rs: none, one,
// or the ends of a collinear overlap. Points within a tiny distance of an
// end are snapped to that end, so that every user of the point agrees on
// it exactly.
func segIntersect(p, q, r, s Pt) []Pt {
	d1, d2 := q.sub(p), s.sub(r)
	den := cross(d1, d2)
	scale := math.Max(math.Abs(d1.X)+math.Abs(d1.Y), math.Abs(d2.X)+math.Abs(d2.Y))
	if math.Abs(den) <= 1e-14*scale*scale {
		// Parallel: only collinear overlaps matter.
		if math.Abs(cross(r.sub(p), d1)) > 1e-9*scale {
			return nil
		}
		var out []Pt
		for _, c := range []Pt{p, q} {
			if onSegment(c, r, s) {
				out = append(out, c)
			}
		}
		for _, c := range []Pt{r, s} {
			if onSegment(c, p, q) {
				out = append(out, c)
			}
		}
		return out
	}
	t := cross(r.sub(p), d2) / den
	u := cross(r.sub(p), d1) / den
	const e = 1e-10
	if t < -e || t > 1+e || u < -e || u > 1+e {
		return nil
	}
	x := lerp(p, q, t)
	for _, c := range []Pt{p, q, r, s} {
		if x.dist(c) < 1e-7 {
			return []Pt{c}
		}
	}
	return []Pt{x}
}

func onSegment(c, a, b Pt) bool {
	d := b.sub(a)
	l2 := dot(d, d)
	if l2 == 0 {
		return false
	}
	t := dot(c.sub(a), d) / l2
	return t > 1e-12 && t < 1-1e-12
}

// assemble splits segments at their crossings and merges identical
// points into nodes and identical node pairs into edges.
func (g *planar) assemble(segs []seg, splits [][]Pt) {
	nodeID := make(map[Pt]int)
	node := func(p Pt) int {
		if id, ok := nodeID[p]; ok {
			return id
		}
		nodeID[p] = len(g.Nodes)
		g.Nodes = append(g.Nodes, p)
		return len(g.Nodes) - 1
	}
	type key struct{ u, v int }
	edgeID := make(map[key]int)
	for i, s := range segs {
		pts := append([]Pt{s.A, s.B}, splits[i]...)
		d := s.B.sub(s.A)
		sort.Slice(pts, func(a, b int) bool { return dot(pts[a].sub(s.A), d) < dot(pts[b].sub(s.A), d) })
		for k := 1; k < len(pts); k++ {
			u, v := node(pts[k-1]), node(pts[k])
			if u == v {
				continue
			}
			kk := key{min(u, v), max(u, v)}
			if id, ok := edgeID[kk]; ok {
				g.Edges[id].Srcs = appendUnique(g.Edges[id].Srcs, s.Src)
				continue
			}
			edgeID[kk] = len(g.Edges)
			g.Edges = append(g.Edges, edge{U: u, V: v, Srcs: []int{s.Src}})
		}
	}
}

func appendUnique(s []int, x int) []int {
	for _, v := range s {
		if v == x {
			return s
		}
	}
	return append(s, x)
}

// pruneDangles removes edges that end in a node of degree one, again and
// again: the overshooting ends of borders.
func (g *planar) pruneDangles() {
	deg := make([]int, len(g.Nodes))
	inc := make([][]int, len(g.Nodes))
	for i, e := range g.Edges {
		deg[e.U]++
		deg[e.V]++
		inc[e.U] = append(inc[e.U], i)
		inc[e.V] = append(inc[e.V], i)
	}
	dead := make([]bool, len(g.Edges))
	var queue []int
	for n, d := range deg {
		if d == 1 {
			queue = append(queue, n)
		}
	}
	for len(queue) > 0 {
		n := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if deg[n] != 1 {
			continue
		}
		for _, e := range inc[n] {
			if dead[e] {
				continue
			}
			dead[e] = true
			o := g.Edges[e].U
			if o == n {
				o = g.Edges[e].V
			}
			deg[n]--
			deg[o]--
			if deg[o] == 1 {
				queue = append(queue, o)
			}
		}
	}
	kept := g.Edges[:0]
	for i, e := range g.Edges {
		if !dead[i] {
			kept = append(kept, e)
		}
	}
	g.Edges = kept
}

// sortStars orders the outgoing half-edges of every node
// counter-clockwise.
func (g *planar) sortStars() {
	g.out = make([][]int, len(g.Nodes))
	for i := range g.Edges {
		g.out[g.Edges[i].U] = append(g.out[g.Edges[i].U], 2*i)
		g.out[g.Edges[i].V] = append(g.out[g.Edges[i].V], 2*i+1)
	}
	g.pos = make([]int, 2*len(g.Edges))
	for n, hs := range g.out {
		p := g.Nodes[n]
		ang := make(map[int]float64, len(hs))
		for _, h := range hs {
			q := g.Nodes[g.dest(h)]
			ang[h] = math.Atan2(q.Y-p.Y, q.X-p.X)
		}
		sort.Slice(hs, func(a, b int) bool { return ang[hs[a]] < ang[hs[b]] })
		for i, h := range hs {
			g.pos[h] = i
		}
	}
}

// next returns the half-edge that follows h around the face on h's left:
// at h's end, the outgoing half-edge just clockwise of h's twin.
func (g *planar) next(h int) int {
	t := h ^ 1
	hs := g.out[g.origin(t)]
	return hs[(g.pos[t]-1+len(hs))%len(hs)]
}

// traceFaces walks every cycle. Counter-clockwise cycles are bounded
// faces; clockwise ones bound a connected component from outside and
// become a hole of the smallest face of another component around them
// (or the unbounded outside, for the component holding the frame).
func (g *planar) traceFaces() error {
	nh := 2 * len(g.Edges)
	cycleOf := make([]int, nh)
	for i := range cycleOf {
		cycleOf[i] = -1
	}
	var cycles [][]int
	for h := 0; h < nh; h++ {
		if cycleOf[h] >= 0 {
			continue
		}
		var c []int
		for x := h; cycleOf[x] < 0; x = g.next(x) {
			cycleOf[x] = len(cycles)
			c = append(c, x)
		}
		cycles = append(cycles, c)
	}
	comp := g.components()
	frameComp := comp[g.nearestNode(Pt{g.frame.MinX, g.frame.MinY})]
	g.HeFace = make([]int, nh)
	for i := range g.HeFace {
		g.HeFace[i] = -1
	}
	var holes [][]int
	for _, c := range cycles {
		a := ringArea(g.cyclePts(c))
		switch {
		case a > 0:
			f := &face{Outer: c, Area: a, Box: ringBox(g.cyclePts(c))}
			for _, h := range c {
				g.HeFace[h] = len(g.Faces)
			}
			g.Faces = append(g.Faces, f)
		case comp[g.origin(c[0])] != frameComp:
			holes = append(holes, c)
		}
	}
	boxed := make([][]Pt, len(g.Faces))
	for i, f := range g.Faces {
		boxed[i] = g.cyclePts(f.Outer)
	}
	for _, c := range holes {
		p := g.Nodes[g.origin(c[0])]
		best, bestA := -1, math.Inf(1)
		for i, f := range g.Faces {
			if comp[g.origin(f.Outer[0])] == comp[g.origin(c[0])] || f.Area >= bestA || !f.Box.contains(p) {
				continue
			}
			if inRing(p, boxed[i]) {
				best, bestA = i, f.Area
			}
		}
		if best < 0 {
			return fmt.Errorf("mapgen: a component near %.1f,%.1f lies in no face", p.X, p.Y)
		}
		f := g.Faces[best]
		f.Holes = append(f.Holes, c)
		for _, h := range c {
			g.HeFace[h] = best
		}
	}
	for _, f := range g.Faces {
		for _, h := range f.Holes {
			f.Area += ringArea(g.cyclePts(h))
		}
		p, ok := pointOnSurface(g.faceRings(f))
		if !ok {
			p = g.Nodes[g.origin(f.Outer[0])]
		}
		f.Inner = p
	}
	return nil
}

func (g *planar) nearestNode(p Pt) int {
	best, bd := 0, math.Inf(1)
	for i, q := range g.Nodes {
		if d := p.dist(q); d < bd {
			best, bd = i, d
		}
	}
	return best
}

// components labels the connected components of the graph.
func (g *planar) components() []int {
	parent := make([]int, len(g.Nodes))
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, e := range g.Edges {
		a, b := find(e.U), find(e.V)
		if a != b {
			parent[a] = b
		}
	}
	out := make([]int, len(g.Nodes))
	for i := range out {
		out[i] = find(i)
	}
	return out
}

// faceAt returns the face containing p, or -1.
func (g *planar) faceAt(p Pt) int {
	for i, f := range g.Faces {
		if !f.Box.contains(p) {
			continue
		}
		if !inRing(p, g.cyclePts(f.Outer)) {
			continue
		}
		inHole := false
		for _, h := range f.Holes {
			if inRing(p, g.cyclePts(h)) {
				inHole = true
				break
			}
		}
		if !inHole {
			return i
		}
	}
	return -1
}
