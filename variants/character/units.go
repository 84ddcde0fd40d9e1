package character

import (
	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// idOf returns the kit.UnitID of u.
func idOf(u engine.Unit) kit.UnitID { return kit.IDOf(u) }

// numberUnits numbers the units without a number, per power and type in
// the order given, after the highest number already in use (rule 10:
// 1A, 2A, 1F). It changes units in place and returns it.
func numberUnits(units []engine.Unit) []engine.Unit { return kit.NumberUnits(units) }

// nextNumber returns the number a new unit of type t of power p takes: the
// lowest not in use among p's units of that type, so a build may reuse the
// number of a unit that left the board.
func nextNumber(units []engine.Unit, p engine.Power, t engine.UnitType) int {
	return kit.NextNumber(units, p, t)
}

// label formats a unit number: "1A", "2F".
func label(n int, t engine.UnitType) string { return kit.Label(n, t) }

// parseLabel reads "1A", "2f" or "12F"; Davis has no amphibious units, so
// "1Amp" is refused.
func parseLabel(s string) (int, engine.UnitType, error) { return kit.ParseLabel(s) }
