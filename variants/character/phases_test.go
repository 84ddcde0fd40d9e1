package character

import "dipdesk/engine"

// Phases the card tests play in.
var (
	f1902 = engine.Phase{Year: 1902, Season: engine.Fall, Type: engine.Movement}
	w1901 = engine.Phase{Year: 1901, Season: engine.Winter, Type: engine.Adjustment}
	w1902 = engine.Phase{Year: 1902, Season: engine.Winter, Type: engine.Adjustment}
)
