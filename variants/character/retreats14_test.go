package character

import (
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
	"dipdesk/variants/kit/kittest"
)

// twoPhases adjudicates a movement phase and the retreat phase after it.
func twoPhases(t *testing.T, phase engine.Phase, units []string, moves, retreats string) (*engine.Outcome, *engine.Outcome) {
	t.Helper()
	s := cardPosition(t, phase, units...)
	p := Variant.Parser(s.Map)
	orders, errs := p.ParseOrders("", moves)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	mv := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if mv.Next.Phase.Type != engine.Retreat {
		t.Fatalf("after %s comes %s, not a retreat phase", phase.Key(), mv.Next.Phase.Key())
	}
	orders, errs = p.ParseOrders("", retreats)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return mv, engine.Adjudicate(mv.Next, orders, Variant.Rules, engine.NewRand(1))
}

// TestRule14Retreats: rule 14.a and 14.b and Just's right-hand rule.
func TestRule14Retreats(t *testing.T) {
	attack := []string{"France: A bur #20", "France: A boh #20", "Germany: A mun #20"}
	const take = "France: A bur - mun\nFrance: A boh S A bur - mun"
	tests := []struct {
		name     string
		phase    engine.Phase
		units    []string
		moves    string
		retreats string
		want     string
		reason   string // in the dislodged unit's result
	}{
		{"14.a: unordered, the right-hand rule: clockwise from the attacker (bur: ruh next)", s1902,
			attack, take, "", "france A boh, france A mun, germany A ruh", "right-hand rule (rule 14.a)"},
		{"14.a: the right-hand rule skips an occupied space (ruh: kie next)", s1902,
			append(slices.Clone(attack), "France: A ruh #20"), take, "", "france A boh, france A mun, france A ruh, germany A kie", "right-hand rule"},
		{"14.a: from another side (tyr: swi impassable, then bur)", s1902,
			[]string{"France: A tyr #20", "France: A boh #20", "Germany: A mun #20"}, "France: A tyr - mun\nFrance: A boh S A tyr - mun", "",
			"france A boh, france A mun, germany A bur", "right-hand rule"},
		{"14.a in 1901: a rule of the game, not a card", s1901,
			attack, take, "", "france A boh, france A mun, germany A ruh", "right-hand rule"},
		{"14.a: an ordered retreat is obeyed", s1902,
			attack, take, "Germany: A mun - ber", "france A boh, france A mun, germany A ber", "retreated to Berlin"},
		{"14.a: otb in the retreat phase", s1902,
			attack, take, "Germany: A mun otb", "france A boh, france A mun", "disbanded"},
		{"14.a: disband in the retreat phase", s1902,
			attack, take, "Germany: A mun disband", "france A boh, france A mun", "disbanded"},
		{"14.a: otb if dislodged, with the Spring orders", s1902,
			attack, take + "\nGermany: A mun otb if dislodged", "", "france A boh, france A mun", "off the board, as ordered with the Spring moves"},
		{"14.a: a retreat order overrules the Spring otb", s1902,
			attack, take + "\nGermany: A mun otb if dislodged", "Germany: A mun - sil", "france A boh, france A mun, germany A sil", "retreated to Silesia"},
		{"14.a: no legal space: disbanded", s1902,
			[]string{"France: A bur #20", "France: A boh #20", "France: A ruh #20", "France: A kie #20", "France: A ber #20", "France: A sil #20", "France: A tyr #20", "Germany: A mun #20"},
			take, "", "france A ber, france A boh, france A kie, france A mun, france A ruh, france A sil, france A tyr", "no legal retreat space for the right-hand rule"},
		{"14.b: after Fall moves an unordered dislodged unit is removed", f1902,
			attack, take, "", "france A boh, france A mun", "no valid retreat order; disbanded"},
		{"#19: a Free Unit is retreated by the right-hand rule after Fall moves too", f1902,
			[]string{"France: A bur #20", "France: A boh #20", "Germany: A mun #19"}, take, "", "france A boh, france A mun, germany A ruh", "Free Unit (#19)"},
		{"#19: its owner may still remove it", f1902,
			[]string{"France: A bur #20", "France: A boh #20", "Germany: A mun #19"}, take, "Germany: A mun disband", "france A boh, france A mun", "disbanded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, out := twoPhases(t, tt.phase, tt.units, tt.moves, tt.retreats)
			if got := positionOf(out.Next); got != tt.want {
				t.Errorf("after: %s\nwant:  %s", got, tt.want)
			}
			found := false
			for _, r := range out.Results {
				if r.Unit.Power == "germany" && strings.Contains(r.Reason, tt.reason) {
					found = true
				}
			}
			if !found {
				t.Errorf("no German result says %q", tt.reason)
			}
			if t.Failed() {
				for _, r := range out.Results {
					t.Logf("%s: %s %s", r.Order.Text, r.Code, r.Reason)
				}
			}
		})
	}
}

