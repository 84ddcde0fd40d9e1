package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// testGame is a standard game with seven powers and a game master.
func testGame() Game {
	g := Game{
		Variant: "standard",
		Options: map[string]string{"deadline": "48h", "press": "full"},
		Seed:    18446744073709551557, // above MaxInt64: stored as text
		Created: time.Date(2025, 3, 1, 20, 15, 0, 123456789, time.UTC),
	}
	for _, p := range []string{"austria", "england", "france", "germany", "italy", "russia", "turkey"} {
		g.Seats = append(g.Seats, Seat{Power: p, Player: "player " + p, PinHash: "h-" + p})
	}
	g.Seats = append(g.Seats, Seat{Power: "gm"})
	return g
}

// testState is a position JSON of about size bytes that says which phase
// it belongs to.
func testState(name string, seq, size int) []byte {
	pad := strings.Repeat("abcdefghij", size/10)
	b, _ := json.Marshal(map[string]any{"phase": name, "seq": seq, "pad": pad})
	return b
}

// create makes a new save in a temporary folder.
func create(t testing.TB) (*File, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game"+Extension)
	f, err := Create(path, testGame(), Phase{Name: "S1901M", State: testState("S1901M", 0, 100)})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	t.Cleanup(func() { f.Close() })
	return f, path
}

// order makes one order of a power.
func order(power, text string) Order {
	return Order{Typed: text, Parsed: []byte(`{"text":"` + text + `"}`), Canonical: strings.ToLower(text)}
}

// results makes n results, every third one failed.
func results(n int) []Result {
	var rs []Result
	for i := 0; i < n; i++ {
		rs = append(rs, Result{Power: "france", Order: fmt.Sprintf("A par - bur %d", i), OK: i%3 != 0, Code: "bounced", Reason: "equal strength"})
	}
	return rs
}

// mustCurrent returns the current phase.
func mustCurrent(t testing.TB, f *File) Phase {
	t.Helper()
	p, err := f.Current()
	if err != nil {
		t.Fatalf("Current: %v", err)
	}
	return p
}

// adjudicate stores results for the current phase and returns the next.
func adjudicate(t testing.TB, f *File, next string) Phase {
	t.Helper()
	cur := mustCurrent(t, f)
	p, err := f.Adjudicated(cur.ID, results(3), []Draw{{Why: "die", N: 6, Value: 4}}, Phase{Name: next, State: testState(next, cur.Seq+1, 100)})
	if err != nil {
		t.Fatalf("Adjudicated(%s): %v", cur.Name, err)
	}
	return p
}

func TestRoundTrip(t *testing.T) {
	f, path := create(t)
	if f.Path() != path || f.ReadOnly() {
		t.Errorf("Path() = %q, ReadOnly() = %v", f.Path(), f.ReadOnly())
	}
	first := mustCurrent(t, f)
	if first.Seq != 0 || first.Parent != 0 || first.Name != "S1901M" || first.Abandoned || first.Adjudicated {
		t.Fatalf("first phase = %s", short(first))
	}
	orders := []Order{order("france", "A Par - Bur"), order("france", "F Bre - Mid")}
	if err := f.SubmitOrders(first.ID, "france", orders); err != nil {
		t.Fatal(err)
	}
	draws := []Draw{{Why: "weather", N: 6, Value: 2}, {Why: "card", N: 52, Value: 17}}
	next, err := f.Adjudicated(first.ID, results(30), draws, Phase{Name: "F1901M", State: testState("F1901M", 1, 5000)})
	if err != nil {
		t.Fatal(err)
	}
	if next.ID == 0 || next.Seq != 1 || next.Parent != first.ID || next.Created.IsZero() {
		t.Fatalf("next = %s", short(next))
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		open func(string) (*File, error)
	}{{"Open", Open}, {"OpenReadOnly", OpenReadOnly}} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := tc.open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer g.Close()
			checkRoundTrip(t, g, first.ID, next, orders, draws)
		})
	}
}

