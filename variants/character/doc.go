// Package character is Character Diplomacy (Fred C. Davis Jr., 1990): each
// unit holds a secret character card that gives it a special power.
//
// This package holds the card framework so far: the card list (embedded in
// resources/cards/character.txt), the deck with its reshuffle (rule 13),
// the dealing rules (rules 4 and 5, checked by CheckDeal) and the unit
// numbers of rule 10. The special powers themselves and the Variant value
// come later; the package is not registered as playable yet. Rulings are
// in docs/rulings/character.md.
package character
