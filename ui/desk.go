package ui

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

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

	// chooseSave asks for a file to create, suggesting name and offering
	// files ending in one of exts; chooseOpen asks for a save file to
	// open; chooseFolder for a folder to write several files to. Each
	// calls back with the path chosen. Tests replace them (file dialogs
	// need a person).
	chooseSave   func(parent fyne.Window, name string, exts []string, done func(path string))
	chooseOpen   func(parent fyne.Window, done func(path string))
	chooseFolder func(parent fyne.Window, done func(path string))
	// ask shows a question with buttons and calls done with the index of
	// the button pressed (-1 when dismissed); tests answer it.
	ask func(parent fyne.Window, title, message string, buttons []string, done func(int))
	// askNumber asks for a whole number from lo to hi (a die of many
	// faces a game master rolled); done gets it, or ok false on Cancel.
	askNumber func(parent fyne.Window, title, message string, lo, hi int, done func(v int, ok bool))
	// newBoard makes a game window's board; tests wrap it.
	newBoard func(r *render.Renderer, m *engine.Map, h boardHooks) boardSurface
	lan      lanEnv // LAN play's address, folder, advertising and discovery (lan.go)
}

// Launch says what the app shows first.
type Launch struct {
	Path   string // a save file to open straight away; "" shows the start window
	Seat   string // the seat to open it as: "gm", "public" or a power; "" as its seats say
	Review bool   // open read-only
	// Variant, with no Path, is the variant the New game form offers
	// first, a hidden one included (the test-only variant: dipdesk gui
	// --variant shapetest).
	Variant string
}

// NewDesk returns the desktop app for a, with the remembered theme.
func NewDesk(a fyne.App) *Desk {
	d := &Desk{app: a, chooseSave: dialogSave, chooseOpen: dialogOpen, chooseFolder: dialogFolder, ask: dialogAsk, askNumber: dialogNumber, newBoard: newBoard}
	applyTheme(a)
	return d
}

// Start shows the first window: the start window, or the game window
// of l.Path.
func (d *Desk) Start(l Launch) error {
	if l.Path == "" {
		s := d.ShowStart()
		if l.Variant != "" {
			return s.Choose(l.Variant)
		}
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
// what the game's seats say), read-only for review. A game already open
// in this program is brought forward instead of being opened twice.
func (d *Desk) OpenGame(path, seat string, review bool) (*GameWindow, error) {
	if gw := d.openWindow(path); gw != nil {
		gw.win.Show()
		gw.win.RequestFocus()
		return gw, nil
	}
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

// openWindow returns the game window of the save file at path, if one
// is open.
func (d *Desk) openWindow(path string) *GameWindow {
	want := samePath(path)
	for _, gw := range d.games {
		if samePath(gw.g.Path()) == want {
			return gw
		}
	}
	return nil
}

// samePath is a path made comparable: absolute, clean, links resolved
// where they can be.
func samePath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	return filepath.Clean(p)
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

// Quit ends the program; typed orders not saved in any game window are
// asked about first.
func (d *Desk) Quit() {
	for _, gw := range d.games {
		if len(gw.unsavedDrafts()) > 0 {
			gw.askUnsaved("quitting", func() { d.Quit() })
			return
		}
	}
	d.app.Quit()
}

// dialogSave asks for a file name with Fyne's file dialog. The chosen
// file is left as it was (keepChosenFiles): an existing file is never
// emptied by the dialog, so the caller may refuse its name (the store
// refuses an existing file for a new game; exports refuse the save's own
// name) with nothing lost.
func dialogSave(parent fyne.Window, name string, exts []string, done func(string)) {
	if !keepChosenFiles() {
		dialog.ShowError(fmt.Errorf("this build cannot choose a file without emptying it: type the name on the command line instead"), parent)
		return
	}
	dlg := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		path := w.URI().Path()
		w.Close() // unwritten: the file is untouched
		done(path)
	}, parent)
	dlg.SetFileName(name)
	if len(exts) > 0 {
		dlg.SetFilter(storage.NewExtensionFileFilter(exts))
	}
	dlg.Show()
}

// dialogOpen asks for a save file to open. SQLite's companion files of
// an open game (name-wal, name-shm, name-journal) are not offered.
func dialogOpen(parent fyne.Window, done func(string)) {
	dlg := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		path := r.URI().Path()
		r.Close()
		done(path)
	}, parent)
	dlg.SetFilter(saveFilter{})
	dlg.Show()
}

// saveFilter hides SQLite's companion files from the Open dialog.
type saveFilter struct{}

// Matches is part of storage.FileFilter.
func (saveFilter) Matches(u fyne.URI) bool { return offeredFile(u.Name()) }

// offeredFile reports whether the Open dialog lists a file of this name.
func offeredFile(name string) bool {
	for _, s := range []string{"-wal", "-shm", "-journal"} {
		if strings.HasSuffix(name, s) {
			return false
		}
	}
	return true
}

// dialogFolder asks for a folder.
func dialogFolder(parent fyne.Window, done func(string)) {
	dialog.ShowFolderOpen(func(u fyne.ListableURI, err error) {
		if err != nil || u == nil {
			return
		}
		done(u.Path())
	}, parent)
}

// dialogAsk shows a question with one button per answer.
func dialogAsk(parent fyne.Window, title, message string, buttons []string, done func(int)) {
	text := widget.NewLabel(message)
	text.Wrapping = fyne.TextWrapWord
	row := container.NewHBox()
	var dlg *dialog.CustomDialog
	answered := false
	forget := func() {
		for i := range buttons {
			e2eMark(fmt.Sprintf("ask.%d", i), nil)
		}
		e2eDialog("", "")
	}
	for i, label := range buttons {
		b := widget.NewButton(label, func() {
			answered = true
			forget()
			dlg.Hide()
			done(i)
		})
		if i == 0 {
			b.Importance = widget.HighImportance
		}
		e2eMark(fmt.Sprintf("ask.%d", i), b)
		row.Add(b)
	}
	e2eDialog(title, message)
	dlg = dialog.NewCustomWithoutButtons(title, container.NewBorder(nil, container.NewCenter(row), nil, nil, text), parent)
	dlg.SetOnClosed(func() {
		forget()
		if !answered {
			done(-1)
		}
	})
	dlg.Resize(fyne.NewSize(520, 0))
	dlg.Show()
}

// withExt adds ext to a path whose name has no extension.
func withExt(path, ext string) string {
	base := path[strings.LastIndexAny(path, `/\`)+1:]
	if !strings.Contains(base, ".") {
		return path + ext
	}
	return path
}

// packagePrefix matches the package names Go errors start with
// ("session: edit: "), which mean nothing to a player.
var packagePrefix = regexp.MustCompile(`(^|: )(?:(?:session|store|engine|edit|ui|cardgame|lan|render|casefile|geometry|character|character2): )+`)

// userWords words an error for a player: without the package prefixes.
func userWords(err error) string {
	return packagePrefix.ReplaceAllString(err.Error(), "$1")
}

// errText words an error for a dialog or the status line.
func errText(what string, err error) string { return fmt.Sprintf("%s: %s", what, userWords(err)) }
