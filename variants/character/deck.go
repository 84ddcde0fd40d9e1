package character

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// reshuffleEvery is the number of cards dealt after which rule 13 returns
// the cards to the deck and reshuffles it.
const reshuffleEvery = 50

// errDeckEmpty is returned by Draw when neither the pile nor the discards
// hold a card.
var errDeckEmpty = errors.New("character: the deck is empty")

// deckOptions are a game's choices about the deck, made before it starts
// (the seed's closing notes: no characteristic is added once a game begins).
type deckOptions struct {
	// Counts overrides the count of a card by id ("8": 2); 0 takes the
	// card out of the deck.
	Counts map[string]int
	// Add lists the optional cards voted in, by id ("X2"), with their
	// count; 0 means the card's recommended count.
	Add map[string]int
	// reshuffleEvery overrides reshuffleEvery (rule 13); 0 means the rule's 50.
	ReshuffleEvery int
}

// deck is the pile of character cards of one game, with the cards
// discarded when their units left the board. Cards on the board are not in
// the deck: the game keeps them with their units. A deck holds no source
// of chance; the methods that shuffle take the game's *engine.Rand, so
// every shuffle is seeded and recorded.
type deck struct {
	// Stock is the pile (its first card on top), the cards whose units
	// left the board and nothing else, the count of cards given to units
	// since the game began (rule 13), and the log of reshuffles.
	kit.Stock[cardType]
	types []cardType // the card types in play, in list order
	since int        // cards given to units since the last rule 13 reshuffle
	every int
}

// buildDeck builds the deck of list with the game's options and shuffles it
// with rng. Adding optional cards adds Ordinary cards by the ratio table
// of rule 10 unless opt.Counts sets the Ordinary count itself.
func buildDeck(list []cardType, opt deckOptions, rng *engine.Rand) (*deck, error) {
	types, err := deckTypes(list, opt)
	if err != nil {
		return nil, err
	}
	var pile []cardType
	for _, c := range types {
		for range c.Count {
			pile = append(pile, c)
		}
	}
	d := &deck{Stock: kit.NewStock(pile), types: types, every: reshuffleEvery}
	if opt.ReshuffleEvery > 0 {
		d.every = opt.ReshuffleEvery
	}
	d.Shuffle(rng, "character: shuffle the deck")
	return d, nil
}

// deckTypes applies the options to the list: counts, optional cards and
// the Ordinary ratio.
func deckTypes(list []cardType, opt deckOptions) ([]cardType, error) {
	byID := map[string]cardType{}
	for _, c := range list {
		byID[c.ID] = c
	}
	for _, id := range slices.Sorted(maps.Keys(opt.Counts)) {
		n := opt.Counts[id]
		c, ok := byID[strings.ToUpper(id)]
		switch {
		case !ok:
			return nil, fmt.Errorf("character: option counts: no card %q (the regular cards are 1-20, the proposed ones X1-X11)", id)
		case n < 0:
			return nil, fmt.Errorf("character: option counts: card %s: negative count %d", id, n)
		case c.Set == adopted:
			return nil, fmt.Errorf("character: option counts: card %s %s is part of a regular card and has no copies of its own", c.ID, c.Name)
		case c.Set == optionalCard:
			add, added := countFor(opt.Add, c.ID)
			if !added {
				return nil, fmt.Errorf("character: option counts: card %s %s is not in the game; vote it in with add_cards", c.ID, c.Name)
			}
			if add > 0 {
				return nil, fmt.Errorf("character: option counts: card %s's count is given twice (add_cards %s:%d and counts %s:%d)", c.ID, c.ID, add, c.ID, n)
			}
		}
	}
	var types []cardType
	total := 0
	for _, c := range list {
		n, in, err := cardCount(c, opt)
		if err != nil {
			return nil, err
		}
		if !in || n == 0 {
			continue
		}
		c.Count = n
		types = append(types, c)
		total += n
	}
	for id := range opt.Add {
		if _, ok := byID[strings.ToUpper(id)]; !ok {
			return nil, fmt.Errorf("character: option add: no card %q", id)
		}
	}
	_, setOrdinary := countFor(opt.Counts, ordinaryID)
	if len(opt.Add) > 0 && !setOrdinary {
		i := slices.IndexFunc(types, cardType.Ordinary)
		if i < 0 {
			return nil, errNoOrdinary
		}
		extra := extraOrdinary(total, types[i].Count)
		types[i].Count += extra
	}
	return types, nil
}

