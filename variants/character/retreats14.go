package character

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"

	"dipdesk/engine"
	"dipdesk/resources"
	"dipdesk/variants/kit"
)

// Rule 14, Retreats and Removals:
//
//	a. Following Spring moves, dislodged units for which no Retreat orders
//	have been written will be retreated using Just's Right-Hand Rule.
//	However, a player may specify with his Spring orders that any
//	dislodged unit may be retreated otb, or he may overrule the GM with
//	his Fall orders, prescribing that a unit dislodged in the Spring
//	should be retreated otb instead of following the R.H.R.
//	b. After the Fall moves ... Any dislodged units for which no orders are
//	received will be removed from the board in the Winter season. Players
//	may write orders to have their dislodged units move to a specific
//	province or "otb."
//
// The program plays every retreat phase on its own, so the orders of rule
// 14 are given there: a move, "disband" or "otb". retreatPhase (a
// Rules.Phase part) adjudicates retreat phases:
//
//   - after Spring moves, a dislodged unit without a valid order retreats
//     by the right-hand rule (rightHandRetreat) unless its owner ordered
//     "otb if dislodged" with his Spring orders (Effects.SpringOTB), when
//     it is disbanded; with no legal retreat space it is disbanded;
//   - after Fall moves, a dislodged unit without an order is removed (the
//     standard rule), except a #19 Free Unit, which retreats by the
//     right-hand rule in every season (freeunit.go);
//   - #14 Retreaters' voluntary retreats (retreater.go).
//
// "He may overrule the GM with his Fall orders": a unit the right-hand
// rule retreated after the Spring moves (Effects.RightHand) may be given
// "otb" as its Fall order. It is taken off the board before the Fall moves
// are judged (a Prepare part makes it intangible, an After part at
// priorityRules removes it), as if it had gone off the board in the
// Spring instead: it holds no province, is neither attacked nor
// dislodged, and its card is discarded (the "trade in" of 14.a).
//
// Rule 14 is a rule of the game, not a card's power: the right-hand rule
// and both "otb" orders act from Spring 1901 (rule 7 postpones the cards
// only; addRuleSpecial).

// Special order names of rule 14.
const (
	oTBIfDislodged = "otb if dislodged" // Spring moves: holds; off the board if dislodged in the Spring
	otb            = "otb"              // retreat phase: the disband; Fall moves: the overrule of 14.a
)

func retreats14Parts(r *registry) {
	addRuleSpecial(r, "otb if dislodged", oTBIfDislodged, func(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
		if len(o.Args) > 0 {
			return engine.Order{}, fmt.Sprintf("unexpected %q after \"otb if dislodged\"", strings.Join(o.Args, " "))
		}
		return holdOf(o), ""
	})
	addRuleSpecial(r, "otb", otb, fallOTBAs)
	r.Phase(retreatPhase)
	r.After(priorityOthers, springOTBAfter)
	r.Prepare(fallOTBPrepare)
	r.After(priorityRules, fallOTBAfter)
}

// holdOf is o's unit holding.
func holdOf(o engine.Order) engine.Order {
	return engine.Order{Power: o.Power, Kind: engine.Hold, Unit: o.Unit, Number: o.Number, At: o.At,
		To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
}

// fallOTBAs reads "otb" in a movement phase: with the Fall orders, for a
// unit the right-hand rule retreated after this year's Spring moves, the
// unit holds in the engine's eyes and fallOTBPrepare takes it out of the
// fight; anywhere else it is refused with the order to use.
func fallOTBAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	if len(o.Args) > 0 {
		return engine.Order{}, fmt.Sprintf("unexpected %q after \"otb\"", strings.Join(o.Args, " "))
	}
	if s.Phase.Season != engine.Fall {
		return engine.Order{}, "\"otb\" is a retreat order; with the Spring moves write \"otb if dislodged\" (rule 14.a)"
	}
	if !retreatedByRightHand(s, u) {
		return engine.Order{}, "only a unit the right-hand rule retreated after the Spring moves may be sent off the board with the Fall orders (rule 14.a)"
	}
	return holdOf(o), ""
}

