package character2

import (
	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// WATER WALKER army / SUPERFLEET (Pages): "If the unit is an Army, it can
// cross any one sea space (per turn) without need of convoy. This is
// allowed regardless of the status of the sea space, and includes the
// Caspian Sea. If the unit is a fleet, it may move directly between any
// two sea spaces that both border on any one land space, even if on
// different coasts; and it automatically supports the landing of any Army
// it convoys, provided it is the last fleet in the convoy." Rule 7: both
// "may use their special movement abilities when retreating".
//
// Water Walker: Reach from its place to any province an army may stand in
// that borders a sea its place borders (the Caspian by its army links to
// Armenia, Moscow and Sevastopol), whatever stands in that sea. One sea:
// the two provinces both border it. Superfleet: Reach from a sea to
// another sea when one land space of the board borders both (the
// Caspian's Armenia and Sevastopol included, so the Black Sea and the
// Caspian; the Explorer's islands are not land spaces of the ordinary
// board and count for nothing here), and the engine's ConvoySupport for
// the landing.
func waterwalkerParts(r *registry) {
	r.Reach(waterWalkerReach, superfleetReach)
	r.ConvoySupport(superfleetConvoySupport)
	r.Random(waterWalkerRandom)
	r.After(priorityOf(waterWalker), superfleetAfter)
}

// borders reports whether sea province sea borders province p: by a fleet
// link to any coast of p, or, for the Caspian, by its army links.
func borders(m *engine.Map, sea, p engine.ProvinceID) bool {
	if m.Province(sea).Abbr == caspianAbbr {
		return m.ArmyLinked(sea, p)
	}
	return kit.FleetLinkedAnyCoast(m, sea, engine.Loc{P: p})
}

// seaBetween returns a sea both a and b border, or NoProvince.
func seaBetween(m *engine.Map, a, b engine.ProvinceID) engine.ProvinceID {
	for i := range m.NumProvinces() {
		p := engine.ProvinceID(i)
		if m.Province(p).Kind == engine.Sea && borders(m, p, a) && borders(m, p, b) {
			return p
		}
	}
	return engine.NoProvince
}

func waterWalkerReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if u.Type != engine.Army || !moverHas(s, u, waterWalker) || l.P == u.Loc.P || l.C != engine.NoCoast {
		return false
	}
	to := s.Map.Province(l.P)
	if to.Impassable || !canStand(engine.Army, to.Kind) || s.Map.Province(u.Loc.P).Kind == engine.Sea {
		return false
	}
	return seaBetween(s.Map, u.Loc.P, l.P) != engine.NoProvince
}

// landBetween returns a land space of the ordinary board both seas a and
// b border, or NoProvince.
func landBetween(m *engine.Map, a, b engine.ProvinceID) engine.ProvinceID {
	for i := range m.NumProvinces() {
		p := engine.ProvinceID(i)
		q := m.Province(p)
		if q.Kind == engine.Sea || q.Kind == engine.Abstract || isIsland(m, p) {
			continue
		}
		if borders(m, a, p) && borders(m, b, p) {
			return p
		}
	}
	return engine.NoProvince
}

func superfleetReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if u.Type != engine.Fleet || !moverHas(s, u, waterWalker) || l.P == u.Loc.P {
		return false
	}
	from, to := s.Map.Province(u.Loc.P), s.Map.Province(l.P)
	if from.Kind != engine.Sea || to.Kind != engine.Sea {
		return false
	}
	if to.Impassable && to.Abbr != caspianAbbr {
		return false
	}
	return landBetween(s.Map, u.Loc.P, l.P) != engine.NoProvince
}

// superfleetConvoySupport: "it automatically supports the landing of any
// Army it convoys, provided it is the last fleet in the convoy" (the
// engine asks only for the last fleets, next to the landing).
func superfleetConvoySupport(s *engine.State, fleet, army engine.Unit) bool {
	return fleet.Type == engine.Fleet && moverHas(s, fleet, waterWalker)
}

// superfleetAfter reveals a Superfleet whose automatic support of the
// landing decided a battle: it "affects the outcome" (ruling S1: the turn
// adjudicated without its card would end otherwise), which is the use of
// its power (rule 2). A support that decided nothing is not reported, and
// the seats that do not know the card read the results as they would be
// without it (concealStance), so the strengths tell nothing either.
func superfleetAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	next := extraOf(out.Next)
	if s.Phase.Type != engine.Movement || next == nil {
		return
	}
	var orders []engine.Order
	var base *engine.Outcome
	for _, r := range out.Results {
		if r.Order.Kind != engine.Convoy || !r.OK || r.Unit.Type != engine.Fleet || !moverHas(s, r.Unit, waterWalker) {
			continue
		}
		id := idOf(r.Unit)
		if h := next.Cards[id]; h == nil || (h.Revealed != nil && h.Revealed.Hint == "") {
			continue
		}
		if base == nil {
			orders = replayOrders(out)
			base = adjudicateBare(s, orders)
		}
		if affects(s, orders, base, id) {
			revealMove(s, out, r.Unit, "decided a battle by supporting the landing of the army it convoyed")
		}
	}
}

// waterWalkerUses: a Water Walker's move no army link makes, a
// Superfleet's move no fleet link makes.
func waterWalkerUses(s *engine.State, u engine.Unit, o engine.Order) (string, bool) {
	if o.Kind != engine.Move || s.Map.Adjacent(u.Type, u.Loc, o.To.P) || o.ViaConvoy {
		return "", false
	}
	if u.Type == engine.Army && waterWalkerReach(s, u, engine.Loc{P: o.To.P}) {
		return "walked across a sea", true
	}
	if u.Type == engine.Fleet && superfleetReach(s, u, o.To) {
		return "sailed between two seas as a superfleet", true
	}
	return "", false
}

// waterWalkerRandom gives a Water Walker or Superfleet a random move its
// card alone allows.
func waterWalkerRandom(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if !moverHas(s, u, waterWalker) || s.Phase.Type != engine.Movement {
		return engine.Order{}, false
	}
	var out []engine.Loc
	for i := range s.Map.NumProvinces() {
		l := engine.Loc{P: engine.ProvinceID(i)}
		if s.Map.Adjacent(u.Type, u.Loc, l.P) {
			continue
		}
		if waterWalkerReach(s, u, l) || superfleetReach(s, u, l) {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return engine.Order{}, false
	}
	return engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, Number: u.Number, At: u.Loc,
		To: out[rng.Intn(len(out), "a Water Walker's or Superfleet's move")], AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}, true
}
