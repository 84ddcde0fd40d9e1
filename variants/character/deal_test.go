package character

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

func newDeck(t testing.TB, opt deckOptions, seed uint64) (*deck, *engine.Rand) {
	t.Helper()
	rng := engine.NewRand(seed)
	d, err := buildDeck(mustCards(t), opt, rng)
	if err != nil {
		t.Fatal(err)
	}
	return d, rng
}

// TestInitialDealRules deals the 22 starting units over 200 seeds and
// checks every part of rule 4 on each deal.
func TestInitialDealRules(t *testing.T) {
	units := startUnits(t)
	swaps, burials := 0, 0
	for seed := uint64(1); seed <= 200; seed++ {
		d, rng := newDeck(t, deckOptions{}, seed)
		deal, log, err := initialDeal(units, d, rng)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, l := range log {
			if strings.Contains(l, "swapped") {
				swaps++
			}
			if strings.Contains(l, "buried") {
				burials++
			}
		}
		checkStartDeal(t, seed, units, deal)
		if d.Dealt() != 22 || len(d.Pile()) != 72-22 || len(d.Discards()) != 0 {
			t.Errorf("seed %d: dealt %d, pile %d, discards %d; want 22, 50, 0", seed, d.Dealt(), len(d.Pile()), len(d.Discards()))
		}
	}
	// Over 200 seeds both remedies of rule 4 must have been needed.
	if swaps == 0 || burials == 0 {
		t.Errorf("%d swaps and %d burials over 200 seeds; the rules were never exercised", swaps, burials)
	}
}

func checkStartDeal(t *testing.T, seed uint64, units []engine.Unit, deal map[kit.UnitID]cardType) {
	t.Helper()
	if len(deal) != len(units) {
		t.Fatalf("seed %d: %d cards for %d units", seed, len(deal), len(units))
	}
	ordinary := map[engine.Power]int{}
	size := map[engine.Power]int{}
	category := map[engine.Power]map[string]int{}
	for _, u := range units {
		c, ok := deal[idOf(u)]
		if !ok {
			t.Fatalf("seed %d: %s has no card (rule 4.a)", seed, idOf(u))
		}
		if !c.Fits(u.Type) {
			t.Errorf("seed %d: %s holds %s (rule 4.c)", seed, idOf(u), c)
		}
		if !c.AtStart {
			t.Errorf("seed %d: %s holds %s at the start (card #19)", seed, idOf(u), c)
		}
		size[u.Power]++
		if c.Ordinary() {
			ordinary[u.Power]++
		}
		if c.Category != "" {
			if category[u.Power] == nil {
				category[u.Power] = map[string]int{}
			}
			category[u.Power][c.Category]++
			if category[u.Power][c.Category] > 1 {
				t.Errorf("seed %d: %s holds two %s cards (rule 4.b)", seed, u.Power, c.Category)
			}
		}
	}
	for p, n := range size {
		o := ordinary[p]
		if n == 3 && o != 1 || n == 4 && (o < 1 || o > 2) {
			t.Errorf("seed %d: %s has %d Ordinary among %d units (rule 4.b)", seed, p, o, n)
		}
	}
}

// TestInitialDealReproducible: one seed, one deal, one log, one record.
func TestInitialDealReproducible(t *testing.T) {
	units := startUnits(t)
	run := func(seed uint64) (map[kit.UnitID]cardType, []string, []engine.Draw) {
		d, rng := newDeck(t, deckOptions{}, seed)
		deal, log, err := initialDeal(units, d, rng)
		if err != nil {
			t.Fatal(err)
		}
		return deal, log, rng.Draws()
	}
	d1, l1, r1 := run(42)
	d2, l2, r2 := run(42)
	if !reflect.DeepEqual(d1, d2) || !reflect.DeepEqual(l1, l2) || !reflect.DeepEqual(r1, r2) {
		t.Error("two deals with seed 42 differ")
	}
	if len(r1) == 0 || !strings.HasPrefix(r1[0].Why, "character: shuffle") {
		t.Errorf("the shuffle was not recorded: %v", r1[:min(1, len(r1))])
	}
	d3, _, _ := run(43)
	if reflect.DeepEqual(d1, d3) {
		t.Error("seeds 42 and 43 deal alike")
	}
}

func TestInitialDealNeedsNumbers(t *testing.T) {
	d, rng := newDeck(t, deckOptions{}, 1)
	_, _, err := initialDeal([]engine.Unit{{Power: "italy", Type: engine.Army}}, d, rng)
	if err == nil || !strings.Contains(err.Error(), "no unit number (rule 10") {
		t.Errorf("unnumbered unit: %v", err)
	}
}

