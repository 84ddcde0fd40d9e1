// Package ui holds DipDesk's Fyne windows and widgets: the start window
// (new game, open, recent games, review), the game window (board, order
// panels, phase bar, results, history, game-master tools, export) and the
// hot-seat curtain. It may import app, render and engine, never
// fyne.io/fyne/v2/app: main.go makes the Fyne app and hands it in, so
// these windows are tested headless with fyne.io/fyne/v2/test.
package ui
