package kit

import "dipdesk/engine"

// RandomNear picks a random unit of s next to u, for a card's random
// order on an adjacent unit (the soak tests): among the units whose
// province touches u's by touches (the variant's reading of "adjacent")
// and that accept allows (nil: any); what names the draw in rng's record.
// ok false when there is none.
func RandomNear(s *engine.State, u engine.Unit, rng *engine.Rand, touches func(m *engine.Map, a, b engine.ProvinceID) bool,
	accept func(engine.Unit) bool, what string) (engine.Unit, bool) {
	var near []engine.Unit
	for _, v := range s.Units {
		if touches(s.Map, u.Loc.P, v.Loc.P) && (accept == nil || accept(v)) {
			near = append(near, v)
		}
	}
	if len(near) == 0 {
		return engine.Unit{}, false
	}
	return near[rng.Intn(len(near), what)], true
}

// RandomStay is the words of an order for unit v that holds or moves to a
// random space next to it ("A mun H", "A mun - boh"): the order a random
// Hypnotist writes for its victim; what names the draw in rng's record.
func RandomStay(m *engine.Map, v engine.Unit, rng *engine.Rand, what string) string {
	written := UnitName(m, v) + " H"
	var dests []engine.ProvinceID
	for id := range m.Provinces {
		if m.Adjacent(v.Type, v.Loc, engine.ProvinceID(id)) {
			dests = append(dests, engine.ProvinceID(id))
		}
	}
	if len(dests) > 0 {
		if d := rng.Intn(len(dests)+1, what); d < len(dests) {
			written = UnitName(m, v) + " - " + m.Provinces[dests[d]].Abbr
		}
	}
	return written
}

// RandomSpace gives unit u a random special order on a space next to it
// (a gas attack): among the provinces touches finds next to u's, the
// orders order writes for them that legal accepts; what names the draw in
// rng's record. ok false when there is none.
func RandomSpace(s *engine.State, u engine.Unit, rng *engine.Rand, touches func(m *engine.Map, a, b engine.ProvinceID) bool,
	order func(p engine.ProvinceID) engine.Order, legal func(engine.Order) bool, what string) (engine.Order, bool) {
	var cands []engine.Order
	for id := range s.Map.Provinces {
		p := engine.ProvinceID(id)
		if !touches(s.Map, u.Loc.P, p) {
			continue
		}
		if o := order(p); legal(o) {
			cands = append(cands, o)
		}
	}
	if len(cands) == 0 {
		return engine.Order{}, false
	}
	return cands[rng.Intn(len(cands), what)], true
}
