package character2

import (
	"fmt"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// unitID names a unit for its card: its power, type and rule 5 number
// ("france 1A"), the kit's key (Galt's rule 5 numbers units as Davis's
// rule 10 does).
type unitID = kit.UnitID

// idOf returns the unitID of u.
func idOf(u engine.Unit) unitID { return kit.IDOf(u) }

// held is the card one unit holds and who knows it (kit.held).
type held = kit.Held[card]

// deckCounts is what every seat may know of the deck.
type deckCounts struct {
	Pile     int
	Discards int
	Dealt    int
}

// extra is Character Diplomacy II's part of a position
// (engine.State.extra): the card of every unit (keyed by unitID), who
// knows each, the deck, the game master's log and the Effects the cards
// leave on the board.
type extra struct {
	// Holding is every unit's card and who knows it (its Cards).
	kit.Holding[card]
	// Table is the pile and discards, which only the game master's
	// position holds (a seat's view has Public, the counts, instead), and
	// Log, the game master's record of deals (refused draws, reshuffles).
	kit.Table[*deck, deckCounts]
	Effects effects
	// Options are the game's options (Setup), kept in the position so
	// every hook sees them.
	Options options
}

// newExtra returns an Extra with no cards dealt from deck.
func newExtra(d *deck) *extra {
	return &extra{Holding: kit.NewHolding[card](), Table: kit.Table[*deck, deckCounts]{Deck: d}}
}

// CloneExtra returns a deep copy of e (engine.Extra).
func (e *extra) CloneExtra() engine.Extra {
	return &extra{Holding: e.CloneHolding(), Table: e.CloneTable(), Effects: e.Effects.clone(), Options: e.Options.clone()}
}

// Counts returns the deck's public counts.
func (e *extra) Counts() deckCounts {
	return e.TableCounts(func(d *deck) deckCounts { return deckCounts{Pile: d.Len(), Discards: d.DiscardLen(), Dealt: d.Dealt()} })
}

// kindOf returns the kind of u's card, or 0.
func (e *extra) KindOf(u engine.Unit) kind {
	c, _ := e.CardOf(u)
	return c.Kind
}

// conceal removes from e what seat may not know: the cards it does not
// know (kit.Cards.Conceal), the deck's order and discards, the game
// master's log, and each effect's secrets.
func (e *extra) conceal(seat engine.Seat) {
	if kit.Conceal(seat, &e.Holding, &e.Table, e.Counts) {
		e.Effects.conceal(seat)
	}
}

// sortedIDs returns the ids of e's cards by power, type and number.
func (e *extra) sortedIDs() []unitID { return e.Holders() }

// extraOf returns the variant's part of s, or nil.
func extraOf(s *engine.State) *extra {
	if s == nil {
		return nil
	}
	e, _ := s.Extra.(*extra)
	return e
}

// kindAt returns the kind of u's card in s when u may use it: 0 if s
// knows no card of u, or if a Doppelganger's swap bars u from its new
// power this turn (Doppelganger: "Neither unit may use its new power on
// the turn after the swap"; powerBarred). Every card's part asks this, so
// the bar holds for passive powers (strength, Move First, Cutter) as for
// special orders.
func kindAt(s *engine.State, u engine.Unit) kind {
	if e := extraOf(s); e != nil && !powerBarred(s, u) {
		return e.KindOf(u)
	}
	return 0
}

// GiveCard records that unit id holds the card with id card ("T0", "CA")
// from phase p: a tool's or a test's position (kit.Records). The card is
// not taken from the pile.
func (e *extra) GiveCard(id unitID, card string, p engine.Phase) error {
	c, err := cardByID(card)
	if err != nil {
		return err
	}
	e.Give(id, c, p)
	return nil
}

// AddEffect puts on s's board the effect of one line of the case files'
// PRESTATE_EFFECTS block ("invisible france 1A", "mine nth france 1A"),
// for a tool or a test (kit.Records).
func (e *extra) AddEffect(s *engine.State, line string) error {
	f := strings.Fields(line)
	if len(f) == 0 {
		return fmt.Errorf("character2: no effect in %q", line)
	}
	p, ok := effectByWord(f[0])
	if !ok {
		return fmt.Errorf("character2: no effect %q (known: %s)", f[0], strings.Join(effectWords(), ", "))
	}
	return p.Parse(s, e, f[1:])
}

var _ kit.Records = (*extra)(nil)
