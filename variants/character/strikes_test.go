package character

import (
	"reflect"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
	"dipdesk/variants/kit/kittest"
)

// TestStrikesRoundTrip: the strike cards' effects and strikesState are
// saved with the position and read back unchanged.
func TestStrikesRoundTrip(t *testing.T) {
	s := cardPosition(t, s1902, "Germany: A mun #9", "Austria: A boh #20", "England: F nth #10", "Russia: F nwy #20",
		"Austria: A vie #11", "Italy: A tyr #20", "France: A bur #20")
	out := adjudicate(t, s, "Germany: A mun annihilate mun\nEngland: F nth gas nwy\nAustria: A vie hypnotise A tyr - pie")
	n := out.Next
	e := n.Extra.(*extra)
	if len(e.Effects.Strikes.Uses) != 3 || len(e.Effects.Closures) == 0 || len(e.Effects.Suspended) != 1 ||
		len(e.Effects.Disorders) != 1 || len(e.Effects.LastUsed) != 2 || len(e.Effects.Hypnotised) != 1 {
		t.Fatalf("effects %+v", e.Effects)
	}
	b, err := engine.MarshalState(n)
	if err != nil {
		t.Fatal(err)
	}
	back, err := engine.UnmarshalStateExtra(n.Map, b, Variant.DecodeExtra)
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if !reflect.DeepEqual(back.Extra, n.Extra) {
		t.Errorf("read back\n%+v\nwant\n%+v", back.Extra.(*extra).Effects, e.Effects)
	}
	// clone is deep.
	c := e.CloneExtra().(*extra)
	c.Effects.Strikes.Uses[0].Why = "changed"
	if e.Effects.Strikes.Uses[0].Why == "changed" {
		t.Error("clone shares the uses")
	}
}

// TestStrikesConceal: rule 3 and card #11 in the state: the public sees
// annihilations and gas attacks; a power its own hypnoses only; a gas
// attack that failed against hypnosis does not say so.
func TestStrikesConceal(t *testing.T) {
	x := strikesState{Uses: []strikeUse{
		{Phase: s1902, Unit: kit.UnitID{Power: "germany", Type: engine.Army, Number: 1}, Card: annihilatorID, Target: "mun", Done: true},
		{Phase: s1902, Unit: kit.UnitID{Power: "austria", Type: engine.Army, Number: 1}, Card: hypnotistID, Target: "tyr", Done: true},
		{Phase: s1902, Unit: kit.UnitID{Power: "england", Type: engine.Fleet, Number: 1}, Card: gasserID, Target: "tyr", Why: gasOnHypnotised},
	}}
	for _, tt := range []struct {
		seat  engine.Seat
		uses  int
		hypno bool
	}{
		{engine.Seat{GM: true}, 3, true},
		{engine.Seat{Power: "austria"}, 3, false},
		{engine.Seat{Power: "germany"}, 2, false},
		{engine.Seat{}, 2, false},
	} {
		c := x.clone()
		c.conceal(tt.seat)
		if len(c.Uses) != tt.uses {
			t.Errorf("%v: %d uses, want %d", tt.seat, len(c.Uses), tt.uses)
		}
		if got := c.Uses[len(c.Uses)-1].Why == gasOnHypnotised; got != tt.hypno {
			t.Errorf("%v: gas failure %q", tt.seat, c.Uses[len(c.Uses)-1].Why)
		}
	}
	if len(x.Uses) != 3 || x.Uses[2].Why != gasOnHypnotised {
		t.Error("conceal changed the original")
	}
	if (strikesState{}).empty() != true || x.empty() {
		t.Error("empty")
	}
	// In an outcome: the gas result hides the hypnosis from others.
	s := cardPosition(t, s1902, "Austria: A vie #11", "Italy: A tyr #20", "Germany: A mun #10")
	out := adjudicate(t, s, "Austria: A vie hypnotise A tyr - pie\nGermany: A mun gas tyr")
	for _, tt := range []struct {
		seat engine.Seat
		says bool
	}{{engine.Seat{GM: true}, true}, {engine.Seat{Power: "austria"}, true}, {engine.Seat{Power: "germany"}, false}, {engine.Seat{}, false}} {
		c := engine.OutcomeFor(s, out, tt.seat, Variant.Rules)
		r := c.Results[2].Reason
		if strings.Contains(r, "hypnosis") != tt.says || !strings.Contains(r, "failed") {
			t.Errorf("%v: gas result %q", tt.seat, r)
		}
	}
}

