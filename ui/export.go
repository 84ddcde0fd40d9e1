package ui

import (
	"fmt"
	"image/png"
	"os"
	"strings"

	"fyne.io/fyne/v2/dialog"

	"dipdesk/render"
)

// exportSize is the size of an exported board image.
const exportWidth, exportHeight = 1600, 1200

// askExportPNG asks where to write the board as shown.
func (gw *GameWindow) askExportPNG() {
	gw.desk.chooseSave(gw.win, func(path string) {
		if !strings.HasSuffix(strings.ToLower(path), ".png") {
			path += ".png"
		}
		gw.reportErr(gw.ExportPNG(path))
	})
}

// askExportReport asks where to write the report of the phase shown.
func (gw *GameWindow) askExportReport() {
	gw.desk.chooseSave(gw.win, func(path string) {
		if !strings.Contains(baseName(path), ".") {
			path += ".txt"
		}
		gw.reportErr(gw.ExportReport(path))
	})
}

func (gw *GameWindow) reportErr(err error) {
	if err != nil {
		dialog.ShowError(err, gw.win)
	}
}

// ExportPNG draws the board as shown (the same scene, at 1600x1200)
// into a PNG file.
func (gw *GameWindow) ExportPNG(path string) error {
	s := gw.scene
	img := gw.exporter.Render(s.View, s.Orders, s.Results, render.Options{Width: exportWidth, Height: exportHeight,
		ShowOrders: true, ShowResults: true, Legend: s.Legend, Marks: s.Marks})
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("ui: export: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("ui: export %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("ui: export %s: %w", path, err)
	}
	gw.flash("Wrote " + path)
	return nil
}

// ExportReport writes the report of the phase shown, as the current
// seat may read it, to a text file.
func (gw *GameWindow) ExportReport(path string) error {
	text, err := gw.g.Report(gw.phases[gw.viewIdx].Name, gw.viewSeat())
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		return fmt.Errorf("ui: export: %w", err)
	}
	gw.flash("Wrote " + path)
	return nil
}

// askExportCardForm asks where to write the private form of the cards
// assigned to the seat's units (Character Diplomacy rules 5.a, 15).
func (gw *GameWindow) askExportCardForm() {
	gw.desk.chooseSave(gw.win, func(path string) {
		if !strings.Contains(baseName(path), ".") {
			path += ".txt"
		}
		gw.reportErr(gw.ExportCardForm(path))
	})
}

// ExportCardForm writes the card form for the current seat: of the Winter
// shown when it was adjudicated, otherwise of the last Winter played (or
// the initial deal). A path ending in .md gets a Markdown table.
func (gw *GameWindow) ExportCardForm(path string) error {
	name := ""
	if p := gw.phases[gw.viewIdx]; p.Adjudicated && (gw.viewIdx == 0 || strings.HasSuffix(p.Name, "A")) {
		name = p.Name
	}
	text, err := gw.g.CardReport(name, gw.viewSeat(), strings.HasSuffix(strings.ToLower(path), ".md"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		return fmt.Errorf("ui: export: %w", err)
	}
	gw.flash("Wrote " + path)
	return nil
}
