package questionable

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
)

// game plays the variant through the engine alone, step by step, with
// the dice a test gives (by their faces, in the order they are rolled).
type game struct {
	t   *testing.T
	m   *engine.Map
	s   *engine.State
	p   *engine.Parser
	out *engine.Outcome
}

func newGame(t *testing.T, options map[string]string) *game {
	t.Helper()
	m, err := Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	s, err := Variant.NewGame(m, options, engine.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	return &game{t: t, m: m, s: s, p: Variant.Parser(m)}
}

// at moves the game to year y's Spring (characters' step first in a
// game whose characters act apart), keeping the position.
func (g *game) at(year int, season engine.Season) *game {
	g.s.Phase = engine.Phase{Year: year, Season: season, Type: engine.Movement}
	if optionsOf(extraOf(g.s)).separate {
		g.s.Phase = charactersStep(g.s.Phase)
	}
	return g
}

// step adjudicates the current step with text ("Power: order" lines) and
// exactly the dice given: a step that rolls more or fewer fails the test.
func (g *game) step(text string, dice ...int) *engine.Outcome {
	g.t.Helper()
	orders, errs := g.p.ParseOrders("", text)
	if len(errs) > 0 {
		g.t.Fatalf("%s: %v", g.s.Phase.Key(), errs)
	}
	rng := engine.NewRand(11).Dice(dice).Ask()
	out, err := engine.AdjudicateStep(g.s, orders, Variant.Rules, rng)
	var nd *engine.NeedDraw
	if errors.As(err, &nd) {
		g.t.Fatalf("%s: a roll the test did not give: %s", g.s.Phase.Key(), nd.Why)
	}
	if err != nil {
		g.t.Fatalf("%s: %v", g.s.Phase.Key(), err)
	}
	if rng.DiceLeft() > 0 {
		g.t.Fatalf("%s: %d dice given were never rolled (draws %+v)", g.s.Phase.Key(), rng.DiceLeft(), rng.Draws())
	}
	b, err := engine.MarshalState(out.Next)
	if err != nil {
		g.t.Fatal(err)
	}
	back, err := engine.UnmarshalStateExtra(g.m, b, Variant.DecodeExtra)
	if err != nil {
		g.t.Fatalf("%s: the position after it does not read back: %v", g.s.Phase.Key(), err)
	}
	if b2, _ := engine.MarshalState(back); string(b2) != string(b) {
		g.t.Fatalf("%s: the position changed in a save", g.s.Phase.Key())
	}
	g.s, g.out = out.Next, out
	return out
}

// result returns the result of the order written text (the seat order's
// words, or a unit's order as Format writes it).
func (g *game) result(text string) engine.Result {
	g.t.Helper()
	for _, r := range g.out.Results {
		if r.Order.Format(g.m) == text {
			return r
		}
	}
	var have []string
	for _, r := range g.out.Results {
		have = append(have, r.Order.Format(g.m))
	}
	g.t.Fatalf("no result for %q; results: %q", text, have)
	return engine.Result{}
}

// unit returns "power T loc" of the unit in a province.
func (g *game) unit(abbr string) string {
	p, ok := g.m.Lookup(abbr)
	if !ok {
		g.t.Fatalf("no province %s", abbr)
	}
	var out []string
	for _, i := range g.s.UnitsAt(p) {
		u := g.s.Units[i]
		out = append(out, string(u.Power)+" "+u.Type.String()+" "+g.m.LocString(u.Loc))
	}
	slices.Sort(out)
	return strings.Join(out, ", ")
}

// character returns power's (first) character of kind k.
func (g *game) character(p engine.Power, k kind) *character {
	g.t.Helper()
	cs := charactersOf(extraOf(g.s).Characters, p, k)
	if len(cs) == 0 {
		g.t.Fatalf("%s has no %s", p, k)
	}
	return cs[0]
}

func wantContains(t *testing.T, what, got, want string) {
	t.Helper()
	if !strings.Contains(got, want) {
		t.Fatalf("%s: %q does not say %q", what, got, want)
	}
}

var _ = reflect.DeepEqual
