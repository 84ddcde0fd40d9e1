package questionable

import (
	"testing"

	"dipdesk/engine"
)

// BenchmarkQuestionableGame plays a whole seeded game to 1920 (random
// unit and character orders, every roll from the seed): the cost of the
// characters' steps and the moves they change. Figures in
// docs/performance.md.
func BenchmarkQuestionableGame(b *testing.B) {
	m, err := Variant.Map()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		s, err := Variant.NewGame(m, nil, engine.NewRand(1))
		if err != nil {
			b.Fatal(err)
		}
		rng := engine.NewRand(7919)
		for s.Phase.Year < 1920 {
			out := engine.Adjudicate(s, randomOrders(s, rng), Variant.Rules, rng)
			s = out.Next
			if out.End != nil {
				break
			}
		}
	}
}
