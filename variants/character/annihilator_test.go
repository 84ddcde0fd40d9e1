package character

import (
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
	"dipdesk/variants/kit/kittest"
)

var (
	s1903 = engine.Phase{Year: 1903, Season: engine.Spring, Type: engine.Movement}
)

// strikeCase is a cardCase whose results are checked unit by unit: each
// entry of reasons is "province: phrase", the phrase the result of the
// unit that stood in the province must contain.
type strikeCase struct {
	name    string
	phase   engine.Phase
	units   []string
	orders  string
	want    string
	reasons []string
}

func runStrikeCases(t *testing.T, tests []strikeCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := cardPosition(t, tt.phase, tt.units...)
			out := adjudicate(t, s, tt.orders)
			if os, _ := Variant.Parser(s.Map).ParseOrders("", tt.orders); s.Phase.Type == engine.Movement {
				checkPlanStable(t, s, os)
				afterHyp, _ := hypnotiseRewrite(s, os, nil)
				if a, b := planSummary(planStrikes(s, kit.UnitOrders(s, afterHyp, reg.Rules())), true), planSummary(planStrikes(s, kit.ResultOrders(out)), true); a != b {
					t.Errorf("plan from the orders\n%s\nfrom the results\n%s", a, b)
				}
			}
			if got := positionOf(out.Next); got != tt.want {
				t.Errorf("after: %s\nwant:  %s", got, tt.want)
			}
			for _, r := range tt.reasons {
				prov, phrase, _ := strings.Cut(r, ": ")
				if got := reasonAt(t, s, out, prov); !strings.Contains(got, phrase) {
					t.Errorf("%s: reason %q, want it to contain %q", prov, got, phrase)
				}
			}
			if t.Failed() {
				logOutcome(t, out)
			}
		})
	}
}

// adjudicate parses orders and adjudicates them on s with the variant's
// rules.
func adjudicate(t *testing.T, s *engine.State, orders string) *engine.Outcome {
	t.Helper()
	os, errs := Variant.Parser(s.Map).ParseOrders("", orders)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return skipEmptyRetreats(t, engine.Adjudicate(s, os, Variant.Rules, engine.NewRand(1)))
}

// skipEmptyRetreats plays the retreat phase that follows every movement
// turn from 1902 (retreater.go) when nothing was dislodged and no
// Retreater may retreat, so card tests read the next movement or
// adjustment phase in out.Next. The outcome's results stay those of the
// phase adjudicated.
func skipEmptyRetreats(t *testing.T, out *engine.Outcome) *engine.Outcome {
	t.Helper()
	n := out.Next
	if n.Phase.Type != engine.Retreat || len(n.Dislodged) > 0 {
		return out
	}
	if e, ok := n.Extra.(*extra); ok && len(e.Effects.Voluntary) > 0 {
		return out
	}
	r := engine.Adjudicate(n, nil, Variant.Rules, engine.NewRand(1))
	c := *out
	c.Next = r.Next
	c.Events = append(append([]string(nil), out.Events...), r.Events...)
	if r.End != nil {
		c.End = r.End
	}
	return &c
}

func logOutcome(t *testing.T, out *engine.Outcome) {
	t.Helper()
	for _, r := range out.Results {
		t.Logf("%s: %s %s", r.Order.Text, r.Code, r.Reason)
	}
	for _, e := range out.Events {
		t.Logf("event: %s", e)
	}
}

// reasonAt returns the reason of the result of the unit that stood in
// province abbr.
func reasonAt(t *testing.T, s *engine.State, out *engine.Outcome, abbr string) string {
	t.Helper()
	p, ok := s.Map.Lookup(abbr)
	if !ok {
		t.Fatalf("no province %q", abbr)
	}
	for _, r := range out.Results {
		if r.Unit.Type != engine.NoUnitType && r.Unit.Loc.P == p {
			return r.Reason
		}
	}
	t.Fatalf("no result for a unit in %s", abbr)
	return ""
}

