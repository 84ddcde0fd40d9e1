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
//   - Cards held (held.go, holding.go): a card held by a unit or by a
//     seat, with who knows it (revealed, hinted at, told privately): Give,
//     CardOf, Reveal, RevealHint, Tell, KnownTo, HintTo and the cut for a
//     seat, generic over the variant's card type and holder; the saved
//     form of who knows a card (KnownJSON); the Table of a position (the
//     deck, its public counts, the game master's log) and Conceal, which
//     cuts a position down for a seat.
//   - The pile (stock.go): drawing, burying, discarding, taking and
//     stacking cards, refilled and shuffled with the game's seeded source.
//   - The seat's hand (hand.go): the cards a view may know, as the window
//     and the reports show them (HandOf.Hand).
//   - Orders and results (orders.go): the order each unit was given or
//     adjudicated with, replacing a unit's order, the result of a unit,
//     through the engine's one answer to "which unit does this order name"
//     (engine.UnitOf); the legal special orders of a turn (Legal), an
//     order's aim, the results of a special order.
//   - Movers (movers.go): a unit's step, a jump, a double move and its
//     second legs, a conversion, a special order adjudicated as a hold or
//     a move unless refused.
//   - Random special orders for the soaks (random.go): a unit next to a
//     card's holder, a space next to it, an order written for a victim.
//   - The board's signs of special orders (sketch.go, cardgame.Sketcher).
//   - Private events (events.go): events one power alone reads.
//   - Options (options.go): a game's options, declared by the parts.
//   - Case files (cases.go): the blocks every card variant's cases use.
//   - The board (board.go) of the character variants, and a fleet sailing
//     off the Caspian onto a Caspian coast.
//
// kittest (kit/kittest) holds what the variants' tests share: the soak
// loop, a position's JSON round trip, the case files' and saved cards'
// fuzz targets, the whole-game benchmark.
//
// The package is pure: it imports the engine, the resources, the card
// game interface and the standard library only.
package kit
