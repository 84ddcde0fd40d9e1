package character

import (
	"errors"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// The game master's deal by hand (issue: "enter the cards of a physical
// deal by hand; the same constraint check applies"): the program's card
// goes back on the pile, the named one is taken from it, checkDeal refuses
// what rules 4 and 5 forbid, and nothing changes on a refusal.
func TestDealByHand(t *testing.T) {
	s, e := deckedPosition(t, s1902, nil, "France: A par #20", "France: A mar #13", "France: F bre #12", "Germany: A mun #9", "Austria: A vie #20")
	own(t, s, "france", "par", "mar", "bre")
	own(t, s, "germany", "mun")
	own(t, s, "austria", "vie")
	e.Deck.Stock = kit.RestoreStock(e.Deck.Pile(), e.Deck.Discards(), len(s.Units), e.Deck.Log())
	e.Deck.since = len(s.Units) // as dealt in the game
	par := s.Units[0]
	pile, dealt := e.Deck.Len(), e.Deck.Dealt()
	c, err := e.DealCardByHand(s, par, "11", s1901, engine.NewRand(1))
	if err != nil || c.ID != "11" {
		t.Fatalf("deal #11 to 1A par: %v %v", c, err)
	}
	if got := e.Cards[idOf(par)].Card.ID; got != "11" {
		t.Fatalf("1A par holds %s", got)
	}
	if e.Deck.Len() != pile || e.Deck.Dealt() != dealt || e.Deck.Pile()[0].ID != ordinaryID {
		t.Errorf("pile %d (was %d), dealt %d (was %d), top %s: want the Ordinary card back on top and the counts unchanged",
			e.Deck.Len(), pile, e.Deck.Dealt(), dealt, e.Deck.Pile()[0])
	}
	if bad := checkCards(s); len(bad) > 0 {
		t.Fatal(bad)
	}
	if !strings.Contains(e.Log[len(e.Log)-1], "by hand") {
		t.Errorf("log %q", e.Log)
	}
	// Rule 5.c: a second Hypnotist for France is refused; nothing changes.
	before := e.CloneExtra().(*extra)
	_, err = e.DealCardByHand(s, s.Units[1], "11", s1901, engine.NewRand(1))
	var refusal *refusal
	if !errors.As(err, &refusal) || refusal.Rule != "5.c" {
		t.Fatalf("a second #11: %v, want rule 5.c's refusal", err)
	}
	if e.Cards[idOf(s.Units[1])].Card.ID != "13" || e.Deck.Len() != before.Deck.Len() {
		t.Error("a refused deal changed the position")
	}
	// The last Annihilator goes to France; Austria then finds none left.
	if _, err := e.DealCardByHand(s, s.Units[1], "9", s1901, engine.NewRand(1)); err != nil {
		t.Fatalf("the last #9: %v", err)
	}
	if _, err := e.DealCardByHand(s, s.Units[4], "9", s1901, engine.NewRand(1)); !errors.Is(err, errNotInPile) {
		t.Fatalf("a third Annihilator: %v, want ErrNotInPile", err)
	}
	// An unknown card, and a unit that does not exist.
	if _, err := e.DealCardByHand(s, s.Units[1], "99", s1901, engine.NewRand(1)); err == nil {
		t.Error("card 99 dealt")
	}
	if _, err := e.DealCardByHand(s, engine.Unit{Power: "france", Type: engine.Army, Number: 9}, "20", s1901, engine.NewRand(1)); err == nil {
		t.Error("a card dealt to a unit that is not there")
	}
	// A seat's view holds no deck: it cannot deal.
	v := engine.ViewFor(s, nil, engine.Seat{Power: "france"}, Variant.Rules)
	if _, err := v.State.Extra.(*extra).DealCardByHand(v.State, par, "20", s1901, engine.NewRand(1)); err == nil {
		t.Error("a power's view dealt a card")
	}
}
