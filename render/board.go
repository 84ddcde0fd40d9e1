package render

import (
	"image"
	"image/color"
	"math"
	"strings"
	"sync/atomic"

	"github.com/fogleman/gg"

	"dipdesk/engine"
	"dipdesk/render/geometry"
)

// layer is the static board at one size with one set of optional spaces:
// everything that does not depend on the position, drawn once, plus what
// each frame needs at that size (spans, faces, sprites).
type layer struct {
	r     *Renderer
	key   layerKey
	board *geometry.Board // r.board with the layer's spaces switched on
	tf    transform
	sz    sizes
	fc    faces
	img   *image.RGBA
	spans [][]span // per board region

	sprites map[spriteKey]*sprite
	legend  *image.RGBA
	byProv  [][]int // per province: its regions (see regionsOf)

	labelAt, centreAt []pt       // per region: where its name and centre marker go (see placeMarks)
	labelFit          []labelFit // per region: how its name is drawn
	coastTags         []coastTag // the names of split provinces' coasts

	ctx    *gg.Context // the context of the last frame image
	ctxImg *image.RGBA
}

// regionClass is how a region is painted.
type regionClass uint8

const (
	classWater      regionClass = iota // seas and lakes
	classLand                          // land and coastal provinces, optional islands in play
	classIsle                          // land that is no space of this board
	classImpassable                    // Switzerland while it cannot be entered
)

// class returns how region i is painted on this layer's board.
func (l *layer) class(i int) regionClass {
	reg := l.board.Regions[i]
	switch reg.Kind {
	case geometry.Sea, geometry.Lake:
		return classWater
	case geometry.Island:
		if reg.Optional && l.board.Active(reg.ID) {
			return classLand
		}
		return classIsle
	}
	if p := l.r.regionProv[i]; p >= 0 && l.r.m.Provinces[p].Impassable {
		return classImpassable
	}
	return classLand
}

// inPlay reports whether region i is a space of this board that gets a
// name: a province, or an optional space switched on.
func (l *layer) inPlay(i int) bool {
	reg := l.board.Regions[i]
	return reg.IsProvince() || (reg.Optional && l.board.Active(reg.ID))
}

// newLayer draws the static board for key k on board b (r.board with
// k's spaces switched on): water, land, borders, spaces, centre markers
// and names, and computes the spans of every region.
//
// What needs no pixels runs on a second goroutine while this one draws
// the water and the shores: the spans (needed for the land), where names
// and markers go (needed for them), then the sprites of every power's
// pieces and centres (needed by the frames). The two never use a font
// face at once: placeMarks measures with the land's and the sea's faces,
// whose names (and the spaces', in the sea's face) are drawn only after
// it is done, and the sprites use fc.initial, which the board does not
// use.
func (r *Renderer) newLayer(k layerKey, b *geometry.Board) *layer {
	l := &layer{r: r, key: k, board: b, tf: newTransform(b, k.w, k.h), sprites: map[spriteKey]*sprite{}}
	l.sz = newSizes(l.tf.s)
	l.fc = newFaces(r.fonts, l.sz)
	l.img = &image.RGBA{Pix: r.pix.take(4 * k.w * k.h), Stride: 4 * k.w, Rect: image.Rect(0, 0, k.w, k.h)}
	l.spans = make([][]span, len(b.Regions))
	spansDone, marksDone, done := make(chan struct{}), make(chan struct{}), make(chan struct{})
	var failure any        // a panic of the second goroutine, read after done
	var failed atomic.Bool // whether there was one, read at every step
	go func() {
		step := 0
		defer func() {
			if p := recover(); p != nil {
				failure = p
				failed.Store(true)
			}
			for _, c := range []chan struct{}{spansDone, marksDone, done}[step:] {
				close(c)
			}
		}()
		var rows [][]float64
		for i, reg := range b.Regions {
			l.spans[i], rows = regionSpans(reg, l.tf, k.w, k.h, rows)
		}
		close(spansDone)
		step++
		l.placeMarks()
		close(marksDone)
		step++
		l.warmSprites()
	}()
	dc := gg.NewContextForRGBA(l.img)
	l.drawSea()
	kinds := l.arcKinds()
	l.drawShores(dc, kinds)
	<-spansDone
	if !failed.Load() {
		l.drawLand(dc, kinds)
	}
	<-marksDone
	if !failed.Load() {
		// The spaces' names use the sea labels' face, which placeMarks
		// measures with on the other goroutine: a truetype face is not
		// safe to share, so they wait for it (two at once corrupted a
		// glyph and panicked).
		l.drawSpaces(dc)
		l.drawCentres(dc)
		l.drawLabels()
	}
	<-done
	if failed.Load() {
		panic(failure)
	}
	return l
}

