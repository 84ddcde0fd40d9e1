package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// Curtain covers the whole game window between hot-seat players: "Pass
// the laptop to France", a PIN entry when France's seat has one, and a
// button. Nothing behind it shows another power's orders: the window
// only switches to France's view once the curtain is passed.
type Curtain struct {
	widget.BaseWidget

	power   engine.Power
	pinHash string
	// OnPass is called with the power once the right PIN (or none) is given.
	OnPass func(p engine.Power)
	// OnCancel is called when the players go back to the table.
	OnCancel func()
	// Canvas is the window's canvas: the PIN entry takes the keyboard
	// there as soon as the curtain is drawn.
	Canvas fyne.Canvas

	bg      *canvas.Rectangle
	title   *widget.Label
	note    *widget.Label // what the seat may do in the step, when it is not waited for
	pin     *widget.Entry
	wrong   *widget.Label
	pass    *widget.Button
	back    *widget.Button
	content fyne.CanvasObject
}

// NewCurtain returns a hidden curtain.
func NewCurtain() *Curtain {
	c := &Curtain{}
	c.bg = canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
	c.title = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	c.title.SizeName = theme.SizeNameHeadingText
	c.note = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{})
	c.note.Wrapping = fyne.TextWrapWord
	c.note.Hide()
	c.pin = widget.NewPasswordEntry()
	c.pin.SetPlaceHolder("PIN")
	c.pin.OnSubmitted = func(string) { c.Pass() }
	c.wrong = widget.NewLabel("")
	c.wrong.Importance = widget.DangerImportance
	c.pass = widget.NewButton("", c.Pass)
	c.pass.Importance = widget.HighImportance
	c.back = widget.NewButton("Back to the table", func() {
		c.Hide()
		if c.OnCancel != nil {
			c.OnCancel()
		}
	})
	box := container.NewVBox(c.title, c.note, c.pin, c.wrong, c.pass, c.back)
	e2eMark("pin", c.pin)
	e2eMark("pass", c.pass)
	c.content = container.NewStack(c.bg, container.NewCenter(container.NewGridWrap(fyne.NewSize(380, 300), box)))
	c.ExtendBaseWidget(c)
	c.Hide()
	return c
}

// CreateRenderer draws the opaque cover and its form.
func (c *Curtain) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(c.content)
}

// Close asks for power: name is its name, pinHash its seat's PIN hash
// ("" for none).
func (c *Curtain) Close(power engine.Power, name, pinHash string) {
	c.power, c.pinHash = power, pinHash
	c.title.SetText("Pass the laptop to " + name)
	c.pass.SetText("I am " + name + ": show my orders")
	c.back.SetText("Back to the table")
	c.SetNote("")
	c.pin.SetText("")
	c.wrong.SetText("")
	if pinHash == "" {
		c.pin.Hide()
	} else {
		c.pin.Show()
	}
	c.bg.FillColor = theme.Color(theme.ColorNameBackground)
	c.bg.FillColor = opaque(c.bg.FillColor)
	c.Show()
	c.Refresh()
	if c.Canvas != nil && pinHash != "" {
		c.Canvas.Focus(c.pin) // the player types the PIN straight away
	}
}

// SetNote says, under the title, what the seat may do in the step (a
// seat not waited for: "Italy may answer on Germany's turn"); "" hides it.
func (c *Curtain) SetNote(text string) {
	c.note.SetText(text)
	if text == "" {
		c.note.Hide()
	} else {
		c.note.Show()
	}
}

// Note returns what the curtain says under its title.
func (c *Curtain) Note() string { return c.note.Text }

// SetBack names the button that leaves the curtain ("Back to the
// table"; a seat opened alone closes its window instead).
func (c *Curtain) SetBack(label string) { c.back.SetText(label) }

// Title returns the curtain's message.
func (c *Curtain) Title() string { return c.title.Text }

// EnterPIN types pin into the PIN entry.
func (c *Curtain) EnterPIN(pin string) { c.pin.SetText(pin) }

// Pass opens the curtain if the PIN matches.
func (c *Curtain) Pass() {
	if !session.CheckPIN(c.pinHash, c.pin.Text) {
		c.wrong.SetText("Wrong PIN")
		c.pin.SetText("")
		return
	}
	c.Hide()
	if c.OnPass != nil {
		c.OnPass(c.power)
	}
}

// opaque drops any transparency, so the cover hides the board.
func opaque(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 0xff}
}