// checkRoundTrip checks what TestRoundTrip stored.
func checkRoundTrip(t *testing.T, g *File, firstID int64, next Phase, orders []Order, draws []Draw) {
	if got, want := g.Game(), testGame(); !reflect.DeepEqual(got, want) {
		t.Errorf("Game() = %+v, want %+v", got, want)
	}
	cur := mustCurrent(t, g)
	if !reflect.DeepEqual(cur, next) {
		t.Errorf("Current() = %s, want %s", short(cur), short(next))
	}
	if p, err := g.PhaseByKey("F1901M"); err != nil || p.ID != next.ID {
		t.Errorf("PhaseByName = %v, %v", p.ID, err)
	}
	first, err := g.Phase(firstID)
	if err != nil || !first.Adjudicated || !bytes.Equal(first.State, testState("S1901M", 0, 100)) {
		t.Errorf("Phase(first) = %s, %v", short(first), err)
	}
	got, err := g.Orders(firstID, true)
	if err != nil || len(got) != len(orders) {
		t.Fatalf("Orders = %v, %v", got, err)
	}
	for i, o := range got {
		w := orders[i]
		if o.PhaseID != firstID || o.Power != "france" || o.Typed != w.Typed || !bytes.Equal(o.Parsed, w.Parsed) ||
			o.Canonical != w.Canonical || !o.Current || o.Submitted.IsZero() {
			t.Errorf("order %d = %+v", i, o)
		}
	}
	rs, err := g.Results(firstID)
	if err != nil || !reflect.DeepEqual(rs, withPhase(results(30), firstID)) {
		t.Errorf("Results = %+v, %v", rs, err)
	}
	ds, err := g.Draws(firstID)
	if err != nil || len(ds) != 2 || ds[1] != (Draw{PhaseID: firstID, Index: 1, Why: "card", N: 52, Value: 17, Kind: DrawHidden}) {
		t.Errorf("Draws = %+v, %v", ds, err)
	}
	audit, err := g.Audit()
	if err != nil || len(audit) != 3 {
		t.Fatalf("Audit = %+v, %v", audit, err)
	}
	for i, kind := range []string{KindCreate, KindOrders, KindAdjudicate} {
		if audit[i].Kind != kind || audit[i].Phase != "S1901M" || audit[i].At.IsZero() || audit[i].Detail == "" {
			t.Errorf("audit %d = %+v", i, audit[i])
		}
	}
}

// short describes a phase without its state.
func short(p Phase) string {
	return fmt.Sprintf("{ID:%d Seq:%d Name:%s State:%d bytes Parent:%d Abandoned:%v Adjudicated:%v Created:%v}",
		p.ID, p.Seq, p.Name, len(p.State), p.Parent, p.Abandoned, p.Adjudicated, p.Created)
}

// withPhase sets PhaseID and Index as the store does.
func withPhase(rs []Result, id int64) []Result {
	for i := range rs {
		rs[i].PhaseID, rs[i].Index = id, i
	}
	return rs
}

func TestSubmitOrdersReplaces(t *testing.T) {
	f, _ := create(t)
	p := mustCurrent(t, f)
	steps := []struct {
		power  string
		orders []Order
	}{
		{"france", []Order{order("france", "A Par H"), order("france", "F Bre H")}},
		{"england", []Order{order("england", "F Lon - Nth")}},
		{"france", []Order{order("france", "A Par - Bur")}},
		{"england", nil}, // clears England's orders
	}
	for _, s := range steps {
		if err := f.SubmitOrders(p.ID, s.power, s.orders); err != nil {
			t.Fatal(err)
		}
	}
	all, _ := f.Orders(p.ID, false)
	cur, _ := f.Orders(p.ID, true)
	if len(all) != 4 || len(cur) != 1 || cur[0].Typed != "A Par - Bur" {
		t.Fatalf("all = %d orders, current = %+v", len(all), cur)
	}
	for _, o := range all[:3] {
		if o.Current {
			t.Errorf("replaced order still current: %+v", o)
		}
	}
	audit, _ := f.Audit()
	if n := len(audit); n != 5 || !strings.Contains(audit[3].Detail, "replacing 2") {
		t.Errorf("audit = %+v", audit)
	}
}