// warmSprites draws the sprites every frame of a game needs: each power's
// army, fleet and centre marker.
func (l *layer) warmSprites() {
	for _, p := range l.r.m.Powers {
		l.sprite(spriteKey{kind: spriteUnit, power: p.ID, unit: engine.Army, alpha: 0xff})
		l.sprite(spriteKey{kind: spriteUnit, power: p.ID, unit: engine.Fleet, alpha: 0xff})
		l.sprite(spriteKey{kind: spriteCentre, power: p.ID, alpha: 0xff})
	}
}

// path adds the rings of reg to dc's path.
func (l *layer) path(dc *gg.Context, reg *geometry.Region) {
	for _, poly := range reg.Polygons {
		for _, ring := range poly {
			for k, p := range ring {
				q := l.tf.pt(p)
				if k == 0 {
					dc.MoveTo(q.X, q.Y)
				} else {
					dc.LineTo(q.X, q.Y)
				}
			}
			dc.ClosePath()
		}
	}
}

// arcKind is what an arc of the board separates, on this layer.
type arcKind uint8

const (
	arcFrame arcKind = iota // the edge of the board
	arcSea                  // two waters
	arcCoast                // water and land
	arcLand                 // two lands
)

// arcKinds classifies every arc of the board by the classes of the
// regions on its two sides.
func (l *layer) arcKinds() []arcKind {
	out := make([]arcKind, len(l.board.Arcs))
	for i, sides := range l.r.arcSides() {
		if sides[0] < 0 || sides[1] < 0 {
			continue
		}
		wa, wb := l.class(sides[0]) == classWater, l.class(sides[1]) == classWater
		switch {
		case wa && wb:
			out[i] = arcSea
		case wa || wb:
			out[i] = arcCoast
		default:
			out[i] = arcLand
		}
	}
	return out
}

// arcSides returns, per arc of the board, the regions on its two sides
// (-1 for outside the frame), found by looking just off the middle of its
// longest segment. The geometry package knows this but does not export it.
func (r *Renderer) arcSides() [][2]int {
	if r.sides != nil {
		return r.sides
	}
	r.sides = make([][2]int, len(r.board.Arcs))
	for i, a := range r.board.Arcs {
		k, best := 1, -1.0
		for j := 1; j < len(a); j++ {
			if d := math.Hypot(a[j].X-a[j-1].X, a[j].Y-a[j-1].Y); d > best {
				k, best = j, d
			}
		}
		p, q := a[k-1], a[k]
		m := geometry.Point{X: (p.X + q.X) / 2, Y: (p.Y + q.Y) / 2}
		nx, ny := -(q.Y-p.Y)/best*0.01, (q.X-p.X)/best*0.01
		r.sides[i] = [2]int{r.regionAt(m.X+nx, m.Y+ny), r.regionAt(m.X-nx, m.Y-ny)}
	}
	return r.sides
}

// regionAt returns the index of the region containing board point (x, y),
// or -1.
func (r *Renderer) regionAt(x, y float64) int {
	for i, reg := range r.board.Regions {
		if reg.Contains(geometry.Point{X: x, Y: y}) {
			return i
		}
	}
	return -1
}

