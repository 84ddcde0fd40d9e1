// Package character2 is Character Diplomacy II (John Galt, The Assassin's
// Blade, 1991): every unit holds a secret card of 27 types, mapped to the
// 78 cards of a Tarot deck so a game master can deal real cards. The
// powers act from the first turn, Spring 1901.
//
// The variant is built on variants/kit (docs/cards.md), which holds what
// every card variant shares: the registry of hook parts, the unit numbers
// of rule 5, the record of the card each unit holds and who knows it (with
// hints), the pile, the case-file blocks, the board. This package keeps
// Galt's own: the card list with its Tarot equivalents (cards.go), the deck
// that is reshuffled only when all 78 cards are used (deck.go), the
// dealing rules of rule 3 (deal.go), the variant's part of the position
// (extra: the cards, the deck, and the effects the cards leave) with its
// JSON form (extrajson.go), and the views. It exports its Variant and its
// CaseExtension only.
//
// The cards: each card or rule keeps its part of the engine's hooks in its
// own file, in a function that adds them to the registry (jumperParts,
// ...), and build (registry.go) composes Variant from them. The board is
// the character variants' one board (kit.CharacterBoard): Hyperspace, the
// Caspian Sea (rule 4) and the Explorer's islands.
// Rulings are in docs/rulings/character2.md.
package character2
