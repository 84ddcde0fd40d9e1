package character

import (
	"fmt"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// TestMoversSoak plays seeded random games in which every starting unit
// holds one of the movement cards (#3-#8) and often gives the random
// special order of its card (parts.random), and checks after every phase
// that no two units share a space other than Hyperspace, that every unit
// stands where its type or its card lets it, and that the position
// round-trips through JSON.
func TestMoversSoak(t *testing.T) {
	games, years := 12, 6
	if testing.Short() {
		games = 3
	}
	cards := mustCards(t)
	ids := []string{amphibiousID, doubleMoverID, jumperID, converterID, explorerID, hyperspaceID}
	done := map[string]int{}
	defer func() {
		for _, name := range []string{doubleMoveOrder, jumpOrder, convertOrder} {
			if done[name] == 0 {
				t.Errorf("no %q order succeeded", name)
			}
		}
		t.Logf("special orders carried out: %v", done)
	}()
	for seed := 1; seed <= games; seed++ {
		rng := engine.NewRand(uint64(seed))
		s, err := Variant.NewGame(mustMap(t), nil, rng)
		if err != nil {
			t.Fatal(err)
		}
		e := s.Extra.(*extra)
		for _, u := range s.Units {
			c, _ := lookupCard(cards, ids[rng.Intn(len(ids), "soak card")])
			e.Give(idOf(u), c, s.Phase)
		}
		specials := 0
		for s.Phase.Year < 1901+years {
			orders := engine.RandomOrders(s, rng)
			if s.Phase.Type != engine.Retreat {
				for i, o := range orders {
					k := kit.OrderUnit(s, &o, reg.Rules())
					if k < 0 || rng.Intn(2, "soak: special or not") == 0 {
						continue
					}
					if sp, ok := randomSpecial(s, s.Units[k], rng); ok {
						orders[i] = sp
						specials++
					}
				}
			}
			out := engine.Adjudicate(s, orders, Variant.Rules, rng)
			for _, r := range out.Results {
				if r.Order.Kind == engine.Special && r.OK {
					done[r.Order.Special]++
				}
				if r.Order.Kind == engine.Special && r.Code == engine.Illegal && powersActive(s.Phase) && s.Phase.Type == engine.Movement {
					t.Errorf("seed %d, %v: a random special order is refused: %s %v: %s", seed, s.Phase, r.Order.Format(s.Map), r.Order.Args, r.Reason)
				}
			}
			if err := checkMovers(out.Next); err != nil {
				for _, r := range out.Results {
					t.Logf("%s %s: %s %s", r.Order.Format(s.Map), r.Order.Args, r.Code, r.Reason)
				}
				t.Fatalf("seed %d, %v: %v", seed, s.Phase, err)
			}
			s = out.Next
		}
		if specials == 0 {
			t.Errorf("seed %d: no special order given", seed)
		}
	}
}

func mustMap(t *testing.T) *engine.Map {
	m, err := Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// checkMovers checks a position's invariants.
func checkMovers(s *engine.State) error {
	at := map[engine.ProvinceID]bool{}
	for _, u := range s.Units {
		p := s.Map.Province(u.Loc.P)
		if at[u.Loc.P] && !p.Unlimited {
			return fmt.Errorf("two units in %s", p.Abbr)
		}
		at[u.Loc.P] = true
		ec := u.Type == engine.Fleet && u.Loc.C == engine.EastCoast && isCaspianCoast(s.Map, u.Loc.P)
		if !s.Map.CanHold(u.Type, u.Loc) && !ec && !enter(s, u, u.Loc) {
			return fmt.Errorf("%s %s stands where it may not", u.Type, s.Map.LocString(u.Loc))
		}
	}
	if e, ok := s.Extra.(*extra); ok {
		b, err := e.MarshalJSON()
		if err != nil {
			return err
		}
		if _, err := decodeExtra(b); err != nil {
			return err
		}
	}
	return nil
}
