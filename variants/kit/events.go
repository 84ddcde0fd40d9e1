package kit

import (
	"strings"

	"dipdesk/engine"
)

// privatePrefix starts an event only power p (and the game master) reads.
func privatePrefix(m *engine.Map, p engine.Power) string {
	return "to " + m.PowerName(p) + " only: "
}

// PrivateEvent returns an event for power p alone: "to France only: ...".
func PrivateEvent(m *engine.Map, p engine.Power, text string) string {
	return privatePrefix(m, p) + text
}

// ConcealPrivate drops from seat's copy of an outcome the private events
// of other powers (PrivateEvent): a card dealt, a mine cleared, whose mine
// blew a unit up. The game master reads them all.
func ConcealPrivate(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	if seat.GM {
		return
	}
	own := ""
	if seat.Power != "" {
		own = privatePrefix(before.Map, seat.Power)
	}
	kept := out.Events[:0]
	for _, ev := range out.Events {
		if strings.HasPrefix(ev, "to ") && strings.Contains(ev, " only: ") && (own == "" || !strings.HasPrefix(ev, own)) {
			continue
		}
		kept = append(kept, ev)
	}
	out.Events = kept
}
