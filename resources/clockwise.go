package resources

import (
	"fmt"
	"io/fs"
)

// ClockwiseFile returns map id's clockwise neighbour list
// ("maps/standard/clockwise.txt"): one line per province, its
// abbreviation then its neighbours clockwise from north. tools/mapgen
// generates it from the board geometry (Character Diplomacy rule 14.a,
// Just's right-hand rule for retreats).
func ClockwiseFile(id string) ([]byte, error) {
	b, err := fs.ReadFile(files, "maps/"+id+"/clockwise.txt")
	if err != nil {
		return nil, fmt.Errorf("resources: clockwise neighbours of map %q: %w", id, err)
	}
	return b, nil
}
