package engine

import (
	"strings"
	"testing"
)

// position builds a state from lines like "France: A par".
func position(t *testing.T, phase Phase, lines ...string) *State {
	t.Helper()
	m := standardMap(t)
	s := NewState(m, phase)
	s.Units = nil
	for _, l := range lines {
		o, err := (&Parser{Map: m}).ParseOrder("", l)
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		s.Units = append(s.Units, Unit{Type: o.Unit, Power: o.Power, Loc: o.At})
	}
	return s
}

func parseAll(t *testing.T, m *Map, text string) []Order {
	t.Helper()
	os, errs := ParseOrders(m, "", text)
	if len(errs) > 0 {
		t.Fatalf("orders: %v", errs)
	}
	return os
}

func unitsOf(s *State) string {
	var out []string
	c := s.Clone()
	c.SortUnits()
	for _, u := range c.Units {
		out = append(out, string(u.Power)+" "+u.Type.String()+" "+s.Map.LocString(u.Loc))
	}
	return strings.Join(out, ", ")
}

var spring1902 = Phase{Year: 1902, Season: Spring, Type: Movement}

// A variant strength (Davis #2, double strength) lets a lone unit dislodge.
func TestHookStrength(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "Germany: A mun")
	orders := parseAll(t, s.Map, "France: A bur - mun")
	std := Adjudicate(s, orders, nil, nil)
	if len(std.Next.Dislodged) != 0 {
		t.Fatal("standard: a lone attack dislodged a holding unit")
	}
	r := &Rules{Strength: func(s *State, u Unit, role Role) int {
		if u.Power == "france" && role == RoleMove {
			return 2
		}
		return 1
	}}
	out := Adjudicate(s, orders, r, nil)
	if len(out.Next.Dislodged) != 1 || !strings.Contains(out.Results[0].Reason, "(2 vs 1)") {
		t.Fatalf("double strength did not dislodge: %+v", out.Results)
	}
}

// Davis 16.f: a single attack on a double-strength supporter cuts only one
// unit of its support.
func TestHookSupportLost(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "France: A ruh", "Germany: A mun", "Germany: A kie", "Italy: A tyr")
	orders := parseAll(t, s.Map, "France: A bur - mun\nFrance: A ruh S A bur - mun\nItaly: A tyr - boh\nGermany: A kie - ruh")
	r := &Rules{
		Strength: func(s *State, u Unit, role Role) int {
			if role == RoleSupport && s.Map.LocString(u.Loc) == "ruh" {
				return 2
			}
			return 1
		},
		SupportLost: func(s *State, u Unit, weight int, attackers []Unit, _ func(int) int) (int, string) {
			return min(weight, len(attackers)), ""
		},
	}
	out := Adjudicate(s, orders, r, nil)
	// bur attacks with 1 + (2-1) = 2 against 1: munich is dislodged.
	if len(out.Next.Dislodged) != 1 {
		t.Fatalf("partial cut: want munich dislodged, got %s; results %+v", unitsOf(out.Next), out.Results)
	}
	std := Adjudicate(s, orders, &Rules{Strength: r.Strength}, nil)
	if len(std.Next.Dislodged) != 0 {
		t.Fatal("without SupportLost the single attack should cut the whole support")
	}
}

// Reach adds a two-space move; Cuts keeps a support uncut (Davis X8).
func TestHookReachAndCuts(t *testing.T) {
	s := position(t, spring1902, "France: A par")
	orders := parseAll(t, s.Map, "France: A par - mun")
	if out := Adjudicate(s, orders, nil, nil); out.Results[0].Code != Illegal {
		t.Fatalf("standard par-mun: %+v", out.Results[0])
	}
	mun, _ := s.Map.Lookup("mun")
	r := &Rules{Reach: func(s *State, u Unit, l Loc) bool { return l.P == mun }}
	out := Adjudicate(s, orders, r, nil)
	if unitsOf(out.Next) != "france A mun" {
		t.Fatalf("reach: %s", unitsOf(out.Next))
	}

	s = position(t, spring1902, "France: A bur", "France: A ruh", "Germany: A mun", "Germany: A kie")
	orders = parseAll(t, s.Map, "France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A kie - ruh")
	if out := Adjudicate(s, orders, nil, nil); len(out.Next.Dislodged) != 0 {
		t.Fatal("standard: support should be cut")
	}
	r = &Rules{Cuts: func(s *State, attacker, supporter Unit) bool { return false }}
	if out := Adjudicate(s, orders, r, nil); len(out.Next.Dislodged) != 1 {
		t.Fatal("uncuttable support was cut")
	}
}

// A unit that does not occupy its province (a ghost) is never dislodged
// and does not keep others out.
func TestHookOccupies(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "Germany: A mun")
	orders := parseAll(t, s.Map, "France: A bur - mun")
	r := &Rules{Occupies: func(s *State, u Unit) bool { return u.Power != "germany" }}
	out := Adjudicate(s, orders, r, nil)
	if len(out.Next.Dislodged) != 0 || unitsOf(out.Next) != "france A mun, germany A mun" {
		t.Fatalf("ghost: %s, dislodged %v", unitsOf(out.Next), out.Next.Dislodged)
	}
}

