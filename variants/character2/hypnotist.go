package character2

import (
	"fmt"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// HYPNOTIST (Trumps 4 and 5). Card text: "Unit may hypnotize an adjacent
// unit belonging to another player, and write orders for that unit in lieu
// of any other action (that is, it holds while writing this order). The GM
// will not identify the unit doing the Hypnotism, reporting it as Holding
// instead. The order may involve the use of the other unit's power IF the
// Hypnotist correctly names that power (exactly), UNLESS the other unit is
// an Annihilator, Gas Attacker, or another Hypnotist. The Hypnotist need
// not be capable of moving to the space the victim is in. The unit may use
// its power only once per game year."
//
// Rules Clarifications: "If Hypnotism occurs, how will it appear on the
// game reports? A: The victim will be told that his/her unit was
// Hypnotized, but not by whom ... Everyone else will see only the order
// that resulted from the Hypnotism."
//
// Order: "1A tyr hypnotise A mun - ber" (also "hypnotize"): after the verb,
// the victim's order as its owner would write it; the unit it names is the
// victim, and its province is the guess the Invisible unit's text asks
// for. To make the victim use its power, name the power first, in one
// word: "1A tyr hypnotise jumper A mun jump ...", "1A vie hypnotise
// doublemover A tri - alb - gre" (a double move in the seed's own
// three-space form keeps its middle space: writtenDoubleMove). A power's
// name may also come before the unit to pick one of two units sharing a
// space (a Ghost): "1A tyr hypnotise german A mun - ber". The parser
// splits orders at commas, semicolons and a power's colon, so the written
// order uses none.

// hypnotiseAs is the movement form of a hypnotise order: a hold, or why
// the order is impossible.
func hypnotiseAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	_, why := hypnotiseTarget(s, u, o)
	return kit.HoldUnless(s.Map, u, why)
}

// skSameYear reports whether unit id used its once-a-year power in the game
// year of movement turn i.
func skSameYear(e *extra, id unitID, i int) bool {
	last, used := e.Effects.Strikes.LastUse[id]
	return used && last/2 == i/2
}

// hypnotiseTarget returns u's hypnosis (its victim and the order written
// for it), or why it may not hypnotise. It does not look at other orders
// (planStrikes does).
func hypnotiseTarget(s *engine.State, u engine.Unit, o engine.Order) (hypnosis, string) {
	if why := skCardOK(s, u, hypnotist, "hypnotise"); why != "" {
		return hypnosis{}, why
	}
	m := s.Map
	if skSameYear(extraOf(s), idOf(u), kit.MoveIndex(s.Phase)) {
		return hypnosis{}, "the Hypnotist has hypnotised this game year; it may use its power only once per game year"
	}
	args := o.Args
	var named kind
	if len(args) > 0 {
		if k, ok := kindOf(args[0]); ok {
			named, args = k, args[1:]
		}
	}
	var power engine.Power
	if len(args) > 0 {
		if p, ok := skPowerWord(m, args[0]); ok {
			power, args = p, args[1:]
		}
	}
	if len(args) == 0 {
		return hypnosis{}, "hypnotise needs the order written for the victim, as \"1A tyr hypnotise A mun - ber\""
	}
	text := strings.Join(args, " ")
	w, err := parser(m).ParseOrder("", text)
	if err != nil {
		return hypnosis{}, fmt.Sprintf("the order written for the victim, %q, cannot be read: %v", text, err)
	}
	if !w.At.Valid() || int(w.At.P) >= len(m.Provinces) {
		return hypnosis{}, fmt.Sprintf("the order written for the victim, %q, names no unit", text)
	}
	p := &m.Provinces[w.At.P]
	if p.Unlimited {
		return hypnosis{}, "no unit in Hyperspace may be hypnotised (Hyperspace Unit: \"No other special power can ever be used on Hyperspace or its occupants\")"
	}
	if !skTouches(m, u.Loc.P, w.At.P) {
		return hypnosis{}, fmt.Sprintf("%s is not adjacent to %s (Hypnotist: \"an adjacent unit\")", p.Name, m.Provinces[u.Loc.P].Name)
	}
	v, ok := skFindVictim(s, victimSpec{power: power, typ: w.Unit, number: w.Number, prov: w.At.P, text: w.Text})
	switch {
	case !ok:
		return hypnosis{}, skNoVictim(m, w.At.P, "hypnotise")
	case v.Power == u.Power:
		return hypnosis{}, "a Hypnotist hypnotises only a unit belonging to another player, not its own power's " + skUnitName(m, v)
	}
	w.Power, w.Number, w.Unit, w.At = v.Power, v.Number, v.Type, v.Loc
	w = writtenDoubleMove(m, v, w, text)
	switch w.Kind {
	case engine.Hold, engine.Move, engine.Support, engine.Convoy:
	case engine.Special:
		vk := kindAt(s, v)
		if named == 0 || named != vk || vk == annihilator || vk == gasAttacker || vk == hypnotist {
			// The same words whether the name was wrong or the power one
			// a Hypnotist may not use: the reason tells the Hypnotist's
			// owner nothing more than that the order failed.
			const why = "the order uses a power the Hypnotist did not name exactly, or one it may never make its victim use (an Annihilator's, Gas Attacker's or Hypnotist's)"
			if extraOf(s).option(optionHypnotistWrongPower) != "hold" {
				return hypnosis{}, why
			}
			// Option: the victim is still hypnotised, and holds.
			h := kit.HoldOrder(m, v)
			h.Text += " (" + why + ")"
			return hypnosis{unit: u, victim: v, written: h}, ""
		}
		if powerBarred(s, v) {
			return hypnosis{}, "the victim may not use its new power on the turn after a Doppelganger's swap"
		}
		if _, why := special(s, v, w); why != "" {
			return hypnosis{}, "the order written for the victim cannot be carried out: " + why
		}
	default:
		return hypnosis{}, "a hypnotised unit may be ordered to hold, move, support, convoy or use its named power"
	}
	w.Text = w.Format(m)
	return hypnosis{unit: u, victim: v, written: w}, ""
}

