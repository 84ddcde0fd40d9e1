package character2

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
)

// The stance group's cards (Move First, Cutter and the three strength
// cards) are passive: their powers act without an order, and the table
// keeps them secret "until it affects the outcome of a conflict" (Cutter,
// the strength cards) or "of a turn" (Move First). The group reads both
// the same way (docs/rulings/parts/character2-c2stance.md, S1): a power
// affects the outcome when adjudicating the same orders with that unit's
// card taken away would give some order another result (success, bounce,
// cut, dislodgement) or leave another position. Only then is the card
// revealed (or hinted at), and until then every other seat reads the
// results as if the unit held no card (concealStance).

// stanceKinds are the passive cards whose use is secret until it matters.
var stanceKinds = []kind{moveFirst, cutter, doubleStrength, limitedDouble, superSupporter}

// concealedKinds are the cards concealStance hides until they are known:
// the stance cards, and the Water Walker/Superfleet, whose automatic
// support of a landing is passive too and revealed only when it decides a
// battle (superfleetAfter); its moves reveal it when made.
var concealedKinds = append(slices.Clone(stanceKinds), waterWalker)

// unitName names u for a report: "France's A bur".
func unitName(m *engine.Map, u engine.Unit) string {
	return fmt.Sprintf("%s's %s %s", m.PowerName(u.Power), u.Type, m.LocString(u.Loc))
}

// replayOrders are the orders a movement phase was adjudicated with, read
// back from its results (the orders after Rewrite).
func replayOrders(out *engine.Outcome) []engine.Order {
	var orders []engine.Order
	for _, r := range out.Results {
		if r.Code == engine.Defaulted || r.Order.Kind == engine.NoOrder {
			continue
		}
		orders = append(orders, r.Order)
	}
	return orders
}

// bareRules are the variant's rules for a counterfactual adjudication: no
// Rewrite (the orders are already rewritten), no After (no effects, no
// recursion), the standard phase sequence.
func bareRules() *engine.Rules {
	r := *reg.Rules()
	r.Rewrite, r.After, r.NextPhase, r.Phase = nil, nil, nil, nil
	return &r
}

// without returns a copy of s in which the units ids hold no card.
func without(s *engine.State, ids ...unitID) *engine.State {
	c := s.Clone()
	if e := extraOf(c); e != nil {
		for _, id := range ids {
			delete(e.Cards, id)
		}
	}
	return c
}

// withKind returns a copy of s in which unit id's card acts as kind k.
func withKind(s *engine.State, id unitID, k kind) *engine.State {
	c := s.Clone()
	if e := extraOf(c); e != nil && e.Cards[id] != nil {
		e.Cards[id].Card.Kind = k
	}
	return c
}

// adjudicateBare adjudicates orders from s with bareRules.
func adjudicateBare(s *engine.State, orders []engine.Order) *engine.Outcome {
	return engine.Adjudicate(s, orders, bareRules(), nil)
}

// resultKey identifies a result across two adjudications of one phase.
func resultKey(m *engine.Map, r engine.Result) string {
	return m.LocString(r.Unit.Loc) + "|" + r.Order.Format(m)
}

