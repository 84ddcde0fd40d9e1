package character2

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit/kittest"
)

// TestDeckHas78CardsOf25Kinds checks the table's counts: two cards of each
// trump kind, four of each rank kind, 78 in all, every id unique and found
// again by id and by Tarot name.
func TestDeckHas78CardsOf25Kinds(t *testing.T) {
	all := allCards()
	if len(all) != deckSize {
		t.Fatalf("%d cards, want %d", len(all), deckSize)
	}
	count := map[kind]int{}
	seen := map[string]bool{}
	for _, c := range all {
		count[c.Kind]++
		if seen[c.ID] {
			t.Errorf("id %s twice", c.ID)
		}
		seen[c.ID] = true
		for _, name := range []string{c.ID, strings.ToLower(c.ID), c.Tarot, strings.ToUpper(c.Tarot)} {
			if got, err := cardByID(name); err != nil || got != c {
				t.Errorf("CardByID(%q) = %v, %v; want %v", name, got, err, c)
			}
		}
	}
	for _, k := range allKinds() {
		want := 4
		for _, tk := range trumpKinds {
			if tk == k {
				want = 2
			}
		}
		if count[k] != want {
			t.Errorf("%s: %d cards, want %d", k, count[k], want)
		}
		if got, ok := kindOf(k.Word()); !ok || got != k {
			t.Errorf("KindOf(%q) = %v", k.Word(), got)
		}
	}
	if len(allKinds()) != 25 {
		t.Errorf("%d kinds, want 25", len(allKinds()))
	}
	if c, _ := cardByID("Trump 8"); c.Kind != doppelganger || c.Tarot != "Strength" {
		t.Errorf("Trump 8 is %v", c)
	}
	if c, _ := cardByID("Knight of Cups"); c.Kind != neanderthal || c.NameFor(engine.Fleet) != "Aircraft Carrier" {
		t.Errorf("Knight of Cups is %v", c)
	}
	if _, err := cardByID("Trump 22"); err == nil {
		t.Error("Trump 22 accepted")
	}
}

func newGame(t *testing.T, seed uint64) *engine.State {
	t.Helper()
	return kittest.NewGame(t, Variant, seed)
}

// TestInitialDealRule3 deals many games and checks rule 3's fair start:
// every power has exactly one unit from the 14 powers, no two units of the
// same type, no Free Unit; and every card is dealt from the one deck.
func TestInitialDealRule3(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		s := newGame(t, seed)
		e := s.Extra.(*extra)
		byPower := map[engine.Power][]kind{}
		ids := map[string]bool{}
		for _, u := range s.Units {
			c, ok := e.CardOf(u)
			if !ok {
				t.Fatalf("seed %d: %v has no card", seed, u)
			}
			if ids[c.ID] {
				t.Fatalf("seed %d: %s dealt twice", seed, c.ID)
			}
			ids[c.ID] = true
			byPower[u.Power] = append(byPower[u.Power], c.Kind)
		}
		for p, ks := range byPower {
			n := 0
			seenK := map[kind]bool{}
			for _, k := range ks {
				if startPower(k) {
					n++
				}
				if k == freeUnit {
					t.Errorf("seed %d: %s starts with a Free Unit", seed, p)
				}
				if seenK[k] {
					t.Errorf("seed %d: %s starts with two %s", seed, p, k)
				}
				seenK[k] = true
			}
			if n != 1 {
				t.Errorf("seed %d: %s starts with %d units from the 14 powers: %s", seed, p, n, names(ks))
			}
		}
		if got := e.Deck.Len() + e.Deck.DiscardLen() + len(s.Units); got != deckSize {
			t.Fatalf("seed %d: pile+discards+dealt = %d", seed, got)
		}
	}
}

func TestRule3Caps(t *testing.T) {
	for _, tc := range []struct {
		have []kind
		k    kind
		ok   bool
	}{
		{nil, ghost, true},
		{[]kind{ghost}, ghost, false},
		{[]kind{cutter}, cutter, false},
		{[]kind{jumper}, jumper, true},
		{[]kind{doubleStrength}, limitedDouble, false},
		{[]kind{limitedDouble}, limitedDouble, false},
		{[]kind{superSupporter}, doubleStrength, true},
		{[]kind{minelayerKind}, minelayerKind, true},
		{[]kind{minelayerKind, minelayerKind}, minelayerKind, false},
		{[]kind{freeUnit, freeUnit}, freeUnit, true},
	} {
		if err := rule3(tc.have, tc.k); (err == nil) != tc.ok {
			t.Errorf("Rule3(%s, %s) = %v, want ok %v", names(tc.have), tc.k, err, tc.ok)
		}
	}
}

