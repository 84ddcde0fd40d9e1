package character

import (
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit/kittest"
)

// TestPassiveReveals: rule 3 for the passive proposed cards: a visible
// use reveals the card to everyone; no use, or a use in 1901, does not.
func TestPassiveReveals(t *testing.T) {
	tests := []struct {
		name   string
		phase  engine.Phase
		units  []string
		orders string
		prov   string // the unit whose card is checked, where it stood
		want   bool
	}{
		{"X2 moving first", s1902, []string{"France: A bur #X2", "Germany: A mun #20"},
			"France: A bur - ruh\nGermany: A mun - ruh", "bur", true},
		{"X2 holding", s1902, []string{"France: A bur #X2"}, "France: A bur H", "bur", false},
		{"X2 in 1901", s1901, []string{"France: A bur #X2"}, "France: A bur - ruh", "bur", false},
		{"X2 disbelieved", s1902, []string{"France: A bur #X2", "Germany: A mun #X4"},
			"France: A bur - ruh\nGermany: A mun disbelieve bur x2", "bur", false},
		{"X6 two spaces away", s1902, []string{"France: A par #X6", "France: A ruh #20"},
			"France: A par S A ruh - mun\nFrance: A ruh - mun", "par", true},
		{"X6 next door", s1902, []string{"France: A par #X6", "France: A pic #20"},
			"France: A par S A pic - bre\nFrance: A pic - bre", "par", false},
		{"X9 supporting a mover in place", s1902, []string{"Germany: A tyr #X9", "Germany: A mun #20"},
			"Germany: A tyr S A mun\nGermany: A mun - boh", "tyr", true},
		{"X9 supported in place while moving", s1902, []string{"Germany: A tyr #20", "Germany: A mun #X9"},
			"Germany: A tyr S A mun\nGermany: A mun - boh", "mun", true},
		{"X9 supporting a holder", s1902, []string{"Germany: A tyr #X9", "Germany: A mun #20"},
			"Germany: A tyr S A mun", "tyr", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := cardPosition(t, tt.phase, tt.units...)
			out := judge(t, s, tt.orders)
			u := s.Units[s.UnitAt(kittest.Prov(t, s, tt.prov))]
			if got := out.Next.Extra.(*extra).KnownTo(idOf(u), engine.Seat{Power: "italy"}); got != tt.want {
				t.Errorf("revealed %v, want %v", got, tt.want)
			}
		})
	}
}
