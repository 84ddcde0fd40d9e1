package engine

import "fmt"

// Adjudicate runs one phase through the pipeline: the variant's Rewrite
// hook, the adjudicator of the phase type, the variant's After hook, the
// change of centre ownership at the end of a Fall, and the step to the
// next phase. rng may be nil for the standard game, which draws nothing.
func Adjudicate(s *State, orders []Order, r *Rules, rng *Rand) *Outcome {
	var events []string
	if r != nil && r.Rewrite != nil {
		orders, events = r.Rewrite(s, orders, rng)
	}
	var out *Outcome
	if r != nil && r.Phase != nil {
		if o, ok := r.Phase(s, orders, rng); ok && o != nil {
			out = o
			if out.Next == nil {
				out.Next = s.Clone()
			}
		}
	}
	switch {
	case out != nil:
	case s.Phase.Type == Movement:
		if r != nil && r.Sequence != nil {
			out = adjudicateSequence(s, r.Sequence(s, orders), r)
		} else {
			out = AdjudicateMovement(s, orders, r)
		}
	case s.Phase.Type == Retreat:
		out = AdjudicateRetreats(s, orders, r)
	case s.Phase.Type == Adjustment:
		out = AdjudicateAdjustments(s, orders, r)
	default:
		out = &Outcome{Phase: s.Phase, Next: s.Clone()}
		out.Events = append(out.Events, fmt.Sprintf("unknown phase type %v; nothing done", s.Phase.Type))
	}
	out.Events = append(events, out.Events...)
	if r != nil && r.After != nil {
		r.After(s, out, rng)
	}
	next := out.Next
	// Centres change hands at the end of a Fall, after its retreats: not
	// after the movement turn when a retreat phase follows it, even with
	// no unit dislodged (a variant's voluntary retreats: Galt's
	// Retreater, "Capture of centers occurs in Fall (after all
	// retreats)").
	retreatNext := s.Phase.Type == Movement && r != nil && r.NextPhase != nil && r.NextPhase(next, s.Phase).Type == Retreat
	if !retreatNext && next.Phase.Type != Adjustment && len(next.Dislodged) == 0 && (next.Phase.Season == Fall || next.Phase.Season == Autumn) {
		UpdateOwnership(next, r)
		if w := Winner(next, r); w != "" {
			out.Winner = w
			out.Events = append(out.Events, fmt.Sprintf("%s has %d centres and wins", next.Map.PowerName(w), next.Centres()[w]))
		}
	}
	if r != nil && r.NextPhase != nil {
		next.Phase = r.NextPhase(next, s.Phase)
	} else {
		next.Phase = StandardNextPhase(next, s.Phase)
	}
	if next.Phase.Type != Retreat {
		// Standoffs matter only to the retreats that follow the movement.
		next.Standoffs = nil
	}
	return out
}

// StandardNextPhase is the standard sequence: after a movement phase its
// retreat phase when units were dislodged; after Fall (movement or
// retreats) the Winter adjustment when a power must build or disband;
// then the next Spring. next is the position after phase p.
func StandardNextPhase(next *State, p Phase) Phase {
	switch {
	case p.Type == Movement && len(next.Dislodged) > 0:
		return Phase{Year: p.Year, Season: p.Season, Type: Retreat}
	case p.Type == Adjustment:
		return Phase{Year: p.Year + 1, Season: Spring, Type: Movement}
	case p.Season == Spring:
		return Phase{Year: p.Year, Season: Fall, Type: Movement}
	case len(Adjustments(next)) > 0:
		return Phase{Year: p.Year, Season: Winter, Type: Adjustment}
	}
	return Phase{Year: p.Year + 1, Season: Spring, Type: Movement}
}

// UpdateOwnership gives each supply centre to the power whose unit stands
// in it (after Fall, rule of the rulebook).
func UpdateOwnership(s *State, r *Rules) {
	for _, u := range s.Units {
		if s.centre(u.Loc.P) && r.occupies(s, u) {
			s.Owners[u.Loc.P] = u.Power
		}
	}
}

// Winner returns the power owning at least the victory count of centres
// (18 in the standard game), or "".
func Winner(s *State, r *Rules) Power {
	need := r.victory()
	if vt, ok := s.Extra.(VictoryTarget); ok {
		if n := vt.VictoryCentres(s); n > 0 {
			need = n
		}
	}
	for p, n := range s.Centres() {
		if n >= need {
			return p
		}
	}
	return ""
}

// adjudicateSequence adjudicates a movement phase in steps: each step's
// orders are resolved with every other unit holding, on the position the
// step before left. Dislodged units leave the board at once and retreat
// together after the last step.
func adjudicateSequence(s *State, steps [][]Order, r *Rules) *Outcome {
	out := &Outcome{Phase: s.Phase}
	if r.Prepare != nil {
		// What the variant decides before resolution holds for the whole
		// turn: a province annihilated or gassed by an order of a later
		// step is closed to the moves of an earlier one too.
		var all []Order
		for _, step := range steps {
			all = append(all, step...)
		}
		turn := r.Prepare(s, all)
		rr := *r
		rr.Prepare = func(*State, []Order) Turn { return turn }
		r = &rr
	}
	cur := s
	var dislodged []Dislodgement
	var standoffs []ProvinceID
	var unordered []Result // units without an order in the first step
	ordered := map[Loc]bool{}
	for k, orders := range steps {
		o := AdjudicateMovement(cur, orders, r)
		for _, res := range o.Results {
			switch {
			case res.Code != Defaulted:
				out.Results = append(out.Results, res)
				ordered[res.Unit.Loc] = true
			case k == 0:
				unordered = append(unordered, res)
			}
		}
		out.Events = append(out.Events, o.Events...)
		dislodged = append(dislodged, o.Next.Dislodged...)
		standoffs = append(standoffs, o.Next.Standoffs...)
		cur = o.Next
		cur.Dislodged, cur.Standoffs = nil, nil
	}
	// A unit ordered in no step is reported once. Units move only in their
	// own step, so a unit is known by where it stood at the start.
	for _, res := range unordered {
		if !ordered[res.Unit.Loc] {
			out.Results = append(out.Results, res)
		}
	}
	next := cur.Clone()
	next.Dislodged = dislodged
	for _, p := range standoffs {
		if next.UnitAt(p) < 0 && !next.Standoff(p) {
			next.Standoffs = append(next.Standoffs, p)
		}
	}
	out.Next = next
	return out
}