// writtenDoubleMove reads an order written for victim v in the seed's own
// three-space form of a double move ("A tri - alb - gre", which the parser
// takes for a move to its end by a path) as that double move ("A tri via
// alb - gre"), so it keeps its middle space, when both steps are steps of
// v's type: then it uses the Double Mover's power, which the Hypnotist
// must name. The reading goes by the map alone, not by v's card, so the
// order fails in the same words whether or not v is a Double Mover (and
// such a path is no convoy's: an army's middle space would be a sea).
// Any other order is returned as it is.
func writtenDoubleMove(m *engine.Map, v engine.Unit, w engine.Order, text string) engine.Order {
	if w.Kind != engine.Move || w.ViaConvoy {
		return w
	}
	path := textPath(m, text)
	if len(path) != 3 {
		return w
	}
	args := []string{path[1], "-", path[2]}
	if _, _, why := doubleMovePath(m, v, args); why != "" {
		return w
	}
	d := w
	d.Kind, d.Special, d.To, d.Args = engine.Special, doubleMoveOrder, engine.Nowhere, args
	return d
}

// hypnotiseAfter records the turn's hypnoses: the use (once per game
// year), and the reasons of the Hypnotist's and the victim's results. The
// Hypnotist's card is not revealed ("The GM will not identify the unit
// doing the Hypnotism").
func hypnotiseAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	if s.Phase.Type != engine.Movement {
		return
	}
	e := extraOf(out.Next)
	m := s.Map
	plan := planStrikes(s, kit.ResultOrders(out), false)
	for _, h := range plan.hypnoses {
		victim := m.PowerName(h.victim.Power) + " " + skUnitName(m, h.victim)
		k := kit.ResultOf(out, idOf(h.unit))
		if !h.ok {
			if k >= 0 {
				out.Results[k].OK, out.Results[k].Code = false, engine.Bounced
				if out.Results[k].Dislodged() != "" {
					out.Results[k].Code = engine.Dislodged
				}
				out.Results[k].Reword("the hypnosis of "+victim+" failed: "+h.why, h.victim)
				out.Results[k].SetCause(causeStrike)
			}
			continue
		}
		if e != nil {
			if e.Effects.Strikes.LastUse == nil {
				e.Effects.Strikes.LastUse = map[unitID]int{}
			}
			e.Effects.Strikes.LastUse[idOf(h.unit)] = kit.MoveIndex(s.Phase)
		}
		if k >= 0 {
			out.Results[k].Reword("hypnotised "+victim+" and wrote its order, "+h.written.Text+" (Hypnotist)", h.victim)
			out.Results[k].SetCause(causeStrike)
		}
		if v := kit.ResultOf(out, idOf(h.victim)); v >= 0 {
			out.Results[v].AddNote(hypnotisedNote)
		}
	}
}