// Rewrite, After and NextPhase run in the pipeline, and draws are recorded.
func TestHookPipeline(t *testing.T) {
	s := position(t, spring1902, "France: A bur")
	orders := parseAll(t, s.Map, "France: A bur - mun")
	r := &Rules{
		Rewrite: func(s *State, o []Order, rng *Rand) ([]Order, []string) {
			o[0].To.P, _ = s.Map.Lookup("par")
			return o, []string{"hypnotised: A bur goes to par"}
		},
		After: func(s *State, out *Outcome, rng *Rand) {
			out.Events = append(out.Events, "die "+string(rune('0'+rng.Die(6, "monster"))))
		},
		NextPhase: func(s *State, p Phase) Phase { return Phase{Year: p.Year, Season: Summer, Type: Movement} },
	}
	rng := NewRand(7)
	out := Adjudicate(s, orders, r, rng)
	if unitsOf(out.Next) != "france A par" {
		t.Errorf("rewrite not applied: %s", unitsOf(out.Next))
	}
	if len(out.Events) != 2 || out.Events[0] != "hypnotised: A bur goes to par" {
		t.Errorf("events %q", out.Events)
	}
	if out.Next.Phase.Season != Summer {
		t.Errorf("next phase %v", out.Next.Phase)
	}
	if d := rng.Draws(); len(d) != 1 || d[0].Why != "monster" {
		t.Errorf("draws %+v", d)
	}
	again := NewRand(7)
	if out2 := Adjudicate(s, parseAll(t, s.Map, "France: A bur - mun"), r, again); out2.Events[1] != out.Events[1] {
		t.Error("same seed, different draw")
	}
}

// Sequence: a unit that moves first enters a province before the others
// arrive (Davis X2), where a simultaneous move would bounce.
func TestHookSequence(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "Germany: A ruh")
	orders := parseAll(t, s.Map, "France: A bur - bel\nGermany: A ruh - bel")
	if out := Adjudicate(s, orders, nil, nil); unitsOf(out.Next) != "france A bur, germany A ruh" {
		t.Fatalf("standard should bounce: %s", unitsOf(out.Next))
	}
	r := &Rules{Sequence: func(s *State, o []Order) [][]Order {
		var first, rest []Order
		for _, x := range o {
			if x.Power == "germany" {
				first = append(first, x)
			} else {
				rest = append(rest, x)
			}
		}
		return [][]Order{first, rest}
	}}
	out := Adjudicate(s, orders, r, nil)
	if unitsOf(out.Next) != "france A bur, germany A bel" {
		t.Fatalf("move first: %s", unitsOf(out.Next))
	}
	if len(out.Results) != 2 {
		t.Fatalf("want one result per order, got %+v", out.Results)
	}
}

// Hyperspace (Davis 6): an unlimited space linked to every space holds any
// number of units.
func TestUnlimitedSpace(t *testing.T) {
	m := standardMap(t).Clone()
	hyp, err := m.AddProvince(Province{Abbr: "hyp", Name: "Hyperspace", Kind: Abstract, Unlimited: true})
	if err != nil {
		t.Fatal(err)
	}
	s := NewState(m, spring1902)
	s.Units = []Unit{{Type: Army, Power: "france", Loc: Loc{P: mustLookup(t, m, "par")}},
		{Type: Army, Power: "germany", Loc: Loc{P: mustLookup(t, m, "mun")}}}
	r := &Rules{Reach: func(s *State, u Unit, l Loc) bool { return l.P == hyp || u.Loc.P == hyp }}
	orders := parseAll(t, m, "France: A par - hyp\nGermany: A mun - Hyperspace")
	out := Adjudicate(s, orders, r, nil)
	if unitsOf(out.Next) != "france A hyp, germany A hyp" {
		t.Fatalf("hyperspace: %s; %+v", unitsOf(out.Next), out.Results)
	}
}

func mustLookup(t *testing.T, m *Map, name string) ProvinceID {
	t.Helper()
	p, ok := m.Lookup(name)
	if !ok {
		t.Fatalf("no province %q", name)
	}
	return p
}

// Phase lets a variant adjudicate phase types of its own (Warped
// Diplomacy's battle phase) and leave the rest to the standard code.
func TestHookPhase(t *testing.T) {
	const battle PhaseType = 10
	r := &Rules{
		Phase: func(s *State, o []Order, rng *Rand) (*Outcome, bool) {
			if s.Phase.Type != battle {
				return nil, false
			}
			return &Outcome{Phase: s.Phase, Events: []string{"battle drawn from the deck"}}, true
		},
		NextPhase: func(s *State, p Phase) Phase {
			if p.Type == battle {
				return Phase{Year: p.Year, Season: p.Season, Type: Movement}
			}
			return Phase{Year: p.Year, Season: p.Season, Type: battle}
		},
	}
	s := position(t, Phase{Year: 1902, Season: Spring, Type: battle}, "France: A bur")
	out := Adjudicate(s, nil, r, NewRand(1))
	if len(out.Events) != 1 || out.Next == nil || out.Next.Phase.Type != Movement {
		t.Fatalf("custom phase: %+v", out)
	}
	out = Adjudicate(out.Next, parseAll(t, s.Map, "France: A bur - mar"), r, NewRand(1))
	if unitsOf(out.Next) != "france A mar" || out.Next.Phase.Type != battle {
		t.Fatalf("standard movement under a custom sequence: %s %v", unitsOf(out.Next), out.Next.Phase)
	}
}
