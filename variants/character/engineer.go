package character

import (
	"fmt"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// #13 Engineer (A) / Minesweeper (F): "Unit can disarm any mines in
// provinces and sea spaces it enters. This is automatic. GM will report
// this event only to the unit's owner, who will not be told who laid the
// mine." Rule 12: "The GM will report the destruction of mines by an
// Engineer unit/Minesweeper (Card #13) moving into a space, but will not
// report who laid the mine. An Engineer unit automatically destroys all
// mines placed in a space when it moves into it".
//
// The two texts agree but for who hears of it; the card, the more
// particular text, decides: the report goes to the engineer's owner alone
// (a private event), naming the space and how many mines, never their
// layers. Other seats see a plain move; the engineer's card is not
// revealed. No order is needed: mineAfter (minelayer.go) calls
// engineerClears for every engineer that entered a province, a retreat
// included, before any mine there could explode; an engineer is never
// hurt by a mine.

// engineerClears disarms the mines at indexes idx of f.Mines (those of the
// province engineer en entered that were there before the phase), reports
// it to the engineer's owner alone and counts the disarmed mines of each
// layer (sappersState.Cleared). It returns the mines left.
func engineerClears(m *engine.Map, f *effects, en entry, idx []int, out *engine.Outcome) []mine {
	if len(idx) == 0 {
		return f.Mines
	}
	for _, i := range idx {
		p := f.Mines[i].Power
		if f.Sappers.Cleared == nil {
			f.Sappers.Cleared = map[engine.Power]int{}
		}
		f.Sappers.Cleared[p]++
	}
	out.Events = append(out.Events, kit.PrivateEvent(m, en.id.Power, fmt.Sprintf(
		"your %s %s (engineer, #13) disarmed %s in %s", label(en.id.Number, en.id.Type), m.LocString(en.unit.Loc),
		plural(len(idx), "mine"), m.Provinces[en.unit.Loc.P].Name)))
	return deleteIndexes(f.Mines, idx)
}
