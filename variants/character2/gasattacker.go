package character2

import (
	"fmt"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// GAS ATTACKER (Trumps 2 and 3). Card text: "Unit may make a Gas Attack on
// any adjacent space by writing "(space) gassed" in lieu of any other
// action (that is, it holds while writing this order). This power may
// affect spaces the Gas Attacker cannot move to (but not Hyperspace). If
// there is a unit in the space, it is forced into Civil Disorder for the
// turn (and so cannot leave on the same turn). Any unit trying to enter the
// gassed space on that turn is stood off. If a Supply Center is gassed in
// Fall, it loses that status for one game year, but ownership of that
// center is not "forgotten." The unit may use its power only once every
// three (Spring and Fall) turns."
//
// Order: "1F nth gas nwy" (the card's "(space) gassed" in DipDesk's
// unit-first notation). It is adjudicated as a hold. Rule 7: the attack
// works even when the Gas Attacker is dislodged.

// gasEvery is "once every three (Spring and Fall) turns": a Gas Attacker
// that gassed in movement turn i may gas again from turn i+3.
const gasEvery = 3

// gasAs is the movement form of a gas order: a hold, or why the order is
// impossible.
func gasAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	_, why := gasTarget(s, u, o)
	return kit.HoldUnless(s.Map, u, why)
}

// gasTarget returns what u's gas order attacks, or why it may not. It does
// not look at other orders (planStrikes does).
func gasTarget(s *engine.State, u engine.Unit, o engine.Order) (gassing, string) {
	if why := skCardOK(s, u, gasAttacker, "make a gas attack"); why != "" {
		return gassing{}, why
	}
	m := s.Map
	i := kit.MoveIndex(s.Phase)
	if last, used := extraOf(s).Effects.Strikes.LastUse[idOf(u)]; used && i-last < gasEvery {
		return gassing{}, fmt.Sprintf("the Gas Attacker gassed %d turn(s) ago; it may use its power only once every three (Spring and Fall) turns", i-last)
	}
	t, ok := kit.LookupProvince(m, o.Args)
	if !ok {
		return gassing{}, fmt.Sprintf("gas needs an adjacent space, as %q", kit.Label(u.Number, u.Type)+" "+m.Provinces[u.Loc.P].Abbr+" gas "+
			m.Provinces[skFirstNeighbour(m, u.Loc.P)].Abbr)
	}
	p := &m.Provinces[t]
	switch {
	case p.Unlimited:
		return gassing{}, "Hyperspace cannot be gassed (Gas Attacker: \"but not Hyperspace\")"
	case !skTouches(m, u.Loc.P, t):
		return gassing{}, fmt.Sprintf("%s is not adjacent to %s (Gas Attacker: \"any adjacent space\")", p.Name, m.Provinces[u.Loc.P].Name)
	}
	g := gassing{unit: u, target: t}
	for _, v := range s.Units {
		if v.Loc.P == t {
			g.victims = append(g.victims, v)
		}
	}
	return g, ""
}

// skFirstNeighbour returns a province next to p, for examples in messages.
func skFirstNeighbour(m *engine.Map, p engine.ProvinceID) engine.ProvinceID {
	for id := range m.Provinces {
		if skTouches(m, p, engine.ProvinceID(id)) {
			return engine.ProvinceID(id)
		}
	}
	return p
}

// gasAfter reports the turn's gas attacks and records them: the use
// (LastUse), the revealed card (rule 2), the space closed to this turn's
// retreats, and in Fall a centre without its status for one game year,
// its owner kept. The units in civil disorder are told why they held.
func gasAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	if s.Phase.Type != engine.Movement {
		return
	}
	m := s.Map
	i := kit.MoveIndex(s.Phase)
	e := extraOf(out.Next)
	plan := planStrikes(s, kit.ResultOrders(out), false)
	for _, g := range plan.gases {
		name := m.Provinces[g.target].Name
		k := kit.ResultOf(out, idOf(g.unit))
		if e != nil {
			_ = e.Reveal(idOf(g.unit), s.Phase, "gassed "+name)
		}
		if !g.ok {
			if k >= 0 {
				out.Results[k].OK, out.Results[k].Code = false, engine.Bounced
				out.Results[k].Reword("the gas attack on " + name + " failed: " + g.why)
				out.Results[k].SetCause(causeStrike)
			}
			out.AddEvent(fmt.Sprintf("%s %s (Gas Attacker) tried to gas %s and failed: %s",
				m.PowerName(g.unit.Power), skUnitName(m, g.unit), name, g.why), g.unit)
			continue
		}
		did := "gassed " + name
		if e != nil {
			if e.Effects.Strikes.LastUse == nil {
				e.Effects.Strikes.LastUse = map[unitID]int{}
			}
			e.Effects.Strikes.LastUse[idOf(g.unit)] = i
			e.Effects.Strikes.Closed = append(e.Effects.Strikes.Closed, closure{Prov: m.Provinces[g.target].Abbr, Through: i,
				Why: name + " is gassed this turn (Gas Attacker)"})
		}
		if m.Provinces[g.target].SC && s.Phase.Season == engine.Fall {
			if e != nil {
				e.Effects.Strikes.Suspended = append(e.Effects.Strikes.Suspended, suspension{Prov: m.Provinces[g.target].Abbr,
					Through: i + 1, Why: "gassed in " + s.Phase.Key()})
			}
			did += "; the centre loses its status for one game year and keeps its owner"
		}
		if k >= 0 {
			out.Results[k].OK, out.Results[k].Code = true, engine.OK
			if out.Results[k].Dislodged() != "" {
				out.Results[k].OK, out.Results[k].Code = false, engine.Dislodged
			}
			out.Results[k].Reword(did + " (Gas Attacker)")
			out.Results[k].SetCause(causeStrike)
		}
		out.AddEvent(fmt.Sprintf("%s %s (Gas Attacker) %s", m.PowerName(g.unit.Power), skUnitName(m, g.unit), did), g.unit)
	}
	for _, u := range s.Units {
		why, gassed := plan.disorder[idOf(u)]
		if !gassed {
			continue
		}
		k := kit.ResultOf(out, idOf(u))
		if k < 0 || out.Results[k].Order.Kind != engine.Hold {
			continue
		}
		r := &out.Results[k]
		r.Reword("held in civil disorder (" + why + "; Gas Attacker)")
		r.SetCause(causeDisorder)
	}
}

// randomGas gives a Gas Attacker a random gas order on an adjacent space.
func randomGas(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if kindAt(s, u) != gasAttacker || s.Phase.Type != engine.Movement || rng.Intn(3, "does the Gas Attacker gas") != 0 {
		return engine.Order{}, false
	}
	order := func(p engine.ProvinceID) engine.Order {
		return skSpecialOrder(s.Map, u, gasName, s.Map.Provinces[p].Abbr)
	}
	legal := func(o engine.Order) bool { _, why := gasTarget(s, u, o); return why == "" }
	return kit.RandomSpace(s, u, rng, skTouches, order, legal, "which space the Gas Attacker gasses")
}

func gasattackerParts(r *registry) {
	addSpecialDrag(r, "gas", gasName, []kind{gasAttacker}, true, false, gasAs)
	r.After(priorityOf(gasAttacker), gasAfter)
	r.Random(randomGas)
}
