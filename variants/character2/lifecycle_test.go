package character2

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit"
	"dipdesk/variants/kit/kittest"
)

// lifePos returns a position of phase with units written as "france 1A
// par" and no card dealt; options as Setup would give them.
func lifePos(t *testing.T, phase string, opts map[string]string, units ...string) *engine.State {
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
	for _, w := range units {
		s.Units = append(s.Units, unitOf(t, m, w))
	}
	e := newExtra(newDeck(engine.NewRand(1)))
	if e.Options, err = parseOptions(opts); err != nil {
		t.Fatal(err)
	}
	s.Extra = e
	return s
}

// unitOf reads "france 1A par" (or "france 1F stp/sc").
func unitOf(t *testing.T, m *engine.Map, w string) engine.Unit {
	t.Helper()
	f := strings.Fields(w)
	var id unitID
	if err := id.UnmarshalText([]byte(f[0] + " " + f[1])); err != nil {
		t.Fatal(err)
	}
	l, err := m.ParseLoc(f[2])
	if err != nil {
		t.Fatal(err)
	}
	return engine.Unit{Type: id.Type, Power: id.Power, Loc: l, Number: id.Number}
}

// give deals the first card of kind k left in s's pile to the unit at prov.
func give(t *testing.T, s *engine.State, prov string, k kind) {
	t.Helper()
	e := extraOf(s)
	p := lookup(s.Map, prov)
	i := s.UnitAt(p)
	if i < 0 {
		t.Fatalf("no unit in %s", prov)
	}
	c, ok := findCard(e.Deck.Pile(), k.Word(), nil)
	if !ok {
		t.Fatalf("no %s left", k)
	}
	e.Deck.Take(c.ID)
	e.Deck.CountDealt()
	e.Give(idOf(s.Units[i]), c, s.Phase)
}

func orders(t *testing.T, s *engine.State, lines ...string) []engine.Order {
	t.Helper()
	p := Variant.Parser(s.Map)
	var out []engine.Order
	for _, l := range lines {
		power, text, _ := strings.Cut(l, ":")
		o, err := p.ParseOrder(engine.Power(strings.TrimSpace(power)), strings.TrimSpace(text))
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		out = append(out, o)
	}
	return out
}

func run(t *testing.T, s *engine.State, lines ...string) *engine.Outcome {
	t.Helper()
	return engine.Adjudicate(s, orders(t, s, lines...), Variant.Rules, engine.NewRand(3))
}

func seatOutcome(s *engine.State, out *engine.Outcome, seat engine.Seat) *engine.Outcome {
	return engine.OutcomeFor(s, out, seat, Variant.Rules)
}

func hasEvent(out *engine.Outcome, words string) bool {
	return slices.ContainsFunc(out.Events, func(ev string) bool { return strings.Contains(ev, words) })
}

// TestPhaseSequence: a retreat phase after every movement turn and a
// Winter every year (option retreat_phase always, the default); with
// retreat_phase needed, a retreat phase only when a unit was dislodged or
// a Retreater is on the board. The game starts in Spring 1901: "There is
// no Winter 1900" (Rules Clarifications).
func TestPhaseSequence(t *testing.T) {
	s := newGame(t, 5)
	if s.Phase.Key() != "S1901M" {
		t.Fatalf("the game starts in %s", s.Phase.Key())
	}
	var got []string
	for range 6 {
		s = engine.Adjudicate(s, nil, Variant.Rules, engine.NewRand(1)).Next
		got = append(got, s.Phase.Key())
	}
	want := []string{"S1901R", "F1901M", "F1901R", "W1901A", "S1902M", "S1902R"}
	if !slices.Equal(got, want) {
		t.Errorf("phases %v, want %v", got, want)
	}

	needed := lifePos(t, "S1901M", map[string]string{optRetreatPhase: "needed"}, "france 1A par", "germany 1A mun")
	if n := run(t, needed).Next.Phase.Key(); n != "F1901M" {
		t.Errorf("retreat_phase needed, nothing dislodged: next %s, want F1901M", n)
	}
	if n := engine.Adjudicate(lifePos(t, "F1901M", map[string]string{optRetreatPhase: "needed"}, "france 1A par"), nil, Variant.Rules, nil).Next.Phase.Key(); n != "W1901A" {
		t.Errorf("retreat_phase needed, after Fall: %s, want W1901A (a Winter every year, rule 6)", n)
	}
	give(t, needed, "mun", retreater)
	if n := run(t, needed).Next.Phase.Key(); n != "S1901R" {
		t.Errorf("retreat_phase needed with a Retreater on the board: next %s, want S1901R", n)
	}
	always := lifePos(t, "S1901M", nil, "france 1A par")
	if n := run(t, always).Next.Phase.Key(); n != "S1901R" {
		t.Errorf("retreat_phase always: next %s, want S1901R", n)
	}
}

