package character2

import (
	"strings"
	"testing"

	"dipdesk/engine"
)

// stancePosition builds a position in phase ("S1901M") from lines "france
// A bur [kind]": the units, numbered, and the cards named.
func stancePosition(t *testing.T, phase string, lines ...string) *engine.State {
	t.Helper()
	m, err := board()
	if err != nil {
		t.Fatal(err)
	}
	ph, err := engine.ParsePhase(phase)
	if err != nil {
		t.Fatal(err)
	}
	s := engine.NewState(m, ph)
	s.Units = nil
	kinds := map[int]kind{}
	for _, l := range lines {
		f := strings.Fields(l)
		p, ok := m.Lookup(f[2])
		if !ok {
			t.Fatalf("no province %q", f[2])
		}
		typ := engine.Army
		if f[1] == "F" {
			typ = engine.Fleet
		}
		if len(f) > 3 {
			k, ok := kindOf(f[3])
			if !ok {
				t.Fatalf("no kind %q", f[3])
			}
			kinds[len(s.Units)] = k
		}
		s.Units = append(s.Units, engine.Unit{Type: typ, Power: engine.Power(f[0]), Loc: engine.Loc{P: p}})
	}
	s.Units = numberUnits(s.Units)
	e := newExtra(newDeck(engine.NewRand(1)))
	for i, k := range kinds {
		c, ok := findCard(e.Deck.Pile(), k.Word(), nil)
		if !ok {
			t.Fatalf("no %s card", k)
		}
		e.Give(idOf(s.Units[i]), c, s.Phase)
	}
	s.Extra = e
	return s
}

// stanceOrders parses "France: A bur - mun" lines.
func stanceOrders(t *testing.T, s *engine.State, text string) []engine.Order {
	t.Helper()
	orders, errs := Variant.Parser(s.Map).ParseOrders("", text)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return orders
}

// resultAt returns the result of the order given for the unit in prov.
func resultAt(t *testing.T, out *engine.Outcome, prov string) engine.Result {
	t.Helper()
	for _, r := range out.Results {
		if r.Order.At.Valid() && out.Next.Map.Provinces[r.Order.At.P].Abbr == prov {
			return r
		}
	}
	t.Fatalf("no result for %s: %+v", prov, out.Results)
	return engine.Result{}
}

// TestConcealDoubleStrengthUnused: a double strength holder whose two made
// no difference (one attack would have bounced anyway) stays secret, and
// other seats read "1 vs 1" while its owner and the game master read
// "1 vs 2" (rule 2 and the table's "not reported ... until it affects the
// outcome of a conflict").
func TestConcealDoubleStrengthUnused(t *testing.T) {
	s := stancePosition(t, "S1901M", "france A bur", "germany A mun double")
	out := engine.Adjudicate(s, stanceOrders(t, s, "France: A bur - mun"), Variant.Rules, engine.NewRand(1))
	if h := extraOf(out.Next).Cards[idOf(s.Units[1])]; h.Revealed != nil {
		t.Fatalf("revealed: %+v", h.Revealed)
	}
	for _, tc := range []struct {
		seat engine.Seat
		want string
	}{
		{engine.Seat{GM: true}, "(1 vs 2)"},
		{engine.Seat{Power: "germany"}, "(1 vs 2)"},
		{engine.Seat{Power: "france"}, "(1 vs 1)"},
		{engine.Seat{}, "(1 vs 1)"},
	} {
		r := resultAt(t, engine.OutcomeFor(s, out, tc.seat, Variant.Rules), "bur")
		if !strings.Contains(r.Reason, tc.want) {
			t.Errorf("%s reads %q, want %q", tc.seat, r.Reason, tc.want)
		}
	}
}

