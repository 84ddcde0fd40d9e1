package engine

import (
	"fmt"
	"slices"
)

// Adjudicate runs one phase through the pipeline: the variant's Rewrite
// hook, the adjudicator of the phase type, the variant's After hook, the
// change of centre ownership at the end of a Fall, and the step to the
// next phase. rng may be nil for the standard game, which draws nothing.
func Adjudicate(s *State, orders []Order, r *Rules, rng *Rand) *Outcome {
	var events []string
	seatOrders := slices.DeleteFunc(slices.Clone(orders), func(o Order) bool { return !o.SeatOrder() })
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
	if out == nil && len(seatOrders) > 0 {
		// The standard adjudicators judge units' orders; a seat's orders
		// are the variant's hooks' to judge.
		orders = slices.DeleteFunc(slices.Clone(orders), func(o Order) bool { return o.SeatOrder() })
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
	reportSeatOrders(out, seatOrders)
	next := out.Next
	next.GiveIDs()
	if r != nil && r.Settle != nil {
		r.Settle(s, out)
	} else {
		StandardSettle(s, out, r)
	}
	if out.End != nil && out.End.Why != "" {
		out.Events = append(out.Events, out.End.Why)
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

// reportSeatOrders gives a result to each seat order that no hook
// judged: the phase has no such order.
func reportSeatOrders(out *Outcome, seat []Order) {
	for _, o := range seat {
		judged := slices.ContainsFunc(out.Results, func(r Result) bool {
			return r.Order.SeatOrder() && r.Order.Power == o.Power && r.Order.Special == o.Special && r.Order.Text == o.Text
		})
		if !judged {
			out.Results = append(out.Results, Result{Order: o, Code: Illegal,
				Reason: fmt.Sprintf("no %q order is possible in %s", o.Special, out.Phase)})
		}
	}
}

// AdjudicateStep adjudicates like Adjudicate and says what stopped it: a
// *NeedDraw when rng asks for a value nobody has entered yet (Rand.Ask),
// a *DrawError when rng's script does not fit the draws the rules ask
// for. A front end then asks the game master for the value and runs the
// phase again with it in the script; nothing is changed meanwhile.
func AdjudicateStep(s *State, orders []Order, r *Rules, rng *Rand) (out *Outcome, err error) {
	err = CatchDraws(func() { out = Adjudicate(s, orders, r, rng) })
	if err != nil {
		return nil, err
	}
	return out, nil
}

// CatchDraws runs f, which draws from a Rand that asks or plays a script
// (Variant.NewGame's Setup, a phase), and returns the *NeedDraw or
// *DrawError that stopped it, or nil. Any other panic goes on.
func CatchDraws(f func()) (err error) {
	defer func() {
		if x := recover(); x != nil {
			st, ok := x.(drawStop)
			if !ok {
				panic(x)
			}
			err = st.err
		}
	}()
	f()
	return nil
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

// StandardSettle is the standard game's settling of a phase: at the end
// of a Fall, after its retreats, centres change hands (UpdateOwnership)
// and a power with the victory count of centres wins (Winner). Not after
// the movement turn when a retreat phase follows it, even with no unit
// dislodged (a variant's voluntary retreats: Galt's Retreater, "Capture
// of centers occurs in Fall (after all retreats)"). before is the
// position adjudicated, out its outcome, whose Next is still in the
// phase adjudicated.
func StandardSettle(before *State, out *Outcome, r *Rules) {
	next := out.Next
	retreatNext := before.Phase.Type == Movement && r != nil && r.NextPhase != nil && r.NextPhase(next, before.Phase).Type == Retreat
	if retreatNext || next.Phase.Type == Adjustment || len(next.Dislodged) > 0 || (next.Phase.Season != Fall && next.Phase.Season != Autumn) {
		return
	}
	UpdateOwnership(next, r)
	if w := Winner(next, r); w != "" {
		out.End = &GameEnd{Winners: []Power{w}, Why: fmt.Sprintf("%s has %d centres and wins", next.Map.PowerName(w), next.Centres()[w])}
	}
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
// (18 in the standard game), or "": the one with the most, ties to the
// first by id.
func Winner(s *State, r *Rules) Power {
	need := r.victory()
	if vt, ok := s.Extra.(VictoryTarget); ok {
		if n := vt.VictoryCentres(s); n > 0 {
			need = n
		}
	}
	// The most centres wins; a tie (possible when a variant lowers the
	// count) goes to the first power by id, so the result never depends on
	// the order of a map.
	var best Power
	most := 0
	for p, n := range s.Centres() {
		if n >= need && (n > most || (n == most && p < best)) {
			best, most = p, n
		}
	}
	return best
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
	// Rules.SequenceMovesOn: units dislodged in a step that move in a later
	// one, with how they were dislodged and the words of it.
	type onward struct {
		d   Dislodgement
		why string
	}
	var moving []onward
	spent := map[Unit]OrderKind{} // Rules.HoldStrength: the orders units gave in an earlier step
	for k, orders := range steps {
		passing := map[int]bool{}
		cur.Dislodged = nil
		for _, w := range moving {
			cur.Units = append(cur.Units, w.d.Unit)
			passing[len(cur.Units)-1] = true
			cur.Dislodged = append(cur.Dislodged, w.d)
		}
		o := adjudicateMovement(cur, orders, r, passing, spent)
		for _, res := range o.Results {
			switch res.Order.Kind {
			case Hold, Support, Convoy:
				if res.Code != Defaulted && res.Code != NoUnit && res.Code != NotOwner {
					spent[res.Unit] = res.Order.Kind
				}
			}
		}
		var still []onward
		for _, res := range o.Results {
			if w := slices.IndexFunc(moving, func(w onward) bool { return w.d.Unit == res.Unit }); w >= 0 && res.Code != NoUnit {
				if res.Code == Defaulted || res.Order.Kind != Move {
					still = append(still, moving[w])
					continue
				}
				res.Reason += "; it had been " + moving[w].why
				if !res.OK {
					res.Reason += ", so it retreats"
					dislodged = append(dislodged, moving[w].d)
				}
				out.Results = append(out.Results, res)
				continue
			}
			switch {
			case res.Code == Dislodged && r.SequenceMovesOn && movesLater(cur, r, res.Unit, steps[k+1:]):
				// Reported with its later move.
			case res.Code != Defaulted:
				out.Results = append(out.Results, res)
				ordered[res.Unit.Loc] = true
			case k == 0:
				unordered = append(unordered, res)
			}
		}
		out.Events = append(out.Events, o.Events...)
		for _, d := range o.Next.Dislodged {
			if r.SequenceMovesOn && movesLater(cur, r, d.Unit, steps[k+1:]) {
				why := "dislodged"
				for _, res := range o.Results {
					if res.Unit == d.Unit && res.Dislodged() != "" {
						why = res.Dislodged()
					}
				}
				still = append(still, onward{d, why})
				ordered[d.Unit.Loc] = true
				continue
			}
			dislodged = append(dislodged, d)
		}
		standoffs = append(standoffs, o.Next.Standoffs...)
		cur = o.Next
		// A unit moving on that made its move is where it went; one that
		// failed, or is still to move, is taken off the board again.
		kept := cur.Units[:0]
		for _, u := range cur.Units {
			if slices.ContainsFunc(still, func(w onward) bool { return w.d.Unit == u }) {
				continue
			}
			if slices.ContainsFunc(moving, func(w onward) bool { return w.d.Unit == u }) && slices.ContainsFunc(dislodged, func(d Dislodgement) bool { return d.Unit == u }) {
				continue
			}
			kept = append(kept, u)
		}
		cur.Units = kept
		moving = still
		cur.Dislodged, cur.Standoffs = nil, nil
	}
	for _, w := range moving {
		dislodged = append(dislodged, w.d)
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

// movesLater reports whether u is ordered to move in one of steps.
func movesLater(s *State, r *Rules, u Unit, steps [][]Order) bool {
	for _, step := range steps {
		for k := range step {
			if step[k].Kind == Move && r.names(s, &step[k], u) {
				return true
			}
		}
	}
	return false
}
