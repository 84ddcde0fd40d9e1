package store

import (
	"bytes"
	"database/sql"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// realSave returns the bytes of a closed save with a few phases of ~5 KB
// states, orders and results.
func realSave(t testing.TB) []byte {
	t.Helper()
	f, path := create(t)
	for i, name := range []string{"F1901M", "W1901A", "S1902M", "F1902M", "W1902A", "S1903M", "F1903M", "W1903A"} {
		cur := mustCurrent(t, f)
		for _, power := range []string{"austria", "england", "france"} {
			if err := f.SubmitOrders(cur.ID, power, []Order{order(power, "A Vie H"), order(power, "F Tri H")}); err != nil {
				t.Fatal(err)
			}
			if _, err := f.AddPress(Press{Phase: cur.Name, From: power, To: []string{"germany"}, Body: "Shall we?"}); err != nil {
				t.Fatal(err)
			}
			if err := f.SetSeatToken(power, strings.Repeat("ab", 32)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := f.Adjudicated(cur.ID, results(30), []Draw{{Why: "die", N: 6, Value: i%6 + 1}}, Phase{Name: name, State: testState(name, i+1, 5000)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sqliteFile returns the bytes of an SQLite database made by running stmts.
func sqliteFile(t testing.TB, stmts ...string) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "other.db")
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	db.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// withSQL returns a save's bytes after running stmts on it behind the
// store's back (as a person with the sqlite3 shell would).
func withSQL(t testing.TB, save []byte, stmts ...string) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "edited.dipdesk")
	if err := os.WriteFile(path, save, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	db.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// damaged overwrites n seeded random bytes in the middle of the game's
// data: inside the position of S1903M, a phase in the middle of the game
// (the middle of the file itself may be free space in a page, which no
// check can see and no reader uses).
func damaged(b []byte, n int) []byte {
	out := bytes.Clone(b)
	r := rand.New(rand.NewPCG(1, 2))
	mid := bytes.Index(out, []byte(`"phase":"S1903M"`)) - 2000 // in its "pad", written before "phase"
	for i := range n {
		out[mid+i] = byte(r.UintN(256))
	}
	return out
}

// listing names and sizes the files of dir.
func listing(t testing.TB, dir string) map[string]int64 {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = info.Size()
	}
	return out
}

func TestRejects(t *testing.T) {
	save := realSave(t)
	png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), make([]byte, 200)...)
	tests := []struct {
		name string
		data []byte
		want error
		text string // in the message
	}{
		{"empty file", []byte{}, ErrNotDipDesk, "empty"},
		{"text file", []byte("S1901M\nA Par - Bur\nF Bre - Mid\n"), ErrNotDipDesk, "text"},
		{"PNG image", png, ErrNotDipDesk, "PNG"},
		{"SQLite magic only", []byte(sqliteMagic + "\x10\x00"), ErrCorrupt, "truncated"},
		{"truncated save", save[:1000], ErrCorrupt, "truncated"},
		{"truncated at a page boundary", save[:len(save)-4096], ErrCorrupt, "truncated"},
		{"random bytes in the middle", damaged(save, 64), ErrCorrupt, ""},
		{"one byte in the middle", damaged(save, 1), ErrCorrupt, ""},
		{"plain SQLite database", sqliteFile(t, "CREATE TABLE notes(x)", "INSERT INTO notes VALUES (1)"), ErrNotDipDesk, "another program"},
		{"plain SQLite in WAL mode", sqliteFile(t, "PRAGMA journal_mode=WAL", "CREATE TABLE notes(x)"), ErrNotDipDesk, "another program"},
		{"newer version", withSQL(t, save, "PRAGMA user_version = 99"), ErrNewerVersion, "version 99, this DipDesk supports versions up to 3"},
		{"version 0", sqliteFile(t, "PRAGMA application_id = 1147760708", "PRAGMA journal_mode=WAL", "CREATE TABLE x(y)"), ErrCorrupt, "unfinished"},
		{"edited by hand", withSQL(t, save, "DROP TRIGGER phases_keep", "UPDATE phases SET name = 'X' WHERE id = 2"), ErrCorrupt, "checksum"},
		{"audit triggers dropped", withSQL(t, save, "DROP TRIGGER audit_no_delete"), ErrCorrupt, "audit"},
		{"table dropped", withSQL(t, save, "DROP TABLE draws"), ErrCorrupt, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "game.dipdesk")
			if err := os.WriteFile(path, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			before := listing(t, dir)
			for _, open := range []struct {
				name string
				fn   func(string) (*File, error)
			}{{"Open", Open}, {"OpenReadOnly", OpenReadOnly}} {
				f, err := open.fn(path)
				if err == nil {
					f.Close()
					t.Fatalf("%s succeeded", open.name)
				}
				if !errors.Is(err, tc.want) {
					t.Errorf("%s: error %q is not %q", open.name, err, tc.want)
				}
				msg := err.Error()
				if !strings.HasPrefix(msg, "store: game.dipdesk: ") || !strings.Contains(msg, tc.text) {
					t.Errorf("%s: message %q should name the file and say %q", open.name, msg, tc.text)
				}
				if after := listing(t, dir); !reflect.DeepEqual(after, before) {
					t.Errorf("%s changed the folder: %v -> %v", open.name, before, after)
				}
				if now, _ := os.ReadFile(path); !bytes.Equal(now, tc.data) {
					t.Errorf("%s changed the file", open.name)
				}
			}
		})
	}
}

func TestRejectsOthers(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		path string
		want error
		text string
	}{
		{"missing", filepath.Join(dir, "none.dipdesk"), os.ErrNotExist, "no such file"},
		{"directory", dir, ErrNotDipDesk, "not a regular file"},
	}
	for _, tc := range tests {
		for _, open := range []func(string) (*File, error){Open, OpenReadOnly} {
			_, err := open(tc.path)
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.text) || !strings.Contains(err.Error(), filepath.Base(tc.path)) {
				t.Errorf("%s: error = %v", tc.name, err)
			}
		}
	}
}

