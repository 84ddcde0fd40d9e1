package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
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
	layer fyne.CanvasObject // the container the card is moved in
}

func newCardGhost() *cardGhost {
	// The theme's own colours, so the writing reads in light and dark.
	g := &cardGhost{bg: canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))}
	g.bg.StrokeColor = theme.Color(theme.ColorNamePrimary)
	g.bg.StrokeWidth = 2
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
	if anywhere {
		g.SetWords(title, "drop on a lit province: "+verb)
	} else {
		g.SetWords(title, verb+": no province may be chosen now")
	}
}

// SetWords shows the card's title and what words say dropping it does.
func (g *cardGhost) SetWords(title, what string) {
	g.title.SetText(title)
	g.what.SetText(what)
	g.bg.FillColor = theme.Color(theme.ColorNameOverlayBackground)
	g.bg.StrokeColor = theme.Color(theme.ColorNamePrimary)
	g.bg.Refresh()
	g.Resize(g.box.MinSize())
}

// Follow puts the card just below and right of the pointer (abs, in the
// canvas's coordinates), so the province under the pointer stays in view.
func (g *cardGhost) Follow(abs fyne.Position) {
	origin := fyne.Position{}
	if a := fyne.CurrentApp(); a != nil && g.layer != nil {
		origin = a.Driver().AbsolutePositionForObject(g.layer)
	}
	g.Move(abs.Subtract(origin).Add(fyne.NewPos(14, 14)))
	g.Show()
}

// Text is the card as shown.
func (g *cardGhost) Text() string { return g.title.Text + " — " + g.what.Text }
