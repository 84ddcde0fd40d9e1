package character

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// DealCardByHand gives unit u of position s the card id that the game master
// dealt from a physical deck (or drew elsewhere), in place of the card the
// program dealt it: the program's card goes back on top of the pile as if
// it had never been drawn. checkDeal applies exactly as to the program's
// own deals (issue: "the same constraint check applies to both"): rule 4's
// limits while the game is in its first phase (the deal at the start, with
// the power's other starting units), rule 5's afterwards. A refused card
// returns the *Refusal and changes nothing. The change is logged for the
// game master; the card is known to its owner and the game master only
// (rule 3), and it counts as dealt in the phase of s.
func (e *extra) DealCardByHand(s *engine.State, u engine.Unit, id string, start engine.Phase, rng *engine.Rand) (cardType, error) {
	if e.Deck == nil {
		return cardType{}, fmt.Errorf("character: only the game master's position holds the deck")
	}
	uid := idOf(u)
	on := false
	for _, v := range s.Units {
		on = on || idOf(v) == uid
	}
	for _, d := range s.Dislodged {
		on = on || idOf(d.Unit) == uid
	}
	if !on {
		return cardType{}, fmt.Errorf("character: %s has no unit %s", kit.PowerName(u.Power), label(u.Number, u.Type))
	}
	deck := e.Deck.clone()
	old, had := e.Cards[uid]
	to := e.dealTo(s, u.Power)
	to.Type = u.Type
	if had {
		// The program's card goes back: it was never the unit's.
		if k := slices.IndexFunc(to.Hand, func(c cardType) bool { return c.ID == old.Card.ID }); k >= 0 {
			to.Hand = slices.Delete(to.Hand, k, k+1)
		}
		if !old.Card.Blank {
			deck.PutOnTop(old.Card)
			deck.UncountDealt()
			deck.since = max(0, deck.since-1)
		}
	}
	if s.Phase == start {
		for _, v := range s.Units {
			if v.Power == u.Power {
				to.Start = append(to.Start, v.Type)
			}
		}
	}
	c, err := manualDeal(deck, id, to, rng)
	if err != nil {
		return cardType{}, err
	}
	e.Deck = deck
	e.Cards[uid] = &held{Card: c, Dealt: s.Phase}
	note := fmt.Sprintf("%s: %s dealt %s by the game master by hand", s.Phase.Key(), uid, c)
	if had {
		note += fmt.Sprintf(" (in place of %s, returned to the top of the pile)", old.Card)
	}
	e.Log = append(e.Log, note)
	return c, nil
}
