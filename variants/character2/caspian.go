package character2

import "dipdesk/engine"

// Rule 4: "The Caspian Sea is passable to Hyperspace fleets, Amphibious
// units, Water Walkers, Superfleets, and Explorers, and to any fleet which
// is convoyed there by a Neanderthal Army. Also, a Convertible unit may
// become a Fleet and use the Caspian. The Caspian borders only Armenia,
// Moscow, and Sevastopol."
//
// The board's Caspian is an impassable sea with army links to Armenia,
// Moscow and Sevastopol and fleet links to the east coast "(ec)" of
// Armenia and Sevastopol (board.go). Enter opens it to the units that may
// stand there: a Hyperspace fleet, an Amphibious unit, a Superfleet, an
// Explorer (an army "can treat the Caspian Sea as a land space") and a
// Convertible that is a fleet. A Water Walker army only crosses it
// (waterwalker.go): it never stops at sea. Any fleet may enter it while a
// Neanderthal army stands in Armenia or Sevastopol, by that army's convoy
// (the fleet has no other way in: the Caspian has no links to the seas).
func caspianParts(r *registry) {
	r.Enter(caspianEnter)
	r.Reach(caspianReach)
}

func caspianEnter(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if s == nil || s.Map == nil || s.Map.Province(l.P).Abbr != caspianAbbr {
		return false
	}
	if u.Type == engine.Fleet && neanderthalNearCaspian(s) {
		return true // to be convoyed there by a Neanderthal (neanderthal.go)
	}
	switch kindAt(s, u) {
	case amphibious, explorer:
		return true
	case hyperspace, waterWalker, convertible:
		return u.Type == engine.Fleet
	}
	return false
}

// caspianReach: a unit the Caspian is open to reaches it by the map's
// links, retreats included (the engine lists no impassable neighbour as a
// retreat; moves find the links themselves).
func caspianReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if s.Map.Province(l.P).Abbr != caspianAbbr || !caspianEnter(s, u, l) {
		return false
	}
	if u.Type == engine.Army {
		return s.Map.ArmyLinked(u.Loc.P, l.P)
	}
	return s.Map.FleetLinked(u.Loc, l)
}

// isCaspianCoast reports whether p is Armenia or Sevastopol, which have a
// coast on the Caspian.
func isCaspianCoast(m *engine.Map, p engine.ProvinceID) bool {
	return p == lookup(m, "arm") || p == lookup(m, "sev")
}
