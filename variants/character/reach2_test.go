package character

import (
	"slices"
	"testing"

	"dipdesk/engine"
)

// TestSuperfleet: card #18 in adjudication (rule 7): a fleet jumps
// directly between the named seas, both ways, whatever stands between.
func TestSuperfleet(t *testing.T) {
	tests := []cardCase{
		{"Mid-Atlantic to the Ionian in 1902", s1902,
			[]string{"France: F mao #18"},
			"France: F mao - ion",
			"france F ion", "moved to Ionian Sea"},
		{"rule 7: not in 1901", s1901,
			[]string{"France: F mao #18"},
			"France: F mao - ion",
			"france F mao", "cannot move from Mid-Atlantic Ocean to Ionian Sea"},
		{"an ordinary fleet cannot", s1902,
			[]string{"France: F mao #20"},
			"France: F mao - ion",
			"france F mao", "cannot move from Mid-Atlantic Ocean to Ionian Sea"},
		{"a special mover cannot", s1902,
			[]string{"France: F mao #16"},
			"France: F mao - ion",
			"france F mao", "cannot move from Mid-Atlantic Ocean to Ionian Sea"},
		{"the Ionian to Mid-Atlantic", s1902,
			[]string{"Italy: F ion #18"},
			"Italy: F ion - mao",
			"italy F mao", "moved to Mid-Atlantic Ocean"},
		{"Mid-Atlantic to the Norwegian Sea", s1902,
			[]string{"France: F mao #18"},
			"France: F mao - nwg",
			"france F nwg", "moved to Norwegian Sea"},
		{"the Norwegian Sea to Mid-Atlantic", s1902,
			[]string{"England: F nwg #18"},
			"England: F nwg - mao",
			"england F mao", "moved to Mid-Atlantic Ocean"},
		{"Barents to the North Atlantic", s1902,
			[]string{"Russia: F bar #18"},
			"Russia: F bar - nao",
			"russia F nao", "moved to North Atlantic Ocean"},
		{"the North Atlantic to Barents", s1902,
			[]string{"England: F nao #18"},
			"England: F nao - bar",
			"england F bar", "moved to Barents Sea"},
		{"the Baltic to the Skagerrak over Denmark", s1902,
			[]string{"Germany: F bal #18", "Russia: A den #20"},
			"Germany: F bal - ska\nRussia: A den H",
			"germany F ska, russia A den", "moved to Skagerrak"},
		{"the Skagerrak to the Baltic", s1902,
			[]string{"Germany: F ska #18"},
			"Germany: F ska - bal",
			"germany F bal", "moved to Baltic Sea"},
		{"Western to Eastern Med whatever stands between", s1902,
			[]string{"France: F wes #18", "Italy: F tys #20", "Italy: F ion #20"},
			"France: F wes - eas\nItaly: F tys H\nItaly: F ion H",
			"france F eas, italy F ion, italy F tys", "moved to Eastern Mediterranean"},
		{"Eastern to Western Med", s1902,
			[]string{"Turkey: F eas #18"},
			"Turkey: F eas - wes",
			"turkey F wes", "moved to Western Mediterranean"},
		{"no jump the card does not name", s1902,
			[]string{"France: F mao #18"},
			"France: F mao - eas",
			"france F mao", "cannot move from Mid-Atlantic Ocean to Eastern Mediterranean"},
		{"no jump onto a coast", s1902,
			[]string{"France: F mao #18"},
			"France: F mao - tun",
			"france F mao", "cannot move from Mid-Atlantic Ocean to Tunis"},
		{"it bounces at the end of its jump", s1902,
			[]string{"Germany: F bal #18", "Russia: F nwy #20"},
			"Germany: F bal - ska\nRussia: F nwy - ska",
			"germany F bal, russia F nwy", "bounced"},
		{"it dislodges with support", s1902,
			[]string{"France: F mao #18", "France: F tun #20", "Italy: F ion #20"},
			"France: F mao - ion\nFrance: F tun S F mao - ion",
			"france F ion, france F tun, *italy F ion", "dislodging"},
		{"it supports across its jump", s1902,
			[]string{"France: F mao #18", "France: F tun #20", "Italy: F ion #20"},
			"France: F mao S F tun - ion\nFrance: F tun - ion",
			"france F ion, france F mao, *italy F ion", "support given"},
		{"rule 7: no support across the jump in 1901", s1901,
			[]string{"France: F mao #18", "France: F tun #20", "Italy: F ion #20"},
			"France: F mao S F tun - ion\nFrance: F tun - ion",
			"france F mao, france F tun, italy F ion", "cannot support there"},
		{"two superfleets jumping at each other meet head to head", s1902,
			[]string{"France: F wes #18", "Turkey: F eas #18"},
			"France: F wes - eas\nTurkey: F eas - wes",
			"france F wes, turkey F eas", "head-to-head"},
	}
	runCardCases(t, tests)
}

