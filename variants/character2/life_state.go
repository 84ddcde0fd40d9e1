package character2

import "dipdesk/engine"

// LifeState is what the cards of this group (Engineer/Minesweeper, Minelayer, Free Unit and the card life cycle) keep in the position
// between phases. Its fields are exported: it is saved as JSON.
type LifeState struct{}

// clone returns a deep copy.
func (x LifeState) clone() LifeState { return x }

// conceal removes what seat may not know (the game master sees all).
func (x *LifeState) conceal(seat engine.Seat) { _ = seat }
