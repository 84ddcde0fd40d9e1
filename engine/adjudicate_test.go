package engine

import "testing"

// Standoffs only matter to the retreat phase after the movement; they do
// not linger into the next movement phase.
func TestStandoffsDoNotLinger(t *testing.T) {
	s := position(t, Phase{Year: 1901, Season: Spring, Type: Movement}, "France: A par", "Germany: A mun", "Germany: A kie", "France: A pic")
	orders := parseAll(t, s.Map, "France: A par - bur\nGermany: A mun - bur\nGermany: A kie - hol\nFrance: A pic - bel")
	out := Adjudicate(s, orders, nil, nil)
	if out.Next.Phase.Key() != "F1901M" || len(out.Next.Standoffs) != 0 {
		t.Errorf("after a bounce without dislodgement: phase %s, standoffs %v", out.Next.Phase.Key(), out.Next.Standoffs)
	}
	s = position(t, Phase{Year: 1901, Season: Spring, Type: Movement}, "France: A par", "Germany: A mun", "Italy: A tyr", "Austria: A boh", "Germany: A ruh")
	orders = parseAll(t, s.Map, "France: A par - bur\nGermany: A ruh - bur\nItaly: A tyr - mun\nAustria: A boh S A tyr - mun")
	out = Adjudicate(s, orders, nil, nil)
	bur := mustLookup(t, s.Map, "bur")
	if out.Next.Phase.Key() != "S1901R" || !out.Next.Standoff(bur) {
		t.Errorf("with a retreat to come: phase %s, standoffs %v", out.Next.Phase.Key(), out.Next.Standoffs)
	}
}

func TestSeasonsAndVictory(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1905, Season: Fall, Type: Movement})
	// France holds 17 centres and takes Munich in the Fall: 18 wins.
	for _, id := range m.SupplyCentres() {
		s.Owners[id] = ""
	}
	n := 0
	for _, id := range m.SupplyCentres() {
		if n < 17 && m.Provinces[id].Abbr != "mun" {
			s.Owners[id] = "france"
			n++
		}
	}
	s.Units = []Unit{{Type: Army, Power: "france", Loc: Loc{P: mustLookup(t, m, "bur")}}}
	out := Adjudicate(s, parseAll(t, m, "France: A bur - mun"), nil, nil)
	if out.Winner() != "france" || out.Next.Centres()["france"] != 18 {
		t.Fatalf("winner %q with %d centres", out.Winner(), out.Next.Centres()["france"])
	}
	if out.Next.Phase.Key() != "W1905A" {
		t.Errorf("next phase %s, want W1905A (France may build)", out.Next.Phase.Key())
	}
}
