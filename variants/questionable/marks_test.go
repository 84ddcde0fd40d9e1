package questionable

import (
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
)

// TestMarksOfTheTurn: between the characters' step and the moves, the
// board marks the units the characters acted on, with what they must do
// (rules 1, 3, 5), for every seat with public reports and, with private
// ones, for the units' own country and the game master only (Q12).
func TestMarksOfTheTurn(t *testing.T) {
	for _, reports := range []string{"public", "private"} {
		g := newGame(t, map[string]string{OptionReports: reports})
		// Briber 3 succeeds, Dealer 1 succeeds and picks the first of
		// the army's orders, Hooker 2 succeeds.
		g.step("England: bribe F stp/sc - lvn\nFrance: deal A vie\nGermany: seduce A mos", 3, 1, 0, 2)
		if g.s.Phase.Key() != "S1901M" {
			t.Fatalf("after the characters: %s", g.s.Phase.Key())
		}
		marks := func(seat engine.Seat) []string {
			v := engine.ViewFor(g.s, nil, seat, Variant.Rules)
			var out []string
			for _, mk := range cardgame.Of(v.State).Marks(v) {
				if mk.Kind != cardgame.MarkActedOn {
					t.Errorf("a mark of kind %d", mk.Kind)
				}
				out = append(out, mk.Tag+" "+g.m.Provinces[mk.Prov].Abbr+": "+mk.Why)
			}
			slices.Sort(out)
			return out
		}
		gm := marks(engine.Seat{GM: true})
		if len(gm) != 3 || !strings.HasPrefix(gm[0], "BR stp: Russia's F stp/sc must carry out F stp/sc - lvn: bribed by England (rule 1)") ||
			!strings.HasPrefix(gm[1], "FS vie: Austria's A vie must carry out A vie") || !strings.Contains(gm[1], "a free sample from France (rule 3)") ||
			gm[2] != "S mos: Russia's A mos is seduced and may not move this turn (rule 5)" {
			t.Fatalf("%s reports: the game master's marks %q", reports, gm)
		}
		for seat, want := range map[engine.Power]int{"russia": 2, "austria": 1, "france": 0, "england": 0} {
			got := marks(engine.Seat{Power: seat})
			if reports == "public" {
				want = 3
			}
			if len(got) != want {
				t.Errorf("%s reports: %s sees %q, want %d marks", reports, seat, got, want)
			}
		}
		// The moves played, the marks are gone.
		g.step("")
		if got := marks(engine.Seat{GM: true}); len(got) != 0 {
			t.Errorf("after the moves: %q", got)
		}
	}
}

// TestKilledLeaderNotWaitedFor: in the moves after its leader was
// killed (rule 7: treated as having sent no orders), a country is not
// waited for where every country reads the kill; with private reports it
// is, so that waiting for it tells nobody. Its units wear the NMR tag.
func TestKilledLeaderNotWaitedFor(t *testing.T) {
	for _, reports := range []string{"public", "private"} {
		g := newGame(t, map[string]string{OptionReports: reports}).at(1902, engine.Spring)
		g.step("Italy: kill austria", 1) // 1-2: the leader is killed
		if g.s.Phase.Key() != "S1902M" {
			t.Fatalf("after the characters: %s", g.s.Phase.Key())
		}
		a := engine.WhoActs(g.s, Variant.Rules)
		if waits := a.Waits("austria"); waits != (reports == "private") || !a.Waits("italy") {
			t.Errorf("%s reports: Austria waited for %v, Italy %v", reports, waits, a.Waits("italy"))
		}
		v := engine.ViewFor(g.s, nil, engine.Seat{Power: "austria"}, Variant.Rules)
		nmr := 0
		for _, mk := range cardgame.Of(v.State).Marks(v) {
			if mk.Tag == "NMR" && mk.Power == "austria" {
				nmr++
			}
		}
		if nmr != 3 {
			t.Errorf("%s reports: Austria's view tags %d of its 3 units NMR", reports, nmr)
		}
	}
}

// TestHandSaysOrdered: a character given an order this step says so in
// its country's hand (it read "ready" after it was ordered); another
// country's hand does not.
func TestHandSaysOrdered(t *testing.T) {
	g := newGame(t, nil)
	orders, errs := g.p.ParseOrders("", "England: bribe F stp/sc - lvn")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	notes := func(seat engine.Seat, owner engine.Power, name string) string {
		v := engine.ViewFor(g.s, orders, seat, Variant.Rules)
		for _, c := range cardgame.Of(v.State).Hand(v, Variant.Specials).Cards {
			if c.Unit.Power == owner && c.Name == name {
				return strings.Join(c.Notes, "; ")
			}
		}
		return ""
	}
	if got := notes(engine.Seat{Power: "england"}, "england", "Briber"); !strings.Contains(strings.ToLower(got), "ordered: bribe f stp/sc - lvn") {
		t.Errorf("England's Briber: %q", got)
	}
	if got := notes(engine.Seat{Power: "england"}, "england", "Embezzler"); strings.Contains(got, "ordered") {
		t.Errorf("England's Embezzler: %q", got)
	}
	if got := notes(engine.Seat{Power: "russia"}, "england", "Briber"); strings.Contains(got, "ordered") {
		t.Errorf("Russia reads England's Briber: %q", got)
	}
}
