package ui

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"dipdesk/render"
)

// boardRenderer shows the board through a raster drawn at the displayed
// pixel size: Fyne never rescales the image (software scaling of a big
// image costs tens of milliseconds per frame).
type boardRenderer struct {
	b      *Board
	raster *canvas.Raster
}

func newBoardRenderer(b *Board) *boardRenderer {
	r := &boardRenderer{b: b, raster: canvas.NewRaster(b.draw)}
	r.raster.ScaleMode = canvas.ImageScalePixels
	return r
}

func (r *boardRenderer) Layout(size fyne.Size) {
	r.raster.Move(fyne.NewPos(0, 0))
	r.raster.Resize(size)
}

func (r *boardRenderer) MinSize() fyne.Size { return fyne.NewSize(320, 240) }

func (r *boardRenderer) Refresh() { r.raster.Refresh() }

func (r *boardRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.raster} }

func (r *boardRenderer) Destroy() {}

// draw is the raster's generator: it draws the scene at w x h pixels
// times the zoom into a reused image and returns the visible part. It runs
// on Fyne's goroutine, like every event handler, so the Renderer is only
// ever used from one goroutine.
func (b *Board) draw(w, h int) image.Image {
	w, h = max(w, 1), max(h, 1)
	b.pixW, b.pixH = w, h
	fw, fh := b.fullPixels(w, h)
	if b.full == nil || b.full.Rect.Dx() != fw || b.full.Rect.Dy() != fh {
		b.full = image.NewRGBA(image.Rect(0, 0, fw, fh))
	}
	b.clampPan()
	b.r.RenderInto(b.full, b.scene.View, b.scene.Orders, b.scene.Results, b.options())
	if fw == w && fh == h {
		return b.full
	}
	if b.crop == nil || b.crop.Rect.Dx() != w || b.crop.Rect.Dy() != h {
		b.crop = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	ox, oy := min(max(int(b.panX), 0), fw-w), min(max(int(b.panY), 0), fh-h)
	for y := 0; y < h; y++ {
		src := b.full.Pix[(oy+y)*b.full.Stride+ox*4:]
		copy(b.crop.Pix[y*b.crop.Stride:y*b.crop.Stride+w*4], src)
	}
	return b.crop
}

// options are the render options of the next frame.
func (b *Board) options() render.Options {
	o := render.Options{
		ShowOrders:  true,
		ShowResults: len(b.scene.Results) > 0,
		Legend:      b.scene.Legend,
		Hover:       b.hover,
		Highlight:   append(b.highlight[:len(b.highlight):len(b.highlight)], b.targets...),
		Marks:       b.scene.Marks,
		Illegal:     b.scene.Illegal,
		Signs:       b.scene.Signs,
	}
	if d := b.drag; d != nil && d.unit {
		x, y := b.imagePoint(d.cur)
		from := d.from
		o.Selected, o.SelectedID = &from, d.piece.ID
		o.Dragging = &render.Drag{From: d.from, ID: d.piece.ID, X: int(x), Y: int(y), Targets: d.targets}
		o.Hover = nil // the targets are the highlight while dragging
	}
	return o
}