func TestRefusals(t *testing.T) {
	f, _ := create(t)
	first := mustCurrent(t, f)
	second := adjudicate(t, f, "F1901M")
	third := adjudicate(t, f, "W1901A")
	back, err := f.Rollback(second.ID, "France's orders were mistyped")
	if err != nil {
		t.Fatal(err)
	}
	state := []byte(`{}`)
	next := Phase{Name: "X", State: state}
	tests := []struct {
		name string
		do   func() error
		want error
	}{
		{"adjudicate adjudicated", func() error { _, err := f.Adjudicated(first.ID, nil, nil, next); return err }, ErrAdjudicated},
		{"adjudicate abandoned", func() error { _, err := f.Adjudicated(third.ID, nil, nil, next); return err }, ErrAbandoned},
		{"adjudicate missing", func() error { _, err := f.Adjudicated(999, nil, nil, next); return err }, ErrNoPhase},
		{"orders for adjudicated", func() error { return f.SubmitOrders(first.ID, "france", nil) }, ErrAdjudicated},
		{"orders for abandoned", func() error { return f.SubmitOrders(second.ID, "france", nil) }, ErrAdjudicated},
		{"orders for abandoned current", func() error { return f.SubmitOrders(third.ID, "france", nil) }, ErrAbandoned},
		{"edit adjudicated", func() error { return f.Edit(first.ID, state, "x") }, ErrAdjudicated},
		{"edit abandoned", func() error { return f.Edit(third.ID, state, "x") }, ErrAbandoned},
		{"rollback to abandoned", func() error { _, err := f.Rollback(third.ID, "x"); return err }, ErrAbandoned},
		{"rollback to missing", func() error { _, err := f.Rollback(999, "x"); return err }, ErrNoPhase},
		{"phase missing", func() error { _, err := f.Phase(999); return err }, ErrNoPhase},
		{"phase name missing", func() error { _, err := f.PhaseByKey("W1901A"); return err }, ErrNoPhase},
		{"orders of missing", func() error { _, err := f.Orders(999, false); return err }, ErrNoPhase},
	}
	before, _ := f.Audit()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.do()
			if !errors.Is(err, tc.want) {
				t.Fatalf("error = %v, want %v", err, tc.want)
			}
			if !strings.Contains(err.Error(), "store: game.dipdesk: ") {
				t.Errorf("error %q does not name the file", err)
			}
		})
	}
	after, _ := f.Audit()
	if len(after) != len(before) || mustCurrent(t, f).ID != back.ID {
		t.Errorf("a refused call wrote something: audit %d -> %d", len(before), len(after))
	}
}

