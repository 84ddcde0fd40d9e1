package character

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// Knowledge records when and why a card became known beyond its owner and
// the game master (rule 3; kit.Knowledge: Davis gives no hints).
type Knowledge = kit.Knowledge

// Held is the card one unit holds and who knows it (kit.Held). The owner
// and the game master always know it (rule 3); everyone knows it once
// Revealed is set; Told lists other powers that were told privately.
type Held = kit.Held[Card]

// DeckCounts is what every seat may know of the deck: how many cards wait
// in the pile, how many are discarded, and the rule 13 counts. A view
// other than the game master's carries these instead of the deck.
type DeckCounts struct {
	Pile           int
	Discards       int
	Dealt          int
	SinceReshuffle int
}

// Extra is Character Diplomacy's part of a position (engine.State.Extra):
// the card of every unit, keyed by the unit's power, type and rule 10
// number (UnitID, the same key as engine.Unit's Power, Type and Number),
// who knows each card, and the deck.
type Extra struct {
	Cards kit.Cards[UnitID, Card]
	// Deck is the pile and discards, with the rule 13 counts. Only the game
	// master sees it: in other views it is nil and Public holds its counts.
	Deck *Deck
	// Public holds the deck's counts in a view without the deck; nil in
	// the game master's position.
	Public *DeckCounts
	// Log is the game master's record of deals (burials, swaps, reshuffles).
	Log []string
	// Effects are what the cards left on the board: mines, closed
	// provinces, suspended centres, civil disorder, uses of limited powers.
	Effects Effects
}

// NewExtra returns an Extra with no cards dealt from deck.
func NewExtra(deck *Deck) *Extra {
	return &Extra{Cards: kit.Cards[UnitID, Card]{}, Deck: deck}
}

// CloneExtra returns a deep copy of e (engine.Extra).
func (e *Extra) CloneExtra() engine.Extra {
	c := &Extra{Cards: e.Cards.Clone(), Log: slices.Clone(e.Log), Effects: e.Effects.clone()}
	if e.Deck != nil {
		c.Deck = e.Deck.clone()
	}
	if e.Public != nil {
		p := *e.Public
		c.Public = &p
	}
	return c
}

// Counts returns the deck's public counts, from the deck when the
// position holds it.
func (e *Extra) Counts() DeckCounts {
	if e.Deck == nil {
		if e.Public != nil {
			return *e.Public
		}
		return DeckCounts{}
	}
	return DeckCounts{Pile: e.Deck.Len(), Discards: e.Deck.DiscardLen(), Dealt: e.Deck.Dealt(), SinceReshuffle: e.Deck.since}
}

// Give records that the unit id holds c from phase p (rule 2). The card
// must already be dealt from the deck.
func (e *Extra) Give(id UnitID, c Card, p engine.Phase) { e.Cards.Give(id, c, p) }

// CardOf returns the card unit u holds, if the position records one.
func (e *Extra) CardOf(u engine.Unit) (Card, bool) { return e.Cards.CardOf(IDOf(u)) }

// Reveal makes the card of unit id known to everyone (rule 3: disclosed
// by use or by a report). The first revelation is kept.
func (e *Extra) Reveal(id UnitID, p engine.Phase, why string) error {
	return wrapErr(e.Cards.Reveal(id, p, why))
}

// Tell makes the card of unit id known to power to alone (a private
// report). Telling the owner changes nothing: it always knows.
func (e *Extra) Tell(id UnitID, to engine.Power, p engine.Phase, why string) error {
	return wrapErr(e.Cards.Tell(id, to, p, why))
}

func wrapErr(err error) error {
	if err != nil {
		return fmt.Errorf("character: %w", err)
	}
	return nil
}

// KnownTo reports whether seat may know the card of unit id (rule 3): the
// game master and the owner always, everyone once it is revealed, and a
// power it was told to.
func (e *Extra) KnownTo(id UnitID, seat engine.Seat) bool { return e.Cards.KnownTo(id, seat) }

// conceal removes from e what seat may not know (rule 3): the cards it
// does not know, the deck's order and discards (which would name the cards
// of units that left the board unrevealed), and the game master's log.
func (e *Extra) conceal(seat engine.Seat) {
	if seat.GM {
		return
	}
	e.Cards.Conceal(seat)
	e.Effects.conceal(seat)
	counts := e.Counts()
	e.Public, e.Deck, e.Log = &counts, nil, nil
}

// sortedIDs returns the ids of e's cards by power, type and number.
func (e *Extra) sortedIDs() []UnitID { return kit.SortedIDs(e.Cards) }

// compareUnitIDs orders units by power, type and number.
func compareUnitIDs(a, b UnitID) int { return kit.CompareUnitIDs(a, b) }