// TestMineReports: "The unit will be listed as blown up by a mine. I will
// not tell who laid the mine. (The victim will be told whether it was
// his/her own mine.)"
func TestMineReports(t *testing.T) {
	s := lifePos(t, "S1902M", nil, "germany 1A mun", "france 2A par", "england 1F lon")
	e := extraOf(s)
	e.Effects.Life.Mines = []mine{{Prov: "bur", Layer: unitID{Power: "france", Type: engine.Army, Number: 1}, Laid: "F1901M"},
		{Prov: "pic", Layer: unitID{Power: "france", Type: engine.Army, Number: 1}, Laid: "F1901M"}}
	out := run(t, s, "germany: A mun - bur", "france: A par - pic")
	for _, seat := range []engine.Seat{{Power: "germany"}, {Power: "france"}, {Power: "england"}, {}} {
		o := seatOutcome(s, out, seat)
		if !hasEvent(o, "Germany's 1A was blown up by a mine in Burgundy") || !hasEvent(o, "France's 2A was blown up by a mine in Picardy") {
			t.Errorf("%s does not read the public reports: %q", seat, o.Events)
		}
		for _, ev := range o.Events {
			if !strings.HasPrefix(ev, "to ") && (strings.Contains(ev, "laid") || strings.Contains(ev, "your own") || strings.Contains(ev, "not yours")) {
				t.Errorf("%s reads a public event naming a layer: %q", seat, ev)
			}
		}
	}
	ger := seatOutcome(s, out, engine.Seat{Power: "germany"})
	if !hasEvent(ger, "Burgundy was not yours") || hasEvent(ger, "was your own") || hasEvent(ger, "went off") {
		t.Errorf("germany's events: %q", ger.Events)
	}
	fra := seatOutcome(s, out, engine.Seat{Power: "france"})
	if !hasEvent(fra, "Picardy was your own") || !hasEvent(fra, "your mine in Burgundy") {
		t.Errorf("france's events: %q", fra.Events)
	}
	eng := seatOutcome(s, out, engine.Seat{Power: "england"})
	if hasEvent(eng, "only:") {
		t.Errorf("england reads private events: %q", eng.Events)
	}
}

// TestMineSecrecy: "This power and its use are never reported to other
// players": other seats read a plain move and see no mine; the layer and
// the game master see it, on the board too (marks).
func TestMineSecrecy(t *testing.T) {
	s := lifePos(t, "S1901M", nil, "england 1F nth")
	give(t, s, "nth", minelayerKind)
	out := run(t, s, "england: 1F nth lay mine nwy")
	if got := extraOf(out.Next).Effects.Life.Mines; len(got) != 1 || got[0].Prov != "nth" {
		t.Fatalf("mines %v", got)
	}
	for _, seat := range []engine.Seat{{Power: "france"}, {}} {
		o := seatOutcome(s, out, seat)
		r := o.Results[0]
		if r.Order.Kind != engine.Move || strings.Contains(r.Reason, "mine") || strings.Contains(r.Order.Text, "mine") {
			t.Errorf("%s reads %+v", seat, r)
		}
		if n := len(extraOf(o.Next).Effects.Life.Mines); n != 0 {
			t.Errorf("%s's view holds %d mines", seat, n)
		}
		v := engine.ViewFor(out.Next, nil, seat, Variant.Rules)
		if marks := extraOf(v.State).Marks(v); len(marks) != 0 {
			t.Errorf("%s's board shows %v", seat, marks)
		}
		if _, ok := extraOf(v.State).Cards[unitID{Power: "england", Type: engine.Fleet, Number: 1}]; ok {
			t.Errorf("laying a mine revealed the Minelayer to %s", seat)
		}
	}
	for _, seat := range []engine.Seat{{Power: "england"}, {GM: true}} {
		o := seatOutcome(s, out, seat)
		if !strings.Contains(o.Results[0].Reason, "left a mine in North Sea") {
			t.Errorf("%s reads %q", seat, o.Results[0].Reason)
		}
		v := engine.ViewFor(out.Next, nil, seat, Variant.Rules)
		marks := extraOf(v.State).Marks(v)
		if len(marks) != 1 || marks[0].Kind != cardgame.MarkMine || marks[0].Prov != lookup(s.Map, "nth") || marks[0].Power != "england" {
			t.Errorf("%s's marks: %v", seat, marks)
		}
	}
}

