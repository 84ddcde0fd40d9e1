package cli

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"dipdesk/app/session"
)

func run(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	c := &CLI{Stdout: &out, Stderr: &errb, Stdin: strings.NewReader("")}
	code := c.Run(args)
	return code, out.String(), errb.String()
}

func TestHelpListsCommands(t *testing.T) {
	code, out, _ := run("help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, cmd := range commands() {
		if !strings.Contains(out, cmd.usage) {
			t.Errorf("help lacks %q", cmd.usage)
		}
	}
	if code, _, errs := run("frobnicate"); code != 2 || !strings.Contains(errs, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: exit %d, %q", code, errs)
	}
}

func TestCasesDATC(t *testing.T) {
	files, _ := filepath.Glob("../../engine/testdata/datc/*.txt")
	code, out, errs := run(append([]string{"cases"}, files...)...)
	if code != 0 || !strings.HasSuffix(out, "cases: 164 passed, 0 failed\n") {
		t.Fatalf("exit %d, stderr %q, output tail %q", code, errs, tail(out))
	}
}

func TestCasesReportsFailure(t *testing.T) {
	code, out, _ := run("cases", "testdata/failing.txt")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	want := "FAIL testdata/failing.txt:2 deliberately wrong: expected unit Germany A mun, missing; unexpected unit Germany A bur\ncases: 0 passed, 1 failed\n"
	if out != want {
		t.Errorf("output\n%s\nwant\n%s", out, want)
	}
	if code, _, errs := run("cases", "testdata/nonexistent.txt"); code != 1 || !strings.Contains(errs, "testdata/nonexistent.txt: no such file") {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
}

func TestAdjudicate(t *testing.T) {
	code, out, errs := run("adjudicate", "testdata/position.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"ok   Germany: A mun - bur",
		"dislodging A bur (2 vs 1)",
		"France: A pic - bel",
		"Position, Fall 1901 Retreat (F1901R):",
		"dislodged France: A bur (may retreat to gas, mar, par, pic)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func tail(s string) string {
	if len(s) > 400 {
		return s[len(s)-400:]
	}
	return s
}

func TestNewWithSeats(t *testing.T) {
	file := filepath.Join(t.TempDir(), "g.dipdesk")
	code, out, errs := run("new", "--seed", "3", "--seat", "france=Ann:1234", "--seat", "england", "--out", file)
	if code != 0 || !strings.Contains(out, "seed 3") {
		t.Fatalf("new: %d %s %s", code, out, errs)
	}
	// Naming two players gives the other five powers their seats too.
	g, err := session.OpenReadOnly(file)
	if err != nil {
		t.Fatal(err)
	}
	var sat []string
	for _, st := range g.Info().Seats {
		sat = append(sat, st.Power+"="+st.Player)
	}
	g.Close()
	if len(sat) != 7 || sat[0] != "france=Ann" || !slices.Contains(sat, "england=") || !slices.Contains(sat, "turkey=") {
		t.Errorf("the seats: %v", sat)
	}
	gm := filepath.Join(t.TempDir(), "gm.dipdesk")
	if code, _, errs := run("new", "--seat", "gm", "--out", gm); code != 0 {
		t.Fatal(errs)
	}
	if g, err := session.OpenReadOnly(gm); err != nil || len(g.Info().Seats) != 1 {
		t.Errorf("the game master's game has seats %v (%v)", g.Info().Seats, err)
	} else {
		g.Close()
	}
	if code, _, errs := run("new", "--seat", "narnia", "--out", filepath.Join(t.TempDir(), "h.dipdesk")); code == 0 || !strings.Contains(errs, `unknown power "narnia"`) {
		t.Errorf("bad seat accepted: %s", errs)
	}
	if code, _, errs := run("new", "--out", file); code == 0 || !strings.Contains(errs, "exists") {
		t.Errorf("new over an existing file: %d %s", code, errs)
	}
	if code, _, errs := run("orders", file, "--phase", "S1901M", "--power", "france", "testdata/nonexistent.txt"); code == 0 || !strings.Contains(errs, "no such file") {
		t.Errorf("orders from a missing file: %s", errs)
	}
	if code, _, errs := run("show", file, "--phase", "F1905M"); code == 0 || !strings.Contains(errs, "no such phase F1905M") {
		t.Errorf("show of a phase not played: %s", errs)
	}
	if code, _, errs := run("process", "testdata/position.txt", "--phase", "S1901M"); code == 0 || !strings.Contains(errs, "not a DipDesk save file") {
		t.Errorf("process of a text file: %s", errs)
	}
}

// TestHistoryAuditWords: history --all words an edit by its note, as the
// window does, not as the record the file keeps (the position before it).
func TestHistoryAuditWords(t *testing.T) {
	file := filepath.Join(t.TempDir(), "g.dipdesk")
	if code, _, errs := run("new", "--seed", "2", "--out", file); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := run("edit", file, "--phase", "S1901M", "add", "germany", "A", "sil"); code != 0 {
		t.Fatal(errs)
	}
	if _, _, errs := run("edit", file, "--phase", "S1901M", "remove", "boh"); errs != "edit: no unit in Bohemia\n" {
		t.Errorf("a refused edit says %q", errs)
	}
	_, out, _ := run("history", file, "--all")
	if !strings.Contains(out, "edit       S1901M  added Germany A sil\n") || strings.Contains(out, `{"note"`) {
		t.Errorf("history --all:\n%s", out)
	}
}
