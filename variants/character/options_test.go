package character

import (
	"strings"
	"testing"

	"dipdesk/engine"
)

// deckCount returns how many copies of card id the deck of s was built
// with (0 when it is not in the deck).
func deckCount(t *testing.T, s *engine.State, id string) int {
	t.Helper()
	for _, c := range extraOf(t, s).Deck.Types() {
		if c.ID == id {
			return c.Count
		}
	}
	return 0
}

// TestOptionCounts: the option counts sets the number of copies of cards
// in the deck (the rulings' "Card counts": the seed's table is garbled for
// #1-#10, and the game master may choose another reading), the deal draws
// from that deck, and the counts are saved with the game (the deck's types
// in the variant data).
func TestOptionCounts(t *testing.T) {
	m, err := Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		options map[string]string
		want    map[string]int // card id: count in the deck
		size    int
	}{
		// The other reading of the scan: Hyperspace 2, Gasser 6.
		{map[string]string{optionCounts: "8:2,10:6"}, map[string]int{"8": 2, "10": 6, "20": 14}, 72},
		{map[string]string{optionCounts: " #8 : 2 , 19:0 "}, map[string]int{"8": 2, "19": 0, "9": 2}, 66},
		// A proposed card voted in takes its count from counts; the
		// Ordinary ratio table applies to the whole deck (75 cards: 15).
		{map[string]string{optionAdd: "X5", optionCounts: "x5:3"}, map[string]int{"X5": 3, "20": 15}, 76},
		// The Ordinary count set by hand: no ratio is applied.
		{map[string]string{optionAdd: "X5,X8:4", optionCounts: "20:14"}, map[string]int{"X5": 2, "X8": 4, "20": 14}, 78},
	} {
		s, err := Variant.NewGame(m, tt.options, engine.NewRand(7))
		if err != nil {
			t.Errorf("%v: %v", tt.options, err)
			continue
		}
		e := extraOf(t, s)
		if got := e.Deck.Size(); got != tt.size {
			t.Errorf("%v: %d cards, want %d", tt.options, got, tt.size)
		}
		for id, n := range tt.want {
			if got := deckCount(t, s, id); got != n {
				t.Errorf("%v: %d of card %s, want %d", tt.options, got, id, n)
			}
		}
		b, err := engine.MarshalState(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := engine.UnmarshalStateExtra(s.Map, b, Variant.DecodeExtra)
		if err != nil {
			t.Fatalf("%v: %v", tt.options, err)
		}
		for id, n := range tt.want {
			if got := deckCount(t, back, id); got != n {
				t.Errorf("%v: read back %d of card %s, want %d", tt.options, got, id, n)
			}
		}
	}
	// Every card out but #13 and the Ordinary cards: every starting unit
	// is an Engineer but the Ordinary unit each power must have (4.b).
	all := []string{}
	for _, c := range mustCards(t) {
		if c.Set == regular && c.ID != "13" && c.ID != ordinaryID {
			all = append(all, c.ID+":0")
		}
	}
	s, err := Variant.NewGame(m, map[string]string{optionCounts: "13:30," + strings.Join(all, ",")}, engine.NewRand(3))
	if err != nil {
		t.Fatalf("a deck of Engineers: %v", err)
	}
	engineers := 0
	for id, h := range extraOf(t, s).Cards {
		switch h.Card.ID {
		case "13":
			engineers++
		case ordinaryID:
		default:
			t.Errorf("%s was dealt #%s from a deck of Engineers and Ordinary cards", id, h.Card.ID)
		}
	}
	if engineers < 22-8 {
		t.Errorf("%d Engineers dealt, want at least 14 (one or two Ordinary per power)", engineers)
	}
}

// TestOptionCountsRefused: a wrong counts value is refused at the game's
// creation with what and where.
func TestOptionCountsRefused(t *testing.T) {
	m, err := Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		options map[string]string
		want    string
	}{
		{map[string]string{optionCounts: "8"}, `option counts="8": "8": want a card and its count, as 8:2`},
		{map[string]string{optionCounts: ":2"}, `want a card and its count`},
		{map[string]string{optionCounts: "8:two"}, `card 8: want a count from 0`},
		{map[string]string{optionCounts: "8:-1"}, `card 8: want a count from 0`},
		{map[string]string{optionCounts: "8:2,#8:3"}, `card 8 named twice`},
		{map[string]string{optionCounts: " , "}, `no card named`},
		{map[string]string{optionCounts: "21:2"}, `no card "21"`},
		{map[string]string{optionCounts: "X5:2"}, `card X5 Super Supporter is not in the game; vote it in with add_cards`},
		{map[string]string{optionCounts: "X7:2"}, `card X7`},
		{map[string]string{optionAdd: "X5:4", optionCounts: "X5:2"}, `card X5's count is given twice`},
		{map[string]string{optionCounts: "20:0"}, `option counts leaves 58 cards in the deck, 0 of them Ordinary, for 22 starting units`},
		{map[string]string{optionAdd: "X5:100000000"}, `option add_cards="X5:100000000": card X5: at most 100 copies of a card, not 100000000`},
		{map[string]string{optionCounts: "20:101"}, `option counts="20:101": card 20: at most 100 copies of a card, not 101`},
		{map[string]string{"count": "8:2"}, `unknown option "count" (known: reshuffle_every, add_cards, counts)`},
	} {
		_, err := Variant.NewGame(m, tt.options, engine.NewRand(1))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: error %v, want %q", tt.options, err, tt.want)
		}
	}
}

// FuzzOptions: the options parser and the deck built from its result
// never panic; an option set accepted builds a deck of the counts asked,
// none over maxCopies, and never a deck larger than a game could use (30
// cards at 100 copies, and the Ordinary cards the ratio adds to them).
func FuzzOptions(f *testing.F) {
	for _, seed := range [][2]string{{"8:2,10:6", ""}, {"x5:3", "X5"}, {"20:0", ""}, {"#8:2", "X8:4"}, {"8", ""}, {":", ":"}, {"", "X7"}} {
		f.Add(seed[0], seed[1])
	}
	list, err := loadCards()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, counts, add string) {
		opt, err := parseOptions(map[string]string{optionCounts: counts, optionAdd: add})
		if err != nil {
			return
		}
		d, err := buildDeck(list, opt, engine.NewRand(1))
		if err != nil {
			return
		}
		if d.Size() > 4000 {
			t.Errorf("counts %q add %q: a deck of %d cards", counts, add, d.Size())
		}
		for id, n := range opt.Counts {
			if n > maxCopies {
				t.Errorf("counts %q add %q: %d copies of card %s accepted", counts, add, n, id)
			}
			got := 0
			for _, c := range d.Types() {
				if strings.EqualFold(c.ID, id) {
					got = c.Count
				}
			}
			if got != n {
				t.Errorf("counts %q add %q: %d of card %s, want %d", counts, add, got, id, n)
			}
		}
	})
}
