package session

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"dipdesk/app/store"
	"dipdesk/engine"
	"dipdesk/variants/shapetest"
)

// shapeYear is a year of the test variant: each step's key and the
// orders given in it ("Power: order" lines, one seat a line).
var shapeYear = []struct{ key, orders string }{
	{"S1901M", "France: A par - bur\nJester: jest A par - pic\nGermany: A mun - bur"},
	{"SU1901.muster@germany", "Germany: muster ber"},
	{"SU1901.muster@austria", "Austria: muster vie\nItaly: object"},
	{"SU1901.muster@england", "England: muster lon"},
	{"AU1901M", "France: A pic - bel"},
	{"AU1901.borg", ""},
	{"W1901A", "France: build A par"},
}

// newShape creates a game of the test variant ending after 1901.
func newShape(t *testing.T, dice string) (*Game, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "shape.dipdesk")
	opts := map[string]string{shapetest.OptionEndYear: "1901"}
	if dice != "" {
		opts[OptionDice] = dice
	}
	g, err := Create(path, Options{Variant: "shapetest", Seed: 3, Options: opts, Now: fixedClock()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g, path
}

// submitLines stores each "Power: order" line as that seat's orders.
func submitLines(t *testing.T, g *Game, key, text string) {
	t.Helper()
	by := map[engine.Power][]string{}
	for _, line := range strings.Split(text, "\n") {
		who, order, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		p, found := g.Map().LookupPower(who)
		if !found {
			t.Fatalf("%s: no seat %q", key, who)
		}
		by[p] = append(by[p], strings.TrimSpace(order))
	}
	for p, lines := range by {
		if _, errs, err := g.SubmitOrders(key, p, strings.Join(lines, "\n")); err != nil || len(errs) > 0 {
			t.Fatalf("%s %s: %v %v", key, p, err, errs)
		}
	}
}

func unitsAt(g *Game, s *engine.State, abbr string) []string {
	p, _ := g.Map().Lookup(abbr)
	var out []string
	for _, i := range s.UnitsAt(p) {
		u := s.Units[i]
		out = append(out, string(u.Power)+" "+g.Map().UnitCode(u.Type, u.Kind))
	}
	slices.Sort(out)
	return out
}

// TestShapeThroughSession plays a year of the test variant through the
// session with a game master's dice (issue 14's Proof): eleven seats, the
// Summer turns and the Autumn by their keys, a Jester's seat order, the
// Borg's die asked for and entered, the end with two winners and points;
// then saved, reopened, reviewed step by step from the stored draws and
// rolled back to the Borg's step to roll again.
func TestShapeThroughSession(t *testing.T) {
	g, path := newShape(t, DiceEntered)
	if !g.DiceEntered() {
		t.Fatal("dice=entered: DiceEntered is false")
	}
	if n := len(g.Info().Seats); n != 11 {
		t.Fatalf("%d seats", n)
	}
	for _, step := range shapeYear {
		cur, err := g.Current()
		if err != nil || cur.Phase.Name != step.key {
			t.Fatalf("current %s (%v), want %s", cur.Phase.Name, err, step.key)
		}
		submitLines(t, g, step.key, step.orders)
		if step.key == "AU1901.borg" {
			enterBorg(t, g)
		}
		out, _, err := g.Process(step.key)
		if err != nil {
			t.Fatalf("%s: %v", step.key, err)
		}
		if step.key == "W1901A" && !reflect.DeepEqual(out.End.Winners, []engine.Power{"france", "russia"}) {
			t.Fatalf("the end: %+v", out.End)
		}
	}
	checkEnded(t, g)
	g.Close()

	// Reopened: every step by its key, reviewed from the stored draws.
	g, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	checkEnded(t, g)
	phases, _ := g.History(false)
	var keys []string
	for _, p := range phases {
		keys = append(keys, p.Name)
	}
	want := []string{"S1901M", "SU1901.muster@germany", "SU1901.muster@austria", "SU1901.muster@england", "AU1901M", "AU1901.borg", "W1901A", "S1902M"}
	if !reflect.DeepEqual(keys, want) {
		t.Fatalf("history %v", keys)
	}
	for i, key := range want {
		ps, err := g.Phase(key)
		if err != nil || ps.Phase.Name != key || ps.State.Phase.Key() != key {
			t.Fatalf("Phase(%s) = %s, %v", key, ps.Phase.Name, err)
		}
		if i+1 == len(want) {
			break
		}
		out, err := g.Replay(ps)
		if err != nil {
			t.Fatalf("replay %s: %v", key, err)
		}
		got, _ := engine.MarshalState(out.Next)
		if next := phases[i+1]; !bytes.Equal(got, next.State) {
			t.Errorf("replay of %s gives another position than the stored %s", key, next.Name)
		}
	}
	borg, _ := g.Phase("AU1901.borg")
	draws, err := g.PhaseDraws(borg)
	if err != nil || len(draws) != 1 || !draws[0].Entered || draws[0].Kind != engine.DrawDie || draws[0].Shown() != 3 ||
		draws[0].Why != "the Borg's way from Bohemia" {
		t.Fatalf("the Borg's stored draw: %+v %v", draws, err)
	}
	if e, _ := g.EnteredDraws("AU1901.borg"); len(e) != 1 || e[0].Shown() != 3 {
		t.Errorf("EnteredDraws of the adjudicated step: %+v", e)
	}
	if s, _ := g.Phase("W1901A"); !reflect.DeepEqual(unitsAt(g, s.State, "sil"), []string{" BORG"}) {
		t.Errorf("the Borg after the 3: Silesia holds %v", unitsAt(g, s.State, "sil"))
	}

	// Rolled back to the Borg's step: the end is gone, the die is asked
	// for again, and a 5 takes the Borg to Vienna.
	back, err := g.Rollback("AU1901.borg", "the die fell off the table")
	if err != nil {
		t.Fatal(err)
	}
	if e, err := g.End(); e != nil || err != nil {
		t.Fatalf("the end after a rollback before it: %+v %v", e, err)
	}
	if e, _ := g.EnteredDraws(""); len(e) != 0 {
		t.Fatalf("the rolled-back step kept entered draws %+v", e)
	}
	_, _, err = g.Process(back.Phase.Name)
	var need *engine.NeedDraw
	if !errors.As(err, &need) || need.Index != 0 {
		t.Fatalf("after the rollback: %v", err)
	}
	if err := g.EnterDraw(back.Phase.Name, 0, 5); err != nil {
		t.Fatal(err)
	}
	_, next, err := g.Process(back.Phase.Name)
	if err != nil {
		t.Fatal(err)
	}
	if got := unitsAt(g, next.State, "vie"); !slices.Contains(got, " BORG") {
		t.Errorf("the Borg after a 5: Vienna holds %v", got)
	}
	all, _ := g.History(true)
	if len(all) != len(want)+2 {
		t.Errorf("%d phases in the file with the abandoned branch", len(all))
	}
}

// enterBorg checks what Process asks for in the Borg's step and what
// EnterDraw refuses, then enters a 3.
func enterBorg(t *testing.T, g *Game) {
	t.Helper()
	const key = "AU1901.borg"
	before := mustSnapshot(t, g)
	_, _, err := g.Process(key)
	var need *engine.NeedDraw
	if !errors.As(err, &need) || need.Index != 0 || !need.Die || need.N != 6 || need.Why != "the Borg's way from Bohemia" {
		t.Fatalf("Process without the die: %v", err)
	}
	if after := mustSnapshot(t, g); after != before {
		t.Fatal("a Process stopped for a die changed the file")
	}
	for _, bad := range []struct {
		index, value int
		words        string
	}{
		{0, 7, "a roll is 1 to 6"},
		{0, 0, "a roll is 1 to 6"},
		{1, 3, "needs draw 1"},
		{-1, 3, "needs draw 1"},
	} {
		if err := g.EnterDraw(key, bad.index, bad.value); err == nil || !strings.Contains(err.Error(), bad.words) {
			t.Errorf("EnterDraw(%d, %d): %v", bad.index, bad.value, err)
		}
	}
	if err := g.EnterDraw("AU1901M", 0, 3); !errors.Is(err, ErrStalePhase) {
		t.Errorf("EnterDraw for another phase: %v", err)
	}
	if after := mustSnapshot(t, g); after != before {
		t.Fatal("a refused EnterDraw changed the file")
	}
	if err := g.EnterDraw(key, 0, 3); err != nil {
		t.Fatal(err)
	}
	if err := g.EnterDraw(key, 0, 4); !errors.Is(err, store.ErrDrawEntered) || !strings.Contains(err.Error(), "entered as 3") {
		t.Errorf("a second value for the draw: %v", err)
	}
	e, err := g.EnteredDraws(key)
	if err != nil || len(e) != 1 || e[0].Value != 2 || e[0].Shown() != 3 || !e[0].Entered || e[0].Kind != engine.DrawDie {
		t.Fatalf("EnteredDraws = %+v, %v", e, err)
	}
}

// checkEnded checks the stored end and that play stops there.
func checkEnded(t *testing.T, g *Game) {
	t.Helper()
	e, err := g.End()
	if err != nil || e == nil {
		t.Fatalf("End = %v, %v", e, err)
	}
	if !reflect.DeepEqual(e.Winners, []engine.Power{"france", "russia"}) || e.Points["jester"] != 3 || e.Points["france"] != 4 || e.Why == "" {
		t.Errorf("End = %+v", e)
	}
	if key, _ := g.EndedIn(); key != "W1901A" {
		t.Errorf("EndedIn = %q", key)
	}
	if g.readOnly {
		return
	}
	cur := phaseNow(g)
	if _, _, err := g.Process(cur); !errors.Is(err, ErrGameOver) {
		t.Errorf("Process after the end: %v", err)
	}
	if _, _, err := g.SubmitOrders(cur, "france", "A par H"); !errors.Is(err, ErrGameOver) {
		t.Errorf("orders after the end: %v", err)
	}
}

// mustSnapshot is every row of the file that play writes, as text.
func mustSnapshot(t *testing.T, g *Game) string {
	t.Helper()
	phases, err := g.History(true)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, p := range phases {
		draws, _ := g.file.Draws(p.ID)
		entered, _ := g.file.EnteredDraws(p.ID)
		rows, _ := g.file.Orders(p.ID, false)
		b.WriteString(p.Name + string(p.State))
		fmt.Fprintln(&b, p.Adjudicated, p.Abandoned, draws, entered, rows)
	}
	audit, _ := g.Audit()
	fmt.Fprintln(&b, len(audit))
	return b.String()
}

// TestShapeSeatsAct: orders of a seat WhoActs lets act are taken (the
// Jester's jest, Italy's objection on Austria's turn), those of a seat
// it does not are refused with a clear message and change nothing.
func TestShapeSeatsAct(t *testing.T) {
	g, _ := newShape(t, "")
	if g.DiceEntered() {
		t.Fatal("the default dice are entered")
	}
	if _, _, err := g.SubmitOrders("S1901M", "jester", "jest A par - pic"); err != nil {
		t.Fatalf("the Jester's jest: %v", err)
	}
	for _, step := range shapeYear[:2] {
		submitLines(t, g, step.key, step.orders)
		if _, _, err := g.Process(step.key); err != nil {
			t.Fatal(err)
		}
	}
	const key = "SU1901.muster@austria"
	a, err := g.WhoActs(key)
	if err != nil || !reflect.DeepEqual(a.Must, []engine.Power{"austria"}) || !a.Allows("italy") || a.Allows("jester") {
		t.Fatalf("WhoActs(%s) = %+v, %v", key, a, err)
	}
	before := mustSnapshot(t, g)
	_, _, err = g.SubmitOrders(key, "jester", "object")
	if !errors.Is(err, ErrNotActing) || !strings.Contains(err.Error(), "Jester gives no orders in "+key) ||
		!strings.Contains(err.Error(), "Austria must act") {
		t.Fatalf("the Jester on Austria's turn: %v", err)
	}
	if mustSnapshot(t, g) != before {
		t.Fatal("a refused seat's orders changed the file")
	}
	subs, err := g.SubmitMany(key, []Submission{{Power: "jester", Text: "object"}, {Power: "italy", Text: "object"}})
	if err != nil || !errors.Is(subs[0].Refused, ErrNotActing) || subs[1].Refused != nil || len(subs[1].Orders) != 1 {
		t.Fatalf("SubmitMany: %+v, %v", subs, err)
	}
	ps, _ := g.Current()
	orders, _ := g.Orders(ps.Phase)
	if len(orders) != 1 || orders[0].Power != "italy" || !orders[0].SeatOrder() {
		t.Fatalf("orders stored: %+v", orders)
	}
}

// TestReplayReadsStoredDraws: review replays the draws the file stores
// and never rolls the seed again; a stored draw that no longer fits the
// rules fails with the engine's *DrawError.
func TestReplayReadsStoredDraws(t *testing.T) {
	g, path := newShape(t, "")
	for _, step := range shapeYear[:6] {
		submitLines(t, g, step.key, step.orders)
		if _, _, err := g.Process(step.key); err != nil {
			t.Fatal(err)
		}
	}
	borg, _ := g.Phase("AU1901.borg")
	draws, _ := g.PhaseDraws(borg)
	if len(draws) != 1 || draws[0].Entered || draws[0].Kind != engine.DrawDie {
		t.Fatalf("the seed's die: %+v", draws)
	}
	rolled := draws[0].Value
	g.Close()

	// The stored die changed (its checksum with it): the replay follows
	// the file, not the seed.
	other := (rolled + 1) % 6
	setDraw(t, path, borg.Phase.ID, 6, other)
	g, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	borg, _ = g.Phase("AU1901.borg")
	out, err := g.Replay(borg)
	if err != nil {
		t.Fatal(err)
	}
	if ev := strings.Join(out.Events, " "); !strings.Contains(ev, fmt.Sprintf("rolled %d", other+1)) {
		t.Errorf("the replay rolled again instead of reading the file: %q", ev)
	}
	g.Close()

	// A stored die of another range no longer fits: a *DrawError.
	setDraw(t, path, borg.Phase.ID, 4, 1)
	g, err = OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	borg, _ = g.Phase("AU1901.borg")
	_, err = g.Replay(borg)
	var de *engine.DrawError
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "replaying AU1901.borg") {
		t.Fatalf("a stored draw out of range: %v", err)
	}
}

