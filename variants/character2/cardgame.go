package character2

import (
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit"
)

var _ cardgame.Game = (*extra)(nil)

// Hand lists the cards of view v (already cut down for its seat) with the
// special orders among declared that each card's holder may give, the
// Tarot card beside each character (cardgame.Game).
func (e *extra) Hand(v engine.View, declared []engine.SpecialSyntax) cardgame.Hand {
	h := cardgame.Hand{Seat: v.Seat, Active: true}
	c := e.Counts()
	h.Deck = cardgame.Counts{Pile: c.Pile, Discards: c.Discards, Dealt: c.Dealt}
	if v.Seat.GM {
		h.Log = slices.Clone(e.Log)
		if e.Deck != nil {
			h.Log = append(h.Log, e.Deck.Log()...)
		}
	}
	if v.State == nil {
		return h
	}
	h.Cards = hand.Cards(v, e.Cards, declared)
	return h
}

// hand is how a seat's hand shows Galt's cards: the character by the
// holding unit's type beside its Tarot card, what the card does, the
// parts' notes of its state, and the special orders it gives (only to its
// owner and the game master).
var hand = kit.HandOf[card]{
	Face: func(id unitID, c card) kit.Face {
		return kit.Face{ID: c.ID, Name: c.NameFor(id.Type), Alias: c.Tarot, Text: c.Kind.Desc()}
	},
	Orders: func(c card, declared []engine.SpecialSyntax) []cardgame.Order {
		return reg.CardOrders(c.Kind.Word(), declared)
	},
	Notes: func(v engine.View, u engine.Unit) []string {
		e, _ := v.State.Extra.(*extra)
		return reg.Notes(v, e, u)
	},
}

// Marks are the signs the parts draw on v's board (cardgame.Game).
func (e *extra) Marks(v engine.View) []cardgame.Mark {
	out := reg.Marks(v, e)
	slices.SortStableFunc(out, func(a, b cardgame.Mark) int {
		if a.Kind != b.Kind {
			return int(a.Kind) - int(b.Kind)
		}
		if a.Prov != b.Prov {
			return int(a.Prov) - int(b.Prov)
		}
		return strings.Compare(string(a.Power), string(b.Power))
	})
	return out
}
