package character2

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit/kittest"
)

// hiddenPosition is a game whose units are replaced by lines such as
// "france A bur ghost" (the card by kind word or Tarot id), in phase p.
func hiddenPosition(t *testing.T, p engine.Phase, lines ...string) *engine.State {
	t.Helper()
	s := newGame(t, 1)
	s.Phase = p
	e := extraOf(s)
	e.Cards = map[unitID]*held{}
	s.Units = nil
	for _, l := range lines {
		f := strings.Fields(l)
		loc, ok := s.Map.Lookup(f[2])
		if !ok {
			t.Fatalf("no province %q", f[2])
		}
		typ := engine.Army
		if f[1] == "F" {
			typ = engine.Fleet
		}
		u := engine.Unit{Power: engine.Power(f[0]), Type: typ, Loc: engine.Loc{P: loc}}
		s.Units = append(s.Units, u)
	}
	s.Units = numberUnits(s.Units)
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) < 4 {
			continue
		}
		c, ok := findCard(allCards(), f[3], nil)
		if !ok {
			t.Fatalf("no card %q", f[3])
		}
		e.Give(idOf(s.Units[i]), c, s.Phase)
	}
	return s
}

func hide(s *engine.State, i int) {
	e := extraOf(s)
	if e.Effects.Hidden.Units == nil {
		e.Effects.Hidden.Units = map[unitID]*unseen{}
	}
	e.Effects.Hidden.Units[idOf(s.Units[i])] = &unseen{Since: s.Phase.Key()}
}

func ordersOfText(t *testing.T, s *engine.State, text string) []engine.Order {
	t.Helper()
	var out []engine.Order
	p := Variant.Parser(s.Map)
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		power, body, _ := strings.Cut(l, ":")
		o, err := p.ParseOrder(engine.Power(strings.ToLower(strings.TrimSpace(power))), strings.TrimSpace(body))
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		out = append(out, o)
	}
	return out
}

// TestHiddenStateRoundTrip: the hidden state is saved with the position
// and read back the same; its clone is deep; a seat's copy keeps only its
// own units and sightings, and never Start.
func TestHiddenStateRoundTrip(t *testing.T) {
	s := hiddenPosition(t, engine.Phase{Year: 1902, Season: engine.Fall, Type: engine.Movement},
		"france A bur invisible", "germany A mun ghost", "italy A ven")
	e := extraOf(s)
	e.Effects.Hidden.Units = map[unitID]*unseen{
		idOf(s.Units[0]): {Since: "S1902M", Seen: map[engine.Power]sighting{"italy": {Loc: "bur", Phase: "S1902M", Why: "met"}, "england": {Loc: "bur", Phase: "S1902M", Why: "met"}}},
		idOf(s.Units[1]): {Since: "F1901M"},
	}
	e.Effects.Hidden.Start = cloneUnseen(e.Effects.Hidden.Units)
	back := kittest.Reload(t, e, decodeExtra)
	if !reflect.DeepEqual(back.(*extra).Effects.Hidden, e.Effects.Hidden) {
		t.Fatalf("round trip:\n%+v\n%+v", back.(*extra).Effects.Hidden, e.Effects.Hidden)
	}
	c := e.CloneExtra().(*extra)
	c.Effects.Hidden.Units[idOf(s.Units[0])].Seen["turkey"] = sighting{}
	delete(c.Effects.Hidden.Units, idOf(s.Units[1]))
	if len(e.Effects.Hidden.Units) != 2 || len(e.Effects.Hidden.Units[idOf(s.Units[0])].Seen) != 2 {
		t.Fatal("the clone shares the hidden state")
	}
	h := e.Effects.Hidden.clone()
	h.conceal(engine.Seat{Power: "italy"})
	if len(h.Units) != 1 || h.Start != nil || len(h.Units[idOf(s.Units[0])].Seen) != 1 {
		t.Fatalf("italy's copy: %+v", h)
	}
	h = e.Effects.Hidden.clone()
	h.conceal(engine.Seat{})
	if h.Units != nil || h.Start != nil {
		t.Fatalf("the public's copy: %+v", h)
	}
	h = e.Effects.Hidden.clone()
	h.conceal(engine.Seat{GM: true})
	if !reflect.DeepEqual(h, e.Effects.Hidden) {
		t.Fatal("the game master's copy lost something")
	}
}

