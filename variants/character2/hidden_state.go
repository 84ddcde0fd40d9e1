package character2

import "dipdesk/engine"

// HiddenState is what the cards of this group (Invisible units and Ghosts) keep in the position
// between phases. Its fields are exported: it is saved as JSON.
type HiddenState struct{}

// clone returns a deep copy.
func (x HiddenState) clone() HiddenState { return x }

// conceal removes what seat may not know (the game master sees all).
func (x *HiddenState) conceal(seat engine.Seat) { _ = seat }
