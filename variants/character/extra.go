package character

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"dipdesk/engine"
)

// Knowledge records when and why a card became known beyond its owner and
// the game master (rule 3).
type Knowledge struct {
	Phase engine.Phase
	Why   string // "used its double strength", "reported by the game master"
}

// Held is the card one unit holds and who knows it. The owner and the game
// master always know it (rule 3); everyone knows it once Revealed is set;
// Told lists other powers that were told privately.
type Held struct {
	Card     Card
	Dealt    engine.Phase // the phase the card was dealt in
	Revealed *Knowledge
	Told     map[engine.Power]Knowledge
}

// clone returns a deep copy of h.
func (h *Held) clone() *Held {
	c := *h
	if h.Revealed != nil {
		r := *h.Revealed
		c.Revealed = &r
	}
	c.Told = maps.Clone(h.Told)
	return &c
}

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
	Cards map[UnitID]*Held
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
	return &Extra{Cards: map[UnitID]*Held{}, Deck: deck}
}

// CloneExtra returns a deep copy of e (engine.Extra).
func (e *Extra) CloneExtra() engine.Extra {
	c := &Extra{Cards: make(map[UnitID]*Held, len(e.Cards)), Log: slices.Clone(e.Log), Effects: e.Effects.clone()}
	for id, h := range e.Cards {
		c.Cards[id] = h.clone()
	}
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
	return DeckCounts{Pile: len(e.Deck.pile), Discards: len(e.Deck.discard), Dealt: e.Deck.dealt, SinceReshuffle: e.Deck.since}
}

// Give records that the unit id holds c from phase p (rule 2). The card
// must already be dealt from the deck.
func (e *Extra) Give(id UnitID, c Card, p engine.Phase) {
	e.Cards[id] = &Held{Card: c, Dealt: p}
}

// CardOf returns the card unit u holds, if the position records one.
func (e *Extra) CardOf(u engine.Unit) (Card, bool) {
	h, ok := e.Cards[IDOf(u)]
	if !ok {
		return Card{}, false
	}
	return h.Card, true
}

// Reveal makes the card of unit id known to everyone (rule 3: disclosed
// by use or by a report). The first revelation is kept.
func (e *Extra) Reveal(id UnitID, p engine.Phase, why string) error {
	h, ok := e.Cards[id]
	if !ok {
		return fmt.Errorf("character: %s holds no card to reveal", id)
	}
	if h.Revealed == nil {
		h.Revealed = &Knowledge{Phase: p, Why: why}
	}
	return nil
}

// Tell makes the card of unit id known to power to alone (a private
// report). Telling the owner changes nothing: it always knows.
func (e *Extra) Tell(id UnitID, to engine.Power, p engine.Phase, why string) error {
	h, ok := e.Cards[id]
	if !ok {
		return fmt.Errorf("character: %s holds no card to tell %s of", id, PowerName(to))
	}
	if to == id.Power || to == "" {
		return nil
	}
	if _, known := h.Told[to]; known {
		return nil
	}
	if h.Told == nil {
		h.Told = map[engine.Power]Knowledge{}
	}
	h.Told[to] = Knowledge{Phase: p, Why: why}
	return nil
}

// KnownTo reports whether seat may know the card of unit id (rule 3): the
// game master and the owner always, everyone once it is revealed, and a
// power it was told to.
func (e *Extra) KnownTo(id UnitID, seat engine.Seat) bool {
	h, ok := e.Cards[id]
	if !ok {
		return false
	}
	if seat.GM || h.Revealed != nil {
		return true
	}
	if seat.Power == "" {
		return false
	}
	_, told := h.Told[seat.Power]
	return seat.Power == id.Power || told
}

// conceal removes from e what seat may not know (rule 3): the cards it
// does not know, the deck's order and discards (which would name the cards
// of units that left the board unrevealed), and the game master's log.
func (e *Extra) conceal(seat engine.Seat) {
	if seat.GM {
		return
	}
	for id := range e.Cards {
		if !e.KnownTo(id, seat) {
			delete(e.Cards, id)
		}
	}
	for _, h := range e.Cards {
		// Whom else a card was told to is not the seat's business.
		for p := range h.Told {
			if p != seat.Power {
				delete(h.Told, p)
			}
		}
		if len(h.Told) == 0 {
			h.Told = nil
		}
	}
	e.Effects.conceal(seat)
	counts := e.Counts()
	e.Public, e.Deck, e.Log = &counts, nil, nil
}

// sortedIDs returns the ids of e's cards by power, type and number.
func (e *Extra) sortedIDs() []UnitID {
	return slices.SortedFunc(maps.Keys(e.Cards), compareUnitIDs)
}

// compareUnitIDs orders units by power, type and number.
func compareUnitIDs(a, b UnitID) int {
	if c := strings.Compare(string(a.Power), string(b.Power)); c != 0 {
		return c
	}
	if a.Type != b.Type {
		return int(a.Type) - int(b.Type)
	}
	return a.Number - b.Number
}

// clone returns a deep copy of d.
func (d *Deck) clone() *Deck {
	c := *d
	c.types = slices.Clone(d.types)
	c.pile = slices.Clone(d.pile)
	c.discard = slices.Clone(d.discard)
	c.log = slices.Clone(d.log)
	return &c
}
