package character

import "dipdesk/engine"

// The ids of the cards the adjudication hooks act on so far.
const (
	limitedDoubleID = "1" // #1: moves and holds with two, supports with one
	doubleID        = "2" // #2: double strength for all purposes
	// superSupporterID is proposed card X5 (a game option, Options.Add):
	// supports with three, holds with one, moves with none.
	superSupporterID = "X5"
	// uncuttableID is proposed card X8 (a game option, Options.Add): its
	// supports are cut only when it is dislodged.
	uncuttableID = "X8"
)

// firstPowerYear is the first year a card's power may be used (rule 7:
// "the first season ... is Spring 1902"; 1901 is played as the regular
// game).
const firstPowerYear = 1902

// powersActive reports whether cards may act in phase p (rule 7): from
// Spring 1902 on, every phase of 1902 and later.
func powersActive(p engine.Phase) bool { return p.Year >= firstPowerYear }

// cardAt returns the card of u in s when rule 7 lets it act.
func cardAt(s *engine.State, u engine.Unit) (cardType, bool) {
	if s == nil || !powersActive(s.Phase) {
		return cardType{}, false
	}
	e, ok := s.Extra.(*extra)
	if !ok {
		return cardType{}, false
	}
	return e.CardOf(u)
}

// strength is the Rules.strength hook: the strength u has in role.
//
//   - #1 Limited Double strength "always moves and holds with a strength of
//     two, but only supports with a strength of one": two when moving
//     (attack, prevent, head-to-head defence) and when holding, one as a
//     supporter.
//
//   - #2 Double strength is "a Double strength Unit for all purposes": two
//     in every role, a support included.
//
//   - X5 Super Supporter (a game option) "supports with strength of 3,
//     holds with strength of 1, moves with a strength of 0": three as a
//     supporter, one holding, none in every moving role (attack, prevent,
//     head-to-head defence), so it moves only with support and never keeps
//     another unit out of a province.
//
// Every other card, #20 Ordinary included, and every card before 1902
// (rule 7) gives the standard one. A unit whose move fails holds with one
// whatever its card: the engine counts it so (DATC 5.B), and rule 8 agrees
// ("a unit which is dislodged could not use its powers ... if not so
// ordered initially").
func strength(s *engine.State, u engine.Unit, role engine.Role) int {
	c, ok := cardAt(s, u)
	if !ok {
		return 1
	}
	switch c.ID {
	case limitedDoubleID:
		if role == engine.RoleSupport {
			return 1
		}
		return 2
	case doubleID:
		return 2
	case superSupporterID:
		switch role {
		case engine.RoleSupport:
			return 3
		case engine.RoleHold:
			return 1
		}
		return 0
	}
	return 1
}

// supportLost is the Rules.supportLost hook. Davis 16.f: a single attack
// on a Double-strength unit (#2) that is supporting cuts only one unit of
// its support; two attacks, or an attack by another double-strength unit
// (#1 or #2, with its powers active), cut all of it. Any other supporter
// loses its whole support to one attack, as in the standard game. A
// dislodged supporter loses everything (the engine sees to that).
// Davis's rule needs no attack's strength (the hook's attack).
func supportLost(s *engine.State, supporter engine.Unit, weight int, attackers []engine.Unit, _ func(int) int) (int, string) {
	c, ok := cardAt(s, supporter)
	if !ok || c.ID != doubleID || len(attackers) != 1 {
		return weight, ""
	}
	if a, ok := cardAt(s, attackers[0]); ok && (a.ID == doubleID || a.ID == limitedDoubleID) {
		return weight, ""
	}
	return min(weight, 1), ""
}

// cuts is the Rules.cuts hook: whether attacker's move may cut
// supporter's support. Proposed card X8 (a game option): "Unit's support
// orders are cut only if this unit is dislodged", so no attack cuts the
// support of an X8 unit with its powers active; a dislodged supporter
// still gives nothing (the engine sees to that, whatever this returns).
// Every other supporter is cut as in the standard game.
func cuts(s *engine.State, attacker, supporter engine.Unit) bool {
	c, ok := cardAt(s, supporter)
	return !ok || c.ID != uncuttableID
}
