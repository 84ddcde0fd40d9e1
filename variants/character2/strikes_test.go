package character2

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
	"dipdesk/variants/kit/kittest"
)

// strikeGame returns a Spring 1901 position with the units given as
// "germany A mun annihilator" (a card word last, or "-" for none), numbered
// 1 per power and type in order, and every power owning its home centres.
func strikeGame(t *testing.T, phase string, units ...string) *engine.State {
	t.Helper()
	m, err := board()
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.ParsePhase(phase)
	if err != nil {
		t.Fatal(err)
	}
	s := engine.NewState(m, p)
	s.Units = nil
	for _, pw := range m.PowerIDs() {
		for _, c := range m.HomeCentres(pw) {
			s.Owners[c] = pw
		}
	}
	e := newExtra(newDeck(engine.NewRand(1)))
	e.Options, _ = parseOptions(nil)
	count := map[string]int{}
	var cards []string
	for _, line := range units {
		f := strings.Fields(line)
		pw, _ := m.LookupPower(f[0])
		typ := engine.Army
		if f[1] == "F" {
			typ = engine.Fleet
		}
		loc, ok := m.Lookup(f[2])
		if !ok {
			t.Fatalf("no province %s", f[2])
		}
		count[f[0]+f[1]]++
		s.Units = append(s.Units, engine.Unit{Power: pw, Type: typ, Loc: engine.Loc{P: loc}, Number: count[f[0]+f[1]]})
		cards = append(cards, f[3])
	}
	s.Extra = e
	for i, u := range s.Units {
		if cards[i] == "-" {
			continue
		}
		c, ok := findCard(e.Deck.Pile(), cards[i], nil)
		if !ok {
			t.Fatalf("no card %s", cards[i])
		}
		e.Deck.Take(c.ID)
		e.Give(idOf(u), c, s.Phase)
	}
	return s
}

func skParse(t *testing.T, s *engine.State, text string) []engine.Order {
	t.Helper()
	var out []engine.Order
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		pw, rest, _ := strings.Cut(line, ":")
		p, _ := s.Map.LookupPower(strings.TrimSpace(pw))
		o, err := Variant.Parser(s.Map).ParseOrder(p, strings.TrimSpace(rest))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		out = append(out, o)
	}
	return out
}

// TestStrikesStateRoundTrip saves the strike cards' effects with the
// position and reads them back; clone is deep.
func TestStrikesStateRoundTrip(t *testing.T) {
	s := newGame(t, 3)
	e := s.Extra.(*extra)
	id := idOf(s.Units[0])
	e.Effects.Strikes = strikesState{
		Closed:    []closure{{Prov: "boh", Through: 3, Why: "annihilated"}},
		Suspended: []suspension{{Prov: "mun", Through: 5, Why: "annihilated"}},
		LastUse:   map[unitID]int{id: 2},
		Barred:    map[unitID]int{id: 4},
	}
	back := kittest.Reload(t, e, decodeExtra)
	b, _ := json.Marshal(e)
	b2, _ := json.Marshal(back)
	if string(b) != string(b2) {
		t.Fatalf("round trip differs:\n%s\n%s", b, b2)
	}
	got := back.(*extra).Effects.Strikes
	if len(got.Closed) != 1 || got.Suspended[0].Through != 5 || got.LastUse[id] != 2 || got.Barred[id] != 4 {
		t.Fatalf("read back %+v", got)
	}
	c := e.Effects.Strikes.clone()
	c.LastUse[id] = 9
	c.Barred[id] = 9
	c.Closed[0].Through = 9
	if e.Effects.Strikes.LastUse[id] != 2 || e.Effects.Strikes.Barred[id] != 4 || e.Effects.Strikes.Closed[0].Through != 3 {
		t.Fatal("clone shares its maps or slices with the original")
	}
}

