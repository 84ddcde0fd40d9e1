package questionable

import (
	"fmt"
	"maps"
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
		// The order the seat has given it this step, if any.
		for _, o := range v.Pending {
			if o.SeatOrder() && o.Power == c.Owner && o.Special == info.verb && (v.Seat.GM || o.Power == v.Seat.Power) {
				card.Notes = append(card.Notes, "ordered: "+strings.TrimSpace(o.Format(m)))
			}
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

// Marks are what the characters' step decided for the moves of view v,
// on the units it concerns, as far as v's seat may know it (with private
// reports the view keeps a country only its own units' part, ruling
// Q12): a bribed unit (BR) and one handed a free sample (FS) with the
// order it must carry out, a seduced unit (S) that may not move, and
// every unit of a country whose leader was killed (NMR).
func (e *extra) Marks(v engine.View) []cardgame.Mark {
	s := v.State
	t := e.Turn
	if s == nil || t == nil || s.Phase.Type != engine.Movement || t.Phase != s.Phase {
		return nil
	}
	m := s.Map
	var out []cardgame.Mark
	on := func(i int, tag, why string) {
		u := s.Units[i]
		out = append(out, cardgame.Mark{Kind: cardgame.MarkActedOn, Prov: u.Loc.P, Power: u.Power, Tag: tag,
			Why: m.PowerName(u.Power) + "'s " + m.UnitCode(u.Type, u.Kind) + " " + m.LocString(u.Loc) + " " + why})
	}
	ids := slices.Sorted(maps.Keys(t.Forced))
	for _, id := range ids {
		i := s.UnitByID(id)
		if i < 0 {
			continue
		}
		f := t.Forced[id]
		tag, rule := "BR", "rule 1"
		if f.By == dealer.String() {
			tag, rule = "FS", "rule 3"
		}
		on(i, tag, fmt.Sprintf("must carry out %s: %s (%s)", f.Order, f.Why, rule))
	}
	for _, id := range t.Seduced {
		if i := s.UnitByID(id); i >= 0 {
			on(i, "S", "is seduced and may not move this turn (rule 5)")
		}
	}
	for _, p := range t.NMR {
		for i, u := range s.Units {
			if u.Power == p {
				on(i, "NMR", "takes no order this turn: its country's leader was killed (rule 7)")
			}
		}
	}
	return out
}

// DealByHand: nobody deals characters; every country holds the seven.
func (e *extra) DealByHand(*engine.State, engine.Unit, string, engine.Phase, *engine.Rand) (string, error) {
	return "", fmt.Errorf("questionable: no cards are dealt: every country holds the same seven characters")
}
