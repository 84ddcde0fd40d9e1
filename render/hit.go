package render

import (
	"math"
	"slices"
	"strings"

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

// UnitAt returns the index in st.Units of the piece drawn under image
// pixel (x, y) of an image of st drawn with options o, or -1: each piece
// as it is drawn, so that of several pieces side by side in a province
// (birds beside an army) the one under the pointer is found; the one
// whose middle is nearest when their shapes meet. Dislodged units drawn
// beside their province are not pieces in place: HitTest finds their
// province.
func (r *Renderer) UnitAt(st *engine.State, x, y int, o Options) int {
	if st == nil || o.Width < 1 || o.Height < 1 {
		return -1
	}
	l := r.measureLayer(o)
	f := &frame{r: r, l: l, st: st, o: o}
	f.place(nil)
	px, py := float64(x)+0.5, float64(y)+0.5
	best, bestD := -1, math.Inf(1)
	for _, pl := range f.units {
		if !pl.ok {
			continue
		}
		b := l.pieceBox(pl.unit).at(pl.p)
		if px < b.x0 || px > b.x1 || py < b.y0 || py > b.y1 {
			continue
		}
		if d := math.Hypot(px-pl.p.X, py-pl.p.Y); d < bestD {
			best, bestD = pl.idx, d
		}
	}
	return best
}

// measureLayer returns the layer of o's size and spaces when it is drawn,
// else one with its measures (transform, sizes, faces) and no image,
// made once per size: enough to place pieces without drawing a board.
func (r *Renderer) measureLayer(o Options) *layer {
	k := r.key(o)
	if r.layer != nil && r.layer.key == k {
		return r.layer
	}
	if r.measure != nil && r.measure.key == k {
		return r.measure
	}
	var on []string
	if k.spaces != "" {
		on = strings.Split(k.spaces, ",")
	}
	b := r.board.With(on...)
	l := &layer{r: r, key: k, board: b, tf: newTransform(b, k.w, k.h), sprites: map[spriteKey]*sprite{}}
	l.sz = newSizes(l.tf.s)
	l.fc = newFaces(r.fonts, l.sz)
	r.measure = l
	return l
}
