package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"dipdesk/app/lan"
	"dipdesk/engine"
	"dipdesk/variants/shapetest"
)

// TestLanSeatShowsTheEnd: the LAN seat window words the game's end the
// host sends as the game window does: every winner and the points, not
// only a sole winner (a shared victory printed nothing).
func TestLanSeatShowsTheEnd(t *testing.T) {
	test.NewTempApp(t)
	m, err := shapetest.Map()
	if err != nil {
		t.Fatal(err)
	}
	sw := &LanSeatWindow{results: widget.NewLabel(""), state: engine.NewState(m, engine.Phase{Year: 1901, Season: engine.Winter, Type: engine.Adjustment})}
	body, _ := json.Marshal(lan.Results{Phase: "W1901A", End: &lan.GameEnd{Winners: []string{"doctor", "france"}, Points: map[string]int{"doctor": 30, "france": 18}}})
	sw.show(lan.Envelope{V: 2, Type: lan.TypeResults, Body: body})
	got := sw.results.Text
	want := gameEndText(m, &engine.GameEnd{Winners: []engine.Power{"doctor", "france"}, Points: map[engine.Power]int{"doctor": 30, "france": 18}})
	if !strings.Contains(got, want) || !strings.Contains(got, "Doctor 30") {
		t.Errorf("the seat window reads %q, want %q in it", got, want)
	}
}