// cardCount says how many copies of c the game uses and whether c is in it.
func cardCount(c cardType, opt deckOptions) (int, bool, error) {
	n, set := countFor(opt.Counts, c.ID)
	add, added := countFor(opt.Add, c.ID)
	switch c.Set {
	case adopted:
		if added {
			return 0, false, fmt.Errorf("character: card %s %s is already part of the regular cards and cannot be added", c.ID, c.Name)
		}
		return 0, false, nil
	case optionalCard:
		if !added {
			return 0, false, nil
		}
		if !set {
			n = c.Count
			if add > 0 {
				n = add
			}
		}
		return n, true, nil
	}
	if added {
		return 0, false, fmt.Errorf("character: card %s %s is in the regular deck already; change its count with Counts", c.ID, c.Name)
	}
	if !set {
		n = c.Count
	}
	return n, true, nil
}

func countFor(m map[string]int, id string) (int, bool) {
	for k, v := range m {
		if strings.EqualFold(k, id) {
			return v, true
		}
	}
	return 0, false
}

// ordinaryFor is the seed's ratio table (rule 10 and its closing note):
// the number of Ordinary cards in a deck of total cards. 68-72 cards hold
// 14, and each further five cards one more.
func ordinaryFor(total int) int {
	if total <= 72 {
		return 14
	}
	return 14 + (total-72+4)/5
}

// extraOrdinary returns how many Ordinary cards to add to a deck of total
// cards, ordinary of them Ordinary, so that the whole deck, the added
// cards included, meets the ratio table (ruling "Ordinary ratio").
func extraOrdinary(total, ordinary int) int {
	for k := 0; ; k++ {
		if ordinaryFor(total+k) <= ordinary+k {
			return k
		}
	}
}

// Draw takes the top card of the pile. An empty pile is first refilled
// from the discards (Refill); with no discards either it returns
// errDeckEmpty. A drawn card must be given to a unit (Deal) or put back
// (Bury).
func (d *deck) Draw(rng *engine.Rand) (cardType, error) {
	if d.Len() == 0 {
		if d.DiscardLen() == 0 {
			return cardType{}, errDeckEmpty
		}
		d.Refill(rng, "the pile is empty")
	}
	c, _ := d.Top()
	return c, nil
}

// Bury puts a drawn card back at the bottom of the pile: the card refused
// by rule 4.b ("return the second card to the deck") or buried by rule
// 4.c. It does not count as dealt.
// Deal records that c, drawn from the pile, now belongs to a unit. When
// the count since the last reshuffle reaches 50, rule 13 reshuffles: the
// discards go back into the pile and the pile is shuffled with rng; the
// cards on the board stay with their units (ruling "Rule 13"). It reports
// whether it reshuffled.
func (d *deck) Deal(c cardType, rng *engine.Rand) bool {
	if c.Blank {
		return false
	}
	d.CountDealt()
	d.since++
	if d.since < d.every {
		return false
	}
	d.since = 0
	d.Refill(rng, fmt.Sprintf("%d cards dealt (rule 13)", d.every))
	return true
}

// Discard puts the card of a unit that left the board on the discard
// pile (rule 2: the card is out of the game until rule 13 brings it back).
func (d *deck) Discard(c cardType) {
	if !c.Blank {
		d.Stock.Discard(c)
	}
}

// Refill returns the discards to the pile and shuffles the whole pile.
func (d *deck) Refill(rng *engine.Rand, why string) {
	d.AddLog(fmt.Sprintf("reshuffled %d cards in the pile and %d discarded: %s", d.Len(), d.DiscardLen(), why))
	d.ReturnDiscards()
	d.Shuffle(rng, "character: reshuffle the deck")
}

// take removes the first card with id from the pile, for a deal entered by
// hand.
func (d *deck) take(id string) (cardType, bool) {
	return d.TakeFirst(func(c cardType) bool { return c.ID == id })
}

// SinceReshuffle returns the number of cards dealt since the last rule 13
// reshuffle.
func (d *deck) SinceReshuffle() int { return d.since }

// Types returns the card types in this game's deck with their counts.
func (d *deck) Types() []cardType { return slices.Clone(d.types) }

// Size returns the number of cards in the deck as built, board included.
func (d *deck) Size() int {
	n := 0
	for _, c := range d.types {
		n += c.Count
	}
	return n
}

// clone returns a deep copy of d.
// CloneDeck returns a deep copy of d (kit.Table).
func (d *deck) CloneDeck() *deck { return d.clone() }

func (d *deck) clone() *deck {
	return &deck{Stock: d.CloneStock(), types: slices.Clone(d.types), since: d.since, every: d.every}
}