// strokeArcs strokes the arcs of kind k, a few dozen per stroke: the
// rasterizer slows down with the number of cells on a row, so many small
// strokes beat one big one. Thin lines skip gg altogether (thinLine).
func (l *layer) strokeArcs(dc *gg.Context, kinds []arcKind, k arcKind, col color.RGBA, w float64) {
	if w <= 1.6 {
		for i, a := range l.board.Arcs {
			if kinds[i] == k {
				for j := 1; j < len(a); j++ {
					thinLine(l.img, l.tf.pt(a[j-1]), l.tf.pt(a[j]), w, col)
				}
			}
		}
		return
	}
	dc.SetColor(col)
	dc.SetLineWidth(w)
	// Bevel joins and butt caps cost much less than round ones and look
	// the same on thin lines; the wide band along the shores keeps round
	// caps so that its arcs join without notches.
	dc.SetLineJoinBevel()
	dc.SetLineCapButt()
	if w > 2.5 {
		dc.SetLineCapRound()
	}
	n := 0
	for i, a := range l.board.Arcs {
		if kinds[i] != k {
			continue
		}
		for j, p := range a {
			q := l.tf.pt(p)
			if j == 0 {
				dc.MoveTo(q.X, q.Y)
			} else {
				dc.LineTo(q.X, q.Y)
			}
		}
		if n++; n%24 == 0 {
			dc.Stroke()
		}
	}
	dc.Stroke()
}

// drawSea fills the board with water and the margins around it with
// the frame colour: every pixel of the layer, whose image comes unclear
// (see layerPixels).
func (l *layer) drawSea() {
	tl := l.tf.pt(geometry.Point{})
	br := l.tf.pt(geometry.Point{X: l.board.Width, Y: l.board.Height})
	r := image.Rect(int(math.Round(tl.X)), int(math.Round(tl.Y)), int(math.Round(br.X)), int(math.Round(br.Y)))
	fillRect(l.img, r, colSea)
	// The margins left and right, or above and below, of the board.
	w, h := l.img.Rect.Dx(), l.img.Rect.Dy()
	for _, m := range []image.Rectangle{image.Rect(0, 0, w, r.Min.Y), image.Rect(0, r.Max.Y, w, h),
		image.Rect(0, r.Min.Y, r.Min.X, r.Max.Y), image.Rect(r.Max.X, r.Min.Y, w, r.Max.Y)} {
		fillRect(l.img, m, colFrame)
	}
}

// drawShores draws the borders between seas and a darker band along
// every shore on the water side.
func (l *layer) drawShores(dc *gg.Context, kinds []arcKind) {
	l.strokeArcs(dc, kinds, arcSea, colSeaBorder, l.sz.border*0.9)
	l.strokeArcs(dc, kinds, arcCoast, colCoastGlow, l.sz.border*3.2)
}

// drawLand draws the land in its classes (Switzerland hatched) over the
// shores, and the land borders.
func (l *layer) drawLand(dc *gg.Context, kinds []arcKind) {
	// Land is filled pixel by pixel from the spans: the borders stroked
	// over it give the edges their smoothness.
	cols := map[regionClass]color.RGBA{classLand: colLand, classIsle: colIsle, classImpassable: colImpassable}
	for i := range l.board.Regions {
		if c := l.class(i); c != classWater {
			fill(l.img, l.spans[i], cols[c])
		}
	}
	l.hatch()
	l.strokeArcs(dc, kinds, arcLand, colLandBorder, l.sz.border)
	l.strokeArcs(dc, kinds, arcCoast, colLandBorder, l.sz.border)
}

// hatch rules impassable provinces with diagonal lines, so that they read
// as closed without relying on their colour. The lines are drawn pixel by
// pixel over the spans, each pixel covered by its distance to the line.
func (l *layer) hatch() {
	step := math.Max(5, 3.2*l.tf.s)
	half := math.Max(0.5, 0.3*l.tf.s)
	for i := range l.board.Regions {
		if l.class(i) != classImpassable {
			continue
		}
		for _, s := range l.spans[i] {
			row := l.img.Pix[int(s.y)*l.img.Stride:]
			for x := int(s.x0); x < int(s.x1); x++ {
				v := math.Mod(float64(x+int(s.y)), step)
				d := math.Abs(v-step/2) / math.Sqrt2
				a := math.Max(0, math.Min(1, half+0.5-d))
				if a > 0 {
					c := mix(color.RGBA{row[4*x], row[4*x+1], row[4*x+2], 0xff}, colHatch, a)
					row[4*x], row[4*x+1], row[4*x+2] = c.R, c.G, c.B
				}
			}
		}
	}
}

