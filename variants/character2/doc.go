// Package character2 is Character Diplomacy II (John Galt, The Assassin's
// Blade, 1991): every unit holds a secret card of 27 types, mapped to the
// 78 cards of a Tarot deck so a game master can deal real cards. The
// powers act from the first turn, Spring 1901.
//
// The framework: the card list with its Tarot equivalents (cards.go), the
// deck that is reshuffled only when all 78 cards are used (deck.go), the
// dealing rules of rule 3 (deal.go), the variant's part of the position
// (Extra: each unit's card, who knows it, the deck, and the Effects the
// cards leave) with its JSON form (extrajson.go), and the views (Conceal,
// ConcealOutcome).
//
// The cards: each card or rule keeps its part of the engine's hooks in its
// own file and registers it (registry.go), so Variant's hooks are composed
// from them. The board is the standard map with Hyperspace and the
// Caspian Sea (rule 4; board.go), the same board as Davis's variant.
// Rulings are in docs/rulings/character2.md.
package character2