// setDraw rewrites the first draw of a phase with a matching checksum.
func setDraw(t *testing.T, path string, phaseID int64, n, value int) {
	t.Helper()
	db, err := sql.Open("sqlite3", sqliteURI(path))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var why, kind string
	var entered int64
	if err := db.QueryRow("SELECT why, kind, entered FROM draws WHERE phase_id = ? AND idx = 0", phaseID).Scan(&why, &kind, &entered); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"DROP TRIGGER draws_no_update", "UPDATE draws SET n = ?, value = ?, crc = ? WHERE phase_id = ? AND idx = 0"} {
		var args []any
		if strings.HasPrefix(q, "UPDATE") {
			args = []any{n, value, rowCRC(phaseID, 0, why, n, value, kind, entered), phaseID}
		}
		if _, err := db.Exec(q, args...); err != nil && !strings.Contains(err.Error(), "no such trigger") {
			t.Fatal(err)
		}
	}
}

// TestRetreaterSeatsMayAct: in the retreat phase the card games put after
// every turn (a Retreater may retreat voluntarily), every power with
// units may send orders, so neither WhoActs nor a refusal tells who holds
// a Retreater.
func TestRetreaterSeatsMayAct(t *testing.T) {
	g, err := Create(filepath.Join(t.TempDir(), "c.dipdesk"), Options{Variant: "character2", Seed: 4, Now: fixedClock()})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if _, _, err := g.Process("S1901M"); err != nil {
		t.Fatal(err)
	}
	a, err := g.WhoActs("")
	if err != nil || g.m.PowerName("france") == "" || phaseNow(g) != "S1901R" {
		t.Fatalf("%s: %+v %v", phaseNow(g), a, err)
	}
	if len(a.Must) != 0 || len(a.May) != 7 {
		t.Fatalf("who acts in S1901R: %+v", a)
	}
	if _, _, err := g.SubmitOrders("S1901R", "france", "A par - bur"); err != nil {
		t.Fatalf("France's order in the retreat phase: %v", err)
	}
}

