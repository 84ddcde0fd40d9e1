package character

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// #10 Gasser. Card text: "Once every 3 moves, this unit may force any
// adjacent alien unit into Civil Disorder for two turns, by writing
// '(space) gassed' in lieu of any other move. (i.e., it Holds while taking
// this action). If the gassed space is a SC, and this is a Fall move, the
// Center loses that status for the following year, but remains owned by
// whoever owns it." Rule 16.c: "The Gas Attack may include sea spaces. An
// Army may gas an adjacent Fleet, and vice-versa, even if the unit cannot
// move there. A Gasser may attack a vacant SC owned by another Power on a
// Fall turn, to eliminate its economic support for the following year. A
// unit placed in Civil Disorder by a gas attack cannot be dislodged on the
// same turn, since any unit attempting to move into such a space would be
// blocked by the gas. On the second turn, the gas has dissipated, so the
// unit in C.D. could be dislodged before it has recovered from the gas
// attack."
//
// Order: "1F nth gas nwy" (the card's "(space) gassed" in DipDesk's
// unit-first notation). It is adjudicated as a hold.

const gasName = "gas"

// gasEvery is card #10's "once every 3 moves": a Gasser that gassed in
// movement turn i may gas again from turn i+3.
const gasEvery = 3

// gasAs is the movement form of a gas order: a hold, or why the order is
// impossible.
func gasAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	_, why := gasTarget(s, u, o)
	return kit.HoldUnless(s.Map, u, why)
}

// gasTarget returns what u's gas order attacks, or why it may not (card
// #10, 16.c, rules 6 and 7). It does not look at other orders (planStrikes
// does).
func gasTarget(s *engine.State, u engine.Unit, o engine.Order) (gassing, string) {
	e, ok := strikeCard(s, u, gasserID)
	i := kit.MoveIndex(s.Phase)
	switch {
	case !powersActive(s.Phase):
		return gassing{}, "no card may be used before Spring 1902 (rule 7)"
	case !ok:
		return gassing{}, "only a Gasser (card #10) may gas"
	case e.Effects.InDisorder(idOf(u), i):
		return gassing{}, "the unit is in civil disorder from gas: its orders are ignored (card #10)"
	case s.Map.Provinces[u.Loc.P].Unlimited:
		return gassing{}, "a unit in Hyperspace uses no power against the board (rule 6)"
	}
	if last, used := e.Effects.LastUsed[idOf(u)]; used && i-last < gasEvery {
		return gassing{}, fmt.Sprintf("the Gasser last gassed %d move(s) ago; it may gas once every %d moves (card #10)", i-last, gasEvery)
	}
	t, ok := kit.LookupProvince(s.Map, o.Args)
	if !ok {
		return gassing{}, fmt.Sprintf("gas needs a province, as %q", label(u.Number, u.Type)+" "+s.Map.Provinces[u.Loc.P].Abbr+" gas "+
			s.Map.Provinces[firstNeighbour(s.Map, u.Loc.P)].Abbr)
	}
	p := &s.Map.Provinces[t]
	switch {
	case p.Unlimited:
		return gassing{}, "no unit in " + p.Name + " may be gassed: no power acts against Hyperspace (rule 6)"
	case !kit.Touches(s.Map, u.Loc.P, t):
		return gassing{}, fmt.Sprintf("%s is not adjacent to %s (card #10: an adjacent unit)", p.Name, s.Map.Provinces[u.Loc.P].Name)
	}
	g := gassing{unit: u, target: t}
	if k := s.UnitAt(t); k >= 0 {
		v := s.Units[k]
		if v.Power == u.Power {
			return gassing{}, "a Gasser gasses only alien units (card #10), not its own power's " + kit.UnitName(s.Map, v)
		}
		g.victim = &v
		return g, ""
	}
	switch {
	case s.Phase.Season != engine.Fall:
		return gassing{}, "no unit in " + p.Name + " to gas; a vacant centre may be gassed only on a Fall turn (16.c)"
	case !p.SC:
		return gassing{}, "no unit in " + p.Name + " to gas, and it is no supply centre (16.c)"
	case int(t) >= len(s.Owners) || s.Owners[t] == "" || s.Owners[t] == u.Power:
		return gassing{}, "a vacant centre may be gassed only when another power owns it (16.c)"
	}
	return g, ""
}

