package engine

import (
	"strings"
	"testing"
)

// TestPhaseKeys: every key reads back to the phase it was written from,
// and no two different phases share a key (issue 14: a Summer step used to
// read back as Spring, an Autumn or a variant's own step not at all).
func TestPhaseKeys(t *testing.T) {
	var phases []Phase
	for s := Spring; s <= Winter; s++ {
		for _, typ := range []PhaseType{Movement, Retreat, Adjustment} {
			for _, step := range []string{"", "free_units"} {
				for _, actor := range []Power{"", "germany"} {
					phases = append(phases, Phase{Year: 1901, Season: s, Type: typ, Step: step, Actor: actor})
				}
			}
		}
		for _, step := range []string{"borg", "llamas", "sea_monsters", "planning", "battle2"} {
			phases = append(phases, Phase{Year: 1920, Season: s, Type: Custom, Step: step})
			phases = append(phases, Phase{Year: 1920, Season: s, Type: Custom, Step: step, Actor: "austria"})
		}
	}
	seen := map[string]Phase{}
	for _, p := range phases {
		if !p.Valid() {
			t.Fatalf("%+v: not Valid", p)
		}
		k := p.Key()
		if q, dup := seen[k]; dup {
			t.Fatalf("key %q for both %+v and %+v", k, q, p)
		}
		seen[k] = p
		for _, text := range []string{k, strings.ToLower(k), " " + k + " "} {
			got, err := ParsePhase(text)
			if err != nil {
				t.Fatalf("ParsePhase(%q): %v", text, err)
			}
			if got != p {
				t.Fatalf("ParsePhase(%q) = %+v, want %+v", text, got, p)
			}
		}
	}
}

// TestPhaseKeyForms pins the keys the save files and the DATC files use.
func TestPhaseKeyForms(t *testing.T) {
	for _, c := range []struct {
		p    Phase
		key  string
		text string
	}{
		{Phase{Year: 1901, Season: Spring, Type: Movement}, "S1901M", "Spring 1901 Movement"},
		{Phase{Year: 1901, Season: Fall, Type: Retreat}, "F1901R", "Fall 1901 Retreat"},
		{Phase{Year: 1901, Season: Winter, Type: Adjustment}, "W1901A", "Winter 1901 Adjustment"},
		{Phase{Year: 1902, Season: Summer, Type: Adjustment}, "SU1902A", "Summer 1902 Adjustment"},
		{Phase{Year: 1901, Season: Autumn, Type: Movement}, "AU1901M", "Autumn 1901 Movement"},
		{Phase{Year: 1901, Season: Autumn, Type: Custom, Step: "borg"}, "AU1901.borg", "Autumn 1901 Borg"},
		{Phase{Year: 1901, Season: Spring, Type: Custom, Step: "sea_monsters"}, "S1901.sea_monsters", "Spring 1901 Sea monsters"},
		{Phase{Year: 1901, Season: Spring, Type: Custom, Step: "planning", Actor: "germany"}, "S1901.planning@germany", "Spring 1901 Planning (germany)"},
		{Phase{Year: 1901, Season: Spring, Type: Movement, Actor: "germany"}, "S1901M@germany", "Spring 1901 Movement (germany)"},
	} {
		if got := c.p.Key(); got != c.key {
			t.Errorf("%+v.Key() = %q, want %q", c.p, got, c.key)
		}
		if got := c.p.String(); got != c.text {
			t.Errorf("%+v.String() = %q, want %q", c.p, got, c.text)
		}
	}
}

// TestParsePhaseWords: the forms people and case files write.
func TestParsePhaseWords(t *testing.T) {
	for text, want := range map[string]Phase{
		"Spring 1901, Movement":   {Year: 1901, Season: Spring, Type: Movement},
		"Fall 1901 retreats":      {Year: 1901, Season: Fall, Type: Retreat},
		"Winter 1901 builds":      {Year: 1901, Season: Winter, Type: Adjustment},
		"Fall 1901, Adjustment":   {Year: 1901, Season: Winter, Type: Adjustment}, // jDip
		"Autumn 1901":             {Year: 1901, Season: Autumn, Type: Movement},
		"Autumn 1901 adjustments": {Year: 1901, Season: Autumn, Type: Adjustment},
		"Summer 1905 builds":      {Year: 1905, Season: Summer, Type: Adjustment},
		"W1901B":                  {Year: 1901, Season: Winter, Type: Adjustment},
	} {
		got, err := ParsePhase(text)
		if err != nil || got != want {
			t.Errorf("ParsePhase(%q) = %+v, %v; want %+v", text, got, err, want)
		}
	}
}

// TestParsePhaseRefuses: malformed keys are errors naming the text.
func TestParsePhaseRefuses(t *testing.T) {
	for _, text := range []string{"", "S", "X1901M", "S1901Q", "S1901", "S1901.", "S1901.Borg!", "S1901M@", "S1901M@Ger many",
		"SU1901", "S-1901M", "S19011111111M", "Spring", "Spring year", "Spring 1901 dancing", "Q1901.borg"} {
		if p, err := ParsePhase(text); err == nil {
			t.Errorf("ParsePhase(%q) = %+v, want an error", text, p)
		} else if text != "" && !strings.Contains(err.Error(), "phase") {
			t.Errorf("ParsePhase(%q): error %q does not say it is about a phase", text, err)
		}
	}
}
