package engine

import "testing"

// twoDislodged is a retreat phase in which two units wait to retreat from
// Munich (units a variant lets share a province: Galt's Ghost, Davis's
// Hyperspace): France's 1A, dislodged from Bohemia, and Germany's 2A,
// dislodged from Tyrolia.
func twoDislodged(t *testing.T) *State {
	t.Helper()
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1902, Season: Spring, Type: Retreat})
	s.Units = nil
	mun, _ := m.Lookup("mun")
	boh, _ := m.Lookup("boh")
	tyr, _ := m.Lookup("tyr")
	s.Dislodged = []Dislodgement{
		{Unit: Unit{Power: "france", Type: Army, Number: 1, Loc: Loc{P: mun}}, From: boh},
		{Unit: Unit{Power: "germany", Type: Army, Number: 2, Loc: Loc{P: mun}}, From: tyr},
	}
	return s
}

// TestDislodgedOf: the dislodged unit an order names is UnitOf's answer
// among the units waiting to retreat: by number, then power, then type;
// a number no unit there has names none.
func TestDislodgedOf(t *testing.T) {
	s := twoDislodged(t)
	for _, tt := range []struct {
		order string
		want  int
	}{
		{"France: A mun - bur", 0},
		{"Germany: A mun - kie", 1},
		{"Germany: 2A mun - kie", 1},
		{"France: 2A mun - bur", 1}, // the number names Germany's unit: NotOwner for the caller
		{"France: 3A mun - bur", -1},
		{"A mun - bur", 0},
		{"France: A ber - kie", -1},
		{"France: Build A par", -1},
	} {
		o, err := (&Parser{Map: s.Map}).ParseOrder("", tt.order)
		if err != nil {
			t.Fatalf("%q: %v", tt.order, err)
		}
		if got := DislodgedOf(s, &o, nil); got != tt.want {
			t.Errorf("DislodgedOf(%q) = %d, want %d", tt.order, got, tt.want)
		}
	}
	// A number a variant gives a unit as its label (Rules.Label) names it.
	r := &Rules{Label: func(_ *State, u Unit) (int, bool) { return 7, u.Power == "germany" }}
	o, _ := (&Parser{Map: s.Map}).ParseOrder("", "Germany: disband 7 mun")
	if got := DislodgedOf(s, &o, r); got != 1 {
		t.Errorf("Germany's unit by its label 7: %d, want 1", got)
	}
}

// TestRetreatNamesItsUnit: in a province two dislodged units share, each
// power's retreat order moves its own unit (before, the retreat phase took
// the first unit dislodged from the province, so Germany's order was
// refused as an order for France's unit and Germany's unit disbanded).
func TestRetreatNamesItsUnit(t *testing.T) {
	s := twoDislodged(t)
	out := AdjudicateRetreats(s, parseAll(t, s.Map, "Germany: A mun - kie\nFrance: A mun - bur"), nil)
	got := map[Power]string{}
	for _, r := range out.Results {
		if !r.OK {
			t.Errorf("%s: %s %s (%s)", r.Order.Format(s.Map), r.Code, r.Reason, r.Unit.Power)
		}
		got[r.Unit.Power] = r.Reason
	}
	if got["france"] != "retreated to Burgundy" || got["germany"] != "retreated to Kiel" {
		t.Fatalf("results %v", got)
	}
	if u := unitsOf(out.Next); u != "france A bur, germany A kie" {
		t.Errorf("units after the retreats: %s", u)
	}
}
