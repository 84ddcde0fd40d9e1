package session

import (
	"database/sql"
	"encoding/json"
	"errors"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3" // to edit a save as a person with the sqlite3 shell would

	"dipdesk/app/store"
)

// editSave runs SQL on a closed save, as docs/save-format.md tells an
// editor to: with the edited rows' checksums cleared.
func editSave(t *testing.T, path, stmt string, args ...any) {
	t.Helper()
	db, err := sql.Open("sqlite3", sqliteURI(path))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(stmt, args...); err != nil {
		t.Fatalf("%s: %v", stmt, err)
	}
}

// sqliteURI is the URI of a save for the sqlite3 driver, its path
// escaped (a fuzz seed's folder holds a "#").
func sqliteURI(path string) string {
	return (&url.URL{Scheme: "file", Path: path}).String() + "?_journal_mode=WAL"
}

// editState changes the current phase's position (its JSON) with f,
// clearing the row's checksum.
func editState(t *testing.T, path string, f func(raw map[string]any)) {
	t.Helper()
	g, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.file.Current()
	g.Close()
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(p.State, &raw); err != nil {
		t.Fatal(err)
	}
	f(raw)
	b, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	editSave(t, path, "UPDATE phases SET state = ?, crc = NULL WHERE id = ?", string(b), p.ID)
}

// TestImpossibleSavesRefused: rows edited by hand into what no game can
// reach are refused when the game is opened (for play or review), with
// the table, the row and the reason, exactly as an unknown province is.
// Before, every one of these was accepted and played on.
func TestImpossibleSavesRefused(t *testing.T) {
	cases := []struct {
		name    string
		variant string
		edit    func(t *testing.T, path string)
		want    string
	}{
		{"unknown province (as before)", "standard", func(t *testing.T, path string) {
			editState(t, path, func(raw map[string]any) {
				raw["units"].([]any)[0].(map[string]any)["loc"] = "atlantis"
			})
		}, `table phases, row 2 (F1901M): engine: state: unit 1: no province "atlantis"`},
		{"two units in one province", "standard", func(t *testing.T, path string) {
			editState(t, path, func(raw map[string]any) {
				units := raw["units"].([]any)
				units[2].(map[string]any)["loc"] = units[0].(map[string]any)["loc"] // A vie to A bud
			})
		}, "table phases, row 2 (F1901M): two units in Budapest (an army of Austria and an army of Austria)"},
		{"a negative year", "standard", func(t *testing.T, path string) {
			editState(t, path, func(raw map[string]any) {
				raw["phase"].(map[string]any)["year"] = -1901
			})
		}, "table phases, row 2 (F1901M): engine: state: phase: the year -1901"},
		{"a position of another phase than its row", "standard", func(t *testing.T, path string) {
			editState(t, path, func(raw map[string]any) {
				raw["phase"].(map[string]any)["season"] = 1
			})
		}, `table phases, row 2 (F1901M): the position is of S1901M, the row names "F1901M"`},
		{"two current phases", "standard", func(t *testing.T, path string) {
			editSave(t, path, `INSERT INTO phases (seq, name, state, parent, abandoned, adjudicated, created, crc)
				SELECT seq + 1, 'S1902M', state, id, 0, 0, created, NULL FROM phases WHERE id = 1`)
		}, "table phases, row 3 (S1902M): a second current phase (not adjudicated, not abandoned), after row 2 (F1901M)"},
		{"a character game without its cards", "character", func(t *testing.T, path string) {
			editState(t, path, func(raw map[string]any) { delete(raw, "extra") })
		}, "table phases, row 2 (F1901M): a Character Diplomacy position without the variant's data (its cards and deck)"},
		{"a seat for an unknown power", "standard", func(t *testing.T, path string) {
			editSave(t, path, "UPDATE seats SET power = 'narnia', crc = NULL WHERE idx = 3")
		}, `table seats, row 3: a seat for "narnia", which is no power of Standard Diplomacy`},
		{"France's submission orders a German unit", "standard", func(t *testing.T, path string) {
			editSave(t, path, `INSERT INTO orders (phase_id, power, typed, parsed, canonical, current, submitted, copied_from, crc)
				VALUES (2, 'france', 'A mun - boh', '{"power":"germany","kind":"move","unit":"A","at":"mun","to":"boh","text":"A mun - boh"}',
				'A mun - boh', 1, '2026-11-22T12:00:00.000000000Z', NULL, NULL)`)
		}, `table orders, row 1 (A mun - boh): france's submission holds an order for "germany"`},
		{"an order of no power at all", "standard", func(t *testing.T, path string) {
			editSave(t, path, `INSERT INTO orders (phase_id, power, typed, parsed, canonical, current, submitted, copied_from, crc)
				VALUES (2, 'france', 'A mun - boh', '{"power":"","kind":"move","unit":"A","at":"mun","to":"boh","text":"A mun - boh"}',
				'A mun - boh', 1, '2026-11-22T12:00:00.000000000Z', NULL, NULL)`)
		}, `table orders, row 1 (A mun - boh): france's submission holds an order for ""`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "g.dipdesk")
			g, err := Create(path, Options{Variant: c.variant, Seed: 7, Now: fixedClock()})
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := g.Process("S1901M"); err != nil {
				t.Fatal(err)
			}
			g.Close()
			c.edit(t, path)
			for _, open := range []func(string) (*Game, error){Open, OpenReadOnly} {
				g, err := open(path)
				if err == nil {
					_, _, err = g.Process("F1901M")
					g.Close()
				}
				if !errors.Is(err, store.ErrCorrupt) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "g.dipdesk: file is damaged: ") {
					t.Errorf("got %v\nwant an error with %q", err, c.want)
				}
			}
		})
	}
}
