package kit

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
)

// UnitID names a unit for its card: its power, type and number (Davis
// rule 10, Galt rule 5: "1A", "2F" are counted per power and type, so the
// number alone is not unique on the board).
type UnitID struct {
	Power  engine.Power
	Type   engine.UnitType
	Number int
}

// IDOf returns the UnitID of u.
func IDOf(u engine.Unit) UnitID { return UnitID{Power: u.Power, Type: u.Type, Number: u.Number} }

// String returns "france 1A".
func (id UnitID) String() string { return string(id.Power) + " " + Label(id.Number, id.Type) }

// MarshalText writes id as "france 1A" (JSON map keys, save files).
func (id UnitID) MarshalText() ([]byte, error) { return []byte(id.String()), nil }

// UnmarshalText reads "france 1A".
func (id *UnitID) UnmarshalText(b []byte) error {
	p, label, ok := strings.Cut(string(b), " ")
	if !ok || p == "" {
		return fmt.Errorf("character: unit %q: want a power and a label, as \"france 1A\"", b)
	}
	n, t, err := ParseLabel(label)
	if err != nil {
		return err
	}
	*id = UnitID{Power: engine.Power(p), Type: t, Number: n}
	return nil
}

// CompareUnitIDs orders units by power, type and number.
func CompareUnitIDs(a, b UnitID) int {
	if c := strings.Compare(string(a.Power), string(b.Power)); c != 0 {
		return c
	}
	if a.Type != b.Type {
		return int(a.Type) - int(b.Type)
	}
	return a.Number - b.Number
}

// SortedIDs returns the keys of m by power, type and number.
func SortedIDs[V any](m map[UnitID]V) []UnitID {
	return slices.SortedFunc(maps.Keys(m), CompareUnitIDs)
}

// Label formats a unit number: "1A", "2F" (cardgame.Label).
func Label(n int, t engine.UnitType) string { return cardgame.Label(n, t) }

// ParseLabel reads "1A", "2f" or "12F" (cardgame.ParseLabel); the
// amphibious form "1Amp" is a label a variant reads itself, refused here.
func ParseLabel(s string) (int, engine.UnitType, error) {
	n, t, amphibious, err := cardgame.ParseLabel(s)
	if err != nil {
		// The words of the variants' own parsers before the kit held it.
		return 0, 0, fmt.Errorf("character: %s", strings.TrimPrefix(err.Error(), "cardgame: "))
	}
	if amphibious {
		return 0, 0, fmt.Errorf("character: unit number %q: Character Diplomacy has no amphibious units", strings.TrimSpace(s))
	}
	return n, t, nil
}

// NumberUnits numbers the units without a number, per power and type in
// the order given, after the highest number already in use (Davis rule
// 10, Galt rule 5: 1A, 2A, 1F). It changes units in place and returns it.
func NumberUnits(units []engine.Unit) []engine.Unit {
	type key struct {
		p engine.Power
		t engine.UnitType
	}
	high := map[key]int{}
	for _, u := range units {
		k := key{u.Power, u.Type}
		high[k] = max(high[k], u.Number)
	}
	for i, u := range units {
		if u.Number != 0 {
			continue
		}
		k := key{u.Power, u.Type}
		high[k]++
		units[i].Number = high[k]
	}
	return units
}

// NumberAll numbers the units and the dislodged units of s without a
// number (NumberUnits), per power and type after the highest number
// written: a case file's position.
func NumberAll(s *engine.State) {
	all := AllUnits(s)
	NumberUnits(all)
	copy(s.Units, all[:len(s.Units)])
	for i := range s.Dislodged {
		s.Dislodged[i].Unit = all[len(s.Units)+i]
	}
}

// NextNumber returns the number a new unit of type t of power p takes: the
// lowest not in use among p's units of that type, so a build may reuse the
// number of a unit that left the board.
func NextNumber(units []engine.Unit, p engine.Power, t engine.UnitType) int {
	used := map[int]bool{}
	for _, u := range units {
		if u.Power == p && u.Type == t {
			used[u.Number] = true
		}
	}
	n := 1
	for used[n] {
		n++
	}
	return n
}