// TestGhostCannotTakeCentre: an invisible Ghost "cannot affect the
// ownership of a supply center"; an Invisible Unit entering a centre it
// does not own becomes visible and takes it.
func TestGhostCannotTakeCentre(t *testing.T) {
	fall := engine.Phase{Year: 1901, Season: engine.Fall, Type: engine.Movement}
	for _, tc := range []struct {
		card      string
		owner     engine.Power
		invisible bool
	}{{"ghost", "", true}, {"invisible", "france", false}} {
		s := hiddenPosition(t, fall, "france A bur "+tc.card, "germany A ruh")
		hide(s, 0)
		out := engine.Adjudicate(s, ordersOfText(t, s, "France: A bur - bel"), Variant.Rules, engine.NewRand(1))
		// Centres change hands after the Fall retreats (Rules
		// Clarifications), so the retreat phase is played too.
		if out.Next.Phase.Type == engine.Retreat {
			out = engine.Adjudicate(out.Next, nil, Variant.Rules, engine.NewRand(1))
		}
		bel, _ := s.Map.Lookup("bel")
		if got := out.Next.Owners[bel]; got != tc.owner {
			t.Errorf("%s: Belgium owned by %q, want %q", tc.card, got, tc.owner)
		}
		if invisibleIn(out.Next, out.Next.Units[0]) != tc.invisible {
			t.Errorf("%s: invisible after entering Belgium: %v", tc.card, !tc.invisible)
		}
	}
}

// TestHiddenMarksNotesHand: the owner's board marks its invisible unit
// and its card notes "invisible"; another power's view has no mark, and
// its hand shows the card only as the hint "an Invisible Unit or a Ghost"
// once the unit turned invisible (rule 2 and the Ghost card).
func TestHiddenMarksNotesHand(t *testing.T) {
	s := hiddenPosition(t, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}, "france A bur ghost", "germany A mun")
	out := engine.Adjudicate(s, ordersOfText(t, s, "France: A bur invisible"), Variant.Rules, engine.NewRand(1))
	for _, tc := range []struct {
		seat  engine.Seat
		marks int
		name  string
	}{{engine.Seat{Power: "france"}, 1, "Ghost"}, {engine.Seat{Power: "germany"}, 0, hintInvisible}, {engine.Seat{GM: true}, 1, "Ghost"}} {
		v := engine.ViewFor(out.Next, nil, tc.seat, Variant.Rules)
		e := extraOf(v.State)
		marks := e.Marks(v)
		n := 0
		for _, mk := range marks {
			if mk.Kind == cardgame.MarkHidden {
				n++
			}
		}
		if n != tc.marks {
			t.Errorf("%s: %d hidden marks, want %d", tc.seat, n, tc.marks)
		}
		hand := e.Hand(v, Variant.Specials)
		found := false
		for _, c := range hand.Cards {
			if c.Unit.Power != "france" {
				continue
			}
			found = true
			if c.Name != tc.name {
				t.Errorf("%s: the card reads %q, want %q", tc.seat, c.Name, tc.name)
			}
			if tc.marks == 1 && !slices.ContainsFunc(c.Notes, func(n string) bool { return strings.HasPrefix(n, "invisible") }) {
				t.Errorf("%s: notes %v", tc.seat, c.Notes)
			}
			if c.Space != "" && tc.marks == 0 {
				t.Errorf("%s: the hand says where the unseen unit is: %s", tc.seat, c.Space)
			}
		}
		if !found {
			t.Errorf("%s: no French card in the hand", tc.seat)
		}
	}
}

