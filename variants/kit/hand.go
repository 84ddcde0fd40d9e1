package kit

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
)

// Face is what a seat reads of one card it knows: the card's id, its name
// for the holding unit, the physical card a game master deals instead
// ("The Fool"; "" if none) and what it does.
type Face struct {
	ID, Name, Alias, Text string
}

// HandOf is how a variant shows its cards in a seat's hand.
type HandOf[C comparable] struct {
	// Face reads card c held by unit id.
	Face func(id UnitID, c C) Face
	// Orders lists the special orders card c gives, among declared.
	Orders func(c C, declared []engine.SpecialSyntax) []cardgame.Order
	// Notes tells the seat of v the card's state ("invisible"); nil: none.
	Notes func(v engine.View, u engine.Unit) []string
}

// Hand is the hand of view v's seat (cardgame.Game): its cards (Cards),
// the deck's counts, the game master's log (log, for the game master's
// seat alone), and, when inactive says why, that no card acts now.
func (h HandOf[C]) Hand(v engine.View, cards Cards[UnitID, C], declared []engine.SpecialSyntax, counts cardgame.Counts, log []string, inactive string) cardgame.Hand {
	out := cardgame.Hand{Seat: v.Seat, Deck: counts, Active: inactive == "", Inactive: inactive}
	if v.Seat.GM {
		out.Log = slices.Clone(log)
	}
	if v.State != nil {
		out.Cards = h.Cards(v, cards, declared)
	}
	return out
}

// Cards lists the cards of view v (already cut down for its seat by
// engine.ViewFor), by power, type and number: the seat's own units' cards,
// those revealed, those it was told of, those known by a hint; the game
// master's every card. Each card's unit is where v shows it (on the board
// or dislodged); a card whose unit the seat may not see (an invisible
// unit) points at no province. Only the holder's seat and the game master
// get its special orders.
func (h HandOf[C]) Cards(v engine.View, cards Cards[UnitID, C], declared []engine.SpecialSyntax) []cardgame.Card {
	m := v.State.Map
	units := AllUnits(v.State)
	var out []cardgame.Card
	for _, id := range SortedIDs(cards) {
		held := cards[id]
		known := cards.KnownTo(id, v.Seat)
		hint := cards.HintTo(id, v.Seat)
		if !known && hint == "" {
			continue // a view holds only known cards; a GM state passed by mistake must not leak
		}
		u := engine.Unit{Power: id.Power, Type: id.Type, Number: id.Number, Loc: engine.Loc{P: engine.NoProvince}}
		card := cardgame.Card{Label: Label(id.Number, id.Type), Unit: u}
		for _, w := range units {
			if IDOf(w) == id {
				card.Unit, card.Space = w, m.LocString(w.Loc)
			}
		}
		if known {
			f := h.Face(id, held.Card)
			card.ID, card.Name, card.Alias, card.Text, card.Dealt = f.ID, f.Name, f.Alias, f.Text, held.Dealt
		} else {
			card.Name = hint
		}
		if r := held.Revealed; r != nil {
			what := "revealed"
			if r.Hint != "" {
				what = "known to all as " + r.Hint
			}
			card.Revealed = fmt.Sprintf("%s %s: %s", what, r.Phase.Key(), r.Why)
		}
		for p, k := range held.Told {
			card.Told = append(card.Told, fmt.Sprintf("%s (%s: %s)", m.PowerName(p), k.Phase.Key(), k.Why))
		}
		slices.Sort(card.Told)
		if h.Notes != nil {
			card.Notes = append(card.Notes, h.Notes(v, card.Unit)...)
		}
		if known && (v.Seat.GM || v.Seat.Power == id.Power) {
			card.Orders = h.Orders(held.Card, declared)
		}
		out = append(out, card)
	}
	return out
}
