package character

import "testing"

// TestFallbackSupporter: card X9 supports a unit in place if that unit's
// move fails, and may be supported in place by any unit if its own move
// fails (rulings "X9").
func TestFallbackSupporter(t *testing.T) {
	attack := "\nFrance: A bur - mun\nFrance: A ruh S A bur - mun"
	tests := []cardCase{
		{"the X9 supports a unit whose move fails in place", s1902,
			[]string{"Germany: A tyr #X9", "Germany: A mun #20", "France: A bur #20", "France: A ruh #20", "Italy: A boh #20"},
			"Germany: A tyr S A mun\nGermany: A mun - boh" + attack,
			"france A bur, france A ruh, germany A mun, germany A tyr, italy A boh", "support given"},
		{"an ordinary supporter's support is void", s1902,
			[]string{"Germany: A tyr #20", "Germany: A mun #20", "France: A bur #20", "France: A ruh #20", "Italy: A boh #20"},
			"Germany: A tyr S A mun\nGermany: A mun - boh" + attack,
			"france A mun, france A ruh, germany A tyr, italy A boh, *germany A mun", "moves, so it cannot be supported to hold"},
		{"any unit may support the X9 in place when its move fails", s1902,
			[]string{"Germany: A tyr #20", "Germany: A mun #X9", "France: A bur #20", "France: A ruh #20", "Italy: A boh #20"},
			"Germany: A tyr S A mun\nGermany: A mun - boh" + attack,
			"france A bur, france A ruh, germany A mun, germany A tyr, italy A boh", "support given"},
		{"rule 7: not in 1901", s1901,
			[]string{"Germany: A tyr #X9", "Germany: A mun #X9", "France: A bur #20", "France: A ruh #20", "Italy: A boh #20"},
			"Germany: A tyr S A mun\nGermany: A mun - boh" + attack,
			"france A mun, france A ruh, germany A tyr, italy A boh, *germany A mun", "cannot be supported to hold"},
		{"a move that succeeds needs no support", s1902,
			[]string{"Germany: A tyr #X9", "Germany: A mun #20", "France: A bur #20", "France: A ruh #20"},
			"Germany: A tyr S A mun\nGermany: A mun - boh" + attack,
			"france A mun, france A ruh, germany A boh, germany A tyr", ""},
		{"the support is cut as any other", s1902,
			[]string{"Germany: A tyr #X9", "Germany: A mun #20", "France: A bur #20", "France: A ruh #20", "Italy: A boh #20", "Italy: A ven #20"},
			"Germany: A tyr S A mun\nGermany: A mun - boh\nItaly: A ven - tyr" + attack,
			"france A mun, france A ruh, germany A tyr, italy A boh, italy A ven, *germany A mun", "cut"},
	}
	runCardCases(t, tests)
}
