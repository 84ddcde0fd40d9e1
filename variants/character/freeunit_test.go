package character

import (
	"slices"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
	"dipdesk/variants/kit/kittest"
)

// TestFreeUnitsFollowTheCards: #19 units are listed in Effects.FreeUnits
// after every phase from 1902 on, and not before (rule 7).
func TestFreeUnitsFollowTheCards(t *testing.T) {
	for _, tt := range []struct {
		phase engine.Phase
		want  int
	}{{s1901, 0}, {engine.Phase{Year: 1901, Season: engine.Fall, Type: engine.Movement}, 0}, {s1902, 1}, {f1903, 1}} {
		s := cardPosition(t, tt.phase, "France: A bur #19", "France: A pic #20")
		out := engine.Adjudicate(s, nil, Variant.Rules, engine.NewRand(1))
		got := out.Next.Extra.(*extra).Effects.FreeUnits
		if len(got) != tt.want || (tt.want == 1 && got[0] != idOf(s.Units[0])) {
			t.Errorf("%s: free units %v, want %d", tt.phase.Key(), got, tt.want)
		}
	}
	// A #19 unit that leaves the board leaves the list.
	s := cardPosition(t, s1902, "France: A bur #19", "Germany: A mun #2", "Germany: A ruh #20")
	s.Extra.(*extra).Effects.FreeUnits = []kit.UnitID{idOf(s.Units[0])}
	s.Units[0].Loc = s.Units[1].Loc // on the board no more: moved away by hand
	s.Units = s.Units[1:]
	out := engine.Adjudicate(s, nil, Variant.Rules, engine.NewRand(1))
	if got := out.Next.Extra.(*extra).Effects.FreeUnits; len(got) != 0 {
		t.Errorf("a free unit gone from the board is still listed: %v", got)
	}
}

// TestFreeUnitUpkeep: #19 "needs no S.C. to support it" and 16.h: the
// extra build is not shown to other powers.
func TestFreeUnitUpkeep(t *testing.T) {
	w := engine.Phase{Year: 1902, Season: engine.Winter, Type: engine.Adjustment}
	for _, tt := range []struct {
		card   string
		free   bool
		want   string
		france int // France's adjustment in its own view
		others int // in another power's view
	}{
		{"19", true, "france A bur, france A gas, france A pic, france A ruh", 0, -1},
		{"20", false, "france A bur, france A gas, france A pic", -1, -1},
	} {
		t.Run("#"+tt.card, func(t *testing.T) {
			s := cardPosition(t, w, "France: A ruh #"+tt.card, "France: A bur #20", "France: A pic #20", "France: A gas #20")
			if tt.free {
				s.Extra.(*extra).Effects.FreeUnits = []kit.UnitID{idOf(s.Units[0])}
			}
			for _, seat := range []engine.Seat{{Power: "france"}, {Power: "germany"}, {}} {
				v := engine.ViewFor(s, nil, seat, Variant.Rules)
				want := tt.others
				if seat.Power == "france" {
					want = tt.france
				}
				if got := engine.Adjustments(v.State)["france"]; got != want {
					t.Errorf("%s's view: France adjusts %d, want %d", seat, got, want)
				}
			}
			// Civil disorder: France orders nothing; a free unit is never
			// the one removed.
			out := engine.Adjudicate(s, nil, Variant.Rules, engine.NewRand(1))
			if got := positionOf(out.Next); got != tt.want {
				t.Errorf("after: %s\nwant:  %s", got, tt.want)
			}
		})
	}
	// "unless voluntarily removed": its owner may disband it.
	s := cardPosition(t, w, "France: A ruh #19", "France: A bur #20", "France: A pic #20")
	s.Extra.(*extra).Effects.FreeUnits = []kit.UnitID{idOf(s.Units[0])}
	s.Owners[s.Map.Provinces[kittest.Prov(t, s, "par")].ID] = "germany"
	orders, errs := Variant.Parser(s.Map).ParseOrders("", "France: disband A ruh")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if got := positionOf(out.Next); got != "france A bur, france A pic" {
		t.Logf("%+v", out.Results)
		t.Errorf("a voluntary removal of the free unit: %s", got)
	}
	if slices.Contains(out.Next.Extra.(*extra).Effects.FreeUnits, idOf(s.Units[0])) {
		t.Error("the disbanded free unit is still listed")
	}
}
