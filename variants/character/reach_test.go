package character

import (
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
)

// TestSpecialMover: card #16 in adjudication (rules 7, 8), each case a
// position with cards, orders, the position after and a phrase the first
// unit's result must give.
func TestSpecialMover(t *testing.T) {
	tests := []cardCase{
		{"an army moves Spain to North Africa in 1902", s1902,
			[]string{"France: A spa #16"},
			"France: A spa - naf",
			"france A naf", "moved to North Africa"},
		{"rule 7: not in 1901", s1901,
			[]string{"France: A spa #16"},
			"France: A spa - naf",
			"france A spa", "no fleets could convoy"},
		{"an ordinary army cannot", s1902,
			[]string{"France: A spa #20"},
			"France: A spa - naf",
			"france A spa", "no fleets could convoy"},
		{"an army moves North Africa to Spain", s1902,
			[]string{"France: A naf #16"},
			"France: A naf - spa",
			"france A spa", "moved to Spain"},
		{"a fleet moves from Spain's south coast to North Africa", s1902,
			[]string{"France: F spa/sc #16"},
			"France: F spa/sc - naf",
			"france F naf", "moved to North Africa"},
		{"not from Spain's north coast", s1902,
			[]string{"France: F spa/nc #16"},
			"France: F spa/nc - naf",
			"france F spa/nc", "cannot move from Spain (north coast) to North Africa"},
		{"a fleet from North Africa lands on Spain's south coast", s1902,
			[]string{"France: F naf #16"},
			"France: F naf - spa",
			"france F spa/sc", "moved to Spain (south coast)"},
		{"a fleet from North Africa cannot land on the north coast", s1902,
			[]string{"France: F naf #16"},
			"France: F naf - spa/nc",
			"france F naf", "cannot reach Spain (north coast)"},
		{"an army moves Albania to Apulia", s1902,
			[]string{"Austria: A alb #16"},
			"Austria: A alb - apu",
			"austria A apu", "moved to Apulia"},
		{"a fleet moves Apulia to Albania whatever is in the Adriatic", s1902,
			[]string{"Italy: F apu #16", "Austria: F adr #20"},
			"Italy: F apu - alb\nAustria: F adr H",
			"austria F adr, italy F alb", "moved to Albania"},
		{"an army moves Armenia to Moscow", s1902,
			[]string{"Turkey: A arm #16"},
			"Turkey: A arm - mos",
			"turkey A mos", "moved to Moscow"},
		{"an army moves Moscow to Armenia", s1902,
			[]string{"Russia: A mos #16"},
			"Russia: A mos - arm",
			"russia A arm", "moved to Armenia"},
		{"a fleet never goes inland to Moscow", s1902,
			[]string{"Turkey: F arm #16"},
			"Turkey: F arm - mos",
			"turkey F arm", "cannot move inland"},
		{"an army moves Munich to Piedmont over Switzerland", s1902,
			[]string{"Germany: A mun #16"},
			"Germany: A mun - pie",
			"germany A pie", "moved to Piedmont"},
		{"over Switzerland in 1901: no", s1901,
			[]string{"Germany: A mun #16"},
			"Germany: A mun - pie",
			"germany A mun", "cannot reach Piedmont"},
		{"Burgundy to Tyrolia over Switzerland", s1902,
			[]string{"France: A bur #16"},
			"France: A bur - tyr",
			"france A tyr", "moved to Tyrolia"},
		{"Marseilles to Munich over Switzerland, dislodging", s1902,
			[]string{"France: A mar #16", "France: A bur #20", "Germany: A mun #20"},
			"France: A mar - mun\nFrance: A bur S A mar - mun",
			"france A bur, france A mun, *germany A mun", "dislodging"},
		{"16.i: two armies over Switzerland at once both move", s1902,
			[]string{"France: A mar #16", "Italy: A pie #16"},
			"France: A mar - tyr\nItaly: A pie - bur",
			"france A tyr, italy A bur", "moved to Tyrolia"},
		{"not into Switzerland itself", s1902,
			[]string{"Germany: A mun #16"},
			"Germany: A mun - swi",
			"germany A mun", "impassable"},
		{"an army does not cross the North Sea", s1902,
			[]string{"England: A edi #16"},
			"England: A edi - nwy",
			"england A edi", "no fleets could convoy"},
		{"a fleet crosses the North Sea whatever stands there", s1902,
			[]string{"England: F edi #16", "Germany: F nth #20"},
			"England: F edi - hol\nGermany: F nth H",
			"england F hol, germany F nth", "moved to Holland"},
		{"London to Denmark across the North Sea", s1902,
			[]string{"England: F lon #16"},
			"England: F lon - den",
			"england F den", "moved to Denmark"},
		{"the Channel is no side of the North Sea", s1902,
			[]string{"England: F eng #16"},
			"England: F eng - nwy",
			"england F eng", "cannot move from English Channel to Norway"},
		{"a fleet moves Greece to Tunis over the Ionian", s1902,
			[]string{"Turkey: F gre #16", "Italy: F ion #20"},
			"Turkey: F gre - tun\nItaly: F ion H",
			"italy F ion, turkey F tun", "moved to Tunis"},
		{"and Tunis to Greece", s1902,
			[]string{"France: F tun #16"},
			"France: F tun - gre",
			"france F gre", "moved to Greece"},
		{"an army does not go Greece to Tunis", s1902,
			[]string{"Turkey: A gre #16"},
			"Turkey: A gre - tun",
			"turkey A gre", "no fleets could convoy"},
		{"it supports across its link", s1902,
			[]string{"France: F naf #16", "France: A gas #20", "Germany: A spa #20"},
			"France: F naf S A gas - spa\nFrance: A gas - spa",
			"france F naf, france A spa, *germany A spa", "support given"},
		{"rule 7: no support across the link in 1901", s1901,
			[]string{"France: F naf #16", "France: A gas #20", "Germany: A spa #20"},
			"France: F naf S A gas - spa\nFrance: A gas - spa",
			"france A gas, france F naf, germany A spa", "cannot support there"},
		{"two special movers meet head to head across a link", s1902,
			[]string{"Austria: A alb #16", "Italy: A apu #16"},
			"Austria: A alb - apu\nItaly: A apu - alb",
			"austria A alb, italy A apu", "head-to-head"},
	}
	runCardCases(t, tests)
}