// TestStrikesConceal: a seat keeps the limited-power uses of its own units
// only (a Hypnotist's use would betray it); closures, suspensions and bars
// are public.
func TestStrikesConceal(t *testing.T) {
	s := strikeGame(t, "S1901M", "germany A tyr hypnotist", "italy A ven -")
	e := extraOf(s)
	g := idOf(s.Units[0])
	e.Effects.Strikes.LastUse = map[unitID]int{g: 0}
	e.Effects.Strikes.Closed = []closure{{Prov: "boh", Through: 1}}
	e.Effects.Strikes.Barred = map[unitID]int{g: 1}
	for _, tc := range []struct {
		seat engine.Seat
		use  bool
	}{{engine.Seat{GM: true}, true}, {engine.Seat{Power: "germany"}, true}, {engine.Seat{Power: "italy"}, false}, {engine.Seat{}, false}} {
		v := engine.ViewFor(s, nil, tc.seat, Variant.Rules)
		st := v.State.Extra.(*extra).Effects.Strikes
		if _, ok := st.LastUse[g]; ok != tc.use {
			t.Errorf("%s sees the Hypnotist's use: %v, want %v", tc.seat, ok, tc.use)
		}
		if len(st.Closed) != 1 || st.Barred[g] != 1 {
			t.Errorf("%s: public effects lost: %+v", tc.seat, st)
		}
	}
}

// TestAnnihilatedCentre: "it loses that status until two full game years
// after the explosion. (And any ownership of that SC is "forgotten" --
// when it recovers, it is neutral until recaptured.)" (rule 9: it does not
// count meanwhile).
func TestAnnihilatedCentre(t *testing.T) {
	s := strikeGame(t, "S1901M", "germany A mun annihilator")
	mun := kittest.Prov(t, s, "mun")
	out := engine.Adjudicate(s, skParse(t, s, "germany: A mun annihilate mun"), Variant.Rules, engine.NewRand(1))
	if len(out.Next.Units) != 0 {
		t.Fatalf("units left: %v", out.Next.Units)
	}
	if out.Next.Owners[mun] != "" {
		t.Errorf("Munich still owned by %q", out.Next.Owners[mun])
	}
	e := extraOf(out.Next)
	for _, tc := range []struct {
		phase string
		want  bool
	}{{"S1901M", true}, {"F1901M", true}, {"W1901A", true}, {"S1902M", true}, {"F1902M", true}, {"W1902A", true}, {"S1903M", false}, {"W1903A", false}} {
		p, _ := engine.ParsePhase(tc.phase)
		if got := e.CentreSuspended(mun, p); got != tc.want {
			t.Errorf("Munich suspended in %s: %v, want %v", tc.phase, got, tc.want)
		}
	}
	if n := out.Next.Centres()["germany"]; n != 2 {
		t.Errorf("Germany counts %d centres, want 2 (Munich lost)", n)
	}
	if _, ok := engine.ParsePhase("S1903M"); ok != nil {
		t.Fatal(ok)
	}
	// Through the suspension no unit changes its ownership, and after it
	// the centre is neutral until recaptured.
	s2 := out.Next.Clone()
	s2.Phase, _ = engine.ParsePhase("F1902M")
	s2.Units = []engine.Unit{{Power: "france", Type: engine.Army, Loc: engine.Loc{P: mun}, Number: 1}}
	out2 := engine.Adjudicate(s2, nil, Variant.Rules, engine.NewRand(1))
	if out2.Next.Owners[mun] != "" {
		t.Errorf("a unit captured the suspended centre Munich: owner %q", out2.Next.Owners[mun])
	}
	s3 := out2.Next.Clone()
	s3.Phase, _ = engine.ParsePhase("F1903M")
	out3 := engine.Adjudicate(s3, nil, Variant.Rules, engine.NewRand(1))
	// Centres change hands after the Fall retreats (Rules Clarifications:
	// "Capture of centers occurs in Fall (after all retreats)").
	if out3.Next.Phase.Type == engine.Retreat {
		out3 = engine.Adjudicate(out3.Next, nil, Variant.Rules, engine.NewRand(1))
	}
	if out3.Next.Owners[mun] != "france" {
		t.Errorf("Munich, a centre again, not recaptured: owner %q", out3.Next.Owners[mun])
	}
}