// TestOpenV2ShapeSave: a save of the test variant written by a DipDesk of
// format 2 (app/store/testdata) opens for play, upgraded: its Summer and
// Autumn steps found by key, its phases reviewed from the draws it stored
// then (the Borg's 6, its kind learnt by replaying), and play goes on.
func TestOpenV2ShapeSave(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "store", "testdata", "v2-shapetest.dipdesk"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.dipdesk")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	g, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	phases, _ := g.History(false)
	for i := 0; i+1 < len(phases); i++ {
		ps, err := g.Phase(phases[i].Name)
		if err != nil || ps.State.Phase.Key() != phases[i].Name {
			t.Fatalf("Phase(%s): %v", phases[i].Name, err)
		}
		out, err := g.Replay(ps)
		if err != nil {
			t.Fatalf("replay %s: %v", ps.Phase.Name, err)
		}
		if got, _ := engine.MarshalState(out.Next); !bytes.Equal(got, phases[i+1].State) {
			t.Errorf("replay of %s differs from the stored %s", ps.Phase.Name, phases[i+1].Name)
		}
	}
	borg, _ := g.Phase("AU1901.borg")
	d, err := g.PhaseDraws(borg)
	if err != nil || len(d) != 1 || d[0].Kind != engine.DrawDie || d[0].Shown() != 6 || d[0].Entered {
		t.Fatalf("the old die: %+v, %v", d, err)
	}
	if phaseNow(g) != "SU1902.muster@germany" {
		t.Fatalf("current %s", phaseNow(g))
	}
	submitLines(t, g, "SU1902.muster@germany", "Germany: muster kie")
	if _, next, err := g.Process("SU1902.muster@germany"); err != nil || next.Phase.Name != "SU1902.muster@austria" {
		t.Fatalf("playing on: %v", err)
	}
}

