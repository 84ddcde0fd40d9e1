package character

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

var (
	r1902 = engine.Phase{Year: 1902, Season: engine.Fall, Type: engine.Retreat}
)

// deckedPosition is cardPosition with the game's deck: the cards on the
// board are taken out of a shuffled regular deck, and the cards named in
// top are put on top of the pile in that order, so the next draws are
// known (scripted draws).
func deckedPosition(t *testing.T, phase engine.Phase, top []string, lines ...string) (*engine.State, *extra) {
	t.Helper()
	s := cardPosition(t, phase, lines...)
	e := extraOf(t, s)
	deck, err := buildDeck(mustCards(t), deckOptions{}, engine.NewRand(7))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range e.sortedIDs() {
		if _, ok := deck.take(e.Cards[id].Card.ID); !ok {
			t.Fatalf("no %s left in the deck for %s", e.Cards[id].Card, id)
		}
	}
	if err := deck.stack(top...); err != nil {
		t.Fatal(err)
	}
	e.Deck = deck
	return s, e
}

// own gives the centres to power p.
func own(t *testing.T, s *engine.State, p engine.Power, centres ...string) {
	t.Helper()
	for _, c := range centres {
		id, ok := s.Map.Lookup(c)
		if !ok {
			t.Fatalf("no province %q", c)
		}
		s.Owners[id] = p
	}
}

func adjudicateLife(t *testing.T, s *engine.State, orders string) *engine.Outcome {
	t.Helper()
	os, errs := Variant.Parser(s.Map).ParseOrders("", orders)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := skipEmptyRetreats(t, engine.Adjudicate(s, os, Variant.Rules, engine.NewRand(3)))
	if bad := checkCards(out.Next); len(bad) > 0 {
		t.Errorf("invariant broken after %s: %s", s.Phase.Key(), strings.Join(bad, "; "))
	}
	return out
}

// cardsOf lists the cards of a position, "france 1A:2".
func cardsOf(s *engine.State) string {
	e := s.Extra.(*extra)
	var out []string
	for _, id := range e.sortedIDs() {
		out = append(out, id.String()+":"+e.Cards[id].Card.ID)
	}
	return strings.Join(out, ", ")
}

func discardIDs(e *extra) string {
	var out []string
	for _, c := range e.Deck.Discards() {
		out = append(out, c.ID)
	}
	return strings.Join(out, " ")
}