// retreatedByRightHand reports whether u is a unit the right-hand rule
// retreated after this year's Spring moves.
func retreatedByRightHand(s *engine.State, u engine.Unit) bool {
	e, ok := s.Extra.(*extra)
	return ok && slices.Contains(e.Effects.RightHand, idOf(u))
}

// fallOTBUnits returns the units whose one order in orders is a legal
// Fall "otb" (a unit with two orders holds, DATC 4.D.3, and stays).
func fallOTBUnits(s *engine.State, orders []engine.Order) []engine.Unit {
	if s.Phase.Type != engine.Movement || s.Phase.Season != engine.Fall {
		return nil
	}
	count := map[int]int{}
	var out []int
	for _, o := range orders {
		i := kit.OrderUnit(s, &o, reg.Rules())
		if i < 0 || o.Power != "" && o.Power != s.Units[i].Power {
			continue
		}
		count[i]++
		if o.Kind == engine.Special && o.Special == otb && len(o.Args) == 0 && retreatedByRightHand(s, s.Units[i]) {
			out = append(out, i)
		}
	}
	var units []engine.Unit
	for _, i := range out {
		if count[i] == 1 {
			units = append(units, s.Units[i])
		}
	}
	return units
}

// fallOTBPrepare takes the units sent off the board with the Fall orders
// out of the turn's fight: they hold no province, so a move into it meets
// no one, and they are neither attacked nor dislodged.
func fallOTBPrepare(s *engine.State, orders []engine.Order, t *engine.Turn) {
	for _, u := range fallOTBUnits(s, orders) {
		if t.Intangible == nil {
			t.Intangible = map[engine.Unit]bool{}
		}
		t.Intangible[u] = true
	}
}

// fallOTBAfter removes the units sent off the board with the Fall orders
// (their cards are discarded by the life cycle), and forgets the units
// the right-hand rule retreated once the Fall moves are judged: the
// overrule is made with "his Fall orders" only. It runs first among the
// After parts, so no card part sees the units that left.
func fallOTBAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	if s.Phase.Type == engine.Retreat && s.Phase.Season == engine.Spring {
		return // retreatPhase has just listed them
	}
	if e, ok := out.Next.Extra.(*extra); ok {
		e.Effects.RightHand = nil
	}
	for i := range out.Results {
		r := &out.Results[i]
		if r.Order.Kind != engine.Special || r.Order.Special != otb || r.Code == engine.Illegal || r.Unit.Type == engine.NoUnitType {
			continue
		}
		if s.Phase.Type != engine.Movement || !retreatedByRightHand(s, r.Unit) {
			continue
		}
		kit.RemoveUnit(out.Next, idOf(r.Unit))
		r.OK, r.Code = true, engine.OK
		r.Reason = "off the board instead of the right-hand rule's retreat, as ordered with the Fall orders (rule 14.a)"
		out.Events = append(out.Events, fmt.Sprintf("%s %s in %s went off the board, as ordered with the Fall orders instead of its right-hand-rule retreat (rule 14.a)",
			s.Map.PowerName(r.Unit.Power), label(r.Unit.Number, r.Unit.Type), s.Map.LocName(r.Unit.Loc)))
	}
}

var clockwise struct {
	once sync.Once
	n    map[string][]string
	err  error
}

// clockwiseNeighbours returns the neighbours of province abbr clockwise
// from north: the standard board's from resources/maps/standard/
// clockwise.txt (generated from the board geometry by tools/mapgen), and
// those of the spaces the variant adds (the Caspian, the islands) from
// resources/maps/character/clockwise.txt (generated by
// TestClockwiseAddedSpaces).
func clockwiseNeighbours(abbr string) ([]string, error) {
	clockwise.once.Do(func() {
		clockwise.n = map[string][]string{}
		for _, id := range []string{"standard", "character"} {
			b, err := resources.ClockwiseFile(id)
			if err == nil {
				err = readClockwise(b, clockwise.n)
			}
			if err != nil {
				clockwise.err = fmt.Errorf("character: clockwise neighbours of map %s: %w", id, err)
				return
			}
		}
	})
	if clockwise.err != nil {
		return nil, clockwise.err
	}
	n, ok := clockwise.n[abbr]
	if !ok {
		return nil, fmt.Errorf("character: no clockwise neighbours of %q", abbr)
	}
	return n, nil
}

