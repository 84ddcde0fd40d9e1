package engine

import "testing"

// ghostRules takes unit g out of the fight (Turn.Intangible true) and, as
// a variant would, says it does not occupy its province.
func ghostRules(g Unit, in bool) *Rules {
	return &Rules{
		Prepare:  func(s *State, orders []Order) Turn { return Turn{Intangible: map[Unit]bool{g: in}} },
		Occupies: func(s *State, u Unit) bool { return u != g },
	}
}

// Galt's Ghost: an intangible unit moves into an occupied province without
// dislodging or bouncing, keeps no one out of the province it enters and
// cuts no support there.
func TestTurnIntangibleMoves(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "Germany: A mun", "Germany: A kie", "Italy: A tyr")
	ghost := s.Units[0]
	orders := parseAll(t, s.Map, `France: A bur - mun
Germany: A mun S A kie - ber
Germany: A kie - ber
Italy: A tyr - boh`)
	std := Adjudicate(s, orders, nil, nil)
	if res := resultFor(t, std, s.Map, "bur"); res.OK {
		t.Fatal("standard: the army entered munich; the test proves nothing")
	}
	out := Adjudicate(s, orders, ghostRules(ghost, true), nil)
	if res := resultFor(t, out, s.Map, "bur"); !res.OK || res.Reason != "moved to Munich" {
		t.Errorf("the intangible move: %+v", res)
	}
	if res := resultFor(t, out, s.Map, "mun"); !res.OK {
		t.Errorf("the intangible move cut munich's support: %+v", res)
	}
	if len(out.Next.Dislodged) != 0 {
		t.Errorf("dislodged: %+v", out.Next.Dislodged)
	}
	n := 0
	for _, u := range out.Next.Units {
		if s.Map.LocString(u.Loc) == "mun" {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d units in munich, want the ghost beside the German army", n)
	}
	// It keeps no one out: Italy and the ghost both go to Munich.
	orders = parseAll(t, s.Map, "France: A bur - mun\nItaly: A tyr - mun")
	s2 := position(t, spring1902, "France: A bur", "Italy: A tyr")
	out = Adjudicate(s2, orders, ghostRules(s2.Units[0], true), nil)
	for _, p := range []string{"bur", "tyr"} {
		if res := resultFor(t, out, s.Map, p); !res.OK {
			t.Errorf("%s: %+v, want both moves to succeed", p, res)
		}
	}
	if out.Next.Standoff(out.Next.Units[0].Loc.P) {
		t.Error("a standoff left where both moved")
	}
}

// An intangible unit holds nothing: an attack on its province succeeds
// against no one, and it may neither support nor convoy.
func TestTurnIntangibleHoldsNothing(t *testing.T) {
	s := position(t, spring1902, "France: A mun", "Germany: A ber", "France: F nth", "England: A yor", "France: A ruh")
	ghost := s.Units[0]
	orders := parseAll(t, s.Map, `Germany: A ber - mun
France: A ruh S A mun
England: A yor - nwy
France: F nth C A yor - nwy`)
	out := Adjudicate(s, orders, ghostRules(ghost, true), nil)
	if res := resultFor(t, out, s.Map, "ber"); !res.OK || len(out.Next.Dislodged) != 0 {
		t.Errorf("the move into the ghost's province: %+v, dislodged %+v", res, out.Next.Dislodged)
	}
	fleet := s.Units[2]
	out = Adjudicate(s, orders, ghostRules(fleet, true), nil)
	if res := resultFor(t, out, s.Map, "nth"); res.Code != Illegal {
		t.Errorf("an intangible fleet convoyed: %+v", res)
	}
	sup := s.Units[4]
	out = Adjudicate(s, orders, ghostRules(sup, true), nil)
	if res := resultFor(t, out, s.Map, "ruh"); res.Code != Illegal {
		t.Errorf("an intangible army supported: %+v", res)
	}
}

