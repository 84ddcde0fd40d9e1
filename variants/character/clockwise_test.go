package character

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/render/geometry"
	"dipdesk/variants/standard"
)

var updateClockwise = flag.Bool("update-clockwise", false, "rewrite resources/maps/character/clockwise.txt from the board geometry")

// clockwiseAddedText is resources/maps/character/clockwise.txt as the
// board geometry gives it: for every space of the variant's board that the
// standard board lacks and a unit may be dislodged in (the Caspian and the
// five islands; not Hyperspace, where no one is dislodged), its neighbours
// clockwise from north, each with its space switched on.
func clockwiseAddedText(t *testing.T) string {
	t.Helper()
	b, err := geometry.Load()
	if err != nil {
		t.Fatal(err)
	}
	m, err := board()
	if err != nil {
		t.Fatal(err)
	}
	std, err := standard.Map()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range m.NumProvinces() {
		p := m.Province(engine.ProvinceID(i))
		if _, ok := std.Lookup(p.Abbr); ok || p.Unlimited {
			continue
		}
		ids = append(ids, p.Abbr)
	}
	slices.Sort(ids)
	var sb strings.Builder
	sb.WriteString("# Character Diplomacy (rule 14.a, Just's right-hand rule): the neighbours of\n")
	sb.WriteString("# the spaces the variant adds to the standard board (the Caspian Sea of rule\n")
	sb.WriteString("# 11, card #7's islands) in clockwise order from north, by bearing from the\n")
	sb.WriteString("# space's unit anchor to the middle of the longest border the two share, as\n")
	sb.WriteString("# resources/maps/standard/clockwise.txt gives the standard provinces'.\n")
	sb.WriteString("# Generated from the board geometry by variants/character's\n")
	sb.WriteString("# TestClockwiseAddedSpaces (-update-clockwise); do not edit.\n")
	for _, id := range ids {
		if b.Region(id) == nil {
			t.Fatalf("the board geometry has no space %s", id)
		}
		sb.WriteString(id)
		for _, n := range b.With(id).Neighbours(id) {
			sb.WriteString(" " + n)
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// TestClockwiseAddedSpaces: the right-hand rule's neighbour list of the
// spaces the variant adds is exactly what the geometry gives, and every
// space a unit may be dislodged in has one.
func TestClockwiseAddedSpaces(t *testing.T) {
	want := clockwiseAddedText(t)
	path := filepath.Join("..", "..", "resources", "maps", "character", "clockwise.txt")
	if *updateClockwise {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatalf("%s is stale: run go test ./variants/character -run TestClockwiseAddedSpaces -update-clockwise", path)
	}
	for _, id := range append([]string{caspianAbbr}, islandAbbrs...) {
		if n, err := clockwiseNeighbours(id); err != nil || len(n) == 0 {
			t.Errorf("%s: no clockwise neighbours (%v)", id, err)
		}
	}
}
