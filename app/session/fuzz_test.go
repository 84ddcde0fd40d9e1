package session

import (
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"dipdesk/app/store"
	"dipdesk/engine"
	"dipdesk/variants"
)

// rowCRC is a row's checksum as docs/save-format.md defines it: CRC-32C
// of each value as its 4-byte big-endian length and its text, NULL as
// the length 0xFFFFFFFF. It is written from the document, not from the
// store, so the fuzzer's rows pass the store's checks and reach the
// decoding behind them.
func rowCRC(vals ...any) int64 {
	tab := crc32.MakeTable(crc32.Castagnoli)
	var sum uint32
	for _, v := range vals {
		var n [4]byte
		if v == nil {
			binary.BigEndian.PutUint32(n[:], 0xFFFFFFFF)
			sum = crc32.Update(sum, tab, n[:])
			continue
		}
		s := fmt.Sprint(v)
		binary.BigEndian.PutUint32(n[:], uint32(len(s)))
		sum = crc32.Update(sum, tab, n[:])
		sum = crc32.Update(sum, tab, []byte(s))
	}
	return int64(sum)
}

// templates are saves of each variant in Fall 1901, with a few orders,
// made once and copied for each run of FuzzOpenSave.
var templates = sync.OnceValues(func() (map[string][]byte, error) {
	dir, err := os.MkdirTemp("", "dipdesk-fuzz-templates")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := map[string][]byte{}
	for _, v := range variants.All() {
		path := filepath.Join(dir, v.ID+".dipdesk")
		g, err := Create(path, Options{Variant: v.ID, Seed: 11, Seats: nil})
		if err != nil {
			return nil, err
		}
		// A step before the first moves (Questionable's characters) is
		// played with a character's order, then the moves.
		if cur, err := g.Current(); err != nil {
			return nil, err
		} else if key := cur.Phase.Name; key != "S1901M" {
			if _, _, err := g.SubmitOrders(key, "france", "seduce A mun"); err != nil {
				return nil, fmt.Errorf("%s %s: %w", v.ID, key, err)
			}
			if _, _, err := g.Process(key); err != nil {
				return nil, fmt.Errorf("%s %s: %w", v.ID, key, err)
			}
		}
		if _, _, err := g.SubmitOrders("S1901M", "france", "A par - bur\nF bre - mao"); err != nil {
			return nil, err
		}
		_, next, err := g.Process("S1901M")
		if err != nil {
			return nil, err
		}
		// Germany's order where Germany acts (Character Diplomacy II's
		// retreat phase after every turn waits for no one with nothing
		// dislodged: its template then has no order in the phase).
		if _, _, err := g.SubmitOrders(next.Phase.Name, "germany", "A mun - bur"); err != nil && !errors.Is(err, ErrNothingRead) && !errors.Is(err, ErrNotActing) {
			return nil, fmt.Errorf("%s %s: %w", v.ID, next.Phase.Name, err)
		}
		g.Close()
		if out[v.ID], err = os.ReadFile(path); err != nil {
			return nil, err
		}
	}
	return out, nil
})

