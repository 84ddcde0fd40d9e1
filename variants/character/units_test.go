package character

import (
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/standard"
)

func startUnits(t testing.TB) []engine.Unit {
	t.Helper()
	m, err := standard.Map()
	if err != nil {
		t.Fatal(err)
	}
	return numberUnits(append([]engine.Unit(nil), m.Start...))
}

// TestNumberUnits: rule 10 numbers per power and type: 1A, 2A, 1F.
func TestNumberUnits(t *testing.T) {
	labels := map[engine.Power][]string{}
	for _, u := range startUnits(t) {
		labels[u.Power] = append(labels[u.Power], label(u.Number, u.Type))
	}
	want := map[engine.Power]string{
		"austria": "1A 2A 1F", "england": "1F 2F 1A", "france": "1F 1A 2A", "germany": "1F 1A 2A",
		"italy": "1F 1A 2A", "russia": "1A 2A 1F 2F", "turkey": "1F 1A 2A",
	}
	if len(labels) != 7 {
		t.Fatalf("%d powers, want 7", len(labels))
	}
	for p, l := range labels {
		got := map[string]bool{}
		for _, s := range l {
			got[s] = true
		}
		for _, w := range strings.Fields(want[p]) {
			if !got[w] {
				t.Errorf("%s: labels %v lack %s", p, l, w)
			}
		}
	}
	us := []engine.Unit{{Power: "italy", Type: engine.Army, Number: 2}, {Power: "italy", Type: engine.Army}}
	if numberUnits(us)[1].Number != 3 {
		t.Errorf("a new army after 2A got %d, want 3", us[1].Number)
	}
	if n := nextNumber([]engine.Unit{{Power: "italy", Type: engine.Army, Number: 2}}, "italy", engine.Army); n != 1 {
		t.Errorf("NextNumber = %d, want the free 1", n)
	}
}

func TestParseLabel(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		typ  engine.UnitType
		fail bool
	}{
		{"1A", 1, engine.Army, false},
		{"2f", 2, engine.Fleet, false},
		{" 12F ", 12, engine.Fleet, false},
		{"A", 0, 0, true},
		{"0A", 0, 0, true},
		{"-1A", 0, 0, true},
		{"+1A", 0, 0, true},
		{"1X", 0, 0, true},
		{"xA", 0, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			n, typ, err := parseLabel(tt.in)
			if (err != nil) != tt.fail || n != tt.n || typ != tt.typ {
				t.Fatalf("ParseLabel(%q) = %d, %v, %v", tt.in, n, typ, err)
			}
			if err == nil && label(n, typ) != stripSpaces(tt.in, typ) {
				t.Errorf("Label round trip: %s", label(n, typ))
			}
		})
	}
}

func stripSpaces(s string, t engine.UnitType) string {
	out := ""
	for _, r := range s {
		if r != ' ' {
			out += string(r)
		}
	}
	return out[:len(out)-1] + t.String()
}