// Intangible false puts a unit that Occupies says does not occupy back in
// its province for the turn (a Ghost that becomes visible), and an order
// written by the power of a unit that shares a province with another
// power's unit goes to its own unit.
func TestTurnIntangibleFalseAndSharing(t *testing.T) {
	s := position(t, spring1902, "France: A mun", "Germany: A ber", "Germany: A kie")
	g := s.Units[0]
	orders := parseAll(t, s.Map, "Germany: A ber - mun")
	out := Adjudicate(s, orders, &Rules{Occupies: func(s *State, u Unit) bool { return u != g }}, nil)
	if len(out.Next.Dislodged) != 0 || !resultFor(t, out, s.Map, "ber").OK {
		t.Fatal("a non-occupying unit was attacked; the test proves nothing")
	}
	out = Adjudicate(s, orders, ghostRules(g, false), nil)
	if res := resultFor(t, out, s.Map, "ber"); res.OK {
		t.Errorf("Intangible false: the attack entered: %+v", res)
	}
	// Two units in Munich: the German one occupies, the French one not.
	s = position(t, spring1902, "France: A mun", "Germany: A mun", "Germany: A kie")
	g = s.Units[0]
	orders = parseAll(t, s.Map, "France: A mun - boh\nGermany: A mun S A kie - ber\nGermany: A kie - ber")
	out = Adjudicate(s, orders, ghostRules(g, true), nil)
	for _, r := range out.Results {
		if r.Code == NotOwner || r.Code == NoUnit || !r.OK {
			t.Errorf("%s: %+v", r.Order.Text, r)
		}
	}
	// A build beside a unit that does not occupy its centre.
	s = position(t, Phase{Year: 1902, Season: Winter, Type: Adjustment}, "Germany: A ber")
	s.Owners[lookupP(t, s.Map, "war")] = "germany"
	s.Owners[lookupP(t, s.Map, "mos")] = "russia"
	s.Units = append(s.Units, Unit{Type: Army, Power: "russia", Loc: Loc{P: lookupP(t, s.Map, "mun")}})
	r := &Rules{Occupies: func(s *State, u Unit) bool { return u.Power != "russia" }}
	out = Adjudicate(s, parseAll(t, s.Map, "Germany: build A mun"), r, nil)
	if res := resultFor(t, out, s.Map, "mun"); !res.OK {
		t.Errorf("build beside a non-occupying unit: %+v", res)
	}
	out = Adjudicate(s, parseAll(t, s.Map, "Germany: build A mun"), nil, nil)
	if res := resultFor(t, out, s.Map, "mun"); res.OK {
		t.Errorf("standard: built in an occupied centre: %+v", res)
	}
}

func lookupP(t *testing.T, m *Map, abbr string) ProvinceID {
	t.Helper()
	p, ok := m.Lookup(abbr)
	if !ok {
		t.Fatal(abbr)
	}
	return p
}

// Two units of one power in one province (a Ghost beside its own army):
// an order and a removal go to the unit of the type they name.
func TestSharedProvinceOrdersByType(t *testing.T) {
	s := position(t, spring1902, "Italy: A nap", "Italy: F nap")
	fleet := s.Units[1]
	orders := parseAll(t, s.Map, "Italy: F nap - ion\nItaly: A nap - apu")
	out := Adjudicate(s, orders, ghostRules(fleet, true), nil)
	for _, r := range out.Results {
		if !r.OK || r.Unit.Type != r.Order.Unit {
			t.Errorf("%s went to %v: %+v", r.Order.Text, r.Unit, r)
		}
	}
	// Two fleets of one power in St Petersburg, one on each coast.
	s = position(t, spring1902, "Russia: F stp/nc", "Russia: F stp/sc")
	orders = parseAll(t, s.Map, "Russia: F stp/sc - bot\nRussia: F stp/nc - bar")
	out = Adjudicate(s, orders, ghostRules(s.Units[1], true), nil)
	for _, r := range out.Results {
		if !r.OK || r.Unit.Loc.C != r.Order.At.C {
			t.Errorf("%s went to %v: %+v", r.Order.Text, r.Unit, r)
		}
	}
	w := position(t, Phase{Year: 1902, Season: Winter, Type: Adjustment}, "Italy: A nap", "Italy: F nap", "Italy: A ven", "Italy: A rom", "Italy: A tus")
	out = Adjudicate(w, parseAll(t, w.Map, "Italy: disband F nap"), &Rules{Occupies: func(s *State, u Unit) bool { return u != fleet }}, nil)
	if res := resultFor(t, out, w.Map, "nap"); !res.OK || res.Unit.Type != Fleet {
		t.Errorf("removal: %+v", res)
	}
}

// An intangible unit is still stopped by a closed province (Galt: a Ghost
// "cannot be ... prevented from moving (except by one of the preceding
// powers)": the annihilated or gassed space).
func TestTurnIntangibleBlocked(t *testing.T) {
	s := position(t, spring1902, "France: A bur")
	mun := lookupP(t, s.Map, "mun")
	g := s.Units[0]
	r := &Rules{Prepare: func(s *State, orders []Order) Turn {
		return Turn{Intangible: map[Unit]bool{g: true}, Blocked: map[ProvinceID]string{mun: "gassed"}}
	}}
	out := Adjudicate(s, parseAll(t, s.Map, "France: A bur - mun"), r, nil)
	if res := resultFor(t, out, s.Map, "bur"); res.OK || res.Reason != "gassed" {
		t.Errorf("the intangible move into a closed province: %+v", res)
	}
}
