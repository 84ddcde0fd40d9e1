package character2

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/character"
)

// UnitID names a unit for its card: its power, type and rule 5 number
// ("france 1A"). It is the Davis variant's key, which Galt's rule 5 shares.
type UnitID = character.UnitID

// IDOf returns the UnitID of u.
func IDOf(u engine.Unit) UnitID { return character.IDOf(u) }

// Label formats a unit number: "1A", "2F".
func Label(n int, t engine.UnitType) string { return character.Label(n, t) }

// Knowledge records when and why a card became known beyond its owner and
// the game master (rule 2: "the use of a special power will be reported to
// all players and will tell everyone what the unit's power is").
type Knowledge struct {
	Phase engine.Phase
	Why   string
	// Hint, when set, is all that was learnt: not the card but a class of
	// cards ("a double strength unit": the table hides which of the two
	// double strength cards it is).
	Hint string
}

// Held is the card one unit holds and who knows it. The owner and the game
// master always know it (rule 2); everyone knows it once Revealed is set
// (without a Hint); Told lists powers that were told privately.
type Held struct {
	Card     Card
	Dealt    engine.Phase // the phase the card was dealt in
	Revealed *Knowledge
	Told     map[engine.Power]Knowledge
}

func (h *Held) clone() *Held {
	c := *h
	if h.Revealed != nil {
		r := *h.Revealed
		c.Revealed = &r
	}
	c.Told = maps.Clone(h.Told)
	return &c
}

// DeckCounts is what every seat may know of the deck.
type DeckCounts struct {
	Pile     int
	Discards int
	Dealt    int
}

// Extra is Character Diplomacy II's part of a position
// (engine.State.Extra): the card of every unit (keyed by UnitID), who
// knows each, the deck, the game master's log and the Effects the cards
// leave on the board.
type Extra struct {
	Cards map[UnitID]*Held
	// Deck is the pile and discards; only the game master's position holds
	// it. A seat's view has Public instead.
	Deck   *Deck
	Public *DeckCounts
	// Log is the game master's record of deals (refused draws, reshuffles).
	Log     []string
	Effects Effects
	// Options are the game's options (Setup), kept in the position so
	// every hook sees them.
	Options Options
}

// NewExtra returns an Extra with no cards dealt from deck.
func NewExtra(deck *Deck) *Extra {
	return &Extra{Cards: map[UnitID]*Held{}, Deck: deck}
}