// TestShapeMissing: the list before adjudicating asks WhoActs: on
// Germany's Summer turn only Germany's silence is missing (the powers
// that may object are not waited for); in Spring the Doctor's birds
// beside England's fleet in London are a unit of their own to order, and
// the Jester, who may act, is never missing.
func TestShapeMissing(t *testing.T) {
	g, _ := newShape(t, "")
	if _, _, err := g.SubmitOrders("S1901M", "england", "F lon - nth"); err != nil {
		t.Fatal(err)
	}
	m, err := g.Missing(engine.Seat{GM: true})
	if err != nil {
		t.Fatal(err)
	}
	by := map[engine.Power]PowerMissing{}
	for _, pm := range m.Powers {
		by[pm.Power] = pm
	}
	if _, ok := by["jester"]; ok {
		t.Error("the Jester, who may act, is missing")
	}
	if e := by["england"]; e.NoOrders || len(e.Unordered) != 2 || slices.ContainsFunc(e.Unordered, func(u engine.Unit) bool {
		return g.Map().Provinces[u.Loc.P].Abbr == "lon"
	}) {
		t.Errorf("England ordered its fleet in London, not its two others: %+v", e)
	}
	if d := by["doctor"]; !d.NoOrders || len(d.Unordered) != 1 || d.Unordered[0].Kind == 0 {
		t.Errorf("the Doctor's birds: %+v", d)
	}
	if len(m.Powers) != 8 { // the seven great powers and the Doctor
		t.Errorf("%d seats missing: %+v", len(m.Powers), m.Powers)
	}
	submitLines(t, g, "S1901M", shapeYear[0].orders)
	if _, _, err := g.Process("S1901M"); err != nil {
		t.Fatal(err)
	}
	m, err = g.Missing(engine.Seat{GM: true})
	if err != nil || len(m.Powers) != 1 || m.Powers[0].Power != "germany" || !m.Powers[0].NoOrders {
		t.Fatalf("on Germany's turn: %+v, %v", m.Powers, err)
	}
}

