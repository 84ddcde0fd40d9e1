package character

import (
	"errors"
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// errNoLegalCard is returned when no card left in the deck may go to a
// unit (ruling "No legal card").
var errNoLegalCard = errors.New("character: no legal card left in the deck")

// errNotInPile is returned by manualDeal for a card with no copy left in
// the pile.
var errNotInPile = errors.New("character: no copy of the card is left in the pile")

// initialDeal deals one card to each starting unit (rule 4.a), country by
// country in the order the units are listed (rule 4.c: finish one country
// before the next). Cards checkDeal refuses go back to the bottom of the
// pile and another is drawn (rules 4.b, 4.c); army-only and fleet-only
// cards are then swapped within the country onto units that may hold
// them (rule 4.c). The units must carry their rule 10 numbers
// (numberUnits). It returns the cards by unit and a log of every burial
// and swap for the game master.
func initialDeal(units []engine.Unit, deck *deck, rng *engine.Rand) (map[kit.UnitID]cardType, []string, error) {
	if err := checkNumbers(units); err != nil {
		return nil, nil, err
	}
	var order []engine.Power
	byPower := map[engine.Power][]engine.Unit{}
	for _, u := range units {
		if _, ok := byPower[u.Power]; !ok {
			order = append(order, u.Power)
		}
		byPower[u.Power] = append(byPower[u.Power], u)
	}
	deal := make(map[kit.UnitID]cardType, len(units))
	var log []string
	for _, p := range order {
		us := byPower[p]
		types := make([]engine.UnitType, len(us))
		for i, u := range us {
			types[i] = u.Type
		}
		var hand []cardType
		for len(hand) < len(us) {
			to := dealTo{Power: p, Hand: hand, Units: len(us), Powers: len(order), Start: types}
			c, err := drawLegal(deck, rng, to, &log)
			if err != nil {
				return nil, log, fmt.Errorf("%w for %s's starting unit %d of %d", err, kit.PowerName(p), len(hand)+1, len(us))
			}
			hand = append(hand, c)
		}
		if err := placeCountry(us, hand, deal, &log); err != nil {
			return nil, log, err
		}
	}
	return deal, log, nil
}

// checkNumbers makes sure every unit has a rule 10 number and no two
// share one.
func checkNumbers(units []engine.Unit) error {
	seen := map[kit.UnitID]bool{}
	for _, u := range units {
		id := idOf(u)
		if u.Number <= 0 {
			return fmt.Errorf("character: %s's %s has no unit number (rule 10; see NumberUnits)", kit.PowerName(u.Power), u.Type.Word())
		}
		if seen[id] {
			return fmt.Errorf("character: two units are numbered %s", id)
		}
		seen[id] = true
	}
	return nil
}

// placeCountry gives a country's cards to its units in the order drawn,
// then swaps cards that do not fit their unit's type with one that does
// (rule 4.c). checkDeal already kept the country's army-only and
// fleet-only cards within its armies and fleets, so one swap always
// suffices.
func placeCountry(us []engine.Unit, hand []cardType, deal map[kit.UnitID]cardType, log *[]string) error {
	cards := slices.Clone(hand)
	for i, u := range us {
		if cards[i].Fits(u.Type) {
			continue
		}
		j := -1
		for k, v := range us {
			if k != i && cards[k].Fits(u.Type) && cards[i].Fits(v.Type) {
				j = k
				break
			}
		}
		if j < 0 {
			return fmt.Errorf("character: %s: no unit can take %s (rule 4.c)", kit.PowerName(u.Power), cards[i])
		}
		cards[i], cards[j] = cards[j], cards[i]
		*log = append(*log, fmt.Sprintf("%s: swapped the cards of %s and %s so that %s goes to %s (rule 4.c)",
			kit.PowerName(u.Power), label(u.Number, u.Type), label(us[j].Number, us[j].Type), cards[j], fitNoun(cards[j])))
	}
	for i, u := range us {
		deal[idOf(u)] = cards[i]
	}
	return nil
}

// drawLegal draws until a card passes checkDeal for to, burying the
// refused ones, and records the card as dealt. When every card in the
// pile has been refused, the discards are shuffled in once; after that
// it returns errNoLegalCard.
func drawLegal(deck *deck, rng *engine.Rand, to dealTo, log *[]string) (cardType, error) {
	tried, refilled := 0, false
	for {
		if tried >= deck.Len() {
			if refilled || deck.DiscardLen() == 0 {
				return cardType{}, errNoLegalCard
			}
			deck.Refill(rng, "no card in the pile may go to "+kit.PowerName(to.Power)+"'s unit")
			*log = append(*log, "the discards were shuffled into the pile: no card left in it could be dealt")
			tried, refilled = 0, true
			continue
		}
		c, err := deck.Draw(rng)
		if err != nil {
			return cardType{}, errNoLegalCard
		}
		if err := checkDeal(c, to); err != nil {
			deck.Bury(c)
			*log = append(*log, fmt.Sprintf("%s: %s buried and another drawn: %s", kit.PowerName(to.Power), c, err))
			tried++
			continue
		}
		if deck.Deal(c, rng) {
			*log = append(*log, fmt.Sprintf("%d cards dealt: the discards were shuffled back into the pile (rule 13)", deck.every))
		}
		return c, nil
	}
}

// dealBuild deals a card to a newly built unit u (rule 5.a), applying
// rules 4 and 5 through checkDeal: to describes u's power (its hand on
// the board, the units it is entitled to, the powers left); its Power and
// Type are taken from u. When no legal card remains the unit is Ordinary
// without a card (a Blank card; ruling "No legal card").
func dealBuild(u engine.Unit, to dealTo, deck *deck, rng *engine.Rand) (cardType, []string, error) {
	if u.Number <= 0 {
		return cardType{}, nil, fmt.Errorf("character: %s's new %s has no unit number (rule 10; see NextNumber)", kit.PowerName(u.Power), u.Type.Word())
	}
	to.Power, to.Type, to.Start = u.Power, u.Type, nil
	var log []string
	c, err := drawLegal(deck, rng, to, &log)
	if errors.Is(err, errNoLegalCard) {
		c = cardType{ID: ordinaryID, Name: "Ordinary Unit", Units: anyUnit, Set: regular, Blank: true}
		if i := slices.IndexFunc(deck.types, cardType.Ordinary); i >= 0 {
			c = deck.types[i]
			c.Blank = true
		}
		log = append(log, fmt.Sprintf("%s: no card left may go to %s, so it is Ordinary without a card", kit.PowerName(u.Power), label(u.Number, u.Type)))
		return c, log, nil
	}
	return c, log, err
}

// manualDeal records a card the game master dealt by hand (a physical
// deck, or a deal made elsewhere) to the unit described by to. The same
// checkDeal applies: a refused deal returns its *Refusal and changes
// nothing. id is the card's id ("9", "#9", "X2").
func manualDeal(deck *deck, id string, to dealTo, rng *engine.Rand) (cardType, error) {
	c, ok := lookupCard(deck.types, id)
	if !ok {
		return cardType{}, fmt.Errorf("character: there is no card %q in this game's deck", id)
	}
	if err := checkDeal(c, to); err != nil {
		return cardType{}, err
	}
	got, ok := deck.take(c.ID)
	if !ok {
		return cardType{}, fmt.Errorf("%w: every %s is on the board or discarded until the next reshuffle", errNotInPile, c)
	}
	deck.Deal(got, rng)
	return got, nil
}
