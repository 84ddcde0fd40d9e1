package character

import "dipdesk/engine"

// #7 Explorer completed (card text: "Unit may move to Crete, Iceland,
// Ireland, Sardinia, Sicily, Switzerland or Caspian Sea at will, using
// normal moving rules. (An A would treat Caspian Sea as a land space) ...
// These units may also Retreat to these spaces."), and the Caspian Sea of
// rule 11 for the other cards it names (#3, #17, a converted #6 fleet).
//
// Switzerland and the Caspian stay impassable on the map; Enter opens
// them to the cards that may stand there, and the unit moves in and out by
// the map's links: an army by the army links (Switzerland's, and the
// Caspian's to Armenia, Moscow and Sevastopol, "walking on water"), a
// fleet by the fleet links (the Caspian's to the east coasts of Armenia
// and Sevastopol). An explorer fleet "at will" also sails into the
// Caspian from Armenia or Sevastopol on their Black Sea coast (Reach):
// leaving, it lands on the plain coast. The islands are not on the board
// (see the rulings).
var _ = register(func() {
	parts.enter = append(parts.enter, explorerEnter)
	parts.reach = append(parts.reach, explorerReach, convoylessCaspian)
})

func explorerEnter(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if s == nil || s.Map == nil {
		return false
	}
	p := s.Map.Province(l.P)
	switch p.Abbr {
	case "swi":
		return holds(s, u, ExplorerID) && canStand(u.Type, p.Kind)
	case CaspianAbbr:
		// Rule 11: #3, #7 (an army treats it as land), a converted #6
		// fleet. #17 only crosses it (convoylessCaspian).
		return holds(s, u, ExplorerID) || holds(s, u, AmphibiousID) ||
			(holds(s, u, ConverterID) && u.Type == engine.Fleet)
	}
	return false
}

// explorerReach lets an explorer fleet in Armenia or Sevastopol sail into
// the Caspian from their plain coast, and an explorer retreat into
// Switzerland and the Caspian by its type's links (the engine lists only
// passable neighbours as retreats; Reach adds these).
func explorerReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !holds(s, u, ExplorerID) || !explorerEnter(s, u, l) {
		return false
	}
	if u.Type == engine.Army {
		return s.Map.ArmyLinked(u.Loc.P, l.P)
	}
	return s.Map.FleetLinked(u.Loc, l) ||
		(s.Map.Province(l.P).Abbr == CaspianAbbr && isCaspianCoast(s.Map, u.Loc.P))
}

// convoylessCaspian is #17 across the Caspian (card: "Includes Caspian
// Sea"): between Armenia, Moscow and Sevastopol, without stopping in it.
// The map's Caspian is impassable, so reach.go's crossing over seas does
// not see it.
func convoylessCaspian(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !holds(s, u, ConvoylessID) || u.Type != engine.Army || s.Phase.Type == engine.Retreat || u.Loc.P == l.P {
		return false
	}
	cas := lookup(s.Map, CaspianAbbr)
	return cas != engine.NoProvince && s.Map.ArmyLinked(cas, u.Loc.P) && s.Map.ArmyLinked(cas, l.P)
}
