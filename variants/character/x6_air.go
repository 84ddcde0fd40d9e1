package character

import "dipdesk/engine"

// airUnitID is proposed card X6 Air Unit (a game option, Options.Add):
// "Can support any action two spaces away, even if over water if an A, or
// inland if a Fleet."
const airUnitID = "X6"

// airSupports is the X6 part of the SupportReach hook. From 1902 (rule 7)
// an Air Unit may support into any province at most two spaces from its
// own, counting spaces by touching borders whatever the unit's type: an
// army's count goes over seas, a fleet's over land. It supports a hold or
// a move alike ("any action"), and its support is cut like any support.
// It moves as its type moves: the card gives no movement.
func airSupports(s *engine.State, u engine.Unit, l engine.Loc) bool {
	c, ok := cardAt(s, u)
	if !ok || c.ID != airUnitID {
		return false
	}
	m := s.Map
	from := u.Loc.P
	if touching(m, from, l.P) {
		return true
	}
	for k := range m.Provinces {
		p := engine.ProvinceID(k)
		if p != from && p != l.P && touching(m, from, p) && touching(m, p, l.P) {
			return true
		}
	}
	return false
}

// touching reports whether provinces a and b share a border: an army link
// or a fleet link from any of their coasts. Impassable provinces count
// (an air unit flies over Switzerland) but are never supported into: the
// supported unit could not go there.
func touching(m *engine.Map, a, b engine.ProvinceID) bool {
	if a == b {
		return false
	}
	if m.ArmyLinked(a, b) || m.ArmyLinked(b, a) {
		return true
	}
	for _, l := range coastsOf(m, a) {
		if m.FleetLinked(l, engine.Loc{P: b}) {
			return true
		}
	}
	return false
}

// coastsOf returns the locations a fleet may stand at in province p: its
// coasts, or the province itself.
func coastsOf(m *engine.Map, p engine.ProvinceID) []engine.Loc {
	cs := m.Provinces[p].Coasts
	if len(cs) == 0 {
		return []engine.Loc{{P: p}}
	}
	out := make([]engine.Loc, len(cs))
	for i, c := range cs {
		out[i] = engine.Loc{P: p, C: c}
	}
	return out
}

func x6AirParts(r *registry) {
	r.SupportReach(airSupports)
}