// TestStrikesSoak plays random games in which some units hold the strike
// cards and give random special orders: no panic, every result has a
// reason, the position saves and reads back, and no seat but the game
// master sees a hypnosis in the public events.
func TestStrikesSoak(t *testing.T) {
	list := mustCards(t)
	strike := []string{annihilatorID, gasserID, hypnotistID}
	done := map[string]int{}
	for seed := uint64(1); seed <= 12; seed++ {
		s := newGame(t, seed)
		e := s.Extra.(*extra)
		for i, u := range s.Units {
			if i%2 == 0 {
				c, _ := lookupCard(list, strike[(i/2+int(seed))%3])
				e.Cards[idOf(u)].Card = c
			}
		}
		rng := engine.NewRand(seed)
		for range 24 {
			orders := kittest.WithSpecials(s, rng, randomSpecial, reg.Rules())
			checkPlanStable(t, s, orders)
			out := engine.Adjudicate(s, orders, Variant.Rules, rng)
			if s.Phase.Type == engine.Movement {
				// The plan from the orders as written is the plan from the
				// results (the After parts rely on it).
				pre := planSummary(planStrikes(s, kit.UnitOrders(s, orders, reg.Rules())), false)
				post := planSummary(planStrikes(s, kit.ResultOrders(out)), false)
				if pre != post {
					t.Errorf("seed %d %v: plan from the orders\n%s\nfrom the results\n%s", seed, s.Phase, pre, post)
				}
			}
			for _, r := range out.Results {
				if r.Reason == "" {
					t.Errorf("seed %d %v: %q has no reason", seed, s.Phase, r.Order.Text)
				}
			}
			for _, seat := range []engine.Seat{{}, {Power: "france"}} {
				c := engine.OutcomeFor(s, out, seat, Variant.Rules)
				for _, ev := range c.Events {
					if strings.Contains(strings.ToLower(ev), "hypno") {
						t.Errorf("seed %d %v: %v sees %q", seed, s.Phase, seat, ev)
					}
				}
				for _, r := range c.Results {
					if r.Order.Special == hypnotiseName && r.Unit.Power != seat.Power {
						t.Errorf("seed %d %v: %v sees %q", seed, s.Phase, seat, r.Order.Text)
					}
				}
			}
			b, err := engine.MarshalState(out.Next)
			if err != nil {
				t.Fatal(err)
			}
			back, err := engine.UnmarshalStateExtra(out.Next.Map, b, Variant.DecodeExtra)
			if err != nil || !reflect.DeepEqual(back.Extra, out.Next.Extra) {
				t.Fatalf("seed %d %v: round trip: %v", seed, s.Phase, err)
			}
			s = out.Next
		}
		for _, u := range s.Extra.(*extra).Effects.Strikes.Uses {
			if u.Done {
				done[u.Card]++
			}
		}
	}
	for _, c := range strike {
		if done[c] == 0 {
			t.Errorf("card #%s never acted in the soak games (%v)", c, done)
		}
	}
	t.Logf("uses that acted: %v", done)
}

// TestStrikesVictory: a suspended centre (#9, #10) counts for no one,
// and the victory count stays 18 (ruling).
func TestStrikesVictory(t *testing.T) {
	for _, suspend := range []bool{false, true} {
		s := cardPosition(t, f1902, "France: A bur #20")
		n := 0
		var last engine.ProvinceID
		for _, p := range s.Map.SupplyCentres() {
			if n < 18 {
				s.Owners[p] = "france"
				last = p
			} else {
				s.Owners[p] = ""
			}
			n++
		}
		if suspend {
			s.Extra.(*extra).Effects.Suspended = []suspension{{Prov: s.Map.Provinces[last].Abbr, ID: last, Until: kit.MoveIndex(f1902), Why: "annihilated"}}
		}
		out := adjudicate(t, s, "")
		if got, want := out.Winner(), engine.Power("france"); (got == want) == suspend {
			t.Errorf("suspended %v: winner %q", suspend, got)
		}
	}
}

// planSummary writes a plan's decisions, the gas attacks only when gas is
// set (before the hypnotist's rewrite a hypnotised gasser's order is still
// there).
func planSummary(p *strikePlan, gas bool) string {
	var b strings.Builder
	for _, a := range p.annihilations {
		b.WriteString(idOf(a.unit).String() + " annihilates\n")
	}
	for _, h := range p.hypnoses {
		b.WriteString(idOf(h.unit).String() + " hypnotises " + idOf(h.victim).String() + " " + h.written.Text)
		if h.ok {
			b.WriteString(" ok")
		}
		b.WriteString("\n")
	}
	if gas {
		for _, g := range p.gases {
			b.WriteString(idOf(g.unit).String() + " gasses")
			if g.ok {
				b.WriteString(" ok")
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// checkPlanStable: the plan is the same from the orders after each
// Rewrite part as from the orders that reach Prepare (gas attacks from the
// hypnotist's rewrite on).
func checkPlanStable(t *testing.T, s *engine.State, orders []engine.Order) {
	t.Helper()
	if s.Phase.Type != engine.Movement {
		return
	}
	afterHyp, _ := hypnotiseRewrite(s, orders, nil)
	afterAll, _ := rewrite(s, orders, engine.NewRand(1))
	a := planSummary(planStrikes(s, kit.UnitOrders(s, afterHyp, reg.Rules())), true)
	b := planSummary(planStrikes(s, kit.UnitOrders(s, afterAll, reg.Rules())), true)
	if a != b {
		t.Errorf("%v: plan after the hypnotist's rewrite\n%s\nafter every rewrite\n%s", s.Phase, a, b)
	}
	if x, y := planSummary(planStrikes(s, kit.UnitOrders(s, orders, reg.Rules())), false), planSummary(planStrikes(s, kit.UnitOrders(s, afterAll, reg.Rules())), false); x != y {
		t.Errorf("%v: plan before the rewrite\n%s\nafter\n%s", s.Phase, x, y)
	}
}
