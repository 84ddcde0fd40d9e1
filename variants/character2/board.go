package character2

import (
	"bytes"
	"sync"

	"dipdesk/engine"
	"dipdesk/resources"
	"dipdesk/variants/character"
)

// The spaces the variant adds to the standard board.
const (
	HyperspaceAbbr = character.HyperspaceAbbr // the Hyperspace unit's abstract space, next to every space
	CaspianAbbr    = character.CaspianAbbr    // rule 4: the Caspian Sea
)

// IslandAbbrs are the islands of the Explorer's card ("Iceland, Ireland,
// Crete, Sicily, Sardinia"), which the standard board does not have: they
// are provinces of this board impassable to every unit but an Explorer.
var IslandAbbrs = []string{"ice", "ire", "cre", "sic", "sar"}

var (
	boardOnce sync.Once
	board     *engine.Map
	boardErr  error
)

// Map returns the variant's board, built once. Rule 4's Caspian Sea
// "borders only Armenia, Moscow, and Sevastopol", with "(ec)" the east
// coast of Armenia and Sevastopol on it, and the Hyperspace unit's
// Hyperspace is an abstract space any number of units may occupy: the
// board of Davis's variant (its rules 6 and 11), cloned, to which
// resources/maps/character2/character2.changes adds the Explorer's five
// islands. Who may enter the Caspian and the islands is the cards' Enter
// parts (caspian.go, explorer.go).
func Map() (*engine.Map, error) {
	boardOnce.Do(func() { board, boardErr = buildMap() })
	return board, boardErr
}

func buildMap() (*engine.Map, error) {
	base, err := character.Map()
	if err != nil {
		return nil, err
	}
	changes, err := resources.MapChanges("character2")
	if err != nil {
		return nil, err
	}
	m := base.Clone()
	if err := m.Apply("character2.changes", bytes.NewReader(changes)); err != nil {
		return nil, err
	}
	return m, nil
}

// lookup returns the province abbr names on m, or NoProvince.
func lookup(m *engine.Map, abbr string) engine.ProvinceID {
	if p, ok := m.Lookup(abbr); ok {
		return p
	}
	return engine.NoProvince
}

// isIsland reports whether p is one of the Explorer's islands.
func isIsland(m *engine.Map, p engine.ProvinceID) bool {
	for _, a := range IslandAbbrs {
		if lookup(m, a) == p {
			return true
		}
	}
	return false
}
