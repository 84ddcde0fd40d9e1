// Package kit is the plumbing every variant with cards, hands, decks or
// dice needs, written once: Character Diplomacy (variants/character) and
// Character Diplomacy II (variants/character2) are built on it, and the
// variants to come (Questionable, Rather Silly, Warped) will be.
//
//   - Registry (registry.go): the parts each card or rule file contributes
//     to the engine's hooks, composed into one engine.Rules. A variant
//     builds its registry in a function, never in package-level
//     registrations, and its Variant value is that function's result.
//   - Units (units.go): the rule-10 numbering of units ("1A", "2F"), the
//     UnitID that keys a unit's card, and the units of a position.
//   - Cards held (held.go): a card held by a unit or by a seat, with who
//     knows it (revealed, hinted at, told privately): Give, CardOf,
//     Reveal, RevealHint, Tell, KnownTo, HintTo and the cut for a seat,
//     generic over the variant's card type and holder.
//   - The pile (pile.go): drawing, burying, discarding, taking and
//     stacking cards, refilled and shuffled with the game's seeded source.
//   - Orders and results (orders.go): the order each unit was given or
//     adjudicated with, replacing a unit's order, the result of a unit,
//     through the engine's one answer to "which unit does this order name"
//     (engine.UnitOf).
//   - Case files (cases.go): the blocks every card variant's cases use.
//   - The board (board.go) of the character variants.
//
// The package is pure: it imports the engine, the resources, the card
// game interface and the standard library only.
package kit
