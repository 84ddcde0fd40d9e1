package session

import (
	"path/filepath"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/standard"
)

// TestSeatDraws: the game master reads every draw of a step; a seat and
// the public read the dice only (a shuffle's swap and a card picked stay
// secret), as the reports list them.
func TestSeatDraws(t *testing.T) {
	v := *standard.Variant
	v.Rules = &engine.Rules{Phase: func(s *engine.State, orders []engine.Order, rng *engine.Rand) (*engine.Outcome, bool) {
		if s.Phase.Type != engine.Movement {
			return nil, false
		}
		rng.Intn(5, "a shuffle's swap")
		rng.Die(6, "a die in the open")
		rng.Pick([]string{"ace", "king"}, "a card from the deck")
		return engine.AdjudicateMovement(s, orders, nil), true
	}}
	g, err := CreateWith(filepath.Join(t.TempDir(), "d.dipdesk"), &v, Options{Seed: 5, Now: fixedClock()})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if _, _, err := g.Process("S1901M"); err != nil {
		t.Fatal(err)
	}
	ps, err := g.Phase("S1901M")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		seat engine.Seat
		want []string
	}{
		{engine.Seat{GM: true}, []string{"a shuffle's swap", "a die in the open", "a card from the deck"}},
		{engine.Seat{Power: "france"}, []string{"a die in the open"}},
		{engine.Seat{}, []string{"a die in the open"}},
	} {
		got, err := g.SeatDraws(ps, c.seat)
		if err != nil {
			t.Fatal(err)
		}
		var whys []string
		for _, d := range got {
			whys = append(whys, d.Why)
		}
		if len(whys) != len(c.want) {
			t.Errorf("%v reads %q, want %q", c.seat, whys, c.want)
			continue
		}
		for i := range whys {
			if whys[i] != c.want[i] {
				t.Errorf("%v reads %q, want %q", c.seat, whys, c.want)
			}
		}
	}
	cur, _ := g.Current()
	if d, err := g.SeatDraws(cur, engine.Seat{GM: true}); err != nil || d != nil {
		t.Errorf("a step not adjudicated has draws %v %v", d, err)
	}
}
