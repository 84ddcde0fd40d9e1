package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// cardGhost is the card following the pointer while it is dragged from
// the Cards tab onto the board, as a unit follows the pointer when it is
// dragged: its label, name and the order it gives. It takes no events.
type cardGhost struct {
	widget.BaseWidget
	bg    *canvas.Rectangle
	title *widget.Label
	what  *widget.Label
	box   fyne.CanvasObject
}

func newCardGhost() *cardGhost {
	g := &cardGhost{bg: canvas.NewRectangle(color.NRGBA{0xff, 0xfb, 0xe8, 0xf0})}
	g.bg.StrokeColor = color.NRGBA{0x33, 0x29, 0x1f, 0xff}
	g.bg.StrokeWidth = 1.5
	g.bg.CornerRadius = 6
	g.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	g.what = widget.NewLabel("")
	g.title.Importance, g.what.Importance = widget.MediumImportance, widget.MediumImportance
	g.box = container.NewStack(g.bg, container.NewPadded(container.NewVBox(g.title, g.what)))
	g.ExtendBaseWidget(g)
	g.Hide()
	return g
}

// CreateRenderer is part of fyne.Widget.
func (g *cardGhost) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(g.box) }

// Set shows the card's title and what dropping it does.
func (g *cardGhost) Set(title, verb string, anywhere bool) {
	g.title.SetText(title)
	if anywhere {
		g.what.SetText("drop on a lit province: " + verb)
	} else {
		g.what.SetText(verb + ": no province may be chosen now")
	}
	g.Resize(g.box.MinSize())
}

// Follow puts the card just below and right of the pointer (abs, in the
// window's coordinates), so the province under the pointer stays in view.
func (g *cardGhost) Follow(abs fyne.Position) {
	g.Move(abs.Add(fyne.NewPos(14, 14)))
	g.Show()
}

// Text is the card as shown.
func (g *cardGhost) Text() string { return g.title.Text + " — " + g.what.Text }