// TestGassedCentreKeepsOwner: "If a Supply Center is gassed in Fall, it
// loses that status for one game year, but ownership of that center is not
// "forgotten.""
func TestGassedCentreKeepsOwner(t *testing.T) {
	s := strikeGame(t, "F1901M", "france A bur gasattacker", "germany A kie -")
	bel := kittest.Prov(t, s, "bel")
	s.Owners[bel] = "germany"
	out := engine.Adjudicate(s, skParse(t, s, "france: A bur gas bel"), Variant.Rules, engine.NewRand(1))
	if out.Next.Owners[bel] != "germany" {
		t.Errorf("Belgium's owner: %q, want germany", out.Next.Owners[bel])
	}
	e := extraOf(out.Next)
	for _, tc := range []struct {
		phase string
		want  bool
	}{{"W1901A", true}, {"S1902M", true}, {"F1902M", false}, {"W1902A", false}} {
		p, _ := engine.ParsePhase(tc.phase)
		if got := e.CentreSuspended(bel, p); got != tc.want {
			t.Errorf("Belgium suspended in %s: %v, want %v", tc.phase, got, tc.want)
		}
	}
	w := out.Next.Clone()
	w.Phase, _ = engine.ParsePhase("W1901A")
	if n := w.Centres()["germany"]; n != 3 {
		t.Errorf("Germany counts %d centres in Winter 1901, want its 3 home centres (Belgium gassed)", n)
	}
	// A Spring gas attack leaves the centre's status alone.
	s.Phase, _ = engine.ParsePhase("S1901M")
	out = engine.Adjudicate(s, skParse(t, s, "france: A bur gas bel"), Variant.Rules, engine.NewRand(1))
	if len(extraOf(out.Next).Effects.Strikes.Suspended) != 0 {
		t.Error("a centre gassed in Spring lost its status")
	}
}

// TestHypnotismReports is the Rules Clarifications answer: "The victim
// will be told that his/her unit was Hypnotized, but not by whom ...
// Everyone else will see only the order that resulted from the
// Hypnotism." The Hypnotist is reported as holding ("The GM will not
// identify the unit doing the Hypnotism").
func TestHypnotismReports(t *testing.T) {
	s := strikeGame(t, "S1901M", "germany A tyr hypnotist", "italy A ven -", "austria A tri -")
	orders := skParse(t, s, "germany: A tyr hypnotise A ven - pie\nitaly: A ven - rom")
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	find := func(o *engine.Outcome, p engine.Power) engine.Result {
		for _, r := range o.Results {
			if r.Unit.Power == p {
				return r
			}
		}
		t.Fatalf("no result for %s", p)
		return engine.Result{}
	}
	for _, ev := range out.Events {
		if strings.Contains(strings.ToLower(ev), "hypno") || strings.Contains(ev, "Tyrolia") {
			t.Errorf("a public event tells of the hypnosis: %q", ev)
		}
	}
	for _, tc := range []struct {
		seat        engine.Seat
		seeHypnotic bool // the Hypnotist's order as given
		toldVictim  bool // the victim's result says it was hypnotised
	}{
		{engine.Seat{GM: true}, true, true},
		{engine.Seat{Power: "germany"}, true, false},
		{engine.Seat{Power: "italy"}, false, true},
		{engine.Seat{Power: "austria"}, false, false},
		{engine.Seat{}, false, false},
	} {
		o := engine.OutcomeFor(s, out, tc.seat, Variant.Rules)
		g, v := find(o, "germany"), find(o, "italy")
		if got := g.Order.Kind == engine.Special; got != tc.seeHypnotic {
			t.Errorf("%s sees the Hypnotist's order %q (special %v, want %v)", tc.seat, g.Order.Format(s.Map), got, tc.seeHypnotic)
		}
		if !tc.seeHypnotic && (g.Reason != "held" || !g.OK) {
			t.Errorf("%s: the Hypnotist's result %q, want a plain hold", tc.seat, g.Reason)
		}
		if got := strings.HasPrefix(v.Reason, hypnotisedNote); got != tc.toldVictim {
			t.Errorf("%s: victim's result %q (told %v, want %v)", tc.seat, v.Reason, got, tc.toldVictim)
		}
		if v.Order.Kind != engine.Move || s.Map.Provinces[v.Order.To.P].Abbr != "pie" {
			t.Errorf("%s sees the victim's order %q, want the written move to Piedmont", tc.seat, v.Order.Format(s.Map))
		}
		if strings.Contains(v.Reason, "Tyrolia") || strings.Contains(v.Reason, "German") {
			t.Errorf("%s: the victim's result names the Hypnotist: %q", tc.seat, v.Reason)
		}
	}
}

