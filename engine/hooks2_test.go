package engine

import (
	"strings"
	"testing"
)

// resultFor returns the result of the order given for the unit in prov.
func resultFor(t *testing.T, out *Outcome, m *Map, prov string) Result {
	t.Helper()
	for _, r := range out.Results {
		if m.Provinces[r.Order.At.P].Abbr == prov {
			return r
		}
	}
	t.Fatalf("no result for %s in %+v", prov, out.Results)
	return Result{}
}

// Davis #9/#10: a province closed this turn stops every move into it; the
// moves keep no one out, leave no standoff and cut no support.
func TestHookPrepareBlocked(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "Germany: A mun", "Germany: A ruh", "Italy: A tyr", "Austria: A boh")
	orders := parseAll(t, s.Map, `France: A bur - mun
Germany: A ruh - bur
Germany: A mun S A ruh - bur
Italy: A tyr - mun
Austria: A boh - mun`)
	mun, _ := s.Map.Lookup("mun")
	r := &Rules{Prepare: func(s *State, orders []Order) Turn {
		return Turn{Blocked: map[ProvinceID]string{mun: "munich is gassed"}}
	}}
	std := Adjudicate(s, orders, nil, nil)
	if resultFor(t, std, s.Map, "mun").Code != Cut {
		t.Fatal("standard: the attack on munich did not cut its support")
	}
	out := Adjudicate(s, orders, r, nil)
	for _, p := range []string{"tyr", "boh"} {
		res := resultFor(t, out, s.Map, p)
		if res.Code != Bounced || res.Reason != "munich is gassed" {
			t.Errorf("%s: %+v, want bounced with the variant's reason", p, res)
		}
	}
	if res := resultFor(t, out, s.Map, "mun"); !res.OK {
		t.Errorf("blocked moves cut munich's support: %+v", res)
	}
	// The supported attack on Burgundy dislodges France's unit: its move
	// into the closed province failed.
	if len(out.Next.Dislodged) != 1 || s.Map.LocString(out.Next.Dislodged[0].Unit.Loc) != "bur" {
		t.Fatalf("dislodged %+v, want A bur", out.Next.Dislodged)
	}
	if out.Next.Standoff(mun) {
		t.Error("a closed province was left as a standoff")
	}
	// Nothing may retreat into a closed province either.
	par, _ := s.Map.Lookup("par")
	closed := &Rules{Prepare: func(s *State, orders []Order) Turn {
		return Turn{Blocked: map[ProvinceID]string{par: "annihilated"}}
	}}
	if !containsProv(RetreatOptions(out.Next, out.Next.Dislodged[0], nil), par) {
		t.Fatal("the standard retreats do not include paris; the test proves nothing")
	}
	if opts := RetreatOptions(out.Next, out.Next.Dislodged[0], closed); containsProv(opts, par) {
		t.Fatalf("retreat into a closed province offered: %v", opts)
	}
}

// Davis #15: a support the variant cuts gives nothing, with its reason.
func TestHookPrepareCut(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "France: A pic", "Germany: A bel")
	orders := parseAll(t, s.Map, "France: A pic - bel\nFrance: A bur S A pic - bel")
	bur, _ := s.Map.Lookup("bur")
	if out := Adjudicate(s, orders, nil, nil); len(out.Next.Dislodged) != 1 {
		t.Fatal("standard: the supported attack did not dislodge")
	}
	r := &Rules{Prepare: func(s *State, orders []Order) Turn {
		return Turn{Cut: map[ProvinceID]string{bur: "support cut by the cutter"}}
	}}
	out := Adjudicate(s, orders, r, nil)
	if len(out.Next.Dislodged) != 0 {
		t.Fatal("a cut support still dislodged")
	}
	if res := resultFor(t, out, s.Map, "bur"); res.Code != Cut || res.Reason != "support cut by the cutter" {
		t.Fatalf("support result %+v", res)
	}
}

