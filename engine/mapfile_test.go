package engine

import (
	"errors"
	"os"
	"strings"
	"testing"
)

func TestLoadMapErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"unknown directive", "map x\nprovence lon coast \"London\"\n", "x.map:2: unknown directive \"provence\""},
		{"no map line", "power a \"A\" Aish A\n", "x.map:1: no \"map\" line"},
		{"bad kind", "map x\nprovince lon city \"London\"\n", "x.map:2: province lon: unknown kind \"city\" (want land, coast, sea or special)"},
		{"unknown province", "map x\nprovince lon coast \"London\"\narmy lon wal\n", "x.map:3: no province \"wal\""},
		{"duplicate link", "map x\nprovince a land \"A\"\nprovince b land \"B\"\narmy a b\narmy b a\n", "x.map:5: army link b-a stated twice"},
		{"fleet inland", "map x\nprovince a land \"A\"\nprovince b sea \"B\"\nfleet a b\n", "x.map:4: fleet link to inland province a"},
		{"coast needed", "map x\nprovince a coast \"A\"\ncoast a nc\nprovince b sea \"B\"\nfleet b a\n", "x.map:5: fleet link to a must name a coast (a has several)"},
		{"unterminated", "map x\nprovince a land \"A\n", "x.map:2: unterminated quoted string"},
		{"duplicate name", "map x\nprovince a land \"A\"\nprovince b land \"A\"\n", "x.map:3: engine: province name \"A\" is already used"},
		{"unit at sea", "map x\npower p \"P\" Pish P\nprovince a sea \"A\"\nunit p A a\n", "x.map:4: unit: army cannot stand in a"},
		{"role twice", "map x\npower p \"P\" Pish P\nrole p \"P\" Pish P\n", "x.map:3: role \"p\" declared twice"},
		{"reserved seat", "map x\nrole gm \"Game master\" GM G\n", "x.map:2: role \"gm\": an id is lower-case letters, digits and '_', and not gm or public"},
		{"bad seat id", "map x\npower Big \"B\" Bish B\n", "x.map:2: power \"Big\": an id is lower-case letters, digits and '_', and not gm or public"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadMap("x.map", strings.NewReader(tt.text))
			if err == nil {
				t.Fatal("no error")
			}
			if err.Error() != tt.want {
				t.Errorf("error %q\nwant  %q", err, tt.want)
			}
			var me *MapError
			if tt.name != "no map line" && !errors.As(err, &me) {
				t.Errorf("not a *MapError: %T", err)
			}
		})
	}
}

func TestApplyVariantFile(t *testing.T) {
	m := standardMap(t).Clone()
	change := `# a variant's change file
passable swi
province cas sea "Caspian Sea" "Caspian"
fleet cas arm sev
unlink army pie ven
unlimited cas
`
	if err := m.Apply("change.map", strings.NewReader(change)); err != nil {
		t.Fatal(err)
	}
	swi, _ := m.Lookup("swi")
	mun, _ := m.Lookup("mun")
	cas, _ := m.Lookup("Caspian")
	sev, _ := m.Lookup("sev")
	pie, _ := m.Lookup("pie")
	ven, _ := m.Lookup("ven")
	if !m.ArmyAdjacent(swi, mun) || !m.FleetAdjacent(Loc{P: sev}, Loc{P: cas}) || m.ArmyAdjacent(pie, ven) || !m.Provinces[cas].Unlimited {
		t.Error("change file not applied")
	}
}

func FuzzLoadMap(f *testing.F) {
	std, err := os.ReadFile("../resources/maps/standard/standard.map")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(std))
	f.Add("map x\nprovince a coast \"A\"\ncoast a nc\nprovince b sea \"B\"\nfleet b a/nc\n")
	f.Add("map x\npower p \"P\" Pish P\nprovince a land home=p \"A\"\nunit p A a\nunlink army a a\n")
	f.Add("map \"\nprovince")
	f.Fuzz(func(t *testing.T, text string) {
		m, err := LoadMap("fuzz.map", strings.NewReader(text))
		if err != nil {
			return
		}
		// A map that loads must answer every question without panicking.
		for i := range m.Provinces {
			p := ProvinceID(i)
			m.ArmyNeighbours(p)
			for _, c := range append([]Coast{NoCoast}, m.Provinces[i].Coasts...) {
				m.FleetNeighbours(Loc{p, c})
			}
		}
		s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
		AdjudicateMovement(s, nil, nil)
	})
}

// TestRoles: a role is a seat beside the great powers, with no home
// centres, listed with them in map order (Rather Silly rules 13-16).
func TestRoles(t *testing.T) {
	m := standardMap(t).Clone()
	if err := m.Apply("roles.changes", strings.NewReader("role jester \"Jester\" Jester J\nrole doctor \"Doctor\" Doctor D\n")); err != nil {
		t.Fatal(err)
	}
	ids := m.PowerIDs()
	if len(ids) != 9 || ids[7] != "jester" || ids[8] != "doctor" {
		t.Fatalf("seats %v", ids)
	}
	for _, p := range m.Powers {
		if p.Role != (p.ID == "jester" || p.ID == "doctor") {
			t.Errorf("%s: Role %v", p.ID, p.Role)
		}
	}
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	if n := s.Centres()["jester"]; n != 0 {
		t.Errorf("the Jester owns %d centres", n)
	}
}
