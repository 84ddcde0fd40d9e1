package character2

import (
	"strings"
	"testing"

	"dipdesk/engine"
)

// TestAmpWritten: the Amp label of an order's unit and of the other unit of
// a support or convoy is read from the text in every form the parser
// takes ("1Amp", "1 Amp", after a power's name, a disband word or the
// other unit's nationality), and nowhere else.
func TestAmpWritten(t *testing.T) {
	for _, c := range []struct {
		text      string
		unit, aux int
	}{
		{"1Amp rom - ven", 1, 0},
		{"Italy: 2amp rom - ven", 2, 0},
		{"1 Amp rom - ven", 1, 0},
		{"disband 3Amp rom", 3, 0},
		{"1A apu S 1Amp rom - ven", 0, 1},
		{"1A apu supports italian 2 amp rom - ven", 0, 2},
		{"1Amp rom S 2Amp nap", 1, 2},
		{"1A apu S 2F rom - ven", 0, 0},
		{"2F rom - ven", 0, 0},
		{"1A tyr hypnotise 1Amp ven - pie", 0, 0},
		{"0Amp rom", 0, 0},
		{"amp rom", 0, 0},
		{"", 0, 0},
		{"Italy:", 0, 0},
		{"1A apu S", 0, 0},
	} {
		u, a := ampWritten(c.text)
		if u != c.unit || a != c.aux {
			t.Errorf("ampWritten(%q) = %d, %d; want %d, %d", c.text, u, a, c.unit, c.aux)
		}
	}
}

// TestWrittenFits: once revealed, an Amphibious unit is named by its Amp
// number only; other units by their number and type, never by an Amp
// label (rule 5).
func TestWrittenFits(t *testing.T) {
	e := newExtra(nil)
	amp := engine.Unit{Power: "italy", Type: engine.Fleet, Number: 2}
	plain := engine.Unit{Power: "italy", Type: engine.Army, Number: 1}
	e.Effects.Movers.Amp = map[unitID]int{idOf(amp): 1}
	for _, c := range []struct {
		w         written
		amp, army bool
	}{
		{written{number: 1, amp: true}, true, false},
		{written{number: 1}, true, true},
		{written{number: 2, typ: engine.Fleet}, false, false},
		{written{number: 2}, false, false},
		{written{number: 1, typ: engine.Army}, false, true},
		{written{number: 1, typ: engine.Fleet}, false, false},
	} {
		if got := c.w.fits(e, amp); got != c.amp {
			t.Errorf("%s fits the revealed 2F (1Amp): %v, want %v", c.w.label(), got, c.amp)
		}
		if got := c.w.fits(e, plain); got != c.army {
			t.Errorf("%s fits 1A: %v, want %v", c.w.label(), got, c.army)
		}
	}
	if got := (written{number: 2, typ: engine.Fleet}).fits(nil, amp); !got {
		t.Error("without card records 2F names the 2F")
	}
}

// FuzzAmpWritten: the text scanner never panics, and a label it finds is
// a positive number written in the text.
func FuzzAmpWritten(f *testing.F) {
	for _, s := range []string{"1Amp rom - ven", "Italy: 1A apu S italian 2 amp rom - ven", "disband 3amp rom", "1 amp", "S 9999999999amp"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		u, a := ampWritten(text)
		for _, n := range []int{u, a} {
			if n < 0 || (n > 0 && !strings.Contains(strings.ToLower(text), "amp")) {
				t.Fatalf("ampWritten(%q) = %d, %d", text, u, a)
			}
		}
	})
}
