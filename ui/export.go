package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"dipdesk/engine"
	"dipdesk/render"
)

// exportSize is the size of an exported board image.
const exportWidth, exportHeight = 1600, 1200

// everyPower is the report audience that writes one file per power.
const everyPower = "Every power (one file each, ready to mail)"

// exportForm is the question before an export: which phase, for whom.
// The window keeps the last one so tests can answer it.
type exportForm struct {
	phase    *widget.Select    // the steps, each as stepLabel words it
	keys     map[string]string // phase's labels -> the steps' keys
	audience *widget.Select
	seats    map[string]engine.Seat // audience label -> seat
	confirm  func(ok bool)
}

// audiences lists the seats the person at the window may export for:
// the game master every seat (and, for reports, every power at once);
// otherwise the public view and the seat's own.
func (gw *GameWindow) audiences(reports bool) ([]string, map[string]engine.Seat) {
	seats := map[string]engine.Seat{}
	var labels []string
	add := func(label string, s engine.Seat) {
		labels = append(labels, label)
		seats[label] = s
	}
	if gw.gm {
		add("Game master (everything)", engine.Seat{GM: true})
	}
	add("Public (what every player may read)", engine.Seat{})
	for _, p := range gw.m.PowerIDs() {
		if gw.gm || (!gw.locked && p == gw.active) {
			add(gw.m.PowerName(p), engine.Seat{Power: p})
		}
	}
	if reports && gw.gm {
		labels = append(labels, everyPower)
	}
	return labels, seats
}

// askExport asks for the phase and the audience, then calls done.
func (gw *GameWindow) askExport(title string, reports bool, done func(phase string, label string, seat engine.Seat)) {
	var names []string
	keys := map[string]string{}
	for _, p := range gw.phases {
		l := stepLabel(gw.m, p.Name)
		names = append(names, l)
		keys[l] = p.Name
	}
	labels, seats := gw.audiences(reports)
	f := &exportForm{phase: widget.NewSelect(names, nil), keys: keys, audience: widget.NewSelect(labels, nil), seats: seats}
	f.phase.SetSelected(stepLabel(gw.m, gw.phases[gw.viewIdx].Name))
	f.audience.SetSelectedIndex(0)
	if s := gw.viewSeat(); !s.GM {
		for label, st := range seats {
			if st == s && label != everyPower {
				f.audience.SetSelected(label)
			}
		}
	}
	f.confirm = func(ok bool) {
		if ok && f.phase.Selected != "" && f.audience.Selected != "" {
			done(f.keys[f.phase.Selected], f.audience.Selected, seats[f.audience.Selected])
		}
	}
	gw.export = f
	items := []*widget.FormItem{widget.NewFormItem("Phase", f.phase), widget.NewFormItem("For", f.audience)}
	dlg := dialog.NewForm(title, "Export…", "Cancel", items, f.confirm, gw.win)
	dlg.Resize(fyne.NewSize(460, 0))
	dlg.Show()
}

// exportName suggests a file name: the game's name, the phase and the
// audience, never the save's own name: "game-S1901M-france.txt".
func (gw *GameWindow) exportName(phase string, seat engine.Seat, ext string) string {
	base := strings.TrimSuffix(baseName(gw.g.Path()), filepath.Ext(gw.g.Path()))
	return fmt.Sprintf("%s-%s-%s%s", base, phase, seat.String(), ext)
}

// askExportPNG asks for a phase and a seat, then where to write the board
// as that seat sees that phase.
func (gw *GameWindow) askExportPNG() {
	gw.askExport("Save the board as a picture", false, func(phase, _ string, seat engine.Seat) {
		gw.desk.chooseSave(gw.win, gw.exportName(phase, seat, ".png"), []string{".png"}, func(path string) {
			if !strings.HasSuffix(strings.ToLower(path), ".png") {
				path += ".png"
			}
			gw.reportErr(gw.ExportPNGAs(path, phase, seat))
		})
	})
}

// askExportReport asks for a phase and an audience, then where to write
// the report (a folder for every power at once).
func (gw *GameWindow) askExportReport() {
	gw.askExport("Export a report", true, func(phase, label string, seat engine.Seat) {
		if label == everyPower {
			gw.desk.chooseFolder(gw.win, func(dir string) {
				_, err := gw.ExportReports(dir, phase)
				gw.reportErr(err)
			})
			return
		}
		gw.desk.chooseSave(gw.win, gw.exportName(phase, seat, ".txt"), []string{".txt"}, func(path string) {
			gw.reportErr(gw.ExportReportAs(withExt(path, ".txt"), phase, seat))
		})
	})
}

