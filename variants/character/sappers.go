package character

import "dipdesk/engine"

// SappersState is the state #12 Minelayer, #13 Engineer, #14 Retreater, #15 Cutter, #19 Free Unit and rule 14 keep between phases beyond Effects'
// common fields. It is saved as JSON with the position.
type SappersState struct{}

func (x SappersState) clone() SappersState { return x }

// conceal keeps what seat may know.
func (x *SappersState) conceal(seat engine.Seat) {}

func (x SappersState) empty() bool { return true }