// FreeNumber is the number unit i of s, which the game master added
// without one, takes (Davis rule 10, Galt rule 5): the lowest not in use
// among its power's units of its type on the board, dislodged, or holding
// a card in holders (a unit that left the board this phase whose card is
// not yet discarded keeps its number until then).
func FreeNumber(s *engine.State, i int, holders []UnitID) int {
	u := s.Units[i]
	var others []engine.Unit
	for j, v := range AllUnits(s) {
		if j != i {
			others = append(others, v)
		}
	}
	for _, id := range holders {
		others = append(others, engine.Unit{Power: id.Power, Type: id.Type, Number: id.Number})
	}
	return NextNumber(others, u.Power, u.Type)
}

// DislodgedUnits returns the units of s waiting for their retreat.
func DislodgedUnits(s *engine.State) []engine.Unit {
	out := make([]engine.Unit, len(s.Dislodged))
	for i, d := range s.Dislodged {
		out[i] = d.Unit
	}
	return out
}

// AllUnits returns the units of s on the board, then those dislodged: the
// units still in the game.
func AllUnits(s *engine.State) []engine.Unit {
	return append(slices.Clone(s.Units), DislodgedUnits(s)...)
}

// UnitsInGame returns the ids of the units of s on the board or dislodged.
func UnitsInGame(s *engine.State) map[UnitID]bool {
	ids := make(map[UnitID]bool, len(s.Units)+len(s.Dislodged))
	for _, u := range s.Units {
		ids[IDOf(u)] = true
	}
	for _, d := range s.Dislodged {
		ids[IDOf(d.Unit)] = true
	}
	return ids
}

// UnitIndex returns the index in s.Units of the unit id, or -1.
func UnitIndex(s *engine.State, id UnitID) int {
	for i, u := range s.Units {
		if IDOf(u) == id {
			return i
		}
	}
	return -1
}

// UnitNow returns unit id where it stands in s, on the board or
// dislodged.
func UnitNow(s *engine.State, id UnitID) (engine.Unit, bool) {
	if i := UnitIndex(s, id); i >= 0 {
		return s.Units[i], true
	}
	for _, d := range s.Dislodged {
		if IDOf(d.Unit) == id {
			return d.Unit, true
		}
	}
	return engine.Unit{}, false
}

// IsDislodged reports whether unit id is among the dislodged units of s.
func IsDislodged(s *engine.State, id UnitID) bool {
	for _, d := range s.Dislodged {
		if IDOf(d.Unit) == id {
			return true
		}
	}
	return false
}

// RemoveUnit takes unit id off the board of s and out of its dislodged
// units, and reports whether it was there.
func RemoveUnit(s *engine.State, id UnitID) bool {
	n, d := len(s.Units), len(s.Dislodged)
	s.Units = slices.DeleteFunc(s.Units, func(u engine.Unit) bool { return IDOf(u) == id })
	s.Dislodged = slices.DeleteFunc(s.Dislodged, func(x engine.Dislodgement) bool { return IDOf(x.Unit) == id })
	return len(s.Units) != n || len(s.Dislodged) != d
}

// UnitLike finds the unit of s (or dislodged) of want's power, type and
// province.
func UnitLike(s *engine.State, want engine.Unit) (engine.Unit, bool) {
	for _, u := range AllUnits(s) {
		if u.Power == want.Power && u.Type == want.Type && u.Loc.P == want.Loc.P {
			return u, true
		}
	}
	return engine.Unit{}, false
}

// PowerName returns a power's id with a capital letter ("France"), for
// messages written without the map at hand.
func PowerName(p engine.Power) string {
	s := string(p)
	if s == "" {
		return "Nobody"
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// MoveIndex numbers the movement turns: Spring 1901 is 0, Fall 1901 is 1,
// Spring 1902 is 2. A retreat or adjustment phase has the index of the
// movement turn it follows. Card rules count in moving turns ("once every
// 3 moves", "for three moving turns", "for two turns").
func MoveIndex(p engine.Phase) int {
	i := (p.Year - 1901) * 2
	if p.Season != engine.Spring {
		i++
	}
	return i
}

// AddUnit completes unit i of s, which the game master added without a
// number (cardgame.UnitAdder): it takes the lowest number free
// (FreeNumber, holders being the units that hold cards), then a card:
// byHand gives it the one the game master named when id is not "", else
// fromDeck deals it one by the variant's rules. It returns the numbered
// unit and the deal's error.
func AddUnit(s *engine.State, i int, holders []UnitID, id string, byHand, fromDeck func(engine.Unit) error) (engine.Unit, error) {
	u := s.Units[i]
	u.Number = FreeNumber(s, i, holders)
	s.Units[i] = u
	if id != "" {
		return u, byHand(u)
	}
	return u, fromDeck(u)
}