// TestRightHandRuleConvoyed: an attacker that is no neighbour (a convoy)
// leaves north as the start; the attacker's own province, legal after a
// convoy, comes last.
func TestRightHandRuleConvoyed(t *testing.T) {
	// bel: hol ruh bur pic eng nth. Convoyed from lon: not a neighbour.
	_, out := twoPhases(t, s1902, []string{"England: A lon #20", "England: F nth #20", "England: F eng #20", "France: A bel #20"},
		"England: A lon - bel\nEngland: F nth C A lon - bel\nEngland: F eng S A lon - bel", "")
	if got := positionOf(out.Next); got != "england A bel, england F eng, england F nth, france A hol" {
		t.Errorf("after: %s", got)
	}
	s := cardPosition(t, engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Retreat}, "Germany: A ruh", "Germany: A bur", "Germany: A pic", "England: A bel")
	bel := kittest.Prov(t, s, "bel")
	d := engine.Dislodgement{Unit: engine.Unit{Type: engine.Army, Power: "france", Loc: engine.Loc{P: bel}}, From: kittest.Prov(t, s, "hol"), ByConvoy: true}
	s.Units = s.Units[:3]
	if l, ok := rightHandRetreat(s, d); !ok || s.Map.LocString(l) != "hol" {
		t.Errorf("after a convoyed attack from hol with ruh, bur, pic taken: %v %v, want hol last", s.Map.LocString(l), ok)
	}
	s.Units = append(s.Units, engine.Unit{Type: engine.Army, Power: "germany", Loc: engine.Loc{P: kittest.Prov(t, s, "hol")}})
	if _, ok := rightHandRetreat(s, d); ok {
		t.Error("no legal space: the unit must be disbanded")
	}
	// A fleet on one coast: F spa/sc attacked from mar: lyo wes (taken),
	// then por... spa's ring: gas mar lyo wes por mao.
	s = cardPosition(t, engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Retreat}, "Italy: F lyo", "Italy: F wes")
	spa := kittest.Prov(t, s, "spa")
	d = engine.Dislodgement{Unit: engine.Unit{Type: engine.Fleet, Power: "france", Loc: engine.Loc{P: spa, C: engine.SouthCoast}}, From: kittest.Prov(t, s, "mar")}
	if l, ok := rightHandRetreat(s, d); !ok || s.Map.LocString(l) != "por" {
		t.Errorf("F spa/sc from mar: %s, want por", s.Map.LocString(l))
	}
	d.Unit.Loc.C = engine.NorthCoast
	d.From = kittest.Prov(t, s, "por")
	if l, ok := rightHandRetreat(s, d); !ok || s.Map.LocString(l) != "mao" {
		t.Errorf("F spa/nc from por: %s, want mao", s.Map.LocString(l))
	}
}

// TestOTBIfDislodged: the Spring order is a hold, recorded only for units
// dislodged; in 1901 too (a rule of the game, not a card: rule 7 does not
// postpone it) and in the Fall.
func TestOTBIfDislodged(t *testing.T) {
	s := cardPosition(t, s1902, "Germany: A mun #20", "Germany: A ber #20")
	orders, errs := Variant.Parser(s.Map).ParseOrders("", "Germany: A mun otb if dislodged\nGermany: A ber otb if dislodged")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if got := out.Next.Extra.(*extra).Effects.SpringOTB; len(got) != 0 {
		t.Errorf("units not dislodged are recorded: %v", got)
	}
	if !out.Results[0].OK {
		t.Errorf("the order is a hold: %+v", out.Results[0])
	}
	s.Phase = s1901
	out = engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if !out.Results[0].OK || out.Results[0].Code == engine.Illegal {
		t.Errorf("1901: %+v", out.Results[0])
	}
	mv, _ := twoPhases(t, s1902, []string{"France: A bur #20", "France: A boh #20", "Germany: A mun #20"},
		"France: A bur - mun\nFrance: A boh S A bur - mun\nGermany: A mun otb if dislodged", "")
	e := mv.Next.Extra.(*extra)
	if len(e.Effects.SpringOTB) != 1 {
		t.Fatalf("SpringOTB %v", e.Effects.SpringOTB)
	}
	for _, seat := range []engine.Seat{{Power: "france"}, {}} {
		if v := engine.ViewFor(mv.Next, nil, seat, Variant.Rules); len(v.State.Extra.(*extra).Effects.SpringOTB) != 0 {
			t.Errorf("%s sees Germany's otb order", seat)
		}
	}
	mv, _ = twoPhases(t, f1902, []string{"France: A bur #20", "France: A boh #20", "Germany: A mun #20"},
		"France: A bur - mun\nFrance: A boh S A bur - mun\nGermany: A mun otb if dislodged", "")
	if e := mv.Next.Extra.(*extra); len(e.Effects.SpringOTB) != 0 {
		t.Errorf("Fall: SpringOTB %v", e.Effects.SpringOTB)
	}
}