// TestConcealDoubleStrengthUsed: once the two decided the battle, every
// seat reads the real figures, and learns only "a double strength unit".
func TestConcealDoubleStrengthUsed(t *testing.T) {
	s := stancePosition(t, "S1901M", "france A bur", "france A ruh", "germany A mun double")
	out := engine.Adjudicate(s, stanceOrders(t, s, "France: A bur - mun\nFrance: A ruh S A bur - mun"), Variant.Rules, engine.NewRand(1))
	v := engine.OutcomeFor(s, out, engine.Seat{Power: "france"}, Variant.Rules)
	if r := resultAt(t, v, "bur"); !strings.Contains(r.Reason, "(2 vs 2)") {
		t.Errorf("france reads %q", r.Reason)
	}
	ve := extraOf(v.Next)
	id := idOf(s.Units[2])
	if h, ok := ve.Cards[id]; !ok || h.Card.Kind != 0 || ve.HintTo(id, engine.Seat{Power: "france"}) != hintDouble {
		t.Errorf("france's view of the card: %+v", h)
	}
}

// TestConcealCutterNoEffect: a Cutter's cut that changed no move stays
// secret: other seats read the support as given.
func TestConcealCutterNoEffect(t *testing.T) {
	s := stancePosition(t, "S1901M", "france A bur", "france A ruh", "germany A mun cutter", "germany A kie", "germany A tyr")
	out := engine.Adjudicate(s, stanceOrders(t, s, `France: A bur - mun
France: A ruh S A bur - mun
Germany: A kie S A mun
Germany: A tyr S A mun`), Variant.Rules, engine.NewRand(1))
	if r := resultAt(t, out, "ruh"); r.Code != engine.Cut {
		t.Fatalf("the game master's result: %+v", r)
	}
	if h := extraOf(out.Next).Cards[idOf(s.Units[2])]; h.Revealed != nil {
		t.Fatalf("revealed: %+v", h.Revealed)
	}
	r := resultAt(t, engine.OutcomeFor(s, out, engine.Seat{Power: "france"}, Variant.Rules), "ruh")
	if !r.OK || strings.Contains(r.Reason, "Cutter") {
		t.Errorf("france reads %+v", r)
	}
	r = resultAt(t, engine.OutcomeFor(s, out, engine.Seat{Power: "germany"}, Variant.Rules), "ruh")
	if r.OK || !strings.Contains(r.Reason, "Cutter") {
		t.Errorf("germany (the Cutter's owner) reads %+v", r)
	}
}

// TestMoveFirstSteps: the first step holds the Move First moves, their
// supports and the supports to hold of a unit they attack that stays.
func TestMoveFirstSteps(t *testing.T) {
	s := stancePosition(t, "S1901M", "france A bur movefirst", "france A ruh", "germany A mun", "germany A kie", "italy A tyr", "italy A pie")
	orders := stanceOrders(t, s, `France: A bur - mun
France: A ruh S A bur - mun
Germany: A kie S A mun
Italy: A tyr - mun
Italy: A pie - mar`)
	steps := moveFirstSequence(s, orders)
	if len(steps) != 2 || len(steps[0]) != 3 || len(steps[1]) != 2 {
		t.Fatalf("steps %v", steps)
	}
	// No Move First move: one step.
	if steps := moveFirstSequence(s, stanceOrders(t, s, "France: A bur H\nItaly: A tyr - mun")); len(steps) != 1 {
		t.Fatalf("steps %v", steps)
	}
	// A support to hold for a unit ordered to move stays in the second step.
	steps = moveFirstSequence(s, stanceOrders(t, s, "France: A bur - mun\nGermany: A mun - boh\nGermany: A kie S A mun"))
	if len(steps[0]) != 1 {
		t.Fatalf("steps %v", steps)
	}
}