// TestLifecycleRule2 follows the cards of units that move, retreat, are
// disbanded after a dislodgement and are removed in a Winter (rule 2: "If
// a unit is removed from the board, the card is also out of the game").
func TestLifecycleRule2(t *testing.T) {
	t.Run("a moving unit keeps its card", func(t *testing.T) {
		s, _ := deckedPosition(t, s1902, nil, "France: A bur #4", "Germany: A mun #20")
		out := adjudicateLife(t, s, "France: A bur - pic")
		if got, want := cardsOf(out.Next), "france 1A:4, germany 1A:20"; got != want {
			t.Errorf("cards %s, want %s", got, want)
		}
	})
	t.Run("a dislodged unit keeps its card until its retreat", func(t *testing.T) {
		s, e := deckedPosition(t, f1902, nil, "France: A bur #2", "France: A pic #20", "Germany: A mun #5")
		out := adjudicateLife(t, s, "France: A bur - mun\nFrance: A pic - bur")
		if got, want := cardsOf(out.Next), "france 1A:2, france 2A:20, germany 1A:5"; got != want {
			t.Errorf("cards %s, want %s", got, want)
		}
		if len(out.Next.Dislodged) != 1 || discardIDs(out.Next.Extra.(*extra)) != "" {
			t.Fatalf("dislodged %v, discards %q", out.Next.Dislodged, discardIDs(e))
		}
		// Retreat orders: the German unit retreats and keeps #5.
		out2 := adjudicateLife(t, out.Next, "Germany: A mun - sil")
		if got, want := cardsOf(out2.Next), "france 1A:2, france 2A:20, germany 1A:5"; got != want {
			t.Errorf("after the retreat: cards %s, want %s", got, want)
		}
	})
	t.Run("a dislodged unit disbanded: its card is discarded", func(t *testing.T) {
		s, _ := deckedPosition(t, f1902, nil, "France: A bur #2", "France: A pic #20", "Germany: A mun #5")
		out := adjudicateLife(t, s, "France: A bur - mun\nFrance: A pic - bur")
		out2 := adjudicateLife(t, out.Next, "Germany: A mun disband")
		e2 := extraOf(t, out2.Next)
		if got, want := cardsOf(out2.Next), "france 1A:2, france 2A:20"; got != want {
			t.Errorf("cards %s, want %s", got, want)
		}
		if got := discardIDs(e2); got != "5" {
			t.Errorf("discards %q, want 5", got)
		}
		ev := strings.Join(out2.Events, "\n")
		if !strings.Contains(ev, "Germany's 1A left the board: its card is out of the game (rule 2)") {
			t.Errorf("events %q: want the discard reported without naming the card", ev)
		}
		if strings.Contains(ev, "#5") || strings.Contains(ev, "Jumper") {
			t.Errorf("events %q name the unrevealed card", ev)
		}
	})
	t.Run("a Winter removal discards the card", func(t *testing.T) {
		s, _ := deckedPosition(t, w1902, nil, "Italy: A ven #9", "Italy: A rom #20", "Italy: F nap #3", "Italy: A pie #18")
		own(t, s, "", "tun")
		out := adjudicateLife(t, s, "Italy: A pie disband")
		if got, want := cardsOf(out.Next), "italy 1A:9, italy 2A:20, italy 1F:3"; got != want {
			t.Errorf("cards %s, want %s", got, want)
		}
		if got := discardIDs(extraOf(t, out.Next)); got != "18" {
			t.Errorf("discards %q, want 18", got)
		}
	})
	t.Run("civil disorder removal discards the card", func(t *testing.T) {
		s, _ := deckedPosition(t, w1902, nil, "Italy: A ven #9", "Italy: A rom #20", "Italy: F nap #3", "Italy: A boh #7")
		out := adjudicateLife(t, s, "")
		if got, want := cardsOf(out.Next), "italy 1A:9, italy 2A:20, italy 1F:3"; got != want {
			t.Errorf("cards %s, want %s", got, want)
		}
		if got := discardIDs(extraOf(t, out.Next)); got != "7" {
			t.Errorf("discards %q, want 7", got)
		}
	})
	t.Run("a revealed card is named when it leaves", func(t *testing.T) {
		s, e := deckedPosition(t, w1902, nil, "Italy: A ven #9", "Italy: A rom #20", "Italy: F nap #3", "Italy: A pie #18")
		if err := e.Reveal(unitID(t, s, "pie"), s1902, "used"); err != nil {
			t.Fatal(err)
		}
		out := adjudicateLife(t, s, "Italy: A pie disband")
		if ev := strings.Join(out.Events, "\n"); !strings.Contains(ev, "#18 Superfleet is out of the game") {
			t.Errorf("events %q", ev)
		}
	})
}

