package questionable

import (
	"testing"

	"dipdesk/engine"
)

// turnSeen says what seat's view of the position s holds of what the
// characters decided for the moves: the units (by power) whose orders
// are forced, the units seduced, the countries whose orders are void.
func turnSeen(s *engine.State, seat engine.Seat) (forced, seduced, nmr []engine.Power) {
	v := engine.ViewFor(s, nil, seat, Variant.Rules)
	t := extraOf(v.State).Turn
	if t == nil {
		return nil, nil, nil
	}
	for id := range t.Forced {
		forced = append(forced, s.Units[s.UnitByID(id)].Power)
	}
	for _, id := range t.Seduced {
		seduced = append(seduced, s.Units[s.UnitByID(id)].Power)
	}
	return forced, seduced, t.NMR
}

// TestPrivateTurnInViews: with character_reports private, what the
// characters' step decided for the moves is in a country's view only for
// its own units (ruling Q12): France's view, sent to its screen or over
// the LAN, told it "bribed by England" for Russia's fleet and which army
// Germany's Hooker seduced. With public reports every view holds it all.
func TestPrivateTurnInViews(t *testing.T) {
	for _, reports := range []string{"private", "public"} {
		g := newGame(t, map[string]string{OptionReports: reports})
		g.step("England: bribe F stp/sc - lvn\nGermany: seduce A mos", 3, 2)
		if g.s.Phase.Key() != "S1901M" || g.character("england", briber).Caught != 0 || g.character("germany", hooker).Dead {
			t.Fatalf("after the characters: %s, England's Briber caught %d times, Germany's Hooker dead %v",
				g.s.Phase.Key(), g.character("england", briber).Caught, g.character("germany", hooker).Dead)
		}
		for _, c := range []struct {
			seat            engine.Seat
			forced, seduced int // what the seat sees with private reports
		}{
			{engine.Seat{GM: true}, 1, 1},
			{engine.Seat{Power: "russia"}, 1, 1},
			{engine.Seat{Power: "france"}, 0, 0},
			{engine.Seat{Power: "england"}, 0, 0},
			{engine.Seat{Power: "germany"}, 0, 0},
			{engine.Seat{}, 0, 0},
		} {
			forced, seduced, _ := turnSeen(g.s, c.seat)
			wantF, wantS := c.forced, c.seduced
			if reports == "public" {
				wantF, wantS = 1, 1
			}
			if len(forced) != wantF || len(seduced) != wantS {
				t.Errorf("%s reports: %v's view holds %d forced orders (%v) and %d seduced units (%v), want %d and %d",
					reports, c.seat, len(forced), forced, len(seduced), seduced, wantF, wantS)
			}
			for _, p := range append(forced, seduced...) {
				if p != "russia" {
					t.Errorf("%v sees a unit of %s's acted on", c.seat, p)
				}
			}
		}
	}
}
