package character2

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	"dipdesk/engine"
)

// The soak test's defaults: short enough for every `go test`.
// DIPDESK_SOAK_GAMES, DIPDESK_SOAK_YEARS and DIPDESK_SOAK_SEED (one game
// with that seed) play more.
const (
	c2SoakGames = 3
	c2SoakYears = 15
	// c2SoakSpecialPct is how often a unit whose card has a special order
	// is given one instead of its random standard order.
	c2SoakSpecialPct = 35
)

func envCount(t *testing.T, name string, def int) int {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		t.Fatalf("%s=%q: want a positive number", name, v)
	}
	return n
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
func TestSoakGalt(t *testing.T) {
	games := envCount(t, "DIPDESK_SOAK_GAMES", c2SoakGames)
	years := envCount(t, "DIPDESK_SOAK_YEARS", c2SoakYears)
	seeds := make([]uint64, games)
	for i := range seeds {
		seeds[i] = uint64(i + 1)
	}
	if v := os.Getenv("DIPDESK_SOAK_SEED"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("DIPDESK_SOAK_SEED=%q: %v", v, err)
		}
		seeds = []uint64{n}
	}
	m, err := Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range seeds {
		t.Run(fmt.Sprintf("seed %d", seed), func(t *testing.T) { soakGalt(t, m, seed, years) })
	}
}

func soakGalt(t *testing.T, m *engine.Map, seed uint64, years int) {
	s, err := Variant.NewGame(m, nil, engine.NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	if bad := galtCheck(s); len(bad) > 0 {
		t.Fatalf("after Setup: %s", strings.Join(bad, "; "))
	}
	rng := engine.NewRand(seed * 7919)
	end := 1901 + years
	phases := 0
	for s.Phase.Year < end {
		orders := galtOrders(s, rng)
		var out *engine.Outcome
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("%s: panic: %v\n%s\norders: %v", s.Phase.Short(), r, debug.Stack(), orders)
				}
			}()
			out = engine.Adjudicate(s, orders, Variant.Rules, rng)
		}()
		if bad := galtCheck(out.Next); len(bad) > 0 {
			for _, r := range out.Results {
				t.Logf("%s: %s %s", r.Order.Text, r.Code, r.Reason)
			}
			t.Logf("events: %q", out.Events)
			t.Fatalf("after %s: %s", s.Phase.Short(), strings.Join(bad, "\n  "))
		}
		s = out.Next
		phases++
		if out.Winner != "" {
			break
		}
	}
	e := s.Extra.(*extra)
	t.Logf("%d phases to %s, %d cards dealt, %d on the board", phases, s.Phase.Short(), e.Deck.Dealt(), len(e.Cards))
	if phases < 2*min(years, s.Phase.Year-1901) {
		t.Errorf("only %d phases to %s", phases, s.Phase.Short())
	}
}

// galtOrders draws random standard orders and replaces some units' orders
// with a special order of their card (randomSpecial) in a movement phase.
func galtOrders(s *engine.State, rng *engine.Rand) []engine.Order {
	orders := engine.RandomOrders(s, rng)
	if s.Phase.Type != engine.Movement {
		return orders
	}
	for _, u := range s.Units {
		if rng.Intn(100, "soak: a special order?") >= c2SoakSpecialPct {
			continue
		}
		o, ok := randomSpecial(s, u, rng)
		if !ok {
			continue
		}
		orders = slices.DeleteFunc(orders, func(x engine.Order) bool {
			return x.Power == u.Power && x.At.P == u.Loc.P && (x.Unit == engine.NoUnitType || x.Unit == u.Type)
		})
		orders = append(orders, o)
	}
	return orders
}

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
