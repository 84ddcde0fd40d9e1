package character2

import (
	"fmt"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// ANNIHILATOR (Trumps 0 and 1). Card text: "Unit may destroy the province
// it is in, or is moving to (even if the move would otherwise be stood
// off). (This includes a move by convoy, but in that case the move can be
// prevented by dislodging a convoying fleet, as in normal Diplomacy.) The
// unit is annihilated too, but the province is impassable on the following
// turn, and if it is a Supply Center, it loses that status until two full
// game years after the explosion. (And any ownership of that SC is
// "forgotten" -- when it recovers, it is neutral until recaptured.) Any
// unit in the destroyed space is destroyed too, unless it successfully
// moves out, but any unit that tries to move in on the same turn as the
// explosion is merely stood off. Sea spaces may not be Annihilated."
//
// Order: "1A mun annihilate mun" (the province it is in) or "1A mun
// annihilate boh" (a province it could legally move to, by convoy too).
// It is adjudicated as a hold: the Annihilator does not enter the space,
// the explosion comes once the turn's moves are decided, so a unit there
// may move out, and its support or convoy counts this turn. Rule 7: the
// power works even when the Annihilator is dislodged.

// annihilatedFor is how many movement turns after the explosion's an
// annihilated centre stays without its status: "until two full game years
// after the explosion", so it is a centre again from the same season two
// years later.
const annihilatedFor = 3

// annihilateAs is the movement form of an annihilate order: a hold, or why
// the order is impossible.
func annihilateAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	_, _, why := annihilateTarget(s, u, o)
	return kit.HoldUnless(s.Map, u, why)
}

// annihilateTarget returns the province u's annihilate order destroys and
// whether u reaches it only by convoy, or why it may not.
func annihilateTarget(s *engine.State, u engine.Unit, o engine.Order) (engine.ProvinceID, bool, string) {
	if why := skCardOK(s, u, annihilator, "annihilate"); why != "" {
		return engine.NoProvince, false, why
	}
	m := s.Map
	t, ok := kit.LookupProvince(m, o.Args)
	if !ok {
		return engine.NoProvince, false, fmt.Sprintf("annihilate needs a province: %q for its own province, or one it could move to",
			kit.Label(u.Number, u.Type)+" "+m.Provinces[u.Loc.P].Abbr+" annihilate "+m.Provinces[u.Loc.P].Abbr)
	}
	p := &m.Provinces[t]
	switch {
	case p.Unlimited:
		return engine.NoProvince, false, p.Name + " cannot be annihilated: no power is used on Hyperspace (Hyperspace Unit)"
	case p.Kind == engine.Sea:
		return engine.NoProvince, false, p.Name + " is a sea space: \"Sea spaces may not be Annihilated\" (Annihilator)"
	case t == u.Loc.P:
		return t, false, ""
	case !skCanMoveTo(s, u, t):
		return engine.NoProvince, false, fmt.Sprintf("%s could not move to %s, so it cannot annihilate it (Annihilator: \"the province it is in, or is moving to\")",
			skUnitName(m, u), p.Name)
	}
	convoy := u.Type == engine.Army && !m.ArmyAdjacent(u.Loc.P, t) && !reachAny(s, u, engine.Loc{P: t})
	return t, convoy, ""
}

// skCanMoveTo reports whether u could legally order a move to province t in
// s, by the variant's rules of movement (its cards' links included) and,
// for an army, by convoy where a convoy route is possible. The move is
// judged alone: "even if the move would otherwise be stood off".
func skCanMoveTo(s *engine.State, u engine.Unit, t engine.ProvinceID) bool {
	return kit.CanMoveTo(s, u, t, reg.Rules())
}

// skConvoyHolds reports whether the army a, annihilating province t by
// convoy, still has a route of fleets ordered to convoy it there that were
// not dislodged ("the move can be prevented by dislodging a convoying
// fleet, as in normal Diplomacy").
func skConvoyHolds(s *engine.State, out *engine.Outcome, a engine.Unit, t engine.ProvinceID) bool {
	m := s.Map
	var fleets []engine.ProvinceID
	for _, r := range out.Results {
		o := r.Order
		if o.Kind != engine.Convoy || r.Unit.Type == engine.NoUnitType || o.AuxAt.P != a.Loc.P || o.AuxTo.P != t ||
			r.Code == engine.Illegal || kit.IsDislodged(out.Next, idOf(r.Unit)) || !canConvoyAny(s, r.Unit) {
			continue
		}
		fleets = append(fleets, r.Unit.Loc.P)
	}
	seen := map[engine.ProvinceID]bool{}
	var frontier []engine.ProvinceID
	for _, f := range fleets {
		if skTouches(m, a.Loc.P, f) {
			frontier = append(frontier, f)
			seen[f] = true
		}
	}
	for len(frontier) > 0 {
		f := frontier[0]
		frontier = frontier[1:]
		if skTouches(m, f, t) {
			return true
		}
		for _, g := range fleets {
			if !seen[g] && skTouches(m, f, g) {
				seen[g] = true
				frontier = append(frontier, g)
			}
		}
	}
	return false
}

