// Package character is Character Diplomacy (Fred C. Davis Jr., 1990): each
// unit holds a secret character card that gives it a special power.
//
// This package holds the card framework: the card list (embedded in
// resources/cards/character.txt), the deck with its reshuffle (rule 13),
// the dealing rules (rules 4 and 5, checked by CheckDeal) and the unit
// numbers of rule 10; the variant's part of the position (Extra: each
// unit's card, who knows it, the deck) with its JSON form and the views of
// rule 3 (Conceal); and the Variant value, whose hooks so far play cards
// #1 and #2 (double strength, Davis 16.f) and #20 (Ordinary) from Spring
// 1902 (rule 7). The other cards, Hyperspace and the Caspian Sea come
// later; the package is not registered as playable yet. Rulings are in
// docs/rulings/character.md.
package character
