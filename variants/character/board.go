package character

import (
	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// The board is the character variants' (kit.CharacterBoard): the standard
// map with Hyperspace (rule 6), the Caspian Sea (rule 11) with the east
// coasts of Armenia and Sevastopol on it, and card #7's five islands.
const (
	hyperspaceAbbr = kit.HyperspaceAbbr // rule 6: Hyperspace, for #8 units
	caspianAbbr    = kit.CaspianAbbr    // rule 11: the Caspian Sea
)

// islandAbbrs are the islands of card #7 Explorer ("Crete, Iceland,
// Ireland, Sardinia, Sicily"), impassable to every unit but an Explorer
// (explorer.go).
var islandAbbrs = kit.IslandAbbrs

// board returns the variant's board (kit.CharacterBoard).
func board() (*engine.Map, error) { return kit.CharacterBoard() }

// isIsland reports whether p is one of the Explorer's islands.
func isIsland(m *engine.Map, p engine.ProvinceID) bool { return kit.IsIsland(m, p) }

// isCaspianCoast reports whether p is Armenia or Sevastopol.
func isCaspianCoast(m *engine.Map, p engine.ProvinceID) bool { return kit.IsCaspianCoast(m, p) }

// lookup returns the province abbr names on m, or NoProvince.
func lookup(m *engine.Map, abbr string) engine.ProvinceID { return kit.Lookup(m, abbr) }
