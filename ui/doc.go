// Package ui will hold DipDesk's Fyne windows and widgets (the desktop
// app issue). It may import app, render and engine, never fyne/v2/app.
package ui
