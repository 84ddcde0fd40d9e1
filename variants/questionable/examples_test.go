package questionable

import (
	"testing"

	"dipdesk/engine"
)

// TestRule8ExampleA: "The German Embezzler could steal A Warsaw. Russia
// was trying to gamble with it. The Russian attempt would fail, since it
// no longer owned by Russia." (Russia's Gambler works with A war on
// Austria's A gal.)
func TestRule8ExampleA(t *testing.T) {
	g := newGame(t, nil).at(1902, engine.Spring)
	g.s.Units = append(g.s.Units, engine.Unit{Power: "austria", Type: engine.Army, Loc: engine.Loc{P: mustP(g, "gal")}})
	g.s.GiveIDs()
	g.step("Germany: embezzle A war\nRussia: gamble A gal with A war", 2) // the Embezzler's 2 steals; the gamble rolls nothing
	if got := g.unit("war"); got != "germany A war" {
		t.Fatalf("Warsaw: %s", got)
	}
	r := g.result("gamble a gal with a war")
	if r.OK {
		t.Fatalf("the gamble: %+v", r)
	}
	wantContains(t, "the gamble", r.Reason, "no longer Russia's")
	if got := g.unit("gal"); got != "austria A gal" {
		t.Fatalf("Galicia: %s", got)
	}
}

// TestRule8ExampleB: "The English Briber succeeds in bribing F St.
// Petersburg (sc) – Livonia. The German Hooker seduces F St. Petersburg.
// The fleet doesn't move."
func TestRule8ExampleB(t *testing.T) {
	g := newGame(t, nil).at(1902, engine.Spring)
	g.step("England: bribe F stp/sc - lvn\nGermany: seduce F stp", 1, 1)
	wantContains(t, "the bribe", g.result("bribe f stp/sc - lvn").Reason, "bribed Russia's F stp/sc")
	wantContains(t, "the seduction", g.result("seduce f stp").Reason, "seduced")
	g.step("Russia: F stp/sc - bot")
	if got := g.unit("stp"); got != "russia F stp/sc" {
		t.Fatalf("St Petersburg after the moves: %s; results %+v", got, g.out.Results)
	}
	if got := g.unit("lvn"); got != "" {
		t.Fatalf("Livonia: %s", got)
	}
}

// TestRule8ExampleC: "The Italian Gambler (via Venice) gets F Trieste and
// orders it to Albania. The Turkish Briber succeeds in ordering it to
// Adriatic. The Russian Dealer succeeds in giving it a sample. The
// Italian units' move would become random." Played with one deadline, as
// the example writes the Gambler's order with the gamble.
func TestRule8ExampleC(t *testing.T) {
	g := newGame(t, map[string]string{OptionStep: "together"}).at(1902, engine.Spring)
	// Gambler 2 wins; Briber 3 succeeds; Dealer 1 succeeds; the random
	// move: pick 0 (a hold) of F tri's choices.
	g.step("Italy: gamble F tri - alb with A ven\nTurkey: bribe F tri - adr\nRussia: deal F tri", 2, 3, 1, 0)
	wantContains(t, "the gamble", g.result("gamble f tri - alb with a ven").Reason, "won Austria's F tri")
	wantContains(t, "the bribe", g.result("bribe f tri - adr").Reason, "bribed Italy's F tri")
	wantContains(t, "the sample", g.result("deal f tri").Reason, "drawn at random, F tri H")
	if got := g.unit("tri"); got != "italy F tri" {
		t.Fatalf("Trieste: %s", got)
	}
	for _, p := range []string{"alb", "adr"} {
		if got := g.unit(p); got != "" {
			t.Fatalf("%s: %s (the sample's random hold must win over the gamble's and the bribe's orders)", p, got)
		}
	}
}

// TestRule8ExampleD: two Embezzlers on one unit act in an order drawn at
// random, and the last successful one keeps it (rule 8 D).
func TestRule8ExampleD(t *testing.T) {
	g := newGame(t, nil).at(1902, engine.Spring)
	// Pick 1: Germany's Embezzler first (the options list Austria's, then
	// Germany's), 1 steals; then Austria's, 2 steals from Germany.
	g.step("Austria: embezzle A war\nGermany: embezzle A war", 1, 1, 2)
	if got := g.unit("war"); got != "austria A war" {
		t.Fatalf("Warsaw: %s (the last successful Embezzler keeps it)", got)
	}
}

func mustP(g *game, abbr string) engine.ProvinceID {
	p, ok := g.m.Lookup(abbr)
	if !ok {
		g.t.Fatalf("no %s", abbr)
	}
	return p
}
