package store

import (
	"bytes"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// notesV2 is a made-up version 2 of the format, to test upgrades.
var notesV2 = migration{version: 2, about: "test: game notes", steps: []string{
	"ALTER TABLE game ADD COLUMN notes TEXT NOT NULL DEFAULT ''",
	"CREATE TABLE notes (id INTEGER PRIMARY KEY, phase_id INTEGER REFERENCES phases(id), text TEXT NOT NULL)",
}}

// brokenV2 fails in its second step.
var brokenV2 = migration{version: 2, about: "test: broken", steps: []string{
	"CREATE TABLE half_done (x)",
	"THIS IS NOT SQL",
}}

// useMigrations replaces the migration list for one test.
func useMigrations(t *testing.T, list []migration) {
	old := migrations
	migrations = list
	t.Cleanup(func() { migrations = old })
}

// fileVersion reads user_version from a file's header.
func fileVersion(t *testing.T, path string) int {
	b, err := os.ReadFile(path)
	if err != nil || len(b) < 100 {
		t.Fatalf("reading %s: %v", path, err)
	}
	return int(binary.BigEndian.Uint32(b[60:]))
}

// hasTable reports whether db has a table of that name.
func hasTable(t *testing.T, db *sql.DB, name string) bool {
	var n int
	if err := db.QueryRow("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", name).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n == 1
}

func TestMigrateRunner(t *testing.T) {
	v1 := migrations[:1:1]
	failCheck := func(*sql.Tx) error { return errors.New("check failed") }
	tests := []struct {
		name      string
		from      int
		list      []migration
		check     func(*sql.Tx) error
		version   int
		tables    []string // present afterwards
		absent    []string // absent afterwards
		wantError bool
	}{
		{"empty to 1", 0, v1, nil, 1, []string{"game", "phases", "audit", "meta"}, nil, false},
		{"empty to 2", 0, append(v1, notesV2), nil, 2, []string{"game", "notes"}, nil, false},
		{"1 to 2", 1, append(v1, notesV2), nil, 2, []string{"notes"}, nil, false},
		{"already there", 1, v1, nil, 1, []string{"game"}, []string{"notes"}, false},
		{"failing step", 1, append(v1, brokenV2), nil, 1, []string{"game"}, []string{"half_done"}, true},
		{"failing check", 1, append(v1, notesV2), failCheck, 1, []string{"game"}, []string{"notes"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "m.db")
			db, err := openDB(path, "mode=rwc&_txlock=immediate")
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if tc.from == 1 {
				if err := migrate(db, 0, v1, "t0", nil); err != nil {
					t.Fatal(err)
				}
			}
			err = migrate(db, tc.from, tc.list, "t1", tc.check)
			if (err != nil) != tc.wantError {
				t.Fatalf("migrate: %v", err)
			}
			var version int
			db.QueryRow("PRAGMA user_version").Scan(&version)
			if version != tc.version {
				t.Errorf("user_version = %d, want %d", version, tc.version)
			}
			for _, name := range tc.tables {
				if !hasTable(t, db, name) {
					t.Errorf("table %s missing", name)
				}
			}
			for _, name := range tc.absent {
				if hasTable(t, db, name) {
					t.Errorf("table %s should not exist", name)
				}
			}
		})
	}
}

func TestOpenUpgradesOlderFile(t *testing.T) {
	// A file of the newest real version, upgraded to a made-up next one.
	real := migrations[:len(migrations):len(migrations)]
	next := notesV2
	next.version = len(real) + 1
	f, path := create(t)
	adjudicate(t, f, "F1901M")
	f.SubmitOrders(mustCurrent(t, f).ID, "france", []Order{order("france", "A Bur - Mun")})
	want, err := dump(t, f)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	original, _ := os.ReadFile(path)
	dir := filepath.Dir(path)
	before := listing(t, dir)

	useMigrations(t, append(real, next))
	if SupportedVersion() != next.version {
		t.Fatal("the test's next version is not in use")
	}
	// Review: served from an upgraded private copy; the file is untouched.
	ro, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := dump(t, ro); got != want {
		t.Error("the upgraded copy reads differently")
	}
	// The copy holds the game's secrets: a folder only its user enters.
	if st, err := os.Stat(filepath.Dir(ro.tmpCopy)); err != nil || st.Mode().Perm() != 0o700 {
		t.Errorf("the upgraded copy's folder: %v %v", st, err)
	}
	copyDir := filepath.Dir(ro.tmpCopy)
	ro.Close()
	if _, err := os.Stat(copyDir); err == nil {
		t.Error("the upgraded copy's folder is left")
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, original) || !reflect.DeepEqual(listing(t, dir), before) {
		t.Fatal("OpenReadOnly changed the file or its folder")
	}
	// Open upgrades the file itself, in place.
	g, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := dump(t, g); got != want {
		t.Error("the upgraded file reads differently")
	}
	db, _ := g.conn()
	if !hasTable(t, db, "notes") {
		t.Error("table notes missing after the upgrade")
	}
	g.Close()
	if v := fileVersion(t, path); v != next.version {
		t.Errorf("version after upgrade = %d", v)
	}
	// Back with a DipDesk that knows only the real versions: refused, untouched.
	migrations = real
	upgraded, _ := os.ReadFile(path)
	_, err = Open(path)
	if !errors.Is(err, ErrNewerVersion) || !strings.Contains(err.Error(), fmt.Sprintf("version %d, this DipDesk supports versions up to %d", next.version, len(real))) {
		t.Errorf("older DipDesk: %v", err)
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, upgraded) {
		t.Error("a refused newer file was changed")
	}
}

func TestFailedUpgradeLeavesFile(t *testing.T) {
	useMigrations(t, migrations[:1:1])
	f, path := create(t)
	f.Close()
	original, _ := os.ReadFile(path)
	before := listing(t, filepath.Dir(path))
	useMigrations(t, append(migrations[:1:1], brokenV2))
	if _, err := Open(path); err == nil || !strings.Contains(err.Error(), "left as it was") {
		t.Fatalf("Open: %v", err)
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, original) || !reflect.DeepEqual(listing(t, filepath.Dir(path)), before) {
		t.Error("a failed upgrade changed the file or its folder")
	}
	if v := fileVersion(t, path); v != 1 {
		t.Errorf("version = %d", v)
	}
}
