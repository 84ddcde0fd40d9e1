package character2

import (
	"testing"

	"dipdesk/variants/kit/kittest"
)

// BenchmarkGaltGame plays a seeded 20-year Character Diplomacy II game
// from the deal, random orders with the cards' special orders mixed in (as
// the soak test), every hook composed: one op is the whole game.
func BenchmarkGaltGame(b *testing.B) { kittest.BenchGame(b, Variant, nil, galtOrders) }
