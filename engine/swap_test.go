package engine

import "testing"

// TestSwapHook: with Rules.Swap two units moving into each other's
// provinces exchange places (Davis X1 Exchanger), unless a third move
// stands one of them off; without it they meet head to head.
func TestSwapHook(t *testing.T) {
	swap := &Rules{Swap: func(s *State, a Unit, ao Order, b Unit, bo Order) bool { return true }}
	tests := []struct {
		name   string
		r      *Rules
		units  []string
		orders string
		want   string
		ok     bool // the first order succeeded
	}{
		{"standard: a head-to-head bounce", nil,
			[]string{"France: A bur", "Germany: A mun"}, "France: A bur - mun\nGermany: A mun - bur",
			"france A bur, germany A mun", false},
		{"swap hook: they exchange", swap,
			[]string{"France: A bur", "Germany: A mun"}, "France: A bur - mun\nGermany: A mun - bur",
			"france A mun, germany A bur", true},
		{"an unsupported attack stands one move off and the exchange fails", swap,
			[]string{"France: A bur", "Germany: A mun", "Italy: A mar"}, "France: A bur - mun\nGermany: A mun - bur\nItaly: A mar - bur",
			"france A bur, germany A mun, italy A mar", false},
		{"own units exchange", swap,
			[]string{"France: A bur", "France: A mar"}, "France: A bur - mar\nFrance: A mar - bur",
			"france A bur, france A mar", true},
		{"a supported move of the exchange beats an unsupported attack", swap,
			[]string{"France: A bur", "France: A mar", "France: A gas", "Italy: A pie"}, "France: A bur - mar\nFrance: A mar - bur\nFrance: A gas S A bur - mar\nItaly: A pie - mar",
			"france A bur, france A gas, france A mar, italy A pie", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := position(t, spring1902, tt.units...)
			out := AdjudicateMovement(s, parseAll(t, s.Map, tt.orders), tt.r)
			if got := unitsOf(out.Next); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			if out.Results[0].OK != tt.ok {
				t.Errorf("first order: %s %s", out.Results[0].Code, out.Results[0].Reason)
			}
		})
	}
}

// TestFallbackSupportHook: with Rules.FallbackSupport a support to hold
// given to a moving unit counts when its move fails (Davis X9), and is
// void without it.
func TestFallbackSupportHook(t *testing.T) {
	fall := &Rules{FallbackSupport: func(s *State, supporter, supported Unit) bool { return supporter.Power == "germany" }}
	units := []string{"Germany: A mun", "Germany: A tyr", "France: A bur", "France: A ruh", "Italy: A boh"}
	tests := []struct {
		name   string
		r      *Rules
		orders string
		want   string
	}{
		{"standard: the support is void and the unit whose move failed is dislodged", nil,
			"Germany: A mun - boh\nGermany: A tyr S A mun\nFrance: A bur - mun\nFrance: A ruh S A bur - mun",
			"france A mun, france A ruh, germany A tyr, italy A boh"},
		{"hook: the failed mover holds with the support", fall,
			"Germany: A mun - boh\nGermany: A tyr S A mun\nFrance: A bur - mun\nFrance: A ruh S A bur - mun",
			"france A bur, france A ruh, germany A mun, germany A tyr, italy A boh"},
		{"hook: a mover that succeeds does not need it", fall,
			"Germany: A mun - sil\nGermany: A tyr S A mun\nFrance: A bur - mun\nFrance: A ruh S A bur - mun",
			"france A mun, france A ruh, germany A sil, germany A tyr, italy A boh"},
		{"hook: the support is cut like any other", fall,
			"Germany: A mun - boh\nGermany: A tyr S A mun\nFrance: A bur - mun\nFrance: A ruh S A bur - mun\nItaly: A boh - tyr",
			"france A mun, france A ruh, germany A tyr, italy A boh"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := position(t, spring1902, units...)
			out := AdjudicateMovement(s, parseAll(t, s.Map, tt.orders), tt.r)
			if got := unitsOf(out.Next); got != tt.want {
				t.Errorf("got %s\nwant %s", got, tt.want)
			}
		})
	}
}
