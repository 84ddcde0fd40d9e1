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
	s := NewState(m, Phase{Year: 1902, Season: Spring, Type: Movement})
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

// TestUnlimitedSpaceOrders: in an unlimited space several powers' units
// with the same number stand together (Davis 6's Hyperspace); a movement
// order and a Winter removal take the unit of the order's power.
func TestUnlimitedSpaceOrders(t *testing.T) {
	m := standardMap(t).Clone()
	hyp, err := m.AddProvince(Province{Abbr: "hyp", Name: "Hyperspace", Kind: Abstract, Unlimited: true})
	if err != nil {
		t.Fatal(err)
	}
	nth, _ := m.Lookup("nth")
	m.AddFleetLink(Loc{P: hyp}, Loc{P: nth})
	s := NewState(m, Phase{Year: 1902, Season: Spring, Type: Movement})
	s.Units = []Unit{{Type: Fleet, Power: "england", Number: 1, Loc: Loc{P: hyp}}, {Type: Fleet, Power: "russia", Number: 1, Loc: Loc{P: hyp}}}
	orders, errs := ParseOrders(m, "", "Russia: 1F hyp - nth")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := AdjudicateMovement(s, orders, nil)
	var moved []Power
	for _, u := range out.Next.Units {
		if u.Loc.P == nth {
			moved = append(moved, u.Power)
		}
	}
	if len(moved) != 1 || moved[0] != "russia" {
		t.Errorf("moved %v, want the Russian fleet (%v)", moved, out.Results)
	}
	// Winter: Russia, with no centre, removes its fleet in Hyperspace.
	s.Phase = Phase{Year: 1902, Season: Winter, Type: Adjustment}
	for p := range s.Owners {
		s.Owners[p] = ""
	}
	orders, errs = ParseOrders(m, "", "Russia: disband 1F hyp")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out = AdjudicateAdjustments(s, orders, nil)
	if !out.Results[0].OK {
		t.Fatalf("removal refused: %+v", out.Results[0])
	}
	for _, u := range out.Next.Units {
		if u.Power == "russia" {
			t.Errorf("the Russian fleet is still there: %v", out.Next.Units)
		}
	}
}
