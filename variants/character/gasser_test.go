package character

import (
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
	"dipdesk/variants/kit/kittest"
)

// TestGasser: card #10, 9.a, 16.c, rules 6 and 7.
func TestGasser(t *testing.T) {
	runStrikeCases(t, []strikeCase{
		{"card #10: the gassed unit's orders are ignored and it holds", s1902,
			[]string{"England: F nth #10", "Russia: F nwy #20"},
			"England: F nth gas nwy\nRussia: F nwy - ska",
			"england F nth, russia F nwy",
			[]string{"nth: gassed Russia F nwy: in civil disorder this turn and the next", "nwy: held in civil disorder"}},
		{"16.c: a gassed unit cannot be dislodged the same turn", s1902,
			[]string{"England: F nth #10", "England: F nwg #20", "England: F bar #20", "Russia: F nwy #20"},
			"England: F nth gas nwy\nEngland: F nwg - nwy\nEngland: F bar S F nwg - nwy",
			"england F bar, england F nth, england F nwg, russia F nwy",
			[]string{"nwg: stood off: Norway was gassed"}},
		{"9.a: gas succeeds although the victim attacks the Gasser", s1902,
			[]string{"Germany: A mun #10", "Austria: A boh #20", "Austria: A tyr #20"},
			"Germany: A mun gas boh\nAustria: A boh - mun\nAustria: A tyr S A boh - mun",
			"austria A boh, austria A tyr, germany A mun",
			[]string{"mun: gassed Austria A boh", "boh: held in civil disorder"}},
		{"9.a: gas succeeds although the Gasser is dislodged", s1902,
			[]string{"Germany: A mun #10", "Austria: A boh #20", "France: A bur #20", "France: A ruh #20"},
			"Germany: A mun gas boh\nAustria: A boh - gal\nFrance: A bur - mun\nFrance: A ruh S A bur - mun",
			"austria A boh, france A mun, france A ruh, *germany A mun",
			[]string{"mun: gassed Austria A boh", "mun: dislodged by A bur"}},
		{"16.c: an army gasses a fleet at sea, where it cannot move", s1902,
			[]string{"Germany: A kie #10", "England: F hel #20"},
			"Germany: A kie gas hel\nEngland: F hel - kie",
			"england F hel, germany A kie",
			[]string{"kie: gassed England F hel"}},
		{"16.c: a fleet gasses an army on the coast", s1902,
			[]string{"Germany: F bal #10", "Russia: A lvn #20"},
			"Germany: F bal gas lvn\nRussia: A lvn - pru",
			"germany F bal, russia A lvn",
			[]string{"lvn: held in civil disorder"}},
		{"not a unit that is not adjacent", s1902,
			[]string{"Germany: A mun #10", "Russia: A war #20"},
			"Germany: A mun gas war\nRussia: A war - sil",
			"germany A mun, russia A sil",
			[]string{"mun: Warsaw is not adjacent to Munich"}},
		{"not its own power's unit", s1902,
			[]string{"Germany: A mun #10", "Germany: A ber #20"},
			"Germany: A mun gas ber\nGermany: A ber - sil",
			"germany A mun, germany A sil",
			[]string{"mun: only alien units"}},
		{"16.c: not a vacant centre in Spring", s1902,
			[]string{"France: A bur #10"},
			"France: A bur gas mun",
			"france A bur",
			[]string{"bur: only on a Fall turn"}},
		{"16.c: not a vacant province that is no centre", f1902,
			[]string{"France: A bur #10"},
			"France: A bur gas ruh",
			"france A bur",
			[]string{"bur: no supply centre"}},
		{"16.c: not a vacant centre of its own power", f1902,
			[]string{"France: A bur #10"},
			"France: A bur gas par",
			"france A bur",
			[]string{"bur: when another power owns it"}},
		{"rule 7: no gas in 1901", s1901,
			[]string{"England: F nth #10", "Russia: F nwy #20"},
			"England: F nth gas nwy\nRussia: F nwy - ska",
			"england F nth, russia F ska",
			[]string{"nth: before Spring 1902"}},
		{"only a Gasser gasses", s1902,
			[]string{"England: F nth #20", "Russia: F nwy #20"},
			"England: F nth gas nwy\nRussia: F nwy - ska",
			"england F nth, russia F ska",
			[]string{"nth: only a Gasser"}},
		{"9.b: an annihilation overrules gas on the Annihilator", s1902,
			[]string{"Germany: A mun #10", "Austria: A boh #9", "Austria: A vie #20"},
			"Germany: A mun gas boh\nAustria: A boh annihilate mun",
			"austria A vie",
			[]string{"mun: the gas attack on Austria A boh failed", "boh: annihilated Munich"}},
		{"9.b: a Gasser whose province is annihilated gasses nothing", s1902,
			[]string{"Germany: A mun #10", "Austria: A boh #9", "Austria: A tyr #20"},
			"Germany: A mun gas tyr\nAustria: A boh annihilate mun\nAustria: A tyr - pie",
			"austria A pie",
			[]string{"mun: the gas attack on Austria A tyr failed: its own province was annihilated"}},
		{"two Gassers gassing each other both act (9.a)", s1902,
			[]string{"Germany: A mun #10", "Austria: A boh #10"},
			"Germany: A mun gas boh\nAustria: A boh gas mun",
			"austria A boh, germany A mun",
			[]string{"mun: gassed Austria A boh", "boh: gassed Germany A mun"}},
	})
}

