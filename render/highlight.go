package render

import (
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/fogleman/gg"

	"dipdesk/engine"
	"dipdesk/render/geometry"
)

// How much highlighted provinces are lightened, in 1/256.
const (
	lightenHover  = 90
	lightenTarget = 150
)

// lightenProvinces adds to ops the lightening of the highlighted
// provinces, the drop targets of a drag and the province under the
// pointer; outlineProvinces outlines them.
func (f *frame) lightenProvinces(ops []pixelOp) []pixelOp {
	for _, loc := range f.marked() {
		ops = f.lightenProvince(ops, loc.P, lightenTarget)
	}
	if f.o.Hover != nil {
		ops = f.lightenProvince(ops, f.o.Hover.P, lightenHover)
	}
	return ops
}

// outlineProvinces outlines what lightenProvinces lightened.
func (f *frame) outlineProvinces() {
	for _, loc := range f.marked() {
		f.outline(loc, colTarget, f.l.sz.border*2.4)
	}
	if f.o.Hover != nil {
		f.outline(*f.o.Hover, colInk, f.l.sz.border*1.8)
	}
}

// marked returns the highlighted locations and the drop targets of a drag.
func (f *frame) marked() []engine.Loc {
	marked := f.o.Highlight
	if f.o.Dragging != nil {
		marked = append(marked[:len(marked):len(marked)], f.o.Dragging.Targets...)
	}
	return marked
}

// lightenProvince adds to ops the lightening of every region that stands
// for province p.
func (f *frame) lightenProvince(ops []pixelOp, p engine.ProvinceID, amount uint32) []pixelOp {
	t := lightenTable(amount)
	for _, i := range f.l.regionsOf(p) {
		ops = append(ops, pixelOp{f.l.spans[i], t, t, t})
	}
	return ops
}

// regionsOf returns the board regions that make up province p on this
// layer's board (its own, and its islands and lakes not switched on).
func (l *layer) regionsOf(p engine.ProvinceID) []int {
	if l.byProv == nil {
		l.byProv = make([][]int, len(l.r.m.Provinces))
		for i := range l.board.Regions {
			if q := l.provinceOf(i); q >= 0 && int(q) < len(l.byProv) {
				l.byProv[q] = append(l.byProv[q], i)
			}
		}
	}
	if p < 0 || int(p) >= len(l.byProv) {
		return nil
	}
	return l.byProv[p]
}

// outline strokes the border of loc's province in col (over a dark edge
// when col is light), or rings the coast's anchor for a named coast.
func (f *frame) outline(loc engine.Loc, col color.RGBA, w float64) {
	if loc.C != engine.NoCoast {
		if p, ok := f.l.anchor(loc); ok {
			f.ring(p, f.l.sz.piece*1.3, col, w)
		}
		return
	}
	reg := f.r.region(loc.P)
	if reg == nil {
		if p, ok := f.l.spaceCentre(loc.P); ok {
			f.ring(p, f.l.sz.piece*1.6, col, w)
		}
		return
	}
	dc := f.dc
	dc.SetLineJoinRound()
	f.l.path(dc, reg)
	if col != colInk {
		dc.SetColor(colInk)
		dc.SetLineWidth(w + 2)
		dc.StrokePreserve()
	}
	dc.SetColor(col)
	dc.SetLineWidth(w)
	dc.Stroke()
}

// highlightUnits rings the selected unit.
func (f *frame) highlightUnits() {
	if f.o.Selected == nil {
		return
	}
	if p, ok := f.unitPlace(*f.o.Selected, f.o.SelectedID); ok {
		f.ring(p.p, f.ringRadius(p.unit)+f.l.sz.line, colSelect, f.l.sz.line*1.1)
	}
}

// ringRadius is the radius of a ring round unit u: wide enough for a
// variant's piece's tile.
func (f *frame) ringRadius(u engine.Unit) float64 {
	if pi, ok := f.r.m.Piece(u.Kind); ok {
		hw, hh := f.l.kindHalf(pi.Code)
		return math.Hypot(hw, hh) + f.l.sz.line*0.3
	}
	return f.l.sz.ringRadius(u.Type)
}