// TestGuessedVictim: an order names its victim's place, and the power or
// type when two units share a space (a Ghost); findVictim finds hidden
// units too, since the adjudicator's position holds every unit.
func TestGuessedVictim(t *testing.T) {
	s := strikeGame(t, "S1901M", "italy A ven -", "austria F ven -")
	ven := kittest.Prov(t, s, "ven")
	if u, ok := skFindVictim(s, victimSpec{power: "austria", prov: ven}); !ok || u.Power != "austria" {
		t.Errorf("by power: %v %v", u, ok)
	}
	if u, ok := skFindVictim(s, victimSpec{typ: engine.Fleet, prov: ven}); !ok || u.Power != "austria" {
		t.Errorf("by type: %v %v", u, ok)
	}
	if _, ok := skFindVictim(s, victimSpec{power: "france", prov: ven}); ok {
		t.Error("found a French unit in Venice")
	}
	if _, ok := skFindVictim(s, victimSpec{prov: kittest.Prov(t, s, "rom")}); ok {
		t.Error("found a unit in empty Rome")
	}
	if why := skNoVictim(s.Map, ven, "read"); strings.Contains(why, "Austria") || strings.Contains(why, "fleet") {
		t.Errorf("the failure reason tells of the units there: %q", why)
	}
}

// TestRandomStrikeOrders plays random games with the strike cards'
// random special orders: every such order is legal when given, and the
// games run.
func TestRandomStrikeOrders(t *testing.T) {
	n := 0
	for seed := uint64(1); seed <= 12; seed++ {
		s := newGame(t, seed)
		rng := engine.NewRand(seed)
		for range 10 {
			orders := engine.RandomOrders(s, rng)
			if s.Phase.Type == engine.Movement {
				for _, u := range s.Units {
					o, ok := randomSpecial(s, u, rng)
					if !ok {
						continue
					}
					// Some cards' random orders are plain orders only the
					// card makes possible (a Hyperspace move): those are the
					// movers' tests' business.
					if _, why := special(s, u, o); o.Special != "" && why != "" {
						t.Fatalf("seed %d %s: random order %q illegal: %s", seed, s.Phase.Key(), o.Text, why)
					}
					orders = kit.ReplaceOrders(s, orders, idOf(u), o, reg.Rules())
					n++
				}
			}
			s = engine.Adjudicate(s, orders, Variant.Rules, rng).Next
		}
	}
	if n == 0 {
		t.Error("no random special order given")
	}
}

