package character

import "dipdesk/engine"

// StrikesState is the state #9 Annihilator, #10 Gasser, #11 Hypnotist keep between phases beyond Effects'
// common fields. It is saved as JSON with the position.
type StrikesState struct{}

func (x StrikesState) clone() StrikesState { return x }

// conceal keeps what seat may know.
func (x *StrikesState) conceal(seat engine.Seat) {}

func (x StrikesState) empty() bool { return true }
