package render

import (
	"image"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/fogleman/gg"

	"dipdesk/engine"
	"dipdesk/render/geometry"
)

// Options say how big to draw and what to draw besides the position.
// The zero value draws the bare position; Width and Height must be set
// for Render (RenderInto takes the size of its image).
type Options struct {
	Width, Height int // image size in pixels; the board is fitted inside and centred

	ShowOrders  bool // draw the orders passed to Render
	ShowResults bool // draw the results passed to Render: their orders, failures, dislodged units
	Legend      bool // draw the legend of powers, colours and initials

	// Spaces switches on optional spaces of the board (geometry ids:
	// "ire", "cas", "hyp", "mbu", ...) beyond those the map already
	// has as provinces (see New).
	Spaces []string

	Hover    *engine.Loc // the province (or coast) under the pointer
	Selected *engine.Loc // the location of the selected unit
	// SelectedID picks the selected unit by its id among several pieces
	// in its province (0: the one holding the province).
	SelectedID int32
	Highlight  []engine.Loc // provinces or coasts to point out
	Dragging   *Drag        // a unit being dragged, if any

	// Marks are signs a variant leaves on provinces (mines, closed
	// spaces, suspended centres, civil disorder). The caller passes only
	// the marks the seat may see.
	Marks []Mark

	// Illegal are orders among those drawn that the position makes
	// impossible (checked as they are typed): drawn grey and dashed, with
	// the cross of a failure, so that nobody mistakes them for orders
	// that will be carried out.
	Illegal []engine.Order

	// Signs are what special orders do besides the ordinary order they
	// are drawn as: a province struck, a mine laid, a unit turning
	// invisible (see Sign).
	Signs []Sign
}

// Drag is a unit being dragged to give it an order.
type Drag struct {
	From    engine.Loc   // where the dragged unit stands
	ID      int32        // its id, among several pieces in the province (0: the one holding it)
	X, Y    int          // the pointer, in image pixels
	Targets []engine.Loc // where it may go: drawn as drop targets
}

// Renderer draws one board. It keeps the drawn static board (sea, land,
// borders, names, supply-centre markers) for the last size and spaces
// asked for, and draws units, tint, orders and highlights over a copy of
// it for each frame.
//
// A Renderer is used by one goroutine at a time: its font faces and caches
// are not safe for concurrent use. Make one Renderer per board widget.
type Renderer struct {
	board  *geometry.Board
	m      *engine.Map
	styles map[engine.Power]Style
	fonts  *fonts

	regionProv []engine.ProvinceID // per board region: the province it is, or engine.NoProvince
	provRegion []*geometry.Region  // per province: its region, nil when the board has none
	spaces     []string            // optional spaces the map has as provinces

	layer *layer       // the static board last drawn
	pix   *layerPixels // the pixels of layer's image
	// measure is a layer with its measures and no image, for finding
	// the piece under the pointer at a size not drawn (see UnitAt).
	measure *layer

	hitSpaces  []string // the Options.Spaces of the last hit test
	hitBoard   *geometry.Board
	multiCoast []*geometry.Region // regions with named coasts
	hitCoasts  []coastAnchor      // the coasts of hitBoard
	sides      [][2]int           // per board arc: the regions on its sides (see arcSides)
}

// New returns a Renderer for board b and map m. Optional spaces of b
// that m has as provinces (a variant's Hyperspace or Ireland) are drawn
// and hit-tested always; others only when Options.Spaces names them.
func New(b *geometry.Board, m *engine.Map) *Renderer {
	r := &Renderer{board: b, m: m, styles: styles(m), fonts: loadFonts(), pix: &layerPixels{}}
	runtime.AddCleanup(r, (*layerPixels).release, r.pix)
	r.regionProv = make([]engine.ProvinceID, len(b.Regions))
	r.provRegion = make([]*geometry.Region, len(m.Provinces))
	for i, reg := range b.Regions {
		r.regionProv[i] = engine.NoProvince
		if id, ok := m.Lookup(reg.ID); ok && (reg.IsProvince() || reg.Optional) {
			r.regionProv[i] = id
			r.provRegion[id] = reg
			if reg.Optional {
				r.spaces = append(r.spaces, reg.ID)
			}
		}
	}
	for _, reg := range b.Regions {
		if len(reg.Coasts) > 0 {
			r.multiCoast = append(r.multiCoast, reg)
		}
	}
	for _, s := range b.Spaces {
		if _, ok := m.Lookup(s.ID); ok {
			r.spaces = append(r.spaces, s.ID)
		}
	}
	for _, u := range b.Underpasses {
		if _, ok := m.Lookup(u.ID); ok {
			r.spaces = append(r.spaces, u.ID)
		}
	}
	return r
}

