package character

import (
	"slices"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/standard"
)

// TestIslandsBoard: Davis's board (Board, the character variants' one
// board) adds card #7's five islands to the board of rules 6 and 11 (two
// spaces more than the standard board), each an impassable coastal
// province, no centre, linked to its seas for fleets and to nothing for
// armies.
func TestIslandsBoard(t *testing.T) {
	m, err := board()
	if err != nil {
		t.Fatal(err)
	}
	if m2, _ := board(); m2 != m {
		t.Error("the board is built more than once")
	}
	std, _ := standard.Map()
	if m.NumProvinces() != std.NumProvinces()+2+5 {
		t.Errorf("%d provinces on the board, %d standard: want Hyperspace, the Caspian and five islands more", m.NumProvinces(), std.NumProvinces())
	}
	seas := map[string][]string{
		"cre": {"aeg", "eas", "ion"},
		"ice": {"nao", "nwg"},
		"ire": {"iri", "nao"},
		"sar": {"lyo", "tys", "wes"},
		"sic": {"ion", "tys"},
	}
	for _, abbr := range islandAbbrs {
		if _, ok := std.Lookup(abbr); ok {
			t.Errorf("the standard map has %s", abbr)
		}
		p, ok := m.Lookup(abbr)
		if !ok {
			t.Errorf("no island %s", abbr)
			continue
		}
		if q := m.Province(p); q.Kind != engine.Coastal || !q.Impassable || q.SC || q.Unlimited || !isIsland(m, p) {
			t.Errorf("%s: %+v", abbr, q)
		}
		var fleet, army []string
		for i := range m.NumProvinces() {
			q := engine.ProvinceID(i)
			if m.FleetLinked(engine.Loc{P: p}, engine.Loc{P: q}) {
				fleet = append(fleet, m.Province(q).Abbr)
			}
			if m.ArmyLinked(p, q) {
				army = append(army, m.Province(q).Abbr)
			}
		}
		slices.Sort(fleet)
		if !slices.Equal(fleet, seas[abbr]) || len(army) > 0 {
			t.Errorf("%s: fleet links %v, army links %v; want fleet %v, no army", abbr, fleet, army, seas[abbr])
		}
	}
	if Variant.Map == nil {
		t.Fatal("no board")
	}
	if v, _ := Variant.Map(); v != m {
		t.Error("the variant is not played on Board")
	}
}

// TestOnlyExplorersEnterIslands: Enter opens the islands to an explorer
// (army or fleet) from 1902 and to no other card.
func TestOnlyExplorersEnterIslands(t *testing.T) {
	for _, tt := range []struct {
		unit  string
		phase engine.Phase
		want  bool
	}{
		{"England: F nao #7", s1902, true},
		{"England: A lvp #7", s1902, true},
		{"England: F nao #7", s1901, false},
		{"England: F nao #20", s1902, false},
		{"England: F nao #3", s1902, false},
		{"England: A lvp #17", s1902, false},
		{"England: A lvp #16", s1902, false},
		{"England: F nao #8", s1902, false},
		{"England: F nao #6", s1902, false},
	} {
		s := cardPosition(t, tt.phase, tt.unit)
		for _, abbr := range islandAbbrs {
			p, _ := s.Map.Lookup(abbr)
			if got := enter(s, s.Units[0], engine.Loc{P: p}); got != tt.want {
				t.Errorf("%s in %v enters %s: %v, want %v", tt.unit, tt.phase, abbr, got, tt.want)
			}
		}
	}
}
