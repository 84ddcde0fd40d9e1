package engine

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Draw is one recorded random draw: what it was for, the range and the
// value drawn, and whether a person entered it (a game master rolling
// real dice or dealing real cards) instead of the seed drawing it.
type Draw struct {
	Why     string
	N       int
	Value   int // 0..N-1; a die shows Value+1
	Kind    DrawKind
	Entered bool
}

// DrawKind is what a draw stands for at a table.
type DrawKind uint8

// The kinds of draw: a hidden one nobody makes by hand (a shuffle's
// swap), a die roll, and a pick among named options (a card from a real
// deck, a random space).
const (
	DrawHidden DrawKind = iota
	DrawDie
	DrawPick
)

var drawKindNames = [...]string{"hidden", "die", "pick"}

// String returns "hidden", "die" or "pick".
func (k DrawKind) String() string {
	if int(k) < len(drawKindNames) {
		return drawKindNames[k]
	}
	return "?"
}

// ParseDrawKind reads a DrawKind's String.
func ParseDrawKind(s string) (DrawKind, bool) {
	for i, n := range drawKindNames {
		if n == s {
			return DrawKind(i), true
		}
	}
	return 0, false
}

// Shown returns the value as people read it: a die's face (1..N), else
// the value.
func (d Draw) Shown() int {
	if d.Kind == DrawDie {
		return d.Value + 1
	}
	return d.Value
}

// Rand is the only source of chance in the engine: seeded, so a game
// replays exactly, and recording every draw, so a save file and a report
// can show each die roll and shuffle.
//
// A Rand may be given a script (Script): the draws a phase made before,
// read back from a save file, or values a game master entered. Scripted
// values are used first, in order; a script that no longer fits what the
// rules ask (another range) stops the adjudication with a *DrawError.
// Past the script, a Rand that asks (Ask) stops the adjudication with a
// *NeedDraw at the first draw a person would make at the table (Die,
// Pick), so the front end can ask the game master for it and adjudicate
// again with the value added to the script; shuffles and other hidden
// draws (Intn) always come from the seed.
type Rand struct {
	seed   uint64
	src    *rand.Rand
	draws  []Draw
	script []Draw
	ask    bool
	dice   []int // values for the person draws, in order (Dice)
	used   int   // how many of dice were used
}

