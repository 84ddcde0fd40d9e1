package character2

import (
	"errors"
	"fmt"
	"slices"

	"dipdesk/engine"
)

// ErrDeckEmpty is returned when no card can be drawn: never in a game (the
// 78 cards are reshuffled when all are used), only for a deck built empty.
var ErrDeckEmpty = errors.New("character2: the deck is empty")

// Deck is the pile of Tarot cards and the discards. Rule 3: "The deck is
// not reshuffled during the game unless all 78 cards have been used. (And
// even then, all existing units retain their powers but their cards get
// re-used.)" So when the pile runs out every one of the 78 cards goes back
// into it, those of units on the board included, and is shuffled; the
// units keep their powers. A Deck holds no source of chance: the methods
// that shuffle take the game's *engine.Rand.
type Deck struct {
	pile     []Card // pile[0] is the top card
	discard  []Card // drawn and refused by rule 3, or held by units that left the board
	dealt    int    // cards given to units since the game began
	shuffles int    // times the 78 cards were reshuffled after the first shuffle
	log      []string
}

// NewDeck returns the 78 cards shuffled with rng.
func NewDeck(rng *engine.Rand) *Deck {
	d := &Deck{pile: AllCards()}
	d.shuffle(rng, "character2: shuffle the Tarot deck")
	return d
}

func (d *Deck) shuffle(rng *engine.Rand, why string) {
	rng.Shuffle(len(d.pile), why, func(i, j int) { d.pile[i], d.pile[j] = d.pile[j], d.pile[i] })
}

// Draw takes the top card; when the pile is empty, all 78 cards are
// reshuffled first (rule 3).
func (d *Deck) Draw(rng *engine.Rand) (Card, error) {
	if len(d.pile) == 0 {
		d.Refill(rng)
	}
	if len(d.pile) == 0 {
		return Card{}, ErrDeckEmpty
	}
	c := d.pile[0]
	d.pile = d.pile[1:]
	return c, nil
}

// Refill puts all 78 cards back into the pile and shuffles it (rule 3:
// "their cards get re-used"); the discards are emptied.
func (d *Deck) Refill(rng *engine.Rand) {
	d.pile, d.discard = AllCards(), nil
	d.shuffles++
	d.log = append(d.log, fmt.Sprintf("all %d cards used: reshuffled the whole deck (rule 3)", DeckSize))
	d.shuffle(rng, "character2: reshuffle the whole deck (rule 3)")
}

// Discard puts c on the discard pile.
func (d *Deck) Discard(c Card) { d.discard = append(d.discard, c) }

// Dealt counts a card given to a unit.
func (d *Deck) countDealt() { d.dealt++ }

// Take removes the card with id from the pile (a manual deal, a case's
// position), reporting whether it was there.
func (d *Deck) Take(id string) (Card, bool) {
	for i, c := range d.pile {
		if c.ID == id {
			d.pile = slices.Delete(d.pile, i, i+1)
			return c, true
		}
	}
	return Card{}, false
}

// Stack puts the cards with ids on top of the pile in that order (taken
// from where they are in the pile): a case file's scripted draws.
func (d *Deck) Stack(ids ...string) error {
	var top []Card
	for _, id := range ids {
		c, ok := d.Take(id)
		if !ok {
			return fmt.Errorf("character2: card %s is not in the pile", id)
		}
		top = append(top, c)
	}
	d.pile = append(top, d.pile...)
	return nil
}

// Pile returns the pile, top first.
func (d *Deck) Pile() []Card { return slices.Clone(d.pile) }

// Discards returns the discard pile.
func (d *Deck) Discards() []Card { return slices.Clone(d.discard) }

// Dealt returns how many cards were given to units.
func (d *Deck) Dealt() int { return d.dealt }

// Log returns the deck's log (reshuffles).
func (d *Deck) Log() []string { return slices.Clone(d.log) }

func (d *Deck) clone() *Deck {
	c := *d
	c.pile, c.discard, c.log = slices.Clone(d.pile), slices.Clone(d.discard), slices.Clone(d.log)
	return &c
}
