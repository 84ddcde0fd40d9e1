package session

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/character"
)

// CardOrder is a special order a card's holder may give: the parser's
// words, and whether its first argument is one province (Davis #9
// "annihilate (space)", #10 "(space) gassed"), so that dropping the card
// on a province completes it.
type CardOrder struct {
	engine.SpecialSyntax
	TakesProvince bool
	// TakesUnit: the order names a unit and then its order (#11
	// "hypnotise A tri - ven"): dropping the card on a unit starts it.
	TakesUnit bool
}

// HandCard is one unit's card as a seat may know it (Davis rule 3).
type HandCard struct {
	Unit     engine.Unit // the unit holding it; Loc is invalid if it is not on the board
	Label    string      // "1A" (rule 10)
	Space    string      // "mun", "stp/sc"; "" when off the board
	ID       string      // "9", "X2"
	Name     string      // "Annihilator"
	Text     string      // what the card does
	Revealed string      // why and when everyone learnt it; "" while secret
	Told     []string    // the other powers told of it privately that the seat may know of
	Orders   []CardOrder // the special orders the card gives, as the variant's parser knows them
}

// Template is the start of an order for the card's special o, for the
// player to complete: "1A mun annihilate ".
func (c HandCard) Template(o CardOrder) string {
	return c.Label + " " + c.Space + " " + o.Verb + " "
}

// Hands is what a seat may see of a Character Diplomacy game's cards: its
// own units' cards, those revealed, those it was told of; the game master
// sees all hands and the deck.
type Hands struct {
	Seat  engine.Seat
	Cards []HandCard // by power, then A before F, then number
	Deck  character.DeckCounts
	// Active reports whether the cards may act in the phase (rule 7: from
	// Spring 1902); before, their special orders are offered disabled.
	Active bool
	// Log is the game master's deal log (burials, swaps, reshuffles);
	// empty for every other seat.
	Log []string
}

// ordersOf returns the special orders card id gives (the variant says
// which: character.SpecialsOf) among the declared ones, so a variant built
// without one of them (a test's) offers only what its parser reads.
func ordersOf(id string, declared []engine.SpecialSyntax) []CardOrder {
	var out []CardOrder
	for _, u := range character.SpecialsOf(id) {
		for _, d := range declared {
			if d.Name == u.Name {
				out = append(out, CardOrder{SpecialSyntax: d, TakesProvince: u.TakesProvince, TakesUnit: u.TakesUnit})
				break
			}
		}
	}
	return out
}

// cardsOf returns the Character Diplomacy part of s, or nil.
func cardsOf(s *engine.State) *character.Extra {
	if s == nil {
		return nil
	}
	e, _ := s.Extra.(*character.Extra)
	return e
}

// HasCards reports whether the game's positions hold character cards.
func (g *Game) HasCards() bool {
	ps, err := g.Current()
	return err == nil && cardsOf(ps.State) != nil
}

// Hands returns what seat may see of the cards in phase name ("" the
// current one), computed from the seat's view (engine.ViewFor), never
// from the game master's position. ok is false when the game has no
// cards.
func (g *Game) Hands(seat engine.Seat, name string) (Hands, bool, error) {
	v, err := g.View(seat, name)
	if err != nil {
		return Hands{}, false, err
	}
	h, ok := HandsOf(v, g.variant.Specials)
	return h, ok, nil
}

// HandsOf lists the cards of view v (already cut down for its seat) with
// the special orders among declared that each card gives.
func HandsOf(v engine.View, declared []engine.SpecialSyntax) (Hands, bool) {
	e := cardsOf(v.State)
	if e == nil {
		return Hands{}, false
	}
	m := v.State.Map
	h := Hands{Seat: v.Seat, Deck: e.Counts(), Active: character.PowersActive(v.State.Phase)}
	if v.Seat.GM {
		h.Log = slices.Clone(e.Log)
	}
	for id, held := range e.Cards {
		if !e.KnownTo(id, v.Seat) {
			continue // a view holds only known cards; a GM state passed by mistake must not leak
		}
		c := HandCard{Label: character.Label(id.Number, id.Type), ID: held.Card.ID, Name: held.Card.Name,
			Text: held.Card.Desc, Unit: engine.Unit{Power: id.Power, Type: id.Type, Number: id.Number}}
		for _, u := range v.State.Units {
			if character.IDOf(u) == id {
				c.Unit, c.Space = u, m.LocString(u.Loc)
			}
		}
		if r := held.Revealed; r != nil {
			c.Revealed = fmt.Sprintf("revealed %s: %s", r.Phase.Short(), r.Why)
		}
		for p, k := range held.Told {
			c.Told = append(c.Told, fmt.Sprintf("%s (%s: %s)", m.PowerName(p), k.Phase.Short(), k.Why))
		}
		slices.Sort(c.Told)
		if v.Seat.GM || v.Seat.Power == id.Power {
			c.Orders = ordersOf(held.Card.ID, declared)
		}
		h.Cards = append(h.Cards, c)
	}
	slices.SortFunc(h.Cards, func(a, b HandCard) int {
		if c := strings.Compare(string(a.Unit.Power), string(b.Unit.Power)); c != 0 {
			return c
		}
		if a.Unit.Type != b.Unit.Type {
			return int(a.Unit.Type) - int(b.Unit.Type)
		}
		return a.Unit.Number - b.Unit.Number
	})
	return h, true
}
