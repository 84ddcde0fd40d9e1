package character

import (
	"testing"

	"dipdesk/variants/kit/kittest"
)

// BenchmarkCharacterGame plays a seeded 20-year Character Diplomacy game
// from the deal, random orders with the cards' special orders mixed in
// (as the soak test), every hook composed: one op is the whole game.
func BenchmarkCharacterGame(b *testing.B) {
	kittest.BenchGame(b, Variant, map[string]string{optionAdd: "X5,X8"}, soakOrders)
}
