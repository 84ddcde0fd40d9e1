package character

import (
	"fmt"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
	"dipdesk/variants/kit/kittest"
)

// soak is Davis's soak test (kittest.Soak): 3 games of 20 years by
// default, the proposed cards X5 and X8 voted in, a special order for 30
// units in a hundred whose card has one, from 1902 (rule 7).
var soak = kittest.Soak{
	Variant: Variant, Options: map[string]string{optionAdd: "X5,X8"},
	Games: 3, Years: 20, SpecialPct: 30,
	Specials: func(s *engine.State) bool { return powersActive(s.Phase) },
	Check:    soakCheck,
	Summary: func(s *engine.State, _ int) string {
		e := s.Extra.(*extra)
		return fmt.Sprintf("%d cards dealt, %d on the board", e.Deck.Dealt(), len(e.Cards))
	},
}

// TestSoak plays seeded random games of Character Diplomacy from Setup for
// 20 game years (random legal orders, special orders of the cards mixed
// in) and checks after every phase that nothing panicked and that:
//
//   - no two units stand where only one may (Unlimited spaces excepted);
//   - every unit in the game holds exactly one card and every card belongs
//     to such a unit; the deck's cards are conserved (checkCards);
//   - every card dealt in the phase respects rule 5's caps (checkDeal),
//     and no power ever holds more than the card table allows;
//   - every seat's view (engine.ViewFor with the variant's Conceal) holds
//     only cards that seat may know (rule 3) and, outside the game
//     master's, no deck order, no discards and no log; its outcome names
//     no card dealt to another power;
//   - the position survives its JSON round trip unchanged.
func TestSoak(t *testing.T) { soak.Run(t) }

// soakOrders are the soak test's orders for s (kittest.Soak.Orders).
func soakOrders(s *engine.State, rng *engine.Rand) []engine.Order { return soak.Orders(s, rng) }

// soakCheck returns what is wrong with next, the position after out was
// adjudicated from before (nil for the position Setup made).
func soakCheck(before *engine.State, out *engine.Outcome, next *engine.State) []string {
	bad := checkCards(next)
	m := next.Map
	seen := map[engine.ProvinceID]int{}
	for _, u := range next.Units {
		if seen[u.Loc.P]++; seen[u.Loc.P] == 2 && !m.Provinces[u.Loc.P].Unlimited {
			bad = append(bad, "two units in "+m.Provinces[u.Loc.P].Name)
		}
	}
	e := next.Extra.(*extra)
	bad = append(bad, soakCaps(next, e, out)...)
	bad = append(bad, soakViews(before, out, next, e)...)
	bad = append(bad, kittest.RoundTrip(next, Variant.DecodeExtra)...)
	return bad
}

// soakCaps checks rule 5: each card dealt in the phase passes checkDeal
// against the power's other cards, and no power ever holds more than one
// card of a "*" category or more than two of any limited one.
func soakCaps(next *engine.State, e *extra, out *engine.Outcome) []string {
	var bad []string
	count := map[engine.Power]map[string]int{}
	for _, id := range e.sortedIDs() {
		h := e.Cards[id]
		c := h.Card
		if c.Limit != noLimit && !c.Blank {
			if count[id.Power] == nil {
				count[id.Power] = map[string]int{}
			}
			count[id.Power][c.Category]++
			n := count[id.Power][c.Category]
			if n > 2 || (c.Limit == oneEver && n > 1) {
				bad = append(bad, fmt.Sprintf("%s holds %d cards of the %s category (rule 5.c)", kit.PowerName(id.Power), n, c.Category))
			}
		}
		if out == nil || h.Dealt != out.Phase || c.Blank {
			continue
		}
		to := e.dealTo(next, id.Power)
		to.Type = id.Type
		to.Hand = nil
		for _, other := range e.sortedIDs() {
			if other.Power == id.Power && other != id {
				to.Hand = append(to.Hand, e.Cards[other].Card)
			}
		}
		if err := checkDeal(c, to); err != nil {
			bad = append(bad, fmt.Sprintf("%s was dealt %s against rule 5: %v", id, c, err))
		}
	}
	return bad
}

// soakViews checks each seat's view of next, and of the outcome (rule 3).
func soakViews(before *engine.State, out *engine.Outcome, next *engine.State, e *extra) []string {
	var bad []string
	seats := []engine.Seat{{GM: true}, {}}
	for _, p := range next.Map.PowerIDs() {
		seats = append(seats, engine.Seat{Power: p})
	}
	for _, seat := range seats {
		v := engine.ViewFor(next, nil, seat, Variant.Rules)
		ve, ok := v.State.Extra.(*extra)
		if !ok {
			bad = append(bad, fmt.Sprintf("%s: the view has no cards", seat))
			continue
		}
		if seat.GM {
			if ve.Deck == nil || len(ve.Cards) != len(e.Cards) {
				bad = append(bad, "the game master's view lacks the deck or cards")
			}
			continue
		}
		if ve.Deck != nil || ve.Log != nil || ve.Public == nil {
			bad = append(bad, fmt.Sprintf("%s sees the deck or the game master's log", seat))
		}
		for id, h := range ve.Cards {
			if !e.KnownTo(id, seat) {
				bad = append(bad, fmt.Sprintf("%s sees %s's card %s", seat, id, h.Card))
			}
			for p := range h.Told {
				if p != seat.Power {
					bad = append(bad, fmt.Sprintf("%s sees that %s's card was told to %s", seat, id, p))
				}
			}
		}
		for id := range e.Cards {
			if _, ok := ve.Cards[id]; e.KnownTo(id, seat) && !ok {
				bad = append(bad, fmt.Sprintf("%s does not see %s's card, which it knows", seat, id))
			}
		}
		if out == nil {
			continue
		}
		for _, ev := range engine.OutcomeFor(before, out, seat, Variant.Rules).Events {
			if strings.Contains(ev, " is dealt #") && !strings.HasPrefix(ev, kit.PowerName(seat.Power)+"'s ") {
				bad = append(bad, fmt.Sprintf("%s reads another power's deal: %q", seat, ev))
			}
		}
	}
	if out != nil {
		for _, ev := range out.Events {
			if strings.Contains(ev, " is dealt #") {
				bad = append(bad, fmt.Sprintf("a public event names a dealt card: %q", ev))
			}
		}
	}
	return bad
}

// TestGameReplays: a seeded game plays the same every time.
func TestGameReplays(t *testing.T) {
	kittest.Replays(t, Variant, map[string]string{optionAdd: "X5,X8"}, 3, 6, 5, soakOrders)
}
