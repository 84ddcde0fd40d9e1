package engine

import "sort"

// Dislodgement is a unit dislodged in the last movement phase, waiting
// for its retreat.
type Dislodgement struct {
	Unit     Unit
	From     ProvinceID // where the attacker came from
	ByConvoy bool       // the attacker was convoyed (DATC 4.A.5: may retreat there)
}

// State is a whole position: the phase, the units, the owners of the
// supply centres, after a movement phase the dislodged units and the
// provinces left vacant by a standoff, and what a variant keeps besides.
type State struct {
	Map       *Map
	Phase     Phase
	Units     []Unit
	Owners    []Power // per ProvinceID; "" for unowned or not a centre
	Dislodged []Dislodgement
	Standoffs []ProvinceID
	Extra     Extra // the variant's part of the position; nil in the standard game
	// NextID is the id the next new unit takes (Unit.ID): ids are never
	// used twice in a game, so a unit's history stays its own.
	NextID int32
}

// Extra is the part of a position a variant keeps beyond units, centres
// and dislodgements: the card each unit holds and the deck (Davis rules
// 2-5), mines and gas (Davis 16.c, 16.e), the season's hyperspace links
// (Rather Silly rule 7), the event cards in hand (Warped). The engine
// carries it from phase to phase and copies it with Clone; only the
// variant's hooks read or change it. It is saved as JSON (json.Marshal of
// the value) and read back by the variant's Variant.DecodeExtra.
type Extra interface {
	// CloneExtra returns a deep copy: a phase's outcome must never share
	// mutable state with the position it came from.
	CloneExtra() Extra
}

// CentreStatus may be implemented by a variant's Extra to suspend a
// supply centre: while CentreSuspended(p, phase) is true, p counts for no one
// and changes hands with no one (Davis #9: an annihilated centre loses its
// status for three moving turns; #10: a gassed centre for a year).
type CentreStatus interface {
	// at is the phase the position is in, or the phase just adjudicated
	// while the engine changes ownership at the end of a Fall (the new
	// phase is set after), so a suspension may end with a turn exactly.
	CentreSuspended(p ProvinceID, at Phase) bool
}

// VictoryTarget may be implemented by a variant's Extra when the number of
// centres that wins changes during a game: Winner asks it instead of
// Rules.VictoryCentres (Galt rule 9: "a majority of the supply centers on
// the board", centres annihilated or gassed not counted while they lack
// the status). A result of 0 or less means the Rules' number.
type VictoryTarget interface {
	VictoryCentres(s *State) int
}

// Upkeep may be implemented by a variant's Extra when some units need no
// supply centre: such a unit is not counted against its power's centres
// and is never removed by the civil disorder rule (Davis #19 Free Unit).
type Upkeep interface {
	FreeUnit(u Unit) bool
}

// centre reports whether p counts as a supply centre in s now.
func (s *State) centre(p ProvinceID) bool {
	if !s.Map.Provinces[p].SC {
		return false
	}
	if cs, ok := s.Extra.(CentreStatus); ok && cs.CentreSuspended(p, s.Phase) {
		return false
	}
	return true
}

// freeUnit reports whether u needs no supply centre (Upkeep).
func (s *State) freeUnit(u Unit) bool {
	if p, ok := s.pieceOf(u); ok && p.Free {
		return true
	}
	up, ok := s.Extra.(Upkeep)
	return ok && up.FreeUnit(u)
}

// NewState returns the starting position of m in the given phase: the
// starting units, and home centres owned by their powers.
func NewState(m *Map, p Phase) *State {
	s := &State{Map: m, Phase: p, Owners: make([]Power, len(m.Provinces))}
	s.Units = append(s.Units, m.Start...)
	s.GiveIDs()
	for _, pr := range m.Provinces {
		if pr.SC && pr.Home != "" {
			s.Owners[pr.ID] = pr.Home
		}
	}
	return s
}

// GiveIDs gives every unit without an id (Unit.ID 0) a new one, in order,
// dislodged units included: the engine does it when a position starts and
// after each phase, so a unit a variant's hook or a game master's edit
// added has one from then on.
func (s *State) GiveIDs() {
	if s.NextID < 1 {
		s.NextID = 1
	}
	for _, u := range s.Units {
		s.NextID = max(s.NextID, u.ID+1)
	}
	for _, d := range s.Dislodged {
		s.NextID = max(s.NextID, d.Unit.ID+1)
	}
	for i := range s.Units {
		if s.Units[i].ID == 0 {
			s.Units[i].ID = s.NextID
			s.NextID++
		}
	}
	for i := range s.Dislodged {
		if s.Dislodged[i].Unit.ID == 0 {
			s.Dislodged[i].Unit.ID = s.NextID
			s.NextID++
		}
	}
}

// UnitByID returns the index in Units of the unit with id, or -1.
func (s *State) UnitByID(id int32) int {
	for i := range s.Units {
		if s.Units[i].ID == id {
			return i
		}
	}
	return -1
}

// Clone returns a deep copy of s (the Map is shared).
func (s *State) Clone() *State {
	c := *s
	c.Units = append([]Unit(nil), s.Units...)
	c.Owners = append([]Power(nil), s.Owners...)
	c.Dislodged = append([]Dislodgement(nil), s.Dislodged...)
	c.Standoffs = append([]ProvinceID(nil), s.Standoffs...)
	if s.Extra != nil {
		c.Extra = s.Extra.CloneExtra()
	}
	return &c
}

// UnitAt returns the index in Units of the unit in province p, or -1.
func (s *State) UnitAt(p ProvinceID) int {
	for i := range s.Units {
		if s.Units[i].Loc.P == p {
			return i
		}
	}
	return -1
}

// DislodgedAt returns the index in Dislodged of the unit dislodged from
// p, or -1.
func (s *State) DislodgedAt(p ProvinceID) int {
	for i := range s.Dislodged {
		if s.Dislodged[i].Unit.Loc.P == p {
			return i
		}
	}
	return -1
}

// Centres returns how many supply centres each power owns, leaving out
// suspended ones (CentreStatus).
func (s *State) Centres() map[Power]int {
	out := map[Power]int{}
	for id, o := range s.Owners {
		if o != "" && s.centre(ProvinceID(id)) {
			out[o]++
		}
	}
	return out
}

// UnitCounts returns how many units each power has on the board.
func (s *State) UnitCounts() map[Power]int {
	out := map[Power]int{}
	for _, u := range s.Units {
		out[u.Power]++
	}
	return out
}

// upkeepCounts returns how many units each power must keep with its
// centres: all of them but those that need none (Upkeep).
func (s *State) upkeepCounts() map[Power]int {
	out := map[Power]int{}
	for _, u := range s.Units {
		if !s.freeUnit(u) {
			out[u.Power]++
		}
	}
	return out
}

// SortUnits orders the units by power then province, for stable output.
func (s *State) SortUnits() {
	sort.SliceStable(s.Units, func(i, j int) bool {
		a, b := s.Units[i], s.Units[j]
		if a.Power != b.Power {
			return a.Power < b.Power
		}
		return s.Map.Provinces[a.Loc.P].Abbr < s.Map.Provinces[b.Loc.P].Abbr
	})
}

// Standoff reports whether p was left vacant by a standoff.
func (s *State) Standoff(p ProvinceID) bool {
	for _, x := range s.Standoffs {
		if x == p {
			return true
		}
	}
	return false
}
