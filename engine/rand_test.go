package engine

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// diceRules is a variant whose every movement phase rolls two dice and
// shuffles, after the moves: enough to see scripts and asks at work.
func diceRules() *Rules {
	return &Rules{After: func(s *State, out *Outcome, rng *Rand) {
		a := rng.Die(6, "first die")
		rng.Shuffle(3, "shuffle", func(i, j int) {})
		b := rng.Die(6, "second die")
		c := rng.Pick([]string{"north", "south"}, "which way")
		out.Events = append(out.Events, string(rune('0'+a)), string(rune('0'+b)), []string{"north", "south"}[c])
	}}
}

// TestRandScriptReplays: a phase adjudicated again with the draws it
// recorded as its script gives the same outcome and the same draws, and
// the seed alone does too; a partial script continues as the seed would.
func TestRandScriptReplays(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	r := diceRules()
	first := NewRand(7)
	out := Adjudicate(s, nil, r, first)
	for _, script := range [][]Draw{first.Draws(), first.Draws()[:2], nil} {
		again := NewRand(7).Script(script)
		out2, err := AdjudicateStep(s, nil, r, again)
		if err != nil {
			t.Fatalf("script %d draws: %v", len(script), err)
		}
		if !reflect.DeepEqual(out2.Events, out.Events) || !reflect.DeepEqual(again.Draws(), first.Draws()) {
			t.Fatalf("script %d draws: events %v draws %v, want %v %v", len(script), out2.Events, again.Draws(), out.Events, first.Draws())
		}
	}
	if ks := []DrawKind{first.Draws()[0].Kind, first.Draws()[1].Kind, first.Draws()[len(first.Draws())-1].Kind}; ks[0] != DrawDie || ks[1] != DrawHidden || ks[2] != DrawPick {
		t.Fatalf("draw kinds %v", ks)
	}
}

// TestRandAskStopsAndEntersInOrder: with Ask, the phase stops at the
// first die nobody entered, naming it; entered values are used in order,
// recorded as entered, and the shuffle between them still comes from the
// seed; nothing of the position changes while it is stopped.
func TestRandAskStopsAndEntersInOrder(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	before, _ := MarshalState(s)
	r := diceRules()
	var script []Draw
	var asked []string
	for range 10 {
		rng := NewRand(3).Script(script).Ask()
		out, err := AdjudicateStep(s, nil, r, rng)
		var nd *NeedDraw
		if errors.As(err, &nd) {
			asked = append(asked, nd.Why)
			if nd.Index != len(rng.Draws()) {
				t.Fatalf("need draw %d after %d draws", nd.Index, len(rng.Draws()))
			}
			// The game master's value, as the front end stores it: the
			// draws made so far, then the entered one.
			script = append(rng.Draws(), Draw{Why: nd.Why, N: nd.N, Value: nd.N - 1, Entered: true})
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if got, want := out.Events, []string{"6", "6", "south"}; !reflect.DeepEqual(got, want) {
			t.Fatalf("events %v, want %v (the entered values)", got, want)
		}
		if want := []string{"first die", "second die", "which way"}; !reflect.DeepEqual(asked, want) {
			t.Fatalf("asked %v, want %v", asked, want)
		}
		d := rng.Draws()
		if !d[0].Entered || d[1].Entered || !d[len(d)-1].Entered || d[0].Shown() != 6 {
			t.Fatalf("draws %+v: want the dice entered, the shuffle drawn", d)
		}
		after, _ := MarshalState(s)
		if string(after) != string(before) {
			t.Fatal("the position changed")
		}
		return
	}
	t.Fatal("never finished")
}

// TestRandScriptHoles: a script of the entered values alone, at their
// places, with holes between, plays like the full script.
func TestRandScriptHoles(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	full := NewRand(5)
	want := Adjudicate(s, nil, diceRules(), full)
	d := full.Draws()
	holes := make([]Draw, len(d))
	holes[0], holes[len(d)-1] = d[0], d[len(d)-1]
	again := NewRand(5).Script(holes)
	got, err := AdjudicateStep(s, nil, diceRules(), again)
	if err != nil || !reflect.DeepEqual(got.Events, want.Events) || !reflect.DeepEqual(again.Draws(), d) {
		t.Fatalf("with holes: %v %v %v, want %v %v", err, got.Events, again.Draws(), want.Events, d)
	}
}

// TestRandScriptMismatch: a stored value that does not fit the range the
// rules ask for is an error naming the draw, never a silent reroll.
func TestRandScriptMismatch(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	for _, bad := range []Draw{{Why: "first die", N: 4, Value: 1}, {Why: "first die", N: 6, Value: 6}, {Why: "first die", N: 6, Value: -1}} {
		_, err := AdjudicateStep(s, nil, diceRules(), NewRand(1).Script([]Draw{bad}))
		var de *DrawError
		if !errors.As(err, &de) || de.Index != 0 || de.Want.Why != "first die" {
			t.Fatalf("%+v: err %v, want a DrawError on draw 1", bad, err)
		}
	}
}

// TestCatchDrawsLetsOtherPanicsThrough: only the draws' stops are caught.
func TestCatchDrawsLetsOtherPanicsThrough(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("a panic of a hook was swallowed")
		}
	}()
	_ = CatchDraws(func() { panic("hook bug") })
}

// TestRandDice: given dice are the person draws' values in order (a die
// by its face), the shuffle between them from the seed; past them, Ask
// stops; a value out of range is an error; DiceLeft counts the unused.
func TestRandDice(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	rng := NewRand(9).Dice([]int{2, 5, 1, 4})
	out, err := AdjudicateStep(s, nil, diceRules(), rng)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := out.Events, []string{"2", "5", "south"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("events %v, want %v", got, want)
	}
	if rng.DiceLeft() != 1 {
		t.Fatalf("%d dice left, want 1", rng.DiceLeft())
	}
	var nd *NeedDraw
	if _, err := AdjudicateStep(s, nil, diceRules(), NewRand(9).Dice([]int{2}).Ask()); !errors.As(err, &nd) || nd.Why != "second die" {
		t.Fatalf("past the dice with Ask: %v", err)
	}
	var de *DrawError
	if _, err := AdjudicateStep(s, nil, diceRules(), NewRand(9).Dice([]int{7})); !errors.As(err, &de) {
		t.Fatalf("a 7 on a d6: %v", err)
	}
}

// TestDrawErrorWords: a die that does not fit is named by its faces, as
// the game master entered it (a 1, not "the recorded draw is 0").
func TestDrawErrorWords(t *testing.T) {
	e := &DrawError{Index: 2, Want: Draw{Why: "Germany's Embezzler", N: 6, Kind: DrawDie}, Got: Draw{Why: "France's Briber", N: 6, Value: 0, Kind: DrawDie}}
	if got := e.Error(); got != `engine: draw 3: the rules ask for a roll of a d6 for "Germany's Embezzler", but the roll recorded is 1, of a d6 for "France's Briber"` {
		t.Errorf("a die: %s", got)
	}
	e = &DrawError{Index: 0, Want: Draw{Why: "a space", N: 4, Kind: DrawPick}, Got: Draw{Why: "a space", N: 3, Value: 2, Kind: DrawPick}}
	if got := e.Error(); !strings.Contains(got, "in 0..3, but the recorded draw is 2") {
		t.Errorf("a pick: %s", got)
	}
}
