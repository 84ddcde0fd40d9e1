package character

import (
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// TestHypnotist: card #11, 9.b, 9.c, rules 6 and 7.
func TestHypnotist(t *testing.T) {
	runStrikeCases(t, []strikeCase{
		{"card #11: the hypnotist writes the victim's order; the victim's own is discarded", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #20"},
			"Austria: A vie hypnotise A tyr - mun\nItaly: A tyr - pie",
			"austria A vie, italy A mun",
			[]string{"vie: hypnotised Italy A tyr and wrote its order, 1A tyr - mun", "tyr: hypnotised: this order was written by a Hypnotist (card #11); moved to Munich"}},
		{"the American spelling, and a support written for the victim", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #20", "Germany: A mun #20", "France: A bur #20"},
			"Austria: A vie hypnotize A tyr S A bur - mun\nFrance: A bur - mun\nItaly: A tyr - mun",
			"austria A vie, france A mun, italy A tyr, *germany A mun",
			[]string{"tyr: support given to A bur"}},
		{"a fleet hypnotised from land across the coast", s1902,
			[]string{"Austria: A tri #11", "Italy: F adr #20"},
			"Austria: A tri hypnotise F adr - ion",
			"austria A tri, italy F ion",
			nil},
		{"card #11: two Hypnotists hypnotising one another both fail", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #11"},
			"Austria: A vie hypnotise A tyr - mun\nItaly: A tyr hypnotise A vie - gal",
			"austria A vie, italy A tyr",
			[]string{"vie: hypnotising one another", "tyr: hypnotising one another"}},
		{"two Hypnotists writing for one unit both fail (ruling)", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #20", "Germany: A mun #11"},
			"Austria: A vie hypnotise A tyr - boh\nGermany: A mun hypnotise A tyr - pie\nItaly: A tyr H",
			"austria A vie, germany A mun, italy A tyr",
			[]string{"vie: two hypnotists wrote orders for the same unit", "mun: two hypnotists"}},
		{"a chain: a hypnotist that hypnotises is not hypnotised (ruling)", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #11", "Germany: A mun #20"},
			"Austria: A vie hypnotise A tyr - pie\nItaly: A tyr hypnotise A mun - ber\nGermany: A mun - bur",
			"austria A vie, germany A ber, italy A tyr",
			[]string{"vie: hypnotists hypnotising one another fail", "tyr: hypnotised Germany A mun"}},
		{"a ring with a tail: every hypnosis fails (ruling)", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #11", "Germany: A mun #11"},
			"Austria: A vie hypnotise A tyr - pie\nItaly: A tyr hypnotise A mun - ber\nGermany: A mun hypnotise A tyr - ven",
			"austria A vie, germany A mun, italy A tyr",
			[]string{"vie: hypnotists hypnotising one another fail", "tyr: hypnotists hypnotising one another fail", "mun: fail"}},
		{"9.a: the hypnosis acts although the Hypnotist is dislodged", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #20", "Russia: A gal #20", "Russia: A boh #20"},
			"Austria: A vie hypnotise A tyr - pie\nRussia: A gal - vie\nRussia: A boh S A gal - vie",
			"italy A pie, russia A boh, russia A vie, *austria A vie",
			[]string{"vie: hypnotised Italy A tyr", "vie: dislodged by A gal"}},
		{"9.a: the hypnotist turns its attacker's order (the attack is discarded)", s1902,
			[]string{"Austria: A vie #11", "Russia: A gal #20", "Russia: A boh #20"},
			"Austria: A vie hypnotise A gal - sil\nRussia: A gal - vie\nRussia: A boh S A gal - vie",
			"austria A vie, russia A boh, russia A sil",
			[]string{"boh: A gal was not ordered to Vienna"}},
		{"not an adjacent unit", s1902,
			[]string{"Austria: A vie #11", "Italy: A ven #20"},
			"Austria: A vie hypnotise A ven - pie\nItaly: A ven - tus",
			"austria A vie, italy A tus",
			[]string{"vie: Venice is not adjacent to Vienna"}},
		{"not its own power's unit", s1902,
			[]string{"Austria: A vie #11", "Austria: A bud #20"},
			"Austria: A vie hypnotise A bud - rum\nAustria: A bud H",
			"austria A bud, austria A vie",
			[]string{"vie: only alien units"}},
		{"the written order must name a unit there", s1902,
			[]string{"Austria: A vie #11"},
			"Austria: A vie hypnotise A tyr - mun",
			"austria A vie",
			[]string{"vie: no such unit in Tyrolia"}},
		{"rule 7: no hypnosis in 1901", s1901,
			[]string{"Austria: A vie #11", "Italy: A tyr #20"},
			"Austria: A vie hypnotise A tyr - mun\nItaly: A tyr - pie",
			"austria A vie, italy A pie",
			[]string{"vie: before Spring 1902"}},
		{"only a Hypnotist hypnotises", s1902,
			[]string{"Austria: A vie #20", "Italy: A tyr #20"},
			"Austria: A vie hypnotise A tyr - mun\nItaly: A tyr - pie",
			"austria A vie, italy A pie",
			[]string{"vie: only a Hypnotist"}},
		{"9.c: the victim made to use a power it has (a gas attack)", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #10", "Germany: A mun #20"},
			"Austria: A vie hypnotise A tyr gas mun\nItaly: A tyr - pie\nGermany: A mun - bur",
			"austria A vie, germany A mun, italy A tyr",
			[]string{"tyr: " + hypnotisedNote + "gassed Germany A mun", "mun: held in civil disorder"}},
		{"9.c: wrong about the victim's power, the order fails in its entirety", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #20", "Germany: A mun #20"},
			"Austria: A vie hypnotise A tyr gas mun\nItaly: A tyr - pie\nGermany: A mun - bur",
			"austria A vie, germany A bur, italy A pie",
			[]string{"vie: the order fails in its entirety (9.c)"}},
		{"9.c: never an Annihilator made to annihilate", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #9", "Germany: A mun #20"},
			"Austria: A vie hypnotise A tyr annihilate mun\nItaly: A tyr - pie",
			"austria A vie, germany A mun, italy A pie",
			[]string{"vie: cannot order an Annihilator to annihilate"}},
		{"9.b: an annihilation cannot be replaced by hypnosis", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #9", "Germany: A mun #20"},
			"Austria: A vie hypnotise A tyr - pie\nItaly: A tyr annihilate mun",
			"austria A vie",
			[]string{"vie: annihilates a province, which overrules hypnosis", "tyr: annihilated Munich"}},
		{"9.b: a Hypnotist whose own province is annihilated fails", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #9", "Russia: A gal #20"},
			"Austria: A vie hypnotise A gal - sil\nItaly: A tyr annihilate vie\nRussia: A gal H",
			"russia A gal",
			[]string{"vie: its own province was annihilated"}},
		{"9.b: the Hypnotist beats a Gasser gassing it: its order replaces the gas", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #10"},
			"Austria: A vie hypnotise A tyr - pie\nItaly: A tyr gas vie",
			"austria A vie, italy A pie",
			[]string{"vie: hypnotised Italy A tyr"}},
		{"9.b: a gas attack on a Hypnotist that hypnotises fails (ruling)", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #20", "Germany: A boh #10"},
			"Austria: A vie hypnotise A tyr - pie\nGermany: A boh gas vie",
			"austria A vie, germany A boh, italy A pie",
			[]string{"boh: the Hypnotist ranks above the Gasser"}},
		{"9.b: a gas attack on a unit hypnotised this turn fails (ruling)", s1902,
			[]string{"Austria: A vie #11", "Italy: A tyr #20", "Germany: A mun #10"},
			"Austria: A vie hypnotise A tyr - pie\nGermany: A mun gas tyr",
			"austria A vie, germany A mun, italy A pie",
			[]string{"mun: the unit is under hypnosis this turn"}},
	})
}

// TestHypnotistTurns: once every other turn, and a victim in civil
// disorder.
func TestHypnotistTurns(t *testing.T) {
	for _, tt := range []struct {
		phase engine.Phase
		last  int
		ok    bool
	}{
		{f1902, kit.MoveIndex(s1902), false},
		{s1903, kit.MoveIndex(s1902), true},
	} {
		s := cardPosition(t, tt.phase, "Austria: A vie #11", "Italy: A tyr #20")
		s.Extra.(*extra).Effects.LastUsed = map[kit.UnitID]int{idOf(s.Units[0]): tt.last}
		_, why := special(s, s.Units[0], specialOrder(s.Map, s.Units[0], hypnotiseName, "A tyr - mun"))
		if (why == "") != tt.ok {
			t.Errorf("%v after a hypnosis in turn %d: %q", tt.phase, tt.last, why)
		}
	}
	// The use is recorded; the next turn the hypnotist may not hypnotise.
	s := cardPosition(t, s1902, "Austria: A vie #11", "Italy: A tyr #20")
	out := adjudicate(t, s, "Austria: A vie hypnotise A tyr - boh")
	n := out.Next
	e := n.Extra.(*extra)
	if e.Effects.LastUsed[idOf(s.Units[0])] != kit.MoveIndex(s1902) {
		t.Errorf("last used %v", e.Effects.LastUsed)
	}
	if len(e.Effects.Hypnotised) != 1 || e.Effects.Hypnotised[0] != idOf(s.Units[1]) {
		t.Errorf("hypnotised %v", e.Effects.Hypnotised)
	}
	if e.Cards[idOf(s.Units[0])].Revealed != nil {
		t.Error("the hypnosis revealed the Hypnotist (card #11: the GM does not identify it)")
	}
	out = adjudicate(t, n, "Austria: A vie hypnotise A boh - mun")
	if got := positionOf(out.Next); got != "austria A vie, italy A boh" {
		t.Errorf("F1902 after: %s", got)
	}
	if r := reasonAt(t, n, out, "vie"); !strings.Contains(r, "every other turn") {
		t.Errorf("vie: %q", r)
	}
	if len(out.Next.Extra.(*extra).Effects.Hypnotised) != 0 {
		t.Errorf("hypnotised not cleared: %v", out.Next.Extra.(*extra).Effects.Hypnotised)
	}
	// A victim in civil disorder takes no orders, a hypnotist's neither.
	s = cardPosition(t, s1902, "Austria: A vie #11", "Italy: A tyr #20")
	s.Extra.(*extra).Effects.Disorders = []disorder{{Unit: idOf(s.Units[1]), Until: kit.MoveIndex(s1902)}}
	out = adjudicate(t, s, "Austria: A vie hypnotise A tyr - mun\nItaly: A tyr - pie")
	if got := positionOf(out.Next); got != "austria A vie, italy A tyr" {
		t.Errorf("civil disorder: %s", got)
	}
	if r := reasonAt(t, s, out, "vie"); !strings.Contains(r, "civil disorder") {
		t.Errorf("vie: %q", r)
	}
}

// TestHypnotistConceal: card #11, "The GM will not identify the unit doing
// the hypnotizing, reporting this as a 'Hold' order instead"; rule 3.
func TestHypnotistConceal(t *testing.T) {
	s := cardPosition(t, s1902, "Austria: A vie #11", "Italy: A tyr #20", "France: A bur #20")
	out := adjudicate(t, s, "Austria: A vie hypnotise A tyr - mun\nItaly: A tyr - pie\nFrance: A bur H")
	for _, ev := range out.Events {
		if strings.Contains(strings.ToLower(ev), "hypno") {
			t.Errorf("public event names the hypnosis: %q", ev)
		}
	}
	for _, tt := range []struct {
		seat       engine.Seat
		seesHypno  bool // the hypnotise order and its reason
		seesVictim bool // the victim's note
	}{
		{engine.Seat{GM: true}, true, true},
		{engine.Seat{Power: "austria"}, true, true},
		{engine.Seat{Power: "italy"}, false, true},
		{engine.Seat{Power: "france"}, false, false},
		{engine.Seat{}, false, false},
	} {
		c := engine.OutcomeFor(s, out, tt.seat, Variant.Rules)
		vie := c.Results[0]
		if got := vie.Order.Kind == engine.Special; got != tt.seesHypno {
			t.Errorf("%v: hypnotist's order %q (%v)", tt.seat, vie.Order.Text, vie.Order.Kind)
		}
		if !tt.seesHypno && (vie.Reason != "held" || vie.Order.Text != "1A vie H" || vie.Code != engine.OK) {
			t.Errorf("%v: hypnotist reported as %q %s %q, want a hold", tt.seat, vie.Order.Text, vie.Code, vie.Reason)
		}
		if got := strings.HasPrefix(c.Results[1].Reason, hypnotisedNote); got != tt.seesVictim {
			t.Errorf("%v: victim's reason %q", tt.seat, c.Results[1].Reason)
		}
		if c.Results[1].Reason != "moved to Munich" && !tt.seesVictim {
			t.Errorf("%v: victim's reason %q", tt.seat, c.Results[1].Reason)
		}
		e := c.Next.Extra.(*extra)
		_, known := e.Effects.LastUsed[idOf(s.Units[0])]
		if known != tt.seesHypno {
			t.Errorf("%v: LastUsed %v", tt.seat, e.Effects.LastUsed)
		}
		if got := len(e.Effects.Strikes.Uses) == 1; got != tt.seesHypno {
			t.Errorf("%v: uses %+v", tt.seat, e.Effects.Strikes.Uses)
		}
		if got := len(e.Effects.Hypnotised) == 1; got != (tt.seat.GM || tt.seat.Power == "italy") {
			t.Errorf("%v: hypnotised %v", tt.seat, e.Effects.Hypnotised)
		}
	}
	// An illegal hypnosis reads as a hold too.
	s = cardPosition(t, s1902, "Austria: A vie #11", "Italy: A ven #20")
	out = adjudicate(t, s, "Austria: A vie hypnotise A ven - pie")
	c := engine.OutcomeFor(s, out, engine.Seat{Power: "italy"}, Variant.Rules)
	if r := c.Results[0]; r.Order.Kind != engine.Hold || r.Reason != "held" || r.Code != engine.OK {
		t.Errorf("illegal hypnosis reported to Italy as %q %s %q", r.Order.Text, r.Code, r.Reason)
	}
}

// TestHypnotistHyperspace: rule 6.
func TestHypnotistHyperspace(t *testing.T) {
	s := cardPosition(t, s1902, "Austria: A vie #11", "Italy: A hyp #20")
	out := adjudicate(t, s, "Austria: A vie hypnotise A hyp - tyr")
	if r := reasonAt(t, s, out, "vie"); !strings.Contains(r, "rule 6") {
		t.Errorf("vie: %q", r)
	}
}
