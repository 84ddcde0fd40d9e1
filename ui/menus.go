package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// shortcut is Ctrl (Cmd on macOS) with key.
func shortcut(key fyne.KeyName) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault}
}

// item makes a menu item with an optional shortcut (the desktop driver
// triggers main-menu shortcuts itself).
func item(label string, key fyne.KeyName, f func()) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, f)
	if key != "" {
		it.Shortcut = shortcut(key)
	}
	return it
}

// Phase shortcuts: Alt+Left and Alt+Right, as a browser's back and
// forward.
var (
	prevPhaseKey = &desktop.CustomShortcut{KeyName: fyne.KeyLeft, Modifier: fyne.KeyModifierAlt}
	nextPhaseKey = &desktop.CustomShortcut{KeyName: fyne.KeyRight, Modifier: fyne.KeyModifierAlt}
)

// menus builds the game window's File, Game and View menus.
func (gw *GameWindow) menus() *fyne.MainMenu {
	d := gw.desk
	quit := fyne.NewMenuItem("Quit", d.Quit)
	quit.IsQuit = true
	exports := []*fyne.MenuItem{
		fyne.NewMenuItem("Save board as picture…", gw.askExportPNG),
		fyne.NewMenuItem("Export report…", gw.askExportReport),
	}
	if gw.cards != nil {
		exports = append(exports, fyne.NewMenuItem("Export card form…", gw.askExportCardForm))
	}
	file := fyne.NewMenu("File",
		item("New game…", fyne.KeyN, func() { d.ShowStart() }),
		item("Open…", fyne.KeyO, func() {
			d.chooseOpen(gw.win, func(p string) {
				if _, err := d.OpenGame(p, "", false); err != nil {
					gw.flash(errText("Open", err))
				}
			})
		}),
		item("Save orders", fyne.KeyS, gw.SaveOrders),
		fyne.NewMenuItemSeparator(),
	)
	file.Items = append(file.Items, exports...)
	file.Items = append(file.Items, fyne.NewMenuItemSeparator(), item("Close", fyne.KeyW, gw.Close), quit)
	// Ctrl+Z reaches the main menu as fyne.ShortcutUndo, never as a
	// custom Ctrl+Z: the item must carry that shortcut to be triggered.
	undo := fyne.NewMenuItem("Undo last order", gw.undoShortcut)
	undo.Shortcut = &fyne.ShortcutUndo{}
	prev := fyne.NewMenuItem("Previous phase", gw.PrevPhase)
	prev.Shortcut = prevPhaseKey
	next := fyne.NewMenuItem("Next phase", gw.NextPhase)
	next.Shortcut = nextPhaseKey
	game := fyne.NewMenu("Game",
		item("Adjudicate", fyne.KeyReturn, gw.Adjudicate),
		undo,
		fyne.NewMenuItemSeparator(),
		prev, next,
	)
	legend := fyne.NewMenuItem("Legend", nil)
	legend.Checked = gw.legend
	legend.Action = func() {
		gw.legend = !gw.legend
		legend.Checked = gw.legend
		d.app.Preferences().SetBool(prefLegend, gw.legend)
		gw.refreshBoard()
	}
	zoomIn := item("Zoom in", fyne.KeyEqual, func() { gw.zoom(zoomStep) })
	zoomOut := item("Zoom out", fyne.KeyMinus, func() { gw.zoom(1 / zoomStep) })
	fit := item("Fit the board", fyne.Key0, gw.fitBoard)
	view := fyne.NewMenu("View",
		zoomIn, zoomOut, fit,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Light theme", func() { SetTheme(d.app, "light") }),
		fyne.NewMenuItem("Dark theme", func() { SetTheme(d.app, "dark") }),
		fyne.NewMenuItem("System theme", func() { SetTheme(d.app, "") }),
		fyne.NewMenuItemSeparator(),
		legend,
	)
	return fyne.NewMainMenu(file, game, view)
}

// undoShortcut is Ctrl+Z: in a text being typed it undoes the typing, as
// in any text field; anywhere else it undoes the last order.
func (gw *GameWindow) undoShortcut() {
	if e, ok := gw.win.Canvas().Focused().(*widget.Entry); ok && !e.Disabled() {
		e.TypedShortcut(&fyne.ShortcutUndo{})
		return
	}
	gw.UndoLastOrder()
}

// PrevPhase shows the phase before the one on the board.
func (gw *GameWindow) PrevPhase() { gw.showPhase(gw.viewIdx - 1) }

// NextPhase shows the phase after the one on the board.
func (gw *GameWindow) NextPhase() { gw.showPhase(gw.viewIdx + 1) }

// Close closes the game window (File > Close); typed orders not saved
// are asked about first.
func (gw *GameWindow) Close() {
	if len(gw.unsavedDrafts()) > 0 {
		gw.askUnsaved("closing", gw.Close)
		return
	}
	gw.win.Close()
}

// askUnsaved asks what to do with typed orders not saved before leaving
// (closing, quitting); then runs again, which finds them saved or gone.
func (gw *GameWindow) askUnsaved(leaving string, again func()) {
	var names []string
	for _, p := range gw.unsavedDrafts() {
		names = append(names, gw.m.PowerName(p))
	}
	msg := "Orders typed for " + strings.Join(names, ", ") + " are not saved. Save them before " + leaving + "?"
	gw.desk.ask(gw.win, "Typed orders not saved", msg, []string{"Save them", "Throw them away", "Cancel"}, func(i int) {
		switch i {
		case 0:
			if !gw.saveDrafts() {
				return
			}
		case 1:
			for _, p := range gw.unsavedDrafts() {
				delete(gw.drafts, p)
			}
		default:
			return
		}
		again()
	})
}
