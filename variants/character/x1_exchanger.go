package character

import (
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// exchangerID is proposed card X1 Exchanger (a game option, Options.Add):
// "Unit can exchange places with other units owned by the same Power,
// plus other player's units if that player writes the same order. Either
// move may be stood off by an unsupported attack, causing the exchange to
// fail."
const exchangerID = "X1"

const exchangeName = "exchange"

// exchangeAs is the special order "exchange <province>". Written for an
// X1 unit it names its partner, the unit in the province; written for
// the partner it names the X1 unit (the "same order" of the other player).
// Either is judged as a move into the other's province: each unit must be
// able to move there by itself (no convoy), and the two moves pass each
// other instead of meeting head to head (swapExchange).
func exchangeAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	if len(o.Args) != 1 {
		return engine.Order{}, "\"exchange\" names the province of the other unit, as \"exchange mun\""
	}
	p, ok := targetProv(s.Map, o.Args[0])
	if !ok {
		return engine.Order{}, "no province \"" + o.Args[0] + "\" on the board"
	}
	other, ok := unitIn(s, p)
	if !ok {
		return engine.Order{}, "no unit in " + s.Map.Provinces[p].Name + " to exchange places with"
	}
	if p == u.Loc.P {
		return engine.Order{}, "a unit cannot exchange places with itself"
	}
	if !isExchanger(s, u) && !isExchanger(s, other) {
		return engine.Order{}, "neither " + kit.UnitName(s.Map, u) + " nor " + kit.UnitName(s.Map, other) + " is an Exchanger (card X1)"
	}
	return engine.Order{Power: o.Power, Kind: engine.Move, Unit: u.Type, At: u.Loc, To: engine.Loc{P: p}}, ""
}

func isExchanger(s *engine.State, u engine.Unit) bool {
	c, ok := cardAt(s, u)
	return ok && c.ID == exchangerID
}

// exchangeTarget returns the province an exchange order names.
func exchangeTarget(s *engine.State, o engine.Order) (engine.ProvinceID, bool) {
	if o.Kind != engine.Special || o.Special != exchangeName || len(o.Args) != 1 {
		return engine.NoProvince, false
	}
	return targetProv(s.Map, o.Args[0])
}

// swapExchange is the Rules.Swap hook: two units moving into each other's
// provinces exchange places when one is an X1 Exchanger ordered to
// exchange with the other, and the other is ordered to exchange with it,
// or (a unit of the same power) to move into its province.
func swapExchange(s *engine.State, a engine.Unit, ao engine.Order, b engine.Unit, bo engine.Order) bool {
	return exchanges(s, a, ao, b, bo) || exchanges(s, b, bo, a, ao)
}

func exchanges(s *engine.State, x engine.Unit, xo engine.Order, y engine.Unit, yo engine.Order) bool {
	if !isExchanger(s, x) {
		return false
	}
	if p, ok := exchangeTarget(s, xo); !ok || p != y.Loc.P {
		return false
	}
	if p, ok := exchangeTarget(s, yo); ok && p == x.Loc.P {
		return true
	}
	return y.Power == x.Power && yo.Kind == engine.Move && yo.To.P == x.Loc.P && !yo.ViaConvoy
}

// rewriteExchange is the X1 Rewrite part: a partner of the exchanger's
// own power with no order, or ordered to hold, is ordered to exchange
// (the owner needs to write only the exchanger's order). A partner given
// any other order keeps it: the exchanger's order is then a plain move
// into its province.
func rewriteExchange(s *engine.State, orders []engine.Order, rng *engine.Rand) ([]engine.Order, []string) {
	if s.Phase.Type != engine.Movement || !powersActive(s.Phase) {
		return orders, nil
	}
	out := orders
	cloned := false
	for _, o := range orders {
		p, ok := exchangeTarget(s, o)
		if !ok {
			continue
		}
		u, ok := orderedUnit(s, o)
		if !ok || !isExchanger(s, u) {
			continue
		}
		v, ok := unitIn(s, p)
		if !ok || v.Power != u.Power {
			continue
		}
		k := slices.IndexFunc(orders, func(x engine.Order) bool { return x.At.Valid() && x.At.P == p })
		if k >= 0 && orders[k].Kind != engine.Hold {
			continue
		}
		e := engine.Order{Power: v.Power, Kind: engine.Special, Unit: v.Type, Number: v.Number, At: v.Loc, To: engine.Nowhere,
			AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Special: exchangeName, Args: []string{s.Map.Provinces[u.Loc.P].Abbr}}
		e.Text = e.Format(s.Map)
		if !cloned {
			out, cloned = slices.Clone(orders), true
		}
		if k >= 0 {
			out[k] = e
		} else {
			out = append(out, e)
		}
	}
	return out, nil
}

// afterExchange is the X1 After part: a successful exchange says so and
// reveals the Exchanger (everyone sees two units pass each other, which
// no other card does).
func afterExchange(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	if s.Phase.Type != engine.Movement || !powersActive(s.Phase) {
		return
	}
	ne, _ := out.Next.Extra.(*extra)
	for i := range out.Results {
		r := &out.Results[i]
		p, ok := exchangeTarget(s, r.Order)
		if !ok || r.Code == engine.Illegal {
			continue
		}
		v, ok := unitIn(s, p)
		if !ok {
			continue
		}
		if !r.OK {
			r.Reason = "exchange with " + kit.UnitName(s.Map, v) + " failed: " + r.Reason
			continue
		}
		back := false
		for _, q := range out.Results {
			t, ok := exchangeTarget(s, q.Order)
			if !ok && q.Order.Kind == engine.Move {
				t, ok = q.Order.To.P, true
			}
			if q.Unit == v && q.OK && ok && t == r.Unit.Loc.P {
				back = true
			}
		}
		if !back {
			continue
		}
		r.Reason = "exchanged places with " + kit.UnitName(s.Map, v)
		if ne != nil && isExchanger(s, r.Unit) {
			_ = ne.Reveal(idOf(r.Unit), s.Phase, "exchanged places with "+kit.UnitName(s.Map, v))
		}
	}
}

// randomExchange gives an Exchanger an exchange with a random unit it
// could move to.
func randomExchange(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if !isExchanger(s, u) {
		return engine.Order{}, false
	}
	var near []engine.Unit
	for _, v := range s.Units {
		if v.Loc.P != u.Loc.P && s.Map.Adjacent(u.Type, u.Loc, v.Loc.P) {
			near = append(near, v)
		}
	}
	if len(near) == 0 {
		return engine.Order{}, false
	}
	v := near[rng.Intn(len(near), "which unit a random exchanger exchanges with")]
	o := engine.Order{Power: u.Power, Kind: engine.Special, Unit: u.Type, Number: u.Number, At: u.Loc, To: engine.Nowhere,
		AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Special: exchangeName, Args: []string{s.Map.Provinces[v.Loc.P].Abbr}}
	o.Text = o.Format(s.Map)
	return o, true
}

func x1ExchangerParts(r *registry) {
	addSpecial(r, "exchange", exchangeName, exchangeAs)
	r.Rewrite(priorityOthers, rewriteExchange)
	r.After(priorityOthers, afterExchange)
	r.Random(randomExchange)
}
