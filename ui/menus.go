package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
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

// menus builds the game window's File, Game and View menus.
func (gw *GameWindow) menus() *fyne.MainMenu {
	d := gw.desk
	quit := fyne.NewMenuItem("Quit", func() { d.app.Quit() })
	quit.IsQuit = true
	exports := []*fyne.MenuItem{
		fyne.NewMenuItem("Export board as PNG…", gw.askExportPNG),
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
	file.Items = append(append(file.Items, exports...), fyne.NewMenuItemSeparator(), quit)
	game := fyne.NewMenu("Game",
		item("Adjudicate", fyne.KeyReturn, gw.Adjudicate),
		item("Undo last order", fyne.KeyZ, gw.UndoLastOrder),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Previous phase", func() { gw.showPhase(gw.viewIdx - 1) }),
		fyne.NewMenuItem("Next phase", func() { gw.showPhase(gw.viewIdx + 1) }),
	)
	legend := fyne.NewMenuItem("Legend", nil)
	legend.Checked = gw.legend
	legend.Action = func() {
		gw.legend = !gw.legend
		legend.Checked = gw.legend
		d.app.Preferences().SetBool(prefLegend, gw.legend)
		gw.refreshBoard()
	}
	view := fyne.NewMenu("View",
		fyne.NewMenuItem("Light theme", func() { SetTheme(d.app, "light") }),
		fyne.NewMenuItem("Dark theme", func() { SetTheme(d.app, "dark") }),
		fyne.NewMenuItem("System theme", func() { SetTheme(d.app, "") }),
		fyne.NewMenuItemSeparator(),
		legend,
	)
	return fyne.NewMainMenu(file, game, view)
}
