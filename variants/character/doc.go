// Package character is Character Diplomacy (Fred C. Davis Jr., 1990): each
// unit holds a secret character card that gives it a special power.
//
// This package holds the card framework: the card list (embedded in
// resources/cards/character.txt), the deck with its reshuffle (rule 13),
// the dealing rules (rules 4 and 5, checked by CheckDeal) and the unit
// numbers of rule 10; the variant's part of the position (Extra: each
// unit's card, who knows it, the deck) with its JSON form and the views of
// rule 3 (Conceal); and the Variant value, whose hooks so far play cards
// #1 and #2 (double strength, Davis 16.f), #16 (special mover) and #17
// (convoyless army) through Reach, #20 (Ordinary), and the proposed X5
// (super supporter) and X8 (support cut only by dislodgement) when the
// add_cards option deals them, from Spring 1902 (rule 7). The other cards, Hyperspace and the Caspian Sea come
// later; the package is not registered as playable yet. Rulings are in
// docs/rulings/character.md.
package character