// TestSwapInNoOrdinarySpace: "If the victim is in a space that no ordinary
// unit can move to, then the victim (now a Doppelganger) may remain there
// until it chooses to leave." An Explorer army in Switzerland swaps with a
// Doppelganger, stays there a turn as a Doppelganger, then leaves.
func TestSwapInNoOrdinarySpace(t *testing.T) {
	s := strikeGame(t, "S1901M", "germany A mun doppelganger", "italy A pie explorer")
	swi := kittest.Prov(t, s, "swi")
	s.Units[1].Loc = engine.Loc{P: swi}
	out := engine.Adjudicate(s, skParse(t, s, "germany: A mun swap A swi"), Variant.Rules, engine.NewRand(1))
	e := extraOf(out.Next)
	if k := e.KindOf(out.Next.Units[1]); k != doppelganger || out.Next.Units[1].Loc.P != swi {
		t.Fatalf("after the swap the Italian unit is a %s in %s", k, s.Map.Provinces[out.Next.Units[1].Loc.P].Name)
	}
	if k := e.KindOf(out.Next.Units[0]); k != explorer {
		t.Fatalf("after the swap the German unit is a %s", k)
	}
	// The Italian owner knew the Explorer card its unit gave away.
	if !e.KnownTo(idOf(out.Next.Units[0]), engine.Seat{Power: "italy"}) {
		t.Error("Italy is not told of the card its unit gave away")
	}
	s = out.Next
	out = engine.Adjudicate(s, nil, Variant.Rules, engine.NewRand(1))
	if out.Next.Units[1].Loc.P != swi {
		t.Fatal("the new Doppelganger did not remain in Switzerland")
	}
	s = out.Next
	s.Phase, _ = engine.ParsePhase("S1902M")
	out = engine.Adjudicate(s, skParse(t, s, "italy: A swi - tyr"), Variant.Rules, engine.NewRand(1))
	if out.Next.Units[1].Loc.P != kittest.Prov(t, s, "tyr") {
		t.Fatalf("the new Doppelganger could not leave Switzerland: %+v", out.Results)
	}
}

// TestStrikesMarksAndNotes: the closed provinces and lost centres are
// marked on every board; a seat is told when its Gas Attacker may gas
// again and that a swapped unit is barred.
func TestStrikesMarksAndNotes(t *testing.T) {
	s := strikeGame(t, "F1901M", "france A bur gasattacker", "germany A mun -")
	e := extraOf(s)
	f := idOf(s.Units[0])
	e.Effects.Strikes = strikesState{
		Closed:    []closure{{Prov: "boh", Through: 1, Why: "annihilated"}},
		Suspended: []suspension{{Prov: "mun", Through: 3, Why: "annihilated"}},
		LastUse:   map[unitID]int{f: 0},
		Barred:    map[unitID]int{f: 1},
	}
	v := engine.ViewFor(s, nil, engine.Seat{Power: "france"}, Variant.Rules)
	ve := v.State.Extra.(*extra)
	marks := ve.Marks(v)
	if len(marks) != 2 || marks[0].Prov != kittest.Prov(t, s, "boh") || !strings.Contains(marks[1].Why, "S1903M") {
		t.Errorf("marks %+v", marks)
	}
	var notes []string
	for _, c := range ve.Hand(v, Variant.Specials).Cards {
		if c.Unit.Power == "france" {
			notes = c.Notes
		}
	}
	if len(notes) != 2 || !strings.Contains(notes[0], "F1901M") || !strings.Contains(notes[1], "again from F1902M") {
		t.Errorf("notes %q", notes)
	}
}

// TestFailedHypnosisLooksLikeAHold: a hypnosis, acting or failed, even as an
// illegal order (a wrong guess of the victim's place), is reported to
// other seats as a hold, so it never betrays the Hypnotist; "hypnotize"
// is read as "hypnotise".
func TestFailedHypnosisLooksLikeAHold(t *testing.T) {
	s := strikeGame(t, "S1901M", "germany A tyr hypnotist", "italy A ven -")
	for _, text := range []string{"germany: A tyr hypnotize A pie - mar", "germany: A tyr hypnotise A ven - pie\nitaly: A ven hold"} {
		orders := skParse(t, s, text)
		if orders[0].Special != hypnotiseName {
			t.Fatalf("%q read as %+v", text, orders[0])
		}
		out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
		for _, seat := range []engine.Seat{{Power: "italy"}, {Power: "france"}, {}} {
			o := engine.OutcomeFor(s, out, seat, Variant.Rules)
			for _, r := range o.Results {
				if r.Unit.Power != "germany" {
					continue
				}
				if r.Order.Kind != engine.Hold || r.Reason != "held" || !r.OK {
					t.Errorf("%q, %s sees the Hypnotist's result %q: %q (%v)", text, seat, r.Order.Format(s.Map), r.Reason, r.Code)
				}
			}
		}
	}
}

