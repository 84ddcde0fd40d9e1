package character

import (
	"testing"

	"dipdesk/engine"
)

// TestCutter: card #15 and rule 16.d.
func TestCutter(t *testing.T) {
	runCardCases(t, []cardCase{
		{"16.d: cuts two supports for an attack on its own space", s1902,
			[]string{"Germany: A ruh #20", "Germany: A pic #20", "Germany: A mun #20", "France: A bur #15"},
			"Germany: A ruh S A mun - bur\nGermany: A pic S A mun - bur\nGermany: A mun - bur",
			"france A bur, germany A mun, germany A pic, germany A ruh", "support cut by the Cutter (#15) A bur"},
		{"the same attack on an Ordinary unit dislodges it", s1902,
			[]string{"Germany: A ruh #20", "Germany: A pic #20", "Germany: A mun #20", "France: A bur #20"},
			"Germany: A ruh S A mun - bur\nGermany: A pic S A mun - bur\nGermany: A mun - bur",
			"germany A bur, germany A pic, germany A ruh, *france A bur", "support given"},
		{"rule 7: no cut in 1901", s1901,
			[]string{"Germany: A ruh #20", "Germany: A pic #20", "Germany: A mun #20", "France: A bur #15"},
			"Germany: A ruh S A mun - bur\nGermany: A pic S A mun - bur\nGermany: A mun - bur",
			"germany A bur, germany A pic, germany A ruh, *france A bur", "support given"},
		{"up to two: the third support stands (supporters by province) and the Cutter is dislodged", s1902,
			[]string{"Germany: A ruh #20", "Germany: A pic #20", "Germany: A gas #20", "Germany: A mun #20", "France: A bur #15"},
			"Germany: A ruh S A mun - bur\nGermany: A pic S A mun - bur\nGermany: A gas S A mun - bur\nGermany: A mun - bur",
			"germany A bur, germany A gas, germany A pic, germany A ruh, *france A bur", "support given"},
		{"a dislodged Cutter's cuts stand", s1902,
			[]string{"Germany: A gas #20", "Germany: A ruh #20", "Germany: A pic #20", "Germany: A mun #20", "France: A bur #15"},
			"Germany: A gas S A mun - bur\nGermany: A ruh S A mun - bur\nGermany: A pic S A mun - bur\nGermany: A mun - bur",
			"germany A bur, germany A gas, germany A pic, germany A ruh, *france A bur", "support cut by the Cutter (#15) A bur"},
		{"16.d: cuts an adjacent support of an attack on the unit it supports", s1902,
			[]string{"Germany: A gas #20", "Germany: A bre #20", "Germany: A pic #20", "France: A par #20", "France: A bur #15"},
			"Germany: A gas S A pic - par\nGermany: A bre S A pic - par\nGermany: A pic - par\nFrance: A bur S A par",
			"france A bur, france A par, germany A bre, germany A gas, germany A pic", "support cut by the Cutter (#15) A bur"},
		{"the support of an attack on the unit it supports, from a province not adjacent, stands", s1902,
			[]string{"Germany: A bre #20", "Germany: A gas #20", "Germany: A pic #20", "France: A par #20", "France: A bur #15"},
			"Germany: A bre S A pic - par\nGermany: A gas S A pic - par\nGermany: A pic - par\nFrance: A bur S A par",
			"france A bur, france A par, germany A bre, germany A gas, germany A pic", "support given"},
		{"without the Cutter's support there is no second kind of cut", s1902,
			[]string{"Germany: A gas #20", "Germany: A bre #20", "Germany: A pic #20", "France: A par #20", "France: A bur #15"},
			"Germany: A gas S A pic - par\nGermany: A bre S A pic - par\nGermany: A pic - par\nFrance: A bur H",
			"france A bur, germany A bre, germany A gas, germany A par, *france A par", "support given"},
		{"16.f: a double-strength supporter's support is cut whole", s1902,
			[]string{"Germany: A ruh #2", "Germany: A mun #20", "France: A bur #15"},
			"Germany: A ruh S A mun - bur\nGermany: A mun - bur",
			"france A bur, germany A mun, germany A ruh", "support cut by the Cutter (#15) A bur"},
	})
	// The Cutter's cut is public, so its card is revealed.
	s := cardPosition(t, s1902, "Germany: A ruh #20", "Germany: A mun #20", "France: A bur #15")
	orders, errs := Variant.Parser(s.Map).ParseOrders("", "Germany: A ruh S A mun - bur\nGermany: A mun - bur")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if h := out.Next.Extra.(*Extra).Cards[IDOf(s.Units[2])]; h == nil || h.Revealed == nil {
		t.Error("a Cutter that cut a support is not revealed")
	}
	// A Cutter that cut nothing stays secret.
	orders, _ = Variant.Parser(s.Map).ParseOrders("", "Germany: A mun - bur")
	out = engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if h := out.Next.Extra.(*Extra).Cards[IDOf(s.Units[2])]; h == nil || h.Revealed != nil {
		t.Error("a Cutter that cut nothing is revealed")
	}
}
