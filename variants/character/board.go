package character

import (
	"bytes"
	"io/fs"
	"slices"
	"sync"

	"dipdesk/engine"
	"dipdesk/resources"
	"dipdesk/variants/standard"
)

// The spaces the variant adds to the standard board.
const (
	HyperspaceAbbr = "hyp" // rule 6: Hyperspace, for #8 units
	CaspianAbbr    = "cas" // rule 11: the Caspian Sea
)

// caspianCoasts are the provinces with an east coast on the Caspian (rule
// 11: "(ec)" designates an East Coast conversion by a #6 unit in Armenia
// or Sev). Moscow touches the Caspian too but is inland: no fleet stands
// there (a #3 fleet excepted, which moves by army links).
var caspianCoasts = []string{"arm", "sev"}

// IslandAbbrs are the islands of card #7 Explorer ("Crete, Iceland,
// Ireland, Sardinia, Sicily"), which the standard board does not have:
// Board adds them, impassable to every unit but an Explorer (explorer.go).
var IslandAbbrs = []string{"cre", "ice", "ire", "sar", "sic"}

// islandsFile is the change file that adds the islands to Map's board.
const islandsFile = "maps/character/islands.changes"

var (
	boardOnce sync.Once
	board     *engine.Map
	boardErr  error

	fullOnce sync.Once
	full     *engine.Map
	fullErr  error
)

// Map returns the board of rules 6 and 11, built once: the standard map
// (left unchanged: it is cloned) with resources/maps/character/
// character.changes applied, Hyperspace (rule 6) and the Caspian Sea (rule
// 11), and the fleet links of the Caspian's east coasts of Armenia and
// Sevastopol. It has no islands: Character Diplomacy II builds its own
// board on it (variants/character2/board.go, which adds the same five
// islands by its own change file). Davis's game is played on Board.
func Map() (*engine.Map, error) {
	boardOnce.Do(func() { board, boardErr = buildMap() })
	return board, boardErr
}

// Board returns the variant's board, built once: Map's board (cloned) with
// the five islands of card #7 Explorer added by
// resources/maps/character/islands.changes.
func Board() (*engine.Map, error) {
	fullOnce.Do(func() { full, fullErr = buildBoard() })
	return full, fullErr
}

func buildBoard() (*engine.Map, error) {
	base, err := Map()
	if err != nil {
		return nil, err
	}
	changes, err := fs.ReadFile(resources.FS, islandsFile)
	if err != nil {
		return nil, err
	}
	m := base.Clone()
	if err := m.Apply("islands.changes", bytes.NewReader(changes)); err != nil {
		return nil, err
	}
	return m, nil
}

// isIsland reports whether p is one of the Explorer's islands.
func isIsland(m *engine.Map, p engine.ProvinceID) bool {
	return p >= 0 && int(p) < m.NumProvinces() && slices.Contains(IslandAbbrs, m.Province(p).Abbr)
}

func buildMap() (*engine.Map, error) {
	std, err := standard.Map()
	if err != nil {
		return nil, err
	}
	changes, err := resources.MapChanges("character")
	if err != nil {
		return nil, err
	}
	m := std.Clone()
	if err := m.Apply("character.changes", bytes.NewReader(changes)); err != nil {
		return nil, err
	}
	cas, _ := m.Lookup(CaspianAbbr)
	for _, abbr := range caspianCoasts {
		p, _ := m.Lookup(abbr)
		// The east coast is a fleet node of its own, outside the
		// province's declared coasts: a fleet there (a #6 unit converted
		// "(ec)", or a fleet coming from the Caspian) links only to the
		// Caspian, and the Black Sea fleets of Armenia and Sevastopol keep
		// their plain location and links.
		m.AddFleetLink(engine.Loc{P: p, C: engine.EastCoast}, engine.Loc{P: cas})
	}
	return m, nil
}

// isCaspianCoast reports whether p is Armenia or Sevastopol.
func isCaspianCoast(m *engine.Map, p engine.ProvinceID) bool {
	for _, abbr := range caspianCoasts {
		if q, ok := m.Lookup(abbr); ok && q == p {
			return true
		}
	}
	return false
}

// lookup returns the province abbr names on m, or NoProvince.
func lookup(m *engine.Map, abbr string) engine.ProvinceID {
	if p, ok := m.Lookup(abbr); ok {
		return p
	}
	return engine.NoProvince
}
