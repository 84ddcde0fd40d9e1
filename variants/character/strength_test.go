package character

import (
	"strings"
	"testing"

	"dipdesk/engine"
)

var s1901 = engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}

// cardPosition builds a position in phase from lines "France: A bur #2":
// a unit and the card it holds (no card when the #part is left out). Units
// are numbered by rule 10 in the order given.
// cardCase is one position with cards, its orders and what must follow.
type cardCase struct {
	name   string
	phase  engine.Phase
	units  []string // "France: A bur #2": unit and card
	orders string
	want   string // the units after, "*" marking the dislodged
	reason string // in the first order's result
}

// runCardCases adjudicates each case with the variant's rules and checks
// the position after and the first result's reason.
func runCardCases(t *testing.T, tests []cardCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := cardPosition(t, tt.phase, tt.units...)
			orders, errs := Variant.Parser(s.Map).ParseOrders("", tt.orders)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
			if got := positionOf(out.Next); got != tt.want {
				t.Errorf("after: %s\nwant:  %s", got, tt.want)
			}
			if !strings.Contains(out.Results[0].Reason, tt.reason) {
				t.Errorf("first result %q, want it to contain %q", out.Results[0].Reason, tt.reason)
			}
			if t.Failed() {
				for _, r := range out.Results {
					t.Logf("%s: %s %s", r.Order.Text, r.Code, r.Reason)
				}
			}
		})
	}
}

func cardPosition(t *testing.T, phase engine.Phase, lines ...string) *engine.State {
	t.Helper()
	m, err := Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	s := engine.NewState(m, phase)
	s.Units = nil
	var cards []string
	for _, l := range lines {
		unit, id, _ := strings.Cut(l, "#")
		o, err := Variant.Parser(m).ParseOrder("", strings.TrimSpace(unit))
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		s.Units = append(s.Units, engine.Unit{Type: o.Unit, Power: o.Power, Loc: o.At})
		cards = append(cards, strings.TrimSpace(id))
	}
	numberUnits(s.Units)
	e := newExtra(nil)
	for i, u := range s.Units {
		if cards[i] == "" {
			continue
		}
		c, ok := lookupCard(mustCards(t), cards[i])
		if !ok {
			t.Fatalf("no card %q", cards[i])
		}
		e.Give(idOf(u), c, s1901)
	}
	s.Extra = e
	return s
}

// positionOf lists the units after a phase, sorted, with "*" before a
// dislodged one: "france A mun, *germany A mun".
func positionOf(s *engine.State) string {
	c := s.Clone()
	c.SortUnits()
	var out []string
	for _, u := range c.Units {
		out = append(out, string(u.Power)+" "+u.Type.String()+" "+s.Map.LocString(u.Loc))
	}
	for _, d := range c.Dislodged {
		out = append(out, "*"+string(d.Unit.Power)+" "+d.Unit.Type.String()+" "+s.Map.LocString(d.Unit.Loc))
	}
	return strings.Join(out, ", ")
}

