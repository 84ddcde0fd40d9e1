package character

import (
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
	"dipdesk/variants/kit/kittest"
)

// TestRetreatPhaseSequence: a retreat phase follows every movement turn
// from 1902 on, so that its coming reveals no Retreater (rule 3); in 1901
// the standard sequence (rule 7).
func TestRetreatPhaseSequence(t *testing.T) {
	for _, tt := range []struct {
		phase engine.Phase
		card  string
		want  string
	}{
		{s1901, "14", "F1901M"},
		{s1902, "14", "S1902R"},
		{s1902, "20", "S1902R"},
		{f1902, "20", "F1902R"},
	} {
		s := cardPosition(t, tt.phase, "France: A bur #"+tt.card)
		out := engine.Adjudicate(s, nil, Variant.Rules, engine.NewRand(1))
		if got := out.Next.Phase.Key(); got != tt.want {
			t.Errorf("after %s with #%s: %s, want %s", tt.phase.Key(), tt.card, got, tt.want)
		}
	}
	// After the retreat phase the standard sequence goes on.
	s := cardPosition(t, engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Retreat}, "France: A bur #14")
	if out := engine.Adjudicate(s, nil, Variant.Rules, engine.NewRand(1)); out.Next.Phase.Key() != "F1902M" {
		t.Errorf("after S1902R: %s", out.Next.Phase.Key())
	}
}

// TestRetreater: card #14's voluntary retreats.
func TestRetreater(t *testing.T) {
	tests := []struct {
		name     string
		phase    engine.Phase
		units    []string
		moves    string
		retreats string
		want     string
		reason   string // in the result of the first retreat order
	}{
		{"#14 retreats one space voluntarily", s1902,
			[]string{"France: A bur #14"}, "", "France: A bur - mun",
			"france A mun", "retreated voluntarily to Munich"},
		{"a unit without the card may not", s1902,
			[]string{"France: A bur #20"}, "", "France: A bur - mun",
			"france A bur", "no dislodged unit"},
		{"not into an occupied space", s1902,
			[]string{"France: A bur #14", "Germany: A mun #20"}, "", "France: A bur - mun",
			"france A bur, germany A mun", "is not empty"},
		{"not two spaces", s1902,
			[]string{"France: A bur #14"}, "", "France: A bur - boh",
			"france A bur", "not one space"},
		{"not into a standoff space", s1902,
			[]string{"France: A bur #14", "Germany: A ruh #20", "Germany: A boh #20"},
			"Germany: A ruh - mun\nGermany: A boh - mun", "France: A bur - mun",
			"france A bur, germany A boh, germany A ruh", "standoff"},
		{"a fleet retreats along its coasts", s1902,
			[]string{"France: F spa/sc #14"}, "", "France: F spa/sc - wes",
			"france F wes", "retreated voluntarily"},
		{"a fleet may not leave by the other coast", s1902,
			[]string{"France: F spa/sc #14"}, "", "France: F spa/sc - gas",
			"france F spa/sc", "not one space"},
		{"into the space a dislodged unit retreats to: both fail, the dislodged unit is disbanded", s1902,
			[]string{"France: A pic #14", "France: A par #20", "France: A gas #20", "Germany: A bur #20"},
			"France: A par - bur\nFrance: A gas S A par - bur", "France: A pic - bel\nGermany: A bur - bel",
			"france A bur, france A gas, france A pic", "bounced with another retreat"},
		{"two Retreaters into one space both stay", s1902,
			[]string{"France: A pic #14", "Germany: A hol #14"}, "", "France: A pic - bel\nGermany: A hol - bel",
			"france A pic, germany A hol", "it stays in Picardy"},
		{"no order: it stays", s1902,
			[]string{"France: A bur #14"}, "", "",
			"france A bur", ""},
		{"a Retreater that dislodged a unit may retreat on; the dislodged unit retreats too", s1902,
			[]string{"France: A bur #14", "France: A boh #20", "Germany: A mun #20"},
			"France: A bur - mun\nFrance: A boh S A bur - mun", "France: A mun - tyr\nGermany: A mun - ber",
			"france A boh, france A tyr, germany A ber", "retreated voluntarily to Tyrolia"},
		{"a dislodged Retreater retreats as any unit", s1902,
			[]string{"France: A bur #20", "France: A boh #20", "Germany: A mun #14"},
			"France: A bur - mun\nFrance: A boh S A bur - mun", "Germany: A mun - ber",
			"france A boh, france A mun, germany A ber", "retreated to Berlin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, out := twoPhases(t, tt.phase, tt.units, tt.moves, tt.retreats)
			if got := positionOf(out.Next); got != tt.want {
				t.Errorf("after: %s\nwant:  %s", got, tt.want)
			}
			if tt.retreats != "" {
				first := strings.SplitN(tt.retreats, "\n", 2)[0]
				found := false
				for _, r := range out.Results {
					if r.Order.Text == first && strings.Contains(r.Reason, tt.reason) {
						found = true
					}
				}
				if !found {
					t.Errorf("the result of %q does not say %q", first, tt.reason)
				}
			}
			if t.Failed() {
				for _, r := range out.Results {
					t.Logf("%s: %s %s", r.Order.Text, r.Code, r.Reason)
				}
			}
		})
	}
}

