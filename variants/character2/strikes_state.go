package character2

import "dipdesk/engine"

// StrikesState is what the cards of this group (Annihilator, Gas Attacker, Hypnotist, Psychic and Doppelganger) keep in the position
// between phases. Its fields are exported: it is saved as JSON.
type StrikesState struct{}

// clone returns a deep copy.
func (x StrikesState) clone() StrikesState { return x }

// conceal removes what seat may not know (the game master sees all).
func (x *StrikesState) conceal(seat engine.Seat) { _ = seat }
