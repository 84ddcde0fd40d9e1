package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// fixedTheme is the default theme held to one variant, for the View
// menu's light and dark choices (Fyne otherwise follows the system).
type fixedTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

// Color returns the default theme's colour for the chosen variant.
func (t fixedTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// SetTheme switches the app to "light" or "dark" ("" follows the
// system) and remembers the choice.
func SetTheme(a fyne.App, name string) {
	a.Preferences().SetString(prefTheme, name)
	applyTheme(a)
}

// applyTheme sets the theme remembered in the preferences.
func applyTheme(a fyne.App) {
	switch a.Preferences().String(prefTheme) {
	case "light":
		a.Settings().SetTheme(fixedTheme{theme.DefaultTheme(), theme.VariantLight})
	case "dark":
		a.Settings().SetTheme(fixedTheme{theme.DefaultTheme(), theme.VariantDark})
	default:
		a.Settings().SetTheme(theme.DefaultTheme())
	}
}