// TestExtraRoundTripAndConceal saves a dealt game and reads it back, and
// checks a power's view keeps its own cards only.
func TestExtraRoundTripAndConceal(t *testing.T) {
	s := newGame(t, 7)
	e := s.Extra.(*extra)
	back := kittest.Reload(t, e, decodeExtra)
	b, _ := json.Marshal(e)
	b2, _ := json.Marshal(back)
	if string(b) != string(b2) {
		t.Fatalf("round trip differs:\n%s\n%s", b, b2)
	}
	v := engine.ViewFor(s, nil, engine.Seat{Power: "france"}, Variant.Rules)
	ve := v.State.Extra.(*extra)
	if ve.Deck != nil || ve.Log != nil {
		t.Error("a power's view holds the deck or the log")
	}
	for id := range ve.Cards {
		if id.Power != "france" {
			t.Errorf("france's view holds %s's card", id)
		}
	}
	if len(ve.Cards) != 3 {
		t.Errorf("france sees %d cards, want its 3", len(ve.Cards))
	}
	for _, bad := range []string{`{"cards":[{"unit":"france 1A","card":"T99","dealt":"S1901M"}],"effects":{}}`, `{"cards":[],"effects":{},"bogus":1}`, `{`} {
		if _, err := decodeExtra([]byte(bad)); err == nil {
			t.Errorf("DecodeExtra(%s) accepted", bad)
		}
	}
}

// TestHintConceal: a card only hinted at (the double strength cards) shows
// the hint, not the card, to other seats.
func TestHintConceal(t *testing.T) {
	s := newGame(t, 3)
	e := s.Extra.(*extra)
	var u engine.Unit
	for _, w := range s.Units {
		if w.Power == "germany" {
			u = w
		}
	}
	if err := e.RevealHint(idOf(u), s.Phase, "won a battle with double strength", "a double strength unit"); err != nil {
		t.Fatal(err)
	}
	v := engine.ViewFor(s, nil, engine.Seat{Power: "france"}, Variant.Rules)
	ve := v.State.Extra.(*extra)
	h, ok := ve.Cards[idOf(u)]
	if !ok || h.Card.Kind != 0 || ve.HintTo(idOf(u), v.Seat) != "a double strength unit" {
		t.Fatalf("france's view of the hinted card: %+v", h)
	}
	hand := ve.Hand(v, Variant.Specials)
	found := false
	for _, c := range hand.Cards {
		if c.Unit.Power == "germany" {
			found = c.ID == "" && c.Name == "a double strength unit"
		}
	}
	if !found {
		t.Errorf("hand: %+v", hand.Cards)
	}
}

// TestPlainGameRuns adjudicates random orders for a few years: the
// framework alone must carry a game.
func TestPlainGameRuns(t *testing.T) {
	s := newGame(t, 11)
	rng := engine.NewRand(5)
	for range 12 {
		orders := engine.RandomOrders(s, rng)
		s = engine.Adjudicate(s, orders, Variant.Rules, rng).Next
	}
}

// TestDecodeDeckAfterReshuffle: after a whole-deck reshuffle (rule 3) the
// pile holds all 78 cards again while units keep theirs, so the pile and
// the discards may hold more than 78; before one, they may not (soak test,
// seed 60, found a saved game refused).
func TestDecodeDeckAfterReshuffle(t *testing.T) {
	ids := make([]string, 0, deckSize)
	for _, c := range allCards() {
		ids = append(ids, c.ID)
	}
	for _, tc := range []struct {
		shuffles int
		ok       bool
	}{{0, false}, {1, true}} {
		j := fmt.Sprintf(`{"cards":[],"deck":{"pile":%q,"discard":["T0"],"dealt":80,"shuffles":%d},"effects":{}}`, ids, tc.shuffles)
		j = strings.ReplaceAll(j, `" "`, `","`)
		_, err := decodeExtra([]byte(j))
		if (err == nil) != tc.ok {
			t.Errorf("shuffles %d: %v, want ok %v", tc.shuffles, err, tc.ok)
		}
	}
}

// withParts builds the variant again with the parts add gives besides its
// own, for the rest of test t: every part reads the new registry (reg),
// the test's Variant is the new one, and the variant's own are back when
// t ends.
func withParts(t *testing.T, add func(r *registry)) *engine.Variant {
	t.Helper()
	savedReg, savedVariant := reg, Variant
	t.Cleanup(func() { reg, Variant = savedReg, savedVariant })
	Variant = build()
	add(reg)
	return Variant
}
