package character

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// #14 Retreater: "After any turn on which unit is not dislodged, it may
// voluntarily 'Retreat' one space in any direction. SC's may be captured
// in this way. Owner simply sends in a 'Retreat' order as if it had been
// dislodged. The Spring Retreat will be reported with the Fall orders;
// Fall Retreats will be reported with the Winter season."
//
// A retreat phase follows every movement turn from Spring 1902 on
// (retreaterNextPhase), whether or not anything was dislodged or anyone
// holds a Retreater: a retreat phase that came only when a Retreater is on
// the board would tell every power that someone holds one (rule 3). The
// Retreaters not dislodged in the turn are listed in Effects.Voluntary
// (their owner's view only); in the retreat phase each may be ordered
// like a dislodged unit, "1A bur - mun": one space by its own type's
// moves (no convoy, no card's longer move: rule 8, "No unit may retreat
// more than one space"), into a space empty at the start of the phase,
// not left vacant by a standoff and not closed (annihilated, gassed).
// Two retreats into one space both fail: a voluntary retreat that fails
// leaves the unit where it was; a dislodged unit whose retreat fails is
// disbanded, as always. A Retreater with no order stays. Its capture of
// a centre in a Fall retreat counts at once, as a Fall retreat's does.
// Ordering a voluntary retreat reveals the card (only a Retreater could).

func retreaterParts(r *registry) {
	r.NextPhase(retreaterNextPhase)
	r.Acting(kit.OpenRetreats)
	r.After(priorityOthers, voluntaryAfter)
	r.Random(randomRetreater)
}

// retreaterNextPhase is the phase sequence with a retreat phase after
// every movement turn from 1902 (rule 7: no Retreater acts earlier).
func retreaterNextPhase(next *engine.State, p engine.Phase) engine.Phase {
	if p.Type == engine.Movement && powersActive(p) {
		return engine.Phase{Year: p.Year, Season: p.Season, Type: engine.Retreat}
	}
	return engine.StandardNextPhase(next, p)
}

// voluntaryAfter lists, after a movement turn, the Retreaters on the board
// (not dislodged) that may retreat in the retreat phase that follows, and
// empties the list after any other phase.
func voluntaryAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	e, ok := out.Next.Extra.(*extra)
	if !ok {
		return
	}
	e.Effects.Voluntary = nil
	if s.Phase.Type != engine.Movement || !powersActive(s.Phase) {
		return
	}
	for _, u := range out.Next.Units {
		if activeCard(out.Next, u, retreaterID) {
			e.Effects.Voluntary = append(e.Effects.Voluntary, idOf(u))
		}
	}
}

// voluntaryDest checks a voluntary retreat of unit u: its destination, or
// why it is impossible.
func voluntaryDest(s *engine.State, u engine.Unit, o engine.Order, blocked map[engine.ProvinceID]string) (engine.Loc, string) {
	if o.Kind != engine.Move || !o.To.Valid() || int(o.To.P) >= len(s.Map.Provinces) {
		return engine.Nowhere, "a Retreater that was not dislodged may only retreat one space (#14)"
	}
	var to engine.Loc
	switch u.Type {
	case engine.Army:
		if !s.Map.ArmyAdjacent(u.Loc.P, o.To.P) {
			return engine.Nowhere, fmt.Sprintf("%s is not one space from %s", s.Map.Provinces[o.To.P].Name, s.Map.LocName(u.Loc))
		}
		to = engine.Loc{P: o.To.P}
	case engine.Fleet:
		var cs []engine.Loc
		for _, l := range s.Map.FleetCoastsTo(u.Loc, o.To.P) {
			if o.To.C == engine.NoCoast || l.C == o.To.C || !s.Map.MultiCoast(l.P) {
				cs = append(cs, l)
			}
		}
		switch len(cs) {
		case 0:
			return engine.Nowhere, fmt.Sprintf("%s is not one space from %s", s.Map.LocName(o.To), s.Map.LocName(u.Loc))
		case 1:
			to = cs[0]
		default:
			return engine.Nowhere, fmt.Sprintf("the coast of %s must be given", s.Map.Provinces[o.To.P].Name)
		}
	default:
		return engine.Nowhere, "no such unit type"
	}
	switch {
	case s.UnitAt(to.P) >= 0:
		return engine.Nowhere, fmt.Sprintf("%s is not empty", s.Map.Provinces[to.P].Name)
	case s.Standoff(to.P):
		return engine.Nowhere, fmt.Sprintf("%s was left vacant by a standoff", s.Map.Provinces[to.P].Name)
	case blocked[to.P] != "":
		return engine.Nowhere, fmt.Sprintf("%s is closed (%s)", s.Map.Provinces[to.P].Name, blocked[to.P])
	}
	if _, shut := blocked[to.P]; shut {
		return engine.Nowhere, fmt.Sprintf("%s is closed", s.Map.Provinces[to.P].Name)
	}
	return to, ""
}