// TestEngineerReport: the Engineer's sweep is "report[ed] only to the
// unit's owner, who will NOT be told who laid the mine(s)"; the layer is
// not told and still sees its mine.
func TestEngineerReport(t *testing.T) {
	s := lifePos(t, "S1902M", nil, "france 1A par", "germany 1A mun")
	give(t, s, "par", engineer)
	extraOf(s).Effects.Life.Mines = []mine{{Prov: "bur", Layer: unitID{Power: "germany", Type: engine.Army, Number: 1}, Laid: "F1901M"}}
	out := run(t, s, "france: A par - bur")
	fra := seatOutcome(s, out, engine.Seat{Power: "france"})
	if !hasEvent(fra, "your Engineer 1A deactivated a mine in Burgundy") {
		t.Errorf("france's events %q", fra.Events)
	}
	for _, ev := range fra.Events {
		if strings.Contains(ev, "german") || strings.Contains(ev, "Germany") {
			t.Errorf("france is told who laid the mine: %q", ev)
		}
	}
	ger := seatOutcome(s, out, engine.Seat{Power: "germany"})
	if hasEvent(ger, "deactivated") || hasEvent(ger, "Engineer") {
		t.Errorf("germany is told of the sweep: %q", ger.Events)
	}
	if m := extraOf(ger.Next).Effects.Life.Mines; len(m) != 1 || m[0].Prov != "bur" {
		t.Errorf("germany's view of its mines: %v (the layer was not told)", m)
	}
	if m := extraOf(out.Next).Effects.Life.Mines; len(m) != 0 {
		t.Errorf("the mine is still live: %v", m)
	}
	if extraOf(fra.Next).Effects.Life.Swept != nil || extraOf(ger.Next).Effects.Life.Swept != nil {
		t.Error("a seat's view holds the swept list")
	}
}

// TestDealAndDisbandSecrecy: a build's card is told to its owner alone;
// "When a unit is disbanded, will its power be revealed? No."
func TestDealAndDisbandSecrecy(t *testing.T) {
	s := lifePos(t, "W1901A", nil, "france 1A par", "france 2A mar", "germany 1A mun")
	give(t, s, "mar", hypnotist)
	if err := extraOf(s).Deck.Stack("T0"); err != nil {
		t.Fatal(err)
	}
	out := run(t, s, "france: disband 2A mar", "france: build F bre")
	e := extraOf(out.Next)
	if c, ok := e.CardOf(engine.Unit{Power: "france", Type: engine.Fleet, Number: 1}); !ok || c.ID != "T0" {
		t.Fatalf("the build holds %v", c)
	}
	if len(e.Effects.Life.Gone) != 1 || e.Effects.Life.Gone[0].Why != "disbanded" {
		t.Errorf("gone: %+v", e.Effects.Life.Gone)
	}
	for _, seat := range []engine.Seat{{Power: "germany"}, {}} {
		o := seatOutcome(s, out, seat)
		b, _ := json.Marshal(o)
		for _, secret := range []string{"The Fool", "Annihilator", "Hypnotist", "The Empress", "The Emperor"} {
			if strings.Contains(string(b), secret) {
				t.Errorf("%s's outcome names %q: %s", seat, secret, b)
			}
		}
		if !hasEvent(o, "France's new 1F in Brest was dealt a character card") {
			t.Errorf("%s's events %q", seat, o.Events)
		}
		if g := extraOf(o.Next).Effects.Life.Gone; g != nil {
			t.Errorf("%s's view lists the cards gone: %v", seat, g)
		}
	}
	fra := seatOutcome(s, out, engine.Seat{Power: "france"})
	if !hasEvent(fra, "your new 1F in Brest is the The Fool: Annihilator") {
		t.Errorf("france's events %q", fra.Events)
	}
}

// TestWinRevealsEveryCard: "However, I will reveal them all at the end of
// the game": on a win every card is revealed, those of the units that
// left the board included.
func TestWinRevealsEveryCard(t *testing.T) {
	s := lifePos(t, "F1905M", nil, "france 1A bur", "germany 1A mun")
	give(t, s, "bur", ghost)
	give(t, s, "mun", cutter)
	e := extraOf(s)
	e.Effects.Life.Gone = []goneCard{{Unit: unitID{Power: "italy", Type: engine.Fleet, Number: 2}, Card: "T16", Phase: "W1903A", Why: "disbanded"}}
	for i := range s.Owners {
		s.Owners[i] = ""
	}
	n := 0
	for id, p := range s.Map.Provinces {
		if p.SC && p.Abbr != "bel" && p.Abbr != "mun" && n < 17 {
			s.Owners[id] = "france"
			n++
		}
	}
	s.Owners[lookup(s.Map, "mun")] = "germany"
	mv := run(t, s, "france: A bur - bel")
	if mv.Winner() != "" || mv.Next.Phase.Key() != "F1905R" {
		t.Fatalf("won before the Fall's retreats: %q, next %s", mv.Winner(), mv.Next.Phase.Key())
	}
	s = mv.Next
	out := engine.Adjudicate(s, nil, Variant.Rules, nil)
	if out.Winner() != "france" {
		t.Fatalf("winner %q; events %q", out.Winner(), out.Events)
	}
	got := extraOf(out.Next)
	if !got.Effects.Life.Ended {
		t.Error("not ended")
	}
	pub := seatOutcome(s, out, engine.Seat{})
	for _, words := range []string{"France's 1A in Belgium: Wheel of Fortune, Ghost", "Germany's 1A in Munich", "Italy's 2F (disbanded W1903A): The Tower, Double Strength"} {
		if !hasEvent(pub, words) {
			t.Errorf("the public report lacks %q: %q", words, pub.Events)
		}
	}
	if c, ok := extraOf(pub.Next).CardOf(engine.Unit{Power: "germany", Type: engine.Army, Number: 1}); !ok || c.Kind != cutter {
		t.Errorf("the public view of germany's card: %v", c)
	}
	if g := extraOf(pub.Next).Effects.Life.Gone; len(g) != 1 {
		t.Errorf("the public view of the cards gone: %v", g)
	}
}

