package character2

import (
	"maps"
	"strconv"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// moversState is what the cards of this group (Hyperspace, Jumper, Double
// Mover, Amphibious, Convertible, Water Walker/Superfleet,
// Neanderthal/Aircraft Carrier and Explorer) keep in the position between
// phases. Its fields are exported: it is saved as JSON.
type moversState struct {
	// Amp is the rule 5 number of each revealed Amphibious unit ("1Amp"),
	// by the unit's id (its engine type and number stay those it was built
	// with, for orders). Public: the reveal is reported to all.
	Amp map[unitID]int `json:",omitempty"`
}

// clone returns a deep copy.
func (x moversState) clone() moversState { return moversState{Amp: maps.Clone(x.Amp)} }

// conceal removes what seat may not know (the game master sees all).
// Everything the movers keep is public: a revealed Amphibious unit's number
// is reported to every player.
func (x *moversState) conceal(seat engine.Seat) { _ = seat }

// rekey moves the records of unit from to unit to ((*Extra).Rekey).
func (x *moversState) rekey(from, to unitID) {
	if n, ok := x.Amp[from]; ok {
		delete(x.Amp, from)
		x.Amp[to] = n
	}
}

// AmpLabel is how the reports name unit u: "1Amp" once it is a revealed
// Amphibious unit (rule 5), else its number and type ("2A").
func (e *extra) AmpLabel(u engine.Unit) string {
	if e != nil {
		if n, ok := e.Effects.Movers.Amp[idOf(u)]; ok {
			return strconv.Itoa(n) + "Amp"
		}
	}
	return kit.Label(u.Number, u.Type)
}
