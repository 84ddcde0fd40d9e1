package questionable

import (
	"fmt"
	"slices"
	"strings"
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
//   - with private reports, no country's copy of the outcome holds a
//     result of another country's order but a character's that acted on
//     its unit or its leader (none refused, and no unit's order given in
//     the characters' step), the public's none of a character's, and no
//     country's view holds what a character did to another country's
//     unit;
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
// characters act, random character orders; as players err, some are
// refused: a character not free to act given an order (a Killer in
// 1901), one against its own country's unit (rule 9), and, in the
// characters' own step, a unit's order.
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
	add := func(power engine.Power, text string) {
		if o, err := p.ParseOrder(power, text); err == nil {
			orders = append(orders, o)
		}
	}
	for _, c := range e.Characters {
		ok, _ := c.available(s.Phase, opt)
		switch {
		case !ok && rng.Intn(4, "soak: an order for a character not free to act?") == 0:
		case !ok || rng.Intn(2, "soak: does the character act?") == 0:
			continue
		case c.Kind != thug && c.Kind != killer && rng.Intn(10, "soak: against its own unit?") == 0:
			if text := ownUnitOrder(s, c, rng); text != "" {
				add(c.Owner, text)
			}
			continue
		}
		if text := randomCharacterOrder(s, c, rng); text != "" {
			add(c.Owner, text)
		}
	}
	if isCharacters(s.Phase) {
		for _, u := range s.Units {
			if ds := s.Map.Destinations(u); len(ds) > 0 && rng.Intn(20, "soak: a unit's order in the characters' step?") == 0 {
				add(u.Power, u.Type.String()+" "+s.Map.LocString(u.Loc)+" - "+s.Map.LocString(ds[rng.Intn(len(ds), "soak: where")]))
			}
		}
	}
	return orders
}

// ownUnitOrder writes character c's order against one of its own
// country's units, which rule 9 refuses.
func ownUnitOrder(s *engine.State, c *character, rng *engine.Rand) string {
	var own []engine.Unit
	for _, u := range s.Units {
		if u.Power == c.Owner {
			own = append(own, u)
		}
	}
	if len(own) == 0 {
		return ""
	}
	u := own[rng.Intn(len(own), "soak: its own unit")]
	text := kinds[c.Kind].verb + " " + u.Type.String() + " " + s.Map.LocString(u.Loc)
	if c.Kind == gambler {
		text += " with " + u.Type.String() + " " + s.Map.LocString(u.Loc)
	}
	return text
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
		}
		for _, p := range append(before.Map.PowerIDs(), "") {
			seen := engine.OutcomeFor(before, out, engine.Seat{Power: p}, Variant.Rules)
			for _, r := range seen.Results {
				if why := privateLeak(before, p, r); why != "" {
					who := string(p)
					if p == "" {
						who = "the public"
					}
					bad = append(bad, fmt.Sprintf("%s reads %s's %q (%s): %s", who, r.Order.Power, r.Order.Format(before.Map), r.Reason, why))
				}
			}
		}
	}
	return bad
}

// privateLeak says why power p ("": the public) may not read result r
// of another country's order with private character reports (ruling
// Q12), or "": a country reads its own orders' results, and the results
// of characters that acted on its units or its leader; a refused order
// acted on nobody, and units take no orders in the characters' step.
func privateLeak(before *engine.State, p engine.Power, r engine.Result) string {
	m := before.Map
	switch {
	case p != "" && r.Order.Power == p:
		return ""
	case !r.Order.SeatOrder() && isCharacters(before.Phase):
		return "a unit's order in the characters' step"
	case !r.Order.SeatOrder():
		return "" // the moves are public
	case p == "":
		return "a character's result"
	case r.Code == engine.Illegal || r.Code == engine.Void:
		return "a refused order acts on nobody"
	case r.Unit.Power == p || namesUnitOf(r, p) || strings.Contains(r.Reason, m.PowerName(p)+"'s leader"):
		return ""
	}
	if k, _ := kindByVerb(r.Order.Special); k == killer || k == thug {
		if l, ok := leaderArg(m, strings.Join(r.Order.Args, " ")); ok && l == p {
			return ""
		}
	}
	return "it did not act on its units or its leader"
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
