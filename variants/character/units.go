package character

import (
	"errors"
	"fmt"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
)

// UnitID names a unit for its card: its power, type and number (rule 10:
// "1A", "2F" are counted per power and type, so the number alone is not
// unique on the board).
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

// NumberUnits numbers the units without a number, per power and type in
// the order given, after the highest number already in use (rule 10:
// 1A, 2A, 1F). It changes units in place and returns it.
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

// Label formats a unit number: "1A", "2F" (cardgame.Label).
func Label(n int, t engine.UnitType) string { return cardgame.Label(n, t) }

// ParseLabel reads "1A", "2f" or "12F" (cardgame.ParseLabel); Davis has no
// amphibious units, so "1Amp" is refused.
func ParseLabel(s string) (int, engine.UnitType, error) {
	n, t, amphibious, err := cardgame.ParseLabel(s)
	if err != nil {
		// The same words as before cardgame held the parser.
		return 0, 0, errors.New("character: " + strings.TrimPrefix(err.Error(), "cardgame: "))
	}
	if amphibious {
		return 0, 0, fmt.Errorf("character: unit number %q: Character Diplomacy has no amphibious units", strings.TrimSpace(s))
	}
	return n, t, nil
}