// TestHiddenOrderForms: "invisible" and "visible" take any normal order
// after them, and refuse a second "invisible" or a bad order.
func TestHiddenOrderForms(t *testing.T) {
	s := hiddenPosition(t, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}, "france F bre invisible", "france A par")
	u := s.Units[0]
	for _, tc := range []struct {
		text string
		kind engine.OrderKind
		bad  string
	}{
		{"F bre invisible", engine.Hold, ""},
		{"F bre invisible - mao", engine.Move, ""},
		{"F bre invisible mao", engine.Move, ""}, // the card dropped on a province
		{"F bre invisible S A par - pic", engine.Support, ""},
		{"F bre visible H", engine.Hold, ""},
		{"F bre invisible invisible", 0, "once"},
		{"F bre invisible - xyz", 0, "after \"invisible\""},
	} {
		o := ordersOfText(t, s, "France: "+tc.text)[0]
		got, why := special(s, u, o)
		if tc.bad != "" {
			if !strings.Contains(why, tc.bad) {
				t.Errorf("%q: %q, want a refusal with %q", tc.text, why, tc.bad)
			}
			continue
		}
		if why != "" || got.Kind != tc.kind {
			t.Errorf("%q: %v %q, want %v", tc.text, got.Kind, why, tc.kind)
		}
	}
}

// TestHiddenRandomOrdersAreLegal: the soak generator's orders parse back
// and are legal movement forms.
func TestHiddenRandomOrdersAreLegal(t *testing.T) {
	s := hiddenPosition(t, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}, "france F bre invisible", "germany A mun ghost", "italy A ven")
	rng := engine.NewRand(3)
	n := 0
	for range 50 {
		for _, u := range s.Units {
			o, ok := randomSpecial(s, u, rng)
			if !ok {
				if canHide(kindAt(s, u)) {
					t.Fatalf("no random order for %v", u)
				}
				continue
			}
			n++
			if _, why := special(s, u, o); why != "" {
				t.Fatalf("%s: %s", o.Text, why)
			}
			back, err := Variant.Parser(s.Map).ParseOrder(u.Power, o.Text)
			if err != nil || back.Special != o.Special {
				t.Fatalf("%q parses as %+v, %v", o.Text, back, err)
			}
		}
	}
	if n == 0 {
		t.Fatal("no random hidden orders")
	}
}

// TestGhostStoppedByPrecedingPower: rule 8 and the Ghost card: nothing
// stops an invisible Ghost "except ... one of the preceding powers"; a
// space the Gas Attacker or the Annihilator closes (their Prepare part,
// stood in for here) stops it like any unit.
func TestGhostStoppedByPrecedingPower(t *testing.T) {
	s := hiddenPosition(t, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}, "france A bur ghost", "germany A mun")
	hide(s, 0)
	mun, _ := s.Map.Lookup("mun")
	out := engine.Adjudicate(s, ordersOfText(t, s, "France: A bur - mun"), Variant.Rules, engine.NewRand(1))
	if !out.Results[0].OK {
		t.Fatalf("without the gas the Ghost did not move: %+v", out.Results[0])
	}
	v := withParts(t, func(r *registry) {
		r.Prepare(func(s *engine.State, orders []engine.Order, t *engine.Turn) {
			if t.Blocked == nil {
				t.Blocked = map[engine.ProvinceID]string{}
			}
			t.Blocked[mun] = "stood off: Munich is gassed"
		})
	})
	out = engine.Adjudicate(s, ordersOfText(t, s, "France: A bur - mun"), v.Rules, engine.NewRand(1))
	for _, r := range out.Results {
		if r.Unit.Power == "france" && (r.OK || !strings.Contains(r.Reason, "gassed")) {
			t.Errorf("the Ghost entered a gassed space: %+v", r)
		}
	}
}

