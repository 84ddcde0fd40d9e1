package character2

import "dipdesk/engine"

// stanceState is what the cards of this group (Move First, Retreater, Cutter, Martial Artist and the strength cards) keep in the position
// between phases. Its fields are exported: it is saved as JSON.
type stanceState struct{}

// clone returns a deep copy.
func (x stanceState) clone() stanceState { return x }

// conceal removes what seat may not know (the game master sees all).
func (x *stanceState) conceal(seat engine.Seat) { _ = seat }
