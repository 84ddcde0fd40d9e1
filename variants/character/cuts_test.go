package character

import (
	"testing"

	"dipdesk/engine"
)

// TestDoubleStrengthCuts pins the two cases of Davis 16.f that need the
// attacking units and the dislodgement rule: an attack by another
// double-strength unit cuts all of a #2's support, and a #2 supporter that
// is dislodged gives nothing although one attack cuts only one unit.
func TestDoubleStrengthCuts(t *testing.T) {
	tests := []struct {
		name, needs string
		units       []string
		orders      string
		want        string
	}{
		{"16.f: a double-strength attacker cuts all the support",
			"SupportLost must receive the attacking units, not only their number",
			[]string{"France: A bur #20", "France: A ruh #2", "Germany: A mun #20", "Germany: A kie #2"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A kie - ruh",
			"france A bur, france A ruh, germany A kie, germany A mun"},
		{"a dislodged double-strength supporter gives nothing",
			"a supporter dislodged by any attack must lose its whole support, whatever SupportLost says",
			[]string{"France: A bur #20", "France: A hol #2", "France: A bel #20", "Germany: A ruh #2", "Germany: A mun #20"},
			"Germany: A ruh S A mun - bur\nGermany: A mun - bur\nFrance: A hol - ruh\nFrance: A bel S A hol - ruh",
			"france A bel, france A bur, france A ruh, germany A mun, *germany A ruh"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := cardPosition(t, s1902, tt.units...)
			orders, errs := engine.ParseOrders(s.Map, "", tt.orders)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			out := engine.Adjudicate(s, orders, Variant.Rules, nil)
			if got := positionOf(out.Next); got != tt.want {
				t.Errorf("%s:\n got %s\nwant %s", tt.needs, got, tt.want)
			}
		})
	}
}
