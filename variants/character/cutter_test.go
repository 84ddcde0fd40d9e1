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
		{"a support order that names no unit (a wrong number) is no support to cut: the two real ones are", s1902,
			[]string{"Germany: A gas #20", "Germany: A pic #20", "Germany: A ruh #20", "Germany: A mun #20", "France: A bur #15"},
			"Germany: A pic S A mun - bur\nGermany: 9A gas S A mun - bur\nGermany: A ruh S A mun - bur\nGermany: A mun - bur",
			"france A bur, germany A gas, germany A mun, germany A pic, germany A ruh", "support cut by the Cutter (#15) A bur"},
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
	if h := out.Next.Extra.(*extra).Cards[idOf(s.Units[2])]; h == nil || h.Revealed == nil {
		t.Error("a Cutter that cut a support is not revealed")
	}
	// A Cutter that cut nothing stays secret.
	orders, _ = Variant.Parser(s.Map).ParseOrders("", "Germany: A mun - bur")
	out = engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if h := out.Next.Extra.(*extra).Cards[idOf(s.Units[2])]; h == nil || h.Revealed != nil {
		t.Error("a Cutter that cut nothing is revealed")
	}
}

// TestCutterNamesSupports: "owner may specify which supports are cut".
func TestCutterNamesSupports(t *testing.T) {
	units := []string{"Germany: A ruh #20", "Germany: A pic #20", "Germany: A gas #20", "Germany: A mun #20", "France: A bur #15"}
	attack := "Germany: A ruh S A mun - bur\nGermany: A pic S A mun - bur\nGermany: A gas S A mun - bur\nGermany: A mun - bur\n"
	runCardCases(t, []cardCase{
		{"named first, the rest by default: ruh, then gas", s1902, units,
			attack + "France: A bur cut ruh",
			"germany A bur, germany A gas, germany A pic, germany A ruh, *france A bur", "support cut by the Cutter (#15) A bur"},
		{"two named: pic and ruh; gas's support stands", s1902,
			[]string{"Germany: A gas #20", "Germany: A ruh #20", "Germany: A pic #20", "Germany: A mun #20", "France: A bur #15"},
			"Germany: A gas S A mun - bur\nGermany: A ruh S A mun - bur\nGermany: A pic S A mun - bur\nGermany: A mun - bur\nFrance: A bur cut pic ruh",
			"germany A bur, germany A gas, germany A pic, germany A ruh, *france A bur", "support given"},
		{"a named province with no support to cut is ignored", s1902,
			[]string{"Germany: A ruh #20", "Germany: A mun #20", "France: A bur #15"},
			"Germany: A ruh S A mun - bur\nGermany: A mun - bur\nFrance: A bur cut par",
			"france A bur, germany A mun, germany A ruh", "support cut by the Cutter"},
		{"the Cutter's own support after the names", s1902,
			[]string{"Germany: A gas #20", "Germany: A bre #20", "Germany: A pic #20", "France: A par #20", "France: A bur #15"},
			"Germany: A gas S A pic - par\nGermany: A bre S A pic - par\nGermany: A pic - par\nFrance: A bur cut gas S A par",
			"france A bur, france A par, germany A bre, germany A gas, germany A pic", "support cut by the Cutter"},
		{"only a Cutter may", s1902,
			[]string{"France: A bur #20"}, "France: A bur cut mun", "france A bur", "not a Cutter"},
		{"rule 7: not in 1901", s1901,
			[]string{"France: A bur #15"}, "France: A bur cut mun", "france A bur", "rule 7"},
	})
	s := cardPosition(t, s1902, "Germany: A gas #20", "Germany: A pic #20", "France: A par #20", "France: A bur #15")
	orders, errs := Variant.Parser(s.Map).ParseOrders("", "Germany: A gas S A pic - par\nGermany: A pic - par\nFrance: A bur cut gas S A par")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if positionOf(out.Next) != "france A bur, france A par, germany A gas, germany A pic" {
		t.Errorf("after: %s", positionOf(out.Next))
	}
	cutterResult := func(seat engine.Seat) engine.Order {
		for _, r := range engine.OutcomeFor(s, out, seat, Variant.Rules).Results {
			if r.Unit == s.Units[3] {
				return r.Order
			}
		}
		t.Fatal("no result for the Cutter")
		return engine.Order{}
	}
	if o := cutterResult(engine.Seat{Power: "germany"}); o.Kind != engine.Support || o.Special != "" || o.Text != "A bur S A par" {
		t.Errorf("Germany sees the Cutter's order as %+v", o)
	}
	if o := cutterResult(engine.Seat{Power: "france"}); o.Special != cutSupports {
		t.Errorf("France sees its own order as %+v", o)
	}
}