// firstNeighbour returns a province next to p, for examples in messages.
func firstNeighbour(m *engine.Map, p engine.ProvinceID) engine.ProvinceID {
	for id := range m.Provinces {
		if kit.Touches(m, p, engine.ProvinceID(id)) {
			return engine.ProvinceID(id)
		}
	}
	return p
}

// gasRewrite is the Rewrite part of #10: the orders of a unit gassed this
// turn (when the gas acts, planStrikes) or still in civil disorder from a
// gas attack on the turn before are ignored, and it holds. 9.a: the gas
// succeeds whatever the victim was ordered, an attack on the Gasser
// included. A Gasser gassed on the turn it gasses keeps its gas order
// (attacks are simultaneous; it holds anyway).
func gasRewrite(s *engine.State, orders []engine.Order, _ *engine.Rand) ([]engine.Order, []string) {
	e := strikeExtra(s)
	if e == nil || !powersActive(s.Phase) {
		return orders, nil
	}
	i := kit.MoveIndex(s.Phase)
	if s.Phase.Type == engine.Retreat {
		return gasRetreats(s, e, orders)
	}
	if s.Phase.Type != engine.Movement {
		return orders, nil
	}
	plan := planStrikes(s, kit.UnitOrders(s, orders, reg.Rules()))
	gassing := map[kit.UnitID]bool{}
	now := map[kit.UnitID]bool{}
	for _, g := range plan.gases {
		if g.ok {
			gassing[idOf(g.unit)] = true
			if g.victim != nil {
				now[idOf(*g.victim)] = true
			}
		}
	}
	var log []string
	for _, u := range s.Units {
		id := idOf(u)
		before := e.Effects.InDisorder(id, i)
		if !now[id] && !before {
			continue
		}
		if gassing[id] {
			continue
		}
		orders = kit.ReplaceOrders(s, orders, id, kit.HoldOrder(s.Map, u), reg.Rules())
		when := "gassed this turn"
		if !now[id] {
			when = "gassed last turn"
		}
		log = append(log, fmt.Sprintf("%s %s is in civil disorder (%s): its orders are ignored and it holds (card #10)",
			s.Map.PowerName(u.Power), kit.UnitName(s.Map, u), when))
	}
	return orders, log
}

// gasRetreats drops the retreat orders of dislodged units still in civil
// disorder from gas (ruling: civil disorder covers the whole turn, its
// retreats included; 16.c: dislodged "before it has recovered from the
// gas attack"). Such a unit is treated as one without a retreat order.
func gasRetreats(s *engine.State, e *extra, orders []engine.Order) ([]engine.Order, []string) {
	i := kit.MoveIndex(s.Phase)
	var log []string
	for _, d := range s.Dislodged {
		u := d.Unit
		if !e.Effects.InDisorder(idOf(u), i) {
			continue
		}
		n := len(orders)
		orders = slices.DeleteFunc(slices.Clone(orders), func(o engine.Order) bool {
			i := engine.DislodgedOf(s, &o, reg.Rules())
			return i >= 0 && s.Dislodged[i].Unit == u && (o.Power == "" || o.Power == u.Power)
		})
		if len(orders) != n {
			log = append(log, fmt.Sprintf("%s %s is in civil disorder from gas: its retreat order is ignored (card #10)",
				s.Map.PowerName(u.Power), kit.UnitName(s.Map, u)))
		}
	}
	return orders, log
}

