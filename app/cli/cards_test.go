package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestReportCardsNeedsCards: `report --cards` is Character Diplomacy's
// private form (rules 5.a, 15); a game without cards says so, and the
// public seat is refused (the form is private, rule 3).
func TestReportCardsNeedsCards(t *testing.T) {
	file := filepath.Join(t.TempDir(), "g.dipdesk")
	if code, _, errs := run("new", "--seed", "7", "--out", file); code != 0 {
		t.Fatalf("new: %s", errs)
	}
	if code, _, errs := run("report", file, "--seat", "france", "--cards"); code == 0 || !strings.Contains(errs, "no character cards") {
		t.Errorf("--cards on a standard game: exit %d, %q", code, errs)
	}
	if code, _, errs := run("report", file, "--cards"); code == 0 || !strings.Contains(errs, "private") {
		t.Errorf("--cards for the public: exit %d, %q", code, errs)
	}
}
