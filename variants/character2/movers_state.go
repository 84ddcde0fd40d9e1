package character2

import "dipdesk/engine"

// MoversState is what the cards of this group (Hyperspace, Jumper, Double Mover, Amphibious, Convertible, Water Walker/Superfleet, Neanderthal/Aircraft Carrier and Explorer) keep in the position
// between phases. Its fields are exported: it is saved as JSON.
type MoversState struct{}

// clone returns a deep copy.
func (x MoversState) clone() MoversState { return x }

// conceal removes what seat may not know (the game master sees all).
func (x *MoversState) conceal(seat engine.Seat) { _ = seat }
