package questionable

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
)

// The characters are a seat's hand: the session, the window and the
// network see them through cardgame.Game.
var _ cardgame.Game = (*extra)(nil)

// Hand lists the characters of view v: every country's, whose records are
// public (a caught character is reported to all, ruling Q12), the seat's
// own first; each with its state and, for the seat's own characters free
// to act (the game master's every one), the orders it gives.
func (e *extra) Hand(v engine.View, declared []engine.SpecialSyntax) cardgame.Hand {
	h := cardgame.Hand{Seat: v.Seat, Active: true}
	if v.State == nil {
		return h
	}
	opt := optionsOf(e)
	m := v.State.Map
	cs := slices.Clone(e.Characters)
	slices.SortStableFunc(cs, func(a, b *character) int {
		ownA, ownB := a.Owner == v.Seat.Power, b.Owner == v.Seat.Power
		switch {
		case ownA != ownB && ownA:
			return -1
		case ownA != ownB:
			return 1
		case a.Owner != b.Owner:
			return strings.Compare(string(a.Owner), string(b.Owner))
		}
		return slices.Index(seedOrder, a.Kind) - slices.Index(seedOrder, b.Kind)
	})
	for _, c := range cs {
		info := kinds[c.Kind]
		card := cardgame.Card{Seat: true, Unit: engine.Unit{Power: c.Owner, Loc: engine.Loc{P: engine.NoProvince}},
			Label: m.PowerName(c.Owner), ID: fmt.Sprintf("Q%d", c.ID), Name: info.name, Text: info.text,
			Notes: []string{c.state(v.State.Phase, opt)}}
		if c.From != "" {
			card.Notes = append(card.Notes, "joined from "+m.PowerName(c.From))
		}
		if c.Owner != v.Seat.Power {
			card.Revealed = "every country's characters are known to all"
		}
		ok, _ := c.available(v.State.Phase, opt)
		if (v.Seat.GM || c.Owner == v.Seat.Power) && ok && actsNow(v.State.Phase, opt) {
			card.Orders = reg.CardOrders(info.name, declared)
		}
		h.Cards = append(h.Cards, card)
	}
	if !actsNow(v.State.Phase, opt) {
		h.Active = false
		h.Inactive = "The characters act before the moves"
		if opt.separate {
			h.Inactive += ", in a step of their own"
		}
	}
	return h
}

// actsNow reports whether characters take orders in phase p.
func actsNow(p engine.Phase, opt options) bool {
	if opt.separate {
		return isCharacters(p)
	}
	return opt.mayAct(p)
}

// Marks: the characters leave no sign on the board.
func (e *extra) Marks(engine.View) []cardgame.Mark { return nil }

// DealByHand: nobody deals characters; every country holds the seven.
func (e *extra) DealByHand(*engine.State, engine.Unit, string, engine.Phase, *engine.Rand) (string, error) {
	return "", fmt.Errorf("questionable: no cards are dealt: every country holds the same seven characters")
}
