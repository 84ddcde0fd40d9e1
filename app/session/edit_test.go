package session

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit"
)

// cardGame is a new game of the card variant id, found as the program
// finds it.
func cardGame(t *testing.T, id string, seed uint64) *Game {
	t.Helper()
	v, ok := variants.Lookup(id)
	if !ok {
		t.Fatalf("no variant %s", id)
	}
	g, err := CreateWith(filepath.Join(t.TempDir(), id+".dipdesk"), v, Options{Seed: seed, Now: fixedClock()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

// edit parses and applies an edit of the current phase.
func edit(g *Game, words string) error {
	e, err := g.ParseEdit(strings.Fields(words))
	if err != nil {
		return err
	}
	return g.ApplyEdit(phaseNow(g), e)
}

// current is the position of g's current phase.
func current(t *testing.T, g *Game) *engine.State {
	t.Helper()
	cur, err := g.Current()
	if err != nil {
		t.Fatal(err)
	}
	return cur.State
}

// unitIn is the unit of s in province prov.
func unitIn(t *testing.T, s *engine.State, prov string) engine.Unit {
	t.Helper()
	p, _ := s.Map.Lookup(prov)
	i := s.UnitAt(p)
	if i < 0 {
		t.Fatalf("no unit in %s", prov)
	}
	return s.Units[i]
}

// pileOf is the number of cards in the pile of s.
func pileOf(s *engine.State) int {
	return cardgame.Of(s).Hand(engine.View{State: s, Seat: engine.Seat{GM: true}}, nil).Deck.Pile
}

// TestEditAddDealsACard: in a card variant the unit the game master adds
// takes the lowest number free among its power's units of its type (Davis
// rule 10, Galt rule 5) and a card: one dealt from the deck by the
// variant's dealing rules, or the one the game master names ("add france A
// bur 9"), checked as a deal by hand. The audit names the unit, never the
// card. Before, the unit came without a number or a card.
func TestEditAddDealsACard(t *testing.T) {
	for _, tt := range []struct {
		variant, named string
	}{
		{"character", "20"},   // an Ordinary unit
		{"character2", "T21"}, // The World
	} {
		t.Run(tt.variant, func(t *testing.T) {
			g := cardGame(t, tt.variant, 3)
			before := current(t, g)
			pile := pileOf(before)
			if err := edit(g, "add france A bur"); err != nil {
				t.Fatal(err)
			}
			s := current(t, g)
			u := unitIn(t, s, "bur")
			// France starts with armies 1A par and 2A mar.
			if u.Number != 3 || u.Type != engine.Army || u.Power != "france" {
				t.Fatalf("the new unit is %+v, want France's 3A", u)
			}
			id, ok := kit.RecordsOf(s).CardID(kit.IDOf(u))
			if !ok || id == "" {
				t.Fatalf("the new unit holds no card")
			}
			if got := pileOf(s); got >= pile {
				t.Errorf("the pile has %d cards, %d before the deal", got, pile)
			}
			// A card named by the game master, checked as a deal by hand.
			if err := edit(g, "add germany A ruh #"+tt.named); err != nil {
				t.Fatal(err)
			}
			s = current(t, g)
			v := unitIn(t, s, "ruh")
			if id, _ := kit.RecordsOf(s).CardID(kit.IDOf(v)); v.Number != 3 || id != tt.named {
				t.Errorf("the second new unit is %s holding %q, want Germany's 3A holding %s", kit.IDOf(v), id, tt.named)
			}
			var audit []string
			entries, _ := g.Audit()
			for _, a := range entries {
				if a.Kind == "edit" {
					var d struct{ Note string }
					if err := json.Unmarshal([]byte(a.Detail), &d); err != nil {
						t.Fatal(err)
					}
					audit = append(audit, d.Note)
				}
			}
			if len(audit) != 2 || !strings.Contains(audit[0], "added France 3A bur and dealt it a card from the deck") ||
				!strings.Contains(audit[1], "added Germany 3A ruh and dealt it its card by hand") {
				t.Errorf("audit %q", audit)
			}
			for _, a := range audit {
				if strings.Contains(a, tt.named) || strings.Contains(a, id) {
					t.Errorf("the audit names the card: %q", a)
				}
			}
		})
	}
}

// TestEditAddRefusedCard: a card the rules refuse for the new unit (no
// such card; Davis rule 5.c, Galt rule 3: no second Hypnotist) refuses
// the whole edit, with the reason: the unit is not added, and the deck is
// as it was.
func TestEditAddRefusedCard(t *testing.T) {
	for _, tt := range []struct {
		variant, card, why string
	}{
		{"character", "99", `no card "99"`},
		{"character2", "T99", "T99"},
	} {
		t.Run(tt.variant, func(t *testing.T) {
			g := cardGame(t, tt.variant, 3)
			before := current(t, g)
			err := edit(g, "add france A bur "+tt.card)
			if err == nil || !strings.Contains(err.Error(), tt.why) {
				t.Fatalf("add with card %s: %v, want %q", tt.card, err, tt.why)
			}
			after := current(t, g)
			if len(after.Units) != len(before.Units) || pileOf(after) != pileOf(before) {
				t.Errorf("a refused edit changed the position: %d units (was %d), pile %d (was %d)",
					len(after.Units), len(before.Units), pileOf(after), pileOf(before))
			}
		})
	}
	// The rules of a deal by hand: after the first phase, Davis rule 5.c
	// (no second Hypnotist, #11) and Galt rule 3 (no second unit of the
	// first eleven types: the Hypnotist is Trumps 4 and 5).
	for _, tt := range []struct {
		variant, first, add, why string
	}{
		{"character", "card france 1A 11", "add france A bur 11", "5.c"},
		{"character2", "", "add russia A ukr T5", "rule 3"}, // seed 3 dealt Russia's 2A The Emperor, T4
	} {
		t.Run(tt.variant+" by hand", func(t *testing.T) {
			g := cardGame(t, tt.variant, 3)
			if _, _, err := g.Process(phaseNow(g)); err != nil {
				t.Fatal(err)
			}
			if tt.first != "" {
				if err := edit(g, tt.first); err != nil {
					t.Fatal(err)
				}
			}
			before := current(t, g)
			err := edit(g, tt.add)
			if err == nil || !strings.Contains(err.Error(), tt.why) {
				t.Fatalf("%s (a second Hypnotist): %v, want %q", tt.add, err, tt.why)
			}
			if after := current(t, g); len(after.Units) != len(before.Units) || pileOf(after) != pileOf(before) {
				t.Error("a refused edit changed the position")
			}
		})
	}
}

// TestEditCardNamesTheUnits: "edit card" for a unit the power does not
// have is refused, and says which units it has (before, Galt's deal took a
// card for a unit that does not exist).
func TestEditCardNamesTheUnits(t *testing.T) {
	for _, variant := range []string{"character", "character2"} {
		t.Run(variant, func(t *testing.T) {
			g := cardGame(t, variant, 3)
			before := current(t, g)
			err := edit(g, "card france 4A 20")
			want := "France has no unit 4A; its units are "
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "1A par") ||
				!strings.Contains(err.Error(), "1F bre") {
				t.Fatalf("card france 4A: %v, want %q and France's units", err, want)
			}
			if pileOf(current(t, g)) != pileOf(before) {
				t.Error("a refused deal changed the deck")
			}
		})
	}
}

// TestEditAddWithoutCards: a game without cards adds the unit as before,
// and refuses a card named for it.
func TestEditAddWithoutCards(t *testing.T) {
	g := newGame(t)
	if err := edit(g, "add france A bur"); err != nil {
		t.Fatal(err)
	}
	if err := edit(g, "add germany A ruh 9"); err == nil || !strings.Contains(err.Error(), "no character cards") {
		t.Errorf("a card for a unit of the standard game: %v", err)
	}
	if err := edit(g, "add germany A ruh 9 10"); err == nil {
		t.Error("six words accepted")
	}
}
