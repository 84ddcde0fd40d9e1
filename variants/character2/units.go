package character2

import (
	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// numberUnits numbers the units without a number, per power and type, after
// the highest number in use (rule 5: "1A" means "1st Army"), as Davis's
// rule 10 does (kit.numberUnits).
func numberUnits(units []engine.Unit) []engine.Unit { return kit.NumberUnits(units) }
