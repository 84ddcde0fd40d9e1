package cardgame

import (
	"strings"
	"testing"

	"dipdesk/engine"
)

func TestParseLabel(t *testing.T) {
	for _, tt := range []struct {
		in         string
		n          int
		typ        engine.UnitType
		amphibious bool
		fail       bool
	}{
		{"1A", 1, engine.Army, false, false},
		{"2f", 2, engine.Fleet, false, false},
		{" 12F ", 12, engine.Fleet, false, false},
		{"1Amp", 1, engine.Army, true, false},
		{"3aMP", 3, engine.Army, true, false},
		{"1Fmp", 0, 0, false, true}, // only an army is amphibious
		{"Amp", 0, 0, false, true},
		{"A", 0, 0, false, true},
		{"0A", 0, 0, false, true},
		{"+1A", 0, 0, false, true},
		{"1X", 0, 0, false, true},
	} {
		t.Run(tt.in, func(t *testing.T) {
			n, typ, amph, err := ParseLabel(tt.in)
			if (err != nil) != tt.fail || n != tt.n || typ != tt.typ || amph != tt.amphibious {
				t.Fatalf("ParseLabel(%q) = %d, %v, %v, %v", tt.in, n, typ, amph, err)
			}
			if err == nil && !amph && Label(n, typ) != strings.ToUpper(strings.TrimSpace(tt.in)) {
				t.Errorf("Label(%d, %v) = %q", n, typ, Label(n, typ))
			}
		})
	}
}

func TestTemplate(t *testing.T) {
	c := Card{Label: "1A", Space: "mun"}
	if got := c.Template(Order{SpecialSyntax: engine.SpecialSyntax{Verb: "annihilate"}}); got != "1A mun annihilate " {
		t.Errorf("Template = %q", got)
	}
}

// TestSeatTemplate: a card a seat holds gives an order of the seat, which
// starts with its verb (Questionable's "bribe A war - ukr"), not with a
// label and a province it has not got.
func TestSeatTemplate(t *testing.T) {
	c := Card{Seat: true, Label: "England", Unit: engine.Unit{Power: "england", Loc: engine.Loc{P: engine.NoProvince}}}
	if got := c.Template(Order{SpecialSyntax: engine.SpecialSyntax{Verb: "bribe", Seat: true}}); got != "bribe " {
		t.Errorf("Template = %q, want %q", got, "bribe ")
	}
}
