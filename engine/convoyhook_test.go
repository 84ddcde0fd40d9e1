package engine

import (
	"strings"
	"testing"
)

// TestCanConvoyArmy: the CanConvoy hook is asked for armies too, so a
// variant may let an army at sea convoy (Davis #3, an amphibious army);
// without the hook only fleets convoy.
func TestCanConvoyArmy(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{1902, Spring, Movement})
	lon, _ := m.Lookup("lon")
	nth, _ := m.Lookup("nth")
	s.Units = []Unit{{Type: Army, Power: "england", Loc: Loc{P: lon}}, {Type: Army, Power: "england", Loc: Loc{P: nth}}}
	orders, errs := ParseOrders(m, "england", "A lon - bel\nA nth C A lon - bel")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := AdjudicateMovement(s, orders, nil)
	if out.Results[1].Code != Illegal || !strings.Contains(out.Results[1].Reason, "only fleets convoy") {
		t.Errorf("standard: %+v", out.Results[1])
	}
	r := &Rules{CanConvoy: func(s *State, u Unit) bool { return s.Map.Provinces[u.Loc.P].Kind == Sea }}
	out = AdjudicateMovement(s, orders, r)
	if !out.Results[0].OK || !out.Results[1].OK {
		t.Errorf("with the hook: %+v", out.Results)
	}
	r.CanConvoy = func(s *State, u Unit) bool { return u.Type == Fleet && s.Map.Provinces[u.Loc.P].Kind == Sea }
	out = AdjudicateMovement(s, orders, r)
	if out.Results[1].OK {
		t.Errorf("a hook refusing armies: %+v", out.Results[1])
	}
}
