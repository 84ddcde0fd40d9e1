package questionable

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
)

// intent is one character's order, read against the position: who acts,
// on whom, and what it wants.
type intent struct {
	order engine.Order // the seat order as given
	kind  kind
	power engine.Power
	char  *character // the character that acts
	// target is the unit acted on (its id), or 0 when the target is a
	// country's leader (leader).
	target int32
	leader engine.Power
	// working is the Gambler's working piece (its id).
	working int32
	// wants is the order a Briber wants its target to carry out (rule 1),
	// and, in a game whose characters act with the moves, the order an
	// Embezzler or a Gambler gives the unit it takes (rules 2, 4).
	wants *engine.Order
	// why is the reason the order cannot be carried out; "" when it can.
	why string
	// done is set once the character's result is written; res is then
	// its index among the resolver's results.
	done bool
	res  int
}

// readIntents reads the characters' orders among orders, against the
// position s before any is resolved: each finds a character of its kind
// free to act (a power with two Killers may give two kill orders), its
// target, and, where the order is impossible, why (rule 9: no country
// orders a character against itself, the Thug excepted).
func readIntents(s *engine.State, e *extra, orders []engine.Order, opt options) []*intent {
	p := &engine.Parser{Map: s.Map}
	used := map[int]bool{}
	var out []*intent
	for _, o := range orders {
		if !o.SeatOrder() {
			continue
		}
		k, ok := kindByVerb(o.Special)
		if !ok {
			continue
		}
		in := &intent{order: o, kind: k, power: o.Power}
		out = append(out, in)
		if pi, ok := s.Map.Power(o.Power); !ok || pi.Role {
			in.why = "only a great power has characters"
			continue
		}
		in.char, in.why = freeCharacter(s, e, o.Power, k, used, opt)
		if in.why != "" {
			continue
		}
		used[in.char.ID] = true
		in.why = in.read(s, p, strings.Join(o.Args, " "), opt)
	}
	return out
}

// freeCharacter finds power's character of kind k free to act in s's turn
// and not yet given an order.
func freeCharacter(s *engine.State, e *extra, power engine.Power, k kind, used map[int]bool, opt options) (*character, string) {
	cs := charactersOf(e.Characters, power, k)
	if len(cs) == 0 {
		return nil, fmt.Sprintf("%s has no %s", s.Map.PowerName(power), k)
	}
	why := ""
	for _, c := range cs {
		if used[c.ID] {
			why = fmt.Sprintf("%s's %s has an order already", s.Map.PowerName(power), k)
			continue
		}
		if ok, w := c.available(s.Phase, opt); !ok {
			why = fmt.Sprintf("%s's %s %s", s.Map.PowerName(power), k, w)
			continue
		}
		return c, ""
	}
	return nil, why
}

// read reads the order's words (args): its target and what it wants.
func (in *intent) read(s *engine.State, p *engine.Parser, args string, opt options) string {
	m := s.Map
	switch in.kind {
	case killer:
		pw, ok := leaderArg(m, args)
		if !ok {
			return fmt.Sprintf("kill names a country's leader: kill france (not %q)", args)
		}
		if pw == in.power {
			return "no country orders a character against itself (rule 9)"
		}
		in.leader = pw
		return ""
	case thug:
		if pw, ok := leaderArg(m, args); ok {
			in.leader = pw
			return ""
		}
		u, o, why := unitArg(s, p, args)
		if why != "" {
			return why
		}
		if why := in.noOrderWanted(o, opt); why != "" {
			return why
		}
		in.target = u.ID
		return ""
	case gambler:
		target, with, ok := strings.Cut(args, " with ")
		if !ok {
			return in.noWorkingPiece(s, p, args, opt)
		}
		w, _, why := unitArg(s, p, with)
		if why != "" {
			return "the working piece: " + why
		}
		if w.Power != in.power {
			return "the working piece must be one of " + m.PowerName(in.power) + "'s"
		}
		in.working = w.ID
		u, o, why := unitArg(s, p, target)
		if why != "" {
			return why
		}
		if why := in.noOrderWanted(o, opt); why != "" {
			return why
		}
		in.target = u.ID
		if !opt.separate {
			in.wants = o
		}
	default:
		u, o, why := unitArg(s, p, args)
		if why != "" {
			return why
		}
		if why := in.noOrderWanted(o, opt); why != "" {
			return why
		}
		in.target = u.ID
		if in.kind == briber || (in.kind == embezzler && !opt.separate) {
			in.wants = o
		}
	}
	u := s.Units[s.UnitByID(in.target)]
	if u.Power == in.power {
		return "no country orders a character against itself (rule 9)"
	}
	if in.kind == gambler {
		// No unit moves before the moves: a piece that does not touch
		// its target never will this turn, whatever the characters do,
		// so the Gambler is refused before the order of the Gamblers is
		// drawn (ruling Q10).
		if w := s.Units[s.UnitByID(in.working)]; !touches(m, w, u, opt) {
			return fmt.Sprintf("its working piece, %s, does not touch %s (rule 4)", unitLabel(m, w), unitLabel(m, u))
		}
	}
	return ""
}

