package engine

import "testing"

func TestStandardMapFacts(t *testing.T) {
	m := standardMap(t)
	kinds := map[ProvinceKind]int{}
	passable := 0
	for _, p := range m.Provinces {
		if p.Impassable {
			continue
		}
		passable++
		kinds[p.Kind]++
	}
	if passable != 75 || kinds[Coastal] != 42 || kinds[Land] != 14 || kinds[Sea] != 19 {
		t.Errorf("provinces: %d (coastal %d, inland %d, sea %d), want 75 (42, 14, 19)",
			passable, kinds[Coastal], kinds[Land], kinds[Sea])
	}
	sc, home := 0, 0
	for _, p := range m.Provinces {
		if p.SC {
			sc++
			if p.Home != "" {
				home++
			}
		}
	}
	if sc != 34 || home != 22 {
		t.Errorf("supply centres %d (home %d), want 34 (22)", sc, home)
	}
	armyOnly, fleetOnly, both := 0, 0, 0
	for a := range m.Provinces {
		for b := a + 1; b < len(m.Provinces); b++ {
			pa, pb := ProvinceID(a), ProvinceID(b)
			ar := m.ArmyAdjacent(pa, pb)
			fl := false
			for _, c := range append([]Coast{NoCoast}, m.Provinces[a].Coasts...) {
				if m.FleetAdjacent(Loc{pa, c}, Loc{P: pb}) {
					fl = true
				}
			}
			switch {
			case ar && fl:
				both++
			case ar:
				armyOnly++
			case fl:
				fleetOnly++
			}
		}
	}
	if armyOnly+fleetOnly+both != 206 || armyOnly != 68 || fleetOnly != 95 || both != 43 {
		t.Errorf("adjacent pairs %d (army only %d, fleet only %d, both %d), want 206 (68, 95, 43)",
			armyOnly+fleetOnly+both, armyOnly, fleetOnly, both)
	}
	swi, ok := m.Lookup("Switzerland")
	if !ok || !m.Provinces[swi].Impassable {
		t.Fatal("Switzerland missing or passable")
	}
	mun, _ := m.Lookup("mun")
	if m.ArmyAdjacent(mun, swi) {
		t.Error("army may enter Switzerland")
	}
	if len(m.Start) != 22 {
		t.Errorf("%d starting units, want 22", len(m.Start))
	}
	if len(m.Powers) != 7 {
		t.Errorf("%d powers, want 7", len(m.Powers))
	}
}

func TestMapCoasts(t *testing.T) {
	m := standardMap(t)
	loc := func(s string) Loc {
		l, err := m.locArg(s)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	tests := []struct {
		from, to string
		want     bool
	}{
		{"spa/nc", "mao", true},
		{"spa/nc", "lyo", false},
		{"spa/sc", "lyo", true},
		{"gas", "spa/nc", true},
		{"gas", "spa/sc", false},
		{"bul/ec", "bla", true},
		{"bul/sc", "bla", false},
		{"rom", "ven", false},
		{"stp/nc", "bar", true},
		{"stp/sc", "bar", false},
		{"con", "bul/ec", true},
		{"con", "bul/sc", true},
	}
	for _, tt := range tests {
		if got := m.FleetAdjacent(loc(tt.from), loc(tt.to)); got != tt.want {
			t.Errorf("fleet %s-%s: %v, want %v", tt.from, tt.to, got, tt.want)
		}
	}
}

func TestMapVariantChanges(t *testing.T) {
	m := standardMap(t).Clone()
	swi, _ := m.Lookup("swi")
	mun, _ := m.Lookup("mun")
	m.SetPassable(swi, true)
	if !m.ArmyAdjacent(mun, swi) {
		t.Error("passable Switzerland not reachable from Munich")
	}
	hs, err := m.AddProvince(Province{Abbr: "hyp", Name: "Hyperspace", Kind: Abstract, Unlimited: true})
	if err != nil {
		t.Fatal(err)
	}
	m.AddArmyLink(hs, mun)
	if !m.ArmyAdjacent(mun, hs) || !m.ArmyAdjacent(hs, mun) {
		t.Error("new link not symmetric")
	}
	m.RemoveArmyLink(mun, hs)
	if m.ArmyAdjacent(mun, hs) {
		t.Error("link not removed")
	}
	if _, err := m.AddProvince(Province{Abbr: "lon", Name: "Londinium"}); err == nil {
		t.Error("duplicate abbreviation accepted")
	}
	// The base map is untouched.
	if standardMap(t).ArmyAdjacent(mun, swi) {
		t.Error("Clone shares links with the base map")
	}
}
