package character

import (
	"testing"

	"dipdesk/engine"
)

// TestProposedSoak plays random games with every proposed card in the
// deck (and, from 1902, the cards dealt again at random so that each
// proposed card is on the board), mixing random standard orders with the
// special orders of the proposed cards. After every phase the position
// must save and load, every seat's view and outcome must be computable,
// and no card may be held by a unit not on the board.
func TestProposedSoak(t *testing.T) {
	m, err := Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	list := mustCards(t)
	ids := []string{"X1", "X2", "X3", "X4", "X6", "X9", "X10", "X11", "2", "9", "20"}
	games := 12
	if testing.Short() {
		games = 3
	}
	used := map[string]int{} // special orders that succeeded
	for g := range games {
		rng := engine.NewRand(uint64(100 + g))
		s, err := Variant.NewGame(m, map[string]string{optionAdd: "X1,X2,X3,X4,X6,X9,X10,X11"}, rng)
		if err != nil {
			t.Fatal(err)
		}
		s.Phase = engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Movement}
		e := s.Extra.(*extra)
		for i, u := range s.Units {
			c, _ := lookupCard(list, ids[(i+g)%len(ids)])
			e.Give(idOf(u), c, s.Phase)
		}
		for step := 0; step < 16 && s.Phase.Year < 1906; step++ {
			orders := engine.RandomOrders(s, rng)
			for _, u := range s.Units {
				if rng.Intn(2, "use a special order") == 0 {
					continue
				}
				o, ok := randomSpecial(s, u, rng)
				if !ok {
					continue
				}
				k := -1
				for j, x := range orders {
					if x.At.Valid() && x.At.P == u.Loc.P && x.Kind != engine.Build {
						k = j
					}
				}
				if k >= 0 {
					orders[k] = o
				} else {
					orders = append(orders, o)
				}
			}
			out := engine.Adjudicate(s, orders, Variant.Rules, rng)
			next := out.Next
			for _, r := range out.Results {
				if r.Order.Kind == engine.Special && r.OK {
					used[r.Order.Special]++
				}
			}
			b, err := engine.MarshalState(next)
			if err != nil {
				t.Fatalf("game %d %s: save: %v", g, s.Phase, err)
			}
			back, err := engine.UnmarshalStateExtra(m, b, decodeExtra)
			if err != nil {
				t.Fatalf("game %d %s: load: %v", g, s.Phase, err)
			}
			if b2, _ := engine.MarshalState(back); string(b2) != string(b) {
				t.Fatalf("game %d %s: the position does not round-trip", g, s.Phase)
			}
			for _, seat := range []engine.Seat{{GM: true}, {Power: "france"}, {Power: "germany"}, {}} {
				engine.ViewFor(next, nil, seat, Variant.Rules)
				engine.OutcomeFor(s, out, seat, Variant.Rules)
			}
			ne := next.Extra.(*extra)
			for _, u := range next.Units {
				// Builds get their cards from the lifecycle part, which
				// is not this part's; a unit that held a card keeps one.
				if _, had := s.Extra.(*extra).Cards[idOf(u)]; had {
					if _, ok := ne.Cards[idOf(u)]; !ok {
						t.Errorf("game %d %s: %s lost its card", g, s.Phase, idOf(u))
					}
				}
			}
			s = next
		}
	}
	t.Logf("special orders that succeeded: %v", used)
	for _, name := range []string{stealName, fortifyName, exchangeName} {
		if used[name] == 0 && !testing.Short() {
			t.Errorf("no %q succeeded in the soak games", name)
		}
	}
}
