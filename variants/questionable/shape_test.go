package questionable

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit/kittest"
)

// TestStepsAndWhoActs: by default a game begins with the characters' own
// step; each movement turn is preceded by one, in which every great
// power with a character free to act must act; with characters_act years
// only Spring has one; with character_step together there is none.
func TestStepsAndWhoActs(t *testing.T) {
	g := newGame(t, nil)
	if k := g.s.Phase.Key(); k != "S1901.characters" {
		t.Fatalf("a new game begins at %s", k)
	}
	a := engine.WhoActs(g.s, Variant.Rules)
	if len(a.Must) != 7 || len(a.May) != 0 {
		t.Fatalf("who acts in the characters' step: %+v", a)
	}
	var keys []string
	for range 4 {
		keys = append(keys, g.s.Phase.Key())
		g.step("")
	}
	if want := []string{"S1901.characters", "S1901M", "F1901.characters", "F1901M"}; !reflect.DeepEqual(keys, want) {
		t.Fatalf("steps %v, want %v", keys, want)
	}
	y := newGame(t, map[string]string{OptionAct: "years"})
	keys = nil
	for range 4 {
		keys = append(keys, y.s.Phase.Key())
		y.step("")
	}
	if want := []string{"S1901.characters", "S1901M", "F1901M", "W1901A"}; !reflect.DeepEqual(keys[:3], want[:3]) {
		t.Fatalf("yearly steps %v", keys)
	}
	tg := newGame(t, map[string]string{OptionStep: "together"})
	if k := tg.s.Phase.Key(); k != "S1901M" {
		t.Fatalf("a game with one deadline begins at %s", k)
	}
	// A country whose characters are all jailed is not waited for.
	for _, c := range extraOf(g.s).Characters {
		if c.Owner == "turkey" {
			c.Jailed = true
		}
	}
	g.s.Phase = charactersStep(engine.Phase{Year: 1903, Season: engine.Spring, Type: engine.Movement})
	if a := engine.WhoActs(g.s, Variant.Rules); len(a.Must) != 6 {
		t.Fatalf("with Turkey's characters jailed: %+v", a)
	}
}

// TestHand: each country sees its seven characters first, with their
// states and, when they may act now, their orders; every other country's
// characters are public; the Killer's orders wait for 1902.
func TestHand(t *testing.T) {
	g := newGame(t, nil)
	extraOf(g.s).Characters[0].Caught = 1
	v := engine.ViewFor(g.s, nil, engine.Seat{Power: "austria"}, Variant.Rules)
	h := cardgame.Of(v.State).Hand(v, Variant.Specials)
	if len(h.Cards) != 49 {
		t.Fatalf("%d characters in the hand", len(h.Cards))
	}
	for i, c := range h.Cards[:7] {
		if c.Unit.Power != "austria" || !c.Seat || c.Revealed != "" {
			t.Fatalf("card %d: %+v", i, c)
		}
		if c.Name == "Killer" && len(c.Orders) != 0 {
			t.Errorf("the Killer offers orders in 1901: %+v", c.Orders)
		}
		if c.Name == "Briber" && (len(c.Orders) != 1 || c.Orders[0].Verb != "bribe" || !c.Orders[0].TakesUnit) {
			t.Errorf("the Briber's orders: %+v", c.Orders)
		}
	}
	if !strings.Contains(strings.Join(h.Cards[0].Notes, " "), "caught 1 time") {
		t.Errorf("the caught Briber's notes: %v", h.Cards[0].Notes)
	}
	if h.Cards[7].Revealed == "" || len(h.Cards[7].Orders) != 0 {
		t.Errorf("another country's character: %+v", h.Cards[7])
	}
	g.step("")
	v = engine.ViewFor(g.s, nil, engine.Seat{Power: "austria"}, Variant.Rules)
	if h := cardgame.Of(v.State).Hand(v, Variant.Specials); h.Active || len(h.Cards[0].Orders) != 0 {
		t.Fatalf("the characters take orders in the moves: %+v", h.Cards[0])
	}
}