// hypnotistConceal is the ConcealOutcome part of the Hypnotist: for every
// seat but the game master and the Hypnotist's owner, a hypnotise order is
// reported as a hold ("reporting it as Holding instead"), and a hypnotised
// unit's result says only what it did, except to its own owner, who is
// told it was hypnotised but not by whom (Rules Clarifications).
func hypnotistConceal(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	if seat.GM || before == nil || before.Phase.Type != engine.Movement {
		return
	}
	for k := range out.Results {
		r := &out.Results[k]
		if r.Unit.Type == engine.NoUnitType || (seat.Power != "" && r.Unit.Power == seat.Power) {
			continue
		}
		r.DropNote()
		if r.Order.Kind != engine.Special || r.Order.Special != hypnotiseName {
			continue
		}
		kit.ReportHeld(before.Map, r)
	}
}

// randomHypnotise gives a Hypnotist a random hypnosis of an adjacent unit
// of another power: hold, or move to a random neighbour.
func randomHypnotise(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if kindAt(s, u) != hypnotist || s.Phase.Type != engine.Movement || rng.Intn(3, "does the Hypnotist hypnotise") != 0 {
		return engine.Order{}, false
	}
	v, ok := kit.RandomNear(s, u, rng, skTouches, func(v engine.Unit) bool { return v.Power != u.Power }, "which unit the Hypnotist hypnotises")
	if !ok {
		return engine.Order{}, false
	}
	written := kit.RandomStay(s.Map, v, rng, "where the hypnotised unit goes")
	if kindAt(s, v) == doppelganger && rng.Intn(2, "is the hypnotised Doppelganger made to swap") == 0 {
		// Name its power exactly and make it swap with a unit next to it.
		for _, w := range s.Units {
			if idOf(w) != idOf(v) && skTouches(s.Map, v.Loc.P, w.Loc.P) {
				written = "doppelganger " + v.Type.String() + " " + s.Map.LocString(v.Loc) + " swap " + w.Type.String() + " " + s.Map.LocString(w.Loc)
				break
			}
		}
	}
	o := skSpecialOrder(s.Map, u, hypnotiseName, written)
	if _, why := hypnotiseTarget(s, u, o); why != "" {
		return engine.Order{}, false
	}
	return o, true
}

// optionHypnotistWrongPower decides what a hypnosis does when its written
// order uses a power the Hypnotist did not name exactly (or an
// Annihilator's, Gas Attacker's or Hypnotist's): "fail" (the default: the
// hypnosis fails and the victim carries out its own order) or "hold" (the
// victim is hypnotised all the same, and holds).
const optionHypnotistWrongPower = "hypnotist_wrong_power"

func hypnotistParts(r *registry) {
	addOption(r, optionHypnotistWrongPower, "fail", "a hypnosis whose order uses a power not named exactly: fail (the victim carries out its own order) or hold (the victim is hypnotised to hold)",
		func(v string) error {
			if v != "fail" && v != "hold" {
				return fmt.Errorf("want fail or hold, not %q", v)
			}
			return nil
		})
	addSpecialDrag(r, "hypnotise", hypnotiseName, []kind{hypnotist}, false, true, hypnotiseAs)
	// The American spelling parses too; it is not listed again in the hand.
	addSpecial(r, "hypnotize", hypnotiseName, nil, hypnotiseAs)
	r.After(priorityOf(hypnotist), hypnotiseAfter)
	r.Random(randomHypnotise)
}
