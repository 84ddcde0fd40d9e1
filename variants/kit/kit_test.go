package kit

import (
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
)

var s1902 = engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Movement}

// TestNumberUnits: rule 10 (Davis) and rule 5 (Galt) number per power and
// type, after the highest number in use; a build takes the lowest free.
func TestNumberUnits(t *testing.T) {
	us := NumberUnits([]engine.Unit{
		{Power: "france", Type: engine.Army}, {Power: "france", Type: engine.Fleet},
		{Power: "france", Type: engine.Army, Number: 4}, {Power: "france", Type: engine.Army},
	})
	var got []string
	for _, u := range us {
		got = append(got, Label(u.Number, u.Type))
	}
	if strings.Join(got, " ") != "5A 1F 4A 6A" {
		t.Errorf("numbers %v, want 5A 1F 4A 6A", got)
	}
	if n := NextNumber(us, "france", engine.Army); n != 1 {
		t.Errorf("NextNumber = %d, want the free 1", n)
	}
	if _, _, err := ParseLabel("1Amp"); err == nil {
		t.Error("ParseLabel read an amphibious label")
	}
	var id UnitID
	if err := id.UnmarshalText([]byte("germany 2F")); err != nil || id != (UnitID{Power: "germany", Type: engine.Fleet, Number: 2}) {
		t.Errorf("UnmarshalText: %v %v", id, err)
	}
	if b, _ := id.MarshalText(); string(b) != "germany 2F" {
		t.Errorf("MarshalText: %s", b)
	}
	if err := id.UnmarshalText([]byte("2F")); err == nil {
		t.Error("a unit without a power was read")
	}
}

// TestMoveIndex counts movement turns from Spring 1901.
func TestMoveIndex(t *testing.T) {
	for _, tc := range []struct {
		p    engine.Phase
		want int
	}{
		{engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}, 0},
		{engine.Phase{Year: 1901, Season: engine.Fall, Type: engine.Retreat}, 1},
		{engine.Phase{Year: 1902, Season: engine.Winter, Type: engine.Adjustment}, 3},
		{s1902, 2},
	} {
		if got := MoveIndex(tc.p); got != tc.want {
			t.Errorf("MoveIndex(%s) = %d, want %d", tc.p.Key(), got, tc.want)
		}
	}
}

type testCard struct{ ID, Name string }

func (c testCard) Key() string { return c.ID }

// TestCardsKnowledge: who knows a held card (Davis rule 3, Galt rule 2):
// the owner and the game master always, everyone once revealed, a power
// told privately; a hint tells a class of cards, not the card, and a full
// revelation replaces it.
func TestCardsKnowledge(t *testing.T) {
	h := NewHolding[testCard]()
	fr := UnitID{Power: "france", Type: engine.Army, Number: 1}
	de := UnitID{Power: "germany", Type: engine.Fleet, Number: 1}
	h.Give(fr, testCard{"2", "Double Strength"}, s1902)
	h.Give(de, testCard{"9", "Annihilator"}, s1902)
	gm, france, england, public := engine.Seat{GM: true}, engine.Seat{Power: "france"}, engine.Seat{Power: "england"}, engine.Seat{}
	if !h.KnownTo(fr, gm) || !h.KnownTo(fr, france) || h.KnownTo(fr, england) || h.KnownTo(fr, public) {
		t.Fatal("a secret card: known to its owner and the game master only")
	}
	if err := h.RevealHint(fr, s1902, "used double strength", "a double strength unit"); err != nil {
		t.Fatal(err)
	}
	if h.KnownTo(fr, england) || h.HintTo(fr, england) != "a double strength unit" || h.HintTo(fr, france) != "" {
		t.Errorf("a hint: known %v, hint %q", h.KnownTo(fr, england), h.HintTo(fr, england))
	}
	if err := h.Tell(de, "england", s1902, "reported"); err != nil {
		t.Fatal(err)
	}
	if !h.KnownTo(de, england) || h.KnownTo(de, france) {
		t.Error("a card told to England alone")
	}
	// England's view: its own (none), the hinted card by its hint, the
	// card told to it; whom else a card was told to is not its business.
	v := h.CloneHolding()
	v.Cards.Conceal(england)
	if c, ok := v.CardOf(engine.Unit{Power: "france", Type: engine.Army, Number: 1}); ok || c != (testCard{}) {
		t.Errorf("England's view holds the hinted card %v", c)
	}
	if v.HintTo(fr, england) != "a double strength unit" || !v.KnownTo(de, england) {
		t.Errorf("England's view: %+v", v.Cards)
	}
	if id, ok := h.CardID(de); !ok || id != "9" {
		t.Errorf("CardID = %q %v", id, ok)
	}
	if err := h.Reveal(fr, s1902, "revealed by a report"); err != nil || !h.KnownTo(fr, public) {
		t.Errorf("a full revelation after a hint: %v", err)
	}
	if err := h.Reveal(UnitID{Power: "italy", Type: engine.Army, Number: 1}, s1902, "x"); err == nil {
		t.Error("revealed the card of a unit that holds none")
	}
	// The clone shares nothing with the original.
	c := h.CloneHolding()
	_ = c.Tell(fr, "italy", s1902, "told")
	if h.KnownTo(fr, engine.Seat{Power: "italy"}) != c.KnownTo(fr, engine.Seat{Power: "italy"}) && len(h.Cards[fr].Told) != 0 {
		t.Error("the clone shares the told list")
	}
	if slices.Compare([]string{h.Holders()[0].String(), h.Holders()[1].String()}, []string{"france 1A", "germany 1F"}) != 0 {
		t.Errorf("Holders = %v", h.Holders())
	}
}

