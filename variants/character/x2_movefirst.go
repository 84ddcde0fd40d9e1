package character

import (
	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// moveFirstID is proposed card X2 Move First (a game option, Options.Add):
// "This unit moves first, and thus can enter a space in which a standoff
// would otherwise occur."
const moveFirstID = "X2"

// The Move First unit's power is passive, like a double strength: a plain
// move order of a unit holding X2 (from 1902, rule 7) is judged in a first
// step, before every other order (engine Sequence hook). The first step
// holds:
//
//   - the move orders of the Move First units;
//   - the supports and convoys given to those moves, from any unit (the
//     supporter then holds through the second step: its order is spent);
//   - the supports to hold given to a unit a Move First unit attacks,
//     when that unit is not ordered to move (it is defended as it stands).
//
// Every other unit holds in the first step: a Move First unit attacking a
// province whose occupant is ordered away meets it still there (it has
// not moved yet) and is judged against its hold. The second step judges
// every other order against the position the first left: a province the
// Move First unit entered is now held by it (hold strength, standard), so
// the others bounce there, which is the card's point. A Move First unit
// whose move failed stays and holds through the second step, where it may
// be attacked and dislodged like any unit; so may one that moved.
func moveFirstSequence(s *engine.State, orders []engine.Order) [][]engine.Order {
	if !powersActive(s.Phase) {
		return [][]engine.Order{orders}
	}
	first := map[int]bool{}                             // indices of orders in the first step
	movers := map[engine.ProvinceID]engine.ProvinceID{} // Move First unit's province -> target
	for i, o := range orders {
		if o.Kind != engine.Move {
			continue
		}
		u, ok := orderedUnit(s, o)
		if !ok {
			continue
		}
		if c, ok := cardAt(s, u); ok && c.ID == moveFirstID {
			first[i] = true
			movers[u.Loc.P] = o.To.P
		}
	}
	if len(first) == 0 {
		return [][]engine.Order{orders}
	}
	targets := map[engine.ProvinceID]bool{}
	for _, t := range movers {
		targets[t] = true
	}
	moving := map[engine.ProvinceID]bool{} // provinces whose unit is ordered to move
	for _, o := range orders {
		if o.Kind == engine.Move && o.At.Valid() {
			moving[o.At.P] = true
		}
	}
	for i, o := range orders {
		if first[i] || !o.AuxAt.Valid() {
			continue
		}
		switch {
		case o.Kind == engine.Support && o.AuxTo.Valid(), o.Kind == engine.Convoy:
			if t, ok := movers[o.AuxAt.P]; ok && o.AuxTo.Valid() && o.AuxTo.P == t {
				first[i] = true
			}
		case o.Kind == engine.Support:
			if targets[o.AuxAt.P] && !moving[o.AuxAt.P] {
				first[i] = true
			}
		}
	}
	// The Thief's and the Disbeliever's orders act before movement (X3:
	// "before movement occurs"; the recommended priority puts them after
	// Move First): they are judged in the first step, against the units
	// where they stand at the start of the turn, and hold through the
	// second.
	for i, o := range orders {
		if o.Kind == engine.Special && (o.Special == stealName || o.Special == disbelieveName) {
			first[i] = true
		}
	}
	var one, two []engine.Order
	for i, o := range orders {
		if first[i] {
			one = append(one, o)
		} else {
			two = append(two, o)
		}
	}
	return [][]engine.Order{one, two}
}

// orderedUnit returns the unit of s an order names by the engine's one
// answer (kit.OrderedUnit), if it belongs to the power that gave the
// order (or the order names none).
func orderedUnit(s *engine.State, o engine.Order) (engine.Unit, bool) {
	return kit.OrderedUnit(s, o, reg.Rules())
}

func x2MovefirstParts(r *registry) {
	r.Sequence(moveFirstSequence)
}
