package session

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dipdesk/app/store"
	"dipdesk/engine"
)

var openings = map[engine.Power]string{
	"england": "F lon - nth\nF edi - nwg\nA lvp - yor",
	"france":  "F bre - mao\nA par - bur\nA mar - spa",
	"germany": "F kie - den\nA ber - kie\nA mun - ruh",
	"italy":   "F nap - ion\nA rom - apu\nA ven H",
	"austria": "A vie - gal\nA bud - ser\nF tri - alb",
	"russia":  "F stp/sc - bot\nA mos - ukr\nA war - gal\nF sev - bla",
	"turkey":  "F ank - bla\nA con - bul\nA smy - con",
}

func fixedClock() func() time.Time {
	t := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	return func() time.Time { t = t.Add(time.Second); return t }
}

func newGame(t *testing.T) *Game {
	t.Helper()
	g, err := Create(filepath.Join(t.TempDir(), "game.dipdesk"), Options{Seed: 42, Now: fixedClock()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

func submitAll(t *testing.T, g *Game, orders map[engine.Power]string) {
	t.Helper()
	for p, text := range orders {
		if _, errs, err := g.SubmitOrders(phaseNow(g), p, text); err != nil || len(errs) > 0 {
			t.Fatalf("%s: %v %v", p, err, errs)
		}
	}
}

func unitAt(t *testing.T, s *engine.State, prov string) string {
	t.Helper()
	p, ok := s.Map.Lookup(prov)
	if !ok {
		t.Fatalf("no province %s", prov)
	}
	if i := s.UnitAt(p); i >= 0 {
		u := s.Units[i]
		return string(u.Power) + " " + u.Type.String()
	}
	return ""
}

func TestPlayAPhase(t *testing.T) {
	g := newGame(t)
	submitAll(t, g, openings)
	out, next, err := g.Process(phaseNow(g))
	if err != nil {
		t.Fatal(err)
	}
	if next.State.Phase.Key() != "F1901M" {
		t.Fatalf("next phase %s", next.State.Phase.Key())
	}
	if unitAt(t, next.State, "bur") != "france A" || unitAt(t, next.State, "gal") != "" {
		t.Errorf("units after S1901M: bur %q gal %q", unitAt(t, next.State, "bur"), unitAt(t, next.State, "gal"))
	}
	if len(out.Results) != 22 {
		t.Errorf("%d results, want 22", len(out.Results))
	}
	// The phase is stored with its results, and the file reopens to the same place.
	path := g.Path()
	g.Close()
	g2, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer g2.Close()
	s1, err := g2.Phase("S1901M")
	if err != nil {
		t.Fatal(err)
	}
	res, err := g2.Results(s1.Phase)
	if err != nil || len(res) != 22 {
		t.Fatalf("stored results: %d, %v", len(res), err)
	}
	if _, _, err := g2.SubmitOrders(phaseNow(g2), "france", "A bur - mun"); !errors.Is(err, ErrReadOnly) {
		t.Errorf("read-only game accepted orders: %v", err)
	}
}

func TestSubmitReplacesAndReportsBadLines(t *testing.T) {
	g := newGame(t)
	good, errs, err := g.SubmitOrders(phaseNow(g), "france", "A par - bur\nA mar - Bugundy\nEngland: F lon - nth")
	if err != nil {
		t.Fatal(err)
	}
	if len(good) != 1 || len(errs) != 2 {
		t.Fatalf("good %d, errors %v", len(good), errs)
	}
	if !strings.Contains(errs[0].Error(), `line 2: no province "Bugundy" (did you mean Burgundy?)`) {
		t.Errorf("error %q", errs[0])
	}
	if _, _, err := g.SubmitOrders(phaseNow(g), "france", "A par - pic"); err != nil {
		t.Fatal(err)
	}
	cur, _ := g.Current()
	orders, _ := g.Orders(cur.Phase)
	if len(orders) != 1 || orders[0].Format(g.Map()) != "A par - pic" {
		t.Errorf("orders after replacing: %v", orders)
	}
}

func TestViewsHideOrders(t *testing.T) {
	g := newGame(t)
	submitAll(t, g, map[engine.Power]string{"france": "A par - bur", "germany": "A mun - bur"})
	for _, tc := range []struct {
		seat string
		want int
	}{{"gm", 2}, {"france", 1}, {"public", 0}, {"italy", 0}} {
		seat, err := g.ParseSeat(tc.seat)
		if err != nil {
			t.Fatal(err)
		}
		v, err := g.View(seat, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(v.Pending) != tc.want {
			t.Errorf("%s sees %d orders, want %d", tc.seat, len(v.Pending), tc.want)
		}
		rep, err := g.Report("", seat)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(rep, "A mun - bur") != (tc.seat == "gm") {
			t.Errorf("report for %s shows Germany's order: %v\n%s", tc.seat, !(tc.seat == "gm"), rep)
		}
	}
}

func TestRollbackAndCorrect(t *testing.T) {
	g := newGame(t)
	submitAll(t, g, openings)
	if _, _, err := g.Process(phaseNow(g)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.Process(phaseNow(g)); err != nil { // F1901M with no orders
		t.Fatal(err)
	}
	ps, err := g.Rollback("S1901M", "France reports a typo")
	if err != nil {
		t.Fatal(err)
	}
	if ps.State.Phase.Key() != "S1901M" {
		t.Fatalf("rolled back to %s", ps.State.Phase.Key())
	}
	orders, err := g.Orders(ps.Phase)
	if err != nil || len(orders) != 22 {
		t.Fatalf("orders carried over: %d %v", len(orders), err)
	}
	if _, _, err := g.SubmitOrders(phaseNow(g), "france", "F bre - mao\nA par - pic\nA mar - spa"); err != nil {
		t.Fatal(err)
	}
	_, next, err := g.Process(phaseNow(g))
	if err != nil {
		t.Fatal(err)
	}
	if unitAt(t, next.State, "pic") != "france A" {
		t.Errorf("correction not applied")
	}
	all, _ := g.History(true)
	live, _ := g.History(false)
	abandoned := 0
	for _, p := range all {
		if p.Abandoned {
			abandoned++
		}
	}
	if abandoned < 2 || len(live) != 2 {
		t.Errorf("history: %d phases, %d abandoned, %d live", len(all), abandoned, len(live))
	}
	audit, _ := g.Audit()
	found := false
	for _, a := range audit {
		if a.Kind == "rollback" && strings.Contains(a.Detail, "typo") {
			found = true
		}
	}
	if !found {
		t.Error("rollback not in the audit log")
	}
}

func TestEdits(t *testing.T) {
	g := newGame(t)
	for _, cmd := range []string{"add france A bur", "remove mun", "move kie hol", "owner bel france", "move bre spa/sc"} {
		e, err := g.ParseEdit(strings.Fields(cmd))
		if err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		if err := g.ApplyEdit(phaseNow(g), e); err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
	}
	cur, _ := g.Current()
	s := cur.State
	bel, _ := s.Map.Lookup("bel")
	if unitAt(t, s, "bur") != "france A" || unitAt(t, s, "mun") != "" || unitAt(t, s, "hol") != "germany F" || s.Owners[bel] != "france" {
		t.Errorf("edits not applied: %v", s.Record().Units)
	}
	for _, bad := range []string{"add france A nth", "add france A par", "remove bur bur", "move par nth", "owner bur france", "move bre spa", "frobnicate"} {
		e, err := g.ParseEdit(strings.Fields(bad))
		if err == nil {
			err = g.ApplyEdit(phaseNow(g), e)
		}
		if err == nil {
			t.Errorf("edit %q accepted", bad)
		}
	}
	audit, _ := g.Audit()
	edits := 0
	for _, a := range audit {
		if a.Kind == "edit" {
			edits++
		}
	}
	if edits != 5 {
		t.Errorf("%d edits in the audit log, want 5", edits)
	}
}

// TestReplay re-adjudicates every phase of a saved game from its stored
// orders and seed and gets exactly the stored next states.
func TestReplay(t *testing.T) {
	g := newGame(t)
	rng := engine.NewRand(9)
	for i := 0; i < 40; i++ {
		cur, err := g.Current()
		if err != nil {
			t.Fatal(err)
		}
		byPower := map[engine.Power][]string{}
		for _, o := range engine.RandomOrders(cur.State, rng) {
			byPower[o.Power] = append(byPower[o.Power], o.Format(g.Map()))
		}
		for p, lines := range byPower {
			if _, errs, err := g.SubmitOrders(phaseNow(g), p, strings.Join(lines, "\n")); err != nil || len(errs) > 0 {
				t.Fatalf("%s %s: %v %v", cur.Phase.Name, p, err, errs)
			}
		}
		out, _, err := g.Process(phaseNow(g))
		if err != nil {
			t.Fatal(err)
		}
		if out.Winner() != "" {
			break
		}
	}
	phases, err := g.History(false)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(phases); i++ {
		ps, err := g.decode(phases[i])
		if err != nil {
			t.Fatal(err)
		}
		orders, err := g.Orders(phases[i])
		if err != nil {
			t.Fatal(err)
		}
		out := engine.Adjudicate(ps.State, orders, g.variant.Rules, g.phaseRand(phases[i].Seq))
		b, _ := engine.MarshalState(out.Next)
		if string(b) != string(phases[i+1].State) {
			t.Fatalf("replay of %s differs:\n got %s\nwant %s", phases[i].Name, b, phases[i+1].State)
		}
	}
	if len(phases) < 30 {
		t.Errorf("only %d phases played", len(phases))
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(filepath.Join(dir, "missing.dipdesk")); err == nil {
		t.Error("opened a missing file")
	}
	g := newGame(t)
	if _, err := Open(g.Path()); !errors.Is(err, store.ErrLocked) {
		t.Errorf("second open: %v, want ErrLocked", err)
	}
	if _, err := Create(g.Path(), Options{}); !errors.Is(err, store.ErrExists) {
		t.Errorf("create over a game: %v", err)
	}
	if _, err := Create(filepath.Join(dir, "x.dipdesk"), Options{Variant: "monopoly"}); err == nil || !strings.Contains(err.Error(), `unknown variant "monopoly"`) {
		t.Errorf("unknown variant: %v", err)
	}
}

// phaseNow is the name of g's current phase, for writers that state it
// ("" when it cannot be read: the writer then fails with the reason).
func phaseNow(g *Game) string {
	ps, err := g.Current()
	if err != nil {
		return ""
	}
	return ps.Phase.Name
}
