package store

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSaveReadableByOwnerOnly: a save holds every card, hidden unit, the
// deck in order and the seed, so it is created readable and writable by
// its owner only, whatever the umask, and so are the -wal and -shm files
// SQLite makes beside it. Before, it was made 0644.
func TestSaveReadableByOwnerOnly(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	f, path := create(t)
	adjudicate(t, f, "F1901M") // the writer has its -wal and -shm now
	for _, name := range []string{path, path + "-wal", path + "-shm"} {
		st, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s is %v, want -rw-------", filepath.Base(name), st.Mode().Perm())
		}
	}
}

// TestCreateCleansKilledCreations: the hidden temporary files a creation
// killed half-way left (".g.dipdesk.creating-123" and its -wal) are
// removed by the next creation in the folder; a creation still running
// (its file locked) is left alone, and so is everything else. Before,
// they stayed for good.
func TestCreateCleansKilledCreations(t *testing.T) {
	dir := t.TempDir()
	write := func(name string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("SQLite format 3\x00 half a file"), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	dead := write(".g.dipdesk.creating-123")
	deadWAL := write(".g.dipdesk.creating-123-wal")
	orphan := write(".h.dipdesk.creating-77-shm")
	alive := write(".i.dipdesk.creating-456")
	others := []string{write("notes.txt"), write(".creating-9"), write(".j.dipdesk.creating-12x"), write("k.dipdesk")}
	// A creation in progress holds its flock (another open file
	// description, as another process would).
	fd, err := os.Open(alive)
	if err != nil {
		t.Fatal(err)
	}
	defer fd.Close()
	if err := syscall.Flock(int(fd.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	f, err := Create(filepath.Join(dir, "new.dipdesk"), testGame(), Phase{Name: "S1901M", State: testState("S1901M", 0, 100)})
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, p := range []string{dead, deadWAL, orphan} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was left", filepath.Base(p))
		}
	}
	for _, p := range append(others, alive) {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed", filepath.Base(p))
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), "new.dipdesk.creating") {
			t.Errorf("the creation left %s", e.Name())
		}
	}
}
