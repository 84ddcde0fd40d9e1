package character2

import (
	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// NumberUnits numbers the units without a number, per power and type, after
// the highest number in use (rule 5: "1A" means "1st Army"), as Davis's
// rule 10 does (kit.NumberUnits).
func NumberUnits(units []engine.Unit) []engine.Unit { return kit.NumberUnits(units) }