// TestHiddenNamesByUnit: a result's words are cut for a seat when they
// name the unit it may not see, as the parts that wrote them recorded
// (engine.Result.Names), never because they happen to read like its name:
// England, bounced off Germany's A mun, reads so though an invisible
// French Ghost stands in Munich too (before, "A mun" in the words made the
// result read "bounced"); France's own Ghost and the game master are not
// cut at all, and a move bounced off the unseen unit itself is.
func TestHiddenNamesByUnit(t *testing.T) {
	p := engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Movement}
	s := hiddenPosition(t, p, "france A mun ghost", "germany A mun", "england A boh", "italy A tyr")
	hide(s, 0)
	out := engine.Adjudicate(s, ordersOfText(t, s, "England: A boh - mun"), Variant.Rules, engine.NewRand(1))
	eng := engine.OutcomeFor(s, out, engine.Seat{Power: "england"}, Variant.Rules)
	for _, r := range eng.Results {
		if r.Unit.Power == "england" && r.Reason != "bounced off A mun holding in mun (1 vs 1)" {
			t.Errorf("England reads %q", r.Reason)
		}
		if r.Unit.Power == "france" {
			t.Errorf("England reads the Ghost's result %q", r.Reason)
		}
	}
	// An unseen Invisible Unit blown up by a mine as it moves: the event
	// naming it where it went is its owner's (and the game master's).
	s = hiddenPosition(t, p, "france A mun invisible", "germany A ber minelayer")
	hide(s, 0)
	extraOf(s).Effects.Life.Mines = []mine{{Prov: "boh", Layer: idOf(s.Units[1]), Laid: "F1901M"}}
	out = engine.Adjudicate(s, ordersOfText(t, s, "France: A mun - boh"), Variant.Rules, engine.NewRand(1))
	if !slices.ContainsFunc(out.Events, func(ev string) bool { return strings.Contains(ev, "blown up") }) {
		t.Fatalf("no unit blown up: %q", out.Events)
	}
	for _, seat := range []engine.Seat{{Power: "england"}, {}} {
		for _, ev := range engine.OutcomeFor(s, out, seat, Variant.Rules).Events {
			if strings.Contains(ev, "blown up") {
				t.Errorf("%s reads %q", seat, ev)
			}
		}
	}
	if fra := engine.OutcomeFor(s, out, engine.Seat{Power: "france"}, Variant.Rules); !slices.ContainsFunc(fra.Events, func(ev string) bool { return strings.Contains(ev, "blown up") }) {
		t.Errorf("France is not told: %q", fra.Events)
	}
	// An Invisible Unit holding in Munich, bounced off: its name is cut.
	s = hiddenPosition(t, p, "france A mun invisible", "england A boh")
	hide(s, 0)
	out = engine.Adjudicate(s, ordersOfText(t, s, "England: A boh - mun"), Variant.Rules, engine.NewRand(1))
	for _, seat := range []engine.Seat{{Power: "italy"}, {}} {
		for _, r := range engine.OutcomeFor(s, out, seat, Variant.Rules).Results {
			if r.Unit.Power == "england" && r.Reason != "bounced" {
				t.Errorf("%s reads %q", seat, r.Reason)
			}
		}
	}
}

// TestHiddenThrownOutOrder: an order for an unseen unit thrown out by
// rule 5 (a wrong number) tells others nothing of the unit: its reason,
// which lists the power's units in the province, reads "illegal", and the
// line the rewrite logged goes (before, England read "the French unit in
// Munich is 1A"); France reads both.
func TestHiddenThrownOutOrder(t *testing.T) {
	p := engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Movement}
	s := hiddenPosition(t, p, "france A mun invisible", "england A boh")
	hide(s, 0)
	out := engine.Adjudicate(s, ordersOfText(t, s, "France: 3A mun - tyr"), Variant.Rules, engine.NewRand(1))
	const words = "the French unit in Munich is 1A"
	for _, tt := range []struct {
		seat engine.Seat
		told bool
	}{{engine.Seat{Power: "england"}, false}, {engine.Seat{}, false}, {engine.Seat{Power: "france"}, true}, {engine.Seat{GM: true}, true}} {
		c := engine.OutcomeFor(s, out, tt.seat, Variant.Rules)
		var all []string
		for _, r := range c.Results {
			all = append(all, r.Reason)
		}
		all = append(all, c.Events...)
		text := strings.Join(all, "\n")
		if got := strings.Count(text, words); (got == 2) != tt.told || (got == 0) == tt.told {
			t.Errorf("%s reads %q %d times:\n%s", tt.seat, words, got, text)
		}
	}
}
