package session

import (
	"dipdesk/engine"
	"dipdesk/variants/cardgame"
)

// CardOrder is a special order a card's holder may give (cardgame.Order).
type CardOrder = cardgame.Order

// HandCard is one unit's card as a seat may know it (cardgame.Card).
type HandCard = cardgame.Card

// Hands is what a seat may see of a card game (cardgame.Hand): its own
// units' cards, those revealed, those it was told of; the game master
// sees all hands, the deck and its log.
type Hands = cardgame.Hand

// HasCards reports whether the game's positions hold cards (the variant's
// State.Extra is a cardgame.Game).
func (g *Game) HasCards() bool {
	ps, err := g.Current()
	return err == nil && cardgame.Of(ps.State) != nil
}

// Hands returns what seat may see of the cards in phase name ("" the
// current one), computed from the seat's view (engine.ViewFor), never
// from the game master's position. ok is false when the game has no
// cards.
func (g *Game) Hands(seat engine.Seat, name string) (Hands, bool, error) {
	v, err := g.View(seat, name)
	if err != nil {
		return Hands{}, false, err
	}
	h, ok := HandsOf(v, g.variant.Specials)
	return h, ok, nil
}

// HandsOf lists the cards of view v (already cut down for its seat) with
// the special orders among declared that each card gives. Whatever the
// variant returns, a seat other than the game master's keeps only its own
// units' cards, the revealed ones and (a power) those it was told of (Told
// set), and no deal log: a hand never shows another power's secret card.
func HandsOf(v engine.View, declared []engine.SpecialSyntax) (Hands, bool) {
	cg := cardgame.Of(v.State)
	if cg == nil {
		return Hands{}, false
	}
	h := cg.Hand(v, declared)
	h.Seat = v.Seat
	if !v.Seat.GM {
		h.Log = nil
		known := h.Cards[:0:0]
		for _, c := range h.Cards {
			own := v.Seat.Power != "" && c.Unit.Power == v.Seat.Power
			told := v.Seat.Power != "" && len(c.Told) > 0
			if own || told || c.Revealed != "" {
				known = append(known, c)
			}
		}
		h.Cards = known
	}
	return h, true
}
