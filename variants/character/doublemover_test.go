package character

import (
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
)

// TestDoubleMover: card #4 and rule 16.a.
func TestDoubleMover(t *testing.T) {
	runCardCases(t, []cardCase{
		{"two spaces in one turn", s1902,
			[]string{"France: A par #4"},
			"France: 1A par via bur - mun",
			"france A mun", "then to Munich"},
		{"the words between the spaces are optional", s1902,
			[]string{"France: A par #4"},
			"France: 1A par via bur mun",
			"france A mun", "then to Munich"},
		{"a fleet, coasts read", s1902,
			[]string{"France: F bre #4"},
			"France: F bre via mao - spa/nc",
			"france F spa/nc", "then to Spain (north coast)"},
		{"rule 7: not in 1901", s1901,
			[]string{"France: A par #4"},
			"France: 1A par via bur - mun",
			"france A par", "rule 7"},
		{"only the card's holder", s1902,
			[]string{"France: A par #20"},
			"France: 1A par via bur - mun",
			"france A par", "no Double Mover card"},
		{"each step by the map's links", s1902,
			[]string{"France: A par #4"},
			"France: 1A par via mun - ber",
			"france A par", "first space, Munich, is not next to Paris"},
		{"the second step by the map's links", s1902,
			[]string{"France: A par #4"},
			"France: 1A par via bur - ber",
			"france A par", "second space, Berlin, is not next to Burgundy"},
		{"not back to the start", s1902,
			[]string{"France: A par #4"},
			"France: 1A par via bur - par",
			"france A par", "may not end where it began"},
		{"16.a: first space blocked, no second part", s1902,
			[]string{"France: A par #4", "Germany: A bur #20"},
			"France: 1A par via bur - mun",
			"france A par, germany A bur", "the second part does not take place"},
		{"second space occupied: it moves just one space", s1902,
			[]string{"France: A par #4", "Germany: A mun #20"},
			"France: 1A par via bur - mun",
			"france A bur, germany A mun", "so it stays in Burgundy"},
		{"the second leg never dislodges, even a unit of strength one", s1902,
			[]string{"France: A par #4", "France: A ruh #20", "Germany: A mun #20"},
			"France: 1A par via bur - mun\nFrance: A ruh S A bur - mun",
			"france A bur, france A ruh, germany A mun", "was blocked"},
		{"the first leg is supported and dislodges like any move", s1902,
			[]string{"France: A par #4", "France: A pic #20", "Germany: A bur #20"},
			"France: 1A par via bur - mun\nFrance: A pic S A par - bur",
			"france A mun, france A pic, *germany A bur", "dislodging"},
		{"a second space vacated this turn is open", s1902,
			[]string{"France: A par #4", "Germany: A mun #20"},
			"France: 1A par via bur - mun\nGermany: A mun - boh",
			"france A mun, germany A boh", "then to Munich"},
		{"a standoff in the second space blocks", s1902,
			[]string{"France: A par #4", "Germany: A kie #20", "Germany: A ber #20"},
			"France: 1A par via bur - mun\nGermany: A kie - mun\nGermany: A ber - mun",
			"france A bur, germany A ber, germany A kie", "standoff"},
		{"two second legs into one space: both stay", s1902,
			[]string{"France: A par #4", "Germany: A ber #4"},
			"France: 1A par via bur - mun\nGermany: 1A ber via kie - mun",
			"france A bur, germany A kie", "was blocked"},
		{"16.a: a second leg into another double mover's first space", s1902,
			[]string{"France: A pic #4", "France: A par #4"},
			"France: 1A pic via par - bur\nFrance: 2A par via bur - mun",
			"france A bur, france A mun", "then to Burgundy"},
		{"an ordinary move into the first space meets the first leg there", s1902,
			[]string{"France: A par #4", "France: A gas #20"},
			"France: 1A par via bur - mun\nFrance: A gas - bur",
			"france A gas, france A par", "bounced with A gas in bur"},
	})
}

// TestDoubleMoverRetreats: 16.a "The first space is also available for
// Retreats by any units", and the card's "Can Retreat only one space".
func TestDoubleMoverRetreats(t *testing.T) {
	s := cardPosition(t, s1902, "France: A par #4", "Germany: A ruh #20", "France: A hol #20", "France: A kie #20")
	orders, errs := Variant.Parser(s.Map).ParseOrders("", "France: 1A par via bur - mun\nFrance: A hol - ruh\nFrance: A kie S A hol - ruh")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if len(out.Next.Dislodged) != 1 {
		t.Fatalf("dislodged %v", out.Next.Dislodged)
	}
	var got []string
	for _, l := range engine.RetreatOptions(out.Next, out.Next.Dislodged[0], Variant.Rules) {
		got = append(got, out.Next.Map.LocString(l))
	}
	if !slices.Contains(got, "bur") {
		t.Errorf("the German army may retreat to %v, want Burgundy among them (16.a)", got)
	}
	// A double mover retreats one space only.
	s = cardPosition(t, s1902, "France: A bur #4", "Germany: A mun #20", "Germany: A ruh #20")
	orders, _ = Variant.Parser(s.Map).ParseOrders("", "Germany: A mun - bur\nGermany: A ruh S A mun - bur")
	out = engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	got = nil
	for _, l := range engine.RetreatOptions(out.Next, out.Next.Dislodged[0], Variant.Rules) {
		got = append(got, out.Next.Map.LocString(l))
	}
	if strings.Join(got, " ") != "bel gas mar par pic" {
		t.Errorf("the double mover may retreat to %v, want only its neighbours", got)
	}
}
