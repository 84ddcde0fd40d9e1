package ui

import (
	"slices"

	"fyne.io/fyne/v2"
)

// Preference keys, kept in the Fyne app's preferences.
const (
	prefRecent = "recent"        // string list: recently played games, newest first
	prefWidth  = "window.width"  // float: the game window's last width
	prefHeight = "window.height" // float: the game window's last height
	prefTheme  = "theme"         // "light", "dark" or "" (the system's)
	prefLegend = "legend"        // bool: draw the board's legend
)

// maxRecent is how many recent games the start window lists.
const maxRecent = 8

// defaultGameSize is the game window's size before one was remembered:
// small enough for a laptop's 1366x768 screen with a panel or a title bar.
var defaultGameSize = fyne.NewSize(1280, 700)

// recentFiles returns the recent games, newest first.
func recentFiles(p fyne.Preferences) []string {
	return p.StringListWithFallback(prefRecent, nil)
}

// addRecent puts path first in the recent games.
func addRecent(p fyne.Preferences, path string) {
	list := slices.DeleteFunc(recentFiles(p), func(s string) bool { return s == path })
	list = append([]string{path}, list...)
	if len(list) > maxRecent {
		list = list[:maxRecent]
	}
	p.SetStringList(prefRecent, list)
}

// gameWindowSize returns the remembered size of the game window.
func gameWindowSize(p fyne.Preferences) fyne.Size {
	w := p.FloatWithFallback(prefWidth, float64(defaultGameSize.Width))
	h := p.FloatWithFallback(prefHeight, float64(defaultGameSize.Height))
	if w < 400 || h < 300 {
		return defaultGameSize
	}
	return fyne.NewSize(float32(w), float32(h))
}

// rememberWindowSize keeps s for the next game window.
func rememberWindowSize(p fyne.Preferences, s fyne.Size) {
	if s.Width < 400 || s.Height < 300 {
		return
	}
	p.SetFloat(prefWidth, float64(s.Width))
	p.SetFloat(prefHeight, float64(s.Height))
}