// TestConvoylessArmy: card #17 in adjudication (rule 7): an army crosses
// one sea space without a convoy, whatever stands in the sea.
func TestConvoylessArmy(t *testing.T) {
	tests := []cardCase{
		{"London to Belgium across the North Sea in 1902", s1902,
			[]string{"England: A lon #17"},
			"England: A lon - bel",
			"england A bel", "moved to Belgium"},
		{"rule 7: not in 1901", s1901,
			[]string{"England: A lon #17"},
			"England: A lon - bel",
			"england A lon", "no fleets could convoy"},
		{"whatever fleet stands in the sea", s1902,
			[]string{"England: A lon #17", "Germany: F nth #20", "Germany: F eng #20"},
			"England: A lon - nwy\nGermany: F nth H\nGermany: F eng H",
			"england A nwy, germany F eng, germany F nth", "moved to Norway"},
		{"Brest to London across the Channel", s1902,
			[]string{"France: A bre #17"},
			"France: A bre - lon",
			"france A lon", "moved to London"},
		{"Constantinople to Sevastopol across the Black Sea", s1902,
			[]string{"Turkey: A con #17"},
			"Turkey: A con - sev",
			"turkey A sev", "moved to Sevastopol"},
		{"Spain to North Africa across the Western Mediterranean", s1902,
			[]string{"France: A spa #17"},
			"France: A spa - naf",
			"france A naf", "moved to North Africa"},
		{"not across two seas", s1902,
			[]string{"England: A lon #17"},
			"England: A lon - spa",
			"england A lon", "no fleets could convoy"},
		{"not into a sea", s1902,
			[]string{"England: A lon #17"},
			"England: A lon - nth",
			"england A lon", "an army cannot move into a sea"},
		{"not from an inland province", s1902,
			[]string{"Germany: A mun #17"},
			"Germany: A mun - bel",
			"germany A mun", "cannot reach Belgium"},
		{"not into Switzerland", s1902,
			[]string{"France: A mar #17"},
			"France: A mar - swi",
			"france A mar", "impassable"},
		{"it dislodges across the sea with support", s1902,
			[]string{"England: A lon #17", "England: A hol #20", "France: A bel #20"},
			"England: A lon - bel\nEngland: A hol S A lon - bel",
			"england A bel, england A hol, *france A bel", "dislodging"},
		{"it supports across the sea", s1902,
			[]string{"England: A lon #17", "England: A hol #20", "France: A bel #20"},
			"England: A lon S A hol - bel\nEngland: A hol - bel",
			"england A bel, england A lon, *france A bel", "support given"},
		{"rule 7: no support across the sea in 1901", s1901,
			[]string{"England: A lon #17", "England: A hol #20", "France: A bel #20"},
			"England: A lon S A hol - bel\nEngland: A hol - bel",
			"england A hol, england A lon, france A bel", "cannot support there"},
		{"two convoyless armies meet head to head", s1902,
			[]string{"England: A lon #17", "France: A bel #17"},
			"England: A lon - bel\nFrance: A bel - lon",
			"england A lon, france A bel", "head-to-head"},
		{"a move by convoy still goes by convoy", s1902,
			[]string{"England: A lon #17", "England: F nth #20", "France: F eng #20"},
			"England: A lon - bel via convoy\nEngland: F nth C A lon - bel",
			"england A bel, england F nth, france F eng", "moved to Belgium"},
	}
	runCardCases(t, tests)
}

