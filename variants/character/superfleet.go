package character

import "dipdesk/engine"

// Card #18 (superfleetID): "Fleet may jump directly from MAO-Ionian,
// MAO-Norwegian, Barents-NAO, Baltic-Skagerrak and Western Med-Eastern
// Med. Also, it may Support the landing of any Army it convoys, providing
// it is the last F in the Convoy." The jumps are in reach2.go; the support
// is convoySupport.

// convoySupport is the Rules.convoySupport hook: a #18 fleet convoying an
// army as the last fleet of its route (the engine asks only for fleets
// adjacent to the landing) adds one support to the landing, with no order
// of its own (X7 adopted into #18). The support is cut by an attack on the
// fleet like any support, and counts only while the convoy stands. Not
// before 1902 (rule 7); a #18 card on an army gains nothing (rule 4.c).
func convoySupport(s *engine.State, fleet, army engine.Unit) bool {
	c, ok := cardAt(s, fleet)
	return ok && c.ID == superfleetID && fleet.Type == engine.Fleet
}