// TestLifecycleBuilds: rule 5.a deals a card to every unit built, with
// rule 4.b/5.b/5.c's checks; the deck is scripted so the draws are known.
func TestLifecycleBuilds(t *testing.T) {
	t.Run("a build is dealt the top card", func(t *testing.T) {
		s, _ := deckedPosition(t, w1902, []string{"16"}, "France: A bur #2", "France: F mao #20", "France: A pic #5")
		own(t, s, "france", "spa", "por")
		out := adjudicateLife(t, s, "France: build A par\nFrance: waive")
		if got, want := cardsOf(out.Next), "france 1A:2, france 2A:5, france 3A:16, france 1F:20"; got != want {
			t.Errorf("cards %s, want %s", got, want)
		}
		e := extraOf(t, out.Next)
		if h := e.Cards[kit.UnitID{Power: "france", Type: engine.Army, Number: 3}]; h.Dealt != w1902 || h.Revealed != nil || len(h.Told) != 0 {
			t.Errorf("held %+v: want dealt in W1902A, known to its owner alone", h)
		}
	})
	t.Run("rule 5.c: a second Annihilator is buried and the next card dealt", func(t *testing.T) {
		s, _ := deckedPosition(t, w1902, []string{"9", "11"}, "Austria: A vie #9", "Austria: A bud #20", "Austria: F alb #3")
		own(t, s, "austria", "ser")
		out := adjudicateLife(t, s, "Austria: build F tri")
		if got, want := cardsOf(out.Next), "austria 1A:9, austria 2A:20, austria 1F:3, austria 2F:11"; got != want {
			t.Errorf("cards %s, want %s", got, want)
		}
		e := extraOf(t, out.Next)
		if p := e.Deck.Pile(); p[len(p)-1].ID != "9" {
			t.Errorf("the refused #9 is not at the bottom of the pile: %v", p[len(p)-1])
		}
		if log := strings.Join(e.Log, "\n"); !strings.Contains(log, "#9 Annihilator buried") {
			t.Errorf("GM log %q: want the burial", log)
		}
	})
	t.Run("rule 5.c: a freed category may be dealt again", func(t *testing.T) {
		// The Annihilator's unit is disbanded after a dislodgement in the
		// Fall; the Winter build may take an Annihilator again.
		s, _ := deckedPosition(t, r1902, []string{"9"}, "Austria: A vie #9", "Austria: A bud #20", "Austria: F alb #3")
		own(t, s, "austria", "ser")
		dislodge(t, s, "vie")
		out := adjudicateLife(t, s, "Austria: A vie disband")
		if out.Next.Phase != w1902 {
			t.Fatalf("next phase %s", out.Next.Phase)
		}
		out = adjudicateLife(t, out.Next, "Austria: build A vie")
		if got, want := cardsOf(out.Next), "austria 1A:9, austria 2A:20, austria 1F:3"; got != want {
			t.Errorf("cards %s, want %s", got, want)
		}
	})
	t.Run("rule 5.b: a second double-strength card needs eight units", func(t *testing.T) {
		lines := []string{"France: A bur #1", "France: F mao #20", "France: A pic #5", "France: A gas #20", "France: A ruh #20", "France: A hol #20"}
		s, _ := deckedPosition(t, w1902, []string{"2", "4"}, lines...)
		own(t, s, "france", "spa", "por", "hol", "bel")
		out := adjudicateLife(t, s, "France: build A par")
		if !strings.Contains(cardsOf(out.Next), "france 6A:4") {
			t.Errorf("7 centres: cards %s, want the #2 refused and #4 dealt", cardsOf(out.Next))
		}
		s, _ = deckedPosition(t, w1902, []string{"2", "4"}, lines...)
		own(t, s, "france", "spa", "por", "hol", "bel", "den")
		out = adjudicateLife(t, s, "France: build A par\nFrance: build A mar")
		if !strings.Contains(cardsOf(out.Next), "france 6A:2") || !strings.Contains(cardsOf(out.Next), "france 7A:4") {
			t.Errorf("8 centres: cards %s, want #2 then #4", cardsOf(out.Next))
		}
	})
	t.Run("#17 goes only to an army (rule 4.c)", func(t *testing.T) {
		s, _ := deckedPosition(t, w1902, []string{"17", "20"}, "England: F nth #20")
		out := adjudicateLife(t, s, "England: build F lon")
		if got, want := cardsOf(out.Next), "england 1F:20, england 2F:20"; got != want {
			t.Errorf("cards %s, want %s", got, want)
		}
	})
	t.Run("#19 may be dealt to a build", func(t *testing.T) {
		s, _ := deckedPosition(t, w1902, []string{"19"}, "England: F nth #20")
		out := adjudicateLife(t, s, "England: build F lon")
		if got, want := cardsOf(out.Next), "england 1F:20, england 2F:19"; got != want {
			t.Errorf("cards %s, want %s", got, want)
		}
	})
	t.Run("rule 7 does not gate the life cycle: a 1901 build gets its card", func(t *testing.T) {
		s, _ := deckedPosition(t, w1901, []string{"8"}, "England: F nth #20")
		out := adjudicateLife(t, s, "England: build F lon")
		if got, want := cardsOf(out.Next), "england 1F:20, england 2F:8"; got != want {
			t.Errorf("cards %s, want %s", got, want)
		}
	})
	t.Run("a build reusing a lost unit's number gets a new card", func(t *testing.T) {
		s, e := deckedPosition(t, w1902, []string{"13"}, "England: F nth #20", "England: A yor #4")
		// England's 1A was dislodged and is still waiting (rule 14.b):
		// the adjustment leaves it out and the build takes its number.
		dislodge(t, s, "yor")
		_ = e
		out := adjudicateLife(t, s, "England: build A lvp")
		if got, want := cardsOf(out.Next), "england 1A:13, england 1F:20"; got != want {
			t.Errorf("cards %s, want %s", got, want)
		}
		if got := discardIDs(extraOf(t, out.Next)); got != "4" {
			t.Errorf("discards %q, want 4", got)
		}
	})
}

