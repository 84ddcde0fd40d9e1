package character2

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// ENGINEER army / MINESWEEPER fleet (Sevens): "Unit automatically
// deactivates all mines in spaces it enters. GM will report this event
// only to the unit's owner, who will NOT be told who laid the mine(s)."
//
// No order is needed: mineAfter (minelayer.go) calls engineerSweeps for
// every Engineer or Minesweeper that entered a space (a move, a retreat, a
// voluntary retreat), before any mine there could go off, so the unit is
// never hurt by a mine. Rule 7: "the ... Engineer, Minesweeper ... powers
// work anyway", so a dislodged Engineer retreating into a mined space
// sweeps it too. The report is a private event to the unit's owner naming
// the space and the number of mines, never their layers; the card is not
// revealed (the report goes to its owner alone). The layers are not told
// either: their mines move to lifeState.Swept, which their views still
// show as laid.

// engineerSweeps deactivates the mines at indexes idx of life.Mines (those
// of the space en entered, laid before the phase) and tells en's owner.
func engineerSweeps(m *engine.Map, life *lifeState, en entry, idx []int, out *engine.Outcome) {
	if len(idx) == 0 {
		return
	}
	var keep []mine
	for i, mn := range life.Mines {
		if slices.Contains(idx, i) {
			if mn.Layer.Power != en.id.Power {
				life.Swept = append(life.Swept, mn)
			}
			continue
		}
		keep = append(keep, mn)
	}
	life.Mines = keep
	what := "a mine"
	if len(idx) > 1 {
		what = fmt.Sprintf("%d mines", len(idx))
	}
	out.AddEvent(kit.PrivateEvent(m, en.id.Power, fmt.Sprintf("your %s %s deactivated %s in %s",
		kindNameFor(engineer, en.id.Type), kit.Label(en.id.Number, en.id.Type), what, m.Provinces[en.prov].Name)), en.unitAt())
}

// kindNameFor is k's name for a unit of type t.
func kindNameFor(k kind, t engine.UnitType) string { return k.NameFor(t) }
