package character

import "testing"

// TestAirUnit: card X6 "can support any action two spaces away, even if
// over water if an A, or inland if a Fleet" (rulings "X6 Air Unit").
func TestAirUnit(t *testing.T) {
	tests := []cardCase{
		{"an army supports a move two spaces away", s1902,
			[]string{"France: A par #X6", "France: A ruh #20", "Germany: A mun #20"},
			"France: A par S A ruh - mun\nFrance: A ruh - mun",
			"france A mun, france A par, *germany A mun", "support given"},
		{"rule 7: not in 1901", s1901,
			[]string{"France: A par #X6", "France: A ruh #20", "Germany: A mun #20"},
			"France: A par S A ruh - mun\nFrance: A ruh - mun",
			"france A par, france A ruh, germany A mun", "cannot reach Munich"},
		{"an ordinary army cannot", s1902,
			[]string{"France: A par #20", "France: A ruh #20", "Germany: A mun #20"},
			"France: A par S A ruh - mun\nFrance: A ruh - mun",
			"france A par, france A ruh, germany A mun", "cannot reach Munich"},
		{"an army supports over water", s1902,
			[]string{"England: A lon #X6", "England: F nth #20", "France: F bel #20"},
			"England: A lon S F nth - bel\nEngland: F nth - bel",
			"england F bel, england A lon, *france F bel", "support given"},
		{"a fleet supports inland", s1902,
			[]string{"England: F nth #X6", "Germany: A hol #20", "France: A ruh #20"},
			"England: F nth S A hol - ruh\nGermany: A hol - ruh",
			"england F nth, germany A ruh, *france A ruh", "support given"},
		{"a support to hold two spaces away", s1902,
			[]string{"France: A par #X6", "Germany: A mun #20", "Germany: A ruh #20", "France: A bur #20"},
			"France: A par S A bur\nGermany: A mun - bur\nGermany: A ruh S A mun - bur",
			"france A bur, france A par, germany A mun, germany A ruh", "support given"},
		{"not three spaces away", s1902,
			[]string{"France: A bre #X6", "France: A ruh #20", "Germany: A mun #20"},
			"France: A bre S A ruh - mun\nFrance: A ruh - mun",
			"france A bre, france A ruh, germany A mun", "cannot reach Munich"},
		{"its support is cut like any other", s1902,
			[]string{"France: A par #X6", "France: A ruh #20", "Germany: A mun #20", "Germany: A pic #20"},
			"France: A par S A ruh - mun\nFrance: A ruh - mun\nGermany: A pic - par",
			"france A par, france A ruh, germany A mun, germany A pic", "cut"},
		{"it still moves only as its type", s1902,
			[]string{"France: A par #X6"},
			"France: A par - mun",
			"france A par", "cannot reach Munich"},
	}
	runCardCases(t, tests)
}
