package questionable

import (
	"fmt"
	"slices"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit/kittest"
)

// TestSoak plays seeded random games of Questionable Character Diplomacy
// to 1920 (or a solo): random legal orders for the units and, in each
// characters' step, random orders for about half of every country's
// characters free to act, on random targets; every roll from the seed.
// After every step it checks that nothing panicked and that:
//
//   - every unit belongs to exactly one great power, and its id is its
//     own (no two units share one);
//   - every character still exists (49, the seven times seven), has a
//     country, never has a negative count, is in jail only once its
//     sentences are spent, and is dead only if it is a Hooker; a country
//     holds two of a kind only of Killers;
//   - the position survives its JSON round trip;
//   - with private reports, no country's copy of the outcome names
//     another country's character acting on a third, and no country's
//     view holds what a character did to another country's unit;
//   - the characters did something: some succeeded, some were caught.
//
// DIPDESK_SOAK_GAMES (3), DIPDESK_SOAK_YEARS (19) and DIPDESK_SOAK_SEED
// play more.
func TestSoak(t *testing.T) {
	var acted, caught int
	kittest.Soak{
		Variant: Variant,
		Games:   3,
		Years:   19,
		GameOptions: func(i int) map[string]string {
			switch {
			case i%2 == 1:
				return map[string]string{OptionStep: "together", OptionReports: "private", OptionThug: "success"}
			case i%4 == 2:
				// The characters in a step of their own: what they
				// decided for the moves is in the views between the
				// two steps.
				return map[string]string{OptionReports: "private"}
			}
			return nil
		},
		RandomOrders: randomOrders,
		Check: func(before *engine.State, out *engine.Outcome, next *engine.State) []string {
			if out == nil {
				return soakPosition(next)
			}
			for _, r := range out.Results {
				if r.Order.SeatOrder() && r.OK {
					acted++
				}
				if r.Order.SeatOrder() && r.Cause() == CauseCaught {
					caught++
				}
			}
			return soakCheck(before, out)
		},
		Summary: func(*engine.State, int) string {
			return fmt.Sprintf("characters succeeded %d times, were caught %d times so far", acted, caught)
		},
	}.Run(t)
	if acted == 0 || caught == 0 {
		t.Fatalf("in every game the characters succeeded %d times and were caught %d times: the soak plays no characters", acted, caught)
	}
}

// randomOrders are random legal unit orders for s and, where the
// characters act, random character orders.
func randomOrders(s *engine.State, rng *engine.Rand) []engine.Order {
	e := extraOf(s)
	opt := optionsOf(e)
	var orders []engine.Order
	if !isCharacters(s.Phase) {
		orders = engine.RandomOrders(s, rng)
	}
	if !actsNow(s.Phase, opt) {
		return orders
	}
	p := Variant.Parser(s.Map)
	for _, c := range e.Characters {
		if ok, _ := c.available(s.Phase, opt); !ok || rng.Intn(2, "soak: does the character act?") == 0 {
			continue
		}
		if text := randomCharacterOrder(s, c, rng); text != "" {
			o, err := p.ParseOrder(c.Owner, text)
			if err == nil {
				orders = append(orders, o)
			}
		}
	}
	return orders
}

