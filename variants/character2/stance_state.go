package character2

import "dipdesk/engine"

// StanceState is what the cards of this group (Move First, Retreater, Cutter, Martial Artist and the strength cards) keep in the position
// between phases. Its fields are exported: it is saved as JSON.
type StanceState struct{}

// clone returns a deep copy.
func (x StanceState) clone() StanceState { return x }

// conceal removes what seat may not know (the game master sees all).
func (x *StanceState) conceal(seat engine.Seat) { _ = seat }