// TestExplorer: card #7 in adjudication (rule 7): the direct link
// Spain-North Africa for an army or a fleet (Spain's south coast); the
// islands, Switzerland and the Caspian are not open (engine and map gaps,
// see the rulings).
func TestExplorer(t *testing.T) {
	tests := []cardCase{
		{"an army moves Spain to North Africa in 1902", s1902,
			[]string{"France: A spa #7"},
			"France: A spa - naf",
			"france A naf", "moved to North Africa"},
		{"rule 7: not in 1901", s1901,
			[]string{"France: A spa #7"},
			"France: A spa - naf",
			"france A spa", "no fleets could convoy"},
		{"an ordinary army cannot", s1902,
			[]string{"France: A spa #20"},
			"France: A spa - naf",
			"france A spa", "no fleets could convoy"},
		{"an army moves North Africa to Spain", s1902,
			[]string{"France: A naf #7"},
			"France: A naf - spa",
			"france A spa", "moved to Spain"},
		{"whatever stands in the Western Med or Mid-Atlantic", s1902,
			[]string{"France: A spa #7", "Italy: F wes #20", "Italy: F mao #20"},
			"France: A spa - naf\nItaly: F wes H\nItaly: F mao H",
			"france A naf, italy F mao, italy F wes", "moved to North Africa"},
		{"a fleet moves from Spain's south coast to North Africa", s1902,
			[]string{"France: F spa/sc #7"},
			"France: F spa/sc - naf",
			"france F naf", "moved to North Africa"},
		{"not from Spain's north coast", s1902,
			[]string{"France: F spa/nc #7"},
			"France: F spa/nc - naf",
			"france F spa/nc", "cannot move from Spain (north coast) to North Africa"},
		{"a fleet from North Africa lands on Spain's south coast", s1902,
			[]string{"France: F naf #7"},
			"France: F naf - spa",
			"france F spa/sc", "moved to Spain (south coast)"},
		{"a fleet from North Africa cannot land on the north coast", s1902,
			[]string{"France: F naf #7"},
			"France: F naf - spa/nc",
			"france F naf", "cannot reach Spain (north coast)"},
		{"it supports across its link", s1902,
			[]string{"France: A naf #7", "France: A gas #20", "Germany: A spa #20"},
			"France: A naf S A gas - spa\nFrance: A gas - spa",
			"france A naf, france A spa, *germany A spa", "support given"},
		{"rule 7: no support across the link in 1901", s1901,
			[]string{"France: A naf #7", "France: A gas #20", "Germany: A spa #20"},
			"France: A naf S A gas - spa\nFrance: A gas - spa",
			"france A gas, france A naf, germany A spa", "cannot support there"},
		{"two explorers meet head to head across the strait", s1902,
			[]string{"France: A spa #7", "Italy: A naf #7"},
			"France: A spa - naf\nItaly: A naf - spa",
			"france A spa, italy A naf", "head-to-head"},
		{"Switzerland opens to an explorer (Enter, explorer.go)", s1902,
			[]string{"France: A mar #7"},
			"France: A mar - swi",
			"france A swi", "moved to Switzerland"},
		{"Switzerland stays impassable to others", s1902,
			[]string{"France: A mar #20"},
			"France: A mar - swi",
			"france A mar", "impassable"},
		{"no other link: Spain to Tunis", s1902,
			[]string{"France: F spa/sc #7"},
			"France: F spa/sc - tun",
			"france F spa/sc", "cannot move from Spain (south coast) to Tunis"},
	}
	runCardCases(t, tests)
}

