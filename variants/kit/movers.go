package kit

import "dipdesk/engine"

// DoubleMoveOrder is the special order of a card that moves two spaces in
// a turn (Davis #4, Galt's Double Mover): "1A par via bur - mun".
const DoubleMoveOrder = "via"

// Steps lists where a unit of type t at l steps by the map's links.
func Steps(m *engine.Map, t engine.UnitType, l engine.Loc) []engine.Loc {
	if t == engine.Army {
		var out []engine.Loc
		for _, p := range m.ArmyNeighbours(l.P) {
			out = append(out, engine.Loc{P: p})
		}
		return out
	}
	return m.FleetNeighbours(l)
}

// RandomDoubleMove is a random two-space move of u (DoubleMoveOrder)
// along steps, never back to its start, for the soak tests; ok false in a
// phase other than movement or with no such move.
func RandomDoubleMove(s *engine.State, u engine.Unit, rng *engine.Rand, steps func(*engine.Map, engine.UnitType, engine.Loc) []engine.Loc) (engine.Order, bool) {
	if s.Phase.Type != engine.Movement {
		return engine.Order{}, false
	}
	firsts := steps(s.Map, u.Type, u.Loc)
	if len(firsts) == 0 {
		return engine.Order{}, false
	}
	f := firsts[rng.Intn(len(firsts), "a double move's first space")]
	var seconds []engine.Loc
	for _, l := range steps(s.Map, u.Type, f) {
		if l.P != u.Loc.P {
			seconds = append(seconds, l)
		}
	}
	if len(seconds) == 0 {
		return engine.Order{}, false
	}
	sec := seconds[rng.Intn(len(seconds), "a double move's second space")]
	return engine.Order{Power: u.Power, Kind: engine.Special, Special: DoubleMoveOrder, Unit: u.Type, Number: u.Number,
		At: u.Loc, To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere,
		Args: []string{s.Map.LocString(f), "-", s.Map.LocString(sec)}}, true
}
