package ui

import (
	"encoding/json"
	"os"
	"sync"
	"time"

	"fyne.io/fyne/v2"
)

// e2eLayoutEnv names a file to which the game window writes, while it
// runs, where its board and its named controls are drawn (in window
// pixels) and the menu it shows, for the end-to-end test that drives the
// real window with xdotool (e2e_test.go). Without the variable nothing is
// recorded or written.
const e2eLayoutEnv = "DIPDESK_E2E_LAYOUT"

// e2eLayout is what the file holds.
type e2eLayout struct {
	X, Y, W, H int               // the board
	Widgets    map[string][4]int // named controls: x, y, width, height
	Menu       []e2eMenuItem     `json:",omitempty"` // the board's menu, while shown
	Seq        int               // counts the writes
	Status     string            // the status line
	Curtain    bool              // the curtain is drawn
	Active     string            // the power ordering behind the curtain
	Phase      string            // the phase on the board
	Problems   string            // the problems shown under the ordering power's orders
	Dialog     string            `json:",omitempty"` // the title of the question asked, while it is shown
	DialogText string            `json:",omitempty"` // and its words
	Results    []string          `json:",omitempty"` // the results list's lines
}

// e2eMenuItem is one item of a menu, with its submenu.
type e2eMenuItem struct {
	Label string
	Sub   []e2eMenuItem `json:",omitempty"`
}

// e2eMarks are the named controls, recorded only when the variable is set.
var e2eMarks struct {
	sync.Mutex
	on     bool
	named  map[string]fyne.CanvasObject
	dialog string // the title of the question shown (dialogAsk)
	text   string // and its words
}

func init() {
	e2eMarks.on = os.Getenv(e2eLayoutEnv) != ""
	e2eMarks.named = map[string]fyne.CanvasObject{}
}

// e2eMark names a control for the end-to-end test ("table.france",
// "done", "ask.0"); a later control of the same name replaces it.
func e2eMark(name string, o fyne.CanvasObject) {
	if !e2eMarks.on {
		return
	}
	e2eMarks.Lock()
	if o == nil {
		delete(e2eMarks.named, name)
	} else {
		e2eMarks.named[name] = o
	}
	e2eMarks.Unlock()
}

// e2eDialog records the title and words of the question on screen (""
// when none).
func e2eDialog(title, text string) {
	if !e2eMarks.on {
		return
	}
	e2eMarks.Lock()
	e2eMarks.dialog, e2eMarks.text = title, text
	e2eMarks.Unlock()
}

// writeE2ELayout writes the layout every 60 ms from the first draw on.
func (gw *GameWindow) writeE2ELayout() {
	path := os.Getenv(e2eLayoutEnv)
	if path == "" {
		return
	}
	go func() {
		seq := 0
		for !gw.gone.Load() {
			time.Sleep(60 * time.Millisecond)
			done := make(chan bool, 1)
			fyne.Do(func() { done <- gw.tryWriteLayout(path, seq) })
			select {
			case ok := <-done:
				if ok {
					seq++
				}
			case <-time.After(5 * time.Second):
			}
		}
	}()
}

// tryWriteLayout writes the layout when the board has a size.
func (gw *GameWindow) tryWriteLayout(path string, seq int) bool {
	c := gw.win.Canvas()
	size := gw.board.Size()
	if size.Width < 100 || size.Height < 100 {
		return false
	}
	d := fyne.CurrentApp().Driver()
	scale := c.Scale()
	rect := func(o fyne.CanvasObject) [4]int {
		p := d.AbsolutePositionForObject(o)
		s := o.Size()
		return [4]int{int(p.X * scale), int(p.Y * scale), int(s.Width * scale), int(s.Height * scale)}
	}
	b := rect(gw.board)
	l := e2eLayout{X: b[0], Y: b[1], W: b[2], H: b[3], Widgets: map[string][4]int{}, Seq: seq, Status: gw.status.Text,
		Curtain: gw.curtain.Visible(), Active: string(gw.active), Phase: gw.phases[gw.viewIdx].Name}
	if op := gw.panels[gw.orderingPower()]; op != nil {
		l.Problems = op.Errors()
	}
	if gw.results != nil {
		l.Results = gw.results.Lines()
	}
	e2eMarks.Lock()
	l.Dialog, l.DialogText = e2eMarks.dialog, e2eMarks.text
	for name, o := range e2eMarks.named {
		if o.Visible() && d.CanvasForObject(o) == c {
			l.Widgets[name] = rect(o)
		}
	}
	e2eMarks.Unlock()
	if bd, ok := gw.board.(interface{ shownMenu() *fyne.Menu }); ok {
		if m := bd.shownMenu(); m != nil {
			l.Menu = e2eMenu(m)
		}
	}
	if op := gw.panels[gw.orderingPower()]; op != nil && l.Menu == nil {
		if m := op.shownMenu(); m != nil {
			l.Menu = e2eMenu(m)
		}
	}
	out, _ := json.Marshal(l)
	tmp := path + ".tmp"
	if os.WriteFile(tmp, out, 0o644) != nil {
		return false
	}
	return os.Rename(tmp, path) == nil
}

// e2eMenu lists a menu's items and submenus.
func e2eMenu(m *fyne.Menu) []e2eMenuItem {
	var out []e2eMenuItem
	for _, it := range m.Items {
		x := e2eMenuItem{Label: it.Label}
		if it.IsSeparator {
			x.Label = "---"
		}
		if it.ChildMenu != nil {
			x.Sub = e2eMenu(it.ChildMenu)
		}
		out = append(out, x)
	}
	return out
}