// currentState returns the position of a template's current phase.
func currentState(tb testing.TB, save []byte) []byte {
	path := filepath.Join(tb.TempDir(), "t.dipdesk")
	if err := os.WriteFile(path, save, 0o600); err != nil {
		tb.Fatal(err)
	}
	g, err := OpenReadOnly(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer g.Close()
	p, err := g.file.Current()
	if err != nil {
		tb.Fatal(err)
	}
	return p.State
}

// FuzzOpenSave writes fuzzed values, with checksums that match, into the
// rows of a real save (the current phase's position, the game's options,
// a seat's power, an order's parsed form) and opens it for play and for
// review, reading every seat's view and the orders: no panic, and either
// a clear refusal naming the file or a game that plays on. The seeds are
// the rows as DipDesk writes them for every variant.
func FuzzOpenSave(f *testing.F) {
	ts, err := templates()
	if err != nil {
		f.Fatal(err)
	}
	ids := make([]string, 0, len(ts))
	for _, v := range variants.All() {
		ids = append(ids, v.ID)
	}
	for i, id := range ids {
		state := currentState(f, ts[id])
		f.Add(uint8(i), state, `{}`, "england", `{"power":"germany","kind":"move","unit":"A","at":"mun","to":"bur","text":"A mun - bur"}`)
	}
	f.Add(uint8(0), []byte(`{"phase":{"year":1901,"season":3,"type":1},"units":[],"owners":{}}`), `{"press":"none"}`, "gm", `{}`)
	f.Add(uint8(1), []byte(`{"phase":{"year":1901,"season":3,"type":1},"units":[],"owners":{},"extra":{"cards":[]}}`), `{"x":1}`, "narnia", `null`)
	f.Fuzz(func(t *testing.T, which uint8, state []byte, options, seat, parsed string) {
		id := ids[int(which)%len(ids)]
		path := filepath.Join(t.TempDir(), "fuzz.dipdesk")
		if err := os.WriteFile(path, ts[id], 0o600); err != nil {
			t.Fatal(err)
		}
		db, err := sql.Open("sqlite3", sqliteURI(path))
		if err != nil {
			t.Fatal(err)
		}
		// The current phase is the last row (2 for most variants; a step
		// before the moves, Questionable's characters, adds rows).
		var cur, seq int64
		var name, created string
		var parent any
		if err := db.QueryRow("SELECT id, seq, name, parent, created FROM phases WHERE id = (SELECT max(id) FROM phases)").Scan(&cur, &seq, &name, &parent, &created); err != nil {
			t.Fatal(err)
		}
		var gv, seed, gcreated string
		db.QueryRow("SELECT variant, seed, created FROM game").Scan(&gv, &seed, &gcreated)
		var player, pin string
		db.QueryRow("SELECT player, pin_hash FROM seats WHERE idx = 0").Scan(&player, &pin)
		var typed, canonical, submitted string
		db.QueryRow("SELECT typed, canonical, submitted FROM orders WHERE id = (SELECT max(id) FROM orders)").Scan(&typed, &canonical, &submitted)
		for _, e := range []struct {
			q    string
			args []any
		}{
			{"UPDATE phases SET state = ?, crc = ? WHERE id = ?", []any{string(state), rowCRC(seq, name, string(state), parent, nil, created), cur}},
			{"UPDATE game SET options = ?, crc = ? WHERE id = 1", []any{options, rowCRC(gv, options, seed, gcreated)}},
			{"DROP TRIGGER IF EXISTS orders_keep", nil}, // an editor who knows why it is there
			{"UPDATE seats SET power = ?, crc = ? WHERE idx = 0", []any{seat, rowCRC(0, seat, player, pin)}},
			{"UPDATE orders SET parsed = ?, crc = ? WHERE id = (SELECT max(id) FROM orders)", []any{parsed, rowCRC(cur, "germany", typed, parsed, canonical, submitted, nil)}},
		} {
			if _, err := db.Exec(e.q, e.args...); err != nil && !strings.Contains(err.Error(), "UNIQUE") {
				t.Fatalf("%s: %v", e.q, err)
			}
		}
		db.Close()
		for _, open := range []func(string) (*Game, error){OpenReadOnly, Open} {
			g, err := open(path)
			if err != nil {
				if !strings.Contains(err.Error(), "fuzz.dipdesk") {
					t.Fatalf("a refusal that does not name the file: %v", err)
				}
				continue
			}
			for _, p := range append(g.Map().PowerIDs(), "") {
				if _, err := g.View(engine.Seat{Power: p}, ""); err != nil && !errors.Is(err, store.ErrCorrupt) {
					t.Errorf("view of %s: %v", p, err)
				}
			}
			if !g.readOnly {
				if _, _, err := g.Process(name); err != nil && !errors.Is(err, store.ErrCorrupt) {
					t.Errorf("an accepted save does not play on: %v", err)
				}
			}
			g.Close()
		}
	})
}

// FuzzDecodeState reads any bytes as a position of each variant, as the
// session reads a save's (with the variant's decoder and the session's
// checks) and as a LAN client reads a view: no panic, and a position
// that reads must give every seat a view that writes and reads back.
func FuzzDecodeState(f *testing.F) {
	ts, err := templates()
	if err != nil {
		f.Fatal(err)
	}
	for _, v := range variants.All() {
		f.Add(currentState(f, ts[v.ID]))
	}
	f.Add([]byte(`{"phase":{"name":"S1901M","year":1901,"season":1,"type":1},"units":[{"type":"A","power":"france","loc":"par"},{"type":"F","power":"england","loc":"par"}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, v := range variants.All() {
			m, err := v.Map()
			if err != nil {
				t.Fatal(err)
			}
			g := &Game{variant: v, m: m, parser: v.Parser(m)}
			s, err := engine.UnmarshalStateExtra(m, b, v.DecodeExtra)
			if err != nil {
				continue
			}
			if why := g.checkState(store.Phase{Name: s.Phase.Key()}, s); why != "" {
				continue
			}
			for _, seat := range []engine.Seat{{Power: "france"}, {GM: true}, {}} {
				view := engine.ViewFor(s, nil, seat, v.Rules)
				out, err := engine.MarshalState(view.State)
				if err != nil {
					t.Fatalf("%s: %s's view does not write: %v", v.ID, seat, err)
				}
				if _, err := engine.UnmarshalStateExtra(m, out, v.DecodeExtra); err != nil {
					t.Fatalf("%s: %s's view does not read back: %v\n%s", v.ID, seat, err, out)
				}
				HandsOf(view, v.Specials)
			}
		}
	})
}

// FuzzEdit reads any words as a game master's edit and applies it to
// each variant's position: no panic, and an edit that is accepted leaves
// a position that passes the checks every saved position passes.
func FuzzEdit(f *testing.F) {
	ts, err := templates()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"add france A bur", "remove par", "move mun tyr", "owner bel france", "owner bel none",
		"card france 1A 9", "add england F spa/nc", "move bre spa", "add france A nth", "card france 1Amp G9", "move par hyp"} {
		f.Add(s)
	}
	games := map[string]*Game{}
	for _, v := range variants.All() {
		path := filepath.Join(f.TempDir(), v.ID+".dipdesk")
		if err := os.WriteFile(path, ts[v.ID], 0o600); err != nil {
			f.Fatal(err)
		}
		g, err := OpenReadOnly(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Cleanup(func() { g.Close() })
		games[v.ID] = g
	}
	f.Fuzz(func(t *testing.T, words string) {
		for id, g := range games {
			e, err := g.ParseEdit(strings.Fields(words))
			if err != nil {
				continue
			}
			cur, err := g.Current()
			if err != nil {
				t.Fatal(err)
			}
			s := cur.State.Clone()
			if _, err := g.apply(s, e); err != nil {
				continue
			}
			if why := g.checkState(cur.Phase, s); why != "" {
				t.Fatalf("%s: the edit %q was accepted and left %s", id, words, why)
			}
			b, err := engine.MarshalState(s)
			if err != nil {
				t.Fatalf("%s: %q: %v", id, words, err)
			}
			var rec map[string]any
			if err := json.Unmarshal(b, &rec); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// shapeTemplate is a save of the test variant with the dice entered,
// played to its end: the Borg's die entered (a draws row) and the game's
// end kept (a game_end row).
var shapeTemplate = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "dipdesk-fuzz-shape")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "shape.dipdesk")
	g, err := Create(path, Options{Variant: "shapetest", Seed: 3, Options: map[string]string{OptionDice: DiceEntered, "end_year": "1901"}})
	if err != nil {
		return nil, err
	}
	for _, step := range shapeYear {
		for _, line := range strings.Split(step.orders, "\n") {
			who, order, ok := strings.Cut(line, ":")
			if !ok {
				continue
			}
			p, _ := g.Map().LookupPower(who)
			if _, _, err := g.SubmitOrders(step.key, p, strings.TrimSpace(order)); err != nil {
				return nil, err
			}
		}
		if step.key == "AU1901.borg" {
			if err := g.EnterDraw(step.key, 0, 3); err != nil {
				return nil, err
			}
		}
		if _, _, err := g.Process(step.key); err != nil {
			return nil, err
		}
	}
	g.Close()
	return os.ReadFile(path)
})

// FuzzStoredDraws writes fuzzed values, with checksums that match, into
// the Borg's stored draw and the game's end of a real save, and reviews
// it: the replay, the draws, the end and the reports either work or fail
// with an error naming the file; nothing panics.
func FuzzStoredDraws(f *testing.F) {
	tmpl, err := shapeTemplate()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(int64(6), int64(2), "die", int64(1), "the Borg's way from Bohemia", `{"winners":["france","russia"],"points":{"france":4,"jester":3},"why":"w"}`)
	f.Add(int64(4), int64(5), "pick", int64(0), "", `{"winners":["narnia"]}`)
	f.Add(int64(0), int64(-1), "hidden", int64(1), "x", `{"draw":true,"points":{"":1}}`)
	f.Add(int64(1), int64(0), "die", int64(0), "\x1b[2J", `null`)
	f.Fuzz(func(t *testing.T, n, value int64, kind string, entered int64, why, outcome string) {
		path := filepath.Join(t.TempDir(), "fuzz.dipdesk")
		if err := os.WriteFile(path, tmpl, 0o600); err != nil {
			t.Fatal(err)
		}
		db, err := sql.Open("sqlite3", sqliteURI(path))
		if err != nil {
			t.Fatal(err)
		}
		var borg, ended int64
		db.QueryRow("SELECT id FROM phases WHERE name = 'AU1901.borg'").Scan(&borg)
		db.QueryRow("SELECT phase_id FROM game_end").Scan(&ended)
		for _, e := range []struct {
			q    string
			args []any
		}{
			{"DROP TRIGGER draws_no_update", nil},
			{"DROP TRIGGER game_end_no_update", nil},
			{"UPDATE draws SET why = ?, n = ?, value = ?, kind = ?, entered = ?, crc = ? WHERE phase_id = ? AND idx = 0",
				[]any{why, n, value, kind, entered, rowCRC(borg, 0, why, n, value, kind, entered), borg}},
			{"UPDATE game_end SET outcome = ?, crc = ? WHERE phase_id = ?", []any{outcome, rowCRC(ended, outcome), ended}},
		} {
			if _, err := db.Exec(e.q, e.args...); err != nil {
				db.Close()
				return // a value the table's CHECK refuses: no such file
			}
		}
		db.Close()
		named := func(what string, err error) {
			if err != nil && !strings.Contains(err.Error(), "fuzz.dipdesk") {
				t.Errorf("%s: an error that does not name the file: %v", what, err)
			}
		}
		for _, open := range []func(string) (*Game, error){OpenReadOnly, Open} {
			g, err := open(path)
			if err != nil {
				named("open", err)
				continue
			}
			ps, err := g.Phase("AU1901.borg")
			if err != nil {
				t.Fatal(err)
			}
			_, err = g.Replay(ps)
			named("replay", err)
			_, err = g.PhaseDraws(ps)
			named("draws", err)
			_, err = g.End()
			named("end", err)
			for _, seat := range []engine.Seat{{GM: true}, {}} {
				for _, key := range []string{"AU1901.borg", "W1901A"} {
					_, err := g.Report(key, seat)
					named("report "+key, err)
				}
			}
			g.Close()
		}
	})
}
