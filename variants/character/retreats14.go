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
)

// Rule 14, Retreats and Removals:
//
//	a. Following Spring moves, dislodged units for which no Retreat orders
//	have been written will be retreated using Just's Right-Hand Rule.
//	However, a player may specify with his Spring orders that any
//	dislodged unit may be retreated OTB, or he may overrule the GM with
//	his Fall orders, prescribing that a unit dislodged in the Spring
//	should be retreated OTB instead of following the R.H.R.
//	b. After the Fall moves ... Any dislodged units for which no orders are
//	received will be removed from the board in the Winter season. Players
//	may write orders to have their dislodged units move to a specific
//	province or "OTB."
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
// The right-hand rule applies from Spring 1901: it is a rule of the game,
// not a card's power (rule 7 postpones the cards only). "otb if dislodged"
// is a special order and so, like every special order, possible from
// 1902 (registry.go); in 1901 the player disbands in the retreat phase.

// Special order names of rule 14.
const (
	OTBIfDislodged = "otb if dislodged" // movement phase: holds; off the board if dislodged in the Spring
	OTB            = "otb"              // retreat phase: the disband
)

var _ = register(func() {
	addSpecial("otb if dislodged", OTBIfDislodged, func(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
		if len(o.Args) > 0 {
			return engine.Order{}, fmt.Sprintf("unexpected %q after \"otb if dislodged\"", strings.Join(o.Args, " "))
		}
		return engine.Order{Power: o.Power, Kind: engine.Hold, Unit: o.Unit, Number: o.Number, At: o.At,
			To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}, ""
	})
	addSpecial("otb", OTB, func(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
		return engine.Order{}, "\"otb\" is a retreat order; with the Spring moves write \"otb if dislodged\" (rule 14.a)"
	})
	parts.phase = append(parts.phase, retreatPhase)
	addAfter(PriorityOthers, springOTBAfter)
})

var clockwise struct {
	once sync.Once
	n    map[string][]string
	err  error
}

// clockwiseNeighbours returns the neighbours of province abbr of the
// standard board clockwise from north (resources/maps/standard/
// clockwise.txt, generated from the board geometry by tools/mapgen).
func clockwiseNeighbours(abbr string) ([]string, error) {
	clockwise.once.Do(func() {
		b, err := resources.ClockwiseFile("standard")
		if err != nil {
			clockwise.err = err
			return
		}
		clockwise.n = map[string][]string{}
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) == 0 || strings.HasPrefix(f[0], "#") {
				continue
			}
			clockwise.n[f[0]] = f[1:]
		}
		clockwise.err = sc.Err()
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
	opts := engine.RetreatOptions(s, d, Variant.Rules)
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
	e, _ := s.Extra.(*Extra)
	var std, vol []engine.Order
	for _, o := range orders {
		if o.Kind == engine.Special && o.Special == OTB {
			o.Kind, o.Special, o.Args = engine.Disband, "", nil
		}
		if o.At.Valid() && int(o.At.P) < len(s.Map.Provinces) && e != nil {
			// The province may hold both a dislodged unit and the unit that
			// dislodged it: the order's power tells them apart.
			di := s.DislodgedAt(o.At.P)
			ownDislodged := di >= 0 && (o.Power == "" || o.Power == s.Dislodged[di].Unit.Power)
			if i := s.UnitAt(o.At.P); !ownDislodged && i >= 0 && (o.Power == "" || o.Power == s.Units[i].Power) &&
				slices.Contains(e.Effects.Voluntary, IDOf(s.Units[i])) {
				vol = append(vol, o)
				continue
			}
		}
		std = append(std, o)
	}
	ordered := map[int]bool{}
	for _, o := range std {
		if o.At.Valid() {
			if i := s.DislodgedAt(o.At.P); i >= 0 && (o.Power == "" || o.Power == s.Dislodged[i].Unit.Power) {
				if _, why := retreatValid(s, s.Dislodged[i], o); why == "" {
					ordered[i] = true
				}
			}
		}
	}
	reasons := map[string]string{}
	stuck := map[UnitID]bool{}
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
		if s.Phase.Season == engine.Spring && e != nil && slices.Contains(e.Effects.SpringOTB, IDOf(u)) {
			base.Kind = engine.Disband
			base.Text = base.Format(s.Map) + autoNote
			reasons[base.Text] = "off the board, as ordered with the Spring moves (rule 14.a)"
			std = append(std, base)
			continue
		}
		l, ok := rightHandRetreat(s, d)
		if !ok {
			stuck[IDOf(u)] = true // nowhere to go: disbanded
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
	out := engine.AdjudicateRetreats(s, std, Variant.Rules)
	for i := range out.Results {
		r := &out.Results[i]
		if r.Code == engine.Defaulted && stuck[IDOf(r.Unit)] {
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
		}
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
	for _, l := range engine.RetreatOptions(s, d, Variant.Rules) {
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
	e, ok := out.Next.Extra.(*Extra)
	if !ok {
		return
	}
	if s.Phase.Type != engine.Movement {
		e.Effects.SpringOTB = nil
		return
	}
	for i := range out.Results {
		r := &out.Results[i]
		if r.Order.Special != OTBIfDislodged || r.Code == engine.Illegal {
			continue
		}
		dislodged := slices.ContainsFunc(out.Next.Dislodged, func(d engine.Dislodgement) bool { return IDOf(d.Unit) == IDOf(r.Unit) })
		switch {
		case s.Phase.Season != engine.Spring:
			r.Reason += "; after Fall moves an unordered dislodged unit is removed anyway (rule 14.b)"
		case dislodged:
			if !slices.Contains(e.Effects.SpringOTB, IDOf(r.Unit)) {
				e.Effects.SpringOTB = append(e.Effects.SpringOTB, IDOf(r.Unit))
			}
			r.Reason += "; goes off the board unless given a retreat (rule 14.a)"
		}
	}
}
