package character2

import "dipdesk/engine"

// NEANDERTHAL army / AIRCRAFT CARRIER fleet (Knights): "If the unit is an
// Army, it may 'convoy' a fleet across land! ... If the unit is a fleet,
// it may support any action up to two spaces away, even if the fleet
// cannot move there."
//
// Aircraft Carrier: SupportReach to any space within two steps of its
// place by links of either type (the space between may be of any kind:
// the carrier's aircraft fly), never Hyperspace ("No other special power
// can ever be used on Hyperspace"). The Neanderthal army's convoy of a
// fleet across land is not implemented yet (see the rulings): the engine's
// convoy routes are fleets at sea carrying armies.
var _ = register(func() {
	parts.supportReach = append(parts.supportReach, carrierSupportReach)
	parts.random = append(parts.random, carrierRandom)
	moverUses[Neanderthal] = carrierUses
})

// withinTwo reports whether b is one or two steps from a by links of
// either type, not through Hyperspace.
func withinTwo(m *engine.Map, a, b engine.ProvinceID) bool {
	if a == b || isHyperspace(m, a) || isHyperspace(m, b) {
		return false
	}
	if touches(m, a, b) {
		return true
	}
	for i := range m.NumProvinces() {
		p := engine.ProvinceID(i)
		if p != a && p != b && !isHyperspace(m, p) && touches(m, a, p) && touches(m, p, b) {
			return true
		}
	}
	return false
}

func carrierSupportReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	return u.Type == engine.Fleet && moverHas(s, u, Neanderthal) && withinTwo(s.Map, u.Loc.P, l.P)
}

// carrierUses: a support into a space the fleet could not move to.
func carrierUses(s *engine.State, u engine.Unit, o engine.Order) (string, bool) {
	if u.Type != engine.Fleet || o.Kind != engine.Support {
		return "", false
	}
	t := o.AuxAt
	if o.AuxTo.Valid() {
		t = o.AuxTo
	}
	if s.Map.Adjacent(engine.Fleet, u.Loc, t.P) || !carrierSupportReach(s, u, t) {
		return "", false
	}
	return "supported two spaces away as an aircraft carrier", true
}

// carrierRandom gives an Aircraft Carrier a support to hold of a unit two
// spaces away.
func carrierRandom(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if u.Type != engine.Fleet || !moverHas(s, u, Neanderthal) || s.Phase.Type != engine.Movement {
		return engine.Order{}, false
	}
	var out []engine.Unit
	for _, v := range s.Units {
		if v.Loc.P != u.Loc.P && !s.Map.Adjacent(engine.Fleet, u.Loc, v.Loc.P) && withinTwo(s.Map, u.Loc.P, v.Loc.P) {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return engine.Order{}, false
	}
	v := out[rng.Intn(len(out), "the unit an Aircraft Carrier supports")]
	return engine.Order{Power: u.Power, Kind: engine.Support, Unit: u.Type, Number: u.Number, At: u.Loc, To: engine.Nowhere,
		AuxUnit: v.Type, AuxAt: v.Loc, AuxTo: engine.Nowhere}, true
}