// TestPowerBarred: a swap in Fall 1901 (turn 1) bars both units from the
// retreats and Winter that follow through Spring 1902's movement and
// retreats, and no longer in Fall 1902.
func TestPowerBarred(t *testing.T) {
	s := strikeGame(t, "F1901M", "france A bur gasattacker")
	extraOf(s).Effects.Strikes.Barred = map[unitID]int{idOf(s.Units[0]): 2}
	for _, tc := range []struct {
		phase string
		want  bool
	}{{"F1901M", false}, {"F1901R", true}, {"W1901A", true}, {"S1902M", true}, {"S1902R", true}, {"F1902M", false}, {"W1902A", false}} {
		s.Phase, _ = engine.ParsePhase(tc.phase)
		if got := powerBarred(s, s.Units[0]); got != tc.want {
			t.Errorf("%s: barred %v, want %v", tc.phase, got, tc.want)
		}
	}
}

// TestUseReveals is rule 2: "the use of a special power will be reported
// to all players and will tell everyone what the unit's power is", except
// where the table says otherwise: the Hypnotist is reported as holding, so
// its card stays secret.
func TestUseReveals(t *testing.T) {
	for _, tc := range []struct {
		units  []string
		orders string
		reveal bool
	}{
		{[]string{"france A bur gasattacker", "germany A mun -"}, "france: A bur gas mun", true},
		{[]string{"france A bur annihilator", "germany A mun -"}, "france: A bur annihilate bur", true},
		{[]string{"france A bur psychic", "germany A mun -"}, "france: A bur read A mun H then A bur H", true},
		{[]string{"france A bur doppelganger", "germany A mun cutter"}, "france: A bur swap A mun", true},
		{[]string{"france A bur hypnotist", "germany A mun -"}, "france: A bur hypnotise A mun - ruh", false},
	} {
		s := strikeGame(t, "S1901M", tc.units...)
		out := engine.Adjudicate(s, skParse(t, s, tc.orders), Variant.Rules, engine.NewRand(1))
		e := extraOf(out.Next)
		id := idOf(s.Units[0])
		if e.KindOf(s.Units[1]) == doppelganger {
			// The swap moved the revealed Doppelganger card to the victim;
			// the Cutter it gave away stays secret to all but the owners.
			if e.KnownTo(id, engine.Seat{Power: "austria"}) || !e.KnownTo(id, engine.Seat{Power: "germany"}) {
				t.Errorf("%s: the Cutter card after the swap is known to the wrong seats", tc.orders)
			}
			id = idOf(s.Units[1])
		}
		if _, held := e.Cards[id]; !held && tc.reveal {
			// The Annihilator is gone with its card (discarded): what
			// everyone learnt is in the result Austria reads.
			seen := engine.OutcomeFor(s, out, engine.Seat{Power: "austria"}, Variant.Rules)
			found := false
			for _, r := range seen.Results {
				found = found || strings.Contains(r.Reason, "Annihilator") || strings.Contains(r.Reason, "annihilat")
			}
			if !found {
				t.Errorf("%s: Austria's results do not tell the power used: %+v", tc.orders, seen.Results)
			}
			continue
		}
		if got := e.KnownTo(id, engine.Seat{Power: "austria"}); got != tc.reveal {
			t.Errorf("%s: card known to Austria %v, want %v", tc.orders, got, tc.reveal)
		}
	}
}