// TestVictoryCentres (rule 9): a majority of the centres that exist now,
// a suspended centre left out of the total.
func TestVictoryCentres(t *testing.T) {
	s := lifePos(t, "F1903M", nil)
	e := extraOf(s)
	if n := e.VictoryCentres(s); n != 18 {
		t.Errorf("34 centres: %d to win, want 18", n)
	}
	old := centreSuspended
	defer func() { centreSuspended = old }()
	gone := map[engine.ProvinceID]bool{lookup(s.Map, "mun"): true}
	centreSuspended = func(_ *extra, p engine.ProvinceID, _ engine.Phase) bool { return gone[p] }
	if n := e.VictoryCentres(s); n != 17 {
		t.Errorf("33 centres: %d to win, want 17", n)
	}
	gone[lookup(s.Map, "ber")] = true
	if n := e.VictoryCentres(s); n != 17 {
		t.Errorf("32 centres: %d to win, want 17", n)
	}
	gone[lookup(s.Map, "kie")] = true
	if n := e.VictoryCentres(s); n != 16 {
		t.Errorf("31 centres: %d to win, want 16", n)
	}
	// The engine asks it: 16 centres win when three are suspended.
	n := 0
	for id, p := range s.Map.Provinces {
		if p.SC && !gone[engine.ProvinceID(id)] && n < 16 {
			s.Owners[id] = "france"
			n++
		} else if p.SC {
			s.Owners[id] = ""
		}
	}
	if w := engine.Winner(s, Variant.Rules); w != "france" {
		t.Errorf("winner %q with 16 of 31 centres", w)
	}
}

// TestFallCaptureAfterRetreats: "Capture of centers occurs in Fall (after
// all retreats)": a unit that entered Belgium in the Fall turn and left it
// in the retreat phase (a Retreater's voluntary retreat) does not capture
// it; the engine's capture after the turn is undone.
func TestFallCaptureAfterRetreats(t *testing.T) {
	s := lifePos(t, "F1901M", nil, "france 1A pic")
	out := run(t, s, "france: A pic - bel")
	bel, hol := lookup(s.Map, "bel"), lookup(s.Map, "hol")
	r := out.Next
	if r.Phase.Key() != "F1901R" {
		t.Fatalf("phase %s", r.Phase.Key())
	}
	// The retreat phase: the unit leaves Belgium for Holland (as a
	// Retreater would).
	r.Units[0].Loc = engine.Loc{P: hol}
	after := engine.Adjudicate(r, nil, Variant.Rules, nil).Next
	if after.Owners[bel] != "" || after.Owners[hol] != "france" {
		t.Errorf("owners after the retreats: bel %q, hol %q", after.Owners[bel], after.Owners[hol])
	}
	if r.Owners[bel] != "" {
		t.Errorf("Belgium changed hands before the Fall's retreats: %q", r.Owners[bel])
	}
}

// TestFreeUnitYear: a Free Unit dealt in Winter 1902 needs no centre from
// Winter 1903 ("beginning one game year AFTER the free unit is built"),
// and only its owner's view says so.
func TestFreeUnitYear(t *testing.T) {
	s := lifePos(t, "W1902A", nil, "france 1A par", "france 2A bur")
	give(t, s, "bur", freeUnit)
	e := extraOf(s)
	if e.FreeUnit(s.Units[1]) {
		t.Error("free before any phase")
	}
	if got := freeUnits(s, e, 1902); len(got) != 0 {
		t.Errorf("free in Winter 1902: %v", got)
	}
	if got := freeUnits(s, e, 1903); len(got) != 1 {
		t.Errorf("not free in Winter 1903: %v", got)
	}
	out := engine.Adjudicate(s, nil, Variant.Rules, nil)
	if !extraOf(out.Next).FreeUnit(out.Next.Units[1]) {
		t.Error("not free after Winter 1902")
	}
	for seat, want := range map[engine.Seat]int{{Power: "france"}: 1, {Power: "germany"}: 0, {}: 0, {GM: true}: 1} {
		v := engine.ViewFor(out.Next, nil, seat, Variant.Rules)
		if n := len(extraOf(v.State).Effects.Life.Free); n != want {
			t.Errorf("%s's view lists %d free units, want %d", seat, n, want)
		}
	}
}

