package cli

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// TestProcessStatesItsPhase: "process" adjudicates only the phase it
// names, so a second run for the same phase is refused instead of
// adjudicating the next one with no orders; without --phase it says
// which phase is current and changes nothing.
func TestProcessStatesItsPhase(t *testing.T) {
	file := filepath.Join(t.TempDir(), "g.dipdesk")
	if code, _, errs := run("new", "--seed", "5", "--out", file); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := run("process", file); code != 2 || !strings.Contains(errs, "--phase S1901M, the current phase") {
		t.Errorf("process without --phase: %d %q", code, errs)
	}
	if code, out, errs := run("process", file, "--phase", "S1901M"); code != 0 || !strings.Contains(out, "now Fall 1901 Movement") {
		t.Fatalf("process S1901M: %d %s %s", code, out, errs)
	}
	code, _, errs := run("process", file, "--phase", "S1901M")
	if code != 1 || !strings.Contains(errs, "S1901M is not the current phase (the game is at F1901M); nothing was changed") {
		t.Errorf("process S1901M again: %d %q", code, errs)
	}
	if got := phaseOf(t, file); got != "F1901M" {
		t.Errorf("after two runs for S1901M the game is at %s", got)
	}
}

// TestProcessTwiceAtOnce: two "dipdesk process --phase S1901M" processes
// started together, or one a little after the other, on one file:
// exactly one adjudicates (the other finds the file locked, or the phase
// past), whatever their timing. Before, about one pair in five started
// together adjudicated two phases, and every pair started apart did.
func TestProcessTwiceAtOnce(t *testing.T) {
	for trial, delay := range []time.Duration{0, 0, 0, 5, 20, 60, 150} {
		file := filepath.Join(t.TempDir(), "g.dipdesk")
		if code, _, errs := run("new", "--seed", "5", "--out", file); code != 0 {
			t.Fatal(errs)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok := 0
		var outs []string
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				time.Sleep(time.Duration(i) * delay * time.Millisecond)
				out, err := dipdesk(t, nil, "process", file, "--phase", "S1901M")
				mu.Lock()
				defer mu.Unlock()
				outs = append(outs, out)
				if err == nil {
					ok++
				} else if !strings.Contains(out, "not the current phase") && !strings.Contains(out, "open elsewhere") {
					t.Errorf("trial %d: a refused process says: %s", trial, out)
				}
			}()
		}
		wg.Wait()
		if ok != 1 || phaseOf(t, file) != "F1901M" {
			t.Fatalf("trial %d: %d processes adjudicated, the game is at %s:\n%s", trial, ok, phaseOf(t, file), strings.Join(outs, "\n---\n"))
		}
	}
}

// TestOrdersStateTheirPhase: orders name the phase they are for, and are
// refused once it has been adjudicated (never filed under the next).
func TestOrdersStateTheirPhase(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.dipdesk")
	if code, _, errs := run("new", "--seed", "5", "--out", file); code != 0 {
		t.Fatal(errs)
	}
	orders := filepath.Join(dir, "france.txt")
	os.WriteFile(orders, []byte("A par - bur\n"), 0o644)
	if code, _, errs := run("orders", file, "--power", "france", orders); code != 2 || !strings.Contains(errs, "--phase S1901M") {
		t.Errorf("orders without --phase: %d %q", code, errs)
	}
	if code, out, errs := run("orders", file, "--phase", "S1901M", "--power", "france", orders); code != 0 || !strings.Contains(out, "1 order stored for S1901M") {
		t.Fatalf("orders: %d %s %s", code, out, errs)
	}
	if code, _, errs := run("process", file, "--phase", "S1901M"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := run("orders", file, "--phase", "S1901M", "--power", "france", orders); code != 1 || !strings.Contains(errs, "not the current phase") {
		t.Errorf("orders for a past phase: %d %q", code, errs)
	}
	if got := pendingOf(t, file, "france"); len(got) != 0 {
		t.Errorf("orders for S1901M were filed under F1901M: %v", got)
	}
}

// pendingOf returns power's orders in force in the current phase.
func pendingOf(t *testing.T, file string, power engine.Power) []string {
	t.Helper()
	g, err := session.OpenReadOnly(file)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	v, err := g.View(engine.Seat{Power: power}, "")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, o := range v.Pending {
		out = append(out, o.Format(g.Map()))
	}
	sort.Strings(out)
	return out
}

// TestOrdersFileAsMailed: orders saved by a mail client or an editor are
// read as written: a UTF-8 byte-order mark, UTF-16 with or without one,
// CR LF line ends. A file of more than 1 MiB, or one nothing of which can
// be read, is refused and the power's earlier orders stay.
func TestOrdersFileAsMailed(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.dipdesk")
	if code, _, errs := run("new", "--seed", "5", "--out", file); code != 0 {
		t.Fatal(errs)
	}
	text := "A par - bur\r\nA mar - spa\r\nF bre - mao\r\n"
	utf16le := func(s string, bom bool) []byte {
		var b bytes.Buffer
		if bom {
			b.Write([]byte{0xFF, 0xFE})
		}
		binary.Write(&b, binary.LittleEndian, utf16.Encode([]rune(s)))
		return b.Bytes()
	}
	utf16be := func(s string) []byte {
		b := []byte{0xFE, 0xFF}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u>>8), byte(u))
		}
		return b
	}
	want := []string{"A mar - spa", "A par - bur", "F bre - mao"}
	for name, content := range map[string][]byte{
		"utf-8 with a BOM":   append([]byte{0xEF, 0xBB, 0xBF}, text...),
		"utf-16le with BOM":  utf16le(text, true),
		"utf-16le, no BOM":   utf16le(text, false),
		"utf-16be with BOM":  utf16be(text),
		"old Mac line ends":  []byte(strings.ReplaceAll(text, "\r\n", "\r")),
		"plain utf-8 (Café)": []byte("# Café\n" + text),
	} {
		f := filepath.Join(dir, "orders.txt")
		os.WriteFile(f, content, 0o644)
		run("orders", file, "--phase", "S1901M", "--power", "france", "/dev/null") // clear
		code, out, errs := run("orders", file, "--phase", "S1901M", "--power", "france", f)
		got := pendingOf(t, file, "france")
		if code != 0 || strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: exit %d, stored %v\n%s%s", name, code, got, out, errs)
		}
	}
	// Refused files change nothing.
	big := filepath.Join(dir, "big.txt")
	os.WriteFile(big, bytes.Repeat([]byte("A par H\n"), (1<<20)/8+1), 0o644)
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("A par - Bugundy\nplease hold everything\n"), 0o644)
	latin1 := filepath.Join(dir, "latin1.txt")
	os.WriteFile(latin1, []byte("A par - bur\n# caf\xe9\n"), 0o644)
	for _, c := range []struct{ file, err string }{
		{big, "more than 1 MiB"},
		{bad, "no order could be read; the earlier orders are kept"},
		{latin1, "line 2 is not UTF-8 text"},
	} {
		code, _, errs := run("orders", file, "--phase", "S1901M", "--power", "france", c.file)
		if code != 1 || !strings.Contains(errs, c.err) {
			t.Errorf("%s: exit %d, %q, want %q", filepath.Base(c.file), code, errs, c.err)
		}
		if got := pendingOf(t, file, "france"); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s changed France's orders to %v", filepath.Base(c.file), got)
		}
	}
	if _, _, errs := run("orders", file, "--phase", "S1901M", "--power", "france", bad); !strings.Contains(errs, `line 1: no province "Bugundy"`) {
		t.Errorf("the refused file's lines are not reported: %q", errs)
	}
}

