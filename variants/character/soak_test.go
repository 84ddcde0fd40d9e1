package character

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
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
	soakGames = 3
	soakYears = 20
	// soakSpecialPct is how often a unit whose card has a special order
	// is given one instead of its random standard order.
	soakSpecialPct = 30
)

func soakEnv(t *testing.T, name string, def int) int {
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
func TestSoak(t *testing.T) {
	games := soakEnv(t, "DIPDESK_SOAK_GAMES", soakGames)
	years := soakEnv(t, "DIPDESK_SOAK_YEARS", soakYears)
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
		t.Run(fmt.Sprintf("seed %d", seed), func(t *testing.T) {
			soakGame(t, m, seed, years)
		})
	}
}

func soakGame(t *testing.T, m *engine.Map, seed uint64, years int) {
	s, err := Variant.NewGame(m, map[string]string{optionAdd: "X5,X8"}, engine.NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	if bad := soakCheck(nil, nil, s); len(bad) > 0 {
		t.Fatalf("after Setup: %s", strings.Join(bad, "; "))
	}
	rng := engine.NewRand(seed * 7919)
	end := 1901 + years
	phases := 0
	for s.Phase.Year < end {
		orders := soakOrders(s, rng)
		var out *engine.Outcome
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("%s: panic: %v\norders: %v", s.Phase.Short(), r, orders)
				}
			}()
			out = engine.Adjudicate(s, orders, Variant.Rules, rng)
		}()
		if bad := soakCheck(s, out, out.Next); len(bad) > 0 {
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
	if phases < 2*years {
		t.Errorf("only %d phases in %d years", phases, years)
	}
}

// soakOrders draws random standard orders (engine.RandomOrders) and
// replaces some units' orders with a special order of their card
// (randomSpecial) in a movement phase.
func soakOrders(s *engine.State, rng *engine.Rand) []engine.Order {
	orders := engine.RandomOrders(s, rng)
	if s.Phase.Type != engine.Movement || !powersActive(s.Phase) {
		return orders
	}
	for _, u := range s.Units {
		if rng.Intn(100, "soak: a special order?") >= soakSpecialPct {
			continue
		}
		o, ok := randomSpecial(s, u, rng)
		if !ok {
			continue
		}
		// The special order replaces the unit's own; supports and convoys
		// naming it stay, as a player's might.
		orders = slices.DeleteFunc(orders, func(x engine.Order) bool { return x.Power == u.Power && x.At.P == u.Loc.P })
		orders = append(orders, o)
	}
	return orders
}

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
	bad = append(bad, soakRoundTrip(next)...)
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
				bad = append(bad, fmt.Sprintf("%s holds %d cards of the %s category (rule 5.c)", powerName(id.Power), n, c.Category))
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
			if strings.Contains(ev, " is dealt #") && !strings.HasPrefix(ev, powerName(seat.Power)+"'s ") {
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

// soakRoundTrip saves next as JSON and reads it back with the variant's
// decoder: the position must come back the same.
func soakRoundTrip(next *engine.State) []string {
	b, err := engine.MarshalState(next)
	if err != nil {
		return []string{"saving: " + err.Error()}
	}
	back, err := engine.UnmarshalStateExtra(next.Map, b, Variant.DecodeExtra)
	if err != nil {
		return []string{"reading back: " + err.Error()}
	}
	var bad []string
	// Equal as saved: an empty list and a missing one are the same
	// position (the JSON leaves empty effects out).
	x, _ := json.Marshal(back.Extra)
	y, _ := json.Marshal(next.Extra)
	if !bytes.Equal(x, y) {
		bad = append(bad, "the cards, deck or effects differ after the JSON round trip:\n"+string(x)+"\n"+string(y))
	}
	a, z := next.Clone(), back.Clone()
	a.SortUnits()
	z.SortUnits()
	if !reflect.DeepEqual(a.Units, z.Units) || !reflect.DeepEqual(a.Dislodged, z.Dislodged) || !reflect.DeepEqual(back.Owners, next.Owners) || back.Phase != next.Phase {
		bad = append(bad, "the units, owners or phase differ after the JSON round trip")
	}
	again, err := engine.MarshalState(back)
	if err != nil || !bytes.Equal(again, b) {
		bad = append(bad, "the JSON differs when saved again")
	}
	return bad
}
