package character

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit"
)

// Extra is a card game: the session, the window and the network see
// Character Diplomacy through cardgame.Game only.
var _ cardgame.Game = (*extra)(nil)

// Hand lists the cards of view v (already cut down for its seat by
// engine.ViewFor): rule 3, a power's own units' cards, those revealed and
// those it was told of; the game master's every card, the deck's log. The
// special orders are those of specialsOf among declared, so a variant
// built without one of them (a test's) offers only what its parser reads.
func (e *extra) Hand(v engine.View, declared []engine.SpecialSyntax) cardgame.Hand {
	h := cardgame.Hand{Seat: v.Seat, Deck: cardgame.Counts(e.Counts()), Active: powersActive(v.State.Phase)}
	if !h.Active {
		h.Inactive = fmt.Sprintf("Cards act from Spring %d (rule 7)", firstPowerYear)
	}
	if v.Seat.GM {
		h.Log = slices.Clone(e.Log)
	}
	h.Cards = hand.Cards(v, e.Cards, declared)
	return h
}

// hand is how a seat's hand shows Davis's cards: the card's number and
// name, its text, and the special orders it gives (rule 3: only its owner
// and the game master see those).
var hand = kit.HandOf[cardType]{
	Face: func(_ kit.UnitID, c cardType) kit.Face { return kit.Face{ID: c.ID, Name: c.Name, Text: c.Desc} },
	Orders: func(c cardType, declared []engine.SpecialSyntax) []cardgame.Order {
		return reg.CardOrders(c.ID, declared)
	},
}

// Marks returns the signs the cards left on the board of view v: the
// seat's own mines only (#12: a mine is known to its layer and the game
// master; the view already dropped the others), closed spaces (#9
// annihilated, #10 gassed), suspended centres and units in civil
// disorder, which the game master reports to all. An effect that has run
// out by v's turn is not drawn. Davis has no hidden units.
func (e *extra) Marks(v engine.View) []cardgame.Mark {
	m, now := v.State.Map, kit.MoveIndex(v.State.Phase)
	var out []cardgame.Mark
	for _, c := range e.Effects.Closures {
		if p, ok := m.Lookup(c.Prov); ok && c.Until >= now {
			out = append(out, cardgame.Mark{Kind: cardgame.MarkClosed, Prov: p, Why: c.Why})
		}
	}
	for _, c := range e.Effects.Suspended {
		if p, ok := m.Lookup(c.Prov); ok && c.Until >= now {
			out = append(out, cardgame.Mark{Kind: cardgame.MarkSuspended, Prov: p, Why: c.Why})
		}
	}
	for _, mine := range e.Effects.Mines {
		if p, ok := m.Lookup(mine.Prov); ok {
			out = append(out, cardgame.Mark{Kind: cardgame.MarkMine, Prov: p, Power: mine.Power, Why: "mine laid " + mine.Laid.Short()})
		}
	}
	for _, d := range e.Effects.Disorders {
		if d.Until < now {
			continue
		}
		for _, u := range v.State.Units {
			if idOf(u) == d.Unit {
				out = append(out, cardgame.Mark{Kind: cardgame.MarkDisorder, Prov: u.Loc.P, Power: u.Power, Why: d.Why})
			}
		}
	}
	return out
}

// DealByHand is cardgame.Game's face of DealCardByHand: the game master
// dealt the physical card id to unit u; it returns the card's name.
func (e *extra) DealByHand(s *engine.State, u engine.Unit, id string, start engine.Phase, rng *engine.Rand) (string, error) {
	c, err := e.DealCardByHand(s, u, id, start, rng)
	return c.Name, err
}