// TestLifeStateRoundTrip saves the group's state with the position and
// reads it back; clone is deep.
func TestLifeStateRoundTrip(t *testing.T) {
	s := newGame(t, 9)
	e := extraOf(s)
	id := unitID{Power: "france", Type: engine.Army, Number: 1}
	e.Effects.Life = lifeState{
		Mines: []mine{{Prov: "bur", Layer: id, Laid: "S1902M"}},
		Swept: []mine{{Prov: "nth", Layer: unitID{Power: "england", Type: engine.Fleet, Number: 2}, Laid: "F1901M"}},
		Free:  []unitID{id},
		Gone:  []goneCard{{Unit: id, Card: "T3", Phase: "W1901A", Why: "disbanded"}},
		Ended: true,
	}
	back := kittest.Reload(t, e, decodeExtra)
	b, _ := json.Marshal(e)
	b2, _ := json.Marshal(back)
	if string(b) != string(b2) {
		t.Fatalf("round trip differs:\n%s\n%s", b, b2)
	}
	if got := back.(*extra).Effects.Life; got.Mines[0] != e.Effects.Life.Mines[0] || got.Free[0] != id || !got.Ended {
		t.Errorf("read back %+v", got)
	}
	c := e.CloneExtra().(*extra)
	c.Effects.Life.Mines[0].Prov = "mun"
	c.Effects.Life.Free[0].Number = 9
	c.Effects.Life.Gone[0].Why = "x"
	if e.Effects.Life.Mines[0].Prov != "bur" || e.Effects.Life.Free[0].Number != 1 || e.Effects.Life.Gone[0].Why != "disbanded" {
		t.Error("clone shares the group's state")
	}
	c.Effects.Life.rekey(unitID{Power: "england", Type: engine.Fleet, Number: 2}, unitID{Power: "england", Type: engine.Army, Number: 3})
	if c.Effects.Life.Swept[0].Layer.Type != engine.Army || e.Effects.Life.Swept[0].Layer.Type != engine.Fleet {
		t.Error("rekey")
	}
}

