package character2

import (
	"maps"
	"strconv"

	"dipdesk/engine"
)

// MoversState is what the cards of this group (Hyperspace, Jumper, Double
// Mover, Amphibious, Convertible, Water Walker/Superfleet,
// Neanderthal/Aircraft Carrier and Explorer) keep in the position between
// phases. Its fields are exported: it is saved as JSON.
type MoversState struct {
	// Amp is the rule 5 number of each revealed Amphibious unit ("1Amp"),
	// by the unit's id (its engine type and number stay those it was built
	// with, for orders). Public: the reveal is reported to all.
	Amp map[UnitID]int `json:",omitempty"`
}

// clone returns a deep copy.
func (x MoversState) clone() MoversState { return MoversState{Amp: maps.Clone(x.Amp)} }

// conceal removes what seat may not know (the game master sees all).
// Everything the movers keep is public: a revealed Amphibious unit's number
// is reported to every player.
func (x *MoversState) conceal(seat engine.Seat) { _ = seat }

// rekey moves the records of unit from to unit to ((*Extra).Rekey).
func (x *MoversState) rekey(from, to UnitID) {
	if n, ok := x.Amp[from]; ok {
		delete(x.Amp, from)
		x.Amp[to] = n
	}
}

// AmpLabel is how the reports name unit u: "1Amp" once it is a revealed
// Amphibious unit (rule 5), else its number and type ("2A").
func (e *Extra) AmpLabel(u engine.Unit) string {
	if e != nil {
		if n, ok := e.Effects.Movers.Amp[IDOf(u)]; ok {
			return strconv.Itoa(n) + "Amp"
		}
	}
	return Label(u.Number, u.Type)
}
