package character

import (
	"reflect"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
	"dipdesk/variants/kit/kittest"
)

var (
	s1902 = engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Movement}
	f1903 = engine.Phase{Year: 1903, Season: engine.Fall, Type: engine.Movement}
)

// newGame starts a game of the variant with seed.
func newGame(t testing.TB, seed uint64) *engine.State {
	t.Helper()
	return kittest.NewGame(t, Variant, seed)
}

func extraOf(t testing.TB, s *engine.State) *extra {
	t.Helper()
	e, ok := s.Extra.(*extra)
	if !ok {
		t.Fatalf("state extra is %T, want *Extra", s.Extra)
	}
	return e
}

// unitID finds the id of the unit of power p in province abbr.
func unitID(t testing.TB, s *engine.State, abbr string) kit.UnitID {
	t.Helper()
	p, ok := s.Map.Lookup(abbr)
	if !ok {
		t.Fatalf("no province %q", abbr)
	}
	i := s.UnitAt(p)
	if i < 0 {
		t.Fatalf("no unit in %s", abbr)
	}
	return idOf(s.Units[i])
}

// TestSetup: rule 10 numbers the 22 units, rule 4 deals each a card, and
// the deck counts them (rule 13).
func TestSetup(t *testing.T) {
	s := newGame(t, 1)
	e := extraOf(t, s)
	if len(s.Units) != 22 || len(e.Cards) != 22 {
		t.Fatalf("%d units, %d cards; want 22 and 22", len(s.Units), len(e.Cards))
	}
	for _, u := range s.Units {
		if u.Number <= 0 {
			t.Errorf("%s %s has no number", u.Power, s.Map.LocString(u.Loc))
		}
		if _, ok := e.CardOf(u); !ok {
			t.Errorf("%s has no card", idOf(u))
		}
	}
	if c := e.Counts(); c.Dealt != 22 || c.SinceReshuffle != 22 || c.Pile != 72-22 || c.Discards != 0 {
		t.Errorf("deck counts %+v, want 22 dealt and 50 in the pile", c)
	}
	m, _ := Variant.Map()
	if m.Start[0].Number != 0 {
		t.Error("Setup numbered the map's shared starting units")
	}
	if _, err := Variant.NewGame(m, map[string]string{"reshufle": "40"}, engine.NewRand(1)); err == nil || !strings.Contains(err.Error(), `unknown option "reshufle"`) {
		t.Errorf("misspelt option: %v", err)
	}
	s2, err := Variant.NewGame(m, map[string]string{optionReshuffle: "20"}, engine.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	if c := extraOf(t, s2).Counts(); c.SinceReshuffle != 2 || c.Dealt != 22 {
		t.Errorf("reshuffle every 20: counts %+v, want 2 since the reshuffle", c)
	}
}

func TestSetupReproducible(t *testing.T) {
	a, b := newGame(t, 42), newGame(t, 42)
	ja, err := engine.MarshalState(a)
	if err != nil {
		t.Fatal(err)
	}
	jb, _ := engine.MarshalState(b)
	if string(ja) != string(jb) {
		t.Error("the same seed dealt differently")
	}
}

// TestExtraRoundTrip: a position with cards, a revelation, a private
// report and a deck with discards is saved and read back unchanged.
func TestExtraRoundTrip(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, 99} {
		s := newGame(t, seed)
		e := extraOf(t, s)
		if err := e.Reveal(unitID(t, s, "mun"), s1902, "used its double strength"); err != nil {
			t.Fatal(err)
		}
		if err := e.Tell(unitID(t, s, "par"), "england", f1903, "reported by the game master"); err != nil {
			t.Fatal(err)
		}
		gone := unitID(t, s, "smy")
		e.Deck.Discard(e.Cards[gone].Card)
		delete(e.Cards, gone)

		b, err := engine.MarshalState(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := engine.UnmarshalStateExtra(s.Map, b, Variant.DecodeExtra)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, b)
		}
		if !reflect.DeepEqual(back.Extra, s.Extra) {
			t.Errorf("seed %d: read back\n%+v\nwant\n%+v", seed, back.Extra, s.Extra)
		}
		again, _ := engine.MarshalState(back)
		if string(again) != string(b) {
			t.Errorf("seed %d: second save differs", seed)
		}
		for _, want := range []string{`"power":"germany","unit":"1A"`, `"revealed":{"phase":"S1902M","why":"used its double strength"}`, `"told":{"england"`, `"dealt":22`, `"discard":["`} {
			if !strings.Contains(string(b), want) {
				t.Errorf("seed %d: saved data lacks %s", seed, want)
			}
		}
	}
}