// TestDoubleStrength: cards #1, #2 and #20 in adjudication (rules 7, 8,
// 16.f), each case a position with cards, orders, the position after and
// a phrase the first order's result must give.
func TestDoubleStrength(t *testing.T) {
	tests := []cardCase{
		{"double strength dislodges a lone holder in 1902", s1902,
			[]string{"France: A bur #2", "Germany: A mun #20"},
			"France: A bur - mun",
			"france A mun, *germany A mun", "(2 vs 1)"},
		{"rule 7: not in 1901", s1901,
			[]string{"France: A bur #2", "Germany: A mun #20"},
			"France: A bur - mun",
			"france A bur, germany A mun", "(1 vs 1)"},
		{"rule 7: not in the Fall of 1901", engine.Phase{Year: 1901, Season: engine.Fall, Type: engine.Movement},
			[]string{"France: A bur #1", "Germany: A mun #20"},
			"France: A bur - mun",
			"france A bur, germany A mun", "(1 vs 1)"},
		{"limited double strength moves with two", s1902,
			[]string{"France: A bur #1", "Germany: A mun #20"},
			"France: A bur - mun",
			"france A mun, *germany A mun", "(2 vs 1)"},
		{"limited double strength wins a head-to-head", s1902,
			[]string{"France: A bur #1", "Germany: A mun #20"},
			"France: A bur - mun\nGermany: A mun - bur",
			"france A mun, *germany A mun", ""},
		{"rule 8: a double-strength holder needs three", s1902,
			[]string{"France: A bur #20", "France: A ruh #20", "Germany: A mun #1"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun",
			"france A bur, france A ruh, germany A mun", "(2 vs 2)"},
		{"rule 8: three dislodge a double-strength holder", s1902,
			[]string{"France: A bur #2", "France: A ruh #20", "Germany: A mun #2"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun",
			"france A mun, france A ruh, *germany A mun", "(3 vs 2)"},
		{"rule 8: a double-strength unit whose move fails holds with one", s1902,
			[]string{"France: A ruh #20", "France: A tyr #20", "France: A bur #2", "Germany: A mun #2"},
			"France: A ruh - mun\nFrance: A tyr S A ruh - mun\nGermany: A mun - bur",
			"france A bur, france A mun, france A tyr, *germany A mun", "(2 vs 1)"},
		{"limited double strength supports with one", s1902,
			[]string{"France: A bur #20", "France: A ruh #1", "Germany: A mun #20", "Germany: A boh #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A boh S A mun",
			"france A bur, france A ruh, germany A boh, germany A mun", "(2 vs 2)"},
		{"double strength supports with two", s1902,
			[]string{"France: A bur #20", "France: A ruh #2", "Germany: A mun #20", "Germany: A boh #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A boh S A mun",
			"france A mun, france A ruh, germany A boh, *germany A mun", "(3 vs 2)"},
		{"16.f: a double-strength supporter attacked once still gives one", s1902,
			[]string{"France: A bur #20", "France: A ruh #2", "Germany: A mun #20", "Germany: A kie #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A kie - ruh",
			"france A mun, france A ruh, germany A kie, *germany A mun", "(2 vs 1)"},
		{"16.f: attacked twice it gives none", s1902,
			[]string{"France: A bur #20", "France: A ruh #2", "Germany: A mun #20", "Germany: A kie #20", "Germany: A hol #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A kie - ruh\nGermany: A hol - ruh",
			"france A bur, france A ruh, germany A hol, germany A kie, germany A mun", "(1 vs 1)"},
		{"a limited double-strength supporter attacked once gives none", s1902,
			[]string{"France: A bur #20", "France: A ruh #1", "Germany: A mun #20", "Germany: A kie #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A kie - ruh",
			"france A bur, france A ruh, germany A kie, germany A mun", "(1 vs 1)"},
		{"16.f in 1901: one attack cuts the whole support", s1901,
			[]string{"France: A bur #20", "France: A ruh #2", "Germany: A mun #20", "Germany: A kie #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A kie - ruh",
			"france A bur, france A ruh, germany A kie, germany A mun", "(1 vs 1)"},
		{"an Ordinary unit is a standard unit", s1902,
			[]string{"France: A bur #20", "Germany: A mun #20"},
			"France: A bur - mun",
			"france A bur, germany A mun", "(1 vs 1)"},
		{"a unit without a recorded card is a standard unit", s1902,
			[]string{"France: A bur", "Germany: A mun #20"},
			"France: A bur - mun",
			"france A bur, germany A mun", "(1 vs 1)"},
	}
	runCardCases(t, tests)
}

// TestStandardWhenNoCardActs: positions of DATC cases give the same
// results and positions under the variant's rules as under the standard
// ones when every unit is Ordinary, or in 1901 whatever the cards.
func TestStandardWhenNoCardActs(t *testing.T) {
	tests := []struct {
		name   string
		units  []string
		orders string
	}{
		{"6.D.1 supported hold can prevent dislodgement",
			[]string{"Austria: F adr", "Austria: A tri", "Italy: A ven", "Italy: A tyr"},
			"Austria: F adr S A tri - ven\nAustria: A tri - ven\nItaly: A ven H\nItaly: A tyr S A ven"},
		{"6.C.3 a disrupted three army circular movement",
			[]string{"Turkey: F ank", "Turkey: A con", "Turkey: A smy", "Turkey: A bul"},
			"Turkey: F ank - con\nTurkey: A con - smy\nTurkey: A smy - ank\nTurkey: A bul - con"},
		{"6.D.9 support to move on holding unit not allowed",
			[]string{"Italy: A ven", "Italy: A tyr", "Austria: A alb", "Austria: A tri"},
			"Italy: A ven - tri\nItaly: A tyr S A ven - tri\nAustria: A alb S A tri - ser\nAustria: A tri H"},
	}
	for _, tt := range tests {
		for _, card := range []string{"20", "2"} {
			phase := s1902
			if card != "20" {
				phase = s1901
			}
			t.Run(tt.name+" #"+card+" "+phase.Key(), func(t *testing.T) {
				var units []string
				for _, u := range tt.units {
					units = append(units, u+" #"+card)
				}
				s := cardPosition(t, phase, units...)
				orders, errs := Variant.Parser(s.Map).ParseOrders("", tt.orders)
				if len(errs) > 0 {
					t.Fatal(errs)
				}
				got := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
				std := engine.Adjudicate(s, orders, nil, nil)
				if a, b := positionOf(got.Next), positionOf(std.Next); a != b {
					t.Errorf("variant: %s\nstandard: %s", a, b)
				}
				for i := range std.Results {
					if got.Results[i].Code != std.Results[i].Code || got.Results[i].Reason != std.Results[i].Reason {
						t.Errorf("%s: variant %s %q, standard %s %q", std.Results[i].Order.Text,
							got.Results[i].Code, got.Results[i].Reason, std.Results[i].Code, std.Results[i].Reason)
					}
				}
			})
		}
	}
}

// TestStrengthByRole: the table of rulings "Double strength": which roles
// each card doubles, and rule 7's gate.
func TestStrengthByRole(t *testing.T) {
	roles := []engine.Role{engine.RoleMove, engine.RoleHold, engine.RoleDefend, engine.RolePrevent, engine.RoleSupport}
	tests := []struct {
		card  string
		phase engine.Phase
		want  [5]int
	}{
		{"1", s1902, [5]int{2, 2, 2, 2, 1}},
		{"2", s1902, [5]int{2, 2, 2, 2, 2}},
		{"20", s1902, [5]int{1, 1, 1, 1, 1}},
		{"4", s1902, [5]int{1, 1, 1, 1, 1}},
		{"2", s1901, [5]int{1, 1, 1, 1, 1}},
		{"2", engine.Phase{Year: 1901, Season: engine.Winter, Type: engine.Adjustment}, [5]int{1, 1, 1, 1, 1}},
		{"2", f1903, [5]int{2, 2, 2, 2, 2}},
		{"X5", s1902, [5]int{0, 1, 0, 0, 3}},
		{"X5", s1901, [5]int{1, 1, 1, 1, 1}},
		{"X8", s1902, [5]int{1, 1, 1, 1, 1}},
	}
	for _, tt := range tests {
		t.Run("#"+tt.card+" "+tt.phase.Key(), func(t *testing.T) {
			s := cardPosition(t, tt.phase, "France: A par #"+tt.card)
			for i, r := range roles {
				if got := strength(s, s.Units[0], r); got != tt.want[i] {
					t.Errorf("role %d: strength %d, want %d", r, got, tt.want[i])
				}
			}
		})
	}
	if got := strength(&engine.State{Phase: s1902}, engine.Unit{}, engine.RoleMove); got != 1 {
		t.Errorf("a position without the variant's data: %d", got)
	}
}

// BenchmarkAdjudicateWithCards: a Spring 1902 movement phase of the 22
// starting units with their dealt cards, every unit moving or holding,
// through the variant's hooks.
func BenchmarkAdjudicateWithCards(b *testing.B) {
	s := newGame(b, 1)
	s.Phase = s1902
	orders, errs := engine.ParseOrders(s.Map, "", `Austria: A vie - gal
Austria: A bud - ser
Austria: F tri - alb
England: F lon - nth
England: F edi - nwg
England: A lvp - yor
France: F bre - mao
France: A par - bur
France: A mar S A par - bur
Germany: F kie - den
Germany: A ber - kie
Germany: A mun - bur
Italy: F nap - ion
Italy: A rom - apu
Italy: A ven H
Russia: A mos - ukr
Russia: A war - gal
Russia: F sev - bla
Russia: F stp/sc - bot
Turkey: F ank - bla
Turkey: A con - bul
Turkey: A smy - arm`)
	if len(errs) > 0 {
		b.Fatal(errs)
	}
	b.ReportAllocs()
	for b.Loop() {
		engine.Adjudicate(s, orders, Variant.Rules, nil)
	}
}