// A special order is adjudicated as the standard order the variant gives
// in its place, and stays in the results as written.
func TestHookSpecial(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "Germany: A mun")
	p := &Parser{Map: s.Map, Specials: []SpecialSyntax{{Verb: "leap", Name: "leap"}, {Verb: "annihilate", Name: "annihilate"}}}
	orders, errs := p.ParseOrders("", "France: A bur leap mun\nGermany: A mun annihilate bur")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := Adjudicate(s, orders, nil, nil)
	if res := resultFor(t, out, s.Map, "bur"); res.Code != Illegal {
		t.Fatalf("special order without a hook: %+v, want illegal", res)
	}
	r := &Rules{
		Strength: func(s *State, u Unit, role Role) int {
			if u.Power == "france" && role == RoleMove {
				return 2
			}
			return 1
		},
		Special: func(s *State, u Unit, o Order) (Order, string) {
			switch o.Special {
			case "leap":
				to, _ := s.Map.Lookup(o.Args[0])
				return Order{Power: o.Power, Kind: Move, Unit: u.Type, At: u.Loc, To: Loc{P: to}}, ""
			}
			return Order{}, "not today"
		},
	}
	out = Adjudicate(s, orders, r, nil)
	res := resultFor(t, out, s.Map, "bur")
	if !res.OK || res.Order.Kind != Special || !strings.Contains(res.Reason, "moved to Munich") {
		t.Fatalf("leap: %+v", res)
	}
	if res := resultFor(t, out, s.Map, "mun"); res.Code != Illegal || !strings.Contains(res.Reason, "not today") || len(out.Next.Dislodged) != 1 {
		t.Fatalf("refused special: %+v, want the hook's reason and the unit dislodged", res)
	}
}

// A special order may stand for a support or a convoy (Davis #15's "cut
// ... S A par"): the supported or convoyed unit is the effective order's,
// not the special order's (which names none).
func TestHookSpecialAsSupport(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "France: A ruh", "Germany: A mun", "England: F nth", "England: A yor")
	p := &Parser{Map: s.Map, Specials: []SpecialSyntax{{Verb: "helps", Name: "helps"}, {Verb: "ferries", Name: "ferries"}}}
	orders, errs := p.ParseOrders("", "France: A bur - mun\nFrance: A ruh helps bur mun\nEngland: A yor - nwy\nEngland: F nth ferries yor nwy")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	r := &Rules{Special: func(s *State, u Unit, o Order) (Order, string) {
		from, _ := s.Map.Lookup(o.Args[0])
		to, _ := s.Map.Lookup(o.Args[1])
		kind, t := Support, Army
		if o.Special == "ferries" {
			kind = Convoy
		}
		return Order{Power: o.Power, Kind: kind, Unit: u.Type, At: u.Loc, AuxUnit: t, AuxAt: Loc{P: from}, AuxTo: Loc{P: to}}, ""
	}}
	out := Adjudicate(s, orders, r, nil)
	if res := resultFor(t, out, s.Map, "ruh"); !res.OK || res.Order.Kind != Special {
		t.Fatalf("special support: %+v", res)
	}
	if res := resultFor(t, out, s.Map, "bur"); !res.OK || len(out.Next.Dislodged) != 1 {
		t.Fatalf("the supported move: %+v", res)
	}
	if res := resultFor(t, out, s.Map, "yor"); !res.OK {
		t.Fatalf("the convoyed move: %+v", res)
	}
}

// Davis #3, #7: Enter opens a space to some units; they still need a link.
func TestHookEnter(t *testing.T) {
	s := position(t, spring1902, "France: A mar", "Italy: A pie")
	swi, _ := s.Map.Lookup("swi")
	orders := parseAll(t, s.Map, "France: A mar - swi")
	if res := resultFor(t, Adjudicate(s, orders, nil, nil), s.Map, "mar"); res.Code != Illegal {
		t.Fatalf("standard: %+v, want switzerland impassable", res)
	}
	r := &Rules{Enter: func(s *State, u Unit, l Loc) bool { return u.Power == "france" && l.P == swi }}
	out := Adjudicate(s, orders, r, nil)
	if res := resultFor(t, out, s.Map, "mar"); !res.OK {
		t.Fatalf("entering switzerland: %+v", res)
	}
	// The army at sea: Enter lets it, Reach gives the link.
	s2 := position(t, spring1902, "England: A lon")
	nth, _ := s.Map.Lookup("nth")
	orders = parseAll(t, s.Map, "England: A lon - nth")
	r2 := &Rules{
		Enter: func(s *State, u Unit, l Loc) bool { return l.P == nth },
		Reach: func(s *State, u Unit, l Loc) bool { return l.P == nth },
	}
	if res := resultFor(t, Adjudicate(s2, orders, r, nil), s.Map, "lon"); res.Code != Illegal {
		t.Fatalf("army into the sea without Enter: %+v", res)
	}
	out = Adjudicate(s2, orders, r2, nil)
	if res := resultFor(t, out, s.Map, "lon"); !res.OK || out.Next.Map.LocString(out.Next.Units[0].Loc) != "nth" {
		t.Fatalf("amphibious army: %+v", res)
	}
	// Such a position survives a save.
	b, err := MarshalState(out.Next)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := UnmarshalState(s.Map, b); err == nil {
		t.Fatal("a standard state with an army at sea loaded")
	}
}

