package character

import "dipdesk/engine"

// MoversState is the state #3 Amphibious, #4 Double Mover, #5 Jumper, #6 Converter, #7 Explorer, #8 Hyperspace keep between phases beyond Effects'
// common fields. It is saved as JSON with the position.
type MoversState struct{}

func (x MoversState) clone() MoversState { return x }

// conceal keeps what seat may know.
func (x *MoversState) conceal(seat engine.Seat) {}

func (x MoversState) empty() bool { return true }
