package store

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// lockChildEnv makes the test binary a child process that tries Open.
const lockChildEnv = "DIPDESK_STORE_TRY_OPEN"

func TestLock(t *testing.T) {
	f, path := create(t)
	cur := mustCurrent(t, f)

	_, err := Open(path)
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "store: game.dipdesk: file is open elsewhere") {
		t.Fatalf("second Open in this process: %v", err)
	}
	if out, code := tryOpenInChild(t, path); code != 3 || !strings.Contains(out, "open elsewhere") {
		t.Fatalf("Open in another process: exit %d, %s", code, out)
	}

	// Review works while the game is open for writing, and follows it.
	ro, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	next := adjudicate(t, f, "F1901M")
	if p := mustCurrent(t, ro); p.ID != next.ID {
		t.Errorf("reader sees %s, want %s", short(p), short(next))
	}
	ro.Close()
	// Closing the reader must leave the writer (and its SQLite locks) alone.
	if err := f.SubmitOrders(next.ID, "france", []Order{order("france", "A Par H")}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Phase(cur.ID); err != nil {
		t.Fatal(err)
	}

	f.Close()
	g, err := Open(path)
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	g.Close()
	if out, code := tryOpenInChild(t, path); code != 0 {
		t.Fatalf("Open in another process after Close: exit %d, %s", code, out)
	}
}

// tryOpenInChild runs lockChild in a new process and returns its
// output and exit code (3: ErrLocked).
func tryOpenInChild(t *testing.T, path string) (string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), lockChildEnv+"="+path)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return string(out), exit.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(out), 0
}

// lockChild is the child of TestLock (see TestMain): it opens path and
// exits 3 when the file is locked, printing the error.
func lockChild(path string) int {
	f, err := Open(path)
	if errors.Is(err, ErrLocked) {
		os.Stdout.WriteString(err.Error() + "\n")
		return 3
	}
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	f.Close()
	return 0
}

func TestReadOnlyLeavesNoTrace(t *testing.T) {
	f, path := create(t)
	adjudicate(t, f, "F1901M")
	f.Close()
	dir := strings.TrimSuffix(path, "game.dipdesk")
	before := listing(t, dir)
	data, _ := os.ReadFile(path)
	ro, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ro.Phases(true); err != nil {
		t.Fatal(err)
	}
	if after := listing(t, dir); len(after) != len(before) {
		t.Errorf("OpenReadOnly created files: %v", after)
	}
	// A writer arrives: the reader switches to following it.
	w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	next := adjudicate(t, w, "W1901A")
	if p := mustCurrent(t, ro); p.ID != next.ID {
		t.Errorf("reader sees %s, want %s", short(p), short(next))
	}
	ro.Close()
	w.Close()
	if after := listing(t, dir); len(after) != len(before) {
		t.Errorf("files left after closing: %v", after)
	}
	if now, _ := os.ReadFile(path); len(now) < len(data) {
		t.Errorf("file shrank")
	}
}

// TestReadOnlyFollowsAWriterThatCameAndWent: a review opened while no one
// writes (an immutable snapshot) sees what a writer that opened, wrote
// and closed in between committed, however often that happens. Before,
// it stayed on the old state for good: the writer's -wal was gone by the
// time the reader looked.
func TestReadOnlyFollowsAWriterThatCameAndWent(t *testing.T) {
	f, path := create(t)
	f.Close()
	ro, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if p := mustCurrent(t, ro); p.Name != "S1901M" {
		t.Fatalf("reader starts at %s", short(p))
	}
	for _, next := range []string{"F1901M", "W1901A", "S1902M"} {
		w, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		want := adjudicate(t, w, next)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if walExists(path) {
			t.Fatalf("the writer left its -wal: the test no longer tests a writer that came and went")
		}
		if p := mustCurrent(t, ro); p.ID != want.ID {
			t.Errorf("after a writer came and went the reader sees %s, want %s", short(p), short(want))
		}
		phases, err := ro.Phases(false)
		if err != nil || len(phases) != int(want.Seq)+1 {
			t.Errorf("the reader lists %d phases (%v), want %d", len(phases), err, want.Seq+1)
		}
	}
}