// TestRetreaterCaptures: "May capture supply centers this way": a
// Retreater's Fall retreat into a centre takes it (centres change hands
// after the Fall retreats); a Spring one does not.
func TestRetreaterCaptures(t *testing.T) {
	for _, tc := range []struct {
		phase string
		want  engine.Power
	}{{"F1901R", "france"}, {"S1901R", ""}} {
		s := stancePosition(t, tc.phase, "france A bur retreater")
		bel, _ := s.Map.Lookup("bel")
		out := engine.Adjudicate(s, stanceOrders(t, s, "France: A bur - bel"), Variant.Rules, engine.NewRand(1))
		if len(out.Next.Units) != 1 || out.Next.Units[0].Loc.P != bel {
			t.Fatalf("%s: units %+v", tc.phase, out.Next.Units)
		}
		if got := out.Next.Owners[bel]; got != tc.want {
			t.Errorf("%s: Belgium owned by %q, want %q", tc.phase, got, tc.want)
		}
	}
}

// TestRandomRetreater: the soak test's random voluntary retreat is one the
// phase accepts.
func TestRandomRetreater(t *testing.T) {
	s := stancePosition(t, "F1901R", "france A bur retreater", "germany A mun")
	rng := engine.NewRand(3)
	for range 20 {
		o, ok := randomRetreater(s, s.Units[0], rng)
		if !ok {
			t.Fatal("no random retreat")
		}
		out := engine.Adjudicate(s, []engine.Order{o}, Variant.Rules, rng)
		if r := out.Results[0]; !r.OK {
			t.Fatalf("%s: %+v", o.Text, r)
		}
	}
	if _, ok := randomRetreater(s, s.Units[1], rng); ok {
		t.Error("a random retreat for a unit that is no Retreater")
	}
}

// TestStanceSoak plays random games in which every unit holds one of the
// stance group's cards, with random voluntary retreats, and checks after
// every phase that no two units stand in one province, every result has
// a reason, and no seat's report names a Cutter or Move First unit whose
// card it does not know.
func TestStanceSoak(t *testing.T) {
	kinds := []kind{moveFirst, retreater, cutter, martialArtist, doubleStrength, limitedDouble, superSupporter}
	byKind := map[kind]card{}
	for _, c := range allCards() {
		byKind[c.Kind] = c
	}
	for seed := uint64(1); seed <= 12; seed++ {
		s := newGame(t, seed)
		rng := engine.NewRand(seed)
		e := extraOf(s)
		for i, u := range s.Units {
			e.Give(idOf(u), byKind[kinds[(i+int(seed))%len(kinds)]], s.Phase)
		}
		for step := 0; step < 16 && s.Phase.Year < 1905; step++ {
			orders := engine.RandomOrders(s, rng)
			if s.Phase.Type == engine.Retreat {
				for _, u := range s.Units {
					if o, ok := randomRetreater(s, u, rng); ok && rng.Intn(2, "retreat or not") == 0 {
						orders = append(orders, o)
					}
				}
			}
			before := s
			out := engine.Adjudicate(s, orders, Variant.Rules, rng)
			seen := map[engine.ProvinceID]bool{}
			for _, u := range out.Next.Units {
				if seen[u.Loc.P] && !s.Map.Provinces[u.Loc.P].Unlimited {
					t.Fatalf("seed %d %s: two units in %s", seed, before.Phase, s.Map.LocName(u.Loc))
				}
				seen[u.Loc.P] = true
			}
			for _, r := range out.Results {
				if r.Reason == "" {
					t.Fatalf("seed %d %s: no reason: %+v", seed, before.Phase, r)
				}
			}
			for _, seat := range []engine.Seat{{}, {Power: "france"}, {Power: "germany"}} {
				v := engine.OutcomeFor(before, out, seat, Variant.Rules)
				ve := extraOf(v.Next)
				for _, r := range v.Results {
					for _, id := range stanceIDs(before, cutter) {
						if _, known := ve.Cards[id]; !known && strings.Contains(r.Reason, "Cutter") && strings.Contains(r.Reason, before.Map.LocString(unitByID(before, id).Loc)) {
							t.Fatalf("seed %d %s: %s reads %q but does not know the Cutter", seed, before.Phase, seat, r.Reason)
						}
					}
				}
			}
			s = out.Next
		}
	}
}

// unitByID returns the unit of s with id.
func unitByID(s *engine.State, id unitID) engine.Unit {
	for _, u := range s.Units {
		if idOf(u) == id {
			return u
		}
	}
	return engine.Unit{}
}

