// Package character is Character Diplomacy (Fred C. Davis Jr., 1990): each
// unit holds a secret character card that gives it a special power, from
// Spring 1902 (rule 7).
//
// The framework: the card list (embedded in resources/cards/character.txt),
// the deck with its reshuffle (rule 13), the dealing rules (rules 4 and 5,
// checked by checkDeal), the unit numbers of rule 10, the variant's part of
// the position (Extra: each unit's card, who knows it, the deck, and the
// Effects the cards leave: mines, closed spaces, suspended centres, civil
// disorder) with its JSON form, and the views of rule 3 (Conceal,
// ConcealOutcome).
//
// The cards: each card or rule keeps its part of the engine's hooks in its
// own file and registers it (registry.go), so Variant's hooks are composed
// from them: #1 and #2 (strength.go), #3 and #7 (reach.go, amphibious.go,
// explorer.go), #4 (doublemover.go), #5 (jumper.go), #6 (converter.go), #8
// (hyperspace.go), #9 (annihilator.go), #10 (gasser.go), #11
// (hypnotist.go), #12 (minelayer.go), #13 (engineer.go), #14
// (retreater.go), #15 (cutter.go), #16 and #17 (reach.go), #18 (reach2.go,
// superfleet.go), #19 (freeunit.go), rule 14 (retreats14.go), the card life
// cycle of rules 2, 5 and 13 (lifecycle.go), and the proposed cards X1-X11
// (x*.go) that the add_cards option deals. The board is the standard map
// with Hyperspace and the Caspian Sea (board.go). Rulings are in
// docs/rulings/character.md.
package character
