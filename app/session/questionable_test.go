package session

import (
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/engine"
)

// questionableStep creates a Questionable game with the dice entered and
// the given character_reports option, and plays its first characters'
// step: Germany's Embezzler steals Russia's A war (a 2), England's Briber
// is caught on Russia's F stp/sc (a 6).
func questionableStep(t *testing.T, reports string) (*Game, PhaseState) {
	t.Helper()
	g, err := Create(filepath.Join(t.TempDir(), "q.dipdesk"), Options{Variant: "questionable", Seed: 4, Now: fixedClock(),
		Options: map[string]string{OptionDice: DiceEntered, "character_reports": reports}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	const step = "S1901.characters"
	submitLines(t, g, step, "Germany: embezzle A war\nEngland: bribe F stp/sc - bot")
	for i, v := range []int{2, 6} {
		if err := g.EnterDraw(step, i, v); err != nil {
			t.Fatal(err)
		}
	}
	if _, next, err := g.Process(step); err != nil || next.Phase.Name != "S1901M" {
		t.Fatalf("process: %v", err)
	}
	ps, err := g.Phase(step)
	if err != nil {
		t.Fatal(err)
	}
	return g, ps
}

// TestQuestionablePrivateDice: with character_reports private a country
// reads only the results of its own characters and of those acting on its
// units, and no die of the step, whose reasons name every character that
// rolled ("Germany's Embezzler on Russia's A war"): France's report, which
// listed every die, named Germany's theft and England's bribe. A country
// reading every result (Russia, the target of both) reads the dice; with
// public reports everyone does.
func TestQuestionablePrivateDice(t *testing.T) {
	g, ps := questionableStep(t, "private")
	for _, c := range []struct {
		seat      engine.Seat
		want, not []string
		dice      int
	}{
		{engine.Seat{Power: "france"}, nil, []string{"Embezzler", "Briber", "embezzle", "bribe", "Draws:"}, 0},
		{engine.Seat{}, nil, []string{"Embezzler", "Briber", "embezzle", "bribe", "Draws:"}, 0},
		{engine.Seat{Power: "germany"}, []string{"rolled 2: stole Russia's A war"}, []string{"Briber", "bribe", "Draws:"}, 0},
		{engine.Seat{Power: "england"}, []string{"rolled 6: caught"}, []string{"Embezzler", "embezzle", "Draws:"}, 0},
		{engine.Seat{Power: "russia"}, []string{"rolled 2: stole Russia's A war", "rolled 6: caught",
			"1. Germany's Embezzler on Russia's A war", "2. England's Briber on Russia's F stp/sc"}, nil, 2},
		{engine.Seat{GM: true}, []string{"1. Germany's Embezzler on Russia's A war", "2. England's Briber"}, nil, 2},
	} {
		text, err := g.Report("S1901.characters", c.seat)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%v's report lacks %q:\n%s", c.seat, w, text)
			}
		}
		for _, w := range c.not {
			if strings.Contains(text, w) {
				t.Errorf("%v's report says %q:\n%s", c.seat, w, text)
			}
		}
		if d, err := g.SeatDraws(ps, c.seat); err != nil || len(d) != c.dice {
			t.Errorf("%v reads %d draws (%v), want %d", c.seat, len(d), err, c.dice)
		}
	}

	g, ps = questionableStep(t, "public")
	text, err := g.Report("S1901.characters", engine.Seat{Power: "france"})
	if err != nil || !strings.Contains(text, "1. Germany's Embezzler on Russia's A war (1-3 succeeds, 6 caught): rolled 2 on a d6 (entered by the game master)") ||
		!strings.Contains(text, "rolled 6: caught") {
		t.Errorf("France's report with public character reports: %v\n%s", err, text)
	}
	if d, _ := g.SeatDraws(ps, engine.Seat{}); len(d) != 2 {
		t.Errorf("the public reads %d draws with public character reports", len(d))
	}
}