func TestAdjudicatedNotCurrent(t *testing.T) {
	// A live phase that is neither adjudicated nor current cannot exist
	// through the API; make one by hand to see the check.
	f, _ := create(t)
	cur := mustCurrent(t, f)
	db, _ := f.writer()
	_, err := insertRaw(db, Phase{Seq: 1, Name: "F1901M", State: []byte("{}"), Parent: cur.ID, Created: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.Adjudicated(cur.ID, nil, nil, Phase{Name: "X"})
	if !errors.Is(err, ErrNotCurrent) {
		t.Fatalf("error = %v, want ErrNotCurrent", err)
	}
}

func TestRollback(t *testing.T) {
	f, _ := create(t)
	s01 := mustCurrent(t, f)
	f.SubmitOrders(s01.ID, "france", []Order{order("france", "A Par - Bur")})
	f01 := adjudicate(t, f, "F1901M")
	f.SubmitOrders(f01.ID, "france", []Order{order("france", "A Bur - Mun")})
	f.SubmitOrders(f01.ID, "germany", []Order{order("germany", "A Mun H")})
	f.SubmitOrders(f01.ID, "france", []Order{order("france", "A Bur - Ruh")}) // replaces
	w01 := adjudicate(t, f, "W1901A")
	s02 := adjudicate(t, f, "S1902M")

	back, err := f.Rollback(f01.ID, "France meant Munich")
	if err != nil {
		t.Fatal(err)
	}
	if back.ID <= s02.ID || back.Name != "F1901M" || back.Seq != f01.Seq || back.Parent != s01.ID ||
		back.Abandoned || back.Adjudicated || !bytes.Equal(back.State, f01.State) {
		t.Fatalf("new phase = %s", short(back))
	}
	if cur := mustCurrent(t, f); cur.ID != back.ID {
		t.Errorf("Current = %d, want %d", cur.ID, back.ID)
	}
	checkLines(t, f, []int64{s01.ID, back.ID}, []int64{s01.ID, f01.ID, w01.ID, s02.ID, back.ID})
	copied, _ := f.Orders(back.ID, true)
	if len(copied) != 2 || copied[0].Typed != "A Mun H" || copied[1].Typed != "A Bur - Ruh" {
		t.Fatalf("copied orders = %+v", copied)
	}
	// Correct France and play on from the new phase.
	if err := f.SubmitOrders(back.ID, "france", []Order{order("france", "A Bur - Mun")}); err != nil {
		t.Fatal(err)
	}
	w01b := adjudicate(t, f, "W1901A")
	if w01b.Parent != back.ID || w01b.Seq != w01.Seq {
		t.Errorf("after rollback next = %s", short(w01b))
	}
	if p, _ := f.PhaseByKey("W1901A"); p.ID != w01b.ID {
		t.Errorf("PhaseByName(W1901A) = %d, want the new one %d", p.ID, w01b.ID)
	}
	if old, _ := f.Results(f01.ID); len(old) != 3 {
		t.Errorf("abandoned phase lost its results: %v", old)
	}
	audit, _ := f.Audit()
	var rb *AuditEntry
	for i := range audit {
		if audit[i].Kind == KindRollback {
			rb = &audit[i]
		}
	}
	if rb == nil || rb.Phase != "F1901M" || !strings.Contains(rb.Detail, "France meant Munich") {
		t.Errorf("rollback audit = %+v", rb)
	}
}

// checkLines checks the ids of Phases(false) and Phases(true).
func checkLines(t *testing.T, f *File, live, all []int64) {
	t.Helper()
	for _, tc := range []struct {
		abandoned bool
		want      []int64
	}{{false, live}, {true, all}} {
		ps, err := f.Phases(tc.abandoned)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, p := range ps {
			ids = append(ids, p.ID)
			if !tc.abandoned && p.Abandoned {
				t.Errorf("Phases(false) has abandoned phase %d", p.ID)
			}
		}
		if !reflect.DeepEqual(ids, tc.want) {
			t.Errorf("Phases(%v) = %v, want %v", tc.abandoned, ids, tc.want)
		}
	}
}

func TestEditKeepsOldState(t *testing.T) {
	f, path := create(t)
	cur := mustCurrent(t, f)
	newState := []byte(`{"phase":"S1901M","units":["A par"]}`)
	if err := f.Edit(cur.ID, newState, "removed the fleet in Brest"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	g, err := Open(path) // the checksum was updated with the state
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if p := mustCurrent(t, g); !bytes.Equal(p.State, newState) {
		t.Errorf("state = %s", p.State)
	}
	audit, _ := g.Audit()
	last := audit[len(audit)-1]
	var d editDetail
	if err := json.Unmarshal([]byte(last.Detail), &d); err != nil || last.Kind != KindEdit {
		t.Fatalf("edit audit = %+v (%v)", last, err)
	}
	if d.Old != string(cur.State) || d.New != string(newState) || d.Note != "removed the fleet in Brest" || d.Phase != cur.ID {
		t.Errorf("edit detail = %+v", d)
	}
}

func TestReadOnlyRefusesWrites(t *testing.T) {
	_, path := create(t)
	f, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cur := mustCurrent(t, f)
	writes := map[string]func() error{
		"SubmitOrders": func() error { return f.SubmitOrders(cur.ID, "france", nil) },
		"Adjudicated":  func() error { _, err := f.Adjudicated(cur.ID, nil, nil, Phase{Name: "X"}); return err },
		"Edit":         func() error { return f.Edit(cur.ID, nil, "") },
		"Rollback":     func() error { _, err := f.Rollback(cur.ID, ""); return err },
	}
	for name, w := range writes {
		if err := w(); !errors.Is(err, ErrReadOnly) {
			t.Errorf("%s: error = %v, want ErrReadOnly", name, err)
		}
	}
}

func TestClosed(t *testing.T) {
	f, _ := create(t)
	f.Close()
	if err := f.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := f.Current(); !errors.Is(err, ErrClosed) {
		t.Errorf("Current after Close: %v", err)
	}
}

func TestCreateExists(t *testing.T) {
	f, path := create(t)
	f.Close()
	_, err := Create(path, testGame(), Phase{Name: "S1901M"})
	if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "game.dipdesk") {
		t.Fatalf("error = %v", err)
	}
	entries, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*"))
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
}

func TestCreateRejectsBadGame(t *testing.T) {
	dir := t.TempDir()
	bad := testGame()
	bad.Seats = append(bad.Seats, Seat{Power: "france"})
	tests := map[string]struct {
		g     Game
		first Phase
	}{
		"no variant":     {Game{}, Phase{Name: "S1901M"}},
		"no phase name":  {testGame(), Phase{}},
		"duplicate seat": {bad, Phase{Name: "S1901M"}},
	}
	for name, tc := range tests {
		if _, err := Create(filepath.Join(dir, "x.dipdesk"), tc.g, tc.first); err == nil {
			t.Errorf("%s: Create succeeded", name)
		}
	}
	if entries, _ := filepath.Glob(filepath.Join(dir, "*")); len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
}

func TestOddFileNames(t *testing.T) {
	for _, name := range []string{"my game.dipdesk", "what?#100%.dipdesk", "été 1901.dipdesk"} {
		path := filepath.Join(t.TempDir(), name)
		f, err := Create(path, testGame(), Phase{Name: "S1901M", State: []byte("{}")})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		adjudicate(t, f, "F1901M")
		f.Close()
		g, err := OpenReadOnly(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p := mustCurrent(t, g); p.Name != "F1901M" {
			t.Errorf("%s: current = %s", name, p.Name)
		}
		g.Close()
	}
}

func TestConcurrentUse(t *testing.T) {
	f, path := create(t)
	ro, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	done := make(chan error)
	for _, r := range []*File{f, ro} {
		go func() {
			for i := 0; i < 30; i++ {
				if _, err := r.Phases(true); err != nil {
					done <- err
					return
				}
				if _, err := r.Audit(); err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for i := 0; i < 10; i++ {
		adjudicate(t, f, fmt.Sprintf("P%d", i))
	}
	for range 2 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
