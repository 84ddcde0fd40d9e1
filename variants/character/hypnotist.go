package character

import (
	"fmt"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// #11 Hypnotist. Card text: "Once every other turn, unit may hypnotize an
// adjacent alien unit, and write orders for its move, in lieu of any other
// move. (i.e., it Holds while writing this order). The hypnosis lasts for
// only one turn. The GM will not identify the unit doing the hypnotizing,
// reporting this as a 'Hold' order instead. (X-Rule 9.c. for additional
// clarification). If two Hypnotists try to simultaneously hypnotize one
// another, both orders will fail." Rule 9.c: "If the Hypnotist knows the
// special characteristics of an adjacent unit, it may order the unit to
// perform that type of move, except that it cannot order an Annihilator to
// blow itself up. However, if the Hypnotist is incorrect about the nature
// of the special powers of the would-be hypnotized unit, the order fails
// in its entirety."
//
// Order: "1A vie hypnotise F tri - ven" (also "hypnotize"): the words after
// the verb are the victim's order, written as its owner would write it
// (the unit it names is the victim). The parser splits orders at commas,
// semicolons and a power's colon, so the written order uses none.

const hypnotiseName = "hypnotise"

// hypnotiseEvery is card #11's "once every other turn": a Hypnotist that
// hypnotised in movement turn i may hypnotise again from turn i+2.
const hypnotiseEvery = 2

// hypnotisedNote starts the reason of a hypnotised unit's result. Its
// owner is told it was hypnotised, not by whom; other powers see the order
// it carried out only (hypnotistConceal).
const hypnotisedNote = "hypnotised: this order was written by a Hypnotist (card #11); "

// hypnotiseAs is the movement form of a hypnotise order: a hold, or why
// the order is impossible.
func hypnotiseAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	_, why := hypnotiseTarget(s, u, o)
	return kit.HoldUnless(s.Map, u, why)
}

// hypnotiseTarget returns u's hypnosis (its victim and the order written
// for it), or why it may not hypnotise (card #11, 9.c, rules 6 and 7). It
// does not look at other orders (planStrikes does).
func hypnotiseTarget(s *engine.State, u engine.Unit, o engine.Order) (hypnosis, string) {
	e, ok := strikeCard(s, u, hypnotistID)
	i := kit.MoveIndex(s.Phase)
	switch {
	case !powersActive(s.Phase):
		return hypnosis{}, "no card may be used before Spring 1902 (rule 7)"
	case !ok:
		return hypnosis{}, "only a Hypnotist (card #11) may hypnotise"
	case e.Effects.InDisorder(idOf(u), i):
		return hypnosis{}, "the unit is in civil disorder from gas: its orders are ignored (card #10)"
	case s.Map.Provinces[u.Loc.P].Unlimited:
		return hypnosis{}, "a unit in Hyperspace uses no power against the board (rule 6)"
	case len(o.Args) == 0:
		return hypnosis{}, "hypnotise needs the order written for the victim, as \"1A vie hypnotise F tri - ven\""
	}
	if last, used := e.Effects.LastUsed[idOf(u)]; used && i-last < hypnotiseEvery {
		return hypnosis{}, "the Hypnotist hypnotised last turn; it may hypnotise every other turn (card #11)"
	}
	text := strings.Join(o.Args, " ")
	w, err := parser(s.Map).ParseOrder("", text)
	if err != nil {
		return hypnosis{}, fmt.Sprintf("the order written for the victim, %q, cannot be read: %v", text, err)
	}
	if !w.At.Valid() || int(w.At.P) >= len(s.Map.Provinces) {
		return hypnosis{}, fmt.Sprintf("the order written for the victim, %q, names no unit", text)
	}
	p := &s.Map.Provinces[w.At.P]
	if p.Unlimited {
		return hypnosis{}, "no unit in " + p.Name + " may be hypnotised: no power acts against Hyperspace (rule 6)"
	}
	w.Power = ""
	v, ok := kit.OrderedUnit(s, w, reg.Rules())
	switch {
	case !ok:
		return hypnosis{}, "no such unit in " + p.Name + " to hypnotise"
	case w.Unit != engine.NoUnitType && w.Unit != v.Type:
		return hypnosis{}, "the unit in " + p.Name + " is " + v.Type.Word() + ", not " + w.Unit.Word()
	case v.Power == u.Power:
		return hypnosis{}, "a Hypnotist hypnotises only alien units (card #11), not its own power's " + kit.UnitName(s.Map, v)
	case !kit.Touches(s.Map, u.Loc.P, v.Loc.P):
		return hypnosis{}, fmt.Sprintf("%s is not adjacent to %s (card #11: an adjacent unit)", p.Name, s.Map.Provinces[u.Loc.P].Name)
	case e.Effects.InDisorder(idOf(v), i):
		return hypnosis{}, kit.UnitName(s.Map, v) + " is in civil disorder from gas and takes no orders (card #10)"
	}
	w.Power, w.Number, w.Unit, w.At = v.Power, v.Number, v.Type, v.Loc
	switch w.Kind {
	case engine.Hold, engine.Move, engine.Support, engine.Convoy:
	case engine.Special:
		switch w.Special {
		case annihilateName:
			return hypnosis{}, "a Hypnotist cannot order an Annihilator to annihilate: it would blow itself up (9.c)"
		case hypnotiseName:
			return hypnosis{}, "a hypnotised unit cannot be made to hypnotise in turn"
		}
		if _, why := special(s, v, w); why != "" {
			// 9.c: the Hypnotist was wrong about the victim's power. The
			// reason does not say what the victim's card is.
			return hypnosis{}, "the hypnotised unit cannot carry out \"" + w.Special + "\": the order fails in its entirety (9.c)"
		}
	default:
		return hypnosis{}, "a hypnotised unit may be ordered to hold, move, support, convoy or use its own power"
	}
	w.Text = w.Format(s.Map)
	return hypnosis{unit: u, victim: v, written: w}, ""
}