// unitPlace finds the unit at loc: the dislodged one in a retreat phase,
// otherwise the one with id when id is not 0 (one of several pieces in a
// province), else the one holding the province.
func (f *frame) unitPlace(loc engine.Loc, id int32) (place, bool) {
	if f.st != nil && f.st.Phase.Type == engine.Retreat && valid(loc, len(f.beside)) && f.beside[loc.P].ok {
		return f.beside[loc.P], true
	}
	if pl, ok := f.unitByID(id); ok && pl.unit.Loc.P == loc.P {
		return pl, true
	}
	return f.unitAt(loc.P)
}

// drawDrag draws the dragged unit as a ghost under the pointer, tied to
// where it stands by a dashed line.
func (f *frame) drawDrag() {
	d := f.o.Dragging
	if d == nil {
		return
	}
	from, ok := f.unitPlace(d.From, d.ID)
	if !ok {
		return
	}
	to := pt{X: float64(d.X), Y: float64(d.Y)}
	if pts := trim([]pt{from.p, to}, f.l.sz.piece, 0); len(pts) == 2 {
		f.line(pts, f.r.Style(from.unit.Power).Colour, f.l.sz.line*0.8, []float64{f.l.sz.line * 2, f.l.sz.line * 1.5}, false)
	}
	f.piece(from.unit, to, 0xc0)
}

// kindLegend is a kind of piece's line in the legend: "Birds", "Borg
// (no seat)".
func kindLegend(k engine.PieceInfo) string {
	name := strings.ToUpper(k.Name[:1]) + k.Name[1:]
	if k.Neutral {
		name += " (no seat)"
	}
	return name
}

// legendAt returns the top left corner of the legend: the north-west
// corner of the board (open ocean), below Hyperspace when that is drawn.
func (l *layer) legendAt() image.Point {
	y := 8.0
	for _, s := range l.board.Spaces {
		if l.board.Active(s.ID) && s.Min.X < 120 && s.Min.Y < 120 {
			y = math.Max(y, s.Max.Y+6)
		}
	}
	p := l.tf.pt(geometry.Point{X: 8, Y: y})
	return image.Pt(int(p.X), int(p.Y))
}

// legendImage draws the legend once per layer: a piece, the name and the
// initial of every power, and the unowned centre marker.
func (l *layer) legendImage() *image.RGBA {
	if l.legend != nil {
		return l.legend
	}
	fc := l.fc.legend
	row := math.Max(l.sz.piece*2.3, fc.cap*2.2)
	icon := row // the width of the column of pieces
	kinds := l.r.m.Pieces
	wText := fc.width("Neutral centre")
	for _, p := range l.r.m.Powers {
		wText = math.Max(wText, fc.width(p.Name))
	}
	for _, k := range kinds {
		hw, _ := l.kindHalf(k.Code)
		icon = math.Max(icon, 2*hw+l.sz.piece*0.6)
		wText = math.Max(wText, fc.width(kindLegend(k)))
	}
	pad := row * 0.3
	W, H := int(pad*2+icon+wText+4), int(pad*2+row*float64(len(l.r.m.Powers)+len(kinds)+1))
	dc := gg.NewContext(W, H)
	dc.DrawRoundedRectangle(0.5, 0.5, float64(W)-1, float64(H)-1, 5)
	dc.SetColor(withAlpha(colWhite, 0.9))
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(1)
	dc.Stroke()
	img := dc.Image().(*image.RGBA)
	for i, p := range l.r.m.Powers {
		cy := pad + row*(float64(i)+0.5)
		s := l.sprite(spriteKey{kind: spriteUnit, power: p.ID, unit: engine.Army, alpha: 0xff})
		drawSprite(img, s, pt{X: pad + icon/2, Y: cy})
		fc.textLeft(img, p.Name, pad+icon+2, cy, colInk)
	}
	// A variant's kinds of piece: a piece of no seat in its grey, one a
	// seat owns in white (it is drawn in its seat's colour).
	for i, k := range kinds {
		cy := pad + row*(float64(len(l.r.m.Powers)+i)+0.5)
		st := l.r.Style("")
		if !k.Neutral {
			st = newStyle(colWhite, "", "")
		}
		l.kindTile(dc, pt{X: pad + icon/2, Y: cy}, st, k.Moves, k.Code, false)
		fc.textLeft(img, kindLegend(k), pad+icon+2, cy, colInk)
	}
	cy := pad + row*(float64(len(l.r.m.Powers)+len(kinds))+0.5)
	l.centreMarker(dc, pt{X: pad + icon/2, Y: cy}, colNeutralSC)
	fc.textLeft(img, "Neutral centre", pad+icon+2, cy, colInk)
	l.legend = img
	return img
}