// TestRetreaterCapturesAndReveals: "SC's may be captured in this way";
// the voluntary retreat reveals the card; the list of Retreaters allowed
// to retreat is their owner's alone.
func TestRetreaterCapturesAndReveals(t *testing.T) {
	mv, out := twoPhases(t, f1902, []string{"France: A bur #14", "Germany: A kie #20"}, "", "France: A bur - mun")
	mun := kittest.Prov(t, out.Next, "mun")
	if out.Next.Owners[mun] != "france" {
		t.Errorf("Munich owned by %q after a Fall retreat into it", out.Next.Owners[mun])
	}
	id := idOf(mv.Next.Units[0])
	if h := out.Next.Extra.(*extra).Cards[id]; h == nil || h.Revealed == nil {
		t.Error("the voluntary retreat did not reveal the Retreater")
	}
	if h := mv.Next.Extra.(*extra).Cards[id]; h.Revealed != nil {
		t.Error("revealed before it retreated")
	}
	for _, seat := range []engine.Seat{{Power: "germany"}, {}} {
		if v := engine.ViewFor(mv.Next, nil, seat, Variant.Rules); len(v.State.Extra.(*extra).Effects.Voluntary) != 0 {
			t.Errorf("%s sees the Retreaters allowed to retreat", seat)
		}
	}
	if v := engine.ViewFor(mv.Next, nil, engine.Seat{Power: "france"}, Variant.Rules); len(v.State.Extra.(*extra).Effects.Voluntary) != 1 {
		t.Error("France does not see its Retreater's right to retreat")
	}
	if e := out.Next.Extra.(*extra); len(e.Effects.Voluntary) != 0 {
		t.Errorf("the list outlives its retreat phase: %v", e.Effects.Voluntary)
	}
	// Rule 7: no Retreater acts in 1901; after S1901M there is no retreat
	// phase at all, and the list stays empty.
	s := cardPosition(t, s1901, "France: A bur #14")
	o := engine.Adjudicate(s, nil, Variant.Rules, engine.NewRand(1))
	if len(o.Next.Extra.(*extra).Effects.Voluntary) != 0 {
		t.Error("1901: a Retreater listed")
	}
	// A unit listed but no longer holding an active card (by hand) may not.
	r := cardPosition(t, engine.Phase{Year: 1901, Season: engine.Fall, Type: engine.Retreat}, "France: A bur #14")
	r.Extra.(*extra).Effects.Voluntary = []kit.UnitID{idOf(r.Units[0])}
	orders, _ := Variant.Parser(r.Map).ParseOrders("", "France: A bur - mun")
	o = engine.Adjudicate(r, orders, Variant.Rules, engine.NewRand(1))
	if positionOf(o.Next) != "france A bur" || !strings.Contains(o.Results[0].Reason, "Retreater") {
		t.Errorf("1901 retreat phase: %s %+v", positionOf(o.Next), o.Results)
	}
}

// TestRetreatIntoMinedSpace: a voluntary retreat enters a space like any
// move: a mine there explodes.
func TestRetreatIntoMinedSpace(t *testing.T) {
	s := cardPosition(t, engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Retreat}, "France: A bur #14")
	e := s.Extra.(*extra)
	e.Effects.Voluntary = []kit.UnitID{idOf(s.Units[0])}
	e.Effects.Mines = []mine{{Prov: "mun", Power: "germany", Laid: s1902}}
	orders, _ := Variant.Parser(s.Map).ParseOrders("", "France: A bur - mun")
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if positionOf(out.Next) != "" || len(out.Next.Extra.(*extra).Effects.Mines) != 0 {
		t.Errorf("after: %q, mines %v", positionOf(out.Next), out.Next.Extra.(*extra).Effects.Mines)
	}
}