// randomCharacterOrder writes one order for character c on a random
// target of another country (its own, for the Thug).
func randomCharacterOrder(s *engine.State, c *character, rng *engine.Rand) string {
	m := s.Map
	var theirs, own []engine.Unit
	for _, u := range s.Units {
		if u.Power == c.Owner {
			own = append(own, u)
		} else if u.Power != "" {
			theirs = append(theirs, u)
		}
	}
	name := func(u engine.Unit) string { return u.Type.String() + " " + m.LocString(u.Loc) }
	pick := func(us []engine.Unit) (engine.Unit, bool) {
		if len(us) == 0 {
			return engine.Unit{}, false
		}
		return us[rng.Intn(len(us), "soak: the target")], true
	}
	verb := kinds[c.Kind].verb
	switch c.Kind {
	case killer:
		var leaders []string
		for _, p := range m.Powers {
			if p.ID != c.Owner {
				leaders = append(leaders, string(p.ID))
			}
		}
		return verb + " " + leaders[rng.Intn(len(leaders), "soak: the leader")]
	case thug:
		if u, ok := pick(own); ok {
			return verb + " " + name(u)
		}
	case gambler:
		w, ok := pick(own)
		if !ok {
			return ""
		}
		var near []engine.Unit
		for _, u := range theirs {
			if m.Adjacent(engine.Army, engine.Loc{P: w.Loc.P}, u.Loc.P) || slices.ContainsFunc(m.Destinations(w), func(l engine.Loc) bool { return l.P == u.Loc.P }) {
				near = append(near, u)
			}
		}
		if u, ok := pick(near); ok {
			return verb + " " + name(u) + " with " + name(w)
		}
	case briber:
		if u, ok := pick(theirs); ok {
			ds := m.Destinations(u)
			if len(ds) == 0 {
				return verb + " " + name(u) + " H"
			}
			return verb + " " + name(u) + " - " + m.LocString(ds[rng.Intn(len(ds), "soak: the bribed move")])
		}
	default:
		if u, ok := pick(theirs); ok {
			return verb + " " + name(u)
		}
	}
	return ""
}

// soakCheck returns what is wrong after out was adjudicated from before.
func soakCheck(before *engine.State, out *engine.Outcome) []string {
	bad := soakPosition(out.Next)
	if optionsOf(extraOf(before)).private {
		for _, p := range before.Map.PowerIDs() {
			forced, seduced, nmr := turnSeen(out.Next, engine.Seat{Power: p})
			for _, q := range append(append(forced, seduced...), nmr...) {
				if q != p {
					bad = append(bad, fmt.Sprintf("%s's view holds what a character did to %s or its unit", p, q))
				}
			}
			seen := engine.OutcomeFor(before, out, engine.Seat{Power: p}, Variant.Rules)
			for _, r := range seen.Results {
				if r.Order.SeatOrder() && r.Order.Power != p && r.Unit.Power != p && leaderOf(before.Map, r) != p && !namesUnitOf(r, p) {
					bad = append(bad, fmt.Sprintf("%s reads %s's %q", p, r.Order.Power, r.Reason))
				}
			}
		}
	}
	return bad
}

// soakPosition returns what is wrong with position next.
func soakPosition(next *engine.State) []string {
	var bad []string
	ids := map[int32]bool{}
	for _, u := range next.Units {
		if pi, ok := next.Map.Power(u.Power); !ok || pi.Role {
			bad = append(bad, fmt.Sprintf("a unit of no great power: %+v", u))
		}
		if ids[u.ID] || u.ID == 0 {
			bad = append(bad, fmt.Sprintf("unit id %d twice or none", u.ID))
		}
		ids[u.ID] = true
	}
	e := extraOf(next)
	if len(e.Characters) != 49 {
		bad = append(bad, fmt.Sprintf("%d characters", len(e.Characters)))
	}
	count := map[string]int{}
	for _, c := range e.Characters {
		key := string(c.Owner) + " " + c.Kind.String()
		count[key]++
		switch {
		case c.Owner == "":
			bad = append(bad, fmt.Sprintf("character %d has no country", c.ID))
		case c.Caught < 0 || c.FreeFrom < 0:
			bad = append(bad, fmt.Sprintf("character %d: a negative count", c.ID))
		case c.Jailed && c.Caught <= len(kinds[c.Kind].sentences):
			bad = append(bad, fmt.Sprintf("%s jailed after %d catches", key, c.Caught))
		case c.Dead && c.Kind != hooker:
			bad = append(bad, key+" dead")
		case count[key] > 1 && c.Kind != killer:
			bad = append(bad, key+" twice")
		}
	}
	return append(bad, kittest.RoundTrip(next, Variant.DecodeExtra)...)
}

// namesUnitOf reports whether r's words name a unit of p's as it stood
// when named: a unit taken from p by an Embezzler or a Gambler is the
// thief's by the time the result is written, and p reads the theft
// (ruling Q12).
func namesUnitOf(r engine.Result, p engine.Power) bool {
	for _, n := range r.Names() {
		if n.Unit.Power == p {
			return true
		}
	}
	return false
}
