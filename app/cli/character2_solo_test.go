package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestCharacter2SoloFromTheCommandLine plays Character Diplomacy II from
// the deal to a win with the game master's commands only: France greedy,
// the others holding. The cards act from Spring 1901; a retreat phase
// follows every turn and a Winter every year (the Retreater's voluntary
// retreats, rule 6's voluntary disbands), each processed like any other
// phase; builds are dealt Tarot cards. The win is rule 9's: a majority of
// the centres that exist.
func TestCharacter2SoloFromTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "character2-solo.dipdesk")
	if code, _, errs := run("new", "--variant", "character2", "--seed", "11", "--out", file); code != 0 {
		t.Fatalf("new: %s", errs)
	}
	// At the deal France's view shows its own three Tarot cards and no
	// other power's; the game master's shows all 22.
	_, start, _ := run("show", file, "--as", "france")
	_, gmStart, _ := run("show", file, "--as", "gm")
	if n := strings.Count(start, "[#"); n != 3 {
		t.Errorf("France sees %d cards at the deal, want its 3:\n%s", n, start)
	}
	if n := strings.Count(gmStart, "[#"); n != 22 {
		t.Errorf("the game master sees %d cards at the deal, want 22:\n%s", n, gmStart)
	}
	if !playGreedyFrance(t, file, 500, nil) {
		t.Fatal("France did not win")
	}
	// At the end of the game every card is revealed (Rules Clarifications:
	// "I will reveal them all at the end of the game").
	code, out, _ := run("show", file, "--as", "germany")
	if code != 0 {
		t.Fatal("show --as germany failed")
	}
	units := 0
	for _, l := range strings.Split(out, "\n") {
		name, _, ok := strings.Cut(strings.TrimSpace(l), ": ")
		if !ok || !strings.HasPrefix(l, "  ") || strings.Contains(name, " ") {
			continue
		}
		units++
		if !strings.Contains(l, "[#") || !strings.Contains(l, "revealed") {
			t.Errorf("Germany's final view does not show this unit's card: %q", l)
		}
	}
	if units < 18 {
		t.Errorf("Germany's final view lists %d units:\n%s", units, out)
	}
}