// TestConcealMoveFirstOrder: a Move First unit whose power changed nothing
// stays secret, and other seats get the results in the order of a turn
// without it (its first step would otherwise come first).
func TestConcealMoveFirstOrder(t *testing.T) {
	s := stancePosition(t, "S1901M", "austria A vie", "france A pic movefirst")
	out := engine.Adjudicate(s, stanceOrders(t, s, "Austria: A vie - boh\nFrance: A pic - bel"), Variant.Rules, engine.NewRand(1))
	if h := extraOf(out.Next).Cards[idOf(s.Units[1])]; h.Revealed != nil {
		t.Fatalf("revealed: %+v", h.Revealed)
	}
	if p := out.Results[0].Unit.Power; p != "france" {
		t.Fatalf("the game master's first result is %s's, want the Move First step first", p)
	}
	v := engine.OutcomeFor(s, out, engine.Seat{Power: "austria"}, Variant.Rules)
	if p := v.Results[0].Unit.Power; p != "austria" {
		t.Errorf("austria's first result is %s's", p)
	}
}

// TestStanceOption: the option's values are checked.
func TestStanceOption(t *testing.T) {
	for v, ok := range map[string]bool{"martialartist": true, "retreater": true, "yes": false} {
		if _, err := parseOptions(map[string]string{optMartialVsRetreater: v}); (err == nil) != ok {
			t.Errorf("%s=%s: %v", optMartialVsRetreater, v, err)
		}
	}
	if def, _, _ := optionDoc(optMartialVsRetreater); def != "martialartist" {
		t.Errorf("default %q", def)
	}
}

