package character

import "dipdesk/engine"

// #7 Explorer completed (card text: "Unit may move to Crete, Iceland,
// Ireland, Sardinia, Sicily, Switzerland or Caspian Sea at will, using
// normal moving rules. (An A would treat Caspian Sea as a land space).
// Units may also move directly between Ireland-Liverpool, Sicily-Naples
// and Spain-N. Africa, and vice-versa. Convoyed A's may use the islands.
// These units may also Retreat to these spaces."), and the Caspian Sea of
// rule 11 for the other cards it names (#3, #17, a converted #6 fleet).
//
// Switzerland, the Caspian and the five islands (Board) stay impassable on
// the map; Enter opens them to the cards that may stand there, and the
// unit moves in and out by the map's links: an army by the army links
// (Switzerland's, and the Caspian's to Armenia, Moscow and Sevastopol,
// "walking on water"), a fleet by the fleet links (the islands' seas, the
// Caspian's to the east coasts of Armenia and Sevastopol). An army reaches
// an island by convoy (the engine carries it to a space Enter opens) or
// by the card's direct links Ireland-Liverpool and Sicily-Naples (Reach,
// reach2.go's explorerLinks). An explorer fleet "at will" also sails into
// the Caspian from Armenia or Sevastopol on their Black Sea coast (Reach):
// leaving, it lands on the plain coast.
func explorerParts(r *registry) {
	r.Enter(explorerEnter)
	r.Reach(explorerReach, convoylessCaspian)
}

func explorerEnter(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if s == nil || s.Map == nil {
		return false
	}
	p := s.Map.Province(l.P)
	if isIsland(s.Map, l.P) {
		return holds(s, u, explorerID) && canStand(u.Type, p.Kind)
	}
	switch p.Abbr {
	case "swi":
		return holds(s, u, explorerID) && canStand(u.Type, p.Kind)
	case caspianAbbr:
		// Rule 11: #3, #7 (an army treats it as land), a converted #6
		// fleet. #17 only crosses it (convoylessCaspian).
		return holds(s, u, explorerID) || holds(s, u, amphibiousID) ||
			(holds(s, u, converterID) && u.Type == engine.Fleet)
	}
	return false
}

// explorerReach lets an explorer into the spaces only it may enter
// beyond what the engine sees: onto Ireland and Sicily by the card's
// direct links from Liverpool and Naples (reach.go's Reach stops at
// impassable spaces), a fleet into the Caspian from the plain coast of
// Armenia or Sevastopol, and a retreat into Switzerland, the Caspian and
// the islands by its type's links (the engine lists only passable
// neighbours as retreats; Reach adds these).
func explorerReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !holds(s, u, explorerID) || !explorerEnter(s, u, l) {
		return false
	}
	if linked(s.Map, explorerLinks, u, l, s.Phase.Type == engine.Retreat) {
		return true
	}
	if u.Type == engine.Army {
		return s.Map.ArmyLinked(u.Loc.P, l.P)
	}
	return s.Map.FleetLinked(u.Loc, l) ||
		(s.Map.Province(l.P).Abbr == caspianAbbr && isCaspianCoast(s.Map, u.Loc.P))
}

// convoylessCaspian is #17 across the Caspian (card: "Includes Caspian
// Sea"): between Armenia, Moscow and Sevastopol, without stopping in it.
// The map's Caspian is impassable, so reach.go's crossing over seas does
// not see it.
func convoylessCaspian(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !holds(s, u, convoylessID) || u.Type != engine.Army || s.Phase.Type == engine.Retreat || u.Loc.P == l.P {
		return false
	}
	cas := lookup(s.Map, caspianAbbr)
	return cas != engine.NoProvince && s.Map.ArmyLinked(cas, u.Loc.P) && s.Map.ArmyLinked(cas, l.P)
}