// readClockwise adds the lines of a clockwise neighbour file to n; a
// province listed twice is an error.
func readClockwise(b []byte, n map[string][]string) error {
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if _, dup := n[f[0]]; dup {
			return fmt.Errorf("%s listed twice", f[0])
		}
		n[f[0]] = f[1:]
	}
	return sc.Err()
}

// rightHandRetreat is Just's right-hand rule (rule 14.a): facing the
// province its attacker came from, the dislodged unit takes the first
// legal retreat space turning clockwise (to its right), the attacker's
// own province coming last (legal only after a convoyed attack, DATC
// 4.A.5). Neighbours are the board's, clockwise by bearing from the
// unit's province (for a sea, from its middle; for a fleet on one coast
// of Spain, Bulgaria or St Petersburg, from the province's middle too:
// the coast only narrows the legal spaces). When the attacker's province
// is not a neighbour (a convoy, a two-space move) the turn starts from
// north. Where one province offers two coasts, the first in the order
// north, south, east, west is taken. ok is false when no adjacent space
// is legal: the unit is disbanded.
func rightHandRetreat(s *engine.State, d engine.Dislodgement) (engine.Loc, bool) {
	ring, err := clockwiseNeighbours(s.Map.Provinces[d.Unit.Loc.P].Abbr)
	if err != nil {
		return engine.Nowhere, false
	}
	opts := engine.RetreatOptions(s, d, reg.Rules())
	start := -1
	if d.From != engine.NoProvince && int(d.From) < len(s.Map.Provinces) {
		start = slices.Index(ring, s.Map.Provinces[d.From].Abbr)
	}
	order := append(slices.Clone(ring[start+1:]), ring[:start+1]...)
	for _, abbr := range order {
		p, ok := s.Map.Lookup(abbr)
		if !ok {
			continue
		}
		for _, l := range opts {
			if l.P == p {
				return l, true
			}
		}
	}
	return engine.Nowhere, false
}

// autoNote marks the retreat orders the rules gave (Order.Text).
const autoNote = " (no order: rule 14.a)"