// playShape plays the steps of shapeYear up to (not including) step
// stop, entering a 3 for the Borg when the dice are entered.
func playShape(t *testing.T, g *Game, stop int) {
	t.Helper()
	for _, step := range shapeYear[:stop] {
		submitLines(t, g, step.key, step.orders)
		if step.key == "AU1901.borg" && g.DiceEntered() {
			if err := g.EnterDraw(step.key, 0, 3); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := g.Process(step.key); err != nil {
			t.Fatalf("%s: %v", step.key, err)
		}
	}
}

// TestShapeReport: the report of a step shows its draws with what each
// was for and its value (the die as its face, who rolled it), the seats
// the public the dice only; the report of the last step shows the end
// with its winners and points; before a step is adjudicated the game
// master's report shows who acts and the values entered.
func TestShapeReport(t *testing.T) {
	g, _ := newShape(t, DiceEntered)
	playShape(t, g, 5)
	if err := g.EnterDraw("AU1901.borg", 0, 3); err != nil {
		t.Fatal(err)
	}
	gm, err := g.Report("AU1901.borg", engine.Seat{GM: true})
	if err != nil || !strings.Contains(gm, "Not yet adjudicated: nobody acts") ||
		!strings.Contains(gm, "1. the Borg's way from Bohemia: rolled 3 on a d6 (entered by the game master)") {
		t.Fatalf("the game master's report before the Borg moves: %v\n%s", err, gm)
	}
	if pub, _ := g.Report("AU1901.borg", engine.Seat{}); strings.Contains(pub, "rolled 3") {
		t.Errorf("the public reads the entered die before the step:\n%s", pub)
	}
	if _, _, err := g.Process("AU1901.borg"); err != nil {
		t.Fatal(err)
	}
	submitLines(t, g, "W1901A", shapeYear[6].orders)
	if _, _, err := g.Process("W1901A"); err != nil {
		t.Fatal(err)
	}
	for _, seat := range []engine.Seat{{}, {Power: "jester"}, {GM: true}} {
		rep, err := g.Report("AU1901.borg", seat)
		if err != nil || !strings.Contains(rep, "Autumn 1901 Borg (AU1901.borg)") ||
			!strings.Contains(rep, "Draws:\n  1. the Borg's way from Bohemia: rolled 3 on a d6 (entered by the game master)") {
			t.Errorf("report of the Borg's step for %s: %v\n%s", seat, err, rep)
		}
	}
	rep, err := g.Report("W1901A", engine.Seat{})
	if err != nil || !strings.Contains(rep, "The game is over: France and Russia win: ") ||
		!strings.Contains(rep, "Jester         3") || !strings.Contains(rep, "France         4  (wins)") {
		t.Errorf("report of the last step: %v\n%s", err, rep)
	}
	if rep, _ := g.Report("SU1901.muster@austria", engine.Seat{}); !strings.Contains(rep, "Summer 1901 Muster (Austria) (SU1901.muster@austria)") ||
		!strings.Contains(rep, "Italy objected") {
		t.Errorf("report of Austria's turn:\n%s", rep)
	}
}

// TestShapeEdits: the game master's edits handle a variant's pieces and
// a province several share: birds added beside an army, a piece of no
// seat, one of two pieces named by its seat and kind, and a clear
// refusal when the words leave it open.
func TestShapeEdits(t *testing.T) {
	g, _ := newShape(t, "")
	edit := func(words string) error {
		e, err := g.ParseEdit(strings.Fields(words))
		if err != nil {
			return err
		}
		return g.ApplyEdit("S1901M", e)
	}
	for _, ok := range []string{"add doctor B par", "add none BORG vie", "remove lon doctor B", "move boh tyr none BORG", "move par bur france A"} {
		if err := edit(ok); err != nil {
			t.Fatalf("%s: %v", ok, err)
		}
	}
	for bad, words := range map[string]string{
		"remove par":          "", // only the birds are left there
		"remove vie":          "Vienna holds no seat's BORG and Austria's A: say which, by its seat and kind (e.g. remove vie austria A)",
		"add france BORG boh": "belongs to no seat",
		"add none A boh":      "belongs to a seat",
		"add germany A bur":   "already holds a unit",
		"move vie gal turkey": "no turkey in Vienna",
	} {
		err := edit(bad)
		if words == "" {
			if err != nil {
				t.Errorf("%s: %v", bad, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), words) {
			t.Errorf("%s: %v, want %q", bad, err, words)
		}
	}
	cur, _ := g.Current()
	s := cur.State
	for abbr, want := range map[string][]string{"lon": {"england F"}, "vie": {" BORG", "austria A"}, "tyr": {" BORG"}, "bur": {"france A"}, "par": nil} {
		if got := unitsAt(g, s, abbr); !reflect.DeepEqual(got, want) {
			t.Errorf("%s holds %v, want %v", abbr, got, want)
		}
	}
	for _, u := range s.Units {
		if u.ID == 0 {
			t.Errorf("a unit without an id: %+v", u)
		}
	}
}

// TestMistypedRollCorrectedByRollback: a value entered is never
// overwritten; rolling the current phase back to itself leaves it on the
// abandoned row, and the roll is entered again.
func TestMistypedRollCorrectedByRollback(t *testing.T) {
	g, _ := newShape(t, DiceEntered)
	playShape(t, g, 5)
	const key = "AU1901.borg"
	if err := g.EnterDraw(key, 0, 6); err != nil { // meant a 3
		t.Fatal(err)
	}
	if err := g.EnterDraw(key, 0, 3); !errors.Is(err, store.ErrDrawEntered) {
		t.Fatalf("overwriting the 6: %v", err)
	}
	if _, err := g.Rollback(key, "the game master typed 6 for a 3"); err != nil {
		t.Fatal(err)
	}
	if e, _ := g.EnteredDraws(key); len(e) != 0 {
		t.Fatalf("the rolled-back phase keeps %+v", e)
	}
	if err := g.EnterDraw(key, 0, 3); err != nil {
		t.Fatal(err)
	}
	if _, next, err := g.Process(key); err != nil || !slices.Contains(unitsAt(g, next.State, "sil"), " BORG") {
		t.Fatalf("after the correction: %v", err)
	}
	all, _ := g.History(true)
	var kept []engine.Draw
	for _, p := range all {
		if p.Name == key && p.Abandoned {
			rows, _ := g.file.EnteredDraws(p.ID)
			kept = script(rows)
		}
	}
	if len(kept) != 1 || kept[0].Shown() != 6 {
		t.Errorf("the mistyped 6 is not kept on the abandoned row: %+v", kept)
	}
}

// TestEnteredRollNoLongerFits: a value entered for one roll is never
// played for another: the Borg moved by an edit after its roll was
// entered makes Process refuse, saying so, and change nothing.
func TestEnteredRollNoLongerFits(t *testing.T) {
	g, _ := newShape(t, DiceEntered)
	playShape(t, g, 5)
	const key = "AU1901.borg"
	if err := g.EnterDraw(key, 0, 3); err != nil {
		t.Fatal(err)
	}
	e, err := g.ParseEdit(strings.Fields("move boh tyr none BORG"))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.ApplyEdit(key, e); err != nil {
		t.Fatal(err)
	}
	before := mustSnapshot(t, g)
	_, _, err = g.Process(key)
	var de *engine.DrawError
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "no longer fit") || !strings.Contains(err.Error(), "rollback --to AU1901.borg") {
		t.Fatalf("a roll entered for the Borg in Bohemia, played in Tyrolia: %v", err)
	}
	if mustSnapshot(t, g) != before {
		t.Error("the refused Process changed the file")
	}
}