func TestCloneExtraDeep(t *testing.T) {
	s := newGame(t, 5)
	c := s.Clone()
	ce := extraOf(t, c)
	id := unitID(t, s, "lon")
	_ = ce.Reveal(id, s1902, "x")
	_ = ce.Tell(id, "france", s1902, "y")
	ce.Cards[id].Card = cardType{ID: "99"}
	ce.Deck.PutOnTop(cardType{ID: "98"})
	ce.Deck.Stock = kit.RestoreStock(ce.Deck.Pile(), ce.Deck.Discards(), 0, ce.Deck.Log())
	ce.Log = append(ce.Log[:0], "changed")
	e := extraOf(t, s)
	h := e.Cards[id]
	if h.Revealed != nil || h.Told != nil || h.Card.ID == "99" || e.Deck.Pile()[0].ID == "98" || e.Deck.Dealt() != 22 {
		t.Errorf("the clone shares state with the original: %+v, deck top %s", h, e.Deck.Pile()[0])
	}
	if len(e.Log) > 0 && e.Log[0] == "changed" {
		t.Error("the clone shares the log")
	}
}

func TestDecodeExtraErrors(t *testing.T) {
	const card = `{"power":"france","unit":"1A","card":"2","dealt":"S1901M"}`
	tests := []struct{ name, data, want string }{
		{"json", `{`, "character: unexpected end"},
		{"no cards", `{}`, "no cards in the variant data"},
		{"label", `{"cards":[{"power":"france","unit":"1Q","card":"2","dealt":"S1901M"}]}`, "card 1 of the variant data: character: unit number \"1Q\""},
		{"card", `{"cards":[{"power":"france","unit":"1A","card":"77","dealt":"S1901M"}]}`, `france 1A: no card "77"`},
		{"power", `{"cards":[{"unit":"1A","card":"2","dealt":"S1901M"}]}`, "unit 1A has no power"},
		{"phase", `{"cards":[{"power":"france","unit":"1A","card":"2","dealt":"Q1901"}]}`, "france 1A: engine: phase"},
		{"duplicate", `{"cards":[` + card + `,` + card + `]}`, "two cards for france 1A"},
		{"revealed", `{"cards":[{"power":"france","unit":"1A","card":"2","dealt":"S1901M","revealed":{"phase":"?"}}]}`, "france 1A revealed"},
		{"deck pile", `{"cards":[],"deck":{"types":[{"id":"2","count":2}],"pile":["3"],"every":50}}`, `pile card 1 is "3"`},
		{"deck type", `{"cards":[],"deck":{"types":[{"id":"Z","count":2}],"pile":[],"every":50}}`, `no card "Z" in the card list`},
		{"deck every", `{"cards":[],"deck":{"types":[],"pile":[],"every":0}}`, "reshuffle count 0"},
		{"held card not in deck", `{"cards":[` + card + `],"deck":{"types":[{"id":"20","count":14}],"pile":[],"every":50}}`, `no card "2" in the game's deck`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := decodeExtra([]byte(tt.data))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

// TestConceal: rule 3 over several deals. France's view holds only
// French cards and revealed ones, never an unrevealed German card; the
// public sees the revealed ones; the game master sees all 22.
func TestConceal(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		s := newGame(t, seed)
		e := extraOf(t, s)
		kie := unitID(t, s, "kie")
		_ = e.Reveal(kie, s1902, "used its power")
		ber := unitID(t, s, "ber")
		_ = e.Tell(ber, "france", s1902, "reported by the game master")
		_ = e.Tell(ber, "italy", s1902, "reported by the game master")

		fr := extraOf(t, engine.ViewFor(s, nil, engine.Seat{Power: "france"}, Variant.Rules).State)
		for id, h := range fr.Cards {
			if id.Power != "france" && id != kie && id != ber {
				t.Errorf("seed %d: France's view holds %s's card %s", seed, id, h.Card)
			}
		}
		if len(fr.Cards) != 3+2 {
			t.Errorf("seed %d: France's view holds %d cards, want its 3, the revealed and the told one", seed, len(fr.Cards))
		}
		if _, ok := fr.Cards[ber].Told["italy"]; ok {
			t.Errorf("seed %d: France's view says Italy was told too", seed)
		}
		if fr.Deck != nil || fr.Log != nil || fr.Public == nil || fr.Public.Dealt != 22 || fr.Public.Pile != 50 {
			t.Errorf("seed %d: France's view: deck %v, log %d lines, counts %+v", seed, fr.Deck != nil, len(fr.Log), fr.Public)
		}
		b, err := engine.MarshalState(&engine.State{Map: s.Map, Phase: s.Phase, Owners: s.Owners, Extra: fr})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(string(b), `"power":"germany"`) != 2 || strings.Contains(string(b), `"pile":[`) {
			t.Errorf("seed %d: France's saved view: %s", seed, b)
		}

		pub := extraOf(t, engine.ViewFor(s, nil, engine.Seat{}, Variant.Rules).State)
		if len(pub.Cards) != 1 || pub.Cards[kie] == nil {
			t.Errorf("seed %d: the public sees %d cards, want the revealed one", seed, len(pub.Cards))
		}
		gm := extraOf(t, engine.ViewFor(s, nil, engine.Seat{GM: true}, Variant.Rules).State)
		if len(gm.Cards) != 22 || gm.Deck == nil || len(gm.Cards[ber].Told) != 2 {
			t.Errorf("seed %d: the game master sees %d cards, deck %v", seed, len(gm.Cards), gm.Deck != nil)
		}
		if len(e.Cards) != 22 || e.Deck == nil {
			t.Errorf("seed %d: Conceal changed the position instead of the view", seed)
		}
	}
}

func TestRevealAndTell(t *testing.T) {
	s := newGame(t, 7)
	e := extraOf(t, s)
	id := unitID(t, s, "vie")
	if !e.KnownTo(id, engine.Seat{Power: "austria"}) || e.KnownTo(id, engine.Seat{Power: "italy"}) || e.KnownTo(id, engine.Seat{}) {
		t.Error("before any revelation only the owner and the game master know")
	}
	_ = e.Tell(id, "austria", s1902, "own")
	if e.Cards[id].Told != nil {
		t.Error("telling the owner recorded something")
	}
	_ = e.Reveal(id, s1902, "first")
	_ = e.Reveal(id, f1903, "second")
	if r := e.Cards[id].Revealed; r.Why != "first" || r.Phase != s1902 {
		t.Errorf("revelation %+v, want the first kept", r)
	}
	missing := kit.UnitID{Power: "italy", Type: engine.Army, Number: 9}
	if err := e.Reveal(missing, s1902, "x"); err == nil || !strings.Contains(err.Error(), "italy 9A holds no card") {
		t.Errorf("revealing a unit without a card: %v", err)
	}
	if err := e.Tell(missing, "france", s1902, "x"); err == nil {
		t.Error("telling of a unit without a card succeeded")
	}
}