// TestStock: drawing, burying, discarding, taking and stacking cards, and
// a clone that shares nothing.
func TestStock(t *testing.T) {
	p := NewStock([]string{"a", "b", "c", "d"})
	top, _ := p.Top()
	p.Bury(top)
	p.Discard("x")
	p.CountDealt()
	if got, ok := p.TakeFirst(func(c string) bool { return c == "c" }); !ok || got != "c" {
		t.Fatal("TakeFirst")
	}
	p.StackOnTop([]string{"z", "y"})
	if strings.Join(p.Pile(), "") != "zybda" || p.Dealt() != 1 || p.DiscardLen() != 1 {
		t.Fatalf("pile %v, dealt %d, discards %v", p.Pile(), p.Dealt(), p.Discards())
	}
	c := p.CloneStock()
	c.ReturnDiscards()
	c.AddLog("reshuffled")
	if p.DiscardLen() != 1 || len(p.Log()) != 0 || c.Len() != 6 || c.DiscardLen() != 0 {
		t.Error("the clone shares the pile")
	}
	p.Shuffle(engine.NewRand(1), "test shuffle")
	if p.Len() != 5 {
		t.Error("shuffling lost a card")
	}
	p.ReplaceAll([]string{"a"})
	p.UncountDealt()
	p.UncountDealt()
	if p.Len() != 1 || p.DiscardLen() != 0 || p.Dealt() != 0 {
		t.Errorf("ReplaceAll: %v %v %d", p.Pile(), p.Discards(), p.Dealt())
	}
	r := RestoreStock([]string{"q"}, []string{"w"}, 3, []string{"l"})
	if r.Len() != 1 || r.DiscardLen() != 1 || r.Dealt() != 3 || len(r.Log()) != 1 {
		t.Error("RestoreStock")
	}
	empty := NewStock[string](nil)
	if _, ok := empty.Top(); ok {
		t.Error("drew from an empty pile")
	}
}

// TestOptions: a declared option has its default, a checked value, and
// an unknown name is an error naming the known ones.
func TestOptions(t *testing.T) {
	r := NewRegistry[int]()
	r.Option(Option{Name: "ghost_tie", Default: "no", Doc: "d", Check: OneOf("yes", "no")})
	got, err := r.ParseOptions("v", map[string]string{"ghost_tie": " yes "})
	if err != nil || got["ghost_tie"] != "yes" {
		t.Fatalf("%v %v", got, err)
	}
	if got, _ := r.ParseOptions("v", nil); got["ghost_tie"] != "no" {
		t.Errorf("default %v", got)
	}
	if _, err := r.ParseOptions("v", map[string]string{"ghost_tie": "maybe"}); err == nil || !strings.Contains(err.Error(), "want yes or no") {
		t.Errorf("a bad value: %v", err)
	}
	if _, err := r.ParseOptions("v", map[string]string{"other": "1"}); err == nil || !strings.Contains(err.Error(), "known: ghost_tie") {
		t.Errorf("an unknown option: %v", err)
	}
	if def, doc, ok := r.OptionDoc("ghost_tie"); !ok || def != "no" || doc != "d" || r.OptionDefault("ghost_tie") != "no" {
		t.Error("OptionDoc")
	}
	defer func() {
		if recover() == nil {
			t.Error("an option declared twice did not panic")
		}
	}()
	r.Option(Option{Name: "ghost_tie"})
}