// TestKilledNewLeavesNothing: "dipdesk new" processes killed at random
// moments of writing leave at most hidden temporary files, and the next
// "new" in the folder removes them. Before, they stayed for good.
func TestKilledNewLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	leftovers := func() []string {
		var out []string
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), ".creating-") {
				out = append(out, e.Name())
			}
		}
		return out
	}
	seen := 0
	for i := range 30 {
		b, _ := json.Marshal([]string{"new", "--seed", "1", "--variant", "character", "--out", filepath.Join(dir, fmt.Sprintf("g%d.dipdesk", i))})
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "DIPDESK_CLI_ARGS="+string(b))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(i%10) * 2 * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
		seen = max(seen, len(leftovers()))
	}
	t.Logf("killed creations left up to %d temporary files", seen)
	if code, _, errs := run("new", "--seed", "1", "--out", filepath.Join(dir, "last.dipdesk")); code != 0 {
		t.Fatal(errs)
	}
	if left := leftovers(); len(left) > 0 {
		t.Errorf("after a new creation, still there: %v", left)
	}
}

// TestNewKeepsSeedOffSharedScreens: the seed alone recreates the deal
// and every draw, so "new" does not print a seed it picked itself for a
// hot-seat game (seats with PINs, no game master), and the audit trail,
// which history and the window show, does not hold it; it stays in the
// file for the game master. A game master's game still shows it.
func TestNewKeepsSeedOffSharedScreens(t *testing.T) {
	dir := t.TempDir()
	newGame := func(file string, args ...string) string {
		var out, errb bytes.Buffer
		c := &CLI{Stdout: &out, Stderr: &errb, Stdin: strings.NewReader(""), Seed: func() uint64 { return 987654321 }}
		if code := c.Run(append([]string{"new", "--out", file}, args...)); code != 0 {
			t.Fatalf("new: %s", errb.String())
		}
		return out.String()
	}
	hot := filepath.Join(dir, "hot.dipdesk")
	out := newGame(hot, "--seat", "france=Ann:1234", "--seat", "england=Bob:4321")
	if strings.Contains(out, "987654321") || !strings.Contains(out, "the seed is kept in the file, not shown") {
		t.Errorf("a hot-seat game's new:\n%s", out)
	}
	if _, out, _ := run("history", hot, "--all"); strings.Contains(out, "987654321") || !strings.Contains(out, "created a standard game") {
		t.Errorf("history --all shows the seed:\n%s", out)
	}
	g, err := session.OpenReadOnly(hot)
	if err != nil {
		t.Fatal(err)
	}
	if g.Info().Seed != 987654321 {
		t.Errorf("the seed in the file: %d", g.Info().Seed)
	}
	g.Close()
	if out := newGame(filepath.Join(dir, "gm.dipdesk")); !strings.Contains(out, "seed 987654321") {
		t.Errorf("a game master's game does not show its seed:\n%s", out)
	}
}