// drawSpaces draws the abstract spaces (Hyperspace) and the underpasses
// that are switched on.
func (l *layer) drawSpaces(dc *gg.Context) {
	for _, s := range l.board.Spaces {
		if !l.board.Active(s.ID) {
			continue
		}
		a, b := l.tf.pt(s.Min), l.tf.pt(s.Max)
		dc.DrawRoundedRectangle(a.X, a.Y, b.X-a.X, b.Y-a.Y, 4*l.tf.s)
		dc.SetColor(colSpaceFill)
		dc.FillPreserve()
		dc.SetColor(colSpaceLine)
		dc.SetLineWidth(l.sz.border * 1.5)
		dc.SetDash(4*l.tf.s, 2.5*l.tf.s)
		dc.Stroke()
		dc.SetDash()
		l.fc.sea.text(l.img, strings.ToUpper(s.Name), (a.X+b.X)/2, a.Y+l.fc.sea.cap+3, colSpaceLine, colSpaceFill, 0)
	}
	for _, u := range l.board.Underpasses {
		if !l.board.Active(u.ID) {
			continue
		}
		hub := l.tf.pt(u.Hub)
		for _, id := range u.Provinces {
			if reg := l.board.Region(id); reg != nil {
				p := l.tf.pt(reg.Unit)
				dc.DrawLine(hub.X, hub.Y, p.X, p.Y)
			}
		}
		dc.SetColor(colSpaceLine)
		dc.SetLineWidth(l.sz.border * 1.6)
		dc.SetDash(3*l.tf.s, 2*l.tf.s)
		dc.Stroke()
		dc.SetDash()
		dc.DrawCircle(hub.X, hub.Y, l.sz.dot*1.2)
		dc.SetColor(colSpaceFill)
		dc.FillPreserve()
		dc.SetColor(colSpaceLine)
		dc.Stroke()
	}
}

// drawCentres draws every supply centre as an unowned marker; the
// markers of owned centres are drawn over them per frame.
func (l *layer) drawCentres(dc *gg.Context) {
	for i, reg := range l.board.Regions {
		if !reg.HasSC || !l.inPlay(i) {
			continue
		}
		l.centreMarker(dc, l.centreAt[i], colNeutralSC)
	}
}

// centreMarker draws a supply-centre marker: a disc in fill with a dark
// ring and a dark dot in the middle, so that an owned marker and an
// unowned one differ in more than colour.
func (l *layer) centreMarker(dc *gg.Context, p pt, fill color.RGBA) {
	dc.DrawCircle(p.X, p.Y, l.sz.dot)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(math.Max(1, l.sz.dot*0.35))
	dc.Stroke()
	if fill == colNeutralSC {
		dc.DrawCircle(p.X, p.Y, l.sz.dot*0.32)
		dc.SetColor(colInk)
		dc.Fill()
	}
}

// drawLabels writes the name of every space in play: land in upright dark
// brown, seas in dark blue italics, each over a halo of its own ground;
// and beside each coast of a split province its name ("NC", "SC").
func (l *layer) drawLabels() {
	halo := math.Max(1, l.sz.label/9)
	for i := range l.board.Regions {
		if !l.inPlay(i) || l.labelFit[i] == labelHidden {
			continue
		}
		name, q, f := l.labelText(i), l.labelAt[i], l.labelFace(i, l.labelFit[i])
		switch l.class(i) {
		case classWater:
			f.text(l.img, name, q.X, q.Y, colSeaLabel, colSea, halo)
		case classImpassable:
			f.text(l.img, name, q.X, q.Y, colLandLabel, colImpassable, halo)
		default:
			f.text(l.img, name, q.X, q.Y, colLandLabel, colLand, halo)
		}
	}
	for _, c := range l.coastTags {
		l.fc.small.text(l.img, c.text, c.at.X, c.at.Y, colCoastTag, colWhite, halo)
	}
}

// provinceOf returns the province region i stands for on this board: its
// own, or its host's while it is an island or lake not switched on.
func (l *layer) provinceOf(i int) engine.ProvinceID {
	reg := l.board.Regions[i]
	if reg.Host != "" && !l.board.Active(reg.ID) {
		if id, ok := l.r.m.Lookup(reg.Host); ok {
			return id
		}
		return engine.NoProvince
	}
	return l.r.regionProv[i]
}