// TestMoverRetreats: rule 8, "No unit may retreat more than one space":
// a #16 unit retreats along its direct links (Spain-North Africa,
// Albania-Apulia, Armenia-Moscow) but not over Switzerland, across the
// North Sea or from Greece to Tunis; a #17 army never retreats across a
// sea.
func TestMoverRetreats(t *testing.T) {
	r1902 := engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Retreat}
	r1901 := engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Retreat}
	tests := []struct {
		name  string
		phase engine.Phase
		unit  string // the dislodged unit with its card
		from  string // where its attacker came from
		dest  string // a place it may or may not retreat to
		may   bool
	}{
		{"#16 retreats Albania to Apulia", r1902, "Austria: A alb #16", "ser", "apu", true},
		{"rule 7: not in 1901", r1901, "Austria: A alb #16", "ser", "apu", false},
		{"#16 retreats Moscow to Armenia", r1902, "Russia: A mos #16", "war", "arm", true},
		{"#16 retreats North Africa to Spain", r1902, "France: A naf #16", "tun", "spa", true},
		{"#16 does not retreat over Switzerland", r1902, "Germany: A mun #16", "ber", "pie", false},
		{"#16 does not retreat across the North Sea", r1902, "England: F edi #16", "nwg", "hol", false},
		{"#16 does not retreat Greece to Tunis", r1902, "Turkey: F gre #16", "aeg", "tun", false},
		{"#17 does not retreat across a sea", r1902, "England: A lon #17", "wal", "bel", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := cardPosition(t, tt.phase, tt.unit)
			from, ok := s.Map.Lookup(tt.from)
			if !ok {
				t.Fatalf("no province %q", tt.from)
			}
			d := engine.Dislodgement{Unit: s.Units[0], From: from}
			s.Units = nil
			var got []string
			for _, l := range engine.RetreatOptions(s, d, Variant.Rules) {
				got = append(got, s.Map.LocString(l))
			}
			if may := slices.Contains(got, tt.dest); may != tt.may {
				t.Errorf("retreats %v: %s there %v, want %v", got, tt.dest, may, tt.may)
			}
		})
	}
}

// TestReachOnlyForItsCards: the Reach hook answers no for any other card,
// a unit without a card and a position without the variant's data.
func TestReachOnlyForItsCards(t *testing.T) {
	for _, card := range []string{"20", "4", "X5", "X8"} {
		s := cardPosition(t, s1902, "France: A spa #"+card)
		naf, _ := s.Map.Lookup("naf")
		if reach(s, s.Units[0], engine.Loc{P: naf}) {
			t.Errorf("#%s reaches North Africa from Spain", card)
		}
	}
	s := cardPosition(t, s1902, "France: A spa")
	naf, _ := s.Map.Lookup("naf")
	if reach(s, s.Units[0], engine.Loc{P: naf}) {
		t.Error("a unit without a card reaches North Africa from Spain")
	}
	s.Extra = nil
	if reach(s, s.Units[0], engine.Loc{P: naf}) {
		t.Error("a position without the variant's data")
	}
	for _, k := range specialLinks {
		for _, e := range []end{k.a, k.b} {
			if _, ok := s.Map.Lookup(e.abbr); !ok {
				t.Errorf("#16's link names no province %q", e.abbr)
			}
		}
	}
}

// TestConvoylessCaspian: rule 11 and #17 "Includes Caspian Sea": the
// variant's board holds the Caspian, impassable, touching Armenia, Moscow
// and Sevastopol; a #17 army crosses it (explorer.go's convoylessCaspian),
// though Moscow is inland, and never stops in it.
func TestConvoylessCaspian(t *testing.T) {
	s := cardPosition(t, s1902, "Turkey: A arm #17", "Russia: A mos #17")
	m := s.Map
	cas, _ := m.Lookup("cas")
	arm, _ := m.Lookup("arm")
	mos, _ := m.Lookup("mos")
	reach := Variant.Rules.Reach
	if !reach(s, s.Units[0], engine.Loc{P: mos}) || !reach(s, s.Units[1], engine.Loc{P: arm}) {
		t.Error("a #17 army does not cross the Caspian between Armenia and Moscow")
	}
	if reach(s, s.Units[0], engine.Loc{P: cas}) || Variant.Rules.Enter(s, s.Units[0], engine.Loc{P: cas}) {
		t.Error("a #17 army stops in the Caspian")
	}
	s.Phase = s1901
	if reach(s, s.Units[0], engine.Loc{P: mos}) {
		t.Error("rule 7: a #17 army crosses the Caspian in 1901")
	}
}

// A special mover's fleet dislodged in North Africa may retreat along its
// link to Spain's south coast (Davis #16, rule 8), a coast the engine
// offers through Reach.
func TestSpecialMoverFleetRetreatsToSpainSouthCoast(t *testing.T) {
	s := cardPosition(t, s1902, "France: F naf #16", "Italy: F wes #20", "Italy: F tun #20")
	orders, errs := engine.ParseOrders(s.Map, "", "Italy: F wes - naf\nItaly: F tun S F wes - naf")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := engine.Adjudicate(s, orders, Variant.Rules, nil)
	if len(out.Next.Dislodged) != 1 {
		t.Fatalf("dislodged: %v", out.Next.Dislodged)
	}
	var got []string
	for _, l := range engine.RetreatOptions(out.Next, out.Next.Dislodged[0], Variant.Rules) {
		got = append(got, out.Next.Map.LocString(l))
	}
	if strings.Join(got, " ") != "mao spa/sc" {
		t.Errorf("retreats %q, want mao and spa/sc", got)
	}
}
