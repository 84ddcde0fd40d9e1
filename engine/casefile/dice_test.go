package casefile_test

import (
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
)

// diceSetup is the standard game with a rule that rolls a die after each
// movement: a 6 destroys the army in Paris.
func diceSetup(t *testing.T) *casefile.Setup {
	su := *standardSetup(t)
	su.Rules = &engine.Rules{After: func(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
		if rng.Die(6, "the fate of Paris") == 6 {
			par, _ := s.Map.Lookup("par")
			out.Next.Units = deleteAt(out.Next.Units, out.Next.UnitAt(par))
		}
	}}
	return &su
}

func deleteAt(us []engine.Unit, i int) []engine.Unit {
	if i < 0 {
		return us
	}
	return append(us[:i:i], us[i+1:]...)
}

// TestDiceBlock: a step's DICE are its rolls, in order; a case that gives
// more dice than the step rolls, or fewer, fails saying so, and DICE
// before its step's orders is a syntax error.
func TestDiceBlock(t *testing.T) {
	su := diceSetup(t)
	run := func(text string) *casefile.Report {
		t.Helper()
		f, err := casefile.Parse("d.txt", strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		return su.Run("d.txt", f.Cases[0])
	}
	head := "CASE d\nPRESTATE_SETPHASE S1901M\nPRESTATE\nFrance: A par\nORDERS\nFrance: A par H\n"
	if rep := run(head + "DICE 6\nPOSTSTATE\nEND\n"); rep.Err != nil || len(rep.Diffs) > 0 {
		t.Fatalf("a 6: %v %v", rep.Err, rep.Diffs)
	}
	if rep := run(head + "DICE 5\nPOSTSTATE\nEND\n"); rep.Err != nil || len(rep.Diffs) == 0 {
		t.Fatalf("a 5 must leave Paris standing, and the case expects none: %v %v", rep.Err, rep.Diffs)
	}
	if rep := run(head + "DICE 6 2\nPOSTSTATE\nEND\n"); rep.Err == nil || !strings.Contains(rep.Err.Error(), "rolled only 1") {
		t.Fatalf("a die too many: %v", rep.Err)
	}
	if rep := run(head + "DICE\nPOSTSTATE\nEND\n"); rep.Err == nil || !strings.Contains(rep.Err.Error(), "DICE gives 0 values") {
		t.Fatalf("an empty DICE block on a step that rolls: %v", rep.Err)
	}
	if rep := run(head + "DICE 9\nPOSTSTATE\nEND\n"); rep.Err == nil || !strings.Contains(rep.Err.Error(), "does not fit the fate of Paris") {
		t.Fatalf("a 9 on a d6: %v", rep.Err)
	}
	two := head + "DICE 6\nPOSTSTATE\nORDERS\nFrance: A par H\nDICE\nPOSTSTATE\nEND\n"
	if rep := run(two); rep.Err == nil || !strings.Contains(rep.Err.Error(), "the step rolls more: the next is the fate of Paris") {
		t.Fatalf("a step with too few dice: %v", rep.Err)
	}
	if _, err := casefile.Parse("d.txt", strings.NewReader("CASE d\nPRESTATE\nFrance: A par\nDICE 3\nORDERS\nFrance: A par H\nEND\n")); err == nil || !strings.Contains(err.Error(), "DICE comes after the ORDERS") {
		t.Fatalf("DICE before orders: %v", err)
	}
}