// dislodge moves the unit in abbr to the dislodged units.
func dislodge(t *testing.T, s *engine.State, abbr string) {
	t.Helper()
	p, _ := s.Map.Lookup(abbr)
	i := s.UnitAt(p)
	if i < 0 {
		t.Fatalf("no unit in %s", abbr)
	}
	d := s.Units[i]
	s.Units = slices.Delete(s.Units, i, i+1)
	s.Dislodged = append(s.Dislodged, engine.Dislodgement{Unit: d, From: engine.NoProvince})
}

// TestLifecycleReshuffle: rule 13 reshuffles the discards into the pile
// once the count of cards dealt reaches the game's number.
func TestLifecycleReshuffle(t *testing.T) {
	s, e := deckedPosition(t, w1902, nil, "England: F nth #20", "England: A yor #4")
	e.Deck.Stock.Discard(cardType{ID: "9", Name: "Annihilator"})
	if _, ok := e.Deck.take("9"); !ok {
		t.Fatal("no #9 in the pile")
	}
	e.Deck.since = e.Deck.every - 1
	pile := e.Deck.Len()
	out := adjudicateLife(t, s, "England: build F lon")
	d := extraOf(t, out.Next).Deck
	if d.SinceReshuffle() != 0 || len(d.Discards()) != 0 || len(d.Pile()) != pile {
		t.Errorf("after the 50th card: since %d, %d discards, pile %d (want 0, 0, %d)", d.SinceReshuffle(), len(d.Discards()), len(d.Pile()), pile)
	}
}

// TestLifecycleConceal: a build's card is known to its owner and the game
// master only (rules 3, 5.a), and the position round-trips through JSON.
func TestLifecycleConceal(t *testing.T) {
	s, _ := deckedPosition(t, w1902, []string{"11"}, "England: F nth #20", "France: A bur #2")
	out := adjudicateLife(t, s, "England: build F lon")
	id := kit.UnitID{Power: "england", Type: engine.Fleet, Number: 2}
	for _, tc := range []struct {
		seat engine.Seat
		know bool
	}{{engine.Seat{GM: true}, true}, {engine.Seat{Power: "england"}, true}, {engine.Seat{Power: "france"}, false}, {engine.Seat{}, false}} {
		v := engine.ViewFor(out.Next, nil, tc.seat, Variant.Rules)
		_, got := v.State.Extra.(*extra).Cards[id]
		if got != tc.know {
			t.Errorf("%s knows the new fleet's card: %v, want %v", tc.seat, got, tc.know)
		}
		o := engine.OutcomeFor(s, out, tc.seat, Variant.Rules)
		ev := strings.Join(o.Events, "\n")
		if reads := strings.Contains(ev, "England's new 2F in London is dealt #11 Hypnotist (rule 5.a; told to England alone)"); reads != tc.know {
			t.Errorf("%s reads the card in the events: %v, want %v: %q", tc.seat, reads, tc.know, ev)
		}
		if !tc.know && strings.Contains(ev, "#11") {
			t.Errorf("%s reads the card in the events: %q", tc.seat, ev)
		}
	}
	if ev := strings.Join(out.Events, "\n"); strings.Contains(ev, "#11") {
		t.Errorf("the stored events name the card: %q", ev)
	}
	b, err := json.Marshal(out.Next.Extra)
	if err != nil {
		t.Fatal(err)
	}
	back, err := decodeExtra(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, out.Next.Extra) {
		t.Errorf("JSON round trip differs:\n%s", b)
	}
}

