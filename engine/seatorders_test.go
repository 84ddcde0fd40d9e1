package engine

import (
	"reflect"
	"strings"
	"testing"
)

// seatParser knows two seat orders and one unit special.
func seatParser(m *Map) *Parser {
	return &Parser{Map: m, Specials: []SpecialSyntax{
		{Verb: "bribe", Name: "bribe", Seat: true},
		{Verb: "vote for", Name: "vote", Seat: true},
		{Verb: "annihilate", Name: "annihilate"},
	}}
}

// TestParseSeatOrders: a line that begins with a seat order's verb is an
// order of the seat, with no unit, its words as arguments; a unit's
// special still needs its unit; Format writes the seat order back.
func TestParseSeatOrders(t *testing.T) {
	m := standardMap(t)
	p := seatParser(m)
	orders, errs := p.ParseOrders("jester", "Bribe A war - gal\nvote for lon - par\nA par annihilate bur\nItaly: bribe F tri - alb")
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	want := []struct {
		power   Power
		special string
		args    []string
		seat    bool
		text    string
	}{
		{"jester", "bribe", []string{"a", "war", "-", "gal"}, true, "bribe a war - gal"},
		{"jester", "vote", []string{"lon", "-", "par"}, true, "vote lon - par"},
		{"jester", "annihilate", []string{"bur"}, false, "A par annihilate bur"},
		{"italy", "bribe", []string{"f", "tri", "-", "alb"}, true, "bribe f tri - alb"},
	}
	for i, w := range want {
		o := orders[i]
		if o.Power != w.power || o.Kind != Special || o.Special != w.special || !reflect.DeepEqual(o.Args, w.args) || o.SeatOrder() != w.seat {
			t.Errorf("order %d: %+v", i, o)
		}
		if got := o.Format(m); got != w.text {
			t.Errorf("order %d: Format %q, want %q", i, got, w.text)
		}
	}
	if _, err := p.ParseOrder("jester", "annihilate bur"); err == nil {
		t.Error("a unit's special without a unit parsed")
	}
}

// TestAdjudicateSeatOrders: seat orders reach the hooks, never the
// standard adjudicators (no "no unit" result); one no hook judged gets a
// result saying the phase has no such order; one a hook judged is not
// reported twice.
func TestAdjudicateSeatOrders(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	orders, errs := seatParser(m).ParseOrders("jester", "bribe A war - gal\nvote for lon - par\nFrance: A par - bur")
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	var seen []string
	r := &Rules{
		Rewrite: func(s *State, orders []Order, rng *Rand) ([]Order, []string) {
			for _, o := range orders {
				if o.SeatOrder() {
					seen = append(seen, o.Special)
				}
			}
			return orders, nil
		},
		After: func(s *State, out *Outcome, rng *Rand) {
			out.Results = append(out.Results, Result{Order: orders[0], OK: true, Reason: "bribed"})
		},
	}
	out := Adjudicate(s, orders, r, NewRand(1))
	if !reflect.DeepEqual(seen, []string{"bribe", "vote"}) {
		t.Fatalf("the Rewrite hook saw %v", seen)
	}
	var bribe, vote, par int
	for _, res := range out.Results {
		switch {
		case res.Code == NoUnit:
			t.Fatalf("a seat order reached the adjudicator: %+v", res)
		case res.Order.Special == "bribe":
			bribe++
		case res.Order.Special == "vote":
			vote++
			if res.Code != Illegal || !strings.Contains(res.Reason, `no "vote" order`) {
				t.Fatalf("unjudged vote: %+v", res)
			}
		case res.Order.Kind == Move:
			par++
		}
	}
	if bribe != 1 || vote != 1 || par != 1 {
		t.Fatalf("results: %d bribe, %d vote, %d move: %+v", bribe, vote, par, out.Results)
	}
}