// noWorkingPiece says why a Gambler's order naming no working piece
// (args, its target alone: "gamble A war") cannot be carried out: a
// target of its own country's (rule 9), or one no piece of its country's
// touches (rule 4), as the order would be with any piece; otherwise how
// the order is written. A Gambler dropped on a unit in the window is
// told so.
func (in *intent) noWorkingPiece(s *engine.State, p *engine.Parser, args string, opt options) string {
	const how = "gamble names the target, then the working piece: gamble F tri with A ven (and, with the moves, its order: gamble F tri - alb with A ven)"
	u, _, why := unitArg(s, p, args)
	switch {
	case why != "":
		return how
	case u.Power == in.power:
		return "no country orders a character against itself (rule 9)"
	case !slices.ContainsFunc(s.Units, func(w engine.Unit) bool { return w.Power == in.power && touches(s.Map, w, u, opt) }):
		return fmt.Sprintf("no piece of %s's touches %s, so the Gambler has no piece to work with (rule 4)", s.Map.PowerName(in.power), unitLabel(s.Map, u))
	}
	return how
}

// noOrderWanted refuses an order for the target (o, other than a hold)
// given to a character that does nothing with it, rather than ignore the
// player's words: only the Briber wants its target's order (rule 1), and
// the Embezzler and the Gambler only when the moves are ordered with the
// characters (ruling Q2); the Dealer, the Hooker and the Thug name their
// target alone.
func (in *intent) noOrderWanted(o *engine.Order, opt options) string {
	if o == nil || o.Kind == engine.Hold {
		return ""
	}
	switch {
	case in.kind == briber:
		return ""
	case (in.kind == embezzler || in.kind == gambler) && !opt.separate:
		return ""
	case in.kind == embezzler || in.kind == gambler:
		return fmt.Sprintf("the %s names its target alone: the characters act in a step of their own, and the unit it takes is ordered in the moves that follow (ruling Q2)", in.kind)
	}
	return fmt.Sprintf("the %s names its target alone, not an order for it", in.kind)
}

// unitArg reads a unit and, after it, an order for it ("A war - ukr";
// "A war" alone is a hold).
func unitArg(s *engine.State, p *engine.Parser, text string) (engine.Unit, *engine.Order, string) {
	text = strings.TrimSpace(text)
	if text == "" {
		return engine.Unit{}, nil, "the order names no unit"
	}
	o, err := p.ParseOrder("", text)
	if err != nil {
		return engine.Unit{}, nil, fmt.Sprintf("%q: %v", text, err)
	}
	i := engine.UnitOf(s, &o, nil)
	if i < 0 {
		return engine.Unit{}, nil, "no unit in " + s.Map.LocName(o.At.Prov())
	}
	u := s.Units[i]
	o.Power = u.Power
	return u, &o, ""
}

// leaderArg reads a country's leader: "france", "leader france", "the
// French leader", "france's leader". A power's initial is not enough: "A"
// is an army.
func leaderArg(m *engine.Map, args string) (engine.Power, bool) {
	var rest []string
	for _, w := range strings.Fields(strings.ToLower(args)) {
		w = strings.TrimSuffix(w, "'s")
		if w != "leader" && w != "the" && w != "of" {
			rest = append(rest, w)
		}
	}
	if len(rest) != 1 || len(rest[0]) < 2 {
		return "", false
	}
	p, ok := m.LookupPower(rest[0])
	if !ok {
		return "", false
	}
	if pi, _ := m.Power(p); pi.Role {
		return "", false
	}
	return p, true
}
