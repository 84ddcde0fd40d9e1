package engine

import "math/rand/v2"

// Draw is one recorded random draw: what it was for, the range and the
// value drawn.
type Draw struct {
	Why   string
	N     int
	Value int
}

// Rand is the only source of chance in the engine: seeded, so a game
// replays exactly, and recording every draw, so a save file and a report
// can show each die roll and shuffle.
type Rand struct {
	seed  uint64
	src   *rand.Rand
	draws []Draw
}

// NewRand returns a source seeded with seed.
func NewRand(seed uint64) *Rand {
	return &Rand{seed: seed, src: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Seed returns the seed the source was made with.
func (r *Rand) Seed() uint64 { return r.seed }

// Intn returns a value in [0, n) and records it with its reason. n must be
// positive.
func (r *Rand) Intn(n int, why string) int {
	if n <= 0 {
		panic("engine: Rand.Intn with n <= 0")
	}
	v := r.src.IntN(n)
	r.draws = append(r.draws, Draw{Why: why, N: n, Value: v})
	return v
}

// Die rolls a die with the given number of sides (1..sides).
func (r *Rand) Die(sides int, why string) int { return r.Intn(sides, why) + 1 }

// Shuffle permutes n items through swap, recording each draw.
func (r *Rand) Shuffle(n int, why string, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		j := r.Intn(i+1, why)
		swap(i, j)
	}
}

// Draws returns the draws made so far.
func (r *Rand) Draws() []Draw { return append([]Draw(nil), r.draws...) }