// TestStandbyHand: "If a standby is called, s/he will be told the nature
// of every unit s/he controls." The game master's brief (session.Brief)
// is built from the seat's own view: its hand tells every unit of the
// power with its card (the character and the Tarot card), its board the
// mines its units laid; nothing of another power's cards or mines.
func TestStandbyHand(t *testing.T) {
	s := lifePos(t, "S1903M", nil, "france 1A par", "france 1F bre", "germany 1A mun")
	give(t, s, "par", minelayerKind)
	give(t, s, "bre", waterWalker)
	give(t, s, "mun", ghost)
	e := extraOf(s)
	e.Effects.Life.Mines = []mine{{Prov: "bur", Layer: unitID{Power: "france", Type: engine.Army, Number: 1}, Laid: "S1902M"},
		{Prov: "ruh", Layer: unitID{Power: "germany", Type: engine.Army, Number: 1}, Laid: "S1902M"}}
	v := engine.ViewFor(s, nil, engine.Seat{Power: "france"}, Variant.Rules)
	var got []string
	for _, c := range extraOf(v.State).Hand(v, nil).Cards {
		got = append(got, fmt.Sprintf("%s %s %s: %s (%s). %s", c.Unit.Power, c.Label, c.Space, c.Name, c.Alias, c.Text))
	}
	for _, mk := range extraOf(v.State).Marks(v) {
		got = append(got, fmt.Sprintf("%s: %s", s.Map.Provinces[mk.Prov].Name, mk.Why))
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{"france 1A par: Minelayer (Eight of", "france 1F bre: Superfleet (Page of", "Burgundy: mine laid by france 1A"} {
		if !strings.Contains(all, want) {
			t.Errorf("the standby's seat does not read %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "Ghost") || strings.Contains(all, "germany") || strings.Contains(all, "Ruhr") {
		t.Errorf("the standby's seat reads of another power:\n%s", all)
	}
}

// TestRandomMinelayer: the soak test's generator gives a Minelayer a mine
// order the adjudicator accepts, and nothing to other units.
func TestRandomMinelayer(t *testing.T) {
	s := lifePos(t, "S1901M", nil, "england 1F nth", "france 1A par")
	give(t, s, "nth", minelayerKind)
	rng := engine.NewRand(4)
	o, ok := randomMinelayer(s, s.Units[0], rng)
	if !ok || o.Special != layMine {
		t.Fatalf("%+v %v", o, ok)
	}
	if _, ok := randomMinelayer(s, s.Units[1], rng); ok {
		t.Error("a random mine order for a unit that is no Minelayer")
	}
	out := engine.Adjudicate(s, []engine.Order{o}, Variant.Rules, rng)
	if out.Results[0].Code == engine.Illegal {
		t.Errorf("illegal: %s", out.Results[0].Reason)
	}
}

// TestCardsFollowUnits plays random games with the cards' random orders
// and Winter disbands: after every phase every unit holds exactly one
// card, every card belongs to a unit, and the 78 cards are all somewhere.
func TestCardsFollowUnits(t *testing.T) {
	laid, deals, gone, blown := 0, 0, 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		s := newGame(t, seed)
		rng := engine.NewRand(seed)
		for step := 0; step < 40 && s != nil; step++ {
			ords := engine.RandomOrders(s, rng)
			if s.Phase.Type == engine.Movement {
				for _, u := range s.Units {
					if o, ok := randomSpecial(s, u, rng); ok {
						ords = slices.DeleteFunc(ords, func(x engine.Order) bool { return x.At.P == u.Loc.P && x.Power == u.Power })
						ords = append(ords, o)
					}
				}
			}
			if s.Phase.Type == engine.Adjustment {
				for _, u := range s.Units {
					if rng.Intn(4, "a random voluntary disband") == 0 {
						ords = append(ords, engine.Order{Power: u.Power, Kind: engine.Disband, Unit: u.Type, Number: u.Number, At: u.Loc,
							To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere})
					}
				}
			}
			out := engine.Adjudicate(s, ords, Variant.Rules, rng)
			checkLifeSecrets(t, s, out)
			for _, r := range out.Results {
				if strings.Contains(r.Reason, "left a mine") {
					laid++
				}
			}
			if hasEvent(out, "was blown up by a mine") {
				blown++
			}
			if hasEvent(out, "was dealt a character card") {
				deals++
			}
			gone = len(extraOf(out.Next).Effects.Life.Gone)
			s = out.Next
			e := extraOf(s)
			ids := kit.UnitsInGame(s)
			for id := range ids {
				if _, ok := e.Cards[id]; !ok {
					t.Fatalf("seed %d %s: %s holds no card", seed, s.Phase.Key(), id)
				}
			}
			for id := range e.Cards {
				if !ids[id] {
					t.Fatalf("seed %d %s: card of %s, not on the board", seed, s.Phase.Key(), id)
				}
			}
			if n := e.Deck.Len() + e.Deck.DiscardLen() + len(e.Cards); n != deckSize && e.Deck.shuffles == 0 {
				t.Fatalf("seed %d %s: %d cards in all", seed, s.Phase.Key(), n)
			}
			if out.Winner() != "" {
				break
			}
		}
	}
	if laid == 0 || deals == 0 || gone == 0 || blown == 0 {
		t.Errorf("the random games laid %d mines, blew up units in %d phases, dealt in %d Winters, lost %d cards in the last: they test too little", laid, blown, deals, gone)
	}
}

// TestHandNotes: the owner's hand says where its Minelayer laid mines and
// when its Free Unit needs no centre; other seats' hands say nothing.
func TestHandNotes(t *testing.T) {
	s := lifePos(t, "S1903M", nil, "france 1A par", "france 2A bur", "germany 1A mun")
	give(t, s, "par", minelayerKind)
	give(t, s, "bur", freeUnit)
	e := extraOf(s)
	e.Cards[unitID{Power: "france", Type: engine.Army, Number: 2}].Dealt = engine.Phase{Year: 1902, Season: engine.Winter, Type: engine.Adjustment}
	e.Effects.Life.Mines = []mine{{Prov: "bur", Layer: unitID{Power: "france", Type: engine.Army, Number: 1}, Laid: "F1902M"}}
	notes := func(seat engine.Seat) string {
		v := engine.ViewFor(s, nil, seat, Variant.Rules)
		var all []string
		for _, c := range extraOf(v.State).Hand(v, Variant.Specials).Cards {
			all = append(all, c.Notes...)
		}
		return strings.Join(all, "; ")
	}
	got := notes(engine.Seat{Power: "france"})
	for _, want := range []string{"mines laid: Burgundy (F1902M)", "needs no supply centre from Winter 1903"} {
		if !strings.Contains(got, want) {
			t.Errorf("france's notes %q lack %q", got, want)
		}
	}
	if got := notes(engine.Seat{Power: "germany"}); got != "" {
		t.Errorf("germany reads %q", got)
	}
}

// TestEnteredAlso: a unit enters only the space it ends its move in ("The
// unit has not "entered" the space containing the mine", Rules
// Clarifications, on jumps), unless a card's part names a further space
// it entered (a Double Mover's middle space, which the movers group adds
// through enteredAlso): then the mine there goes off.
func TestEnteredAlso(t *testing.T) {
	s := lifePos(t, "S1902M", nil, "germany 1A mun")
	extraOf(s).Effects.Life.Mines = []mine{{Prov: "tyr", Layer: unitID{Power: "italy", Type: engine.Army, Number: 1}, Laid: "F1901M"}}
	// A move that passes Tyrolia without entering it (as a jump would):
	// here the plain move Munich - Bohemia, Tyrolia never entered.
	out := run(t, s, "germany: A mun - boh")
	if len(out.Next.Units) != 1 || len(extraOf(out.Next).Effects.Life.Mines) != 1 {
		t.Fatalf("a unit that did not enter Tyrolia set its mine off: %v", out.Next.Units)
	}
	old := enteredAlso
	defer func() { enteredAlso = old }()
	tyr := lookup(s.Map, "tyr")
	enteredAlso = append(slices.Clone(old), func(_ *engine.State, r engine.Result) []engine.ProvinceID {
		if r.Order.Kind == engine.Move && r.OK {
			return []engine.ProvinceID{tyr}
		}
		return nil
	})
	out = run(t, s, "germany: A mun - boh")
	if len(out.Next.Units) != 0 || len(extraOf(out.Next).Effects.Life.Mines) != 0 {
		t.Fatalf("a unit that entered Tyrolia on its way was not blown up: %v", out.Next.Units)
	}
	if !strings.Contains(out.Results[0].Reason, "blown up by a mine in Tyrolia") {
		t.Errorf("reason %q", out.Results[0].Reason)
	}
}

// TestFreeUnitReport: with free_unit_report reveal (the default), a Free
// Unit is revealed after a Winter in which its power keeps more units
// than centres (rule 2: the use of a power tells everyone what it is);
// not when the counts match; never with free_unit_report secret.
func TestFreeUnitReport(t *testing.T) {
	for _, tc := range []struct {
		opt    string
		units  []string
		reveal bool
	}{
		{"reveal", []string{"france 1A par", "france 2A mar", "france 1F bre", "france 3A bur"}, true},
		{"reveal", []string{"france 1A par", "france 2A mar", "france 3A bur"}, false},
		{"secret", []string{"france 1A par", "france 2A mar", "france 1F bre", "france 3A bur"}, false},
	} {
		s := lifePos(t, "W1903A", map[string]string{optFreeReport: tc.opt}, tc.units...)
		give(t, s, "bur", freeUnit)
		extraOf(s).Effects.Life.Free = []unitID{{Power: "france", Type: engine.Army, Number: 3}}
		out := engine.Adjudicate(s, nil, Variant.Rules, nil)
		if len(out.Next.Units) != len(tc.units) {
			t.Fatalf("%s %d units: a unit was removed: %v", tc.opt, len(tc.units), out.Results)
		}
		v := engine.ViewFor(out.Next, nil, engine.Seat{Power: "germany"}, Variant.Rules)
		_, seen := extraOf(v.State).Cards[unitID{Power: "france", Type: engine.Army, Number: 3}]
		if seen != tc.reveal || hasEvent(out, "is a Free Unit") != tc.reveal {
			t.Errorf("%s with %d units: germany knows the Free Unit: %v, events %q", tc.opt, len(tc.units), seen, out.Events)
		}
	}
}

// checkLifeSecrets checks every seat's copy of out: the mines, Free Units
// and private reports of other powers are not in it, nor the cards of the
// units gone before the game ends.
func checkLifeSecrets(t *testing.T, before *engine.State, out *engine.Outcome) {
	t.Helper()
	seats := []engine.Seat{{}}
	for _, p := range before.Map.PowerIDs() {
		seats = append(seats, engine.Seat{Power: p})
	}
	for _, seat := range seats {
		o := seatOutcome(before, out, seat)
		life := extraOf(o.Next).Effects.Life
		for _, mn := range life.Mines {
			if mn.Layer.Power != seat.Power {
				t.Fatalf("%s %s: %s sees a mine of %s", before.Phase.Key(), o.Phase.Key(), seat, mn.Layer.Power)
			}
		}
		for _, id := range life.Free {
			if id.Power != seat.Power {
				t.Fatalf("%s: %s sees %s's Free Unit", before.Phase.Key(), seat, id.Power)
			}
		}
		if life.Swept != nil || (life.Gone != nil && !life.Ended) {
			t.Fatalf("%s: %s sees the swept mines or the cards gone", before.Phase.Key(), seat)
		}
		own := "to " + before.Map.PowerName(seat.Power) + " only: "
		for _, ev := range o.Events {
			if strings.HasPrefix(ev, "to ") && strings.Contains(ev, " only: ") && (seat.Power == "" || !strings.HasPrefix(ev, own)) {
				t.Fatalf("%s: %s reads %q", before.Phase.Key(), seat, ev)
			}
		}
		for _, r := range o.Results {
			if r.Order.Power != seat.Power && (r.Order.Special == layMine || r.Order.Special == pickUpMine || strings.Contains(r.Reason, mineSecret)) {
				t.Fatalf("%s: %s reads %+v", before.Phase.Key(), seat, r)
			}
		}
	}
}

// TestGhostMines: a unit that does not occupy its space (an invisible
// Ghost, which the hidden-units group marks through an Occupies part) sets
// off no mine with ghost_mines immune (the default), and is blown up like
// any unit with ghost_mines explodes.
func TestGhostMines(t *testing.T) {
	withParts(t, func(r *registry) {
		r.Occupies(func(s *engine.State, u engine.Unit) bool { return u.Power != "germany" })
	})
	for opt, survives := range map[string]bool{"immune": true, "explodes": false} {
		s := lifePos(t, "S1902M", map[string]string{optGhostMines: opt}, "germany 1A mun")
		extraOf(s).Effects.Life.Mines = []mine{{Prov: "bur", Layer: unitID{Power: "france", Type: engine.Army, Number: 1}, Laid: "F1901M"}}
		out := run(t, s, "germany: A mun - bur")
		if got := len(out.Next.Units) == 1; got != survives {
			t.Errorf("ghost_mines %s: the ghost survives %v, want %v", opt, got, survives)
		}
		if n := len(extraOf(out.Next).Effects.Life.Mines); n != map[bool]int{true: 1, false: 0}[survives] {
			t.Errorf("ghost_mines %s: %d mines left", opt, n)
		}
	}
}

// TestWinterOrders: a card's Winter special order (the Convertible's, here
// a stand-in "recolour") is taken by its winterOrders part after the
// disbands and before the builds; without a part the engine refuses it.
func TestWinterOrders(t *testing.T) {
	s := lifePos(t, "W1901A", nil, "france 1A bre", "france 2A mar")
	p := Variant.Parser(s.Map)
	p.Specials = append(slices.Clone(p.Specials), engine.SpecialSyntax{Verb: "recolour", Name: "recolour"})
	o, err := p.ParseOrder("france", "1A bre recolour")
	if err != nil {
		t.Fatal(err)
	}
	out := engine.Adjudicate(s, []engine.Order{o}, Variant.Rules, nil)
	if out.Results[0].OK {
		t.Fatalf("no part took the order, yet %+v", out.Results[0])
	}
	old := winterOrders
	defer func() { winterOrders = old }()
	winterOrders = append(slices.Clone(old), func(_, work *engine.State, o engine.Order) (engine.Result, bool) {
		if o.Special != "recolour" {
			return engine.Result{}, false
		}
		i := work.UnitAt(o.At.P)
		work.Units[i].Type = engine.Fleet
		return engine.Result{Order: o, Unit: work.Units[i], OK: true, Reason: "converted"}, true
	})
	out = engine.Adjudicate(s, []engine.Order{o}, Variant.Rules, nil)
	if !out.Results[0].OK || out.Next.Units[0].Type != engine.Fleet {
		t.Errorf("%+v, units %v", out.Results, out.Next.Units)
	}
}

// TestWinterDisbandNamesItsUnit: a Winter disband names its unit by the
// engine's one answer (engine.UnitOf): where two units of a power share a
// province (Hyperspace), "disband F hyp" disbands the fleet, never the
// army that happens to come first (before, any unit of the power in the
// province was taken when no number was written); a second order for the
// same unit finds it already disbanded; a wrong number is thrown out.
func TestWinterDisbandNamesItsUnit(t *testing.T) {
	s := lifePos(t, "W1902A", nil, "france 1A hyp", "france 1F hyp", "france 2A par")
	out := run(t, s, "france: disband F hyp")
	if len(out.Results) == 0 || !out.Results[0].OK || out.Results[0].Unit.Type != engine.Fleet {
		t.Fatalf("disband F hyp: %+v", out.Results)
	}
	var left []string
	for _, u := range out.Next.Units {
		left = append(left, kit.Labelled(s.Map, u))
	}
	if strings.Join(left, ", ") != "1A hyp, 2A par" {
		t.Errorf("units after: %v", left)
	}
	out = run(t, s, "france: disband 1A hyp", "france: disband 1A hyp", "france: disband 3A par")
	for i, want := range []string{"disbanded", "already disbanded", "thrown out (rule 5)"} {
		if !strings.HasPrefix(out.Results[i].Reason, want) {
			t.Errorf("result %d: %q, want %q", i, out.Results[i].Reason, want)
		}
	}
}
