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

// SequenceMovesOn (Galt's Move First clarification): France's unit in
// Burgundy moves first into Munich with support, dislodging Germany's
// unit there, which still makes its move to Bohemia as a normal move; if
// that move fails, it retreats from Munich.
func TestHookSequenceMovesOn(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "France: A ruh", "Germany: A mun", "Austria: A vie")
	first := func(s *State, orders []Order) [][]Order {
		var one, two []Order
		for _, o := range orders {
			if s.Map.Provinces[o.At.P].Abbr == "bur" || s.Map.Provinces[o.At.P].Abbr == "ruh" {
				one = append(one, o)
			} else {
				two = append(two, o)
			}
		}
		return [][]Order{one, two}
	}
	orders := parseAll(t, s.Map, `France: A bur - mun
France: A ruh S A bur - mun
Germany: A mun - boh`)
	std := Adjudicate(s, orders, &Rules{Sequence: first}, nil)
	if len(std.Next.Dislodged) != 1 {
		t.Fatalf("without the rule: dislodged %+v", std.Next.Dislodged)
	}
	r := &Rules{Sequence: first, SequenceMovesOn: true}
	out := Adjudicate(s, orders, r, nil)
	if len(out.Next.Dislodged) != 0 {
		t.Fatalf("the dislodged unit's move to Bohemia failed: %+v", out.Next.Dislodged)
	}
	res := resultFor(t, out, s.Map, "mun")
	if !res.OK || res.Reason != "moved to Bohemia; it had been dislodged by A bur (2 vs 1)" {
		t.Fatalf("result %+v", res)
	}
	n := 0
	for _, u := range out.Next.Units {
		switch s.Map.LocString(u.Loc) {
		case "boh", "mun", "ruh":
			n++
		}
	}
	if n != 3 || len(out.Next.Units) != 4 {
		t.Fatalf("units %+v", out.Next.Units)
	}
	// One result per unit: Austria's unit, with no order, is reported once.
	if len(out.Results) != 4 || resultFor(t, out, s.Map, "vie").Code != Defaulted {
		t.Fatalf("results %+v", out.Results)
	}
	// Austria also goes to Bohemia: the two bounce ("a normal move ... when
	// determining who gets z"), and Germany's unit retreats from Munich.
	orders = append(orders, parseAll(t, s.Map, `Austria: A vie - boh`)...)
	out = Adjudicate(s, orders, r, nil)
	if len(out.Next.Dislodged) != 1 || s.Map.LocString(out.Next.Dislodged[0].Unit.Loc) != "mun" {
		t.Fatalf("dislodged %+v, want A mun", out.Next.Dislodged)
	}
	res = resultFor(t, out, s.Map, "mun")
	if res.OK || res.Reason != "bounced with A vie in boh (1 vs 1); it had been dislodged by A bur (2 vs 1), so it retreats" {
		t.Fatalf("result %+v", res)
	}
	if len(out.Next.Units) != 3 || !out.Next.Standoff(mustLookup(t, s.Map, "boh")) {
		t.Fatalf("units %+v standoffs %v", out.Next.Units, out.Next.Standoffs)
	}
	if len(out.Results) != 4 {
		t.Fatalf("%d results, want one per order: %+v", len(out.Results), out.Results)
	}
}

// HoldStrength in a sequence: a unit whose support was judged in the
// first step still holds as a supporter when attacked in the second
// (Galt's Move First: "attacked while it is supporting something").
func TestHookHoldStrengthSpentOrder(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "France: A ruh", "Germany: A kie")
	orders := parseAll(t, s.Map, `France: A bur - mun
France: A ruh S A bur - mun
Germany: A kie - ruh`)
	first := func(s *State, orders []Order) [][]Order {
		var one, two []Order
		for _, o := range orders {
			if o.Power == "france" {
				one = append(one, o)
			} else {
				two = append(two, o)
			}
		}
		return [][]Order{one, two}
	}
	zero := func(s *State, u Unit, kind OrderKind, n int) int {
		if kind == Support {
			return 0
		}
		return n
	}
	out := Adjudicate(s, orders, &Rules{Sequence: first}, nil)
	if res := resultFor(t, out, s.Map, "kie"); res.OK {
		t.Fatalf("without HoldStrength: %+v", res)
	}
	out = Adjudicate(s, orders, &Rules{Sequence: first, HoldStrength: zero}, nil)
	if res := resultFor(t, out, s.Map, "kie"); !res.OK {
		t.Fatalf("the spent supporter held with more than zero: %+v", res)
	}
}
