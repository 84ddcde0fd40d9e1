package character2

import (
	"fmt"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// NEANDERTHAL army / AIRCRAFT CARRIER fleet (Knights): "If the unit is an
// Army, it may 'convoy' a fleet across land! To do this, the Army doing
// the convoying (or at least, the one at each end of the convoy if more
// than one Neanderthal is used) must be in a coastal province, and the
// fleet being convoyed must start and end its move in sea spaces. In all
// other respects this action follows normal convoy rules. If the unit is
// a fleet, it may support any action up to two spaces away, even if the
// fleet cannot move there." Rule 4: the Caspian is passable "to any fleet
// which is convoyed there by a Neanderthal Army".
//
// Neanderthal: "A den C F nth - bal". A Neanderthal army in a coastal
// province convoys (CanConvoy), touching the seas its province borders
// (ConvoyReach; the Caspian from Armenia and Sevastopol, Moscow being
// inland), and a fleet at sea may be convoyed to a sea (ConvoyFleet): the
// engine's convoy rules do the rest, so the convoy fails when a
// Neanderthal of it is dislodged. Several Neanderthals chain by land
// (ConvoyChain: army links), the ones in between inland or not; the ends
// touch the seas, so they are coastal. Rewrite refuses (turns into a hold)
// a Neanderthal's convoy of an army and any other unit's convoy of a
// fleet. The Caspian opens to fleets when a Neanderthal stands in Armenia
// or Sevastopol (caspian.go).
//
// Aircraft Carrier: SupportReach to any space within two steps of its
// place by links of either type (the space between may be of any kind:
// the carrier's aircraft fly), never Hyperspace ("No other special power
// can ever be used on Hyperspace").
func neanderthalParts(r *registry) {
	r.SupportReach(carrierSupportReach)
	r.CanConvoy(neanderthalCanConvoy)
	r.ConvoyReach(neanderthalConvoyReach)
	r.ConvoyFleet(neanderthalConvoyFleet)
	r.ConvoyChain(neanderthalChain)
	r.Rewrite(priorityOf(neanderthal), neanderthalRewrite)
	r.Random(carrierRandom, neanderthalRandom)
}

// isNeanderthal reports whether u is a Neanderthal army in a coastal
// province.
func isNeanderthal(s *engine.State, u engine.Unit) bool {
	return u.Type == engine.Army && moverHas(s, u, neanderthal) && s.Map.Province(u.Loc.P).Kind == engine.Coastal
}

// neanderthalCanConvoy: any Neanderthal army convoys (an inland one only
// in the middle of a chain: the ends must touch the seas).
func neanderthalCanConvoy(s *engine.State, u engine.Unit) (ok, decided bool) {
	if u.Type == engine.Army && moverHas(s, u, neanderthal) {
		return true, true
	}
	return false, false
}

func neanderthalConvoyReach(s *engine.State, f engine.Unit, p engine.ProvinceID) bool {
	return isNeanderthal(s, f) && s.Map.Province(p).Kind == engine.Sea && borders(s.Map, p, f.Loc.P)
}

// neanderthalChain: two Neanderthal armies next to each other by land.
func neanderthalChain(s *engine.State, x, y engine.Unit) bool {
	return x.Type == engine.Army && y.Type == engine.Army && moverHas(s, x, neanderthal) && moverHas(s, y, neanderthal) &&
		s.Map.ArmyAdjacent(x.Loc.P, y.Loc.P)
}

// neanderthalConvoyFleet: a fleet at sea may be convoyed (by Neanderthals
// only: Rewrite refuses other convoys of fleets).
func neanderthalConvoyFleet(s *engine.State, f engine.Unit) bool {
	return f.Type == engine.Fleet && s.Map.Province(f.Loc.P).Kind == engine.Sea
}

// neanderthalNearCaspian reports whether a Neanderthal army stands in a
// province on the Caspian, so that a fleet may be convoyed there.
func neanderthalNearCaspian(s *engine.State) bool {
	for _, u := range s.Units {
		if isNeanderthal(s, u) && isCaspianCoast(s.Map, u.Loc.P) {
			return true
		}
	}
	return false
}

// neanderthalRewrite turns into holds the convoys the card does not allow:
// a Neanderthal army convoying an army, any other unit convoying a fleet.
func neanderthalRewrite(s *engine.State, orders []engine.Order, rng *engine.Rand) ([]engine.Order, []string) {
	if s.Phase.Type != engine.Movement {
		return orders, nil
	}
	var log []string
	for k, o := range orders {
		if o.Kind != engine.Convoy {
			continue
		}
		i := kit.OrderUnit(s, &o, reg.Rules())
		j := kit.OrderUnit(s, &engine.Order{At: o.AuxAt}, reg.Rules())
		if i < 0 || j < 0 {
			continue
		}
		u, v := s.Units[i], s.Units[j]
		var why string
		neanderthal := u.Type == engine.Army && moverHas(s, u, neanderthal)
		switch {
		case neanderthal && v.Type != engine.Fleet:
			why = "it may not convoy an army"
		case !neanderthal && v.Type == engine.Fleet:
			why = "only a Neanderthal army convoys a fleet"
		default:
			continue
		}
		orders[k] = engine.Order{Power: o.Power, Kind: engine.Hold, Unit: o.Unit, Number: o.Number, At: o.At,
			To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Text: o.Text}
		log = append(log, fmt.Sprintf("%s: %s; it holds", moverWords(s.Map, u), why))
	}
	return orders, log
}

// neanderthalRandom gives a coastal Neanderthal a convoy of a fleet next
// to it to another sea its province borders.
func neanderthalRandom(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if !isNeanderthal(s, u) || s.Phase.Type != engine.Movement {
		return engine.Order{}, false
	}
	type cand struct{ f, to engine.Loc }
	var cands []cand
	for _, f := range s.Units {
		if f.Type != engine.Fleet || s.Map.Province(f.Loc.P).Kind != engine.Sea || !borders(s.Map, f.Loc.P, u.Loc.P) {
			continue
		}
		for i := range s.Map.NumProvinces() {
			p := engine.ProvinceID(i)
			if p != f.Loc.P && s.Map.Province(p).Kind == engine.Sea && !s.Map.Province(p).Impassable && borders(s.Map, p, u.Loc.P) {
				cands = append(cands, cand{f.Loc, engine.Loc{P: p}})
			}
		}
	}
	if len(cands) == 0 {
		return engine.Order{}, false
	}
	c := cands[rng.Intn(len(cands), "a Neanderthal's convoy")]
	return engine.Order{Power: u.Power, Kind: engine.Convoy, Unit: u.Type, Number: u.Number, At: u.Loc, To: engine.Nowhere,
		AuxUnit: engine.Fleet, AuxAt: c.f, AuxTo: c.to}, true
}

// withinTwo reports whether b is one or two steps from a by links of
// either type, not through Hyperspace.
func withinTwo(m *engine.Map, a, b engine.ProvinceID) bool {
	if a == b || isHyperspace(m, a) || isHyperspace(m, b) {
		return false
	}
	if kit.Touches(m, a, b) {
		return true
	}
	for i := range m.NumProvinces() {
		p := engine.ProvinceID(i)
		if p != a && p != b && !isHyperspace(m, p) && kit.Touches(m, a, p) && kit.Touches(m, p, b) {
			return true
		}
	}
	return false
}

func carrierSupportReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	return u.Type == engine.Fleet && moverHas(s, u, neanderthal) && withinTwo(s.Map, u.Loc.P, l.P)
}

// carrierUses: a support into a space the fleet could not move to; a
// Neanderthal's convoy.
func carrierUses(s *engine.State, u engine.Unit, o engine.Order) (string, bool) {
	if u.Type == engine.Army && o.Kind == engine.Convoy {
		return "convoyed a fleet across land as a Neanderthal", true
	}
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
	if u.Type != engine.Fleet || !moverHas(s, u, neanderthal) || s.Phase.Type != engine.Movement {
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