// TestLifecycleExpire: effects end with their last movement turn, and
// last through its retreat phase.
func TestLifecycleExpire(t *testing.T) {
	s, e := deckedPosition(t, s1902, nil, "France: A bur #2", "France: A pic #20", "Germany: A mun #5", "Italy: A ven #20")
	now := kit.MoveIndex(s1902)
	e.Effects.Closures = []closure{{Prov: "tyr", Until: now, Why: "gassed"}, {Prov: "boh", Until: now + 1, Why: "annihilated"}}
	e.Effects.Disorders = []disorder{{Unit: kit.UnitID{Power: "italy", Type: engine.Army, Number: 1}, Until: now, Why: "gassed"}}
	gone := kit.UnitID{Power: "russia", Type: engine.Army, Number: 1}
	e.Effects.LastUsed = map[kit.UnitID]int{gone: now, {Power: "germany", Type: engine.Army, Number: 1}: now}
	e.Effects.FreeUnits = []kit.UnitID{gone}
	// A dislodgement: the Spring retreat phase is still turn now.
	out := adjudicateLife(t, s, "France: A bur - mun\nFrance: A pic - bur")
	if out.Next.Phase != (engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Retreat}) {
		t.Fatalf("next phase %s", out.Next.Phase)
	}
	f := extraOf(t, out.Next).Effects
	if len(f.Closures) != 2 || len(f.Disorders) != 1 {
		t.Errorf("in the retreat phase of turn %d: closures %v, disorders %v; want all kept", now, f.Closures, f.Disorders)
	}
	if _, ok := f.LastUsed[gone]; ok || len(f.FreeUnits) != 0 || len(f.LastUsed) != 1 {
		t.Errorf("entries of a unit not on the board kept: %v %v", f.LastUsed, f.FreeUnits)
	}
	out2 := adjudicateLife(t, out.Next, "Germany: A mun - sil")
	f = extraOf(t, out2.Next).Effects
	if len(f.Closures) != 1 || f.Closures[0].Prov != "boh" || len(f.Disorders) != 0 {
		t.Errorf("in Fall 1902: closures %v, disorders %v; want only boh", f.Closures, f.Disorders)
	}
}

// TestLifecycleExpireFall: an effect lasting through a Fall turn holds in
// that year's Winter (the Fall's captures decide whether one follows) and
// is gone by the next Spring, Winter or not.
func TestLifecycleExpireFall(t *testing.T) {
	fall := kit.MoveIndex(f1902)
	closures := func() []closure {
		return []closure{{Prov: "tyr", Until: fall, Why: "gassed"}, {Prov: "boh", Until: fall + 1, Why: "annihilated"}}
	}
	t.Run("no Winter: gone by Spring", func(t *testing.T) {
		s, e := deckedPosition(t, f1902, nil, "France: A par #20", "Germany: A mun #20")
		clear(s.Owners)
		own(t, s, "france", "par")
		own(t, s, "germany", "mun")
		e.Effects.Closures = closures()
		out := adjudicateLife(t, s, "France: A par H")
		if out.Next.Phase.Season != engine.Spring {
			t.Fatalf("next phase %s, want Spring 1903", out.Next.Phase)
		}
		if f := extraOf(t, out.Next).Effects; len(f.Closures) != 1 || f.Closures[0].Prov != "boh" {
			t.Errorf("closures %v, want only boh", f.Closures)
		}
	})
	t.Run("a capture makes a Winter: kept through it", func(t *testing.T) {
		s, e := deckedPosition(t, f1902, nil, "France: A bur #20", "Germany: A mun #20")
		clear(s.Owners)
		own(t, s, "france", "par")
		own(t, s, "germany", "mun")
		e.Effects.Closures = closures()
		out := adjudicateLife(t, s, "France: A bur - bel")
		if out.Next.Phase != w1902 {
			t.Fatalf("next phase %s, want Winter 1902", out.Next.Phase)
		}
		if f := extraOf(t, out.Next).Effects; len(f.Closures) != 2 {
			t.Errorf("closures %v, want both kept in the Winter", f.Closures)
		}
		out = adjudicateLife(t, out.Next, "France: build A par")
		if f := extraOf(t, out.Next).Effects; len(f.Closures) != 1 || f.Closures[0].Prov != "boh" {
			t.Errorf("closures %v in Spring 1903, want only boh", f.Closures)
		}
	})
}

// TestLifecycleNoRand: adjudicated without a source of chance, nothing
// is dealt (a reshuffle could not be drawn) and nothing panics; the game
// master's log says so.
func TestLifecycleNoRand(t *testing.T) {
	s, _ := deckedPosition(t, w1902, nil, "England: F nth #20")
	os, _ := Variant.Parser(s.Map).ParseOrders("", "England: build F lon")
	out := engine.Adjudicate(s, os, Variant.Rules, nil)
	e := extraOf(t, out.Next)
	if _, ok := e.Cards[kit.UnitID{Power: "england", Type: engine.Fleet, Number: 2}]; ok {
		t.Error("a card was dealt without the game's source of chance")
	}
	if !strings.Contains(strings.Join(e.Log, "\n"), "no card dealt to england 2F") {
		t.Errorf("log %q", e.Log)
	}
}
