package ui

import (
	"encoding/json"
	"os"
	"time"

	"fyne.io/fyne/v2"
)

// e2eLayoutEnv names a file to which the game window writes where its
// board is drawn (in window pixels), for the end-to-end test that drives
// the real window with xdotool (e2e_test.go).
const e2eLayoutEnv = "DIPDESK_E2E_LAYOUT"

// writeE2ELayout writes the board's place once the window has laid out.
func (gw *GameWindow) writeE2ELayout() {
	path := os.Getenv(e2eLayoutEnv)
	if path == "" {
		return
	}
	go func() {
		for i := 0; i < 100; i++ {
			time.Sleep(200 * time.Millisecond)
			done := make(chan bool, 1)
			fyne.Do(func() { done <- gw.tryWriteLayout(path) })
			if <-done {
				return
			}
		}
	}()
}

// tryWriteLayout writes the layout when the board has a size.
func (gw *GameWindow) tryWriteLayout(path string) bool {
	c := gw.win.Canvas()
	size := gw.board.Size()
	if size.Width < 100 || size.Height < 100 {
		return false
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(gw.board)
	scale := c.Scale()
	l := struct{ X, Y, W, H int }{int(pos.X * scale), int(pos.Y * scale), int(size.Width * scale), int(size.Height * scale)}
	b, _ := json.Marshal(l)
	return os.WriteFile(path, b, 0o644) == nil
}
