package character2

import (
	"errors"
	"fmt"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// errDeckEmpty is returned when no card can be drawn: never in a game (the
// 78 cards are reshuffled when all are used), only for a deck built empty.
var errDeckEmpty = errors.New("character2: the deck is empty")

// deck is the pile of Tarot cards and the discards (kit.Stock). Rule 3:
// "The deck is not reshuffled during the game unless all 78 cards have
// been used. (And even then, all existing units retain their powers but
// their cards get re-used.)" So when the pile runs out every one of the 78
// cards goes back into it, those of units on the board included, and is
// shuffled; the units keep their powers. A deck holds no source of chance:
// the methods that shuffle take the game's *engine.Rand.
type deck struct {
	kit.Stock[card]
	shuffles int // times the 78 cards were reshuffled after the first shuffle
}

// newDeck returns the 78 cards shuffled with rng.
func newDeck(rng *engine.Rand) *deck {
	d := &deck{Stock: kit.NewStock(allCards())}
	d.Shuffle(rng, "character2: shuffle the Tarot deck")
	return d
}

// Draw takes the top card; when the pile is empty, all 78 cards are
// reshuffled first (rule 3).
func (d *deck) Draw(rng *engine.Rand) (card, error) {
	if d.Len() == 0 {
		d.Refill(rng)
	}
	c, ok := d.Top()
	if !ok {
		return card{}, errDeckEmpty
	}
	return c, nil
}

// Refill puts all 78 cards back into the pile and shuffles it (rule 3:
// "their cards get re-used"); the discards are emptied.
func (d *deck) Refill(rng *engine.Rand) {
	d.ReplaceAll(allCards())
	d.shuffles++
	d.AddLog(fmt.Sprintf("all %d cards used: reshuffled the whole deck (rule 3)", deckSize))
	d.Shuffle(rng, "character2: reshuffle the whole deck (rule 3)")
}

// Take removes the card with id from the pile (a manual deal, a case's
// position), reporting whether it was there.
func (d *deck) Take(id string) (card, bool) {
	return d.TakeFirst(func(c card) bool { return c.ID == id })
}

// Stack puts the cards with ids on top of the pile in that order (taken
// from where they are in the pile): a case file's scripted draws.
func (d *deck) Stack(ids ...string) error {
	var top []card
	for _, id := range ids {
		c, ok := d.Take(id)
		if !ok {
			return fmt.Errorf("character2: card %s is not in the pile", id)
		}
		top = append(top, c)
	}
	d.StackOnTop(top)
	return nil
}

// CloneDeck returns a deep copy of d (kit.Table).
func (d *deck) CloneDeck() *deck { return d.clone() }

func (d *deck) clone() *deck { return &deck{Stock: d.CloneStock(), shuffles: d.shuffles} }
