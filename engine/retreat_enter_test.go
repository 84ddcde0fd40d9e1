package engine

import "testing"

// TestRetreatFromEnteredImpassable: a unit a variant let stand in an
// impassable space (Rules.Enter: Davis's and Galt's Explorer in
// Switzerland) is dislodged there; it retreats out by the map's own links
// to the passable spaces, never into another impassable one Enter keeps
// closed to it. Without the variant's Enter, nothing changes for a unit
// in a passable space.
func TestRetreatFromEnteredImpassable(t *testing.T) {
	s := position(t, spring1902, "France: A swi", "Germany: A mun", "Germany: A tyr", "Italy: A pie")
	swi, _ := s.Map.Lookup("swi")
	r := &Rules{Enter: func(s *State, u Unit, l Loc) bool { return l.P == swi }}
	orders := parseAll(t, s.Map, "Germany: A mun - swi\nGermany: A tyr S A mun - swi")
	out := Adjudicate(s, orders, r, nil)
	if len(out.Next.Dislodged) != 1 || out.Next.Dislodged[0].Unit.Loc.P != swi {
		t.Fatalf("want the army in Switzerland dislodged: %+v", out.Results)
	}
	var got []string
	for _, l := range RetreatOptions(out.Next, out.Next.Dislodged[0], r) {
		got = append(got, s.Map.LocString(l))
	}
	// Switzerland borders bur, mar, mun (the attacker's start), pie (held),
	// tyr (left empty by no one: the supporter holds) on the standard map.
	want := map[string]bool{"bur": true, "mar": true}
	if len(got) != len(want) {
		t.Fatalf("retreats from Switzerland = %v, want %v", got, want)
	}
	for _, g := range got {
		if !want[g] {
			t.Fatalf("retreats from Switzerland = %v, want %v", got, want)
		}
	}
	// The retreat order is valid and carried out.
	ret := AdjudicateRetreats(out.Next, parseAll(t, s.Map, "France: A swi - bur"), r)
	if !ret.Results[0].OK {
		t.Fatalf("retreat from Switzerland: %+v", ret.Results[0])
	}
}
