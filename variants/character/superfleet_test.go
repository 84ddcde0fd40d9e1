package character

import "testing"

// #18 Superfleet: the last fleet of a convoy supports the landing (the
// card's second sentence; X7 adopted into it). Its support is cut by an
// attack that does not dislodge it; before 1902 it is an ordinary convoy.
func TestSuperfleetConvoySupport(t *testing.T) {
	runCardCases(t, []cardCase{
		{name: "supports the landing", phase: s1902,
			units:  []string{"England: A lon #20", "England: F nth #18", "France: A bel #20"},
			orders: "England: A lon - bel\nEngland: F nth C A lon - bel",
			want:   "england A bel, england F nth, *france A bel", reason: "(2 vs 1)"},
		{name: "an ordinary fleet does not", phase: s1902,
			units:  []string{"England: A lon #20", "England: F nth #20", "France: A bel #20"},
			orders: "England: A lon - bel\nEngland: F nth C A lon - bel",
			want:   "england A lon, england F nth, france A bel", reason: "bounced"},
		{name: "the first fleet of a longer route does not", phase: s1902,
			units:  []string{"England: A lon #20", "England: F eng #18", "England: F mao #20", "France: A por #20"},
			orders: "England: A lon - por\nEngland: F eng C A lon - por\nEngland: F mao C A lon - por",
			want:   "england F eng, england A lon, england F mao, france A por", reason: "bounced"},
		{name: "cut by an attack that does not dislodge", phase: s1902,
			units:  []string{"England: A lon #20", "England: F nth #18", "France: A bel #20", "Germany: F hol #20"},
			orders: "England: A lon - bel\nEngland: F nth C A lon - bel\nGermany: F hol - nth",
			want:   "england A lon, england F nth, france A bel, germany F hol", reason: "bounced"},
		{name: "rule 7: not in 1901", phase: s1901,
			units:  []string{"England: A lon #20", "England: F nth #18", "France: A bel #20"},
			orders: "England: A lon - bel\nEngland: F nth C A lon - bel",
			want:   "england A lon, england F nth, france A bel", reason: "bounced"},
	})
}