func TestHandEditWithNullChecksumOpens(t *testing.T) {
	// docs/save-format.md: after editing a row by hand, set its crc to
	// NULL and DipDesk accepts it.
	save := withSQL(t, realSave(t), "DROP TRIGGER phases_keep",
		"UPDATE phases SET name = 'X', crc = NULL WHERE id = 2")
	path := filepath.Join(t.TempDir(), "game.dipdesk")
	os.WriteFile(path, save, 0o644)
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if p, err := f.Phase(2); err != nil || p.Name != "X" {
		t.Errorf("Phase(2) = %s, %v", short(p), err)
	}
}

func TestHistoryIsAppendOnly(t *testing.T) {
	f, _ := create(t)
	adjudicate(t, f, "F1901M")
	adjudicate(t, f, "W1901A")
	if _, err := f.Rollback(2, "test"); err != nil {
		t.Fatal(err)
	}
	db, _ := f.writer()
	stmts := []string{
		"UPDATE audit SET detail = 'nothing happened'",
		"UPDATE audit SET kind = 'edit' WHERE id = 1",
		"DELETE FROM audit",
		"DELETE FROM audit WHERE id = 1",
		"DELETE FROM game",
		"DELETE FROM phases WHERE abandoned = 1",
		"UPDATE phases SET name = 'X' WHERE id = 1",
		"UPDATE phases SET abandoned = 0 WHERE abandoned = 1",
		"UPDATE phases SET adjudicated = 0 WHERE id = 1",
		"UPDATE phases SET state = '{}' WHERE id = 1",
		"DELETE FROM results",
		"UPDATE results SET ok = 1",
		"DELETE FROM draws",
		"UPDATE draws SET value = 6",
		"INSERT INTO orders(phase_id, power, typed, parsed, canonical, submitted) VALUES (1, 'france', 'x', '{}', 'x', 'now')",
		"INSERT INTO results(phase_id, idx, power, order_text, ok) VALUES (1, 99, 'france', 'x', 1)",
	}
	for _, s := range stmts {
		if _, err := db.Exec(s); err == nil || !strings.Contains(err.Error(), "dipdesk: ") {
			t.Errorf("%s: error = %v, want a trigger's refusal", s, err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestDamagedRowIsReportedOnRead(t *testing.T) {
	// Orders and results are checked as they are read, not at open.
	save := withSQL(t, realSave(t), "DROP TRIGGER orders_keep", "UPDATE orders SET typed = 'A Vie - Bud' WHERE id = 3")
	path := filepath.Join(t.TempDir(), "game.dipdesk")
	os.WriteFile(path, save, 0o644)
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var phaseID int64
	db, _ := f.conn()
	db.QueryRow("SELECT phase_id FROM orders WHERE id = 3").Scan(&phaseID)
	_, err = f.Orders(phaseID, false)
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "table orders, row 3") {
		t.Errorf("Orders: %v", err)
	}
	// A rollback would copy the damaged order: refused, nothing written.
	before, _ := f.Audit()
	if _, err := f.Rollback(phaseID, "x"); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Rollback: %v", err)
	}
	if after, _ := f.Audit(); len(after) != len(before) {
		t.Error("the refused rollback wrote to the audit trail")
	}
}
