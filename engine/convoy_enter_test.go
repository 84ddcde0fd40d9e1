package engine

import "testing"

// TestConvoyToEnteredImpassable: a variant that opens an impassable
// province to an army (Rules.Enter: Galt's Explorer on an island) lets a
// fleet beside it convoy the army there; without the hook the move fails
// as impassable.
func TestConvoyToEnteredImpassable(t *testing.T) {
	m := standardMap(t).Clone()
	cre, err := m.AddProvince(Province{Abbr: "cre", Name: "Crete", Kind: Coastal, Impassable: true})
	if err != nil {
		t.Fatal(err)
	}
	aeg, _ := m.Lookup("aeg")
	gre, _ := m.Lookup("gre")
	m.AddFleetLink(Loc{P: cre}, Loc{P: aeg})
	s := NewState(m, Phase{Year: 1902, Season: Spring, Type: Movement})
	s.Units = []Unit{{Type: Army, Power: "turkey", Loc: Loc{P: gre}}, {Type: Fleet, Power: "turkey", Loc: Loc{P: aeg}}}
	orders, errs := ParseOrders(m, "turkey", "A gre - cre\nF aeg C A gre - cre")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := AdjudicateMovement(s, orders, nil)
	if out.Results[0].OK {
		t.Errorf("standard: the army entered an impassable province: %+v", out.Results[0])
	}
	r := &Rules{Enter: func(s *State, u Unit, l Loc) bool { return u.Type == Army && l.P == cre }}
	out = AdjudicateMovement(s, orders, r)
	if !out.Results[0].OK || !out.Results[1].OK {
		t.Errorf("with Enter: %+v", out.Results)
	}
}

// TestConvoyReach: a variant lets a convoying unit touch shores the map
// does not link it to (Galt's Hyperspace fleet convoys any army through
// Hyperspace); without the hook the army has no route.
func TestConvoyReach(t *testing.T) {
	m := standardMap(t).Clone()
	hyp, err := m.AddProvince(Province{Abbr: "hyp", Name: "Hyperspace", Kind: Abstract, Unlimited: true})
	if err != nil {
		t.Fatal(err)
	}
	lon, _ := m.Lookup("lon")
	s := NewState(m, Phase{Year: 1902, Season: Spring, Type: Movement})
	s.Units = []Unit{{Type: Army, Power: "england", Loc: Loc{P: lon}}, {Type: Fleet, Power: "england", Loc: Loc{P: hyp}}}
	orders, errs := ParseOrders(m, "england", "A lon - tun\nF hyp C A lon - tun")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	canConvoy := func(s *State, u Unit) bool { return u.Type == Fleet }
	out := AdjudicateMovement(s, orders, &Rules{CanConvoy: canConvoy})
	if out.Results[0].OK {
		t.Errorf("standard: convoyed from Hyperspace: %+v", out.Results[0])
	}
	r := &Rules{CanConvoy: canConvoy, ConvoyReach: func(s *State, f Unit, p ProvinceID) bool { return f.Loc.P == hyp }}
	out = AdjudicateMovement(s, orders, r)
	if !out.Results[0].OK || !out.Results[1].OK {
		t.Errorf("with ConvoyReach: %+v", out.Results)
	}
}

// TestConvoyFleet: a variant lets a fleet be convoyed between seas by the
// units CanConvoy allows (Galt's Neanderthal army in Denmark carries a
// fleet from the North Sea to the Baltic); without the hook the fleet
// cannot move there and the convoy is void.
func TestConvoyFleet(t *testing.T) {
	m := standardMap(t)
	nth, _ := m.Lookup("nth")
	den, _ := m.Lookup("den")
	bal, _ := m.Lookup("bal")
	s := NewState(m, Phase{Year: 1902, Season: Spring, Type: Movement})
	s.Units = []Unit{{Type: Fleet, Power: "england", Loc: Loc{P: nth}}, {Type: Army, Power: "england", Loc: Loc{P: den}}}
	orders, errs := ParseOrders(m, "england", "F nth - bal\nA den C F nth - bal")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	r := &Rules{
		CanConvoy: func(s *State, u Unit) bool { return u.Type == Army && u.Loc.P == den },
		ConvoyReach: func(s *State, f Unit, p ProvinceID) bool {
			return f.Type == Army && s.Map.Provinces[p].Kind == Sea && s.Map.FleetLinked(f.Loc, Loc{P: p})
		},
	}
	out := AdjudicateMovement(s, orders, r)
	if out.Results[0].OK {
		t.Errorf("without ConvoyFleet: %+v", out.Results[0])
	}
	r.ConvoyFleet = func(s *State, f Unit) bool { return true }
	out = AdjudicateMovement(s, orders, r)
	if !out.Results[0].OK || !out.Results[1].OK || out.Next.Units[0].Loc.P != bal {
		t.Errorf("with ConvoyFleet: %+v", out.Results)
	}
	// Dislodging the convoying army disrupts the convoy (normal rules).
	kie, _ := m.Lookup("kie")
	swe, _ := m.Lookup("swe")
	s.Units = append(s.Units, Unit{Type: Army, Power: "germany", Loc: Loc{P: kie}}, Unit{Type: Army, Power: "germany", Loc: Loc{P: swe}})
	more, _ := ParseOrders(m, "germany", "A kie - den\nA swe S A kie - den")
	out = AdjudicateMovement(s, append(orders, more...), r)
	if out.Results[0].OK {
		t.Errorf("convoy by a dislodged army: %+v", out.Results[0])
	}
}

// TestConvoyChain: a variant chains convoying units the map does not link
// for fleets (Galt's Neanderthal armies by land: Marseilles and Gascony
// carry a fleet from the Gulf of Lyon to the Mid-Atlantic).
func TestConvoyChain(t *testing.T) {
	m := standardMap(t)
	lyo, _ := m.Lookup("lyo")
	mao, _ := m.Lookup("mao")
	mar, _ := m.Lookup("mar")
	gas, _ := m.Lookup("gas")
	s := NewState(m, Phase{Year: 1902, Season: Spring, Type: Movement})
	s.Units = []Unit{{Type: Fleet, Power: "france", Loc: Loc{P: lyo}},
		{Type: Army, Power: "france", Loc: Loc{P: mar}}, {Type: Army, Power: "france", Loc: Loc{P: gas}}}
	orders, errs := ParseOrders(m, "france", "F lyo - mao\nA mar C F lyo - mao\nA gas C F lyo - mao")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	r := &Rules{
		CanConvoy: func(s *State, u Unit) bool { return u.Type == Army },
		ConvoyReach: func(s *State, f Unit, p ProvinceID) bool {
			return f.Type == Army && s.Map.Provinces[p].Kind == Sea && s.Map.FleetLinked(f.Loc, Loc{P: p})
		},
		ConvoyFleet: func(s *State, f Unit) bool { return true },
	}
	out := AdjudicateMovement(s, orders, r)
	if out.Results[0].OK {
		t.Errorf("without ConvoyChain: %+v", out.Results[0])
	}
	r.ConvoyChain = func(s *State, x, y Unit) bool {
		return x.Type == Army && y.Type == Army && s.Map.ArmyAdjacent(x.Loc.P, y.Loc.P)
	}
	out = AdjudicateMovement(s, orders, r)
	if !out.Results[0].OK || out.Next.Units[0].Loc.P != mao {
		t.Errorf("with ConvoyChain: %+v", out.Results)
	}
}