// Render draws v in a new image of o.Width x o.Height pixels: the board,
// the ownership tint, the units, and (as the options ask) orders, the
// results of the last adjudication and highlights.
//
// orders are the orders to draw, usually v.Pending. results are the
// results of the last adjudication; each is drawn on its own order
// (Result.Order), over whichever position v holds: the position the
// orders were given in shows what happened, the next one shows where
// everybody went. Units whose result is engine.Dislodged, and the
// dislodged units of v.State, are drawn beside their province with a red
// ring.
func (r *Renderer) Render(v engine.View, orders []engine.Order, results []engine.Result, o Options) *image.RGBA {
	w, h := max(o.Width, 1), max(o.Height, 1)
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	r.RenderInto(dst, v, orders, results, o)
	return dst
}

// RenderInto is Render into an existing image, whose size overrides
// o.Width and o.Height; a widget that redraws often can reuse its image.
func (r *Renderer) RenderInto(dst *image.RGBA, v engine.View, orders []engine.Order, results []engine.Result, o Options) {
	o.Width, o.Height = dst.Rect.Dx(), dst.Rect.Dy()
	if o.Width < 1 || o.Height < 1 {
		return
	}
	l := r.layerFor(o)
	if dst.Rect.Min != (image.Point{}) {
		// gg draws in image coordinates from 0,0: give it a view that starts there.
		dst = &image.RGBA{Pix: dst.Pix, Stride: dst.Stride, Rect: image.Rect(0, 0, o.Width, o.Height)}
	}
	f := &frame{r: r, l: l, dst: dst, dc: l.context(dst), st: v.State, o: o}
	f.draw(orders, results)
}

// layerKey identifies a static board: its size and its spaces.
type layerKey struct {
	w, h   int
	spaces string
}

func (r *Renderer) key(o Options) layerKey {
	all := append(slices.Clone(r.spaces), o.Spaces...)
	slices.Sort(all)
	return layerKey{w: o.Width, h: o.Height, spaces: strings.Join(slices.Compact(all), ",")}
}

// layerFor returns the static board for o, drawing it if the size or the
// spaces changed.
func (r *Renderer) layerFor(o Options) *layer {
	k := r.key(o)
	if r.layer != nil && r.layer.key == k {
		return r.layer
	}
	var on []string
	if k.spaces != "" {
		on = strings.Split(k.spaces, ",")
	}
	r.layer = nil
	r.pix.release()
	r.layer = r.newLayer(k, r.board.With(on...))
	return r.layer
}

// layerPixels holds the pixels of a Renderer's static board. They go back
// to pixelPool when the Renderer draws a board of another size and when it
// is garbage collected, and the next static board drawn, by any Renderer,
// takes them: a widget being resized, or a program drawing boards with
// short-lived Renderers, then does not allocate (and the system does not
// clear and map in) megabytes of fresh memory per board. The pixels need
// no clearing: a static board paints every one of them (drawSea).
type layerPixels struct{ pix []uint8 }

var pixelPool sync.Pool // of *[]uint8, pixels no static board uses

// take returns n bytes for a static board's image, from the pool when it
// holds enough (but not more than twice that).
func (p *layerPixels) take(n int) []uint8 {
	p.release()
	if v, ok := pixelPool.Get().(*[]uint8); ok && cap(*v) >= n && cap(*v) <= 2*n {
		p.pix = (*v)[:n]
	} else {
		p.pix = make([]uint8, n)
	}
	return p.pix
}

// release gives the pixels back to the pool; the image that used them
// must not be used any more.
func (p *layerPixels) release() {
	if p.pix != nil {
		b := p.pix
		p.pix = nil
		pixelPool.Put(&b)
	}
}

// context returns a gg context drawing into dst, reusing the last one
// when dst is the same image (a context owns a rasterizer as tall as the
// image).
func (l *layer) context(dst *image.RGBA) *gg.Context {
	if l.ctxImg != dst || l.ctx == nil {
		l.ctx, l.ctxImg = gg.NewContextForRGBA(dst), dst
	}
	l.ctx.ClearPath()
	l.ctx.SetDash()
	return l.ctx
}