// TestMoveFirstSpecialNotMovedOn: the clarification's "What if the move
// y-z involves the use of a special power such as the Jumper? ... it
// cannot use any special powers": a unit dislodged by the Move First step
// whose order was a special one does not move on; its order's result
// says why, once.
func TestMoveFirstSpecialNotMovedOn(t *testing.T) {
	s := stancePosition(t, "S1901M", "france A bur movefirst", "france A ruh", "germany A mun jumper")
	orders := stanceOrders(t, s, "France: A bur - mun\nFrance: A ruh S A bur - mun")
	mun, _ := s.Map.Lookup("mun")
	sil, _ := s.Map.Lookup("sil")
	orders = append(orders, engine.Order{Power: "germany", Kind: engine.Special, Special: "jump", Unit: engine.Army, At: engine.Loc{P: mun},
		To: engine.Loc{P: sil}, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Text: "A mun jump boh sil"})
	out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
	if len(out.Next.Dislodged) != 1 || out.Next.Dislodged[0].Unit.Loc.P != mun {
		t.Fatalf("dislodged %+v", out.Next.Dislodged)
	}
	n := 0
	for _, r := range out.Results {
		if r.Unit.Power == "germany" {
			n++
			if r.Code != engine.Dislodged || !strings.Contains(r.Reason, "cannot use its special power") {
				t.Errorf("result %+v", r)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d results for the German unit: %+v", n, out.Results)
	}
}

// TestMoveFirstOwnSupporterDislodged: a Move First unit dislodges its own
// power's supporter (with a second support); the supporter's order, given
// without a number, is not taken by the Move First unit now standing in
// its province: it is reported as dislodged.
func TestMoveFirstOwnSupporterDislodged(t *testing.T) {
	s := stancePosition(t, "S1901M", "france A bur movefirst", "france A ruh", "france A mun", "germany A sil", "germany A boh")
	out := engine.Adjudicate(s, stanceOrders(t, s, `France: A bur - mun
France: A ruh S A bur - mun
France: A mun S A boh - tyr
Germany: A boh - tyr`), Variant.Rules, engine.NewRand(1))
	mun, _ := s.Map.Lookup("mun")
	if len(out.Next.Dislodged) != 1 || out.Next.Dislodged[0].Unit.Loc.P != mun || out.Next.Dislodged[0].Unit.Power != "france" {
		t.Fatalf("dislodged %+v", out.Next.Dislodged)
	}
	for _, r := range out.Results {
		if r.Order.At.P == mun && r.Order.Kind == engine.Support {
			if r.Code != engine.Dislodged || !strings.Contains(r.Reason, "before its order was carried out") || r.Unit.Number != out.Next.Dislodged[0].Unit.Number {
				t.Errorf("the supporter's result %+v", r)
			}
		}
		if r.Unit.Loc.P == mun && r.Unit.Number == s.Units[0].Number && r.Order.Kind == engine.Support {
			t.Errorf("the Move First unit took the support: %+v", r)
		}
	}
}

// TestConcealStanceKeepsOtherWords: a seat that does not know a stance
// card elsewhere on the board reads the engine's words as adjudicated
// without it, and every other part's words as they are: a double move's
// second step, a Minelayer's mine told to its owner, a conversion, a
// gassed unit's civil disorder. (Before, a seat lost every word another
// part wrote except the strike cards', which a list of words protected:
// "moved to Yorkshire" for a unit in London, "held" for a unit that
// converted, no mine for its layer.)
func TestConcealStanceKeepsOtherWords(t *testing.T) {
	for _, tt := range []struct {
		name, orders string
		units        []string
		seat         engine.Power
		prov, want   string
	}{
		{"a double move", "England: A lvp via yor - lon", []string{"england A lvp doublemover", "germany A kie doublestrength"},
			"france", "lvp", "moved to Yorkshire, then to London (Double Mover)"},
		{"a mine, to its layer", "France: A bur lay mine pic", []string{"france A bur minelayer", "germany A kie doublestrength"},
			"france", "bur", "moved to Picardy; mine: left a mine in Burgundy"},
		{"a conversion", "France: A bre convert", []string{"france A bre convertible", "germany A kie doublestrength"},
			"england", "bre", "converted to a fleet in Brest"},
		{"a gassed unit", "France: A bur gas mun", []string{"france A bur gasattacker", "germany A mun", "germany A kie doublestrength"},
			"england", "mun", "held in civil disorder (gassed by the France Gas Attacker in Burgundy; Gas Attacker)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := stancePosition(t, "S1902M", tt.units...)
			out := engine.Adjudicate(s, stanceOrders(t, s, tt.orders), Variant.Rules, engine.NewRand(1))
			seat := engine.OutcomeFor(s, out, engine.Seat{Power: tt.seat}, Variant.Rules)
			if got := resultAt(t, seat, tt.prov).Reason; !strings.Contains(got, tt.want) {
				t.Errorf("%s reads %q, want %q (the game master reads %q)", tt.seat, got, tt.want, resultAt(t, out, tt.prov).Reason)
			}
		})
	}
}

// TestMoveFirstBesideAGhost: a Move First fleet's order names it by the
// engine's one answer even where an invisible Ghost of its power shares
// its province, so it moves first: into Sweden before the Russian army
// leaves, it bounces. (Before, the sequence took the first unit listed in
// Denmark, the Ghost, for the order's unit, and the fleet moved with the
// others, into the space the army had left.)
func TestMoveFirstBesideAGhost(t *testing.T) {
	s := stancePosition(t, "F1903M", "germany F den ghost", "germany F den movefirst", "russia A swe")
	hide(s, 0)
	out := engine.Adjudicate(s, stanceOrders(t, s, "Germany: F den - swe\nRussia: A swe - nwy"), Variant.Rules, engine.NewRand(1))
	var fleet engine.Result
	for _, r := range out.Results {
		if r.Order.Kind == engine.Move && r.Unit.Power == "germany" {
			fleet = r
		}
	}
	if fleet.OK || fleet.Unit.Number != 2 || !strings.Contains(fleet.Reason, "bounced off A swe") {
		t.Fatalf("the Move First fleet: %s %s (unit %v)", fleet.Code, fleet.Reason, fleet.Unit)
	}
}
