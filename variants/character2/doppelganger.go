package character2

import (
	"fmt"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// DOPPELGANGER (Trumps 8 and 9). Card text: "Unit may swap powers with any
// adjacent unit, whether friendly or not. This is in lieu of any other
// action (that is, it holds while writing this order). The two units need
// not be capable of moving to each other's spaces. However, the swap fails
// if the Doppelganger is dislodged; if the victim successfully moves to a
// space not adjacent to the Doppelganger; or if the situation after the
// swap would violate rule 3. If the victim is in a space that no ordinary
// unit can move to, then the victim (now a Doppelganger) may remain there
// until it chooses to leave. Neither unit may use its new power on the
// turn after the swap."
//
// Order: "1A mun swap A ber" (a power's name may come before the unit to
// pick one of two units sharing a space). It is adjudicated as a hold; the
// swap is made once the turn is decided. The two units exchange their
// cards, each with what is known of it; the swap is reported to all, which
// reveals the Doppelganger (rule 2), and the victim's owner keeps knowing
// the card its unit gave away. Both units are barred from their new power
// through the next movement turn (strikesState.Barred, powerBarred).

// swapAs is the movement form of a swap order: a hold, or why the order is
// impossible.
func swapAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	_, why := swapTarget(s, u, o)
	return kit.HoldUnless(s.Map, u, why)
}

// swapTarget returns u's swap (its victim), or why it may not swap.
func swapTarget(s *engine.State, u engine.Unit, o engine.Order) (swapping, string) {
	if why := skCardOK(s, u, doppelganger, "swap powers"); why != "" {
		return swapping{}, why
	}
	m := s.Map
	args := o.Args
	var power engine.Power
	if len(args) > 0 {
		if p, ok := skPowerWord(m, args[0]); ok {
			power, args = p, args[1:]
		}
	}
	if len(args) == 0 {
		return swapping{}, "swap needs the unit to swap powers with, as \"1A mun swap A ber\""
	}
	w, err := parser(m).ParseOrder("", strings.Join(args, " "))
	if err != nil || w.Kind != engine.Hold || !w.At.Valid() || int(w.At.P) >= len(m.Provinces) {
		return swapping{}, fmt.Sprintf("swap names one unit, as \"1A mun swap A ber\", not %q", strings.Join(args, " "))
	}
	p := &m.Provinces[w.At.P]
	switch {
	case p.Unlimited:
		return swapping{}, "no unit in Hyperspace may be swapped with (Hyperspace Unit: \"No other special power can ever be used on Hyperspace or its occupants\")"
	case w.At.P == u.Loc.P:
		return swapping{}, "a Doppelganger swaps with another unit, in an adjacent space"
	case !skTouches(m, u.Loc.P, w.At.P):
		return swapping{}, fmt.Sprintf("%s is not adjacent to %s (Doppelganger: \"any adjacent unit\")", p.Name, m.Provinces[u.Loc.P].Name)
	}
	v, ok := skFindVictim(s, victimSpec{power: power, typ: w.Unit, number: w.Number, prov: w.At.P, text: w.Text})
	if !ok {
		return swapping{}, skNoVictim(m, w.At.P, "swap powers with")
	}
	return swapping{unit: u, victim: v}, ""
}

// rule3After reports why the swap of the cards of units a and b would
// break rule 3 for either power, or "".
func rule3After(s *engine.State, e *extra, a, b engine.Unit) string {
	ka, kb := e.KindOf(a), e.KindOf(b)
	for _, side := range []struct {
		u    engine.Unit
		gets kind
	}{{a, kb}, {b, ka}} {
		// The power's kinds after the swap: its other units' cards, the
		// other swapped unit's new card if it is the same power's.
		var have []kind
		for _, w := range append(append([]engine.Unit(nil), s.Units...), kit.DislodgedUnits(s)...) {
			if w.Power != side.u.Power || idOf(w) == idOf(side.u) {
				continue
			}
			k := e.KindOf(w)
			switch idOf(w) {
			case idOf(a):
				k = kb
			case idOf(b):
				k = ka
			}
			if k != 0 {
				have = append(have, k)
			}
		}
		if err := rule3(have, side.gets); err != nil {
			return fmt.Sprintf("after the swap %s would break rule 3: %v", s.Map.PowerName(side.u.Power), err)
		}
	}
	return ""
}

