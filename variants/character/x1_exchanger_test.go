package character

import (
	"testing"

	"dipdesk/engine"
)

// TestExchanger: card X1 "can exchange places with other units owned by
// the same Power, plus other player's units if that player writes the
// same order. Either move may be stood off by an unsupported attack,
// causing the exchange to fail" (rulings "X1 Exchanger").
func TestExchanger(t *testing.T) {
	tests := []cardCase{
		{"with its own unit, which needs no order", s1902,
			[]string{"France: A pic #X1", "France: F bel #20"},
			"France: A pic exchange bel",
			"france A bel, france F pic", "exchanged places with F bel"},
		{"the partner may be ordered to exchange too", s1902,
			[]string{"France: A pic #X1", "France: F bel #20"},
			"France: A pic exchange bel\nFrance: F bel exchange pic",
			"france A bel, france F pic", "exchanged places with F bel"},
		{"or to move into the exchanger's province", s1902,
			[]string{"France: A pic #X1", "France: F bel #20"},
			"France: A pic exchange bel\nFrance: F bel - pic",
			"france A bel, france F pic", "exchanged places with F bel"},
		{"the partner must be able to move there", s1902,
			[]string{"France: A bur #X1", "France: F mar #20"},
			"France: A bur exchange mar",
			"france A bur, france F mar", "failed"},
		{"with a foreign unit whose owner writes the same order", s1902,
			[]string{"France: A bur #X1", "Germany: A mun #20"},
			"France: A bur exchange mun\nGermany: A mun exchange bur",
			"france A mun, germany A bur", "exchanged places with A mun"},
		{"a foreign unit not ordered to exchange stays", s1902,
			[]string{"France: A bur #X1", "Germany: A mun #20"},
			"France: A bur exchange mun",
			"france A bur, germany A mun", "exchange with A mun failed"},
		{"a foreign unit attacking meets it head to head", s1902,
			[]string{"France: A bur #X1", "Germany: A mun #20"},
			"France: A bur exchange mun\nGermany: A mun - bur",
			"france A bur, germany A mun", "failed"},
		{"an unsupported attack stands one move off", s1902,
			[]string{"France: A bur #X1", "France: A mar #20", "Italy: A pie #20"},
			"France: A bur exchange mar\nItaly: A pie - mar",
			"france A bur, france A mar, italy A pie", "failed"},
		{"rule 7: no exchange in 1901", s1901,
			[]string{"France: A bur #X1", "France: A mar #20"},
			"France: A bur exchange mar",
			"france A bur, france A mar", "before Spring 1902"},
		{"an ordinary unit cannot", s1902,
			[]string{"France: A bur #20", "France: A mar #20"},
			"France: A bur exchange mar",
			"france A bur, france A mar", "is an Exchanger"},
		{"an own partner ordered elsewhere keeps its order", s1902,
			[]string{"France: A bur #X1", "France: A mar #20"},
			"France: A bur exchange mar\nFrance: A mar - gas",
			"france A gas, france A mar", "moved to Marseilles"},
		{"own units with plain moves and no X1 meet head to head", s1902,
			[]string{"France: A pic #20", "France: F bel #20"},
			"France: A pic - bel\nFrance: F bel - pic",
			"france F bel, france A pic", "head-to-head"},
		{"a foreign plain move into it is no exchange", s1902,
			[]string{"France: A pic #X1", "Germany: F bel #20"},
			"France: A pic exchange bel\nGermany: F bel - pic",
			"france A pic, germany F bel", "failed"},
	}
	runCardCases(t, tests)
}

// TestExchangerReveals: a successful exchange reveals the card; a failed
// one does not.
func TestExchangerReveals(t *testing.T) {
	s := cardPosition(t, s1902, "France: A bur #X1", "Germany: A mun #20")
	out := judge(t, s, "France: A bur exchange mun\nGermany: A mun exchange bur")
	id := idOf(s.Units[0])
	if !out.Next.Extra.(*extra).KnownTo(id, engine.Seat{Power: "italy"}) {
		t.Error("the exchange reveals the Exchanger")
	}
	out = judge(t, s, "France: A bur exchange mun")
	if out.Next.Extra.(*extra).KnownTo(id, engine.Seat{Power: "italy"}) {
		t.Error("a failed exchange reveals nothing")
	}
}
