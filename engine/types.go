package engine

import (
	"fmt"
	"strconv"
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
	Power  Power
	Number int
	Loc    Loc
	Type   UnitType
}

// Season is the part of a game year a phase belongs to.
type Season uint8

// The seasons. Variants with other phase sequences (Warped Diplomacy's
// non-simultaneous turns) use Summer and Autumn as extra steps.
const (
	Spring Season = iota + 1
	Summer
	Fall
	Autumn
	Winter
)

var seasonNames = [...]string{"", "Spring", "Summer", "Fall", "Autumn", "Winter"}

// String returns the season's name.
func (s Season) String() string {
	if int(s) < len(seasonNames) {
		return seasonNames[s]
	}
	return "Season(" + strconv.Itoa(int(s)) + ")"
}

// PhaseType is what is ordered in a phase.
type PhaseType uint8

// The phase types of the standard game.
const (
	Movement PhaseType = iota + 1
	Retreat
	Adjustment
)

var phaseTypeNames = [...]string{"", "Movement", "Retreat", "Adjustment"}

// String returns the phase type's name.
func (t PhaseType) String() string {
	if int(t) < len(phaseTypeNames) {
		return phaseTypeNames[t]
	}
	return "PhaseType(" + strconv.Itoa(int(t)) + ")"
}

// Phase is one step of the game: Spring 1901 Movement is S1901M.
type Phase struct {
	Year   int
	Season Season
	Type   PhaseType
}

// Short returns the usual short form, "S1901M", "F1901R", "W1901A".
func (p Phase) Short() string {
	s := "?"
	if p.Season >= Spring && int(p.Season) < len(seasonNames) {
		s = seasonNames[p.Season][:1]
	}
	t := "?"
	if p.Type >= Movement && int(p.Type) < len(phaseTypeNames) {
		t = phaseTypeNames[p.Type][:1]
	}
	return s + strconv.Itoa(p.Year) + t
}

// String returns the phase in words: "Spring 1901 Movement".
func (p Phase) String() string {
	return fmt.Sprintf("%s %d %s", p.Season, p.Year, p.Type)
}

// ParsePhase reads a phase in short form ("S1901M", "W1901A") or in words
// ("Spring 1901, Movement", "Fall 1901 retreats", "Winter 1901 builds").
// "Fall ... Adjustment" is read as the Winter adjustment (jDip writes it so).
func ParsePhase(s string) (Phase, error) {
	orig := s
	s = strings.TrimSpace(strings.ToLower(s))
	if len(s) >= 6 && !strings.ContainsAny(s, " ,") {
		p, ok := parseShortPhase(s)
		if ok {
			return p, nil
		}
	}
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	if len(f) < 2 {
		return Phase{}, fmt.Errorf("engine: phase %q: want e.g. S1901M or \"Spring 1901, Movement\"", orig)
	}
	var p Phase
	switch f[0] {
	case "spring", "s":
		p.Season = Spring
	case "summer":
		p.Season = Summer
	case "fall", "f", "autumn":
		p.Season = Fall
	case "winter", "w":
		p.Season = Winter
	default:
		return Phase{}, fmt.Errorf("engine: phase %q: unknown season %q", orig, f[0])
	}
	y, err := strconv.Atoi(f[1])
	if err != nil || y < 0 {
		return Phase{}, fmt.Errorf("engine: phase %q: bad year %q", orig, f[1])
	}
	p.Year = y
	p.Type = Movement
	if p.Season == Winter {
		p.Type = Adjustment
	}
	if len(f) >= 3 {
		switch strings.TrimSuffix(f[2], "s") {
		case "movement", "move", "m", "diplomacy":
			p.Type = Movement
		case "retreat", "r":
			p.Type = Retreat
		case "adjustment", "build", "a", "b":
			p.Type = Adjustment
		default:
			return Phase{}, fmt.Errorf("engine: phase %q: unknown phase type %q", orig, f[2])
		}
	}
	if p.Type == Adjustment {
		p.Season = Winter
	}
	return p, nil
}

func parseShortPhase(s string) (Phase, bool) {
	var p Phase
	switch s[0] {
	case 's':
		p.Season = Spring
	case 'f':
		p.Season = Fall
	case 'w':
		p.Season = Winter
	default:
		return p, false
	}
	switch s[len(s)-1] {
	case 'm':
		p.Type = Movement
	case 'r':
		p.Type = Retreat
	case 'a', 'b':
		p.Type = Adjustment
	default:
		return p, false
	}
	y, err := strconv.Atoi(s[1 : len(s)-1])
	if err != nil || y < 0 {
		return p, false
	}
	p.Year = y
	return p, true
}

// Noun returns "an army" or "a fleet".
func (t UnitType) Noun() string {
	if t == Army {
		return "an army"
	}
	return "a " + t.Word()
}