// retreatPhase adjudicates a retreat phase: the standard retreats with
// rule 14's defaults, and the voluntary retreats of #14.
func retreatPhase(s *engine.State, orders []engine.Order, _ *engine.Rand) (*engine.Outcome, bool) {
	if s.Phase.Type != engine.Retreat {
		return nil, false
	}
	e, _ := s.Extra.(*extra)
	rules := reg.Rules()
	var std, vol []engine.Order
	for _, o := range orders {
		if o.Kind == engine.Special && o.Special == otb {
			o.Kind, o.Special, o.Args = engine.Disband, "", nil
		}
		if o.At.Valid() && int(o.At.P) < len(s.Map.Provinces) && e != nil {
			// The province may hold both a dislodged unit and the unit that
			// dislodged it: the engine's one answer for each, and the
			// order's power, tell them apart.
			di := engine.DislodgedOf(s, &o, rules)
			ownDislodged := di >= 0 && (o.Power == "" || o.Power == s.Dislodged[di].Unit.Power)
			if i := kit.OrderUnit(s, &o, rules); !ownDislodged && i >= 0 && slices.Contains(e.Effects.Voluntary, idOf(s.Units[i])) {
				vol = append(vol, o)
				continue
			}
		}
		std = append(std, o)
	}
	ordered := map[int]bool{}
	for _, o := range std {
		if o.At.Valid() {
			if i := engine.DislodgedOf(s, &o, rules); i >= 0 && (o.Power == "" || o.Power == s.Dislodged[i].Unit.Power) {
				if _, why := retreatValid(s, s.Dislodged[i], o); why == "" {
					ordered[i] = true
				}
			}
		}
	}
	reasons := map[string]string{}
	stuck := map[kit.UnitID]bool{}
	for i, d := range s.Dislodged {
		if ordered[i] {
			continue
		}
		free := isFreeUnit(s, d.Unit)
		if s.Phase.Season != engine.Spring && !free {
			continue // rule 14.b: removed, the standard default
		}
		u := d.Unit
		base := engine.Order{Power: u.Power, Unit: u.Type, Number: u.Number, At: u.Loc, To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
		if s.Phase.Season == engine.Spring && e != nil && slices.Contains(e.Effects.SpringOTB, idOf(u)) {
			base.Kind = engine.Disband
			base.Text = base.Format(s.Map) + autoNote
			reasons[base.Text] = "off the board, as ordered with the Spring moves (rule 14.a)"
			std = append(std, base)
			continue
		}
		l, ok := rightHandRetreat(s, d)
		if !ok {
			stuck[idOf(u)] = true // nowhere to go: disbanded
			continue
		}
		base.Kind, base.To = engine.Move, l
		base.Text = base.Format(s.Map) + autoNote
		why := "retreated to %s by Just's right-hand rule (rule 14.a)"
		if free {
			why = "retreated to %s by the right-hand rule: a Free Unit (#19) leaves the board only if annihilated or removed by its owner"
		}
		reasons[base.Text] = fmt.Sprintf(why, s.Map.LocName(l))
		std = append(std, base)
	}
	out := engine.AdjudicateRetreats(s, std, reg.Rules())
	var rightHand []kit.UnitID
	for i := range out.Results {
		r := &out.Results[i]
		if r.Code == engine.Defaulted && stuck[idOf(r.Unit)] {
			r.Reason = "no legal retreat space for the right-hand rule (rule 14.a); disbanded"
			continue
		}
		why, auto := reasons[r.Order.Text]
		if !auto {
			continue
		}
		r.Code = engine.Defaulted
		if r.OK {
			r.Reason = why
			if s.Phase.Season == engine.Spring && r.Order.Kind == engine.Move {
				rightHand = append(rightHand, idOf(r.Unit))
			}
		}
	}
	if ne, ok := out.Next.Extra.(*extra); ok {
		ne.Effects.RightHand = rightHand // 14.a: the owner may overrule these with his Fall orders
	}
	voluntaryRetreats(s, vol, out)
	return out, true
}

// retreatValid checks a retreat-phase order for dislodged unit d as the
// engine will: its destination, or why it is invalid.
func retreatValid(s *engine.State, d engine.Dislodgement, o engine.Order) (engine.Loc, string) {
	switch o.Kind {
	case engine.Disband:
		return engine.Nowhere, ""
	case engine.Move:
	default:
		return engine.Nowhere, "not a retreat"
	}
	var match []engine.Loc
	for _, l := range engine.RetreatOptions(s, d, reg.Rules()) {
		if l.P == o.To.P && (o.To.C == engine.NoCoast || l.C == o.To.C || !s.Map.MultiCoast(l.P) || d.Unit.Type != engine.Fleet) {
			match = append(match, l)
		}
	}
	switch len(match) {
	case 1:
		return match[0], ""
	case 0:
		return engine.Nowhere, "cannot retreat there"
	}
	return engine.Nowhere, "the coast must be given"
}

// springOTBAfter records the units ordered "otb if dislodged" that were
// dislodged in a Spring movement phase (Effects.SpringOTB), and forgets
// the list once their retreat phase is over.
func springOTBAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	e, ok := out.Next.Extra.(*extra)
	if !ok {
		return
	}
	if s.Phase.Type != engine.Movement {
		e.Effects.SpringOTB = nil
		return
	}
	for i := range out.Results {
		r := &out.Results[i]
		if r.Order.Special != oTBIfDislodged || r.Code == engine.Illegal {
			continue
		}
		dislodged := slices.ContainsFunc(out.Next.Dislodged, func(d engine.Dislodgement) bool { return idOf(d.Unit) == idOf(r.Unit) })
		switch {
		case s.Phase.Season != engine.Spring:
			r.Add("; after Fall moves an unordered dislodged unit is removed anyway (rule 14.b)")
		case dislodged:
			if !slices.Contains(e.Effects.SpringOTB, idOf(r.Unit)) {
				e.Effects.SpringOTB = append(e.Effects.SpringOTB, idOf(r.Unit))
			}
			r.Add("; goes off the board unless given a retreat (rule 14.a)")
		}
	}
}