// sameOutcome reports whether a and b give every move and hold the same
// result and leave the same position (units and dislodged units). The
// results of supports and convoys are not compared: a support cut to no
// effect does not change "the outcome of a conflict".
func sameOutcome(m *engine.Map, a, b *engine.Outcome) bool {
	codes := func(o *engine.Outcome) []string {
		var out []string
		for _, r := range o.Results {
			if r.Order.Kind == engine.Support || r.Order.Kind == engine.Convoy {
				continue
			}
			out = append(out, fmt.Sprintf("%s=%v/%v", resultKey(m, r), r.OK, r.Code))
		}
		for _, u := range o.Next.Units {
			out = append(out, "unit "+string(u.Power)+" "+u.Type.String()+" "+m.LocString(u.Loc))
		}
		for _, d := range o.Next.Dislodged {
			out = append(out, "dislodged "+string(d.Unit.Power)+" "+m.LocString(d.Unit.Loc))
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(codes(a), codes(b))
}

// affects reports whether unit id's card changed the outcome of the
// movement phase from s with orders, whose bare adjudication is base.
func affects(s *engine.State, orders []engine.Order, base *engine.Outcome, id unitID) bool {
	return !sameOutcome(s.Map, base, adjudicateBare(without(s, id), orders))
}

// stanceIDs lists the units of s holding one of kinds, in a fixed order.
func stanceIDs(s *engine.State, kinds ...kind) []unitID {
	e := extraOf(s)
	if e == nil {
		return nil
	}
	var out []unitID
	for _, id := range e.sortedIDs() {
		if slices.Contains(kinds, e.Cards[id].Card.Kind) {
			out = append(out, id)
		}
	}
	return out
}

// concealStance is the group's ConcealOutcome part. A seat that does not
// know a stance card of a unit (nor a hint of it) reads the movement
// phase's results as adjudicated without those cards, provided that
// adjudication gives every order the same result (the card did not
// affect the outcome, so it was not revealed): the strengths in the
// reasons ("2 vs 1") and the Cutter's and Move First's words would
// otherwise tell the secret. Only the engine's words are read again
// (engine.Result.Rephrase): what other parts added (a double move's
// second step, a unit destroyed), a note and a secret stay, and a result
// another part worded (it has a Cause) keeps all its words.
func concealStance(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	if before == nil || before.Phase.Type != engine.Movement || out.Next == nil {
		return
	}
	known := extraOf(out.Next)
	var hidden []unitID
	for _, id := range stanceIDs(before, concealedKinds...) {
		if known != nil {
			if _, ok := known.Cards[id]; ok {
				continue // its card or a hint of it is known to seat
			}
		}
		hidden = append(hidden, id)
	}
	if len(hidden) == 0 {
		return
	}
	orders := replayOrders(out)
	cf := adjudicateBare(without(before, hidden...), orders)
	alt := map[string]engine.Result{}
	rank := map[string]int{}
	for i, r := range cf.Results {
		alt[resultKey(before.Map, r)] = r
		rank[resultKey(before.Map, r)] = i
	}
	// The results come in the order a turn without the hidden cards gives
	// them: Move First's first step would otherwise show first.
	slices.SortStableFunc(out.Results, func(a, b engine.Result) int {
		ra, oka := rank[resultKey(before.Map, a)]
		rb, okb := rank[resultKey(before.Map, b)]
		switch {
		case oka && okb:
			return ra - rb
		case oka:
			return -1
		case okb:
			return 1
		}
		return 0
	})
	for i, r := range out.Results {
		a, ok := alt[resultKey(before.Map, r)]
		if !ok || r.Cause() != "" {
			// A result another part decided and worded (a strike, a swap,
			// a conversion: it gave the result a Cause) keeps its words;
			// this group gives none.
			continue
		}
		switch {
		case a.OK == r.OK && a.Code == r.Code:
			out.Results[i].Rephrase(a)
		case r.Order.Kind == engine.Support && (r.Code == engine.Cut || r.Code == engine.OK) && (a.Code == engine.Cut || a.Code == engine.OK):
			// A support cut (or spared) by a hidden card to no effect on
			// the moves reads as it would have without the card.
			out.Results[i].OK, out.Results[i].Code = a.OK, a.Code
			out.Results[i].Rephrase(a)
		}
	}
}

// checkKnown is the case files' POSTSTATE_KNOWN block: each line names a
// unit after the step and what every player knows of its card: "public"
// (revealed), "hinted" (a hint only, "a double strength unit") or
// "secret" (its owner and the game master only). "France: 1A mun hinted".
func checkKnown(su *casefile.Setup, file string, lines []casefile.Line, out *engine.Outcome) ([]string, error) {
	return cards.CheckKnown(su, file, lines, out.Next, extraOf(out.Next).Cards)
}

func stanceParts(r *registry) {
	// First of the ConcealOutcome parts, whatever the order of the files:
	// it replays the phase from every result, before another part (the
	// hidden units) takes results out of the seat's copy.
	r.ConcealOutcomeFirst(concealStance)
	r.CaseCheck("POSTSTATE_KNOWN", checkKnown)
}
