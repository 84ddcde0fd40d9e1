package questionable

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// phase adjudicates the characters' own step, and a movement turn whose
// characters act with the moves (option character_step together).
func phase(s *engine.State, orders []engine.Order, rng *engine.Rand) (*engine.Outcome, bool) {
	switch {
	case isCharacters(s.Phase):
		return charactersTurn(s, orders, rng), true
	case s.Phase.Type == engine.Movement && !optionsOf(extraOf(s)).separate:
		return movesWithCharacters(s, orders, rng), true
	}
	return nil, false
}

// charactersTurn resolves the characters before a movement turn (rule
// 8: "Before the moves, the questionable characters are resolved") and
// keeps what they decided for the moves (a killed leader's country, the
// orders bribed or drawn at random, the units seduced); a unit changes
// country at once. Units are ordered in the moves that follow.
func charactersTurn(s *engine.State, orders []engine.Order, rng *engine.Rand) *engine.Outcome {
	out := &engine.Outcome{Phase: s.Phase, Next: s.Clone()}
	r := resolveCharacters(out.Next, orders, rng)
	for _, o := range orders {
		if !o.SeatOrder() {
			out.Results = append(out.Results, engine.Result{Order: o, Code: engine.Illegal,
				Reason: "units are ordered in the moves that follow the characters"})
		}
	}
	out.Results = append(r.results, out.Results...)
	out.Events = r.events
	t := &turn{Phase: engine.Phase{Year: s.Phase.Year, Season: s.Phase.Season, Type: engine.Movement}}
	for p := range r.nmr {
		t.NMR = append(t.NMR, p)
	}
	slices.Sort(t.NMR)
	for id, f := range r.forced {
		if t.Forced == nil {
			t.Forced = map[int32]forcedRecord{}
		}
		t.Forced[id] = forcedRecord{Order: f.order.Format(s.Map), Why: f.why, By: f.by.String()}
	}
	for id := range r.seduced {
		t.Seduced = append(t.Seduced, id)
	}
	slices.Sort(t.Seduced)
	extraOf(out.Next).Turn = t
	return out
}

// movesWithCharacters adjudicates a movement turn whose characters act
// with it: they are resolved first, on the position the moves are then
// adjudicated on, and the units' orders are changed as they decided.
func movesWithCharacters(s *engine.State, orders []engine.Order, rng *engine.Rand) *engine.Outcome {
	c := s.Clone()
	r := resolveCharacters(c, orders, rng)
	eff := effects{nmr: r.nmr, forced: r.forced, wants: r.wants, seduced: r.seduced}
	final, log := finalOrders(c, unitOrders(orders), eff, r.opt)
	out := engine.AdjudicateMovement(c, final, nil)
	out.Results = append(r.results, out.Results...)
	out.Events = append(append(r.events, log...), out.Events...)
	return out
}

// rewriteMoves changes the units' orders of a movement turn as the
// characters' own step before it decided (option character_step
// separate).
func rewriteMoves(s *engine.State, orders []engine.Order, _ *engine.Rand) ([]engine.Order, []string) {
	e := extraOf(s)
	if s.Phase.Type != engine.Movement || e == nil || e.Turn == nil || e.Turn.Phase != s.Phase {
		return orders, nil
	}
	eff := effects{nmr: map[engine.Power]string{}, forced: map[int32]forced{}, seduced: map[int32]string{}}
	for _, p := range e.Turn.NMR {
		eff.nmr[p] = s.Map.PowerName(p) + "'s leader was killed"
	}
	p := &engine.Parser{Map: s.Map}
	for id, f := range e.Turn.Forced {
		i := s.UnitByID(id)
		if i < 0 {
			continue
		}
		o, err := p.ParseOrder(s.Units[i].Power, f.Order)
		if err != nil {
			continue
		}
		eff.forced[id] = forced{order: o, why: f.Why}
	}
	for _, id := range e.Turn.Seduced {
		eff.seduced[id] = "a Hooker"
	}
	return finalOrders(s, orders, eff, optionsOf(e))
}

// afterMoves forgets, once the moves are adjudicated, what the
// characters decided for them.
func afterMoves(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	if e := extraOf(out.Next); e != nil && s.Phase.Type == engine.Movement {
		e.Turn = nil
	}
}

// effects are what the characters decided for the units' orders.
type effects struct {
	nmr     map[engine.Power]string
	forced  map[int32]forced
	wants   map[int32]engine.Order
	seduced map[int32]string
}

// unitOrders are the orders of units among orders.
func unitOrders(orders []engine.Order) []engine.Order {
	return slices.DeleteFunc(slices.Clone(orders), func(o engine.Order) bool { return o.SeatOrder() })
}

