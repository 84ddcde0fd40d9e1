package main

import "math"

// Sources of lines in the planar graphs besides borders (whose source is
// their index in boardData.Borders).
const (
	srcFrame = -1
	srcCoast = -2
	srcFill  = -3
	srcCut   = -4
)

// Classes of the plane after stage one.
const (
	water  = 0
	ground = 1 // land in the source data (or opened up by nothing)
	filled = 2 // water in the source data that a fill makes part of the land
)

// landMap is stage one: the coastline clipped to the frame, with islands
// and lakes below the size limit dropped and the fills and cuts of
// borders.txt applied. Water under a fill stays drawn as water but counts
// as land: it becomes a lake of the land province around it.
type landMap struct {
	Coast  [][2]Pt     // edges between two classes
	Land   []boxedRing // rings of the faces that are ground or filled (even-odd)
	Filled []boxedRing // rings of the filled faces (even-odd)
	Faces  [][][]Pt    // land faces (ground or filled), outer ring first
	raw    []boxedRing // the projected source rings that were kept
	fills  [][]Pt      // projected fill rings
	cuts   [][]Pt      // projected cut rings
	class  []int       // per face of the stage-one graph
	dropN  int         // islands and lakes dropped for being small
	drops  []droppedRing
}

type droppedRing struct {
	At   Pt
	Area float64
}

// buildLand runs stage one.
func buildLand(d *boardData, pr *projection, src [][]LonLat) (*landMap, error) {
	fr := pr.planeFrame()
	lm := &landMap{}
	var lines []line
	for _, r := range src {
		pts := pr.planeRing(r)
		b := ringBox(pts)
		if b.MaxX < fr.MinX || b.MinX > fr.MaxX || b.MaxY < fr.MinY || b.MinY > fr.MaxY {
			continue
		}
		if a := math.Abs(ringArea(pts)); a < d.MinIsland && fr.contains(pts[0]) {
			lm.dropN++
			lm.drops = append(lm.drops, droppedRing{pts[0], a})
			continue
		}
		lm.raw = append(lm.raw, boxedRing{pts, b})
		lines = append(lines, line{pts: closeRing(pts), src: srcCoast, group: 1})
	}
	for _, f := range d.Fills {
		r := pr.planeRing(f.Pts)
		lm.fills = append(lm.fills, r)
		lines = append(lines, line{pts: closeRing(r), src: srcFill})
	}
	for _, c := range d.Cuts {
		r := pr.planeRing(c.Pts)
		lm.cuts = append(lm.cuts, r)
		lines = append(lines, line{pts: closeRing(r), src: srcCut})
	}
	g, err := buildPlanar(lines, fr)
	if err != nil {
		return nil, err
	}
	lm.class = make([]int, len(g.Faces))
	for i, f := range g.Faces {
		lm.class[i] = lm.classify(f.Inner)
		if lm.class[i] == water {
			continue
		}
		rings := g.faceRings(f)
		lm.Faces = append(lm.Faces, rings)
		for _, r := range rings {
			lm.Land = append(lm.Land, boxedRing{r, ringBox(r)})
			if lm.class[i] == filled {
				lm.Filled = append(lm.Filled, boxedRing{r, ringBox(r)})
			}
		}
	}
	for i, e := range g.Edges {
		l, r := g.HeFace[2*i], g.HeFace[2*i+1]
		if l < 0 || r < 0 || lm.class[l] == lm.class[r] {
			continue
		}
		lm.Coast = append(lm.Coast, [2]Pt{g.Nodes[e.U], g.Nodes[e.V]})
	}
	return lm, nil
}

// classify applies the source data, then the fills, then the cuts.
func (lm *landMap) classify(p Pt) int {
	c := water
	if insideAny(p, lm.raw) {
		c = ground
	}
	for _, f := range lm.fills {
		if c == water && inRing(p, f) {
			c = filled
		}
	}
	for _, cut := range lm.cuts {
		if inRing(p, cut) {
			c = water
		}
	}
	return c
}

// Class returns the class of p after stage one.
func (lm *landMap) Class(p Pt) int {
	switch {
	case !insideAny(p, lm.Land):
		return water
	case insideAny(p, lm.Filled):
		return filled
	}
	return ground
}

func closeRing(r []Pt) []Pt {
	if len(r) > 0 && r[0] != r[len(r)-1] {
		return append(append([]Pt(nil), r...), r[0])
	}
	return r
}
