package character2

import (
	"dipdesk/engine"
	"dipdesk/variants/character"
)

// NumberUnits numbers the units without a number, per power and type, after
// the highest number in use (rule 5: "1A" means "1st Army"). Galt's rule 5
// numbers units as Davis's rule 10 does, so the Davis variant's function
// serves both.
func NumberUnits(units []engine.Unit) []engine.Unit { return character.NumberUnits(units) }

// unitIndex returns the index in s.Units of the unit id, or -1.
func unitIndex(s *engine.State, id UnitID) int {
	for i, u := range s.Units {
		if IDOf(u) == id {
			return i
		}
	}
	return -1
}