// hypnotiseRewrite is the Rewrite part of #11: each hypnosis that acts
// (planStrikes) replaces its victim's orders with the written one. It
// logs nothing: the hypnotist stays secret (card #11).
func hypnotiseRewrite(s *engine.State, orders []engine.Order, _ *engine.Rand) ([]engine.Order, []string) {
	if !powersActive(s.Phase) || s.Phase.Type != engine.Movement {
		return orders, nil
	}
	plan := planStrikes(s, kit.UnitOrders(s, orders, reg.Rules()))
	for _, h := range plan.hypnoses {
		if h.ok {
			orders = kit.ReplaceOrders(s, orders, idOf(h.victim), h.written, reg.Rules())
		}
	}
	return orders, nil
}

// hypnotiseAfter records the turn's hypnoses: the use (Effects.LastUsed,
// once every other turn), the victims (Effects.Hypnotised, told to their
// owners), and the reasons of the hypnotist's and the victim's results.
// The Hypnotist's card is not revealed.
func hypnotiseAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	if s.Phase.Type != engine.Movement {
		return
	}
	e := strikeExtra(out.Next)
	if e != nil {
		e.Effects.Hypnotised = nil
	}
	if !powersActive(s.Phase) {
		return
	}
	m := s.Map
	i := kit.MoveIndex(s.Phase)
	plan := planStrikes(s, kit.ResultOrders(out))
	for _, h := range plan.hypnoses {
		victim := m.PowerName(h.victim.Power) + " " + kit.UnitName(m, h.victim)
		if e != nil {
			e.Effects.Strikes.Uses = append(e.Effects.Strikes.Uses, strikeUse{Phase: s.Phase, Unit: idOf(h.unit), Card: hypnotistID,
				Target: m.Provinces[h.victim.Loc.P].Abbr, Done: h.ok, Why: h.why})
		}
		k := kit.ResultOf(out, idOf(h.unit))
		if !h.ok {
			if k >= 0 {
				out.Results[k].Reword("the hypnosis of " + victim + " failed: " + h.why)
			}
			continue
		}
		if e != nil {
			if e.Effects.LastUsed == nil {
				e.Effects.LastUsed = map[kit.UnitID]int{}
			}
			e.Effects.LastUsed[idOf(h.unit)] = i
			e.Effects.Hypnotised = append(e.Effects.Hypnotised, idOf(h.victim))
		}
		if k >= 0 {
			out.Results[k].Reword("hypnotised " + victim + " and wrote its order, " + h.written.Text + " (card #11)")
		}
		if v := kit.ResultOf(out, idOf(h.victim)); v >= 0 {
			out.Results[v].AddNote(hypnotisedNote)
		}
	}
}