type upkeepExtra struct {
	free      Loc
	suspended ProvinceID
}

func (e *upkeepExtra) CloneExtra() Extra                          { c := *e; return &c }
func (e *upkeepExtra) FreeUnit(u Unit) bool                       { return u.Loc == e.free }
func (e *upkeepExtra) CentreSuspended(p ProvinceID, _ Phase) bool { return p == e.suspended }

// Davis #19 and #9/#10: free units need no centre; suspended centres count
// for no one and do not change hands.
func TestUpkeepAndSuspendedCentres(t *testing.T) {
	s := position(t, Phase{Year: 1902, Season: Fall, Type: Movement}, "France: A bur", "France: A pic", "France: A gas", "Germany: A bel")
	if n := Adjustments(s)["france"]; n != 0 {
		t.Fatalf("france adjusts %d, want 0 (3 centres, 3 units)", n)
	}
	bel, _ := s.Map.Lookup("bel")
	par, _ := s.Map.Lookup("par")
	s.Extra = &upkeepExtra{free: s.Units[0].Loc, suspended: NoProvince}
	if n := Adjustments(s)["france"]; n != 1 {
		t.Fatalf("with a free unit france adjusts %d, want 1", n)
	}
	s.Extra = &upkeepExtra{free: Nowhere, suspended: par}
	if n := Adjustments(s)["france"]; n != -1 {
		t.Fatalf("with paris suspended france adjusts %d, want -1", n)
	}
	// A suspended centre is not captured in the Fall.
	s.Extra = &upkeepExtra{free: Nowhere, suspended: bel}
	out := Adjudicate(s, parseAll(t, s.Map, "France: A pic - bel\nFrance: A bur S A pic - bel\nGermany: A bel - hol"), nil, nil)
	if out.Next.Owners[bel] != "" {
		t.Fatalf("suspended belgium went to %q", out.Next.Owners[bel])
	}
	// Civil disorder never removes a free unit: France must lose one of
	// three units with two centres, and the furthest is gascony's... unless free.
	s3 := position(t, Phase{Year: 1902, Season: Winter, Type: Adjustment}, "France: A mos", "France: A pic", "France: A gas", "France: A bre")
	s3.Owners[par] = ""
	s3.Extra = &upkeepExtra{free: s3.Units[0].Loc, suspended: NoProvince}
	out = Adjudicate(s3, nil, nil, nil)
	if len(out.Results) != 1 || out.Results[0].Unit.Loc == s3.Units[0].Loc {
		t.Fatalf("removals %+v: want one, not the free unit in moscow", out.Results)
	}
}

// Davis #19 "unless voluntarily removed": a free unit may be disbanded in
// any adjustment phase, and its removal settles none of the removals due.
func TestUpkeepVoluntaryRemoval(t *testing.T) {
	s := position(t, Phase{Year: 1902, Season: Winter, Type: Adjustment}, "France: A mos", "France: A pic", "France: A gas", "France: A bur")
	par, _ := s.Map.Lookup("par")
	s.Extra = &upkeepExtra{free: s.Units[0].Loc, suspended: NoProvince}
	out := Adjudicate(s, parseAll(t, s.Map, "France: disband A mos"), nil, nil)
	if len(out.Results) != 1 || !out.Results[0].OK || len(out.Next.Units) != 3 {
		t.Fatalf("no removal due: %+v", out.Results)
	}
	s.Owners[par] = ""
	out = Adjudicate(s, parseAll(t, s.Map, "France: disband A mos"), nil, nil)
	if len(out.Results) != 2 || !out.Results[0].OK || out.Results[1].Code != Defaulted || len(out.Next.Units) != 2 {
		t.Fatalf("one removal due: %+v", out.Results)
	}
	s.Extra = nil
	out = Adjudicate(s, parseAll(t, s.Map, "France: disband A mos"), nil, nil)
	// Standard: the disband is one of the two removals due.
	if len(out.Results) != 2 || !out.Results[0].OK || len(out.Next.Units) != 2 {
		t.Fatalf("standard: %+v", out.Results)
	}
}

