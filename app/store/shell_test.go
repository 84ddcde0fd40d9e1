package store

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// sqlBlocks returns the ```sql blocks of a Markdown file.
func sqlBlocks(t *testing.T, path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no %s: %v", path, err)
	}
	var blocks []string
	parts := strings.Split(string(b), "```sql\n")
	for _, p := range parts[1:] {
		blocks = append(blocks, p[:strings.Index(p, "```")])
	}
	return blocks
}

// TestShellQueries runs the example queries of docs/save-format.md with the
// sqlite3 shell on a save that has been through every operation (a roll
// entered, the game's end among them): the format must be readable
// without DipDesk, and every query must answer something.
func TestShellQueries(t *testing.T) {
	shell, err := exec.LookPath("sqlite3")
	if err != nil {
		t.Fatal("no sqlite3 shell: make test installs the Debian package sqlite3")
	}
	blocks := sqlBlocks(t, filepath.Join("..", "..", "docs", "save-format.md"))
	if len(blocks) < 5 {
		t.Fatalf("found %d example queries", len(blocks))
	}
	f, path := create(t)
	first := mustCurrent(t, f)
	f.SubmitOrders(first.ID, "france", []Order{order("france", "A Par - Bur")})
	second := adjudicate(t, f, "F1901M")
	f.Edit(second.ID, []byte(`{"edited":true}`), "moved a fleet")
	adjudicate(t, f, "W1901A")
	back, _ := f.Rollback(second.ID, "France mistyped")
	// A roll the game master entered, and the game's end.
	if err := f.EnterDraw(back.ID, Draw{Index: 0, Why: "the Borg's way", N: 6, Value: 2, Kind: DrawDie}); err != nil {
		t.Fatal(err)
	}
	_, err = f.AdjudicatedWith(back.ID, Adjudication{Results: results(2), Draws: []Draw{{Why: "the Borg's way", N: 6, Value: 2, Kind: DrawDie, Entered: true}},
		End: []byte(`{"winners":["france"],"points":{"france":18}}`), Next: Phase{Name: "W1901A", State: []byte("{}")}})
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, q := range blocks {
		cmd := exec.Command(shell, "-readonly", "-bail", path, q)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || stderr.Len() > 0 || len(out) == 0 {
			t.Errorf("%s\nerror %v: %s\noutput: %s", q, err, stderr.String(), out)
		}
	}
	// The documented way to edit by hand: crc = NULL.
	edit := "UPDATE seats SET player = 'Anna', crc = NULL WHERE power = 'france';"
	if out, err := exec.Command(shell, path, edit).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v %s", edit, err, out)
	}
	g, err := Open(path)
	if err != nil {
		t.Fatalf("Open after a documented hand edit: %v", err)
	}
	if s := g.Game().Seats[2]; s.Power != "france" || s.Player != "Anna" {
		t.Errorf("seat after the edit: %+v", s)
	}
	g.Close()
	// The triggers hold in the shell too.
	for _, q := range []string{"DELETE FROM audit", "UPDATE audit SET detail = ''"} {
		out, err := exec.Command(shell, path, q).CombinedOutput()
		if err == nil || !strings.Contains(string(out), "dipdesk: audit entries are never") {
			t.Errorf("%s in the shell: %v, %s", q, err, out)
		}
	}
}
