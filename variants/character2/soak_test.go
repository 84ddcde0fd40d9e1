package character2

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit/kittest"
)

// soak is Galt's soak test (kittest.Soak): 3 games of 15 years by
// default, a special order for 35 units in a hundred whose card has one.
var soak = kittest.Soak{
	Variant: Variant, Games: 3, Years: 15, SpecialPct: 35,
	Replaces: func(x engine.Order, u engine.Unit) bool {
		return x.Power == u.Power && x.At.P == u.Loc.P && (x.Unit == engine.NoUnitType || x.Unit == u.Type)
	},
	Check: func(_ *engine.State, _ *engine.Outcome, next *engine.State) []string { return galtCheck(next) },
	Summary: func(s *engine.State, _ int) string {
		e := s.Extra.(*extra)
		return fmt.Sprintf("%d cards dealt, %d on the board", e.Deck.Dealt(), len(e.Cards))
	},
	MinPhases: func(s *engine.State, years int) int { return 2 * min(years, s.Phase.Year-1901) },
}

// TestSoakGalt plays seeded random games of Character Diplomacy II from
// Setup (random legal orders with the cards' special orders mixed in) and
// checks after every phase that nothing panicked and that:
//
//   - no two units share a province unless it is unlimited (Hyperspace)
//     or all but one of them do not occupy it (invisible Ghosts);
//   - every unit on the board or retreating holds a card, and every card
//     belongs to such a unit;
//   - no power holds cards against rule 3's caps;
//   - until the first whole-deck reshuffle, the 78 cards are all in the
//     pile, the discards or a unit's hand;
//   - every seat's view holds only cards that seat may know, and outside
//     the game master's no deck order and no log;
//   - the position survives its JSON round trip unchanged.
func TestSoakGalt(t *testing.T) { soak.Run(t) }

// galtOrders are the soak test's orders for s (kittest.Soak.Orders).
func galtOrders(s *engine.State, rng *engine.Rand) []engine.Order { return soak.Orders(s, rng) }

// galtCheck returns what is wrong with position s.
func galtCheck(s *engine.State) []string {
	var bad []string
	m := s.Map
	e := s.Extra.(*extra)
	occupying := map[engine.ProvinceID]int{}
	inGame := map[unitID]bool{}
	for _, u := range s.Units {
		inGame[idOf(u)] = true
		if occupiesAll(s, u) && !m.Provinces[u.Loc.P].Unlimited {
			if occupying[u.Loc.P]++; occupying[u.Loc.P] == 2 {
				bad = append(bad, "two units occupy "+m.Provinces[u.Loc.P].Name)
			}
		}
	}
	for _, d := range s.Dislodged {
		inGame[idOf(d.Unit)] = true
	}
	for id := range inGame {
		if h, ok := e.Cards[id]; !ok || h.Card.Kind == 0 {
			bad = append(bad, fmt.Sprintf("%s holds no card", id))
		}
	}
	kinds := map[engine.Power][]kind{}
	for _, id := range e.sortedIDs() {
		if !inGame[id] {
			bad = append(bad, fmt.Sprintf("%s holds a card but is not in the game", id))
			continue
		}
		k := e.Cards[id].Card.Kind
		if err := rule3(kinds[id.Power], k); err != nil {
			bad = append(bad, fmt.Sprintf("%s: %s breaks rule 3: %v", id.Power, k, err))
		}
		kinds[id.Power] = append(kinds[id.Power], k)
	}
	if e.Deck.shuffles == 0 {
		if n := e.Deck.Len() + e.Deck.DiscardLen() + len(e.Cards); n != deckSize {
			bad = append(bad, fmt.Sprintf("pile %d + discards %d + held %d = %d cards, want %d",
				e.Deck.Len(), e.Deck.DiscardLen(), len(e.Cards), n, deckSize))
		}
	}
	seats := []engine.Seat{{}}
	for _, p := range m.PowerIDs() {
		seats = append(seats, engine.Seat{Power: p})
	}
	for _, seat := range seats {
		v := engine.ViewFor(s, nil, seat, Variant.Rules)
		ve, ok := v.State.Extra.(*extra)
		if !ok {
			bad = append(bad, seat.String()+"'s view lost the cards")
			continue
		}
		if ve.Deck != nil || ve.Log != nil {
			bad = append(bad, seat.String()+"'s view holds the deck or the log")
		}
		for id, h := range ve.Cards {
			if h.Card.Kind != 0 && !e.KnownTo(id, seat) {
				bad = append(bad, fmt.Sprintf("%s's view holds %s's card %s", seat, id, h.Card))
			}
		}
	}
	b, err := engine.MarshalState(s)
	if err != nil {
		return append(bad, "save: "+err.Error())
	}
	back, err := engine.UnmarshalStateExtra(m, b, decodeExtra)
	if err != nil {
		return append(bad, "load: "+err.Error())
	}
	b2, err := engine.MarshalState(back)
	if err != nil || !bytes.Equal(b, b2) {
		var x, y any
		_ = json.Unmarshal(b, &x)
		_ = json.Unmarshal(b2, &y)
		bad = append(bad, fmt.Sprintf("JSON round trip differs (%v)", err))
	}
	return bad
}

// TestGameReplays: a seeded game plays the same every time (before, who
// was told where an invisible unit is, and why, followed a map's order).
func TestGameReplays(t *testing.T) {
	kittest.Replays(t, Variant, nil, 3, 6, 5, galtOrders)
}
