package session

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"dipdesk/engine"
	"dipdesk/render"
)

// cardHolder makes games of variant id until one deals a unit the card
// named name, plays every phase with holds until the cards act (from
// Spring 1902 in Davis), and returns the game and the unit as it stands.
func cardHolder(t *testing.T, id, name string, from int) (*Game, engine.Unit) {
	t.Helper()
	for seed := uint64(1); seed < 300; seed++ {
		g, err := Create(filepath.Join(t.TempDir(), id+strconv.FormatUint(seed, 10)+".dipdesk"), Options{Variant: id, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for {
			cur, err := g.Current()
			if err != nil {
				t.Fatal(err)
			}
			if cur.State.Phase.Year >= from && cur.State.Phase.Type == engine.Movement {
				break
			}
			if _, _, err := g.Process(phaseNow(g)); err != nil {
				t.Fatal(err)
			}
		}
		h, _, err := g.Hands(engine.Seat{GM: true}, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range h.Cards {
			if c.Name == name && c.Space != "" {
				t.Cleanup(func() { g.Close() })
				return g, c.Unit
			}
		}
		g.Close()
	}
	t.Fatalf("no seed deals a %s", name)
	return nil, engine.Unit{}
}

// boardOf is the board of order text for u's power, as the owner sees it.
func boardOf(t *testing.T, g *Game, u engine.Unit, text string) ([]engine.Order, []render.Sign) {
	t.Helper()
	v, err := g.View(engine.Seat{Power: u.Power}, "")
	if err != nil {
		t.Fatal(err)
	}
	orders, errs := g.Variant().Parser(g.Map()).ParseOrders(u.Power, text)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	drawn, _, signs := BoardOrders(g.Variant(), v, orders, nil)
	return drawn, signs
}

// neighbour is a province next to u that the unit's type can enter.
func neighbour(g *Game, u engine.Unit, empty bool, s *engine.State) engine.Loc {
	m := g.Map()
	var next []engine.Loc
	if u.Type == engine.Army {
		for _, p := range m.ArmyNeighbours(u.Loc.P) {
			next = append(next, engine.Loc{P: p})
		}
	} else {
		next = m.FleetNeighbours(u.Loc)
	}
	for _, l := range next {
		if m.Provinces[l.P].Impassable || m.Provinces[l.P].Unlimited || (empty && s.UnitAt(l.P) >= 0) {
			continue
		}
		return l
	}
	return engine.Nowhere
}

// TestBoardOrdersDrawSpecials: an annihilation is drawn as the hold it is
// adjudicated as, with a target on the province struck; a mine laid on a
// move as the move, with the mine where the unit leaves; Galt's unit
// turning invisible as it moves, to its owner, as the move with its
// ring.
func TestBoardOrdersDrawSpecials(t *testing.T) {
	t.Run("annihilate", func(t *testing.T) {
		g, u := cardHolder(t, "character", "Annihilator", 1902)
		cur, _ := g.Current()
		to := neighbour(g, u, false, cur.State)
		text := g.Map().LocString(u.Loc) + " annihilate " + g.Map().Provinces[to.P].Abbr
		drawn, signs := boardOf(t, g, u, u.Type.String()+" "+text)
		if len(drawn) != 1 || drawn[0].Kind != engine.Hold || len(signs) != 1 || signs[0].Kind != render.SignTarget || signs[0].At != to.P || signs[0].Label != "annihilate" {
			t.Fatalf("drawn %+v signs %+v", drawn, signs)
		}
	})
	t.Run("lay mine", func(t *testing.T) {
		g, u := cardHolder(t, "character", "Minelayer", 1902)
		cur, _ := g.Current()
		to := neighbour(g, u, true, cur.State)
		text := u.Type.String() + " " + g.Map().LocString(u.Loc) + " lay mine " + g.Map().LocString(to)
		drawn, signs := boardOf(t, g, u, text)
		if len(drawn) != 1 || drawn[0].Kind != engine.Move || drawn[0].To.P != to.P || len(signs) != 1 || signs[0].Kind != render.SignMine || signs[0].At != u.Loc.P {
			t.Fatalf("%s: drawn %+v signs %+v", text, drawn, signs)
		}
	})
	t.Run("invisible move", func(t *testing.T) {
		g, u := cardHolder(t, "character2", "Invisible Unit", 1901)
		cur, _ := g.Current()
		to := neighbour(g, u, true, cur.State)
		text := u.Type.String() + " " + g.Map().LocString(u.Loc) + " invisible - " + g.Map().LocString(to)
		drawn, signs := boardOf(t, g, u, text)
		if len(drawn) != 1 || drawn[0].Kind != engine.Move || drawn[0].To.P != to.P || len(signs) != 1 || signs[0].Kind != render.SignHidden {
			t.Fatalf("%s: drawn %+v signs %+v", text, drawn, signs)
		}
	})
	t.Run("impossible special keeps its word", func(t *testing.T) {
		g, u := cardHolder(t, "character", "Annihilator", 1902)
		text := u.Type.String() + " " + g.Map().LocString(u.Loc) + " annihilate swe"
		drawn, signs := boardOf(t, g, u, text)
		if len(drawn) != 1 || drawn[0].Kind != engine.Special || len(signs) != 1 || signs[0].Kind != render.SignNote {
			t.Fatalf("drawn %+v signs %+v", drawn, signs)
		}
	})
}

// handCard is u's card as its power sees it.
func handCard(t *testing.T, g *Game, u engine.Unit) (engine.View, HandCard) {
	t.Helper()
	v, err := g.View(engine.Seat{Power: u.Power}, "")
	if err != nil {
		t.Fatal(err)
	}
	h, _ := HandsOf(v, g.Variant().Specials)
	for _, c := range h.Cards {
		if c.Unit.Loc.P == u.Loc.P && c.Unit.Number == u.Number {
			return v, c
		}
	}
	t.Fatalf("no card for %v", u)
	return v, HandCard{}
}

// TestCardCompletions: every way offered to finish a card's order is
// legal, the provinces struck are the unit's neighbours, a double move
// names two spaces.
func TestCardCompletions(t *testing.T) {
	for _, tc := range []struct {
		variant, card string
		from          int
		shape         func(c Completion) bool
	}{
		{"character", "Annihilator", 1902, func(c Completion) bool { return c.Target.Valid() && !strings.Contains(c.Args, "-") }},
		{"character", "Double Mover", 1902, func(c Completion) bool { return strings.Count(c.Args, " - ") == 1 }},
		{"character", "Minelayer", 1902, func(c Completion) bool { return c.Target.Valid() }},
		{"character2", "Invisible Unit", 1901, func(c Completion) bool { return true }},
	} {
		t.Run(tc.card, func(t *testing.T) {
			g, u := cardHolder(t, tc.variant, tc.card, tc.from)
			v, c := handCard(t, g, u)
			if len(c.Orders) == 0 {
				t.Fatalf("%s gives no order", tc.card)
			}
			start := time.Now()
			cs := CardCompletions(g.Variant(), v, c, c.Orders[0])
			t.Logf("%s %q: %d ways in %v", tc.card, c.Orders[0].Verb, len(cs), time.Since(start))
			if len(cs) == 0 {
				t.Fatal("no way to finish the order")
			}
			for _, x := range cs {
				if !tc.shape(x) {
					t.Errorf("odd completion %q", x.Text)
				}
				if ck := CheckOrders(g.Variant(), v, u.Power, x.Text); len(ck.Problems) > 0 {
					t.Errorf("%q offered but %v", x.Text, ck.Problems)
				}
			}
		})
	}
}

// TestMissingKeepsHiddenUnitsHidden: a Galt unit that turned invisible is
// counted among its power's units without orders for the game master,
// never for the table (whose board does not show it).
func TestMissingKeepsHiddenUnitsHidden(t *testing.T) {
	g, u := cardHolder(t, "character2", "Invisible Unit", 1901)
	text := u.Type.String() + " " + g.Map().LocString(u.Loc) + " invisible"
	if _, errs, err := g.SubmitOrders(phaseNow(g), u.Power, text); err != nil || len(errs) > 0 {
		t.Fatal(err, errs)
	}
	for { // to the next movement turn (Galt: a retreat phase after every turn)
		if _, _, err := g.Process(phaseNow(g)); err != nil {
			t.Fatal(err)
		}
		if cur, _ := g.Current(); cur.State.Phase.Type == engine.Movement {
			break
		}
	}
	count := func(seat engine.Seat) int {
		ms, err := g.Missing(seat)
		if err != nil {
			t.Fatal(err)
		}
		for _, pm := range ms.Powers {
			if pm.Power == u.Power {
				return len(pm.Unordered)
			}
		}
		return 0
	}
	gm, table := count(engine.Seat{GM: true}), count(engine.Seat{})
	if gm != table+1 {
		t.Errorf("%s's units without orders: %d for the game master, %d for the table; want one more for the game master (the invisible unit)", u.Power, gm, table)
	}
}