// hypnotistConceal is the ConcealOutcome part of #11: for every seat but
// the game master and the hypnotist's owner, a hypnotise order is
// reported as a hold (card #11: "reporting this as a 'Hold' order
// instead"), and a hypnotised unit's result says only what it did, except
// to its own owner, who is told it was hypnotised but not by whom.
func hypnotistConceal(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	if seat.GM || before == nil || before.Phase.Type != engine.Movement {
		return
	}
	plan := planStrikes(before, kit.ResultOrders(out))
	for _, g := range plan.gases {
		if g.why != gasOnHypnotist && g.why != gasOnHypnotised {
			continue
		}
		// Only the hypnotist's owner may learn why from the gas result.
		if h, ok := hypnotistOf(plan, *g.victim); ok && seat.Power != "" && seat.Power == h.Power {
			continue
		}
		if k := kit.ResultOf(out, idOf(g.unit)); k >= 0 {
			out.Results[k].Reword(gasFailed(before.Map, g, gasFailedSecret))
		}
	}
	for _, h := range plan.hypnoses {
		if !h.ok || seat.Power == h.unit.Power || (seat.Power != "" && seat.Power == h.victim.Power) {
			continue
		}
		if v := kit.ResultOf(out, idOf(h.victim)); v >= 0 {
			out.Results[v].DropNote()
		}
	}
	for k := range out.Results {
		r := &out.Results[k]
		if r.Order.Kind != engine.Special || r.Order.Special != hypnotiseName || r.Unit.Type == engine.NoUnitType ||
			(seat.Power != "" && r.Unit.Power == seat.Power) {
			continue
		}
		kit.ReportHeld(before.Map, r)
	}
}

// hypnotistOf returns the hypnotist whose acting hypnosis involves v: v
// itself when it hypnotises, or the unit that hypnotises v.
func hypnotistOf(plan *strikePlan, v engine.Unit) (engine.Unit, bool) {
	if h, ok := plan.hypnotisedBy(idOf(v)); ok {
		return h.unit, true
	}
	if plan.hypnotising(idOf(v)) {
		return v, true
	}
	return engine.Unit{}, false
}

// randomHypnotise gives a Hypnotist a random hypnosis of an adjacent alien
// unit: hold, or move to a random neighbour.
func randomHypnotise(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if _, ok := strikeCard(s, u, hypnotistID); !ok || s.Phase.Type != engine.Movement || rng.Intn(3, "does the Hypnotist hypnotise") != 0 {
		return engine.Order{}, false
	}
	v, ok := kit.RandomNear(s, u, rng, kit.Touches, func(v engine.Unit) bool { return v.Power != u.Power }, "which unit the Hypnotist hypnotises")
	if !ok {
		return engine.Order{}, false
	}
	o := specialOrder(s.Map, u, hypnotiseName, kit.RandomStay(s.Map, v, rng, "where the hypnotised unit goes"))
	if _, why := hypnotiseTarget(s, u, o); why != "" {
		return engine.Order{}, false
	}
	return o, true
}

func hypnotistParts(r *registry) {
	addSpecial(r, "hypnotise", hypnotiseName, hypnotiseAs)
	addSpecial(r, "hypnotize", hypnotiseName, hypnotiseAs)
	r.Rewrite(priorityHypnotist, hypnotiseRewrite)
	r.After(priorityHypnotist, hypnotiseAfter)
	r.ConcealOutcome(hypnotistConceal)
	r.Random(randomHypnotise)
}
