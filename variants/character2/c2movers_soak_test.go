package character2

import (
	"fmt"
	"slices"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// TestC2MoversSoak plays random games in which every unit holds a movers
// card, giving the cards' random special orders often, and checks after
// every phase: no panic, no two units in one space but Hyperspace, every
// unit where its type or its card lets it stand, every renumbered unit's
// card under its new id, and the position's JSON round trip.
func TestC2MoversSoak(t *testing.T) {
	m, err := board()
	if err != nil {
		t.Fatal(err)
	}
	kinds := []kind{hyperspace, jumper, doubleMover, amphibious, convertible, waterWalker, neanderthal, explorer}
	games, years := 12, 5
	if testing.Short() {
		games = 3
	}
	for g := range games {
		t.Run(fmt.Sprintf("game %d", g+1), func(t *testing.T) {
			rng := engine.NewRand(uint64(1000 + g))
			s, err := Variant.NewGame(m, nil, rng)
			if err != nil {
				t.Fatal(err)
			}
			// Every unit a movers card (the deal's cards replaced).
			e := extraOf(s)
			for i, u := range s.Units {
				k := kinds[(i+g)%len(kinds)]
				for _, c := range allCards() {
					if c.Kind == k {
						e.Give(idOf(u), c, s.Phase)
						break
					}
				}
			}
			phases, specials, revealed := 0, 0, 0
			for s.Phase.Year < 1901+years {
				phases++
				orders := engine.RandomOrders(s, rng)
				if s.Phase.Type == engine.Movement {
					for _, u := range s.Units {
						if rng.Intn(100, "soak: a special order?") >= 40 {
							continue
						}
						if o, ok := randomSpecial(s, u, rng); ok {
							specials++
							orders = slices.DeleteFunc(orders, func(x engine.Order) bool { return x.Power == u.Power && x.At.P == u.Loc.P })
							orders = append(orders, o)
						}
					}
				}
				var out *engine.Outcome
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("%s: panic: %v\norders: %v", s.Phase.Key(), r, orders)
						}
					}()
					out = engine.Adjudicate(s, orders, Variant.Rules, rng)
				}()
				next := out.Next
				seen := map[engine.ProvinceID]bool{}
				for _, u := range next.Units {
					p := next.Map.Province(u.Loc.P)
					// Builds hold cards of every kind: an invisible Ghost
					// shares its space (it does not occupy it).
					if seen[u.Loc.P] && !p.Unlimited && occupiesAll(next, u) {
						t.Fatalf("after %s: two units in %s; events %q", s.Phase.Key(), p.Name, out.Events)
					}
					if occupiesAll(next, u) {
						seen[u.Loc.P] = true
					}
					if !next.Map.CanHold(u.Type, u.Loc) && !enterAny(next, u, u.Loc) && !isHyperspace(next.Map, u.Loc.P) {
						t.Fatalf("after %s: %s stands where it may not", s.Phase.Key(), moverWords(next.Map, u))
					}
				}
				ne := extraOf(next)
				for id := range ne.Effects.Movers.Amp {
					if _, ok := ne.Cards[id]; !ok && kit.UnitIndex(next, id) >= 0 {
						t.Fatalf("after %s: Amp record of %v without its card", s.Phase.Key(), id)
					}
				}
				b, err := ne.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				if _, err := decodeExtra(b); err != nil {
					t.Fatalf("after %s: %v", s.Phase.Key(), err)
				}
				s = next
				if out.Winner() != "" {
					break
				}
			}
			for _, h := range extraOf(s).Cards {
				if h.Revealed != nil {
					revealed++
				}
			}
			if phases < 2*years || specials == 0 || revealed == 0 {
				t.Errorf("%d phases, %d special orders, %d cards revealed", phases, specials, revealed)
			}
			t.Logf("%d phases, %d special orders, %d cards revealed", phases, specials, revealed)
		})
	}
}