// TestHypnotisedPsychicReport: a Psychic hypnotised to read is told it was
// hypnotised; no other seat is.
func TestHypnotisedPsychicReport(t *testing.T) {
	s := strikeGame(t, "S1901M", "germany A tyr hypnotist", "italy A ven psychic", "austria A tri -")
	orders := skParse(t, s, "germany: A tyr hypnotise psychic A ven read A tri - alb then A ven - rom\naustria: A tri - alb")
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	for _, tc := range []struct {
		seat engine.Seat
		told bool
	}{{engine.Seat{Power: "italy"}, true}, {engine.Seat{Power: "austria"}, false}, {engine.Seat{}, false}} {
		o := engine.OutcomeFor(s, out, tc.seat, Variant.Rules)
		for _, r := range o.Results {
			if r.Unit.Power == "italy" {
				if got := strings.Contains(r.Reason, "hypnotised"); got != tc.told {
					t.Errorf("%s: the Psychic's result %q (told %v, want %v)", tc.seat, r.Reason, got, tc.told)
				}
				if !strings.Contains(r.Reason, "read its victim's mind") {
					t.Errorf("%s: the Psychic's result %q does not say it read", tc.seat, r.Reason)
				}
			}
		}
	}
}

// TestHypnotistOption: the option's values are checked.
func TestHypnotistOption(t *testing.T) {
	for v, ok := range map[string]bool{"fail": true, "hold": true, "maybe": false, "": false} {
		_, err := parseOptions(map[string]string{optionHypnotistWrongPower: v})
		if (err == nil) != ok {
			t.Errorf("%s=%q: err %v", optionHypnotistWrongPower, v, err)
		}
	}
	if def, _, ok := optionDoc(optionHypnotistWrongPower); !ok || def != "fail" {
		t.Errorf("default %q", def)
	}
}

// TestPlanIsStable plays random games dense with strike cards and checks
// the claim planStrikes rests on: the plan computed from the orders as
// given (Rewrite) and from the orders as adjudicated (After) agree on
// every annihilation, gas attack and hypnosis.
func TestPlanIsStable(t *testing.T) {
	ks := []kind{annihilator, gasAttacker, hypnotist, psychic, doppelganger}
	checked := 0
	for seed := uint64(1); seed <= 60; seed++ {
		s := newGame(t, seed)
		e := extraOf(s)
		for i, u := range s.Units {
			if c, ok := findCard(allCards(), ks[(i+int(seed))%len(ks)].Word(), nil); ok {
				e.Cards[idOf(u)].Card = c
			}
		}
		rng := engine.NewRand(seed)
		for range 8 {
			orders := kittest.WithSpecials(s, rng, randomSpecial, reg.Rules())
			if s.Phase.Type == engine.Movement {
				before := planStrikes(s, kit.UnitOrders(s, orders, reg.Rules()), true)
				out := engine.Adjudicate(s, orders, Variant.Rules, rng)
				after := planStrikes(s, kit.ResultOrders(out), false)
				a, b := planSummary(before), planSummary(after)
				if strings.Join(a, "\n") != strings.Join(b, "\n") {
					t.Fatalf("seed %d %s: plans differ:\nas given:\n%s\nas adjudicated:\n%s", seed, s.Phase.Key(), strings.Join(a, "\n"), strings.Join(b, "\n"))
				}
				checked += len(a)
				s = out.Next
				continue
			}
			s = engine.Adjudicate(s, orders, Variant.Rules, rng).Next
		}
	}
	if checked == 0 {
		t.Error("no strike planned")
	}
}

func planSummary(p *strikePlan) []string {
	var out []string
	for _, a := range p.annihilations {
		out = append(out, fmt.Sprintf("annihilate %s %d %q", idOf(a.unit), a.target, a.why))
	}
	for _, g := range p.gases {
		out = append(out, fmt.Sprintf("gas %s %d %v %q", idOf(g.unit), g.target, g.ok, g.why))
	}
	for _, h := range p.hypnoses {
		if _, hyp := p.hypnotisedBy(idOf(h.unit)); hyp {
			continue // its order is replaced by the written one: the exception planStrikes names
		}
		out = append(out, fmt.Sprintf("hypnotise %s %s %v %q", idOf(h.unit), idOf(h.victim), h.ok, h.why))
	}
	for id, why := range p.disorder {
		out = append(out, fmt.Sprintf("disorder %s %q", id, why))
	}
	slices.Sort(out)
	return out
}
