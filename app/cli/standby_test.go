package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStandbyCommand: `dipdesk standby` hands France's hot-seat seat to a
// standby with a new PIN read from standard input, writes the brief
// (every French unit with its card) to a private file, and from then on
// France's secrets need the new PIN; a bad power changes nothing.
func TestStandbyCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "galt.dipdesk")
	if code, _, errs := run("new", "--variant", "character2", "--seed", "5", "--seat", "france=Ann:1111", "--out", file); code != 0 {
		t.Fatal(errs)
	}
	brief := filepath.Join(dir, "brief.txt")
	var out, errb bytes.Buffer
	c := &CLI{Stdout: &out, Stderr: &errb, Stdin: strings.NewReader("2222\n")}
	if code := c.Run([]string{"standby", file, "--power", "france", "--player", "Sam", "--pin", "--out", brief}); code != 0 {
		t.Fatalf("standby: %s", errb.String())
	}
	b, err := os.ReadFile(brief)
	if err != nil || !strings.Contains(string(b), "You now play France") || !strings.Contains(string(b), "A par  1A: ") {
		t.Fatalf("brief: %v\n%s", err, b)
	}
	if fi, _ := os.Stat(brief); fi.Mode().Perm() != 0o600 {
		t.Errorf("brief mode %v", fi.Mode().Perm())
	}
	show := func(pin string) int {
		c := &CLI{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}, Stdin: strings.NewReader(pin + "\n")}
		return c.Run([]string{"show", file, "--as", "france"})
	}
	if show("1111") == 0 || show("2222") != 0 {
		t.Fatal("France's seat does not answer to the standby's PIN alone")
	}
	if code, _, errs := run("standby", file, "--power", "spain"); code == 0 || !strings.Contains(errs, "spain") {
		t.Fatalf("a bad power: %d %s", code, errs)
	}
	if _, hist, _ := run("history", file, "--all"); strings.Count(hist, "standby") != 1 {
		t.Fatalf("history:\n%s", hist)
	}
}