// voluntaryRetreats adjudicates the Retreaters' orders vol on top of the
// standard retreats already in out.
func voluntaryRetreats(s *engine.State, vol []engine.Order, out *engine.Outcome) {
	if len(vol) == 0 {
		return
	}
	var blocked map[engine.ProvinceID]string
	if reg.Rules().Prepare != nil {
		blocked = reg.Rules().Prepare(s, nil).Blocked
	}
	type try struct {
		o    engine.Order
		u    engine.Unit
		to   engine.Loc
		why  string
		dupe bool
	}
	var tries []*try
	byUnit := map[kit.UnitID]*try{}
	for _, o := range vol {
		u := s.Units[kit.OrderUnit(s, &o, reg.Rules())] // retreatPhase took only the orders that name a unit of their power
		t := &try{o: o, u: u}
		switch {
		case o.Power != "" && o.Power != u.Power:
			t.why = fmt.Sprintf("%s may not order a unit of %s", s.Map.PowerName(o.Power), s.Map.PowerName(u.Power))
			out.Results = append(out.Results, engine.Result{Order: o, Unit: u, Code: engine.NotOwner, Reason: t.why})
			continue
		case !activeCard(s, u, retreaterID):
			t.why = "only a Retreater (#14) that was not dislodged may retreat"
		default:
			t.to, t.why = voluntaryDest(s, u, o, blocked)
		}
		if t.why != "" {
			out.Results = append(out.Results, engine.Result{Order: o, Unit: u, Code: engine.Illegal, Reason: t.why + "; it stays"})
			continue
		}
		if prev := byUnit[idOf(u)]; prev != nil {
			if prev.o.Format(s.Map) != o.Format(s.Map) {
				prev.dupe = true
			}
			continue
		}
		byUnit[idOf(u)] = t
		tries = append(tries, t)
	}
	// Destinations of the standard retreats that succeeded.
	count := map[engine.ProvinceID]int{}
	for _, u := range out.Next.Units {
		if !slices.ContainsFunc(s.Units, func(v engine.Unit) bool { return idOf(v) == idOf(u) }) {
			count[u.Loc.P]++
		}
	}
	for _, t := range tries {
		if !t.dupe {
			count[t.to.P]++
		}
	}
	e, _ := out.Next.Extra.(*extra)
	for _, t := range tries {
		res := engine.Result{Order: t.o, Unit: t.u, Code: engine.Bounced}
		name := s.Map.Provinces[t.to.P].Name
		switch {
		case t.dupe:
			res.Code, res.Reason = engine.Illegal, "two different orders for one unit; it stays"
		case count[t.to.P] > 1:
			res.Reason = fmt.Sprintf("bounced with another retreat to %s; it stays in %s (#14)", name, s.Map.LocName(t.u.Loc))
		default:
			res.OK, res.Code = true, engine.OK
			res.Reason = "retreated voluntarily to " + s.Map.LocName(t.to) + " (#14 Retreater)"
			for i := range out.Next.Units {
				if idOf(out.Next.Units[i]) == idOf(t.u) {
					out.Next.Units[i].Loc = t.to
				}
			}
		}
		if e != nil && !t.dupe {
			_ = e.Reveal(idOf(t.u), s.Phase, "retreated voluntarily as a Retreater (#14)")
		}
		out.Results = append(out.Results, res)
	}
	// A standard retreat into a space a voluntary retreat also entered
	// bounced: the dislodged unit is disbanded.
	for i := range out.Results {
		r := &out.Results[i]
		if !r.OK || r.Order.Kind != engine.Move || !kit.IsDislodged(s, idOf(r.Unit)) || r.Order.To.P < 0 {
			continue
		}
		k := slices.IndexFunc(out.Next.Units, func(u engine.Unit) bool { return idOf(u) == idOf(r.Unit) })
		if k < 0 || count[out.Next.Units[k].Loc.P] <= 1 {
			continue
		}
		r.OK, r.Code = false, engine.Bounced
		r.Reason = fmt.Sprintf("bounced with another retreat to %s; disbanded", s.Map.Provinces[out.Next.Units[k].Loc.P].Name)
		out.Next.Units = slices.Delete(out.Next.Units, k, k+1)
	}
}

// randomRetreater gives a Retreater in a retreat phase a voluntary retreat
// to a random neighbouring space.
func randomRetreater(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if s.Phase.Type != engine.Retreat || !activeCard(s, u, retreaterID) {
		return engine.Order{}, false
	}
	to := neighbourLocs(s.Map, u)
	if len(to) == 0 {
		return engine.Order{}, false
	}
	l := to[rng.Intn(len(to), "where a random Retreater retreats")]
	o := engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, Number: u.Number, At: u.Loc, To: l,
		AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
	o.Text = o.Format(s.Map)
	return o, true
}