// TestAnnihilator: card #9, 9.a, 16.b, rule 7, rule 8.
func TestAnnihilator(t *testing.T) {
	runStrikeCases(t, []strikeCase{
		{"card #9: destroys a neighbouring province and the unit in it, and itself", s1902,
			[]string{"Germany: A mun #9", "Austria: A boh #20", "Germany: A ber #20"},
			"Germany: 1A mun annihilate boh\nAustria: A boh H",
			"germany A ber",
			[]string{"mun: annihilated Bohemia", "boh: destroyed: Bohemia was annihilated"}},
		{"card #9: its own province, with its own power's units there (ruling)", s1902,
			[]string{"Germany: A mun #9", "Germany: A ber #20"},
			"Germany: A mun annihilate mun",
			"germany A ber",
			[]string{"mun: annihilated Munich"}},
		{"card #9: a unit that moves out of the space survives", s1902,
			[]string{"Germany: A mun #9", "Austria: A boh #20"},
			"Germany: A mun annihilate boh\nAustria: A boh - gal",
			"austria A gal",
			[]string{"boh: moved to Galicia"}},
		{"card #9: a unit whose move out fails is destroyed", s1902,
			[]string{"Germany: A mun #9", "Austria: A boh #20", "Russia: A gal #20"},
			"Germany: A mun annihilate boh\nAustria: A boh - gal\nRussia: A gal H",
			"russia A gal",
			[]string{"boh: destroyed"}},
		{"card #9, 16.b: a move into the space is merely stood off", s1902,
			[]string{"France: A bur #20", "Germany: A mun #9"},
			"France: A bur - mun\nGermany: A mun annihilate mun",
			"france A bur",
			[]string{"bur: stood off: Munich was annihilated"}},
		{"16.b: a supported move in is stood off too", s1902,
			[]string{"France: A bur #20", "France: A ruh #20", "Germany: A mun #9", "Austria: A boh #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A mun annihilate mun",
			"austria A boh, france A bur, france A ruh",
			[]string{"bur: stood off: Munich was annihilated"}},
		{"9.a: annihilation succeeds where a move would be stood off", s1902,
			[]string{"Germany: A mun #9", "Austria: A boh #20", "Austria: A vie #20", "Austria: A sil #20"},
			"Germany: A mun annihilate boh\nAustria: A vie S A boh\nAustria: A sil S A boh",
			"austria A sil, austria A vie",
			[]string{"mun: annihilated Bohemia"}},
		{"9.a: the Annihilator dislodged while annihilating: the annihilation stands and it does not retreat", s1902,
			[]string{"France: A bur #20", "France: A ruh #20", "Germany: A mun #9", "Austria: A boh #20"},
			"France: A bur - mun\nFrance: A ruh S A bur - mun\nGermany: A mun annihilate boh",
			"france A mun, france A ruh",
			[]string{"mun: annihilated Bohemia"}},
		{"16.b: an army may annihilate where it could be convoyed", s1902,
			[]string{"England: A lon #9", "England: F nth #20", "Russia: A nwy #20"},
			"England: A lon annihilate nwy\nEngland: F nth H",
			"england F nth",
			[]string{"lon: annihilated Norway", "nwy: destroyed"}},
		{"16.b: without a fleet to convoy it, no", s1902,
			[]string{"England: A lon #9", "Russia: A nwy #20"},
			"England: A lon annihilate nwy",
			"england A lon, russia A nwy",
			[]string{"lon: could not legally move to Norway"}},
		{"16.b: not a province it could not move to", s1902,
			[]string{"Germany: A mun #9", "Russia: A war #20"},
			"Germany: A mun annihilate war",
			"germany A mun, russia A war",
			[]string{"mun: could not legally move to Warsaw"}},
		{"16.b: an army may not annihilate a sea", s1902,
			[]string{"Germany: A kie #9", "England: F hel #20"},
			"Germany: A kie annihilate hel",
			"england F hel, germany A kie",
			[]string{"kie: could not legally move to Heligoland Bight"}},
		{"a fleet annihilates a sea, and the fleet in it", s1902,
			[]string{"Germany: F kie #9", "England: F hel #20"},
			"Germany: F kie annihilate hel",
			"",
			[]string{"kie: annihilated Heligoland Bight", "hel: destroyed"}},
		{"rule 7: no annihilation in 1901", s1901,
			[]string{"Germany: A mun #9", "Austria: A boh #20"},
			"Germany: A mun annihilate boh",
			"austria A boh, germany A mun",
			[]string{"mun: before Spring 1902"}},
		{"only an Annihilator annihilates", s1902,
			[]string{"Germany: A mun #20", "Austria: A boh #20"},
			"Germany: A mun annihilate boh",
			"austria A boh, germany A mun",
			[]string{"mun: only an Annihilator"}},
		{"no province named", s1902,
			[]string{"Germany: A mun #9"},
			"Germany: A mun annihilate",
			"germany A mun",
			[]string{"mun: annihilate needs a province"}},
		{"9.b.1: two Annihilators destroy each other's provinces", s1902,
			[]string{"Germany: A mun #9", "Austria: A boh #9", "Austria: A vie #20"},
			"Germany: A mun annihilate boh\nAustria: A boh annihilate mun",
			"austria A vie",
			[]string{"mun: annihilated Bohemia", "boh: annihilated Munich"}},
		{"ruling: a fleet in an annihilated sea convoys before it is destroyed", s1902,
			[]string{"England: A lon #20", "England: F nth #20", "Germany: F hel #9"},
			"England: A lon - nwy\nEngland: F nth C A lon - nwy\nGermany: F hel annihilate nth",
			"england A nwy",
			[]string{"lon: moved to Norway", "nth: convoyed A lon; destroyed"}},
		{"rule 8: a unit in the space escapes only by its written order (a support does not save it)", s1902,
			[]string{"Germany: A mun #9", "Austria: A boh #20", "Austria: A tyr #20", "Italy: A ven #20"},
			"Germany: A mun annihilate boh\nAustria: A boh S A tyr\nAustria: A tyr H",
			"austria A tyr, italy A ven",
			[]string{"boh: support given to A tyr; destroyed"}},
	})
}

// TestAnnihilatorEffects: the space closed on the following turn and to
// retreats; the centre unowned and suspended for three moving turns; the
// card revealed (card #9, rule 3).
func TestAnnihilatorEffects(t *testing.T) {
	s := cardPosition(t, s1902, "Germany: A mun #9", "France: A bur #20", "Germany: A ruh #20", "Germany: A pic #20", "Austria: A tyr #20")
	mun := kittest.Prov(t, s, "mun")
	s.Owners[mun] = "germany"
	out := adjudicate(t, s, "Germany: A mun annihilate mun\nGermany: A ruh - bur\nGermany: A pic S A ruh - bur\nFrance: A bur H")
	n := out.Next
	if got := positionOf(n); got != "austria A tyr, germany A bur, germany A pic, *france A bur" {
		logOutcome(t, out)
		t.Fatalf("after: %s", got)
	}
	e := n.Extra.(*extra)
	if n.Owners[mun] != "" {
		t.Errorf("Munich owned by %q, want unowned (card #9)", n.Owners[mun])
	}
	if !e.CentreSuspended(mun, n.Phase) || n.Centres()["germany"] != 2 {
		t.Errorf("Munich should be suspended: %+v, centres %v", e.Effects.Suspended, n.Centres())
	}
	if got := e.Effects.Suspended; len(got) != 1 || got[0].Until != kit.MoveIndex(s1902)+3 || got[0].ID != mun {
		t.Errorf("suspensions %+v, want Munich until turn %d", got, kit.MoveIndex(s1902)+3)
	}
	if got := e.Effects.Closures; len(got) != 1 || got[0].Prov != "mun" || got[0].Until != kit.MoveIndex(s1902)+1 {
		t.Errorf("closures %+v, want Munich through the next turn", got)
	}
	// The annihilator is gone with its card (rule 2, lifecycle.go); its use
	// revealed the card, so the public discard names it (rule 3).
	if _, held := e.Cards[idOf(s.Units[0])]; held {
		t.Error("the destroyed Annihilator still holds its card")
	}
	named := false
	for _, ev := range out.Events {
		named = named || strings.Contains(ev, "Annihilator") && strings.Contains(ev, "out of the game")
	}
	if !named {
		t.Errorf("the Annihilator's card is not revealed in its discard: %q", out.Events)
	}
	if len(e.Effects.Strikes.Uses) != 1 || e.Effects.Strikes.Uses[0].Card != annihilatorID {
		t.Errorf("uses %+v", e.Effects.Strikes.Uses)
	}
	// Retreats: the French army may not retreat into the annihilated Munich.
	if n.Phase.Type != engine.Retreat {
		t.Fatalf("next phase %v", n.Phase)
	}
	opts := engine.RetreatOptions(n, n.Dislodged[0], Variant.Rules)
	var names []string
	for _, l := range opts {
		names = append(names, n.Map.LocString(l))
	}
	if slices.Contains(names, "mun") || !slices.Contains(names, "par") {
		t.Errorf("retreat options %v: want par, not mun", names)
	}
	// Fall 1902 (the following turn): Munich is impassable.
	out = adjudicate(t, n, "France: A bur disband")
	n = out.Next
	if n.Phase != f1902 {
		t.Fatalf("phase %v, want F1902M", n.Phase)
	}
	out = adjudicate(t, n, "Austria: A tyr - mun\nGermany: A bur - mun")
	if got := positionOf(out.Next); got != "austria A tyr, germany A bur, germany A pic" {
		logOutcome(t, out)
		t.Errorf("F1902 after: %s", got)
	}
	if r := reasonAt(t, n, out, "tyr"); !strings.Contains(r, "impassable after its annihilation") {
		t.Errorf("tyr: %q", r)
	}
	// Spring 1903: open again, still no centre: a unit may stand there
	// but captures nothing in Fall 1903 (the third moving turn after).
	n = out.Next
	for n.Phase.Type != engine.Movement {
		n = adjudicate(t, n, "").Next
	}
	if n.Phase != s1903 {
		t.Fatalf("phase %v, want S1903M", n.Phase)
	}
	out = adjudicate(t, n, "Austria: A tyr - mun")
	if got := positionOf(out.Next); got != "austria A mun, germany A bur, germany A pic" {
		logOutcome(t, out)
		t.Fatalf("S1903 after: %s", got)
	}
	n = out.Next
	out = adjudicate(t, n, "")
	if out.Next.Owners[mun] != "" {
		t.Errorf("F1903: Munich captured by %q while suspended", out.Next.Owners[mun])
	}
	// Spring 1904 then Fall 1904: the centre is back and is captured.
	n = out.Next
	for n.Phase.Type != engine.Movement || n.Phase.Season != engine.Fall {
		n = adjudicate(t, n, "").Next
	}
	if n.Extra.(*extra).CentreSuspended(mun, n.Phase) {
		t.Errorf("%v: Munich still suspended: %+v", n.Phase, n.Extra.(*extra).Effects.Suspended)
	}
	out = adjudicate(t, n, "")
	if out.Next.Owners[mun] != "austria" {
		t.Errorf("F1904: Munich owned by %q, want austria", out.Next.Owners[mun])
	}
}

// TestAnnihilatorHyperspace: rule 6, no power against Hyperspace, nor
// from it.
func TestAnnihilatorHyperspace(t *testing.T) {
	s := cardPosition(t, s1902, "Germany: A mun #9", "France: A par #20", "France: A hyp #20", "Russia: A hyp #9", "Austria: A boh #20")
	out := adjudicate(t, s, "Germany: A mun annihilate hyp\nRussia: 1A hyp annihilate boh")
	if r := reasonAt(t, s, out, "mun"); !strings.Contains(r, "rule 6") {
		t.Errorf("mun: %q", r)
	}
	if r := reasonAt(t, s, out, "hyp"); !strings.Contains(r, "rule 6") {
		t.Errorf("hyp: %q", r)
	}
	if got := positionOf(out.Next); got != "austria A boh, france A hyp, france A par, germany A mun, russia A hyp" {
		t.Errorf("after: %s", got)
	}
}