// gasAfter carries out the turn's gas attacks: the victim is in civil
// disorder this turn and the next (Effects.Disorders); the gassed space is
// closed for the rest of the turn, its retreats included; on a Fall turn a
// gassed centre counts for no one at the Winter that follows and keeps its
// owner (Effects.Suspended); the use is counted (Effects.LastUsed) and
// reveals the Gasser's card (rule 3). Results say what each gas order did.
func gasAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	if s.Phase.Type != engine.Movement || !powersActive(s.Phase) {
		return
	}
	m := s.Map
	i := kit.MoveIndex(s.Phase)
	e := strikeExtra(out.Next)
	plan := planStrikes(s, kit.ResultOrders(out))
	now := map[kit.UnitID]string{}
	for _, g := range plan.gases {
		name := m.Provinces[g.target].Name
		what := name
		if g.victim != nil {
			what = m.PowerName(g.victim.Power) + " " + kit.UnitName(m, *g.victim)
		}
		k := kit.ResultOf(out, idOf(g.unit))
		if e != nil {
			e.Effects.Strikes.Uses = append(e.Effects.Strikes.Uses, strikeUse{Phase: s.Phase, Unit: idOf(g.unit), Card: gasserID,
				Target: m.Provinces[g.target].Abbr, Done: g.ok, Why: g.why})
		}
		if !g.ok {
			if k >= 0 {
				out.Results[k].Reword(gasFailed(m, g, g.why))
			}
			continue
		}
		if e != nil {
			if e.Effects.LastUsed == nil {
				e.Effects.LastUsed = map[kit.UnitID]int{}
			}
			e.Effects.LastUsed[idOf(g.unit)] = i
			_ = e.Reveal(idOf(g.unit), s.Phase, "gassed "+name)
			e.Effects.Closures = append(e.Effects.Closures, closure{Prov: m.Provinces[g.target].Abbr, Until: i, Why: "gassed (card #10)"})
		}
		did := "gassed " + what
		if g.victim != nil {
			now[idOf(*g.victim)] = "gassed by " + m.PowerName(g.unit.Power) + " " + kit.UnitName(m, g.unit)
			if e != nil {
				e.Effects.Disorders = append(e.Effects.Disorders, disorder{Unit: idOf(*g.victim), Until: i + 1,
					Why: "gassed by " + idOf(g.unit).String() + " in " + s.Phase.Key()})
			}
			did += ": in civil disorder this turn and the next"
		}
		if m.Provinces[g.target].SC && s.Phase.Season == engine.Fall {
			if e != nil {
				e.Effects.Suspended = append(e.Effects.Suspended, suspension{Prov: m.Provinces[g.target].Abbr, ID: g.target,
					Until: i, Why: "gassed"})
			}
			did += "; the centre " + name + " counts for no one this Winter and keeps its owner"
		}
		if k >= 0 {
			out.Results[k].OK, out.Results[k].Code = true, engine.OK
			if out.Results[k].Dislodged() != "" {
				out.Results[k].OK, out.Results[k].Code = false, engine.Dislodged
			}
			out.Results[k].Reword(did + " (card #10)")
		}
		out.Events = append(out.Events, fmt.Sprintf("%s %s (card #10 Gasser) %s", m.PowerName(g.unit.Power), kit.Labelled(m, g.unit), did))
	}
	// The reasons of the units in civil disorder.
	before := strikeExtra(s)
	for _, u := range s.Units {
		id := idOf(u)
		why, gassed := now[id]
		if !gassed && (before == nil || !before.Effects.InDisorder(id, i)) {
			continue
		}
		if !gassed {
			why = "still in civil disorder from last turn's gas"
		}
		k := kit.ResultOf(out, id)
		if k < 0 || out.Results[k].Order.Kind != engine.Hold {
			continue
		}
		out.Results[k].Reword("held in civil disorder (" + why + "; card #10)")
	}
}

// gasFailed is the reason of a gas attack g that failed because of why.
func gasFailed(m *engine.Map, g gassing, why string) string {
	what := m.Provinces[g.target].Name
	if g.victim != nil {
		what = m.PowerName(g.victim.Power) + " " + kit.UnitName(m, *g.victim)
	}
	return "the gas attack on " + what + " failed: " + why
}

// randomGas gives a Gasser a random gas order against an adjacent alien
// unit, or in Fall a vacant centre of another power.
func randomGas(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if _, ok := strikeCard(s, u, gasserID); !ok || s.Phase.Type != engine.Movement || rng.Intn(3, "does the Gasser gas") != 0 {
		return engine.Order{}, false
	}
	order := func(p engine.ProvinceID) engine.Order {
		return specialOrder(s.Map, u, gasName, s.Map.Provinces[p].Abbr)
	}
	legal := func(o engine.Order) bool { _, why := gasTarget(s, u, o); return why == "" }
	return kit.RandomSpace(s, u, rng, kit.Touches, order, legal, "which space the Gasser gasses")
}

func gasserParts(r *registry) {
	addSpecial(r, "gas", gasName, gasAs)
	r.Rewrite(priorityGasser, gasRewrite)
	r.After(priorityGasser, gasAfter)
	r.Random(randomGas)
}
