package shapetest

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
)

// game plays the variant step by step through the engine alone, the way
// the session does: orders parsed per seat, draws asked for when a test
// enters them.
type game struct {
	t   *testing.T
	m   *engine.Map
	s   *engine.State
	p   *engine.Parser
	out *engine.Outcome
}

func newGame(t *testing.T, options map[string]string) *game {
	t.Helper()
	m, err := Map()
	if err != nil {
		t.Fatal(err)
	}
	s, err := Variant.NewGame(m, options, engine.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	return &game{t: t, m: m, s: s, p: Variant.Parser(m)}
}

// step adjudicates the current step with text ("Power: order" lines),
// entering dice in order when given; it checks the position survives a
// save.
func (g *game) step(text string, dice ...int) *engine.Outcome {
	g.t.Helper()
	orders, errs := g.p.ParseOrders("", text)
	if len(errs) > 0 {
		g.t.Fatalf("%s: %v", g.s.Phase.Key(), errs)
	}
	var script []engine.Draw
	for {
		rng := engine.NewRand(7).Script(script)
		if dice != nil {
			rng.Ask()
		}
		out, err := engine.AdjudicateStep(g.s, orders, Variant.Rules, rng)
		var nd *engine.NeedDraw
		if errors.As(err, &nd) {
			if len(dice) == 0 {
				g.t.Fatalf("%s: a draw nobody entered: %v", g.s.Phase.Key(), nd)
			}
			script = append(rng.Draws(), engine.Draw{Why: nd.Why, N: nd.N, Value: dice[0] - 1, Kind: engine.DrawDie, Entered: true})
			dice = dice[1:]
			continue
		}
		if err != nil {
			g.t.Fatal(err)
		}
		b, err := engine.MarshalState(out.Next)
		if err != nil {
			g.t.Fatal(err)
		}
		back, err := engine.UnmarshalStateExtra(g.m, b, Variant.DecodeExtra)
		if err != nil {
			g.t.Fatalf("%s: the position after it does not read back: %v", g.s.Phase.Key(), err)
		}
		b2, _ := engine.MarshalState(back)
		if string(b) != string(b2) {
			g.t.Fatalf("%s: the position changed in a save", g.s.Phase.Key())
		}
		g.s, g.out = out.Next, out
		return out
	}
}

func (g *game) result(order string) engine.Result {
	g.t.Helper()
	for _, r := range g.out.Results {
		if r.Order.Format(g.m) == order {
			return r
		}
	}
	g.t.Fatalf("no result for %q in %+v", order, g.out.Results)
	return engine.Result{}
}

func (g *game) unitsAt(abbr string) []string {
	p, _ := g.m.Lookup(abbr)
	var out []string
	for _, i := range g.s.UnitsAt(p) {
		u := g.s.Units[i]
		out = append(out, string(u.Power)+" "+g.m.UnitCode(u.Type, u.Kind))
	}
	slices.Sort(out)
	return out
}

// TestShapeEveryPoint plays a year and a half of the test variant and
// checks each of issue 14's points on it: eleven seats with roles, the
// keys of a Summer turn stretch and an Autumn, who acts in each step
// (with an interrupt on another's turn, and nobody in the Borg's), a
// Jester's seat order, birds sharing a province, the Borg moved by a
// game master's die, and a game ending with points and two winners.
func TestShapeEveryPoint(t *testing.T) {
	g := newGame(t, map[string]string{OptionEndYear: "1901"})
	if ids := g.m.PowerIDs(); len(ids) != 11 || !slices.Contains(ids, "soothsayer") {
		t.Fatalf("seats %v", ids)
	}
	if got := g.unitsAt("lon"); !reflect.DeepEqual(got, []string{"doctor B", "england F"}) {
		t.Fatalf("London holds %v", got)
	}
	var keys []string
	acts := map[string]engine.Acting{}
	note := func() {
		keys = append(keys, g.s.Phase.Key())
		acts[g.s.Phase.Key()] = engine.WhoActs(g.s, Variant.Rules)
	}

	note()
	g.step("France: A par - bur\nJester: jest A par - pic\nGermany: A mun - bur")
	if r := g.result("jest a par - pic"); !r.OK || !strings.Contains(r.Reason, "A par - pic") {
		t.Fatalf("the Jester's order: %+v", r)
	}
	if got := g.unitsAt("pic"); !reflect.DeepEqual(got, []string{"france A"}) {
		t.Fatalf("the Jester's move: Picardy holds %v", got)
	}
	if got := g.unitsAt("bur"); !reflect.DeepEqual(got, []string{"germany A"}) {
		t.Fatalf("Burgundy holds %v", got)
	}

	note()
	g.step("Germany: muster ber")
	if got := g.unitsAt("ber"); !reflect.DeepEqual(got, []string{"germany A", "germany B"}) {
		t.Fatalf("the muster: Berlin holds %v", got)
	}
	note()
	g.step("Austria: muster vie\nItaly: object\nJester: object")
	if r := g.result("muster vie"); r.OK || !strings.Contains(r.Reason, "Italy objected") {
		t.Fatalf("Austria's muster under Italy's objection: %+v", r)
	}
	if r := g.result("object"); r.Order.Power == "jester" && r.OK {
		t.Fatal("a role objected")
	}
	note()
	g.step("England: muster lon")
	note()
	g.step("France: A pic - bel")
	note()
	// The Borg in Bohemia: its ways by name are gal, mun, sil, tyr, vie;
	// the game master rolls a 3: Silesia.
	g.step("", 3)
	if got := g.unitsAt("sil"); !reflect.DeepEqual(got, []string{" BORG"}) {
		t.Fatalf("the Borg after a 3: Silesia holds %v (events %q)", got, g.out.Events)
	}
	if d := g.out.Events; len(d) == 0 || !strings.Contains(d[0], "rolled 3") {
		t.Fatalf("events %q", d)
	}
	note()
	g.step("France: build A par")
	if g.out.End == nil {
		t.Fatal("the game did not end after the last year's adjustments")
	}
	end := g.out.End
	// France took Belgium and Russia has four home centres: two winners.
	if end.Points["jester"] != 3 || end.Points["france"] != 4 || !reflect.DeepEqual(end.Winners, []engine.Power{"france", "russia"}) || end.Draw {
		t.Fatalf("the end: %+v", end)
	}

	wantKeys := []string{"S1901M", "SU1901.muster@germany", "SU1901.muster@austria", "SU1901.muster@england", "AU1901M", "AU1901.borg", "W1901A"}
	if !reflect.DeepEqual(keys, wantKeys) {
		t.Fatalf("keys %v\nwant %v", keys, wantKeys)
	}
	for _, k := range keys {
		if p, err := engine.ParsePhase(k); err != nil || p.Key() != k {
			t.Errorf("key %s does not read back: %v", k, err)
		}
	}
	if a := acts["S1901M"]; len(a.Must) != 8 || !slices.Contains(a.Must, "doctor") || !reflect.DeepEqual(a.May, []engine.Power{"jester"}) {
		t.Errorf("who acts in Spring: %+v (the seven, the Doctor for its birds, the Jester may)", a)
	}
	if a := acts["SU1901.muster@austria"]; !reflect.DeepEqual(a.Must, []engine.Power{"austria"}) || len(a.May) != 6 || slices.Contains(a.May, "jester") {
		t.Errorf("who acts on Austria's turn: %+v", a)
	}
	if a := acts["AU1901.borg"]; !a.Nobody() {
		t.Errorf("who acts in the Borg's step: %+v", a)
	}
}

// TestShapeBorgEatsBirds: the Borg landing where birds are eats them and
// leaves the army beside them alone; the seed rolls when nobody enters.
func TestShapeBorgEatsBirds(t *testing.T) {
	g := newGame(t, nil)
	g.s.Phase = engine.Phase{Year: 1901, Season: engine.Autumn, Type: engine.Custom, Step: stepBorg}
	vie, _ := g.m.Lookup("vie")
	birds, _ := g.m.PieceByCode("B")
	g.s.Units = append(g.s.Units, engine.Unit{Power: "austria", Type: engine.Army, Kind: birds.Kind, Loc: engine.Loc{P: vie}})
	g.s.GiveIDs()
	g.step("", 5) // gal, mun, sil, tyr, vie: a 5 is Vienna
	if got := g.unitsAt("vie"); !reflect.DeepEqual(got, []string{" BORG", "austria A"}) {
		t.Fatalf("Vienna after the Borg: %v", got)
	}
	g2 := newGame(t, nil)
	g2.s.Phase = engine.Phase{Year: 1901, Season: engine.Autumn, Type: engine.Custom, Step: stepBorg}
	g2.step("") // nobody enters: the seed rolls
	if len(g2.out.Events) != 1 {
		t.Fatalf("events %q", g2.out.Events)
	}
}

// TestShapeOptions: the last year is an option, checked.
func TestShapeOptions(t *testing.T) {
	m, _ := Map()
	for _, bad := range []map[string]string{{OptionEndYear: "1800"}, {OptionEndYear: "x"}, {"colour": "red"}} {
		if _, err := Variant.NewGame(m, bad, engine.NewRand(1)); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}
