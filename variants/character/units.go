package character

import (
	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// UnitID names a unit for its card: its power, type and number (rule 10:
// "1A", "2F" are counted per power and type, so the number alone is not
// unique on the board). It is the kit's key.
type UnitID = kit.UnitID

// IDOf returns the UnitID of u.
func IDOf(u engine.Unit) UnitID { return kit.IDOf(u) }

// NumberUnits numbers the units without a number, per power and type in
// the order given, after the highest number already in use (rule 10:
// 1A, 2A, 1F). It changes units in place and returns it.
func NumberUnits(units []engine.Unit) []engine.Unit { return kit.NumberUnits(units) }

// NextNumber returns the number a new unit of type t of power p takes: the
// lowest not in use among p's units of that type, so a build may reuse the
// number of a unit that left the board.
func NextNumber(units []engine.Unit, p engine.Power, t engine.UnitType) int {
	return kit.NextNumber(units, p, t)
}

// Label formats a unit number: "1A", "2F".
func Label(n int, t engine.UnitType) string { return kit.Label(n, t) }

// ParseLabel reads "1A", "2f" or "12F"; Davis has no amphibious units, so
// "1Amp" is refused.
func ParseLabel(s string) (int, engine.UnitType, error) { return kit.ParseLabel(s) }
