package character

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit"
)

// The game master's new unit: numbered and dealt a card like a build.
var _ cardgame.UnitAdder = (*extra)(nil)

// AddUnit completes unit i of s, which the game master added to the board
// (cardgame.UnitAdder): it takes the lowest number free among its power's
// units of its type (rule 10), and a card: the one id names, checked as a
// deal by hand (DealCardByHand: rule 4 in the first phase, rule 5 after),
// or, for id "", one dealt from the deck as to a unit built (rule 5, with
// its burials; Ordinary without a card when no card may go to it).
func (e *extra) AddUnit(s *engine.State, i int, id string, start engine.Phase, rng *engine.Rand) (engine.Unit, error) {
	if e.Deck == nil {
		return engine.Unit{}, fmt.Errorf("character: only the game master's position holds the deck")
	}
	byHand := func(u engine.Unit) error {
		_, err := e.DealCardByHand(s, u, id, start, rng)
		return err
	}
	return kit.AddUnit(s, i, e.Holders(), id, byHand, func(u engine.Unit) error {
		c, log, err := dealBuild(u, e.dealTo(s, u.Power), e.Deck, rng)
		e.Log = append(e.Log, log...)
		if err == nil {
			e.Give(idOf(u), c, s.Phase)
			e.Log = append(e.Log, fmt.Sprintf("%s: %s dealt to %s, a unit the game master added (rule 5.a)", s.Phase.Key(), c, idOf(u)))
		}
		return err
	})
}

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
