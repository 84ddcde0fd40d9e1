package character

import (
	"testing"

	"dipdesk/engine"
)

// TestMoveFirst: card X2 "moves first, and thus can enter a space in which
// a standoff would otherwise occur" (rulings "X2 Move First").
func TestMoveFirst(t *testing.T) {
	tests := []cardCase{
		{"X2 enters a space where a standoff would occur", s1902,
			[]string{"France: A bur #X2", "Germany: A mun #20"},
			"France: A bur - ruh\nGermany: A mun - ruh",
			"france A ruh, germany A mun", ""},
		{"the X2 move is reported first whatever the order of the orders", s1902,
			[]string{"France: A bur #X2", "Germany: A mun #20"},
			"Germany: A mun - ruh\nFrance: A bur - ruh",
			"france A ruh, germany A mun", "moved to Ruhr"},
		{"rule 7: in 1901 the standoff stands", s1901,
			[]string{"France: A bur #X2", "Germany: A mun #20"},
			"France: A bur - ruh\nGermany: A mun - ruh",
			"france A bur, germany A mun", "bounced"},
		{"an ordinary unit stands off as usual", s1902,
			[]string{"France: A bur #20", "Germany: A mun #20"},
			"France: A bur - ruh\nGermany: A mun - ruh",
			"france A bur, germany A mun", "bounced"},
		{"a supported attack in the second step dislodges the X2 unit", s1902,
			[]string{"France: A bur #X2", "Germany: A mun #20", "Germany: A kie #20"},
			"France: A bur - ruh\nGermany: A mun - ruh\nGermany: A kie S A mun - ruh",
			"germany A kie, germany A ruh, *france A ruh", ""},
		{"the occupant has not left yet when X2 moves", s1902,
			[]string{"France: A bur #X2", "Germany: A mun #20"},
			"France: A bur - mun\nGermany: A mun - ruh",
			"france A bur, germany A ruh", "bounced"},
		{"a support for the X2 move is judged in the first step", s1902,
			[]string{"France: A bur #X2", "France: A pic #20", "Germany: A par #20", "Germany: A gas #20"},
			"France: A bur - par\nFrance: A pic S A bur - par\nGermany: A gas - pic",
			"france A par, france A pic, germany A gas, *germany A par", ""},
		{"a support to hold the attacked unit counts in the first step", s1902,
			[]string{"France: A bur #X2", "France: A pic #20", "Germany: A par #20", "Germany: A gas #20"},
			"France: A bur - par\nFrance: A pic S A bur - par\nGermany: A gas S A par",
			"france A bur, france A pic, germany A gas, germany A par", "bounced"},
		{"two X2 units stand off with each other in the first step", s1902,
			[]string{"France: A bur #X2", "Germany: A mun #X2"},
			"France: A bur - ruh\nGermany: A mun - ruh",
			"france A bur, germany A mun", "bounced"},
		{"X2 holding is an ordinary hold", s1902,
			[]string{"France: A bur #X2", "Germany: A mun #20", "Germany: A ruh #20"},
			"France: A bur H\nGermany: A mun - bur\nGermany: A ruh S A mun - bur",
			"germany A bur, germany A ruh, *france A bur", ""},
	}
	runCardCases(t, tests)
}

// TestMoveFirstSteps checks the split itself: which orders the first step
// holds.
func TestMoveFirstSteps(t *testing.T) {
	s := cardPosition(t, s1902, "France: A bur #X2", "France: A pic #20", "Germany: A par #20", "Germany: A gas #20", "Italy: A ven #20")
	orders, errs := Variant.Parser(s.Map).ParseOrders("", "France: A bur - par\nFrance: A pic S A bur - par\nGermany: A gas S A par\nItaly: A ven - tyr")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	steps := moveFirstSequence(s, orders)
	if len(steps) != 2 || len(steps[0]) != 3 || len(steps[1]) != 1 {
		t.Fatalf("steps %v, want the X2 move, its support and the support to hold first, then the Italian move", steps)
	}
	s.Phase = s1901
	if steps := moveFirstSequence(s, orders); len(steps) != 1 {
		t.Errorf("1901: %d steps, want one (rule 7)", len(steps))
	}
}

// TestMoveFirstDislodgedInFirstStep: a unit dislodged by the Move First
// unit in the first step has one result, and its order for the second step
// is not judged (it is off the board).
func TestMoveFirstDislodgedInFirstStep(t *testing.T) {
	s := cardPosition(t, s1902, "France: A bur #X2", "France: A pic #20", "Germany: A par #20")
	orders, errs := Variant.Parser(s.Map).ParseOrders("", "France: A bur - par\nFrance: A pic S A bur - par\nGermany: A par - bre")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if got := positionOf(out.Next); got != "france A par, france A pic, *germany A par" {
		t.Errorf("after: %s", got)
	}
	n := 0
	for _, r := range out.Results {
		t.Logf("%s: %s %s", r.Order.Text, r.Code, r.Reason)
		if r.Unit.Power == "germany" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d results for the German army, want one", n)
	}
}
