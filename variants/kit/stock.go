package kit

import (
	"slices"

	"dipdesk/engine"
)

// Stock is a deck's cards off the board: the pile to draw from, the
// discards, how many cards were given to holders, and the game master's
// record of reshuffles. Cards held are not in it: the position keeps them
// with their holders (Cards). A Stock holds no source of chance: the
// methods that shuffle take the game's *engine.Rand, so every shuffle is
// seeded and recorded. A variant's deck embeds it and adds its rules of
// refilling (Davis rule 13's count, Galt rule 3's whole deck).
type Stock[C any] struct {
	pile    []C // pile[0] is the top card
	discard []C
	dealt   int
	log     []string
}

// NewStock returns a pile of cards, top first, with nothing discarded.
func NewStock[C any](cards []C) Stock[C] { return Stock[C]{pile: cards} }

// RestoreStock returns a pile as saved: the pile top first, the discards,
// the count of cards dealt and the log.
func RestoreStock[C any](pile, discards []C, dealt int, log []string) Stock[C] {
	return Stock[C]{pile: pile, discard: discards, dealt: dealt, log: log}
}

// CloneStock returns a deep copy of p.
func (p *Stock[C]) CloneStock() Stock[C] {
	return Stock[C]{pile: slices.Clone(p.pile), discard: slices.Clone(p.discard), dealt: p.dealt, log: slices.Clone(p.log)}
}

// Shuffle shuffles the pile with rng; why names the draw in rng's record.
func (p *Stock[C]) Shuffle(rng *engine.Rand, why string) {
	rng.Shuffle(len(p.pile), why, func(i, j int) { p.pile[i], p.pile[j] = p.pile[j], p.pile[i] })
}

// Top takes the top card of the pile; ok false when the pile is empty.
func (p *Stock[C]) Top() (c C, ok bool) {
	if len(p.pile) == 0 {
		return c, false
	}
	c = p.pile[0]
	p.pile = p.pile[1:]
	return c, true
}

// Bury puts a drawn card back at the bottom of the pile.
func (p *Stock[C]) Bury(c C) { p.pile = append(p.pile, c) }

// PutOnTop puts c on top of the pile.
func (p *Stock[C]) PutOnTop(c C) { p.pile = append([]C{c}, p.pile...) }

// Discard puts c on the discard pile.
func (p *Stock[C]) Discard(c C) { p.discard = append(p.discard, c) }

// CountDealt counts a card given to a holder.
func (p *Stock[C]) CountDealt() { p.dealt++ }

// TakeFirst removes the first card of the pile that match accepts.
func (p *Stock[C]) TakeFirst(match func(C) bool) (C, bool) {
	for i, c := range p.pile {
		if match(c) {
			p.pile = slices.Delete(p.pile, i, i+1)
			return c, true
		}
	}
	var zero C
	return zero, false
}

// StackOnTop puts cards on top of the pile in that order (the first is
// drawn first): a case file's or a test's scripted draws.
func (p *Stock[C]) StackOnTop(cards []C) { p.pile = append(slices.Clone(cards), p.pile...) }

// ReturnDiscards puts the discards back into the pile (below it), to be
// shuffled.
func (p *Stock[C]) ReturnDiscards() {
	p.pile = append(p.pile, p.discard...)
	p.discard = nil
}

// ReplaceAll makes cards the whole pile and empties the discards: every
// card of the deck back in play (Galt rule 3).
func (p *Stock[C]) ReplaceAll(cards []C) { p.pile, p.discard = cards, nil }

// AddLog records a line for the game master.
func (p *Stock[C]) AddLog(line string) { p.log = append(p.log, line) }

// Len and DiscardLen are the numbers of cards in the pile and discarded.
func (p *Stock[C]) Len() int        { return len(p.pile) }
func (p *Stock[C]) DiscardLen() int { return len(p.discard) }

// Pile returns the cards waiting to be drawn, top first.
func (p *Stock[C]) Pile() []C { return slices.Clone(p.pile) }

// Discards returns the discard pile.
func (p *Stock[C]) Discards() []C { return slices.Clone(p.discard) }

// Dealt returns the number of cards given to holders since the game began.
func (p *Stock[C]) Dealt() int { return p.dealt }

// Log returns the pile's record of reshuffles, for the game master.
func (p *Stock[C]) Log() []string { return slices.Clone(p.log) }

// UncountDealt takes back the count of a card given to a holder (a card a
// game master's deal by hand replaces).
func (p *Stock[C]) UncountDealt() { p.dealt = max(0, p.dealt-1) }