// TestInitialDealImpossible: a game master who takes the Ordinary cards
// out makes rule 4.b impossible; the deal says so instead of looping.
func TestInitialDealImpossible(t *testing.T) {
	d, rng := newDeck(t, deckOptions{Counts: map[string]int{"20": 0}}, 1)
	_, _, err := initialDeal(startUnits(t), d, rng)
	if !errors.Is(err, errNoLegalCard) || !strings.Contains(err.Error(), "starting unit 3 of 3") {
		t.Errorf("deal without Ordinary cards: %v", err)
	}
}

// TestReshuffle: rule 13 after 50 cards; the discards and the pile are
// reshuffled, cards on the board stay with their units.
func TestReshuffle(t *testing.T) {
	d, rng := newDeck(t, deckOptions{}, 7)
	var board []cardType
	for i := 1; i <= 50; i++ {
		c, err := d.Draw(rng)
		if err != nil {
			t.Fatal(err)
		}
		board = append(board, c)
		if i%5 == 0 { // every fifth unit has left the board again
			d.Discard(board[0])
			board = board[1:]
		}
		if i == 50 {
			break
		}
		if d.Deal(c, rng) {
			t.Fatalf("reshuffled after %d cards", i)
		}
	}
	if len(d.Discards()) != 10 {
		t.Fatalf("%d discards before the 50th card, want 10", len(d.Discards()))
	}
	if !d.Deal(board[len(board)-1], rng) {
		t.Fatal("no reshuffle after the 50th card (rule 13)")
	}
	if d.Dealt() != 50 || d.SinceReshuffle() != 0 || len(d.Discards()) != 0 {
		t.Errorf("after reshuffle: dealt %d, since %d, discards %d", d.Dealt(), d.SinceReshuffle(), len(d.Discards()))
	}
	if len(d.Pile())+len(board) != 72 {
		t.Errorf("pile %d + board %d != 72", len(d.Pile()), len(board))
	}
	count := map[string]int{}
	for _, c := range append(d.Pile(), board...) {
		count[c.ID]++
	}
	for _, c := range d.Types() {
		if count[c.ID] != c.Count {
			t.Errorf("card %s: %d in pile and board, want %d", c.ID, count[c.ID], c.Count)
		}
	}
	if l := d.Log(); len(l) != 1 || !strings.Contains(l[0], "50 cards dealt (rule 13)") {
		t.Errorf("log %q", l)
	}
}

func TestManualDeal(t *testing.T) {
	d, rng := newDeck(t, deckOptions{}, 3)
	annihilator := card(t, "9")
	france := dealTo{Power: "france", Type: engine.Army, Units: 6, Powers: 7}

	got, err := manualDeal(d, "#9", france, rng)
	if err != nil || got.ID != "9" || d.Dealt() != 1 || len(d.Pile()) != 71 {
		t.Fatalf("legal deal: %v %v, dealt %d, pile %d", got, err, d.Dealt(), len(d.Pile()))
	}
	france.Hand = []cardType{annihilator}
	_, err = manualDeal(d, "9", france, rng)
	var r *refusal
	if !errors.As(err, &r) || err.Error() != "France already holds an Annihilator (rule 5.c)" {
		t.Errorf("second Annihilator: %v", err)
	}
	if d.Dealt() != 1 || len(d.Pile()) != 71 {
		t.Error("a refused deal changed the deck")
	}
	_, err = manualDeal(d, "17", dealTo{Power: "england", Type: engine.Fleet, Units: 3, Powers: 7}, rng)
	if !errors.As(err, &r) || r.Rule != "4.c" {
		t.Errorf("army-only card to a fleet: %v", err)
	}
	italy := dealTo{Power: "italy", Type: engine.Army, Units: 4, Powers: 7}
	if _, err := manualDeal(d, "9", italy, rng); err != nil {
		t.Fatal(err)
	}
	_, err = manualDeal(d, "9", dealTo{Power: "turkey", Type: engine.Army, Units: 4, Powers: 7}, rng)
	if !errors.Is(err, errNotInPile) || !strings.Contains(err.Error(), "#9 Annihilator") {
		t.Errorf("third Annihilator of two: %v", err)
	}
	if _, err := manualDeal(d, "X2", italy, rng); err == nil || !strings.Contains(err.Error(), `no card "X2" in this game's deck`) {
		t.Errorf("card not voted in: %v", err)
	}
	start := dealTo{Power: "austria", Type: engine.Army, Units: 3, Powers: 7, Start: three}
	if _, err := manualDeal(d, "19", start, rng); !errors.As(err, &r) || r.Rule != "19" {
		t.Errorf("Free Unit at the start: %v", err)
	}
}

