package character2

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit"
)

// capOne reports whether k is one of the first eleven types, of which no
// power may ever have more than one unit (rule 3).
func capOne(k kind) bool { return k >= annihilator && k <= cutter }

// isDouble reports whether k is one of the two Double Strength cards, of
// which a power may have one unit in total (rule 3: "total, not one of
// each type").
func isDouble(k kind) bool { return k == doubleStrength || k == limitedDouble }

// startPower reports whether k is one of rule 3's "14 powers": the first
// eleven types, the two Double Strength cards and the Minelayer, the
// types rule 3 caps. Each power starts with exactly one unit holding one.
func startPower(k kind) bool { return capOne(k) || isDouble(k) || k == minelayerKind }

// rule3 reports why a power whose other units hold the kinds have may not
// have a unit of kind k, or nil (rule 3: one of each of the first eleven
// types, one Double Strength unit in total, two Minelayers).
func rule3(have []kind, k kind) error {
	n := 0
	for _, h := range have {
		switch {
		case h == k && capOne(k):
			return fmt.Errorf("a power may never have more than one %s (rule 3)", k)
		case isDouble(h) && isDouble(k):
			return fmt.Errorf("a power may never have more than one Double Strength unit, of either type (rule 3); it has a %s", h)
		case h == minelayerKind && k == minelayerKind:
			n++
		}
	}
	if k == minelayerKind && n >= 2 {
		return fmt.Errorf("a power may never have more than two Minelayers (rule 3)")
	}
	return nil
}

// startRule reports why a starting unit of a power may not hold kind k,
// given the kinds dealt to the power's other starting units so far and
// whether this is the power's last starting unit (rule 3: exactly one
// unit from the 14 powers, no two units of the same type, no Free Unit).
func startRule(dealt []kind, k kind, last bool) error {
	if k == freeUnit {
		return fmt.Errorf("no Free Unit is dealt at the start (rule 3)")
	}
	if slices.Contains(dealt, k) {
		return fmt.Errorf("no power starts with two units of the same type (rule 3): it has a %s", k)
	}
	has := slices.ContainsFunc(dealt, startPower)
	if startPower(k) && has {
		return fmt.Errorf("a power starts with exactly one unit from the 14 powers of rule 3, and has one")
	}
	if !startPower(k) && !has && last {
		return fmt.Errorf("a power starts with exactly one unit from the 14 powers of rule 3, and this is its last unit")
	}
	return rule3(dealt, k)
}

// initialDeal gives a card to every starting unit (rule 2), power by
// power in the order of the units, each unit in turn: a card that breaks
// rule 3 is discarded and another drawn. It returns the deal and the game
// master's log of refused cards.
func initialDeal(units []engine.Unit, deck *deck, rng *engine.Rand) (map[unitID]card, []string, error) {
	byPower := map[engine.Power][]engine.Unit{}
	var powers []engine.Power
	for _, u := range units {
		if u.Number == 0 {
			return nil, nil, fmt.Errorf("character2: unit %v has no number (rule 5)", u)
		}
		if _, ok := byPower[u.Power]; !ok {
			powers = append(powers, u.Power)
		}
		byPower[u.Power] = append(byPower[u.Power], u)
	}
	slices.Sort(powers)
	deal := map[unitID]card{}
	var log []string
	for _, p := range powers {
		us := byPower[p]
		var dealt []kind
		for i, u := range us {
			c, err := drawUntil(deck, rng, &log, idOf(u), func(k kind) error { return startRule(dealt, k, i == len(us)-1) })
			if err != nil {
				return nil, nil, err
			}
			deal[idOf(u)] = c
			dealt = append(dealt, c.Kind)
		}
	}
	return deal, log, nil
}

// drawUntil draws cards until ok accepts one, discarding the others with
// a line in log (rule 3: "the GM will discard it and draw another").
func drawUntil(deck *deck, rng *engine.Rand, log *[]string, id unitID, ok func(kind) error) (card, error) {
	// Every kind but one is refused at most by its caps; two whole decks
	// without a legal card mean no card can ever be legal.
	for range 2 * deckSize {
		c, err := deck.Draw(rng)
		if err != nil {
			return card{}, err
		}
		if why := ok(c.Kind); why != nil {
			deck.Discard(c)
			*log = append(*log, fmt.Sprintf("%s: drew %s, discarded: %v", id, c, why))
			continue
		}
		deck.CountDealt()
		return c, nil
	}
	return card{}, fmt.Errorf("character2: no card in two whole decks may go to %s under rule 3", id)
}

