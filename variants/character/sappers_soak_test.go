package character

import (
	"encoding/json"
	"strings"
	"testing"

	"dipdesk/engine"
)

// TestSappersSoak plays random games from Spring 1902 in which every
// unit holds one of this group's cards, mixing their random special
// orders (parts.random) into random orders: no panic, every result has a
// reason, the position saves and loads, mines only where they may be.
func TestSappersSoak(t *testing.T) {
	cards := []string{minelayerID, engineerID, retreaterID, cutterID, freeUnitID}
	list := mustCards(t)
	seen := map[string]int{}
	for seed := uint64(1); seed <= 6; seed++ {
		s := newGame(t, seed)
		s.Phase = s1902
		e := s.Extra.(*extra)
		for i, u := range s.Units {
			c, ok := lookupCard(list, cards[(i+int(seed))%len(cards)])
			if !ok {
				t.Fatal("no card")
			}
			e.Give(idOf(u), c, s1901)
		}
		rng := engine.NewRand(seed)
		for step := 0; step < 24 && s.Phase.Year < 1906; step++ {
			orders := engine.RandomOrders(s, rng)
			if s.Phase.Type != engine.Adjustment {
				for _, u := range s.Units {
					if rng.Intn(2, "use a special order") == 0 {
						if o, ok := randomSpecial(s, u, rng); ok {
							kept := orders[:0]
							for _, x := range orders {
								if x.At.P != u.Loc.P {
									kept = append(kept, x)
								}
							}
							orders = append(kept, o)
						}
					}
				}
			}
			out := engine.Adjudicate(s, orders, Variant.Rules, rng)
			for _, r := range out.Results {
				for _, what := range []string{"laid a mine", "retreated voluntarily", "support cut by the Cutter", "struck a mine", "picked up"} {
					if strings.Contains(r.Reason, what) {
						seen[what]++
					}
				}
				if r.Reason == "" {
					t.Fatalf("seed %d %s: %q has no reason", seed, s.Phase.Key(), r.Order.Text)
				}
			}
			b, err := json.Marshal(out.Next.Extra)
			if err != nil {
				t.Fatal(err)
			}
			back, err := decodeExtra(b)
			if err != nil {
				t.Fatalf("seed %d %s: %v", seed, s.Phase.Key(), err)
			}
			b2, _ := json.Marshal(back)
			if string(b) != string(b2) {
				t.Fatalf("seed %d %s: the position does not round-trip", seed, s.Phase.Key())
			}
			for _, seat := range []engine.Seat{{Power: "france"}, {}} {
				engine.OutcomeFor(s, out, seat, Variant.Rules)
			}
			s = out.Next
		}
	}
	for _, what := range []string{"laid a mine", "retreated voluntarily"} {
		if seen[what] == 0 {
			t.Errorf("the soak never saw %q", what)
		}
	}
	t.Logf("seen: %v", seen)
}
