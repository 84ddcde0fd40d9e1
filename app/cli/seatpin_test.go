package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runIn(stdin string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	c := &CLI{Stdout: &out, Stderr: &errb, Stdin: strings.NewReader(stdin)}
	code := c.Run(args)
	return code, out.String(), errb.String()
}

// TestSeatPINAsked: show --as, report --for and render --as of a seat
// with a PIN ask for it and refuse a wrong or missing one; the public and
// seats without PINs are shown as before.
func TestSeatPINAsked(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "pins.dipdesk")
	if code, _, errs := run("new", "--seed", "7", "--out", save, "--seat", "france:2468", "--seat", "germany", "--seat", "england"); code != 0 {
		t.Fatalf("new: %s", errs)
	}
	png := filepath.Join(dir, "b.png")
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		ok    bool
	}{
		{"show without PIN", "", []string{"show", save, "--as", "france"}, false},
		{"show wrong PIN", "1111\n", []string{"show", save, "--as", "france"}, false},
		{"show right PIN", "2468\n", []string{"show", save, "--as", "france"}, true},
		{"report wrong PIN", "9\n", []string{"report", save, "--for", "france"}, false},
		{"report right PIN", "2468", []string{"report", save, "--seat", "france"}, true},
		{"render wrong PIN", "0\n", []string{"render", save, "--as", "france", "--out", png}, false},
		{"render right PIN", "2468\n", []string{"render", save, "--as", "france", "--out", png}, true},
		{"seat without a PIN", "", []string{"show", save, "--as", "germany"}, true},
		{"public", "", []string{"report", save}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(png)
			code, out, errs := runIn(tc.stdin, tc.args...)
			if (code == 0) != tc.ok {
				t.Fatalf("exit %d, out %q, err %q", code, out, errs)
			}
			if !tc.ok {
				if out != "" || !strings.Contains(errs, "France's seat") {
					t.Errorf("refusal printed %q / %q", out, errs)
				}
				if _, err := os.Stat(png); err == nil {
					t.Error("a picture written for a wrong PIN")
				}
			}
		})
	}
	code, out, _ := run("show", save, "--as", "gm")
	if code != 0 || !strings.Contains(out, "Seed: 7") {
		t.Errorf("the game master's show: exit %d\n%s", code, out)
	}
	if _, out, _ := runIn("2468\n", "show", save, "--as", "france"); strings.Contains(out, "Seed") {
		t.Errorf("a power's show names the seed:\n%s", out)
	}
}
