package store

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestPhaseByKey: a lookup by key finds the one live phase of that key:
// a Summer step is never read as the Spring of its year, an Autumn never
// as a Fall, and a key after a rollback is the live phase's.
func TestPhaseByKey(t *testing.T) {
	f, _ := create(t)
	keys := []string{"SU1901.muster@germany", "SU1901.muster@austria", "AU1901M", "AU1901.borg", "W1901A", "S1902M"}
	ids := map[string]int64{"S1901M": mustCurrent(t, f).ID}
	for _, k := range keys {
		ids[k] = adjudicate(t, f, k).ID
	}
	for k, id := range ids {
		p, err := f.PhaseByKey(k)
		if err != nil || p.ID != id || p.Name != k {
			t.Errorf("PhaseByKey(%s) = %d %s, %v; want %d", k, p.ID, p.Name, err, id)
		}
	}
	if _, err := f.PhaseByKey("SU1901A"); !errors.Is(err, ErrNoPhase) {
		t.Errorf("a key no phase has: %v", err)
	}
	back, err := f.Rollback(ids["SU1901.muster@austria"], "again")
	if err != nil {
		t.Fatal(err)
	}
	if p, err := f.PhaseByKey("SU1901.muster@austria"); err != nil || p.ID != back.ID {
		t.Errorf("after the rollback: %d, %v; want %d", p.ID, err, back.ID)
	}
	if _, err := f.PhaseByKey("AU1901M"); !errors.Is(err, ErrNoPhase) {
		t.Errorf("an abandoned phase found by key: %v", err)
	}
	// A next phase with the key of a live one is refused, nothing stored.
	cur := mustCurrent(t, f)
	_, err = f.Adjudicated(cur.ID, results(1), nil, Phase{Name: "S1901M", State: []byte("{}")})
	if !errors.Is(err, ErrDuplicatePhase) {
		t.Fatalf("a second live S1901M: %v", err)
	}
	if now := mustCurrent(t, f); now.ID != cur.ID || now.Adjudicated {
		t.Error("a refused adjudication changed the current phase")
	}
}

// TestTwoLiveKeysRefused: a file where two live phases share a key (the
// unique index dropped, a row inserted by hand) is damaged, at open and
// at the lookup, never answered with the latest match.
func TestTwoLiveKeysRefused(t *testing.T) {
	f, path := create(t)
	adjudicate(t, f, "SU1901A")
	f.Close()
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(t.TempDir(), "two.dipdesk")
	os.WriteFile(save, withSQL(t, orig,
		"DROP INDEX phases_live_key",
		"UPDATE phases SET adjudicated = 1 WHERE id = 2",
		"INSERT INTO phases (seq, name, state, parent, created) VALUES (2, 'S1901M', '{}', 2, '2025-01-01T00:00:00Z')"), 0o600)
	_, err = Open(save)
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "rows 1 and 3: two phases S1901M on the live line") {
		t.Fatalf("Open: %v", err)
	}
}

// TestEnteredDraws: values a game master enters wait by index until the
// phase is adjudicated, are never overwritten, are refused for a phase
// not current; the adjudicated draws say which were entered.
func TestEnteredDraws(t *testing.T) {
	f, path := create(t)
	cur := mustCurrent(t, f)
	d0 := Draw{Index: 0, Why: "the Borg's way", N: 6, Value: 2, Kind: DrawDie}
	if err := f.EnterDraw(cur.ID, d0); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct {
		d    Draw
		want error
		text string
	}{
		{Draw{Index: 0, Why: "the Borg's way", N: 6, Value: 4, Kind: DrawDie}, ErrDrawEntered, "entered as 3"},
		{Draw{Index: 1, Why: "x", N: 6, Value: 6, Kind: DrawDie}, nil, "not in 0..5"},
		{Draw{Index: 1, Why: "x", N: 6, Value: -1, Kind: DrawDie}, nil, "not in 0..5"},
		{Draw{Index: 1, Why: "x", N: 6, Value: 1, Kind: "coin"}, nil, "unknown kind"},
		{Draw{Index: -1, Why: "x", N: 6, Value: 1, Kind: DrawDie}, nil, "no such draw"},
	} {
		err := f.EnterDraw(cur.ID, bad.d)
		if err == nil || (bad.want != nil && !errors.Is(err, bad.want)) || !strings.Contains(err.Error(), bad.text) {
			t.Errorf("EnterDraw(%+v): %v", bad.d, err)
		}
	}
	d2 := Draw{Index: 2, Why: "a card", N: 52, Value: 51, Kind: DrawPick}
	if err := f.EnterDraw(cur.ID, d2); err != nil {
		t.Fatal(err)
	}
	got, err := f.EnteredDraws(cur.ID)
	if err != nil || len(got) != 2 || got[0].Value != 2 || got[1].Index != 2 || !got[0].Entered || got[0].At.IsZero() {
		t.Fatalf("EnteredDraws = %+v, %v", got, err)
	}
	draws := []Draw{{Why: "the Borg's way", N: 6, Value: 2, Kind: DrawDie, Entered: true}, {Why: "shuffle", N: 3, Value: 1}, d2}
	draws[2].Entered = true
	next, err := f.Adjudicated(cur.ID, results(2), draws, Phase{Name: "F1901M", State: []byte("{}")})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.EnterDraw(cur.ID, Draw{Index: 3, Why: "late", N: 6, Value: 1, Kind: DrawDie}); !errors.Is(err, ErrAdjudicated) {
		t.Errorf("a draw entered for an adjudicated phase: %v", err)
	}
	f.Close()
	g, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	stored, err := g.Draws(cur.ID)
	want := []Draw{
		{PhaseID: cur.ID, Index: 0, Why: "the Borg's way", N: 6, Value: 2, Kind: DrawDie, Entered: true},
		{PhaseID: cur.ID, Index: 1, Why: "shuffle", N: 3, Value: 1, Kind: DrawHidden},
		{PhaseID: cur.ID, Index: 2, Why: "a card", N: 52, Value: 51, Kind: DrawPick, Entered: true},
	}
	if err != nil || !reflect.DeepEqual(stored, want) {
		t.Errorf("Draws =\n%+v, %v\nwant\n%+v", stored, err, want)
	}
	if e, _ := g.EnteredDraws(next.ID); len(e) != 0 {
		t.Errorf("the next phase has entered draws %+v", e)
	}
	audit, _ := g.Audit()
	n := 0
	for _, a := range audit {
		if a.Kind == KindDraw {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d draw entries in the audit trail", n)
	}
}

// TestGameEnd: the end is kept with the phase that ended it, and a
// rollback to that phase takes it off the live line.
func TestGameEnd(t *testing.T) {
	f, path := create(t)
	if _, ok, err := f.End(); ok || err != nil {
		t.Fatalf("a new game has ended: %v", err)
	}
	adjudicate(t, f, "F1901M")
	cur := mustCurrent(t, f)
	end := []byte(`{"winners":["france"]}`)
	if _, err := f.AdjudicatedWith(cur.ID, Adjudication{Results: results(1), End: end, Next: Phase{Name: "W1901A", State: []byte("{}")}}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	g, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	e, ok, err := g.End()
	if !ok || err != nil || e.PhaseID != cur.ID || e.Phase != "F1901M" || string(e.Outcome) != string(end) {
		t.Fatalf("End = %+v, %v, %v", e, ok, err)
	}
	if _, err := g.Rollback(cur.ID, "play on"); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := g.End(); ok {
		t.Error("the end is still live after a rollback to its phase")
	}
}
