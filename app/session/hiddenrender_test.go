package session

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"

	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/render/geometry"
	"dipdesk/variants"
	"dipdesk/variants/kit"
)

// TestHiddenUnitsLeaveNoTraceOnTheBoard plays random Character Diplomacy
// II games (random orders with the cards' special orders, invisibility
// among them) and, after every phase, draws each power's board as the
// window does (its view, with the marks it may see). For every unit the
// power's view lacks, it then removes that unit from the game master's
// position and draws the power's board again: the two pictures must be
// identical to the pixel, and so must the units the views list. A board
// that showed anything of an unseen unit (a piece, a hidden-unit mark, a
// civil disorder sign at its place) would differ. The variant's own leak
// test (variants/character2) checks the views and reports against the
// rules; this one checks what the renderer draws from them.
// DIPDESK_SOAK_GAMES plays more games.
func TestHiddenUnitsLeaveNoTraceOnTheBoard(t *testing.T) {
	games := 2
	if v := os.Getenv("DIPDESK_SOAK_GAMES"); v != "" {
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			games = n
		}
	}
	b, err := geometry.Load()
	if err != nil {
		t.Fatal(err)
	}
	galt, ok := variants.Lookup("character2")
	if !ok || galt.RandomSpecial == nil {
		t.Fatal("no variant character2 with random special orders")
	}
	m, err := galt.Map()
	if err != nil {
		t.Fatal(err)
	}
	r := render.New(b, m)
	rules := galt.Rules
	compared := 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		s, err := galt.NewGame(m, nil, engine.NewRand(seed))
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRand(seed * 31)
		for s.Phase.Year < 1905 {
			for _, p := range m.PowerIDs() {
				seat := engine.Seat{Power: p}
				v := engine.ViewFor(s, nil, seat, rules)
				hidden := unseenUnits(s, v)
				if len(hidden) == 0 {
					continue
				}
				without := s.Clone()
				without.Units = slices.DeleteFunc(without.Units, func(u engine.Unit) bool { return slices.Contains(hidden, kit.IDOf(u)) })
				w := engine.ViewFor(without, nil, seat, rules)
				if got, want := unitList(w), unitList(v); got != want {
					t.Fatalf("seed %d %s, %s: the view lists %s, without the unseen units %s", seed, s.Phase.Key(), p, want, got)
				}
				o := render.Options{Width: 480, Height: 360}
				o.Marks = BoardMarks(v)
				a := r.Render(v, nil, nil, o)
				o.Marks = BoardMarks(w)
				c := r.Render(w, nil, nil, o)
				if !bytes.Equal(a.Pix, c.Pix) {
					t.Fatalf("seed %d %s: %s's board changes when units it may not see (%v) are taken away", seed, s.Phase.Key(), p, hidden)
				}
				compared++
			}
			orders := engine.RandomOrders(s, rng)
			if s.Phase.Type == engine.Movement {
				for _, u := range s.Units {
					if rng.Intn(100, "special?") < 40 {
						if o, ok := galt.RandomSpecial(s, u, rng); ok {
							orders = slices.DeleteFunc(orders, func(x engine.Order) bool { return x.Power == u.Power && x.At.P == u.Loc.P })
							orders = append(orders, o)
						}
					}
				}
			}
			s = engine.Adjudicate(s, orders, rules, rng).Next
		}
	}
	if compared == 0 {
		t.Fatal("no board had a unit its seat may not see: the test checked nothing")
	}
	t.Logf("%d boards compared", compared)
}

// unseenUnits returns the units of s that view v does not list.
func unseenUnits(s *engine.State, v engine.View) []kit.UnitID {
	var out []kit.UnitID
	for _, u := range s.Units {
		if !slices.ContainsFunc(v.State.Units, func(w engine.Unit) bool { return kit.IDOf(w) == kit.IDOf(u) && w.Loc == u.Loc }) {
			out = append(out, kit.IDOf(u))
		}
	}
	return out
}

func unitList(v engine.View) string {
	var b bytes.Buffer
	for _, u := range v.State.Units {
		fmt.Fprintf(&b, "%s %v; ", kit.IDOf(u), u.Loc)
	}
	return b.String()
}
