package questionable

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
)

// TestOneTypeOrderDrawn: several Killers act in an order drawn from the
// game's seed (ruling Q10), whatever their targets' names: Austria's
// Killer, in a mutual attack with France's, acted second in every game
// (its target, France, sorted after Austria), and France's Killer, acted
// on second, was void whenever Austria's leader died. Each seed draws one
// order, the same whatever the order the orders came in, and is recorded
// among the step's draws as a pick.
func TestOneTypeOrderDrawn(t *testing.T) {
	first := map[engine.Power]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		var seen []string
		for _, text := range []string{"France: kill austria\nAustria: kill france", "Austria: kill france\nFrance: kill austria"} {
			g := newGame(t, nil).at(1902, engine.Spring)
			orders, errs := g.p.ParseOrders("", text)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			rng := engine.NewRand(seed)
			out, err := engine.AdjudicateStep(g.s, orders, Variant.Rules, rng)
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, r := range out.Results {
				lines = append(lines, r.Order.Format(g.m)+": "+r.Reason)
			}
			seen = append(seen, strings.Join(lines, "\n"))
			draws := rng.Draws()
			if len(draws) == 0 || draws[0].Kind != engine.DrawPick || draws[0].Why != "which Killer acts next (rule 8 D)" {
				t.Fatalf("seed %d: the first draw is %+v, not the pick of the first Killer", seed, draws)
			}
			if text == "France: kill austria\nAustria: kill france" {
				first[out.Results[0].Order.Power]++
			}
		}
		if seen[0] != seen[1] {
			t.Errorf("seed %d: the order of the orders changed the step:\n%s\nand\n%s", seed, seen[0], seen[1])
		}
	}
	if first["austria"] == 0 || first["france"] == 0 {
		t.Errorf("in 40 seeds, the first Killer to act: %v; want each country first sometimes", first)
	}
}

// TestOneTypeOrderAsked: with the dice entered, the order of the Killers
// is a pick the game master makes before any Killer's die is asked for,
// naming each Killer and its target; the dice are then asked in the order
// drawn.
func TestOneTypeOrderAsked(t *testing.T) {
	g := newGame(t, nil).at(1902, engine.Spring)
	orders, errs := g.p.ParseOrders("", "France: kill austria\nAustria: kill france\nItaly: embezzle A vie")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var asked []string
	var dice []int
	for range 10 {
		_, err := engine.AdjudicateStep(g.s, orders, Variant.Rules, engine.NewRand(3).Dice(dice).Ask())
		var nd *engine.NeedDraw
		if !errors.As(err, &nd) {
			if err != nil {
				t.Fatal(err)
			}
			break
		}
		asked = append(asked, nd.Why)
		if len(asked) == 1 && !slices.Equal(nd.Options, []string{"Austria's Killer on France's leader", "France's Killer on Austria's leader"}) {
			t.Errorf("the pick's options: %q", nd.Options)
		}
		v := 6 // a Killer that defects leaves the other to act
		if !nd.Die {
			v = 1 // France's Killer first
		}
		dice = append(dice, v)
	}
	want := []string{"which Killer acts next (rule 8 D)",
		"France's Killer on Austria's leader (1-2 kills, 3 trial, 4 another leader, 5 its own, 6 defects)",
		"Austria's Killer on France's leader (1-2 kills, 3 trial, 4 another leader, 5 its own, 6 defects)",
		"Italy's Embezzler on Austria's A vie (1-3 succeeds, 6 caught)"}
	if !slices.Equal(asked, want) {
		t.Errorf("asked for\n%q\nwant\n%q", asked, want)
	}
}
