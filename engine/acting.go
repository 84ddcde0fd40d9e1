package engine

import (
	"slices"
)

// Acting says who acts in a phase: the seats whose orders the phase
// waits for, the seats that may send orders without being waited for,
// and whether the game master must act (enter a decision or a die that
// is the game master's alone). A phase where nobody must act and the game
// master need not either is adjudicated as soon as it begins (Rather
// Silly's Borg moves by itself).
type Acting struct {
	Must []Power
	May  []Power
	GM   bool
}

// Waits reports whether p's orders are awaited.
func (a Acting) Waits(p Power) bool { return slices.Contains(a.Must, p) }

// Allows reports whether p may send orders in the phase.
func (a Acting) Allows(p Power) bool { return slices.Contains(a.Must, p) || slices.Contains(a.May, p) }

// Nobody reports whether the phase waits for no one.
func (a Acting) Nobody() bool { return len(a.Must) == 0 && !a.GM }

// WhoActs answers, for the phase s is in, which seats must act and which
// may: the variant's Rules.Acting when it has one, else the standard
// answer (StandardActing). Every front end asks this: the LAN host's list
// of seats it waits for, the hot-seat curtain, the game master's "whose
// orders are in", the command line's show.
func WhoActs(s *State, r *Rules) Acting {
	var a Acting
	if r != nil && r.Acting != nil {
		a = r.Acting(s)
	} else {
		a = StandardActing(s)
	}
	slices.Sort(a.Must)
	a.Must = slices.Compact(a.Must)
	slices.Sort(a.May)
	a.May = slices.Compact(slices.DeleteFunc(a.May, func(p Power) bool { return slices.Contains(a.Must, p) }))
	return a
}

// StandardActing is the standard game's answer: in a movement phase, the
// powers with units; in a retreat phase, those with dislodged units; in an
// adjustment phase, those with builds or removals due; in a variant's own
// step, nobody. Units of no power (a variant's non-player pieces) make
// nobody act.
func StandardActing(s *State) Acting {
	var a Acting
	switch s.Phase.Type {
	case Movement:
		for _, u := range s.Units {
			if u.Power != "" {
				a.Must = append(a.Must, u.Power)
			}
		}
	case Retreat:
		for _, d := range s.Dislodged {
			if d.Unit.Power != "" {
				a.Must = append(a.Must, d.Unit.Power)
			}
		}
	case Adjustment:
		for p := range Adjustments(s) {
			a.Must = append(a.Must, p)
		}
		// A unit that needs no centre may be removed by its owner in any
		// adjustment phase (Upkeep, Davis #19).
		for _, u := range s.Units {
			if u.Power != "" && s.freeUnit(u) {
				a.May = append(a.May, u.Power)
			}
		}
	}
	return a
}