// kindsOf returns the kinds of the cards held by power p's units in s other
// than skip, dislodged units included.
func kindsOf(s *engine.State, e *extra, p engine.Power, skip unitID) []kind {
	var out []kind
	seen := map[unitID]bool{skip: true}
	add := func(u engine.Unit) {
		id := idOf(u)
		if u.Power != p || seen[id] {
			return
		}
		seen[id] = true
		if h, ok := e.Cards[id]; ok && h.Card.Kind != 0 {
			out = append(out, h.Card.Kind)
		}
	}
	for _, u := range s.Units {
		add(u)
	}
	for _, d := range s.Dislodged {
		add(d.Unit)
	}
	return out
}

// DealBuild deals a card to the built unit u of s (rule 2), refusing by
// rule 3 the cards u's power may not have. The card is recorded in e.
func (e *extra) DealBuild(s *engine.State, u engine.Unit, rng *engine.Rand) (card, error) {
	if e.Deck == nil {
		return card{}, fmt.Errorf("character2: no deck in this position (a seat's view?)")
	}
	have := kindsOf(s, e, u.Power, idOf(u))
	c, err := drawUntil(e.Deck, rng, &e.Log, idOf(u), func(k kind) error { return rule3(have, k) })
	if err != nil {
		return card{}, err
	}
	e.Give(idOf(u), c, s.Phase)
	return c, nil
}

// The game master's new unit: numbered and dealt a card like a build.
var _ cardgame.UnitAdder = (*extra)(nil)

// AddUnit completes unit i of s, which the game master added to the board
// (cardgame.UnitAdder): it takes the lowest number free among its power's
// units of its type (rule 5), and a card: the one id names, checked as a
// deal by hand (DealByHand: rule 3's caps, and the start's rules in the
// first phase), or, for id "", one dealt from the deck as to a unit built
// (rule 2; a card rule 3 refuses is discarded and another drawn).
func (e *extra) AddUnit(s *engine.State, i int, id string, start engine.Phase, rng *engine.Rand) (engine.Unit, error) {
	if e.Deck == nil {
		return engine.Unit{}, fmt.Errorf("character2: no deck in this position (a seat's view?)")
	}
	byHand := func(u engine.Unit) error {
		_, err := e.DealByHand(s, u, id, start, rng)
		return err
	}
	return kit.AddUnit(s, i, e.Holders(), id, byHand, func(u engine.Unit) error {
		c, err := e.DealBuild(s, u, rng)
		if err == nil {
			e.Log = append(e.Log, fmt.Sprintf("%s: %s dealt to %s, a unit the game master added (rule 2)", s.Phase.Key(), c, idOf(u)))
		}
		return err
	})
}

// DealByHand records that the game master dealt the physical card id to
// unit u of s (cardgame.Game): the card must be in the pile and allowed by
// rule 3, and at the start (the phase is start) by the initial deal's
// rules as well, taking the power's other starting cards as dealt. It
// returns the card's name. rng is not used: a hand deal draws nothing.
func (e *extra) DealByHand(s *engine.State, u engine.Unit, id string, start engine.Phase, rng *engine.Rand) (string, error) {
	_ = rng
	if e.Deck == nil {
		return "", fmt.Errorf("character2: no deck in this position")
	}
	c, err := cardByID(id)
	if err != nil {
		return "", err
	}
	have := kindsOf(s, e, u.Power, idOf(u))
	var warn string
	if s.Phase == start {
		// A physical deal is entered a card at a time over the drawn one,
		// so the power's other cards may still change: only the Free Unit
		// is refused outright; the rest of rule 3 is checked against the
		// other cards as they stand and logged for the game master.
		if c.Kind == freeUnit {
			return "", fmt.Errorf("%s may not have %s: no Free Unit is dealt at the start (rule 3)", idOf(u), c)
		}
		if err := startRule(have, c.Kind, true); err != nil {
			warn = fmt.Sprintf("; check the rest of %s's deal: %v", u.Power, err)
		}
	} else if err := rule3(have, c.Kind); err != nil {
		return "", fmt.Errorf("%s may not have %s: %v", idOf(u), c, err)
	}
	if _, ok := e.Deck.Take(c.ID); !ok {
		return "", fmt.Errorf("%s is not in the pile (already dealt or discarded)", c)
	}
	if old, ok := e.Cards[idOf(u)]; ok && old.Card.Kind != 0 {
		// The card the program drew goes back on top of the pile, so the
		// physical deal replaces it.
		e.Deck.PutOnTop(old.Card)
	}
	e.Deck.CountDealt()
	e.Give(idOf(u), c, s.Phase)
	e.Log = append(e.Log, fmt.Sprintf("%s: dealt %s by hand%s", idOf(u), c, warn))
	return c.NameFor(u.Type), nil
}

// names lists kinds as words for messages.
func names(ks []kind) string {
	var out []string
	for _, k := range ks {
		out = append(out, k.String())
	}
	return strings.Join(out, ", ")
}