func TestDealBuild(t *testing.T) {
	d, rng := newDeck(t, deckOptions{}, 11)
	hand := []cardType{card(t, "9"), card(t, "8"), card(t, "11"), card(t, "15")}
	for i := 1; i <= 40; i++ {
		u := engine.Unit{Power: "turkey", Type: engine.Fleet, Number: i}
		c, _, err := dealBuild(u, dealTo{Hand: hand, Units: 7, Powers: 7}, d, rng)
		if err != nil {
			t.Fatal(err)
		}
		if c.Limit == oneEver || c.Units == armyOnly || c.Blank {
			t.Fatalf("build %d got %s while holding one of each * card, on a fleet", i, c)
		}
		d.Discard(c) // the unit is lost again, so the hand stays the same
	}
	if d.Dealt() != 40 {
		t.Errorf("dealt %d, want 40", d.Dealt())
	}
	if _, _, err := dealBuild(engine.Unit{Power: "turkey", Type: engine.Army}, dealTo{}, d, rng); err == nil {
		t.Error("an unnumbered build was dealt a card")
	}
}

// TestDealBuildNoLegalCard: with only army-only cards left, a fleet
// becomes Ordinary without a card (ruling "No legal card").
func TestDealBuildNoLegalCard(t *testing.T) {
	counts := map[string]int{}
	for _, c := range mustCards(t) {
		if c.Set == regular && c.ID != "17" {
			counts[c.ID] = 0
		}
	}
	d, rng := newDeck(t, deckOptions{Counts: counts}, 5)
	c, log, err := dealBuild(engine.Unit{Power: "england", Type: engine.Fleet, Number: 3}, dealTo{Units: 4, Powers: 7}, d, rng)
	if err != nil || !c.Blank || !c.Ordinary() || len(log) != 3 || !strings.Contains(log[2], "Ordinary without a card") {
		t.Fatalf("got %v %v, log %q", c, err, log)
	}
	if len(d.Pile()) != 2 || d.Dealt() != 0 {
		t.Errorf("pile %d dealt %d, want both #17 back in the pile and nothing dealt", len(d.Pile()), d.Dealt())
	}
}

func TestDeckOptions(t *testing.T) {
	tests := []struct {
		name     string
		opt      deckOptions
		size     int
		ordinary int
		err      string
	}{
		{"regular", deckOptions{}, 72, 14, ""},
		{"fewer hyperspace", deckOptions{Counts: map[string]int{"8": 2}}, 68, 14, ""},
		{"two X-cards", deckOptions{Add: map[string]int{"X2": 0, "x3": 0}}, 77, 15, ""},
		{"three X-cards", deckOptions{Add: map[string]int{"X1": 0, "X2": 0, "X3": 0}}, 80, 16, ""},
		{"every X-card at most", deckOptions{Add: map[string]int{"X1": 4, "X2": 2, "X3": 2, "X4": 2, "X5": 4, "X6": 2, "X8": 4, "X9": 4, "X10": 4, "X11": 2}}, 110, 22, ""},
		{"game master sets Ordinary", deckOptions{Add: map[string]int{"X2": 0}, Counts: map[string]int{"20": 20}}, 80, 20, ""},
		{"adopted card", deckOptions{Add: map[string]int{"X7": 0}}, 0, 0, "already part of the regular cards"},
		{"regular card added", deckOptions{Add: map[string]int{"9": 2}}, 0, 0, "in the regular deck already"},
		{"unknown card", deckOptions{Counts: map[string]int{"21": 2}}, 0, 0, `no card "21"`},
		{"negative", deckOptions{Counts: map[string]int{"3": -1}}, 0, 0, "negative count"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := buildDeck(mustCards(t), tt.opt, engine.NewRand(1))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			ord, _ := lookupCard(d.Types(), ordinaryID)
			if d.Size() != tt.size || len(d.Pile()) != tt.size || ord.Count != tt.ordinary {
				t.Errorf("deck of %d (pile %d) with %d Ordinary, want %d with %d", d.Size(), len(d.Pile()), ord.Count, tt.size, tt.ordinary)
			}
		})
	}
}

// TestOrdinaryFor is the seed's ratio table.
func TestOrdinaryFor(t *testing.T) {
	for total, want := range map[int]int{68: 14, 72: 14, 73: 15, 77: 15, 78: 16, 82: 16, 83: 17, 88: 18, 92: 18, 93: 19} {
		t.Run(fmt.Sprint(total), func(t *testing.T) {
			if got := ordinaryFor(total); got != want {
				t.Errorf("OrdinaryFor(%d) = %d, want %d", total, got, want)
			}
		})
	}
	for added := 1; added <= 34; added++ {
		k := extraOrdinary(72+added, 14)
		total, ord := 72+added+k, 14+k
		// The table, not the "20%" of rule 10, governs: the regular deck
		// itself is 14 of 72 (19.4%); ruling "Ordinary ratio".
		if ordinaryFor(total) != ord || extraOrdinary(72+added, 14) > 0 && ordinaryFor(total-1) <= ord-1 {
			t.Errorf("%d cards added: %d Ordinary of %d breaks the table or is not the fewest", added, ord, total)
		}
		if r := float64(ord) / float64(total); r < 0.19 || r > 0.25 {
			t.Errorf("%d cards added: %d Ordinary of %d (%.3f) outside 19-25%%", added, ord, total, r)
		}
	}
}
