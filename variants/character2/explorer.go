package character2

import "dipdesk/engine"

// EXPLORER (Queens): "Unit may move to Iceland, Ireland, Crete, Sicily,
// Sardinia, or the Caspian Sea, (or Switzerland if it is an Army), using
// normal moving rules. If the unit is an Army, it can treat the Caspian
// Sea as a land space. In addition, if the unit is an Army, it may move
// directly between Liverpool - Ireland, Sicily - Naples, or Spain - North
// Africa (and vice versa), as if these spaces were adjacent; if the unit
// is a Fleet, it may move directly between Mid Atlantic - Eastern
// Mediterranean, Mid Atlantic - Norwegian Sea, or Baltic Sea - Skaggerak
// (and vice versa)." Rule 7: the Explorer "may use [its] special movement
// abilities when retreating".
//
// The islands are provinces of this board impassable to every other unit
// (board.go); Enter opens them, the Caspian (caspian.go) and, to an army,
// Switzerland. "Using normal moving rules": a fleet sails to an island by
// its sea links and an army is convoyed there, or takes its special army
// links (Reach), which are also asked for supports, as any adjacency. An
// Explorer fleet in Armenia or Sevastopol also sails into the Caspian from
// its Black Sea coast: the provinces border the Caspian.
func explorerParts(r *registry) {
	r.Enter(explorerEnter)
	r.Reach(explorerReach)
	r.Random(explorerRandom)
}

// The Explorer's special links, by type.
var (
	explorerArmyLinks  = [][2]string{{"lvp", "ire"}, {"sic", "nap"}, {"spa", "naf"}}
	explorerFleetLinks = [][2]string{{"mao", "eas"}, {"mao", "nwg"}, {"bal", "ska"}}
)

func explorerEnter(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !moverHas(s, u, explorer) || s.Map == nil {
		return false
	}
	p := s.Map.Province(l.P)
	switch {
	case isIsland(s.Map, l.P):
		return canStand(u.Type, p.Kind)
	case p.Abbr == "swi":
		return u.Type == engine.Army
	case p.Abbr == caspianAbbr:
		return true
	}
	return false
}

// explorerLinked reports whether the Explorer's special links of type t
// join a and b.
func explorerLinked(m *engine.Map, t engine.UnitType, a, b engine.ProvinceID) bool {
	links := explorerArmyLinks
	if t == engine.Fleet {
		links = explorerFleetLinks
	}
	for _, k := range links {
		x, y := lookup(m, k[0]), lookup(m, k[1])
		if a == x && b == y || a == y && b == x {
			return true
		}
	}
	return false
}

func explorerReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !moverHas(s, u, explorer) || l.P == u.Loc.P {
		return false
	}
	to := s.Map.Province(l.P)
	if to.Impassable && !explorerEnter(s, u, l) {
		return false
	}
	if to.Impassable && (u.Type == engine.Army && s.Map.ArmyLinked(u.Loc.P, l.P) || u.Type == engine.Fleet && s.Map.FleetLinked(u.Loc, l)) {
		return true // by the map's links: the engine lists no impassable neighbour as a retreat
	}
	if explorerLinked(s.Map, u.Type, u.Loc.P, l.P) {
		if u.Type == engine.Fleet && s.Map.MultiCoast(l.P) && l.C == engine.NoCoast {
			return false
		}
		return true
	}
	return u.Type == engine.Fleet && to.Abbr == caspianAbbr && isCaspianCoast(s.Map, u.Loc.P)
}

// explorerUses: a move or retreat into or out of an island, Switzerland or
// the Caspian, or along a special link.
func explorerUses(s *engine.State, u engine.Unit, o engine.Order) (string, bool) {
	if o.Kind != engine.Move {
		return "", false
	}
	special := func(p engine.ProvinceID) bool {
		q := s.Map.Province(p)
		return isIsland(s.Map, p) || q.Abbr == "swi" || q.Abbr == caspianAbbr
	}
	if special(o.To.P) || special(u.Loc.P) || explorerLinked(s.Map, u.Type, u.Loc.P, o.To.P) {
		return "moved as an explorer", true
	}
	return "", false
}

// explorerRandom gives an Explorer a move along a special link or into a
// special space it touches.
func explorerRandom(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if !moverHas(s, u, explorer) || s.Phase.Type != engine.Movement {
		return engine.Order{}, false
	}
	var out []engine.Loc
	for i := range s.Map.NumProvinces() {
		l := engine.Loc{P: engine.ProvinceID(i)}
		if _, why := explorerUses(s, u, engine.Order{Kind: engine.Move, To: l}); !why {
			continue
		}
		if s.Map.MultiCoast(l.P) {
			continue
		}
		ok := explorerReach(s, u, l)
		if !ok && explorerEnter(s, u, l) {
			ok = u.Type == engine.Army && s.Map.ArmyLinked(u.Loc.P, l.P) || u.Type == engine.Fleet && s.Map.FleetLinked(u.Loc, l)
		}
		if ok {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return engine.Order{}, false
	}
	return engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, Number: u.Number, At: u.Loc,
		To: out[rng.Intn(len(out), "an Explorer's special move")], AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}, true
}