// TestExplorerAndSuperfleetRetreats: #7 "may also Retreat to these
// spaces": an explorer retreats along Spain-North Africa; #18's jumps skip
// a space and are never retreats (rule 8).
func TestExplorerAndSuperfleetRetreats(t *testing.T) {
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
		{"#7 army retreats North Africa to Spain", r1902, "France: A naf #7", "tun", "spa", true},
		{"#7 army retreats Spain to North Africa", r1902, "France: A spa #7", "gas", "naf", true},
		{"rule 7: not in 1901", r1901, "France: A naf #7", "tun", "spa", false},
		{"#7 fleet retreats North Africa to Spain's south coast", r1902, "France: F naf #7", "wes", "spa/sc", true},
		{"#18 does not retreat Mid-Atlantic to the Ionian", r1902, "France: F mao #18", "bre", "ion", false},
		{"#18 does not retreat the Baltic to the Skagerrak", r1902, "Germany: F bal #18", "kie", "ska", false},
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

// TestReachLinksName: every link end of #7 and #18 is a province of the
// board (#7's Ireland and Sicily are the islands Board adds), an explorer
// army reaches no sea along a link, and a #18 army gains nothing.
func TestReachLinksName(t *testing.T) {
	s := cardPosition(t, s1902, "England: A lvp #7", "Italy: A nap #7")
	for _, links := range [][]link{superfleetLinks, explorerLinks} {
		for _, k := range links {
			for _, e := range []end{k.a, k.b} {
				if _, ok := s.Map.Lookup(e.abbr); !ok {
					t.Errorf("a link names no province %q", e.abbr)
				}
			}
		}
	}
	for i, to := range []string{"iri", "tys"} {
		p, _ := s.Map.Lookup(to)
		if reach(s, s.Units[i], engine.Loc{P: p}) {
			t.Errorf("#7 %s reaches %s", s.Map.LocString(s.Units[i].Loc), to)
		}
	}
	a := cardPosition(t, s1902, "France: A spa #18")
	naf, _ := a.Map.Lookup("naf")
	if reach(a, a.Units[0], engine.Loc{P: naf}) {
		t.Error("a #18 army reaches North Africa")
	}
}

// TestAmphibious: card #3 "moves as an army or a fleet at will" as far as
// the engine carries it: the other type's links to a space its own type
// may stand in (rule 7), so a fleet crosses land from coast to coast.
func TestAmphibious(t *testing.T) {
	tests := []cardCase{
		{"a fleet crosses land Rome to Venice in 1902", s1902,
			[]string{"Italy: F rom #3"},
			"Italy: F rom - ven",
			"italy F ven", "moved to Venice"},
		{"rule 7: not in 1901", s1901,
			[]string{"Italy: F rom #3"},
			"Italy: F rom - ven",
			"italy F rom", "cannot move from Rome to Venice"},
		{"an ordinary fleet cannot", s1902,
			[]string{"Italy: F rom #20"},
			"Italy: F rom - ven",
			"italy F rom", "cannot move from Rome to Venice"},
		{"Marseilles to Spain's north coast over land", s1902,
			[]string{"France: F mar #3"},
			"France: F mar - spa/nc",
			"france F spa/nc", "moved to Spain (north coast)"},
		{"Marseilles to Spain: both coasts now, so one must be named", s1902,
			[]string{"France: F mar #3"},
			"France: F mar - spa",
			"france F mar", "coast of Spain must be given"},
		{"a fleet stands inland (Enter, amphibious.go)", s1902,
			[]string{"Germany: F kie #3"},
			"Germany: F kie - mun",
			"germany F mun", "moved to Munich"},
		{"an army stands at sea (Enter, amphibious.go)", s1902,
			[]string{"England: A lon #3"},
			"England: A lon - nth",
			"england A nth", "moved to North Sea"},
		{"an army crosses no sea by the card", s1902,
			[]string{"England: A lon #3"},
			"England: A lon - bel",
			"england A lon", "no fleets could convoy"},
		{"it supports over land", s1902,
			[]string{"Italy: F rom #3", "Italy: A tyr #20", "Austria: A ven #20"},
			"Italy: F rom S A tyr - ven\nItaly: A tyr - ven",
			"italy F rom, italy A ven, *austria A ven", "support given"},
		{"rule 7: no support over land in 1901", s1901,
			[]string{"Italy: F rom #3", "Italy: A tyr #20", "Austria: A ven #20"},
			"Italy: F rom S A tyr - ven\nItaly: A tyr - ven",
			"austria A ven, italy F rom, italy A tyr", "cannot support there"},
	}
	runCardCases(t, tests)
}

// TestAmphibiousRetreats: the other type's links are one space, so an
// amphibious fleet may retreat over land (rule 8 allows one space).
func TestAmphibiousRetreats(t *testing.T) {
	r := engine.Phase{Year: 1902, Season: engine.Fall, Type: engine.Retreat}
	for _, tt := range []struct {
		phase engine.Phase
		may   bool
	}{{r, true}, {engine.Phase{Year: 1901, Season: engine.Fall, Type: engine.Retreat}, false}} {
		s := cardPosition(t, tt.phase, "Italy: F rom #3")
		tys, _ := s.Map.Lookup("tys")
		d := engine.Dislodgement{Unit: s.Units[0], From: tys}
		s.Units = nil
		var got []string
		for _, l := range engine.RetreatOptions(s, d, Variant.Rules) {
			got = append(got, s.Map.LocString(l))
		}
		if may := slices.Contains(got, "ven"); may != tt.may {
			t.Errorf("%v: retreats %v: to Venice %v, want %v", tt.phase, got, may, tt.may)
		}
	}
}
