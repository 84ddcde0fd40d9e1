package character2

import (
	"dipdesk/engine"
)

// effects are what the cards leave in the position between phases, one
// part per group of cards; each part's type lives in the file of its
// group, with its deep copy (clone) and what a seat may not know of it
// (conceal). Every part is saved as JSON with the position, so its fields
// are exported.
type effects struct {
	Strikes strikesState // Annihilator, Gas Attacker, Hypnotist, Psychic, Doppelganger (strikes_state.go)
	Hidden  hiddenState  // Invisible units and Ghosts (hidden_state.go)
	Stance  stanceState  // Move First, Retreater, Cutter, Martial Artist, the strength cards (stance_state.go)
	Movers  moversState  // Hyperspace, Jumper, Double Mover, Amphibious, Convertible, Water Walker, Neanderthal, Explorer (movers_state.go)
	Life    lifeState    // Engineer, Minelayer, Free Unit, the card life cycle and rules 5, 6, 9 (life_state.go)
}

func (f *effects) clone() effects {
	return effects{
		Strikes: f.Strikes.clone(),
		Hidden:  f.Hidden.clone(),
		Stance:  f.Stance.clone(),
		Movers:  f.Movers.clone(),
		Life:    f.Life.clone(),
	}
}

func (f *effects) conceal(seat engine.Seat) {
	f.Strikes.conceal(seat)
	f.Hidden.conceal(seat)
	f.Stance.conceal(seat)
	f.Movers.conceal(seat)
	f.Life.conceal(seat)
}