// TestFallOTB: rule 14.a, "he may overrule the GM with his Fall orders,
// prescribing that a unit dislodged in the Spring should be retreated otb
// instead of following the R.H.R.": the units the right-hand rule
// retreated are recorded for their owner alone, "otb" with the Fall orders
// takes such a unit off the board before the moves (a unit with a second
// order stays), and the record is gone once the Fall is judged.
func TestFallOTB(t *testing.T) {
	units := []string{"France: A bur #20", "France: A boh #20", "Germany: A mun #20", "Germany: A ber #20"}
	_, rt := twoPhases(t, s1902, units, "France: A bur - mun\nFrance: A boh S A bur - mun", "")
	fall := rt.Next
	if fall.Phase != f1902 {
		t.Fatalf("after the retreats: %s", fall.Phase.Key())
	}
	e := fall.Extra.(*extra)
	ruh := kittest.Prov(t, fall, "ruh")
	i := fall.UnitAt(ruh)
	if i < 0 || !slices.Equal(e.Effects.RightHand, []kit.UnitID{idOf(fall.Units[i])}) {
		t.Fatalf("right-hand retreats recorded %v", e.Effects.RightHand)
	}
	for _, seat := range []engine.Seat{{Power: "france"}, {}} {
		if v := engine.ViewFor(fall, nil, seat, Variant.Rules); len(v.State.Extra.(*extra).Effects.RightHand) != 0 {
			t.Errorf("%+v sees Germany's right-hand retreat record", seat)
		}
	}
	if v := engine.ViewFor(fall, nil, engine.Seat{Power: "germany"}, Variant.Rules); len(v.State.Extra.(*extra).Effects.RightHand) != 1 {
		t.Error("Germany does not see its own record")
	}
	p := Variant.Parser(fall.Map)
	for _, tt := range []struct {
		orders string
		gone   bool
		reason string
	}{
		{"Germany: A ruh otb\nFrance: A mun - ruh", true, "instead of the right-hand rule"},
		{"Germany: A ruh otb\nGermany: A ruh - hol", false, ""},
		{"Germany: A ber otb", false, "only a unit the right-hand rule retreated"},
		{"Germany: A ruh otb now", false, "unexpected"},
	} {
		orders, errs := p.ParseOrders("", tt.orders)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		out := engine.Adjudicate(fall, orders, Variant.Rules, engine.NewRand(1))
		if gone := out.Next.UnitAt(ruh) < 0 || out.Next.Units[out.Next.UnitAt(ruh)].Power != "germany"; gone != tt.gone {
			t.Errorf("%q: the German unit in Ruhr gone %v, want %v", tt.orders, gone, tt.gone)
		}
		if tt.gone && out.Next.Units[out.Next.UnitAt(ruh)].Power != "france" {
			t.Errorf("%q: France did not walk into Ruhr", tt.orders)
		}
		if tt.reason != "" && !slices.ContainsFunc(out.Results, func(r engine.Result) bool { return strings.Contains(r.Reason, tt.reason) }) {
			t.Errorf("%q: no result says %q: %v", tt.orders, tt.reason, out.Results)
		}
		if r := out.Next.Extra.(*extra).Effects.RightHand; len(r) != 0 {
			t.Errorf("%q: the record outlives the Fall: %v", tt.orders, r)
		}
		for _, h := range out.Next.Extra.(*extra).Cards {
			if h.Revealed != nil {
				t.Errorf("%q: a card was revealed", tt.orders)
			}
		}
	}
	// Not in Spring: there it is "otb if dislodged".
	spring := fall.Clone()
	spring.Phase = s1902
	orders, _ := p.ParseOrders("", "Germany: A ruh otb")
	out := engine.Adjudicate(spring, orders, Variant.Rules, engine.NewRand(1))
	if out.Results[0].Code != engine.Illegal || !strings.Contains(out.Results[0].Reason, "otb if dislodged") {
		t.Errorf("Spring: %+v", out.Results[0])
	}
}