// CloneExtra returns a deep copy of e (engine.Extra).
func (e *Extra) CloneExtra() engine.Extra {
	c := &Extra{Cards: make(map[UnitID]*Held, len(e.Cards)), Log: slices.Clone(e.Log), Effects: e.Effects.clone(), Options: e.Options.clone()}
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

// Counts returns the deck's public counts.
func (e *Extra) Counts() DeckCounts {
	if e.Deck == nil {
		if e.Public != nil {
			return *e.Public
		}
		return DeckCounts{}
	}
	return DeckCounts{Pile: len(e.Deck.pile), Discards: len(e.Deck.discard), Dealt: e.Deck.dealt}
}

// Give records that unit id holds c from phase p.
func (e *Extra) Give(id UnitID, c Card, p engine.Phase) {
	e.Cards[id] = &Held{Card: c, Dealt: p}
}

// CardOf returns the card unit u holds, if the position records one (a
// seat's view holds only the cards it knows).
func (e *Extra) CardOf(u engine.Unit) (Card, bool) {
	h, ok := e.Cards[IDOf(u)]
	if !ok || h.Card.Kind == 0 {
		return Card{}, false
	}
	return h.Card, true
}

// KindOf returns the kind of u's card, or 0.
func (e *Extra) KindOf(u engine.Unit) Kind {
	c, _ := e.CardOf(u)
	return c.Kind
}

// Reveal makes the card of unit id known to everyone. The first full
// revelation is kept; a full one replaces a hint.
func (e *Extra) Reveal(id UnitID, p engine.Phase, why string) error {
	h, ok := e.Cards[id]
	if !ok {
		return fmt.Errorf("character2: %s holds no card to reveal", id)
	}
	if h.Revealed == nil || h.Revealed.Hint != "" {
		h.Revealed = &Knowledge{Phase: p, Why: why}
	}
	return nil
}

// RevealHint tells everyone hint about unit id's card, not the card
// itself (the double strength cards). A card already known to all stays so.
func (e *Extra) RevealHint(id UnitID, p engine.Phase, why, hint string) error {
	h, ok := e.Cards[id]
	if !ok {
		return fmt.Errorf("character2: %s holds no card to hint at", id)
	}
	if h.Revealed == nil {
		h.Revealed = &Knowledge{Phase: p, Why: why, Hint: hint}
	}
	return nil
}

// Tell makes the card of unit id known to power to alone.
func (e *Extra) Tell(id UnitID, to engine.Power, p engine.Phase, why string) error {
	h, ok := e.Cards[id]
	if !ok {
		return fmt.Errorf("character2: %s holds no card to tell %s of", id, to)
	}
	if to == id.Power || to == "" {
		return nil
	}
	if k, known := h.Told[to]; known && k.Hint == "" {
		return nil
	}
	if h.Told == nil {
		h.Told = map[engine.Power]Knowledge{}
	}
	h.Told[to] = Knowledge{Phase: p, Why: why}
	return nil
}

// KnownTo reports whether seat may know the card of unit id in full: the
// game master and the owner always, everyone once it is revealed, and a
// power it was told to.
func (e *Extra) KnownTo(id UnitID, seat engine.Seat) bool {
	h, ok := e.Cards[id]
	if !ok {
		return false
	}
	if seat.GM || (h.Revealed != nil && h.Revealed.Hint == "") {
		return true
	}
	if seat.Power == "" {
		return false
	}
	k, told := h.Told[seat.Power]
	return seat.Power == id.Power || (told && k.Hint == "")
}

// HintTo returns what seat knows of unit id's card when it does not know
// the card: a revealed hint, or "".
func (e *Extra) HintTo(id UnitID, seat engine.Seat) string {
	h, ok := e.Cards[id]
	if !ok || e.KnownTo(id, seat) {
		return ""
	}
	if h.Revealed != nil {
		return h.Revealed.Hint
	}
	if k, ok := h.Told[seat.Power]; ok && seat.Power != "" {
		return k.Hint
	}
	return ""
}

// conceal removes from e what seat may not know: the cards it does not
// know (a hinted card keeps its Held with a zero Card and the hint), the
// deck's order and discards, the game master's log, and each effect's
// secrets.
func (e *Extra) conceal(seat engine.Seat) {
	if seat.GM {
		return
	}
	for id, h := range e.Cards {
		if e.KnownTo(id, seat) {
			continue
		}
		hint := e.HintTo(id, seat)
		if hint == "" {
			delete(e.Cards, id)
			continue
		}
		e.Cards[id] = &Held{Revealed: &Knowledge{Phase: h.Revealed.Phase, Why: h.Revealed.Why, Hint: hint}}
	}
	for _, h := range e.Cards {
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
	return slices.SortedFunc(maps.Keys(e.Cards), func(a, b UnitID) int {
		if c := strings.Compare(string(a.Power), string(b.Power)); c != 0 {
			return c
		}
		if a.Type != b.Type {
			return int(a.Type) - int(b.Type)
		}
		return a.Number - b.Number
	})
}

// extraOf returns the variant's part of s, or nil.
func extraOf(s *engine.State) *Extra {
	if s == nil {
		return nil
	}
	e, _ := s.Extra.(*Extra)
	return e
}

// kindAt returns the kind of u's card in s when u may use it: 0 if s
// knows no card of u, or if a Doppelganger's swap bars u from its new
// power this turn (Doppelganger: "Neither unit may use its new power on
// the turn after the swap"; PowerBarred). Every card's part asks this, so
// the bar holds for passive powers (strength, Move First, Cutter) as for
// special orders.
func kindAt(s *engine.State, u engine.Unit) Kind {
	if e := extraOf(s); e != nil && !PowerBarred(s, u) {
		return e.KindOf(u)
	}
	return 0
}