// Davis rule 10: a built unit takes the lowest number free among its
// power's units of its type.
func TestNumberBuilds(t *testing.T) {
	s := position(t, Phase{Year: 1902, Season: Winter, Type: Adjustment}, "France: A pic", "France: A gas")
	s.Units[0].Number, s.Units[1].Number = 1, 3
	bel, _ := s.Map.Lookup("bel")
	s.Owners[bel] = "france"
	orders := parseAll(t, s.Map, "France: build A par\nFrance: build F bre")
	out := Adjudicate(s, orders, &Rules{NumberUnits: true}, nil)
	got := map[string]int{}
	for _, u := range out.Next.Units {
		got[u.Type.String()+" "+s.Map.LocString(u.Loc)] = u.Number
	}
	if got["A par"] != 2 || got["F bre"] != 1 {
		t.Fatalf("numbers %v, want A par 2 and F bre 1", got)
	}
	out = Adjudicate(s, orders, nil, nil)
	if len(out.Next.Units) != 4 {
		t.Fatalf("standard: %d units after two builds", len(out.Next.Units))
	}
	for _, u := range out.Next.Units[2:] {
		if u.Number != 0 {
			t.Fatalf("standard build numbered: %+v", u)
		}
	}
}

// Davis X6: a unit may support where it could not move.
func TestHookSupportReach(t *testing.T) {
	s := position(t, spring1902, "France: A par", "France: A bur", "Germany: A mun")
	orders := parseAll(t, s.Map, "France: A bur - mun\nFrance: A par S A bur - mun")
	if out := Adjudicate(s, orders, nil, nil); resultFor(t, out, s.Map, "par").Code != Illegal {
		t.Fatal("standard: paris supported into munich")
	}
	mun, _ := s.Map.Lookup("mun")
	r := &Rules{SupportReach: func(s *State, u Unit, l Loc) bool { return l.P == mun }}
	if out := Adjudicate(s, orders, r, nil); len(out.Next.Dislodged) != 1 {
		t.Fatalf("the air unit's support did not count: %+v", out.Results)
	}
	// It still may not move there.
	if out := Adjudicate(s, parseAll(t, s.Map, "France: A par - mun"), r, nil); resultFor(t, out, s.Map, "par").Code != Illegal {
		t.Fatal("SupportReach let a unit move")
	}
}

// A seat's outcome is a copy the variant may cut down; the original stays.
func TestOutcomeFor(t *testing.T) {
	s := position(t, spring1902, "France: A par", "Germany: A mun")
	out := Adjudicate(s, parseAll(t, s.Map, "France: A par - bur\nGermany: A mun - bur"), nil, nil)
	r := &Rules{ConcealOutcome: func(before *State, seat Seat, o *Outcome) {
		if seat.GM {
			return
		}
		for i := range o.Results {
			if o.Results[i].Unit.Power != seat.Power {
				o.Results[i].Reason = "hidden"
			}
		}
	}}
	fr := OutcomeFor(s, out, Seat{Power: "france"}, r)
	if resultFor(t, fr, s.Map, "mun").Reason != "hidden" || resultFor(t, fr, s.Map, "par").Reason == "hidden" {
		t.Fatalf("france's outcome: %+v", fr.Results)
	}
	if resultFor(t, out, s.Map, "mun").Reason == "hidden" {
		t.Fatal("OutcomeFor changed the original outcome")
	}
	if gm := OutcomeFor(s, out, Seat{GM: true}, r); resultFor(t, gm, s.Map, "mun").Reason == "hidden" {
		t.Fatal("the game master's outcome was cut down")
	}
}

