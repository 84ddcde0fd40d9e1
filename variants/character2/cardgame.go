package character2

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit"
)

var _ cardgame.Game = (*Extra)(nil)

// Hand lists the cards of view v (already cut down for its seat) with the
// special orders among declared that each card's holder may give, the
// Tarot card beside each character (cardgame.Game).
func (e *Extra) Hand(v engine.View, declared []engine.SpecialSyntax) cardgame.Hand {
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
	m := v.State.Map
	units := append(slices.Clone(v.State.Units), kit.DislodgedUnits(v.State)...)
	for _, id := range e.sortedIDs() {
		held := e.Cards[id]
		known := e.KnownTo(id, v.Seat)
		if !known && e.HintTo(id, v.Seat) == "" {
			continue // a view holds only known cards; a GM state passed by mistake must not leak
		}
		// Loc stays invalid unless the unit is in the view: a card known
		// to the seat whose unit it may not see (an invisible unit) must
		// not point at a province.
		u := engine.Unit{Power: id.Power, Type: id.Type, Number: id.Number, Loc: engine.Loc{P: engine.NoProvince}}
		card := cardgame.Card{Label: Label(id.Number, id.Type), Unit: u}
		for _, w := range units {
			if IDOf(w) == id {
				card.Unit, card.Space = w, m.LocString(w.Loc)
			}
		}
		if known {
			card.ID, card.Name, card.Alias, card.Text, card.Dealt = held.Card.ID, held.Card.NameFor(id.Type), held.Card.Tarot, held.Card.Kind.Desc(), held.Dealt
		} else {
			card.Name = e.HintTo(id, v.Seat)
		}
		if r := held.Revealed; r != nil {
			what := "revealed"
			if r.Hint != "" {
				what = "known to all as " + r.Hint
			}
			card.Revealed = fmt.Sprintf("%s %s: %s", what, r.Phase.Short(), r.Why)
		}
		for p, k := range held.Told {
			card.Told = append(card.Told, fmt.Sprintf("%s (%s: %s)", m.PowerName(p), k.Phase.Short(), k.Why))
		}
		slices.Sort(card.Told)
		card.Notes = append(card.Notes, reg.Notes(v, e, card.Unit)...)
		if known && (v.Seat.GM || v.Seat.Power == id.Power) {
			card.Orders = ordersOf(held.Card.Kind, declared)
		}
		h.Cards = append(h.Cards, card)
	}
	return h
}

// ordersOf returns the special orders of kind k among the declared ones.
func ordersOf(k Kind, declared []engine.SpecialSyntax) []cardgame.Order {
	var out []cardgame.Order
	out = append(out, reg.CardOrders(k.Word(), declared)...)
	return out
}

// Marks are the signs the parts draw on v's board (cardgame.Game).
func (e *Extra) Marks(v engine.View) []cardgame.Mark {
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
