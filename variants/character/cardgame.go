package character

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
)

// Extra is a card game: the session, the window and the network see
// Character Diplomacy through cardgame.Game only.
var _ cardgame.Game = (*Extra)(nil)

// Hand lists the cards of view v (already cut down for its seat by
// engine.ViewFor): rule 3, a power's own units' cards, those revealed and
// those it was told of; the game master's every card, the deck's log. The
// special orders are those of SpecialsOf among declared, so a variant
// built without one of them (a test's) offers only what its parser reads.
func (e *Extra) Hand(v engine.View, declared []engine.SpecialSyntax) cardgame.Hand {
	m := v.State.Map
	h := cardgame.Hand{Seat: v.Seat, Deck: cardgame.Counts(e.Counts()), Active: PowersActive(v.State.Phase)}
	if !h.Active {
		h.Inactive = fmt.Sprintf("Cards act from Spring %d (rule 7)", FirstPowerYear)
	}
	if v.Seat.GM {
		h.Log = slices.Clone(e.Log)
	}
	for id, held := range e.Cards {
		if !e.KnownTo(id, v.Seat) {
			continue // a view holds only known cards; a GM state passed by mistake must not leak
		}
		c := cardgame.Card{Label: Label(id.Number, id.Type), ID: held.Card.ID, Name: held.Card.Name,
			Text: held.Card.Desc, Dealt: held.Dealt, Unit: engine.Unit{Power: id.Power, Type: id.Type, Number: id.Number}}
		for _, u := range v.State.Units {
			if IDOf(u) == id {
				c.Unit, c.Space = u, m.LocString(u.Loc)
			}
		}
		if r := held.Revealed; r != nil {
			c.Revealed = fmt.Sprintf("revealed %s: %s", r.Phase.Short(), r.Why)
		}
		for p, k := range held.Told {
			c.Told = append(c.Told, fmt.Sprintf("%s (%s: %s)", m.PowerName(p), k.Phase.Short(), k.Why))
		}
		slices.Sort(c.Told)
		if v.Seat.GM || v.Seat.Power == id.Power {
			c.Orders = cardOrders(held.Card.ID, declared)
		}
		h.Cards = append(h.Cards, c)
	}
	slices.SortFunc(h.Cards, func(a, b cardgame.Card) int {
		if c := strings.Compare(string(a.Unit.Power), string(b.Unit.Power)); c != 0 {
			return c
		}
		if a.Unit.Type != b.Unit.Type {
			return int(a.Unit.Type) - int(b.Unit.Type)
		}
		return a.Unit.Number - b.Unit.Number
	})
	return h
}

// cardOrders returns the special orders card id gives among declared.
func cardOrders(id string, declared []engine.SpecialSyntax) []cardgame.Order {
	var out []cardgame.Order
	for _, u := range SpecialsOf(id) {
		for _, d := range declared {
			if d.Name == u.Name {
				out = append(out, cardgame.Order{SpecialSyntax: d, TakesProvince: u.TakesProvince, TakesUnit: u.TakesUnit})
				break
			}
		}
	}
	return out
}

// Marks returns the signs the cards left on the board of view v: the
// seat's own mines only (#12: a mine is known to its layer and the game
// master; the view already dropped the others), closed spaces (#9
// annihilated, #10 gassed), suspended centres and units in civil
// disorder, which the game master reports to all. An effect that has run
// out by v's turn is not drawn. Davis has no hidden units.
func (e *Extra) Marks(v engine.View) []cardgame.Mark {
	m, now := v.State.Map, MoveIndex(v.State.Phase)
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
			if IDOf(u) == d.Unit {
				out = append(out, cardgame.Mark{Kind: cardgame.MarkDisorder, Prov: u.Loc.P, Power: u.Power, Why: d.Why})
			}
		}
	}
	return out
}

// DealByHand is cardgame.Game's face of DealCardByHand: the game master
// dealt the physical card id to unit u; it returns the card's name.
func (e *Extra) DealByHand(s *engine.State, u engine.Unit, id string, start engine.Phase, rng *engine.Rand) (string, error) {
	c, err := e.DealCardByHand(s, u, id, start, rng)
	return c.Name, err
}