// Davis #3: a revealed amphibious unit is written "2 Amp" or "2amp".
func TestParseAmp(t *testing.T) {
	m := standardMap(t)
	for _, in := range []string{"France: 2 Amp bur - mun", "France: 2amp bur - mun"} {
		o, err := (&Parser{Map: m}).ParseOrder("", in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if o.Number != 2 || o.Unit != NoUnitType || o.Kind != Move {
			t.Fatalf("%q: %+v", in, o)
		}
	}
}

// Davis #18: the last fleet of a convoy also supports the landing; an
// attack on it that does not dislodge it cuts the support, not the convoy.
func TestHookConvoySupport(t *testing.T) {
	s := position(t, spring1902, "England: A lon", "England: F nth", "France: A bel", "Germany: F hol")
	orders := parseAll(t, s.Map, "England: A lon - bel\nEngland: F nth C A lon - bel")
	if out := Adjudicate(s, orders, nil, nil); len(out.Next.Dislodged) != 0 {
		t.Fatal("standard: a lone convoyed army dislodged a unit")
	}
	r := &Rules{ConvoySupport: func(s *State, f, a Unit) bool { return f.Power == "england" }}
	out := Adjudicate(s, orders, r, nil)
	if len(out.Next.Dislodged) != 1 || !strings.Contains(resultFor(t, out, s.Map, "lon").Reason, "(2 vs 1)") {
		t.Fatalf("the superfleet's support did not count: %+v", out.Results)
	}
	// Germany attacks the fleet: the support is cut, the convoy stands.
	orders = parseAll(t, s.Map, "England: A lon - bel\nEngland: F nth C A lon - bel\nGermany: F hol - nth")
	out = Adjudicate(s, orders, r, nil)
	if res := resultFor(t, out, s.Map, "lon"); len(out.Next.Dislodged) != 0 || res.Code != Bounced {
		t.Fatalf("cut superfleet support still counted: %+v", out.Results)
	}
}

// Davis X2 with #9: a province closed by an order of a later step is
// closed to the moves of an earlier step too (Prepare sees the whole turn).
func TestHookPrepareAcrossSteps(t *testing.T) {
	s := position(t, spring1902, "France: A bur", "Germany: A mun")
	p := &Parser{Map: s.Map, Specials: []SpecialSyntax{{Verb: "annihilate", Name: "annihilate"}}}
	orders, errs := p.ParseOrders("", "France: A bur - ruh\nGermany: A mun annihilate ruh")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	r := &Rules{
		Special: func(s *State, u Unit, o Order) (Order, string) {
			return Order{Power: o.Power, Kind: Hold, Unit: u.Type, At: u.Loc, To: Nowhere, AuxAt: Nowhere, AuxTo: Nowhere}, ""
		},
		Prepare: func(s *State, orders []Order) Turn {
			t := Turn{Blocked: map[ProvinceID]string{}}
			for _, o := range orders {
				if o.Kind == Special {
					p, _ := s.Map.Lookup(o.Args[0])
					t.Blocked[p] = "stood off: annihilated"
				}
			}
			return t
		},
		// France moves first, Germany's annihilation is in the second step.
		Sequence: func(s *State, orders []Order) [][]Order {
			var first, second []Order
			for _, o := range orders {
				if o.Power == "france" {
					first = append(first, o)
				} else {
					second = append(second, o)
				}
			}
			return [][]Order{first, second}
		},
	}
	out := Adjudicate(s, orders, r, nil)
	if res := resultFor(t, out, s.Map, "bur"); res.Code != Bounced || res.Reason != "stood off: annihilated" {
		t.Fatalf("the first step's move into a province closed by the second: %+v", res)
	}
}

// victoryExtra wins with the number of centres it is given.
type victoryExtra struct{ need int }

func (x victoryExtra) CloneExtra() Extra { return x }

func (x victoryExtra) VictoryCentres(*State) int { return x.need }

// TestVictoryTarget: an Extra may change the winning count (Galt rule 9),
// and 0 leaves the Rules' count.
func TestVictoryTarget(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Fall, Type: Movement})
	// The home centres are owned from the start (Russia's four); France
	// takes Spain and Portugal, five.
	owners := map[string]Power{"spa": "france", "por": "france"}
	for abbr, p := range owners {
		id, _ := m.Lookup(abbr)
		s.Owners[id] = p
	}
	if w := Winner(s, nil); w != "" {
		t.Fatalf("standard: %q wins with 5 centres", w)
	}
	s.Extra = victoryExtra{need: 5}
	if w := Winner(s, nil); w != "france" {
		t.Fatalf("need 5: winner %q, want france", w)
	}
	s.Extra = victoryExtra{need: 0}
	if w := Winner(s, nil); w != "" {
		t.Fatalf("need 0 (the rules' 18): %q wins with 5 centres", w)
	}
}