// NewRand returns a source seeded with seed.
func NewRand(seed uint64) *Rand {
	return &Rand{seed: seed, src: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Seed returns the seed the source was made with.
func (r *Rand) Seed() uint64 { return r.seed }

// Script makes the source play draws first, in order, and returns it.
// Each value must lie in the range the rules then ask for. An entry with
// N 0 is a hole: that draw comes from the seed (or is asked for), so a
// script may hold only the values a game master entered, at their places.
func (r *Rand) Script(draws []Draw) *Rand {
	r.script = append(r.script[:0:0], draws...)
	return r
}

// Ask makes the draws a person makes at the table (Die, Pick) past the
// script stop the adjudication with a *NeedDraw instead of coming from
// the seed, and returns the source.
func (r *Rand) Ask() *Rand { return r.SetAsk(true) }

// SetAsk turns asking (Ask) on or off and returns the source.
func (r *Rand) SetAsk(on bool) *Rand {
	r.ask = on
	return r
}

// Dice makes the draws a person makes at the table (Die, Pick) take
// values, in order, as people write them: a die's face (1..N), a pick's
// index among its options. Hidden draws still come from the seed. A
// case file's rolls are given so ("DICE 3 6 1"); past them the draws come
// from the seed, or stop with a *NeedDraw with Ask. A value out of range
// stops the step with a *DrawError.
func (r *Rand) Dice(values []int) *Rand {
	r.dice, r.used = append([]int(nil), values...), 0
	return r
}

// DiceLeft returns how many values given to Dice no draw used yet.
func (r *Rand) DiceLeft() int { return len(r.dice) - r.used }

// NeedDraw is the error of an adjudication that needs a value nobody has
// entered yet: the Index-th draw of the phase (counting from 0), what it
// is for, its range, and for a pick the options by name.
type NeedDraw struct {
	Index   int
	Why     string
	N       int
	Options []string // a Pick's options, value i being Options[i]; nil for a die or a number
	Die     bool     // a die roll: the value entered is 1..N, stored as 0..N-1
}

func (e *NeedDraw) Error() string {
	switch {
	case e.Die:
		return fmt.Sprintf("engine: draw %d (%s) needs a roll of a d%d", e.Index+1, e.Why, e.N)
	case e.Options != nil:
		return fmt.Sprintf("engine: draw %d (%s) needs one of %s", e.Index+1, e.Why, strings.Join(e.Options, ", "))
	}
	return fmt.Sprintf("engine: draw %d (%s) needs a number from 0 to %d", e.Index+1, e.Why, e.N-1)
}

// DrawError is the error of an adjudication whose script does not fit
// the draws the rules ask for: a stored or entered value out of range.
type DrawError struct {
	Index int
	Want  Draw // what the rules asked for (Why and N)
	Got   Draw // the scripted draw
}

func (e *DrawError) Error() string {
	if e.Want.Kind == DrawDie && e.Got.Kind == DrawDie {
		// A die is read by its faces, as the person who rolled it
		// entered it.
		return fmt.Sprintf("engine: draw %d: the rules ask for a roll of a d%d for %q, but the roll recorded is %d, of a d%d for %q",
			e.Index+1, e.Want.N, e.Want.Why, e.Got.Value+1, e.Got.N, e.Got.Why)
	}
	return fmt.Sprintf("engine: draw %d: the rules ask for %q in 0..%d, but the recorded draw is %d of %q in 0..%d",
		e.Index+1, e.Want.Why, e.Want.N-1, e.Got.Value, e.Got.Why, e.Got.N-1)
}

// drawStop carries a *NeedDraw or *DrawError out of the hooks to
// AdjudicateStep, the only place that recovers it.
type drawStop struct{ err error }

// draw returns the next value in [0, n): scripted, asked for, or seeded.
// The seeded source advances on every draw, scripted or not, so a replay
// of part of a phase continues exactly as the original run.
func (r *Rand) draw(n int, why string, kind DrawKind, options []string) int {
	if n <= 0 {
		panic("engine: Rand draw with n <= 0: " + why)
	}
	v := r.src.IntN(n)
	i := len(r.draws)
	d := Draw{Why: why, N: n, Value: v, Kind: kind}
	switch {
	case i < len(r.script) && r.script[i].N != 0:
		s := r.script[i]
		if s.N != n || s.Value < 0 || s.Value >= n {
			panic(drawStop{&DrawError{Index: i, Want: Draw{Why: why, N: n, Kind: kind}, Got: s}})
		}
		d.Value, d.Entered = s.Value, s.Entered
	case kind != DrawHidden && r.used < len(r.dice):
		v := r.dice[r.used]
		if kind == DrawDie {
			v--
		}
		if v < 0 || v >= n {
			panic(drawStop{&DrawError{Index: i, Want: Draw{Why: why, N: n, Kind: kind}, Got: Draw{Why: "given", N: n, Value: v, Kind: kind, Entered: true}}})
		}
		r.used++
		d.Value, d.Entered = v, true
	case r.ask && kind != DrawHidden:
		panic(drawStop{&NeedDraw{Index: i, Why: why, N: n, Options: options, Die: kind == DrawDie}})
	}
	r.draws = append(r.draws, d)
	return d.Value
}

// Intn returns a value in [0, n) and records it with its reason: a draw
// nobody makes at the table (a shuffle). n must be positive.
func (r *Rand) Intn(n int, why string) int { return r.draw(n, why, DrawHidden, nil) }

// Die rolls a die with the given number of sides (1..sides): a roll a game
// master may make with real dice (Ask).
func (r *Rand) Die(sides int, why string) int { return r.draw(sides, why, DrawDie, nil) + 1 }

// Pick chooses one of options at random and returns its index: a choice
// a game master may make at the table (a card drawn from a real deck, a
// random space). options must not be empty.
func (r *Rand) Pick(options []string, why string) int {
	return r.draw(len(options), why, DrawPick, options)
}

// Shuffle permutes n items through swap, recording each draw.
func (r *Rand) Shuffle(n int, why string, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		j := r.Intn(i+1, why)
		swap(i, j)
	}
}

// Draws returns the draws made so far.
func (r *Rand) Draws() []Draw { return append([]Draw(nil), r.draws...) }