// TestGasserTurns: 16.c's second turn (still in civil disorder, no longer
// protected), the limit of once every 3 moves, and the record.
func TestGasserTurns(t *testing.T) {
	s := cardPosition(t, s1902, "England: F nth #10", "England: F nwg #20", "England: F ska #20", "Russia: F nwy #20")
	out := adjudicate(t, s, "England: F nth gas nwy")
	n := out.Next
	e := n.Extra.(*extra)
	nwy := idOf(s.Units[3])
	nth := idOf(s.Units[0])
	if !e.Effects.InDisorder(nwy, kit.MoveIndex(f1902)) || e.Effects.InDisorder(nwy, kit.MoveIndex(s1903)) {
		t.Errorf("disorders %+v: want through F1902 only", e.Effects.Disorders)
	}
	if e.Effects.LastUsed[nth] != kit.MoveIndex(s1902) {
		t.Errorf("last used %v", e.Effects.LastUsed)
	}
	if h := e.Cards[nth]; h.Revealed == nil {
		t.Error("the Gasser's use does not reveal it")
	}
	if n.Phase != f1902 {
		t.Fatalf("phase %v", n.Phase)
	}
	// Fall 1902: the gas has dissipated: the unit still in civil disorder
	// is dislodged; its order to move is ignored. The Gasser may not gas
	// again (once every 3 moves).
	out = adjudicate(t, n, "England: F nwg - nwy\nEngland: F ska S F nwg - nwy\nEngland: F nth gas nwy\nRussia: F nwy - ska")
	if got := positionOf(out.Next); got != "england F nth, england F nwy, england F ska, *russia F nwy" {
		logOutcome(t, out)
		t.Fatalf("F1902 after: %s", got)
	}
	if r := reasonAt(t, n, out, "nth"); !strings.Contains(r, "once every 3 moves") {
		t.Errorf("nth: %q", r)
	}
	if r := reasonAt(t, n, out, "nwy"); !strings.Contains(r, "still in civil disorder") {
		t.Errorf("nwy: %q", r)
	}
	// Its retreat order is ignored: still in civil disorder, it is
	// disbanded (ruling).
	n = out.Next
	if n.Phase.Type != engine.Retreat {
		t.Fatalf("phase %v", n.Phase)
	}
	clear := n.Clone()
	clear.Extra.(*extra).Effects.Disorders = nil
	out = adjudicate(t, n, "Russia: F nwy - stp/nc")
	if got := positionOf(out.Next); got != "england F nth, england F nwy, england F ska" {
		logOutcome(t, out)
		t.Errorf("F1902 retreats: %s", got)
	}
	// Control: out of civil disorder the same retreat succeeds.
	if got := positionOf(adjudicate(t, clear, "Russia: F nwy - stp/nc").Next); got != "england F nth, england F nwy, england F ska, russia F stp/nc" {
		t.Errorf("control retreat: %s", got)
	}
	// The limit, turn by turn.
	for _, tt := range []struct {
		phase engine.Phase
		last  int
		ok    bool
	}{
		{f1902, kit.MoveIndex(s1902), false},
		{s1903, kit.MoveIndex(s1902), false},
		{engine.Phase{Year: 1903, Season: engine.Fall, Type: engine.Movement}, kit.MoveIndex(s1902), true},
	} {
		s := cardPosition(t, tt.phase, "England: F nth #10", "Russia: F nwy #20")
		s.Extra.(*extra).Effects.LastUsed = map[kit.UnitID]int{idOf(s.Units[0]): tt.last}
		_, why := special(s, s.Units[0], specialOrder(s.Map, s.Units[0], gasName, "nwy"))
		if (why == "") != tt.ok {
			t.Errorf("%v after a gas in turn %d: %q", tt.phase, tt.last, why)
		}
	}
}

