package engine

import "testing"

// HoldStrength: the strength a unit holds with may depend on its order
// (Galt's Move First defends with zero while it supports), and a failed
// mover may hold with more than one (Galt's double strength "for all
// purposes").
func TestHookHoldStrength(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "France: A pic", "Germany: A mun", "Italy: A pie", "Italy: A tyr")
	orders := parseAll(t, s.Map, `France: A bur S A pic
Germany: A mun - bur
Italy: A pie - mar
Italy: A tyr - mun`)
	std := Adjudicate(s, orders, nil, nil)
	if res := resultFor(t, std, s.Map, "mun"); res.OK {
		t.Fatalf("standard: the attack on a supporting unit succeeded: %+v", res)
	}
	r := &Rules{HoldStrength: func(s *State, u Unit, kind OrderKind, standard int) int {
		switch {
		case s.Map.Provinces[u.Loc.P].Abbr == "bur" && kind == Support:
			return 0
		case s.Map.Provinces[u.Loc.P].Abbr == "mun" && kind == Move:
			return 2
		}
		return standard
	}}
	out := Adjudicate(s, orders, r, nil)
	if res := resultFor(t, out, s.Map, "mun"); !res.OK {
		t.Fatalf("a supporter holding with zero was not dislodged: %+v", res)
	}
	// Germany's move succeeded, so Munich is empty: Italy enters. Now make
	// Germany's move fail: Munich holds with two against Italy's one.
	orders = parseAll(t, s.Map, `France: A bur H
Germany: A mun - bur
Italy: A tyr - mun`)
	out = Adjudicate(s, orders, r, nil)
	if res := resultFor(t, out, s.Map, "tyr"); res.OK || res.Reason != "bounced off A mun, whose own move failed (1 vs 2)" {
		t.Fatalf("a failed mover holding with two: %+v", res)
	}
	if res := resultFor(t, Adjudicate(s, orders, nil, nil), s.Map, "tyr"); res.OK {
		t.Fatalf("standard: %+v", res)
	}
}

// SelfDislodge: a unit the hook allows dislodges its own power's unit,
// with its own power's supports.
func TestHookSelfDislodge(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "France: A pic", "France: A par")
	orders := parseAll(t, s.Map, `France: A pic - bur
France: A par S A pic - bur`)
	std := Adjudicate(s, orders, nil, nil)
	if res := resultFor(t, std, s.Map, "pic"); res.OK {
		t.Fatalf("standard: a power dislodged its own unit: %+v", res)
	}
	r := &Rules{SelfDislodge: func(s *State, attacker, defender Unit) bool {
		return s.Map.Provinces[attacker.Loc.P].Abbr == "pic"
	}}
	out := Adjudicate(s, orders, r, nil)
	if res := resultFor(t, out, s.Map, "pic"); !res.OK {
		t.Fatalf("the allowed attack failed: %+v", res)
	}
	if len(out.Next.Dislodged) != 1 || s.Map.Provinces[out.Next.Dislodged[0].Unit.Loc.P].Abbr != "bur" {
		t.Fatalf("dislodged %+v, want A bur", out.Next.Dislodged)
	}
	// Unsupported, one against one: it bounces.
	out = Adjudicate(s, parseAll(t, s.Map, `France: A pic - bur`), r, nil)
	if res := resultFor(t, out, s.Map, "pic"); res.OK {
		t.Fatalf("an unsupported attack dislodged: %+v", res)
	}
}
