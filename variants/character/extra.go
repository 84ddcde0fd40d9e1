package character

import (
	"fmt"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
	"dipdesk/variants/kit"
)

// held is the card one unit holds and who knows it (kit.held). The owner
// and the game master always know it (rule 3); everyone knows it once
// Revealed is set; Told lists other powers that were told privately.
type held = kit.Held[cardType]

// deckCounts is what every seat may know of the deck: how many cards wait
// in the pile, how many are discarded, and the rule 13 counts. A view
// other than the game master's carries these instead of the deck.
type deckCounts struct {
	Pile           int
	Discards       int
	Dealt          int
	SinceReshuffle int
}

// extra is Character Diplomacy's part of a position (engine.State.extra):
// the card of every unit, keyed by the unit's power, type and rule 10
// number (kit.UnitID, the same key as engine.Unit's Power, Type and Number),
// who knows each card, and the deck.
type extra struct {
	// Holding is every unit's card and who knows it (its Cards).
	kit.Holding[cardType]
	// Table is the deck (the pile and discards, with the rule 13 counts),
	// which only the game master sees: in other views it is nil and
	// Public holds its counts; and Log, the game master's record of deals
	// (burials, swaps, reshuffles).
	kit.Table[*deck, deckCounts]
	// Effects are what the cards left on the board: mines, closed
	// provinces, suspended centres, civil disorder, uses of limited powers.
	Effects effects
}

// newExtra returns an Extra with no cards dealt from deck.
func newExtra(d *deck) *extra {
	return &extra{Holding: kit.NewHolding[cardType](), Table: kit.Table[*deck, deckCounts]{Deck: d}}
}

// CloneExtra returns a deep copy of e (engine.Extra).
func (e *extra) CloneExtra() engine.Extra {
	return &extra{Holding: e.CloneHolding(), Table: e.CloneTable(), Effects: e.Effects.clone()}
}

// Counts returns the deck's public counts, from the deck when the
// position holds it.
func (e *extra) Counts() deckCounts {
	return e.TableCounts(func(d *deck) deckCounts {
		return deckCounts{Pile: d.Len(), Discards: d.DiscardLen(), Dealt: d.Dealt(), SinceReshuffle: d.since}
	})
}

// conceal removes from e what seat may not know (rule 3): the cards it
// does not know, the deck's order and discards (which would name the cards
// of units that left the board unrevealed), and the game master's log.
func (e *extra) conceal(seat engine.Seat) {
	if kit.Conceal(seat, &e.Holding, &e.Table, e.Counts) {
		e.Effects.conceal(seat)
	}
}

// sortedIDs returns the ids of e's cards by power, type and number.
func (e *extra) sortedIDs() []kit.UnitID { return e.Holders() }

// compareUnitIDs orders units by power, type and number.
func compareUnitIDs(a, b kit.UnitID) int { return kit.CompareUnitIDs(a, b) }

// GiveCard records that unit id holds the card with id card from phase p,
// looked up in the game's deck (or the card list): a tool's or a test's
// position (kit.Records). The card is not taken from the pile.
func (e *extra) GiveCard(id kit.UnitID, card string, p engine.Phase) error {
	types, err := loadCards()
	if err != nil {
		return err
	}
	if e.Deck != nil {
		types = e.Deck.types
	}
	c, ok := lookupCard(types, card)
	if !ok {
		return fmt.Errorf("character: no card %q in this game's deck", card)
	}
	e.Give(id, c, p)
	return nil
}

// AddEffect puts on s's board the effect of one line of the case files'
// PRESTATE_EFFECTS block ("mine hol england", "closed bur 5 annihilated";
// caseeffects.go), for a tool or a test (kit.Records).
func (e *extra) AddEffect(s *engine.State, line string) error {
	return caseEffects(&casefile.Setup{Map: s.Map}, "effect", []casefile.Line{{N: 1, Text: line}}, s, e)
}

var _ kit.Records = (*extra)(nil)
