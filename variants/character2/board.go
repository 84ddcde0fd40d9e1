package character2

import (
	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// The spaces the variant adds to the standard board.
const (
	hyperspaceAbbr = kit.HyperspaceAbbr // the Hyperspace unit's abstract space, next to every space
	caspianAbbr    = kit.CaspianAbbr    // rule 4: the Caspian Sea
)

// islandAbbrs are the islands of the Explorer's card ("Iceland, Ireland,
// Crete, Sicily, Sardinia"), which the standard board does not have: they
// are provinces of this board impassable to every unit but an Explorer.
var islandAbbrs = kit.IslandAbbrs

// board returns the variant's board (kit.CharacterBoard), built once. Rule
// 4's Caspian Sea "borders only Armenia, Moscow, and Sevastopol", with
// "(ec)" the east coast of Armenia and Sevastopol on it, and the
// Hyperspace unit's Hyperspace is an abstract space any number of units
// may occupy: the board of Davis's variant (its rules 6 and 11) with the
// Explorer's five islands, which both variants share. Who may enter the
// Caspian and the islands is the cards' Enter parts (caspian.go,
// explorer.go).
func board() (*engine.Map, error) { return kit.CharacterBoard() }

// lookup returns the province abbr names on m, or NoProvince.
func lookup(m *engine.Map, abbr string) engine.ProvinceID { return kit.Lookup(m, abbr) }

// isIsland reports whether p is one of the Explorer's islands.
func isIsland(m *engine.Map, p engine.ProvinceID) bool { return kit.IsIsland(m, p) }
