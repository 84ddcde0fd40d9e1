package engine

import (
	"strings"
)

// Power identifies a great power by its lower-case id, such as "france".
// The empty Power means "nobody" (an unowned centre, a neutral unit).
type Power string

// UnitType is the kind of a unit. The standard game has armies and fleets;
// variants may define further types (see Rules) as long as they map them
// onto army or fleet movement through the Reach hook.
type UnitType uint8

// The unit types of the standard game.
const (
	NoUnitType UnitType = iota
	Army
	Fleet
)

// String returns "A" or "F".
func (t UnitType) String() string {
	switch t {
	case Army:
		return "A"
	case Fleet:
		return "F"
	}
	return "?"
}

// Word returns "army" or "fleet".
func (t UnitType) Word() string {
	switch t {
	case Army:
		return "army"
	case Fleet:
		return "fleet"
	}
	return "unit"
}

// Coast names one coast of a province with several (Spain's north coast).
// NoCoast is the whole province.
type Coast uint8

// The coasts known to the engine.
const (
	NoCoast Coast = iota
	NorthCoast
	SouthCoast
	EastCoast
	WestCoast
)

var coastAbbr = [...]string{"", "nc", "sc", "ec", "wc"}

// String returns the coast's abbreviation ("nc"), or "" for NoCoast.
func (c Coast) String() string {
	if int(c) < len(coastAbbr) {
		return coastAbbr[c]
	}
	return "?"
}

// ParseCoast reads a coast abbreviation or name ("nc", "north coast", "north").
func ParseCoast(s string) (Coast, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimSuffix(s, " coast")
	s = strings.TrimSuffix(s, "coast")
	s = strings.TrimSpace(s)
	switch s {
	case "nc", "n", "north":
		return NorthCoast, true
	case "sc", "s", "south":
		return SouthCoast, true
	case "ec", "e", "east":
		return EastCoast, true
	case "wc", "w", "west":
		return WestCoast, true
	}
	return NoCoast, false
}

// ProvinceID indexes Map.Provinces. NoProvince marks an absent location.
type ProvinceID int16

// NoProvince is the ProvinceID of nowhere.
const NoProvince ProvinceID = -1

// Loc is a location on the board: a province and, for fleets in provinces
// with several coasts, the coast.
type Loc struct {
	P ProvinceID
	C Coast
}

// Nowhere is the zero location used for "no location".
var Nowhere = Loc{P: NoProvince}

// Valid reports whether l names a province.
func (l Loc) Valid() bool { return l.P >= 0 }

// Prov returns l without its coast.
func (l Loc) Prov() Loc { return Loc{P: l.P} }

// Unit is a piece on the board. Number is the unit's stable number in
// variants that number units (Character Diplomacy rule 10: "1A", "2F");
// it is 0 in the standard game. (Its small fields come last, so a Unit,
// and the Result that holds one, stay small.)
type Unit struct {
	Power  Power // its seat; "" for a piece of no seat (a monster)
	Number int
	// ID is the unit's own id, stable for its life whatever it does: it
	// keeps it when it moves, retreats, is converted or changes owner
	// (Questionable's stolen units). The state gives ids (State.NextID);
	// 0 is a unit not given one yet.
	ID   int32
	Loc  Loc
	Type UnitType // how it moves: by army or by fleet links
	// Kind is a variant's kind of piece (Map.Pieces), 0 for a plain army
	// or fleet.
	Kind PieceKind
}

// Noun returns "an army" or "a fleet".
func (t UnitType) Noun() string {
	if t == Army {
		return "an army"
	}
	return "a " + t.Word()
}