// annihilateAfter carries out the turn's annihilations: the Annihilator
// is destroyed, with every unit in the space that did not move out (a
// skDislodged one too, and its own power's); the space is closed through the
// next turn; a centre loses its status until two full game years after
// and its ownership is forgotten; the card is revealed by its use (rule 2).
func annihilateAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	if s.Phase.Type != engine.Movement {
		return
	}
	plan := planStrikes(s, kit.ResultOrders(out), false)
	if len(plan.annihilations) == 0 {
		return
	}
	e := extraOf(out.Next)
	m := s.Map
	i := kit.MoveIndex(s.Phase)
	done := map[engine.ProvinceID]bool{}
	for _, a := range plan.annihilations {
		name := m.Provinces[a.target].Name
		k := kit.ResultOf(out, idOf(a.unit))
		if e != nil {
			_ = e.Reveal(idOf(a.unit), s.Phase, "tried to annihilate "+name)
		}
		if a.why != "" {
			if k >= 0 {
				out.Results[k].OK, out.Results[k].Code = false, engine.Bounced
				if out.Results[k].Dislodged() != "" {
					out.Results[k].Code = engine.Dislodged
				}
				out.Results[k].Reword("the annihilation of " + name + " failed: " + a.why)
				out.Results[k].SetCause(causeStrike)
			}
			out.AddEvent(fmt.Sprintf("%s %s (Annihilator) failed to annihilate %s: %s",
				m.PowerName(a.unit.Power), skUnitName(m, a.unit), name, a.why), a.unit)
			continue
		}
		if a.convoy && !skConvoyHolds(s, out, a.unit, a.target) {
			if k >= 0 {
				out.Results[k].OK, out.Results[k].Code = false, engine.NoRoute
				out.Results[k].Reword("the annihilation of " + name + " was prevented: no convoying fleet route was left (Annihilator)")
				out.Results[k].SetCause(causeStrike)
			}
			out.AddEvent(fmt.Sprintf("%s %s (Annihilator) was prevented from annihilating %s: its convoy was disrupted",
				m.PowerName(a.unit.Power), skUnitName(m, a.unit), name), a.unit)
			continue
		}
		kit.RemoveUnit(out.Next, idOf(a.unit))
		if k >= 0 {
			out.Results[k].OK, out.Results[k].Code = true, engine.OK
			out.Results[k].Say("annihilated " + name + "; the Annihilator is annihilated too (Annihilator)")
			out.Results[k].SetCause(kit.CauseAnnihilated)
		}
		for _, r := range out.Results {
			if r.Order.Kind == engine.Convoy && r.Order.AuxAt.P == a.unit.Loc.P && r.Order.AuxTo.P == a.target && a.convoy {
				if c := kit.ResultOf(out, idOf(r.Unit)); c >= 0 && out.Results[c].Code == engine.Void {
					out.Results[c].OK, out.Results[c].Code = true, engine.OK
					out.Results[c].Say("convoyed the Annihilator's strike on " + name)
					out.Results[c].SetCause(causeStrike)
				}
			}
		}
		out.AddEvent(fmt.Sprintf("%s %s (Annihilator) annihilated %s and was destroyed with it",
			m.PowerName(a.unit.Power), skUnitName(m, a.unit), name), a.unit)
		if done[a.target] {
			continue
		}
		done[a.target] = true
		// The destroyed units are told in their own results only: an
		// Invisible unit or a Ghost in the space must not be betrayed by an
		// event every seat sees.
		for _, v := range append([]engine.Unit(nil), out.Next.Units...) {
			if v.Loc.P == a.target && kit.RemoveUnit(out.Next, idOf(v)) {
				kit.MarkDestroyed(out, idOf(v), name+" was annihilated (Annihilator)")
			}
		}
		for _, d := range append([]engine.Dislodgement(nil), out.Next.Dislodged...) {
			if d.Unit.Loc.P == a.target && kit.RemoveUnit(out.Next, idOf(d.Unit)) {
				kit.MarkDestroyed(out, idOf(d.Unit), name+" was annihilated (Annihilator)")
			}
		}
		if e != nil {
			e.Effects.Strikes.Closed = append(e.Effects.Strikes.Closed, closure{Prov: m.Provinces[a.target].Abbr, Through: i + 1,
				Why: name + " is impassable after its annihilation (Annihilator)"})
		}
		if m.Provinces[a.target].SC {
			if e != nil {
				e.Effects.Strikes.Suspended = append(e.Effects.Strikes.Suspended, suspension{Prov: m.Provinces[a.target].Abbr,
					Through: i + annihilatedFor, Why: "annihilated in " + s.Phase.Key()})
			}
			if int(a.target) < len(out.Next.Owners) {
				out.Next.Owners[a.target] = ""
			}
			out.Events = append(out.Events, fmt.Sprintf("%s is no supply centre until two full game years after the explosion, and is neutral until recaptured (Annihilator)", name))
		}
	}
}

// randomAnnihilate gives an Annihilator a random annihilate order: its own
// province or a neighbour it could move to.
func randomAnnihilate(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if kindAt(s, u) != annihilator || s.Phase.Type != engine.Movement || rng.Intn(4, "does the Annihilator annihilate") != 0 {
		return engine.Order{}, false
	}
	var cands []engine.ProvinceID
	for id := range s.Map.Provinces {
		p := engine.ProvinceID(id)
		if p == u.Loc.P || skTouches(s.Map, u.Loc.P, p) {
			cands = append(cands, p)
		}
	}
	for len(cands) > 0 {
		k := rng.Intn(len(cands), "which province the Annihilator annihilates")
		o := skSpecialOrder(s.Map, u, annihilateName, s.Map.Provinces[cands[k]].Abbr)
		if _, _, why := annihilateTarget(s, u, o); why == "" {
			return o, true
		}
		cands = append(cands[:k], cands[k+1:]...)
	}
	return engine.Order{}, false
}

func annihilatorParts(r *registry) {
	addSpecialDrag(r, "annihilate", annihilateName, []kind{annihilator}, true, false, annihilateAs)
	r.After(priorityOf(annihilator), annihilateAfter)
	r.Random(randomAnnihilate)
}
