package character

import (
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit/kittest"
)

// judge adjudicates orders on a card position and returns the outcome.
func judge(t *testing.T, s *engine.State, text string) *engine.Outcome {
	t.Helper()
	orders, errs := Variant.Parser(s.Map).ParseOrders("", text)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	for _, r := range out.Results {
		t.Logf("%s: %s %s", r.Order.Text, r.Code, r.Reason)
	}
	return out
}

// cardIn returns the id of the card of the unit in province abbr after a
// phase, "" if none.
func cardIn(t *testing.T, s *engine.State, abbr string) string {
	t.Helper()
	p, _ := s.Map.Lookup(abbr)
	u, ok := unitIn(s, p)
	if !ok {
		t.Fatalf("no unit in %s", abbr)
	}
	c, ok := s.Extra.(*extra).CardOf(u)
	if !ok {
		return ""
	}
	return c.ID
}

// TestThief: card X3 steals "the power of an adjacent piece before
// movement occurs" (rulings "X3 Thief").
func TestThief(t *testing.T) {
	tests := []cardCase{
		{"the robbed unit is ordinary already this turn", s1902,
			[]string{"France: A bur #X3", "Germany: A mun #2", "France: A ruh #20", "France: A tyr #20"},
			"France: A bur steal mun\nFrance: A ruh - mun\nFrance: A tyr S A ruh - mun",
			"france A bur, france A mun, france A tyr, *germany A mun", "stole #2 Double Strength from A mun"},
		{"without the theft the double strength holds", s1902,
			[]string{"France: A bur #X3", "Germany: A mun #2", "France: A ruh #20", "France: A tyr #20"},
			"France: A bur H\nFrance: A ruh - mun\nFrance: A tyr S A ruh - mun",
			"france A bur, france A ruh, france A tyr, germany A mun", "held"},
		{"the thief cannot use the stolen power this turn", s1902,
			[]string{"France: A bur #X3", "Germany: A mun #2", "Germany: A ruh #20", "Germany: A pic #20"},
			"France: A bur steal mun\nGermany: A ruh - bur\nGermany: A pic S A ruh - bur",
			"germany A bur, germany A mun, germany A pic, *france A bur", "stole"},
		{"rule 7: no theft in 1901", s1901,
			[]string{"France: A bur #X3", "Germany: A mun #2"},
			"France: A bur steal mun",
			"france A bur, germany A mun", "before Spring 1902"},
		{"only a thief steals", s1902,
			[]string{"France: A bur #20", "Germany: A mun #2"},
			"France: A bur steal mun",
			"france A bur, germany A mun", "not a Thief"},
		{"only from an adjacent unit", s1902,
			[]string{"France: A par #X3", "Germany: A mun #2"},
			"France: A par steal mun",
			"france A par, germany A mun", "not adjacent"},
		{"nothing to steal from an Ordinary unit", s1902,
			[]string{"France: A bur #X3", "Germany: A mun #20"},
			"France: A bur steal mun",
			"france A bur, germany A mun", "Ordinary unit: nothing to steal"},
		{"two thieves on one unit both fail", s1902,
			[]string{"France: A bur #X3", "Italy: A tyr #X3", "Germany: A mun #2"},
			"France: A bur steal mun\nItaly: A tyr steal mun",
			"france A bur, germany A mun, italy A tyr", "both thefts fail"},
		{"a fleet steals from an army on the coast", s1902,
			[]string{"England: F nth #X3", "Germany: A hol #1"},
			"England: F nth steal hol",
			"england F nth, germany A hol", "stole #1"},
	}
	runCardCases(t, tests)
}

// TestThiefCards: the cards change hands, the thief's X3 is gone and the
// robbed unit is Ordinary; who learns what (rule 3).
func TestThiefCards(t *testing.T) {
	s := cardPosition(t, s1902, "France: A bur #X3", "Germany: A mun #2")
	out := judge(t, s, "France: A bur steal mun\nGermany: A mun - boh")
	if got := cardIn(t, out.Next, "bur"); got != doubleID {
		t.Errorf("thief holds %q, want the stolen #2", got)
	}
	if got := cardIn(t, out.Next, "boh"); got != ordinaryID {
		t.Errorf("robbed unit holds %q, want Ordinary (it moved to Bohemia all the same)", got)
	}
	if c, _ := out.Next.Extra.(*extra).CardOf(out.Next.Units[out.Next.UnitAt(kittest.Prov(t, s, "boh"))]); !c.Blank {
		t.Error("the robbed unit's Ordinary is no physical card (Blank)")
	}
	if got := cardIn(t, s, "mun"); got != doubleID {
		t.Error("the position before changed")
	}
	e := out.Next.Extra.(*extra)
	thief := idOf(out.Next.Units[out.Next.UnitAt(kittest.Prov(t, s, "bur"))])
	if !e.KnownTo(thief, engine.Seat{Power: "germany"}) {
		t.Error("the robbed power should know what the thief now holds (its own card)")
	}
	if e.KnownTo(thief, engine.Seat{Power: "italy"}) {
		t.Error("a third power learns nothing")
	}
	// The next turn the thief uses the stolen double strength.
	next := out.Next.Clone()
	next.Phase = engine.Phase{Year: 1902, Season: engine.Fall, Type: engine.Movement}
	next.Units = append(next.Units, engine.Unit{Type: engine.Army, Power: "italy", Loc: engine.Loc{P: kittest.Prov(t, s, "mar")}, Number: 1})
	out2 := judge(t, next, "France: A bur - mar")
	if got := positionOf(out2.Next); got != "france A mar, germany A boh, *italy A mar" {
		t.Errorf("next turn: %s", got)
	}
}

// TestThiefConcealed: other seats read the theft as a hold; the thief's
// and the robbed unit's powers and the game master read it.
func TestThiefConcealed(t *testing.T) {
	s := cardPosition(t, s1902, "France: A bur #X3", "Germany: A mun #2", "Italy: A ven #20")
	out := judge(t, s, "France: A bur steal mun")
	for _, tc := range []struct {
		seat engine.Seat
		want string
	}{
		{engine.Seat{GM: true}, "stole"},
		{engine.Seat{Power: "france"}, "stole"},
		{engine.Seat{Power: "germany"}, "stole"},
		{engine.Seat{Power: "italy"}, "held"},
		{engine.Seat{}, "held"},
	} {
		o := engine.OutcomeFor(s, out, tc.seat, Variant.Rules)
		r := o.Results[0]
		if !strings.HasPrefix(r.Reason, tc.want) {
			t.Errorf("%v reads %q", tc.seat, r.Reason)
		}
		if tc.want == "held" && (r.Order.Kind != engine.Hold || strings.Contains(r.Order.Text, "steal")) {
			t.Errorf("%v sees the order %q", tc.seat, r.Order.Text)
		}
	}
}
