package character

import (
	"testing"

	"dipdesk/engine"
)

// TestSuperSupporter: proposed card X5 (a game option) in adjudication
// (rule 7), each case a position with cards, orders, the position after
// and a phrase the first unit's result must give.
func TestSuperSupporter(t *testing.T) {
	tests := []cardCase{
		{"it supports with three in 1902", s1902,
			[]string{"France: A bur #20", "France: A ruh #X5", "Germany: A mun #20", "Germany: A boh #20", "Germany: A tyr #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A boh S A mun\nGermany: A tyr S A mun",
			"france A mun, france A ruh, germany A boh, germany A tyr, *germany A mun", "(4 vs 3)"},
		{"rule 7: with one in 1901", s1901,
			[]string{"France: A bur #20", "France: A ruh #X5", "Germany: A mun #20", "Germany: A boh #20", "Germany: A tyr #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A boh S A mun\nGermany: A tyr S A mun",
			"france A bur, france A ruh, germany A boh, germany A mun, germany A tyr", "(2 vs 3)"},
		{"its support is cut like any other", s1902,
			[]string{"France: A bur #20", "France: A ruh #X5", "Germany: A mun #20", "Germany: A kie #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A kie - ruh",
			"france A bur, france A ruh, germany A kie, germany A mun", "(1 vs 1)"},
		{"it holds with one", s1902,
			[]string{"France: A bur #20", "Germany: A mun #X5"},
			"France: A bur - mun\nGermany: A mun H",
			"france A bur, germany A mun", "(1 vs 1)"},
		{"two dislodge it", s1902,
			[]string{"France: A bur #20", "France: A ruh #20", "Germany: A mun #X5"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A mun H",
			"france A mun, france A ruh, *germany A mun", "(2 vs 1)"},
		{"alone it cannot move even into an empty province", s1902,
			[]string{"France: A bur #X5"},
			"France: A bur - pic",
			"france A bur", "too weak to move (0 vs 0)"},
		{"rule 7: in 1901 it moves as usual", s1901,
			[]string{"France: A bur #X5"},
			"France: A bur - pic",
			"france A pic", "moved to Picardy"},
		{"supported, it moves with the support alone", s1902,
			[]string{"France: A bur #X5", "France: A par #20"},
			"France: A bur - pic\nFrance: A par S A bur - pic",
			"france A par, france A pic", "moved to Picardy"},
		{"it keeps no one out of the province it moves to", s1902,
			[]string{"France: A bur #X5", "England: A bel #20"},
			"France: A bur - pic\nEngland: A bel - pic",
			"england A pic, france A bur", "bounced with A bel in pic (0 vs 1)"},
		{"it loses a head-to-head battle to a lone unit", s1902,
			[]string{"Germany: A mun #X5", "France: A bur #20"},
			"Germany: A mun - bur\nFrance: A bur - mun",
			"france A mun, *germany A mun", "lost the head-to-head battle with A bur (0 vs 1)"},
		{"its move still cuts support", s1902,
			[]string{"Germany: A kie #X5", "France: A bur #20", "France: A ruh #20", "Germany: A mun #20"},
			"Germany: A kie - ruh\nFrance: A bur - mun\nFrance: A ruh S A bur - mun",
			"france A bur, france A ruh, germany A kie, germany A mun", "bounced off A ruh holding in ruh (0 vs 1)"},
	}
	runCardCases(t, tests)
}

// TestUncuttableSupporter: proposed card X8 (a game option): its support
// is cut only when it is dislodged (rule 7 holds it back in 1901).
func TestUncuttableSupporter(t *testing.T) {
	tests := []cardCase{
		{"an attack does not cut its support in 1902", s1902,
			[]string{"France: A ruh #X8", "France: A bur #20", "Germany: A mun #20", "Germany: A kie #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A kie - ruh",
			"france A mun, france A ruh, germany A kie, *germany A mun", "support given to A bur"},
		{"rule 7: cut as usual in 1901", s1901,
			[]string{"France: A ruh #X8", "France: A bur #20", "Germany: A mun #20", "Germany: A kie #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A kie - ruh",
			"france A bur, france A ruh, germany A kie, germany A mun", "support cut by A kie"},
		{"two attacks do not cut it either", s1902,
			[]string{"France: A ruh #X8", "France: A bur #20", "Germany: A mun #20", "Germany: A kie #20", "Germany: A hol #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A kie - ruh\nGermany: A hol - ruh",
			"france A mun, france A ruh, germany A hol, germany A kie, *germany A mun", "support given to A bur"},
		{"its support to hold is not cut", s1902,
			[]string{"Germany: A boh #X8", "Germany: A mun #20", "France: A bur #20", "France: A tyr #20", "Austria: A vie #20"},
			"Germany: A boh S A mun\nFrance: A bur - mun\nFrance: A tyr S A bur - mun\nAustria: A vie - boh",
			"austria A vie, france A bur, france A tyr, germany A boh, germany A mun", "support given to A mun"},
		{"dislodged, it gives nothing", s1902,
			[]string{"France: A ruh #X8", "France: A bur #20", "Germany: A mun #20", "Germany: A kie #20", "Germany: A hol #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A kie - ruh\nGermany: A hol S A kie - ruh",
			"france A bur, germany A hol, germany A mun, germany A ruh, *france A ruh", "dislodged by A kie"},
		{"dislodged from the province it supports into, it gives nothing", s1902,
			[]string{"France: A ruh #X8", "France: A bur #20", "Germany: A mun #20", "Germany: A kie #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A mun - ruh\nGermany: A kie S A mun - ruh",
			"france A mun, germany A kie, germany A ruh, *france A ruh", "support cut: dislodged by A mun"},
	}
	runCardCases(t, tests)
}

// TestAddCardsOption: the proposed cards enter a game only by the Setup
// option optionAdd, with their recommended count or the one given.
func TestAddCardsOption(t *testing.T) {
	m, err := Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	count := func(s *engine.State, id string) int {
		for _, c := range s.Extra.(*extra).Deck.Types() {
			if c.ID == id {
				return c.Count
			}
		}
		return 0
	}
	plain, err := Variant.NewGame(m, nil, engine.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	if count(plain, "X5") != 0 || count(plain, "X8") != 0 {
		t.Error("proposed cards in a game without the option")
	}
	s, err := Variant.NewGame(m, map[string]string{optionAdd: "x5, X8:4"}, engine.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	if a, b := count(s, "X5"), count(s, "X8"); a != 2 || b != 4 {
		t.Errorf("X5 %d, X8 %d cards; want 2 and 4", a, b)
	}
	if n := count(s, ordinaryID); n != 16 {
		t.Errorf("%d Ordinary cards, want 16: six added cards make 80 by the ratio table", n)
	}
	for _, bad := range []string{"X8:-1", "X8:two", "X8,X8", "X7", "Z1", "2"} {
		if _, err := Variant.NewGame(m, map[string]string{optionAdd: bad}, engine.NewRand(1)); err == nil {
			t.Errorf("%s=%q: no error", optionAdd, bad)
		}
	}
}
