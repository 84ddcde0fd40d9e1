package character2

import (
	"maps"

	"dipdesk/engine"
)

// hiddenState is what the cards of this group (Invisible units and Ghosts)
// keep in the position between phases. Its fields are exported: it is
// saved as JSON.
type hiddenState struct {
	// Units are the units invisible now, by id (the Invisible Unit and
	// Ghost cards: "Unit may become invisible, if its owner so orders").
	Units map[unitID]*unseen `json:"units,omitempty"`
	// Start is, in the game master's position only, the units that were
	// invisible when the phase just adjudicated began: what a seat's
	// report of that phase must leave out (the case runner rebuilds the
	// phase's position from it). A seat's view never holds it.
	Start map[unitID]*unseen `json:"start,omitempty"`
}

// unseen is one invisible unit.
type unseen struct {
	// Since is the phase it became invisible in ("S1901M").
	Since string `json:"since"`
	// Seen are the powers that were told where it is (the Invisible Unit:
	// "Its location will be reported to its owner, to the owner of any
	// unit which conflicts with the invisible unit, and of any unit which
	// successfully supports or convoys the invisible unit, or is supported
	// or convoyed by it"), each with the location it was told and why.
	// The knowledge is the location as of that turn: it lasts while the
	// unit stands there, until the unit's next movement turn is
	// adjudicated (docs/rulings/parts/character2-c2hidden.md, H3).
	Seen map[engine.Power]sighting `json:"seen,omitempty"`
}

// sighting is what one power was told of an invisible unit.
type sighting struct {
	Loc   string `json:"loc"`   // where the unit stood ("mun", "stp/nc")
	Phase string `json:"phase"` // the phase it was told in
	Why   string `json:"why"`
}

func (x *unseen) clone() *unseen {
	c := *x
	c.Seen = maps.Clone(x.Seen)
	return &c
}

func cloneUnseen(m map[unitID]*unseen) map[unitID]*unseen {
	if m == nil {
		return nil
	}
	out := make(map[unitID]*unseen, len(m))
	for id, u := range m {
		out[id] = u.clone()
	}
	return out
}

// clone returns a deep copy.
func (x hiddenState) clone() hiddenState {
	return hiddenState{Units: cloneUnseen(x.Units), Start: cloneUnseen(x.Start)}
}

// conceal removes what seat may not know (the game master sees all): a
// power keeps its own invisible units and those it was told of, with its
// own sighting only; the public keeps none; Start is the game master's.
func (x *hiddenState) conceal(seat engine.Seat) {
	if seat.GM {
		return
	}
	x.Start = nil
	for id, u := range x.Units {
		if seat.Power == "" {
			delete(x.Units, id)
			continue
		}
		if id.Power == seat.Power {
			continue
		}
		s, ok := u.Seen[seat.Power]
		if !ok {
			delete(x.Units, id)
			continue
		}
		u.Seen = map[engine.Power]sighting{seat.Power: s}
	}
	if len(x.Units) == 0 {
		x.Units = nil
	}
}

// invisibleIn reports whether unit u is invisible in s.
func invisibleIn(s *engine.State, u engine.Unit) bool {
	e := extraOf(s)
	if e == nil {
		return false
	}
	_, ok := e.Effects.Hidden.Units[idOf(u)]
	return ok
}
