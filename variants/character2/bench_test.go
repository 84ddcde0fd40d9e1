package character2

import (
	"testing"

	"dipdesk/engine"
)

// BenchmarkGaltGame plays a seeded 20-year Character Diplomacy II game
// from the deal, random orders with the cards' special orders mixed in (as
// the soak test), every hook composed: one op is the whole game.
func BenchmarkGaltGame(b *testing.B) {
	m, err := Variant.Map()
	if err != nil {
		b.Fatal(err)
	}
	phases := 0
	for b.Loop() {
		s, err := Variant.NewGame(m, nil, engine.NewRand(3))
		if err != nil {
			b.Fatal(err)
		}
		rng := engine.NewRand(3 * 7919)
		phases = 0
		for s.Phase.Year < 1921 {
			out := engine.Adjudicate(s, galtOrders(s, rng), Variant.Rules, rng)
			s = out.Next
			phases++
			if out.Winner() != "" {
				break
			}
		}
	}
	b.ReportMetric(float64(phases), "phases/op")
}
