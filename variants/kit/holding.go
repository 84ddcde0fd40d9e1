package kit

import (
	"fmt"
	"slices"

	"dipdesk/engine"
)

// Keyed is a card type with the id a game master and a save file name it
// by ("9", "X2", "T0").
type Keyed interface {
	comparable
	Key() string
}

// Holding is the cards a position's units hold, with who knows each: the
// part of a card variant's Extra that every such variant has. Embedded in
// the Extra, its methods are the Extra's.
type Holding[C Keyed] struct {
	Cards Cards[UnitID, C]
}

// NewHolding returns a holding with no card.
func NewHolding[C Keyed]() Holding[C] { return Holding[C]{Cards: Cards[UnitID, C]{}} }

// CloneHolding returns a deep copy of h.
func (h *Holding[C]) CloneHolding() Holding[C] { return Holding[C]{Cards: h.Cards.Clone()} }

// Give records that unit id holds c from phase p. The card must already be
// dealt from the pile.
func (h *Holding[C]) Give(id UnitID, c C, p engine.Phase) { h.Cards.Give(id, c, p) }

// CardOf returns the card unit u holds, if the position records one (a
// seat's view holds only the cards it knows).
func (h *Holding[C]) CardOf(u engine.Unit) (C, bool) { return h.Cards.CardOf(IDOf(u)) }

// Holders returns the units that hold a card, by power, type and number.
func (h *Holding[C]) Holders() []UnitID { return SortedIDs(h.Cards) }

// CardID returns the id of the card unit id holds, if the position knows
// one.
func (h *Holding[C]) CardID(id UnitID) (string, bool) {
	c, ok := h.Cards.CardOf(id)
	return c.Key(), ok
}

// Reveal makes unit id's card known to everyone; the first full
// revelation is kept, and a full one replaces a hint.
func (h *Holding[C]) Reveal(id UnitID, p engine.Phase, why string) error {
	return wrap(h.Cards.Reveal(id, p, why))
}

// RevealHint tells everyone hint about unit id's card, not the card.
func (h *Holding[C]) RevealHint(id UnitID, p engine.Phase, why, hint string) error {
	return wrap(h.Cards.RevealHint(id, p, why, hint))
}

// Tell makes unit id's card known to power to alone.
func (h *Holding[C]) Tell(id UnitID, to engine.Power, p engine.Phase, why string) error {
	return wrap(h.Cards.Tell(id, to, p, why))
}

// KnownTo reports whether seat may know unit id's card in full.
func (h *Holding[C]) KnownTo(id UnitID, seat engine.Seat) bool { return h.Cards.KnownTo(id, seat) }

// HintTo returns what seat knows of unit id's card when it does not know
// the card: a revealed hint, or "".
func (h *Holding[C]) HintTo(id UnitID, seat engine.Seat) string { return h.Cards.HintTo(id, seat) }

func wrap(err error) error {
	if err != nil {
		return fmt.Errorf("kit: %w", err)
	}
	return nil
}

// Records is what a card variant's position (State.Extra) tells of its
// cards besides cardgame.Game, so tools and tests read and change them
// without importing the variant: the holders, each card's id and who
// knows it, a revelation or private report, a card given by its id, an
// effect put on the board in the case files' words ("mine hol england").
type Records interface {
	Holders() []UnitID
	CardID(id UnitID) (string, bool)
	KnownTo(id UnitID, seat engine.Seat) bool
	HintTo(id UnitID, seat engine.Seat) string
	Reveal(id UnitID, p engine.Phase, why string) error
	Tell(id UnitID, to engine.Power, p engine.Phase, why string) error
	GiveCard(id UnitID, card string, p engine.Phase) error
	AddEffect(s *engine.State, line string) error
}

// RecordsOf returns the card records of s, or nil if its variant has none.
func RecordsOf(s *engine.State) Records {
	if s == nil {
		return nil
	}
	r, _ := s.Extra.(Records)
	return r
}

// Table is the part of a card variant's position (State.Extra) that every
// such variant has besides its cards: the deck, which only the game
// master's position holds (nil in a seat's view), the deck's counts P a
// seat's view holds instead, and the game master's log of deals. Embedded
// in the Extra, its fields are the Extra's. D is the variant's deck, a
// pointer that copies itself.
type Table[D interface {
	comparable
	CloneDeck() D
}, P any] struct {
	Deck   D
	Public *P
	Log    []string
}

// CloneTable returns a deep copy of t.
func (t *Table[D, P]) CloneTable() Table[D, P] {
	var none D
	c := Table[D, P]{Log: slices.Clone(t.Log)}
	if t.Deck != none {
		c.Deck = t.Deck.CloneDeck()
	}
	if t.Public != nil {
		p := *t.Public
		c.Public = &p
	}
	return c
}

// TableCounts returns the deck's public counts: count's reading of the
// deck in the game master's position, else the counts the seat's view
// kept (the zero counts when it kept none).
func (t *Table[D, P]) TableCounts(count func(D) P) P {
	var none D
	if t.Deck == none {
		if t.Public != nil {
			return *t.Public
		}
		var zero P
		return zero
	}
	return count(t.Deck)
}

// ConcealTable keeps of t what a seat may know: the deck's counts, never
// the deck (its order, and discards that would name the cards of units
// gone unrevealed) nor the game master's log.
func (t *Table[D, P]) ConcealTable(counts P) {
	var none D
	t.Public, t.Deck, t.Log = &counts, none, nil
}

// Conceal cuts a card variant's position down for seat: the cards it may
// not know (Cards.Conceal), the deck and the game master's log
// (ConcealTable, keeping counts()). It reports whether it did: the game
// master keeps everything, and the caller cuts its effects when it did.
func Conceal[C Keyed, D interface {
	comparable
	CloneDeck() D
}, P any](seat engine.Seat, h *Holding[C], t *Table[D, P], counts func() P) bool {
	if seat.GM {
		return false
	}
	h.Cards.Conceal(seat)
	t.ConcealTable(counts())
	return true
}