// TestDecodeRefusesBadRecords: a saved position whose characters cannot
// be is refused, saying what is wrong.
func TestDecodeRefusesBadRecords(t *testing.T) {
	g := newGame(t, nil)
	good, err := json.Marshal(g.s.Extra)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decodeExtra(good); err != nil {
		t.Fatal(err)
	}
	for bad, want := range map[string]string{
		strings.Replace(string(good), `"kind":1`, `"kind":9`, 1):                                    "no kind 9",
		strings.Replace(string(good), `"id":2,`, `"id":1,`, 1):                                      "repeated id",
		strings.Replace(string(good), `"owner":"austria"`, `"owner":""`, 1):                         "has no country",
		strings.Replace(string(good), `"character_step":"separate"`, `"character_step":"maybe"`, 1): "character_step",
		`{"options":{},"characters":[null]}`:                                                        "is empty",
	} {
		if _, err := decodeExtra([]byte(bad)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.60s...: error %v, want %q", bad, err, want)
		}
	}
}

// FuzzDecodeExtra: the saved characters' loader never panics, and what it
// accepts survives a second save.
func FuzzDecodeExtra(f *testing.F) {
	m, _ := Variant.Map()
	s, _ := Variant.NewGame(m, nil, engine.NewRand(1))
	good, _ := json.Marshal(s.Extra)
	kittest.FuzzDecodeExtra(f, decodeExtra, good)
}

// TestHandStates: the hand words each character's state as the issue
// asks: ready, barred with the game years left, in jail, dead, joined
// from another country.
func TestHandStates(t *testing.T) {
	spring1902 := engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Movement}
	fall1902 := engine.Phase{Year: 1902, Season: engine.Fall, Type: engine.Movement}
	var opt options
	for _, tt := range []struct {
		c    character
		p    engine.Phase
		want string
	}{
		{character{Kind: briber}, spring1902, "ready"},
		{character{Kind: briber, Caught: 1, FreeFrom: 8}, spring1902, "barred until Spring 1905 (3 game years left)"},
		{character{Kind: briber, Caught: 1, FreeFrom: 8}, fall1902, "barred until Spring 1905 (2½ game years left)"},
		{character{Kind: dealer, Caught: 1, FreeFrom: 4}, fall1902, "barred until Spring 1903 (½ game year left)"},
		{character{Kind: dealer, Caught: 1, FreeFrom: 5}, fall1902, "barred until Fall 1903 (1 game year left)"},
		{character{Kind: briber, Caught: 2, Jailed: true}, spring1902, "in jail for life"},
		{character{Kind: hooker, Dead: true}, spring1902, "dead"},
		{character{Kind: briber, Caught: 1, FreeFrom: 2}, spring1902, "ready (caught 1 time)"},
		{character{Kind: killer, FreeFrom: 3, From: "germany"}, spring1902, "acts from Fall 1902"},
	} {
		if got := tt.c.state(tt.p, opt); got != tt.want {
			t.Errorf("%+v in %v: %q, want %q", tt.c, tt.p, got, tt.want)
		}
	}
	// Played: Germany's Briber caught on a 6 in Spring 1902 is barred
	// until Spring 1905, which Germany's hand says in the moves after.
	g := newGame(t, nil).at(1902, engine.Spring)
	g.step("Germany: bribe A war - sil", 6)
	if cs := charactersOf(extraOf(g.s).Characters, "germany", briber); len(cs) != 1 || cs[0].Caught != 1 {
		t.Fatalf("Germany's Briber: %+v", cs)
	}
	v := engine.ViewFor(g.s, nil, engine.Seat{Power: "germany"}, Variant.Rules)
	if h := cardgame.Of(v.State).Hand(v, Variant.Specials); h.Cards[0].Name != "Briber" ||
		!slices.Equal(h.Cards[0].Notes, []string{"barred until Spring 1905 (3 game years left)"}) {
		t.Errorf("Germany's Briber in %s: %+v", g.s.Phase.Key(), h.Cards[0])
	}
}