func (gw *GameWindow) reportErr(err error) {
	if err != nil {
		dialog.ShowError(errors.New(userWords(err)), gw.win)
	}
}

// notTheSave refuses to write an export over the game's own save file.
func (gw *GameWindow) notTheSave(path string) error {
	if samePath(path) == samePath(gw.g.Path()) {
		return fmt.Errorf("the file %s is this game's save: choose another name", baseName(path))
	}
	return nil
}

// ExportPNG draws the board as shown (the same scene, at 1600x1200)
// into a PNG file.
func (gw *GameWindow) ExportPNG(path string) error {
	return gw.writePNG(path, gw.scene)
}

// ExportPNGAs draws phase as seat sees it into a PNG file: the orders the
// seat may see of a phase being played, every order and result the seat
// may know of an adjudicated one.
func (gw *GameWindow) ExportPNGAs(path, phase string, seat engine.Seat) error {
	idx := -1
	for i, p := range gw.phases {
		if p.Name == phase {
			idx = i
		}
	}
	if idx < 0 {
		return fmt.Errorf("no phase %s on the line of play", phase)
	}
	s, _, err := gw.sceneAs(idx, seat)
	if err != nil {
		return err
	}
	s.Legend = gw.legend
	return gw.writePNG(path, gw.drawable(s))
}

func (gw *GameWindow) writePNG(path string, s Scene) error {
	if err := gw.notTheSave(path); err != nil {
		return err
	}
	img := gw.exporter.Render(s.View, s.Orders, s.Results, render.Options{Width: exportWidth, Height: exportHeight,
		ShowOrders: true, ShowResults: true, Legend: s.Legend, Marks: s.Marks, Illegal: s.Illegal, Signs: s.Signs})
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := render.EncodePNG(f, img); err != nil {
		f.Close()
		return fmt.Errorf("export %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("export %s: %w", path, err)
	}
	gw.flash("Wrote " + path)
	return nil
}

// ExportReport writes the report of the phase shown, as the current
// seat may read it, to a text file.
func (gw *GameWindow) ExportReport(path string) error {
	return gw.ExportReportAs(path, gw.phases[gw.viewIdx].Name, gw.viewSeat())
}

// ExportReportAs writes the report of phase as seat may read it.
func (gw *GameWindow) ExportReportAs(path, phase string, seat engine.Seat) error {
	if err := gw.notTheSave(path); err != nil {
		return err
	}
	text, err := gw.g.Report(phase, seat)
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	gw.flash("Wrote " + path)
	return nil
}

// ExportReports writes one report of phase per power into dir, each as
// that power may read it, named as exportName says; it returns the
// files written.
func (gw *GameWindow) ExportReports(dir, phase string) ([]string, error) {
	if !gw.gm {
		return nil, errors.New("only the game master writes every power's report")
	}
	var written []string
	for _, p := range gw.m.PowerIDs() {
		seat := engine.Seat{Power: p}
		path := filepath.Join(dir, gw.exportName(phase, seat, ".txt"))
		text, err := gw.g.Report(phase, seat)
		if err != nil {
			return written, err
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return written, fmt.Errorf("export: %w", err)
		}
		written = append(written, path)
	}
	gw.flash(fmt.Sprintf("Wrote %d reports of %s to %s", len(written), stepName(gw.m, phase), dir))
	return written, nil
}

// askExportCardForm asks where to write the private form of the cards
// assigned to the seat's units (Character Diplomacy rules 5.a, 15).
func (gw *GameWindow) askExportCardForm() {
	name := gw.exportName("cards", gw.viewSeat(), ".txt")
	gw.desk.chooseSave(gw.win, name, []string{".txt", ".md"}, func(path string) {
		gw.reportErr(gw.ExportCardForm(withExt(path, ".txt")))
	})
}

// ExportCardForm writes the card form for the current seat: of the Winter
// shown when it was adjudicated, otherwise of the last Winter played (or
// the initial deal). A path ending in .md gets a Markdown table.
func (gw *GameWindow) ExportCardForm(path string) error {
	if err := gw.notTheSave(path); err != nil {
		return err
	}
	name := ""
	if p := gw.phases[gw.viewIdx]; p.Adjudicated && (gw.viewIdx == 0 || isAdjustment(p.Name)) {
		name = p.Name
	}
	text, err := gw.g.CardReport(name, gw.viewSeat(), strings.HasSuffix(strings.ToLower(path), ".md"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	gw.flash("Wrote " + path)
	return nil
}
