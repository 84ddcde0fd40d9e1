// Package character is Character Diplomacy (Fred C. Davis Jr., 1990): each
// unit holds a secret character card that gives it a special power, from
// Spring 1902 (rule 7).
//
// The variant is built on variants/kit (docs/cards.md), which holds what
// every card variant shares: the registry of hook parts, the unit numbers
// of rule 10, the record of the card each unit holds and who knows it
// (rule 3), the pile, the case-file blocks, the board. This package keeps
// Davis's own: the card list (embedded in resources/cards/character.txt),
// the deck's reshuffle (rule 13), the dealing rules (rules 4 and 5,
// checked by checkDeal), the variant's part of the position (extra: the
// cards, the deck, and the effects the cards leave: mines, closed spaces,
// suspended centres, civil disorder) with its JSON form, and the views of
// rule 3. It exports its Variant and its CaseExtension only.
//
// The cards: each card or rule keeps its part of the engine's hooks in its
// own file, in a function that adds them to the registry (jumperParts,
// ...), and build (registry.go) composes Variant from them: #1 and #2 (strength.go), #3 and #7 (reach.go, amphibious.go,
// explorer.go), #4 (doublemover.go), #5 (jumper.go), #6 (converter.go), #8
// (hyperspace.go), #9 (annihilator.go), #10 (gasser.go), #11
// (hypnotist.go), #12 (minelayer.go), #13 (engineer.go), #14
// (retreater.go), #15 (cutter.go), #16 and #17 (reach.go), #18 (reach2.go,
// superfleet.go), #19 (freeunit.go), rule 14 (retreats14.go), the card life
// cycle of rules 2, 5 and 13 (lifecycle.go), and the proposed cards X1-X11
// (x*.go) that the add_cards option deals. The board is the standard map
// with Hyperspace, the Caspian Sea and card #7's islands
// (kit.CharacterBoard). Rulings are in docs/rulings/character.md.
package character
