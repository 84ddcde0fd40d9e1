package character2

import (
	"dipdesk/engine"
	"dipdesk/variants/character"
)

// The spaces the variant adds to the standard board.
const (
	HyperspaceAbbr = character.HyperspaceAbbr // the Hyperspace unit's abstract space, next to every space
	CaspianAbbr    = character.CaspianAbbr    // rule 4: the Caspian Sea
)

// Map returns the variant's board. Rule 4's Caspian Sea "borders only
// Armenia, Moscow, and Sevastopol", with "(ec)" the east coast of Armenia
// and Sevastopol on it, and the Hyperspace unit's Hyperspace is an
// abstract space any number of units may occupy: exactly the board of
// Davis's variant (its rules 6 and 11), which this shares. Who may enter
// the Caspian differs, and is the cards' Enter parts.
func Map() (*engine.Map, error) { return character.Map() }

// lookup returns the province abbr names on m, or NoProvince.
func lookup(m *engine.Map, abbr string) engine.ProvinceID {
	if p, ok := m.Lookup(abbr); ok {
		return p
	}
	return engine.NoProvince
}
