package ui

import (
	"testing"

	"dipdesk/engine"
	"dipdesk/variants"
)

// TestActingNoteCounts: the phase bar counts down the seats still waited
// for as their orders come in, and says when every one is in.
func TestActingNoteCounts(t *testing.T) {
	v, _ := variants.Lookup("standard")
	m, err := v.Map()
	if err != nil {
		t.Fatal(err)
	}
	ph := engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}
	a := engine.Acting{Must: m.PowerIDs()}
	for _, c := range []struct {
		in   []engine.Power
		want string
	}{
		{nil, "waiting for 7 of 7 seats"},
		{[]engine.Power{"germany"}, "waiting for 6 of 7 seats"},
		{[]engine.Power{"austria", "england", "france", "germany"}, "waiting for Italy, Russia and Turkey"},
		{m.PowerIDs(), "every seat's orders are in"},
	} {
		if got := actingNote(m, ph, a, c.in); got != c.want {
			t.Errorf("orders in from %v: %q, want %q", c.in, got, c.want)
		}
	}
}

// TestShownValue: a die entered reads as its face, a pick as its option's
// number in the list (it read as a bare number, like a die).
func TestShownValue(t *testing.T) {
	if got := shownValue(engine.Draw{N: 6, Value: 2, Kind: engine.DrawDie}); got != "3" {
		t.Errorf("a die: %q", got)
	}
	if got := shownValue(engine.Draw{N: 6, Value: 5, Kind: engine.DrawPick}); got != "option 5 of the list (from 0)" {
		t.Errorf("a pick: %q", got)
	}
}