// TestGasserCentre: 16.c and card #10 on a Fall turn: a gassed centre
// counts for no one at the Winter and keeps its owner; the space is
// blocked that turn.
func TestGasserCentre(t *testing.T) {
	for _, tt := range []struct {
		name   string
		units  []string
		orders string
		after  string
	}{
		{"a vacant centre owned by another power",
			[]string{"France: A bur #10", "France: A ruh #20"},
			"France: A bur gas mun\nFrance: A ruh - mun",
			"france A bur, france A ruh"},
		{"a centre with a unit on it: the unit captures nothing",
			[]string{"France: A bur #10", "Russia: A mun #20"},
			"France: A bur gas mun",
			"france A bur, russia A mun"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := cardPosition(t, f1902, tt.units...)
			mun := kittest.Prov(t, s, "mun")
			out := adjudicate(t, s, tt.orders)
			n := out.Next
			if got := positionOf(n); got != tt.after {
				logOutcome(t, out)
				t.Fatalf("after: %s", got)
			}
			if n.Owners[mun] != "germany" {
				t.Errorf("Munich owned by %q, want germany still", n.Owners[mun])
			}
			if !n.Extra.(*extra).CentreSuspended(mun, n.Phase) {
				t.Fatalf("Munich not suspended: %+v", n.Extra.(*extra).Effects)
			}
			if got, want := engine.Adjustments(n)["germany"], 2; got != want {
				t.Errorf("german adjustment %d, want %d (Berlin and Kiel; Munich does not count)", got, want)
			}
			if n.Phase.Type != engine.Adjustment {
				t.Fatalf("phase %v", n.Phase)
			}
			n = adjudicate(t, n, "").Next
			if n.Extra.(*extra).CentreSuspended(mun, n.Phase) {
				t.Errorf("%v: Munich still suspended", n.Phase)
			}
		})
	}
	// In Spring a centre with a unit on it is gassed, not suspended.
	s := cardPosition(t, s1902, "France: A bur #10", "Russia: A mun #20")
	out := adjudicate(t, s, "France: A bur gas mun")
	if out.Next.Extra.(*extra).CentreSuspended(kittest.Prov(t, s, "mun"), out.Next.Phase) {
		t.Error("a Spring gas suspended the centre")
	}
}

// TestGasDoubleStrength: a gassed double-strength unit (#2) in its second
// turn of civil disorder holds with two (ruling): one supported attack
// does not dislodge it.
func TestGasDoubleStrength(t *testing.T) {
	s := cardPosition(t, f1902, "Germany: A mun #2", "France: A bur #20", "France: A ruh #20")
	s.Extra.(*extra).Effects.Disorders = []disorder{{Unit: idOf(s.Units[0]), Until: kit.MoveIndex(f1902), Why: "gassed"}}
	out := adjudicate(t, s, "Germany: A mun - tyr\nFrance: A bur - mun\nFrance: A ruh S A bur - mun")
	if got := positionOf(out.Next); got != "france A bur, france A ruh, germany A mun" {
		logOutcome(t, out)
		t.Errorf("after: %s", got)
	}
	if r := reasonAt(t, s, out, "bur"); !strings.Contains(r, "(2 vs 2)") {
		t.Errorf("bur: %q", r)
	}
}

// TestGasHyperspace: rule 6.
func TestGasHyperspace(t *testing.T) {
	s := cardPosition(t, s1902, "Germany: A mun #10", "France: A hyp #20")
	out := adjudicate(t, s, "Germany: A mun gas hyp")
	if r := reasonAt(t, s, out, "mun"); !strings.Contains(r, "rule 6") {
		t.Errorf("mun: %q", r)
	}
}
