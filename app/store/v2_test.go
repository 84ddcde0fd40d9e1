package store

import (
	"bytes"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// v2Copy copies a version 2 save of testdata (written by DipDesk before
// format 3, see testdata/README.md) into a temporary folder.
func v2Copy(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if v := fileVersion(t, path); v != 2 {
		t.Fatalf("testdata/%s has version %d", name, v)
	}
	return path
}

// rawCounts counts the rows of each table with SQL alone, not the store.
func rawCounts(t *testing.T, path string) map[string]int {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	out := map[string]int{}
	for _, table := range []string{"seats", "phases", "orders", "results", "draws", "audit", "press", "seat_tokens"} {
		var n int
		if err := db.QueryRow("SELECT count(*) FROM " + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out[table] = n
	}
	return out
}

// apiCounts counts the same rows through the store.
func apiCounts(t *testing.T, f *File) map[string]int {
	t.Helper()
	out := map[string]int{"seats": len(f.Game().Seats)}
	phases, err := f.Phases(true)
	if err != nil {
		t.Fatal(err)
	}
	out["phases"] = len(phases)
	for _, p := range phases {
		o, err1 := f.Orders(p.ID, false)
		r, err2 := f.Results(p.ID)
		d, err3 := f.Draws(p.ID)
		if err := errors.Join(err1, err2, err3); err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		out["orders"] += len(o)
		out["results"] += len(r)
		out["draws"] += len(d)
	}
	a, err1 := f.Audit()
	press, err2 := f.Press()
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	out["audit"], out["press"] = len(a), len(press)
	db, _ := f.conn()
	var n int
	db.QueryRow("SELECT count(*) FROM seat_tokens").Scan(&n)
	out["seat_tokens"] = n
	return out
}

// TestOpenV2Save: a save written by DipDesk's format 2 is reviewed from an
// upgraded private copy (the file untouched) and upgraded in place by
// Open, in one transaction: every row reads back, the draws written
// before keep their checksums (and a damaged one is still found), new
// rows are of format 3, and a DipDesk knowing only format 2 then refuses
// the file with a message.
func TestOpenV2Save(t *testing.T) {
	for _, name := range []string{"v2-standard.dipdesk", "v2-shapetest.dipdesk"} {
		t.Run(name, func(t *testing.T) {
			path := v2Copy(t, name)
			want := rawCounts(t, path)
			original, _ := os.ReadFile(path)

			ro, err := OpenReadOnly(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := apiCounts(t, ro); !reflect.DeepEqual(got, want) {
				t.Errorf("review of the upgraded copy: %v, want %v", got, want)
			}
			ro.Close()
			if now, _ := os.ReadFile(path); !bytes.Equal(now, original) {
				t.Fatal("OpenReadOnly changed the version 2 file")
			}

			f, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := apiCounts(t, f); !reflect.DeepEqual(got, want) {
				t.Errorf("after the upgrade: %v, want %v", got, want)
			}
			cur := mustCurrent(t, f)
			if p, err := f.PhaseByKey(cur.Name); err != nil || p.ID != cur.ID {
				t.Errorf("the current phase by its key: %v", err)
			}
			next := cur.Name + "x"
			if _, err := f.Adjudicated(cur.ID, results(1), []Draw{{Why: "new", N: 6, Value: 1, Kind: DrawDie, Entered: true}},
				Phase{Name: next, State: []byte("{}")}); err != nil {
				t.Fatal(err)
			}
			f.Close()
			if v := fileVersion(t, path); v != SupportedVersion() {
				t.Fatalf("version %d after the upgrade", v)
			}
			g, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			d, err := g.Draws(cur.ID)
			if err != nil || len(d) != 1 || d[0].Kind != DrawDie || !d[0].Entered {
				t.Errorf("a draw written after the upgrade: %+v, %v", d, err)
			}
			g.Close()

			// A DipDesk of format 2 refuses the upgraded file.
			old := migrations
			useMigrations(t, migrations[:2:2])
			_, err = Open(path)
			if !errors.Is(err, ErrNewerVersion) || !strings.Contains(err.Error(), "version 3, this DipDesk supports versions up to 2") {
				t.Errorf("a format 2 DipDesk: %v", err)
			}
			migrations = old
		})
	}
}

// TestV2DrawsKeepTheirChecksums: the draws a format 2 DipDesk stored read
// back as they were (no kind, not entered), and damage to one is still
// found after the upgrade.
func TestV2DrawsKeepTheirChecksums(t *testing.T) {
	path := v2Copy(t, "v2-shapetest.dipdesk")
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	borg, err := f.PhaseByKey("AU1901.borg")
	if err != nil {
		t.Fatal(err)
	}
	d, err := f.Draws(borg.ID)
	want := []Draw{{PhaseID: borg.ID, Index: 0, Why: "the Borg's way from Bohemia", N: 6, Value: 5}}
	if err != nil || !reflect.DeepEqual(d, want) {
		t.Fatalf("the old draw: %+v, %v", d, err)
	}
	f.Close()
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"DROP TRIGGER draws_no_update", "UPDATE draws SET value = 1"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	g, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if _, err := g.Draws(borg.ID); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "table draws") {
		t.Errorf("a damaged old draw: %v", err)
	}
}

// TestUpgradeRefusesTwoLiveKeys: a format 2 file whose live line names
// two phases alike is left as it was, with a message naming the rows.
func TestUpgradeRefusesTwoLiveKeys(t *testing.T) {
	path := v2Copy(t, "v2-standard.dipdesk")
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	var last int64
	db.QueryRow("SELECT max(id) FROM phases WHERE abandoned = 0").Scan(&last)
	for _, q := range []string{
		"UPDATE phases SET adjudicated = 1 WHERE id = " + itoa(last),
		"INSERT INTO phases (seq, name, state, parent, created) VALUES (9, 'S1901M', '{}', " + itoa(last) + ", '2025-01-01T00:00:00Z')",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	before, _ := os.ReadFile(path)
	_, err = Open(path)
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "left as it was") || !strings.Contains(err.Error(), "two phases S1901M on the live line") {
		t.Fatalf("Open: %v", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, before) || fileVersion(t, path) != 2 {
		t.Error("a refused upgrade changed the file")
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
