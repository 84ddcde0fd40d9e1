package character

import (
	"fmt"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// #9 Annihilator. Card text: "Unit may destroy the province it is in, or
// any province it could legally move to (even if the move would otherwise
// be stood off). The unit is also annihilated, but the space remains
// impassable on the following turn. If annihilated space is a Supply
// Center, it loses that status for three moving turns after the turn on
// which the explosion occurred. Further, the SC is then considered unowned
// until recaptured. Any unit in the destroyed space, which does not
// successfully move out, is also destroyed. However, any unit which tries
// to move in on the same turn as the explosion is merely stood off. The
// order to Annihilate, when legal, always succeeds."
//
// Order: "2A mun annihilate boh" (or "annihilate mun", its own province).
// It is adjudicated as a hold (the Annihilator does not move); the
// explosion comes once the turn's moves are decided, so units in the
// space may still move out, and their supports and convoys are given.

const annihilateName = "annihilate"

// annihilateAs is the movement form of an annihilate order: a hold, or why
// the order is impossible.
func annihilateAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	_, why := annihilateTarget(s, u, o)
	return kit.HoldUnless(s.Map, u, why)
}

// annihilateTarget returns the province u's annihilate order destroys, or
// why it may not (card #9, 16.b, rule 6, rule 7).
func annihilateTarget(s *engine.State, u engine.Unit, o engine.Order) (engine.ProvinceID, string) {
	e, ok := strikeCard(s, u, annihilatorID)
	switch {
	case !powersActive(s.Phase):
		return engine.NoProvince, "no card may be used before Spring 1902 (rule 7)"
	case !ok:
		return engine.NoProvince, "only an Annihilator (card #9) may annihilate"
	case e.Effects.InDisorder(idOf(u), kit.MoveIndex(s.Phase)):
		return engine.NoProvince, "the unit is in civil disorder from gas: its orders are ignored (card #10)"
	case s.Map.Provinces[u.Loc.P].Unlimited:
		return engine.NoProvince, "a unit in Hyperspace uses no power against the board (rule 6)"
	}
	t, ok := kit.LookupProvince(s.Map, o.Args)
	if !ok {
		return engine.NoProvince, fmt.Sprintf("annihilate needs a province, as %q", label(u.Number, u.Type)+" "+s.Map.Provinces[u.Loc.P].Abbr+" annihilate "+s.Map.Provinces[u.Loc.P].Abbr)
	}
	switch {
	case s.Map.Provinces[t].Unlimited:
		return engine.NoProvince, s.Map.Provinces[t].Name + " cannot be annihilated: no power acts against Hyperspace (rule 6)"
	case t == u.Loc.P:
		return t, ""
	case !canMoveTo(s, u, t):
		return engine.NoProvince, fmt.Sprintf("%s could not legally move to %s, so it cannot annihilate it (card #9, 16.b)",
			kit.UnitName(s.Map, u), s.Map.Provinces[t].Name)
	}
	return t, ""
}

// canMoveTo reports whether u could legally order a move to province t in
// s, by the variant's own rules (its cards' links included) and, for an
// army, by convoy where a convoy route is possible (16.b: "including a move
// by Convoy if it's an A"). The engine judges the move alone, so what
// other units do does not matter ("even if the move would otherwise be
// stood off").
func canMoveTo(s *engine.State, u engine.Unit, t engine.ProvinceID) bool {
	return kit.CanMoveTo(s, u, t, reg.Rules())
}