// swapAfter makes the turn's swaps: it fails if the Doppelganger was
// skDislodged (or destroyed), if the victim is gone or successfully moved to
// a space not adjacent to the Doppelganger, or if rule 3 would be broken.
func swapAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	if s.Phase.Type != engine.Movement {
		return
	}
	e := extraOf(out.Next)
	if e == nil {
		return
	}
	m := s.Map
	i := kit.MoveIndex(s.Phase)
	plan := planStrikes(s, kit.ResultOrders(out), false)
	for _, sw := range plan.swaps {
		victim := m.PowerName(sw.victim.Power) + " " + skUnitName(m, sw.victim)
		id, vid := idOf(sw.unit), idOf(sw.victim)
		_ = e.Reveal(id, s.Phase, "tried to swap powers with "+victim)
		why := sw.why
		v, vThere := kit.UnitNow(out.Next, vid)
		_, dThere := kit.UnitNow(out.Next, id)
		switch {
		case why != "":
		case kit.IsDislodged(out.Next, id):
			why = "the Doppelganger was dislodged"
		case !dThere:
			why = "the Doppelganger was destroyed"
		case !vThere:
			why = "the victim was destroyed"
		case v.Loc.P != sw.victim.Loc.P && !skTouches(m, sw.unit.Loc.P, v.Loc.P):
			why = "the victim moved to " + m.Provinces[v.Loc.P].Name + ", not adjacent to the Doppelganger"
		case e.Cards[id] == nil || e.Cards[vid] == nil:
			why = "a unit holds no card"
		default:
			why = rule3After(out.Next, e, sw.unit, v)
		}
		k := kit.ResultOf(out, id)
		if why != "" {
			if k >= 0 {
				out.Results[k].OK, out.Results[k].Code = false, engine.Bounced
				if out.Results[k].Dislodged() != "" {
					out.Results[k].Code = engine.Dislodged
				}
				out.Results[k].Reword("the swap of powers with "+victim+" failed: "+why, sw.victim)
				out.Results[k].SetCause(causeStrike)
			}
			out.AddEvent(fmt.Sprintf("%s %s (Doppelganger) failed to swap powers with %s: %s",
				m.PowerName(sw.unit.Power), skUnitName(m, sw.unit), victim, why), sw.unit, sw.victim)
			continue
		}
		e.Cards[id], e.Cards[vid] = e.Cards[vid], e.Cards[id]
		// The victim's owner knew the card it gave away.
		_ = e.Tell(id, vid.Power, s.Phase, "its "+skUnitName(m, sw.victim)+" held this card before a Doppelganger's swap")
		st := &e.Effects.Strikes
		if st.Barred == nil {
			st.Barred = map[unitID]int{}
		}
		st.Barred[id], st.Barred[vid] = i+1, i+1
		delete(st.LastUse, id)
		delete(st.LastUse, vid)
		if k >= 0 {
			out.Results[k].OK, out.Results[k].Code = true, engine.OK
			out.Results[k].Reword("swapped powers with "+victim+"; neither may use its new power next turn (Doppelganger)", sw.victim)
			out.Results[k].SetCause(causeStrike)
		}
		out.AddEvent(fmt.Sprintf("%s %s (Doppelganger) swapped powers with %s; neither may use its new power next turn",
			m.PowerName(sw.unit.Power), skUnitName(m, sw.unit), victim), sw.unit, sw.victim)
	}
}

// randomSwap gives a Doppelganger a random swap with an adjacent unit.
func randomSwap(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if kindAt(s, u) != doppelganger || s.Phase.Type != engine.Movement || rng.Intn(4, "does the Doppelganger swap") != 0 {
		return engine.Order{}, false
	}
	v, ok := kit.RandomNear(s, u, rng, skTouches, nil, "which unit the Doppelganger swaps with")
	if !ok {
		return engine.Order{}, false
	}
	o := skSpecialOrder(s.Map, u, swapName, v.Type.String()+" "+s.Map.LocString(v.Loc))
	if _, why := swapTarget(s, u, o); why != "" {
		return engine.Order{}, false
	}
	return o, true
}

func doppelgangerParts(r *registry) {
	addSpecialDrag(r, "swap", swapName, []kind{doppelganger}, false, true, swapAs)
	r.After(priorityOf(doppelganger), swapAfter)
	r.Random(randomSwap)
}
