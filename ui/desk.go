package ui

import (
	"fmt"
	"os"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/render"
)

// Desk is the desktop app: the Fyne app, its start window and the game
// windows it opened. main.go makes the Fyne app and calls NewDesk; tests
// pass an app from fyne.io/fyne/v2/test.
type Desk struct {
	app   fyne.App
	start *StartWindow
	games []*GameWindow

	// chooseSave and chooseOpen ask for a file to create or to open and
	// call back with its path; tests replace them (file dialogs need a
	// person).
	chooseSave func(parent fyne.Window, done func(path string))
	chooseOpen func(parent fyne.Window, done func(path string))
	// newBoard makes a game window's board; tests wrap it.
	newBoard func(r *render.Renderer, m *engine.Map, h boardHooks) boardSurface
	lan      lanEnv // LAN play's address, folder, advertising and discovery (lan.go)
}

// Launch says what the app shows first.
type Launch struct {
	Path   string // a save file to open straight away; "" shows the start window
	Seat   string // the seat to open it as: "gm", "public" or a power; "" as its seats say
	Review bool   // open read-only
}

// NewDesk returns the desktop app for a, with the remembered theme.
func NewDesk(a fyne.App) *Desk {
	d := &Desk{app: a, chooseSave: dialogSave, chooseOpen: dialogOpen, newBoard: newBoard}
	applyTheme(a)
	return d
}

// Start shows the first window: the start window, or the game window
// of l.Path.
func (d *Desk) Start(l Launch) error {
	if l.Path == "" {
		d.ShowStart()
		return nil
	}
	gw, err := d.OpenGame(l.Path, l.Seat, l.Review)
	if err != nil {
		return err
	}
	gw.win.SetMaster()
	return nil
}

// ShowStart shows the start window, making it if needed.
func (d *Desk) ShowStart() *StartWindow {
	if d.start == nil {
		d.start = newStartWindow(d)
		if len(d.games) == 0 {
			d.start.win.SetMaster()
		}
	}
	d.start.win.Show()
	d.start.win.RequestFocus()
	return d.start
}

// OpenGame opens the save file at path in a game window, as seat ("" for
// what the game's seats say), read-only for review.
func (d *Desk) OpenGame(path, seat string, review bool) (*GameWindow, error) {
	open := session.Open
	if review {
		open = session.OpenReadOnly
	}
	g, err := open(path)
	if err != nil {
		return nil, err
	}
	gw, err := d.showGame(g, seat, review)
	if err != nil {
		g.Close()
		return nil, err
	}
	return gw, nil
}

// showGame opens a game window for an open game.
func (d *Desk) showGame(g *session.Game, seat string, review bool) (*GameWindow, error) {
	gw, err := newGameWindow(d, g, seat, review)
	if err != nil {
		return nil, err
	}
	addRecent(d.app.Preferences(), g.Path())
	d.games = append(d.games, gw)
	gw.win.Show()
	gw.writeE2ELayout()
	return gw, nil
}

// closed forgets a game window.
func (d *Desk) closed(gw *GameWindow) {
	for i, x := range d.games {
		if x == gw {
			d.games = append(d.games[:i], d.games[i+1:]...)
			break
		}
	}
}

// dialogSave asks for a new save file with Fyne's file dialog.
func dialogSave(parent fyne.Window, done func(string)) {
	dlg := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		path := w.URI().Path()
		w.Close()
		// The dialog has made an empty file; the store makes its own
		// and refuses to overwrite, so the empty one goes.
		if fi, err := os.Stat(path); err == nil && fi.Size() == 0 {
			os.Remove(path)
		}
		done(withExt(path))
	}, parent)
	dlg.SetFileName("game.dipdesk")
	dlg.SetFilter(storage.NewExtensionFileFilter([]string{".dipdesk"}))
	dlg.Show()
}

// dialogOpen asks for a save file to open.
func dialogOpen(parent fyne.Window, done func(string)) {
	dlg := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		path := r.URI().Path()
		r.Close()
		done(path)
	}, parent)
	dlg.Show()
}

// withExt adds ".dipdesk" to a path that has no extension.
func withExt(path string) string {
	base := path[strings.LastIndexAny(path, `/\`)+1:]
	if !strings.Contains(base, ".") {
		return path + ".dipdesk"
	}
	return path
}

// errText words an error for a dialog or the status line.
func errText(what string, err error) string { return fmt.Sprintf("%s: %v", what, err) }