// annihilateAfter carries out the turn's annihilations (9.a: "always
// succeeds"): the Annihilator is destroyed, and every unit in the space
// that did not move out (its own power's too: card #9, "Any unit in the
// destroyed space"); the space is closed through the next turn; a centre
// counts for no one for the three moving turns after and is unowned; the
// Annihilator's card is revealed to everyone by its use (rule 3).
func annihilateAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	if s.Phase.Type != engine.Movement {
		return
	}
	plan := planStrikes(s, kit.ResultOrders(out))
	if len(plan.annihilations) == 0 {
		return
	}
	e := strikeExtra(out.Next)
	i := kit.MoveIndex(s.Phase)
	m := s.Map
	done := map[engine.ProvinceID]bool{}
	for _, a := range plan.annihilations {
		name := m.Provinces[a.target].Name
		kit.RemoveUnit(out.Next, idOf(a.unit))
		if k := kit.ResultOf(out, idOf(a.unit)); k >= 0 {
			out.Results[k].OK, out.Results[k].Code = true, engine.OK
			out.Results[k].Reason = "annihilated " + name + "; the Annihilator is destroyed with it (card #9)"
			out.Results[k].SetCause(kit.CauseAnnihilated)
		}
		if e != nil {
			_ = e.Reveal(idOf(a.unit), s.Phase, "annihilated "+name)
			e.Effects.Strikes.Uses = append(e.Effects.Strikes.Uses, strikeUse{Phase: s.Phase, Unit: idOf(a.unit),
				Card: annihilatorID, Target: m.Provinces[a.target].Abbr, Done: true})
		}
		out.Events = append(out.Events, fmt.Sprintf("%s %s (card #9 Annihilator) annihilated %s and was destroyed",
			m.PowerName(a.unit.Power), kit.Labelled(m, a.unit), name))
		if done[a.target] {
			continue
		}
		done[a.target] = true
		var killed []string
		for _, v := range append([]engine.Unit(nil), out.Next.Units...) {
			if v.Loc.P == a.target && kit.RemoveUnit(out.Next, idOf(v)) {
				killed = append(killed, m.PowerName(v.Power)+" "+kit.UnitName(m, v))
				kit.MarkDestroyed(out, idOf(v), name+" was annihilated (card #9)")
			}
		}
		for _, d := range append([]engine.Dislodgement(nil), out.Next.Dislodged...) {
			if d.Unit.Loc.P == a.target && kit.RemoveUnit(out.Next, idOf(d.Unit)) {
				killed = append(killed, m.PowerName(d.Unit.Power)+" "+kit.UnitName(m, d.Unit)+" (dislodged)")
				kit.MarkDestroyed(out, idOf(d.Unit), name+" was annihilated (card #9)")
			}
		}
		if len(killed) > 0 {
			out.Events = append(out.Events, "destroyed in the annihilation of "+name+": "+strings.Join(killed, ", "))
		}
		if e != nil {
			e.Effects.Closures = append(e.Effects.Closures, closure{Prov: m.Provinces[a.target].Abbr, Until: i + 1,
				Why: "impassable after its annihilation (card #9)"})
		}
		if m.Provinces[a.target].SC {
			if e != nil {
				e.Effects.Suspended = append(e.Effects.Suspended, suspension{Prov: m.Provinces[a.target].Abbr, ID: a.target,
					Until: i + 3, Why: "annihilated"})
			}
			if int(a.target) < len(out.Next.Owners) {
				out.Next.Owners[a.target] = ""
			}
			out.Events = append(out.Events, fmt.Sprintf("%s is no supply centre for the next three moving turns and is unowned until recaptured (card #9)", name))
		}
	}
}

// randomAnnihilate gives an Annihilator a random annihilate order: its own
// province or a neighbour it could move to.
func randomAnnihilate(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if _, ok := strikeCard(s, u, annihilatorID); !ok || s.Phase.Type != engine.Movement || rng.Intn(4, "does the Annihilator annihilate") != 0 {
		return engine.Order{}, false
	}
	var cands []engine.ProvinceID
	for id := range s.Map.Provinces {
		p := engine.ProvinceID(id)
		if p == u.Loc.P || kit.Touches(s.Map, u.Loc.P, p) {
			cands = append(cands, p)
		}
	}
	for len(cands) > 0 {
		k := rng.Intn(len(cands), "which province the Annihilator annihilates")
		o := specialOrder(s.Map, u, annihilateName, s.Map.Provinces[cands[k]].Abbr)
		if _, why := annihilateTarget(s, u, o); why == "" {
			return o, true
		}
		cands = append(cands[:k], cands[k+1:]...)
	}
	return engine.Order{}, false
}

// specialOrder writes unit u's special order name with its words.
func specialOrder(m *engine.Map, u engine.Unit, name string, args ...string) engine.Order {
	var w []string
	for _, a := range args {
		w = append(w, strings.Fields(strings.ToLower(a))...)
	}
	return engine.Order{Power: u.Power, Kind: engine.Special, Unit: u.Type, Number: u.Number, At: u.Loc,
		To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Special: name, Args: w,
		Text: kit.Labelled(m, u) + " " + name + " " + strings.Join(args, " ")}
}

func annihilatorParts(r *registry) {
	addSpecial(r, "annihilate", annihilateName, annihilateAs)
	r.After(priorityAnnihilator, annihilateAfter)
	r.Random(randomAnnihilate)
}
