package main

import (
	"log"
	"math"
)

// douglasPeucker simplifies an open polyline keeping its ends (Douglas
// and Peucker, 1973). A closed polyline (first point = last) is split at
// the point farthest from its start so that it keeps some body.
func douglasPeucker(pts []Pt, tol float64) []Pt {
	n := len(pts)
	if n <= 2 || tol <= 0 {
		return append([]Pt(nil), pts...)
	}
	if pts[0] == pts[n-1] {
		far, fd := 0, -1.0
		for i := 1; i < n-1; i++ {
			if d := pts[i].dist(pts[0]); d > fd {
				far, fd = i, d
			}
		}
		a := douglasPeucker(pts[:far+1], tol)
		c := douglasPeucker(pts[far:], tol)
		out := append(a, c[1:]...)
		if len(out) < 4 {
			return append([]Pt(nil), pts...)
		}
		return out
	}
	keep := make([]bool, n)
	keep[0], keep[n-1] = true, true
	var rec func(i, j int)
	rec = func(i, j int) {
		best, bd := -1, tol
		for k := i + 1; k < j; k++ {
			if d := distToSegment(pts[k], pts[i], pts[j]); d > bd {
				best, bd = k, d
			}
		}
		if best >= 0 {
			keep[best] = true
			rec(i, best)
			rec(best, j)
		}
	}
	rec(0, n-1)
	var out []Pt
	for i, k := range keep {
		if k {
			out = append(out, pts[i])
		}
	}
	return out
}

// simplifyArcs simplifies every arc with tolerance tol, then looks for
// arcs that now cross another arc or turn a ring inside out, and
// simplifies those again with half the tolerance, until none is left.
func simplifyArcs(t *topo, tol float64) {
	for _, a := range t.Arcs {
		a.orig = a.Pts
		a.tol = tol
	}
	for round := 0; round < 12; round++ {
		for _, a := range t.Arcs {
			a.Pts = douglasPeucker(a.orig, a.tol)
		}
		bad := crossingArcs(t.Arcs)
		for k := range badRings(t) {
			bad[k] = true
		}
		if len(bad) == 0 {
			n, fine := 0, 0
			for _, a := range t.Arcs {
				n += len(a.Pts)
				if a.tol < tol {
					fine++
				}
			}
			log.Printf("simplified %d arcs to %d points (%d arcs kept finer to avoid crossings)", len(t.Arcs), n, fine)
			return
		}
		for k := range bad {
			a := t.Arcs[k]
			if a.tol < 0.01 {
				a.tol = 0
			} else {
				a.tol /= 2
			}
		}
		if round == 11 {
			log.Printf("warning: %d arcs still cross after simplification", len(bad))
		}
	}
}

// crossingArcs returns arcs with a segment that crosses (or touches,
// away from shared arc ends) a segment of another arc or of itself.
func crossingArcs(arcs []*arc) map[int]bool {
	type sref struct{ a, i int }
	var segs []sref
	box := emptyBox()
	for ai, a := range arcs {
		for i := 1; i < len(a.Pts); i++ {
			segs = append(segs, sref{ai, i})
			box.extend(a.Pts[i])
			box.extend(a.Pts[i-1])
		}
	}
	const n = 200
	cw, ch := (box.MaxX-box.MinX)/n+1e-9, (box.MaxY-box.MinY)/n+1e-9
	grid := map[int][]int{}
	for k, s := range segs {
		p, q := arcs[s.a].Pts[s.i-1], arcs[s.a].Pts[s.i]
		x0, x1 := int((math.Min(p.X, q.X)-box.MinX)/cw), int((math.Max(p.X, q.X)-box.MinX)/cw)
		y0, y1 := int((math.Min(p.Y, q.Y)-box.MinY)/ch), int((math.Max(p.Y, q.Y)-box.MinY)/ch)
		for x := x0; x <= x1; x++ {
			for y := y0; y <= y1; y++ {
				grid[y*(n+1)+x] = append(grid[y*(n+1)+x], k)
			}
		}
	}
	bad := map[int]bool{}
	for _, list := range grid {
		for ii, k := range list {
			for _, l := range list[ii+1:] {
				s, u := segs[k], segs[l]
				p1, p2 := arcs[s.a].Pts[s.i-1], arcs[s.a].Pts[s.i]
				q1, q2 := arcs[u.a].Pts[u.i-1], arcs[u.a].Pts[u.i]
				if segmentsConflict(p1, p2, q1, q2) {
					bad[s.a], bad[u.a] = true, true
				}
			}
		}
	}
	return bad
}

// segmentsConflict reports whether two segments share any point other
// than a common end point.
func segmentsConflict(p1, p2, q1, q2 Pt) bool {
	shared := 0
	for _, a := range []Pt{p1, p2} {
		for _, c := range []Pt{q1, q2} {
			if a == c {
				shared++
			}
		}
	}
	if shared == 2 {
		return false // the same segment seen from both sides, or a 2-gon
	}
	for _, x := range segIntersect(p1, p2, q1, q2) {
		if shared == 1 && (x == p1 || x == p2) && (x == q1 || x == q2) {
			continue
		}
		return true
	}
	return false
}

// badRings returns arcs of rings whose area sign flipped or that shrank
// to almost nothing in simplification.
func badRings(t *topo) map[int]bool {
	bad := map[int]bool{}
	check := func(r ring) {
		a := ringArea(ringPts(t.Arcs, r))
		o := ringArea(origRingPts(t.Arcs, r))
		if a*o <= 0 || math.Abs(a) < 0.5*math.Abs(o) {
			for _, d := range r {
				bad[d/2] = true
			}
		}
	}
	for _, ps := range t.Polys {
		for _, p := range ps {
			check(p.Outer)
			for _, h := range p.Holes {
				check(h)
			}
		}
	}
	return bad
}

func origRingPts(arcs []*arc, r ring) []Pt {
	var out []Pt
	for _, d := range r {
		p := arcs[d/2].orig
		if d%2 == 1 {
			q := make([]Pt, len(p))
			for i := range p {
				q[i] = p[len(p)-1-i]
			}
			p = q
		}
		out = append(out, p[:len(p)-1]...)
	}
	return out
}
