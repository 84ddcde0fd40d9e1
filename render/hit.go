package render

import (
	"slices"

	"dipdesk/engine"
	"dipdesk/render/geometry"
)

// HitTest returns the location under image pixel (x, y) of an image drawn
// with options o: the province, or a split-coast province's coast when
// the pixel is on a fleet drawn on that coast (its anchor lies in the sea
// off the coast) or near that coast inside the province. ok is false off
// the board and on spaces the map does not know.
func (r *Renderer) HitTest(x, y int, o Options) (engine.Loc, bool) {
	if o.Width < 1 || o.Height < 1 || x < 0 || y < 0 || x >= o.Width || y >= o.Height {
		return engine.Nowhere, false
	}
	b := r.hitBoardFor(o.Spaces)
	tf := newTransform(b, o.Width, o.Height)
	px, py := float64(x)+0.5, float64(y)+0.5
	if loc, ok := r.coastHit(tf, px, py); ok {
		return loc, true
	}
	p := tf.board(px, py)
	id, coast, ok := b.ProvinceAt(p.X, p.Y)
	if !ok {
		return engine.Nowhere, false
	}
	pid, ok := r.m.Lookup(id)
	if !ok {
		return engine.Nowhere, false
	}
	return engine.Loc{P: pid, C: coast}, true
}

// coastHit finds a coast anchor within a piece's radius of pixel (px, py):
// a fleet on a named coast is drawn there, in the water, and a click on
// it means that coast.
func (r *Renderer) coastHit(tf transform, px, py float64) (engine.Loc, bool) {
	rad := newSizes(tf.s).piece
	best, bestD := engine.Nowhere, rad*rad
	for _, c := range r.hitCoasts {
		q := tf.pt(c.at)
		if d := (q.X-px)*(q.X-px) + (q.Y-py)*(q.Y-py); d <= bestD {
			best, bestD = c.loc, d
		}
	}
	return best, best.Valid()
}

// coastAnchor is where a fleet on a named coast is drawn.
type coastAnchor struct {
	at  geometry.Point
	loc engine.Loc
}

// hitBoardFor returns the board with the map's spaces and spaces switched
// on, reusing the last one when spaces did not change, and sets
// r.hitCoasts to its named coasts that the map knows.
func (r *Renderer) hitBoardFor(spaces []string) *geometry.Board {
	if r.hitBoard != nil && slices.Equal(spaces, r.hitSpaces) {
		return r.hitBoard
	}
	r.hitSpaces = slices.Clone(spaces)
	r.hitBoard = r.board.With(append(slices.Clone(r.spaces), spaces...)...)
	r.hitCoasts = r.hitCoasts[:0]
	for _, reg := range r.multiCoast {
		pid, ok := r.m.Lookup(reg.ID)
		if !ok {
			continue
		}
		for _, c := range reg.Coasts {
			if a, ok := r.hitBoard.CoastAnchor(reg.ID, c.Coast); ok && r.m.HasCoast(pid, c.Coast) {
				r.hitCoasts = append(r.hitCoasts, coastAnchor{a, engine.Loc{P: pid, C: c.Coast}})
			}
		}
	}
	return r.hitBoard
}