// finalOrders changes the units' orders as the characters decided: the
// order its thief or winner gave a unit taken this turn (one deadline);
// a country whose leader was killed has sent no orders (rule 7); a bribed
// unit or a wasted one carries out the order it was given (rules 1, 3);
// a seduced unit does not move (rule 5). Each change is logged.
func finalOrders(s *engine.State, orders []engine.Order, eff effects, opt options) ([]engine.Order, []string) {
	m := s.Map
	out := slices.Clone(orders)
	var log []string
	ordersOf := func(i int) []int {
		var idx []int
		for k := range out {
			if j := engine.UnitOf(s, &out[k], nil); j == i && out[k].Power == s.Units[i].Power {
				idx = append(idx, k)
			}
		}
		return idx
	}
	replace := func(i int, o engine.Order) {
		for _, k := range slices.Backward(ordersOf(i)) {
			out = slices.Delete(out, k, k+1)
		}
		o.Power = s.Units[i].Power
		out = append(out, o)
	}
	hold := func(u engine.Unit) engine.Order {
		return engine.Order{Power: u.Power, Kind: engine.Hold, Unit: u.Type, At: u.Loc, To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere,
			Text: m.UnitCode(u.Type, u.Kind) + " " + m.LocString(u.Loc) + " H"}
	}
	say := func(p engine.Power, text string) {
		if opt.private {
			text = kit.PrivateEvent(m, p, text)
		}
		log = append(log, text)
	}
	voided := map[engine.Power]bool{}
	for i, u := range s.Units {
		name := m.PowerName(u.Power) + "'s " + m.UnitCode(u.Type, u.Kind) + " " + m.LocString(u.Loc)
		if o, ok := eff.wants[u.ID]; ok {
			replace(i, o)
		}
		if why, ok := eff.nmr[u.Power]; ok {
			replace(i, hold(u))
			if !voided[u.Power] {
				voided[u.Power] = true
				say(u.Power, fmt.Sprintf("%s: %s's orders are void this turn (rule 7)", why, m.PowerName(u.Power)))
			}
		}
		if f, ok := eff.forced[u.ID]; ok {
			replace(i, f.order)
			say(u.Power, fmt.Sprintf("%s carries out %s (%s)", name, f.order.Format(m), f.why))
		}
		if who, ok := eff.seduced[u.ID]; ok {
			for _, k := range ordersOf(i) {
				if out[k].Kind == engine.Move || (opt.hookerHoldAll && out[k].Kind != engine.Hold) {
					replace(i, hold(u))
					say(u.Power, fmt.Sprintf("%s, seduced by %s, does not move (rule 5)", name, who))
					break
				}
			}
		}
	}
	return out, log
}

// concealOutcome: with the option character_reports private, a country
// reads only the characters' results that are its own or that acted on
// its units or its leader (the game master reads them all; the public
// none), ruling Q12. A refused order (Illegal, Void: refused as given, or
// left with nothing to do) acted on nobody: only its country reads it;
// so does a unit's order given in the characters' step, where units take
// no orders. A unit stolen or won is its thief's by the time the result
// is written: the country it was taken from is the one the result's
// words name (Result.Names).
func concealOutcome(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	kit.ConcealPrivate(before, seat, out)
	if seat.GM || !optionsOf(extraOf(before)).private {
		return
	}
	kept := out.Results[:0]
	for _, r := range out.Results {
		if readsResult(before.Map, isCharacters(out.Phase) || isCharacters(before.Phase), seat.Power, r) {
			kept = append(kept, r)
		}
	}
	out.Results = kept
}

// readsResult reports whether power p ("" the public) reads result r of
// a step (the characters' own when characters), with private character
// reports.
func readsResult(m *engine.Map, characters bool, p engine.Power, r engine.Result) bool {
	switch {
	case p != "" && r.Order.Power == p:
		return true
	case !r.Order.SeatOrder():
		return !characters // the moves are public
	case p == "" || r.Code == engine.Illegal || r.Code == engine.Void:
		return false
	}
	return actsOn(r, p) || slices.Contains(leadersOf(m, r), p)
}

// concealTurn: with the option character_reports private, a country's
// view of what the characters decided for the moves (a bribed or wasted
// unit's order and who made it so, a seduced unit, a country whose
// leader was killed) keeps only what concerns its own units and itself,
// as the private events of the moves tell it (ruling Q12); the public's
// keeps nothing. The game master's view keeps all.
func concealTurn(v *engine.View) {
	e := extraOf(v.State)
	if e == nil || e.Turn == nil || v.Seat.GM || !optionsOf(e).private {
		return
	}
	s, p := v.State, v.Seat.Power
	mine := func(id int32) bool {
		i := s.UnitByID(id)
		return p != "" && i >= 0 && s.Units[i].Power == p
	}
	t := *e.Turn
	t.NMR = slices.DeleteFunc(slices.Clone(t.NMR), func(q engine.Power) bool { return p == "" || q != p })
	t.Seduced = slices.DeleteFunc(slices.Clone(t.Seduced), func(id int32) bool { return !mine(id) })
	if t.Forced != nil {
		kept := map[int32]forcedRecord{}
		for id, f := range t.Forced {
			if mine(id) {
				kept[id] = f
			}
		}
		t.Forced = kept
	}
	e.Turn = &t
}

// actsOn reports whether result r's character acted on a unit of p's: the
// unit is p's, or was p's when the character took it.
func actsOn(r engine.Result, p engine.Power) bool {
	if r.Unit.Type != engine.NoUnitType && r.Unit.Power == p {
		return true
	}
	return slices.ContainsFunc(r.Names(), func(n engine.Name) bool { return n.Unit.Power == p })
}

// leadersOf are the leaders a Killer's or a Thug's result concerns: the
// one its order names and, for a Killer's 4, the other leader it turned
// on (otherLeaderWords).
func leadersOf(m *engine.Map, r engine.Result) []engine.Power {
	k, _ := kindByVerb(r.Order.Special)
	if k != killer && k != thug {
		return nil
	}
	var out []engine.Power
	if p, ok := leaderArg(m, strings.Join(r.Order.Args, " ")); ok {
		out = append(out, p)
	}
	if k == killer {
		for _, pi := range m.Powers {
			if !pi.Role && strings.Contains(r.Reason, otherLeaderWords(m, pi.ID)) {
				out = append(out, pi.ID)
			}
		}
	}
	return out
}
