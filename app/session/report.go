package session

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"dipdesk/app/store"
	"dipdesk/engine"
)

// Report writes the report a game master mails to the players or prints
// in a zine: the orders of an adjudicated phase with their results and
// reasons, the dislodged units and where they may retreat, the supply
// centre chart and the adjustments due. For a phase not yet adjudicated
// it lists the orders the seat may see. name "" is the last adjudicated
// phase.
func (g *Game) Report(name string, seat engine.Seat) (string, error) {
	ps, next, err := g.reportPhases(name)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s, %s (%s)\n", g.variant.Name, baseName(g.Path()), g.m.StepName(ps.State.Phase), ps.State.Phase.Key())
	if !ps.Phase.Adjudicated {
		orders, err := g.Orders(ps.Phase)
		if err != nil {
			return "", err
		}
		v := engine.ViewFor(ps.State, orders, seat, g.variant.Rules)
		fmt.Fprintf(&b, "\nNot yet adjudicated: %s. Orders in from: %s\n", g.ActingWords(g.acting(ps.State)), g.powerList(v.Submitted))
		g.writeOrders(&b, v.Pending)
		if seat.GM {
			if err := g.writeEntered(&b, ps); err != nil {
				return "", err
			}
		}
		g.writeCentres(&b, v.State)
		return b.String(), nil
	}
	results, nextState, err := g.seatResults(ps, seat)
	if err != nil {
		return "", err
	}
	g.writeResults(&b, results)
	if err := g.writeDraws(&b, ps, seat); err != nil {
		return "", err
	}
	if err := g.writeEnd(&b, ps); err != nil {
		return "", err
	}
	if next != nil {
		if nextState == nil {
			nextState = engine.ViewFor(next.State, nil, seat, g.variant.Rules).State
		}
		g.writeDislodged(&b, nextState)
		g.writeCentres(&b, nextState)
		if nextState.Phase.Type == engine.Adjustment {
			g.writeAdjustments(&b, nextState)
		}
		fmt.Fprintf(&b, "\nNext: %s (%s)\n", g.m.StepName(nextState.Phase), nextState.Phase.Key())
	}
	return b.String(), nil
}

// seatResults returns the results of the adjudicated phase ps as seat may
// know them, and the next position as seat sees it. A variant that
// conceals parts of its outcomes (Rules.ConcealOutcome) is replayed and
// cut down for the seat (SeatOutcome); otherwise the stored results are
// what everyone may read, as in the standard game once orders are
// revealed, and nextState is nil.
func (g *Game) seatResults(ps PhaseState, seat engine.Seat) ([]store.Result, *engine.State, error) {
	if r := g.variant.Rules; r == nil || r.ConcealOutcome == nil {
		results, err := g.file.Results(ps.Phase.ID)
		return results, nil, err
	}
	out, err := g.SeatOutcome(ps, seat)
	if err != nil {
		return nil, nil, err
	}
	var results []store.Result
	for i, r := range out.Results {
		results = append(results, store.Result{Index: i, Power: string(r.Order.Power), Order: r.Order.Format(g.m),
			OK: r.OK, Code: r.Code.String(), Reason: r.Reason})
	}
	for _, e := range out.Events {
		results = append(results, store.Result{Index: len(results), OK: true, Code: "event", Reason: e})
	}
	return results, out.Next, nil
}

// reportPhases finds the phase to report (by its key: the one live phase
// of that key) and the one after it.
func (g *Game) reportPhases(name string) (PhaseState, *PhaseState, error) {
	phases, err := g.file.Phases(false)
	if err != nil {
		return PhaseState{}, nil, err
	}
	idx := -1
	if name == "" {
		for i, p := range phases {
			if p.Adjudicated {
				idx = i
			}
		}
		if idx < 0 {
			idx = len(phases) - 1
		}
	} else {
		ph, err := engine.ParsePhase(name)
		if err != nil {
			return PhaseState{}, nil, err
		}
		idx = slices.IndexFunc(phases, func(p store.Phase) bool { return p.Name == ph.Key() })
		if idx < 0 {
			return PhaseState{}, nil, fmt.Errorf("%w %s in %s", ErrNoPhase, ph.Key(), g.Path())
		}
	}
	ps, err := g.decode(phases[idx])
	if err != nil {
		return PhaseState{}, nil, err
	}
	if idx+1 < len(phases) {
		next, err := g.decode(phases[idx+1])
		if err != nil {
			return PhaseState{}, nil, err
		}
		return ps, &next, nil
	}
	return ps, nil, nil
}

// writeDraws lists the draws made when ps was adjudicated, each with what
// it was for and its value (a die as its face): those seat may read
// (SeatDraws). The game master reads every one; a seat and the public read
// the dice only, rolled in the open (a hidden draw, a shuffle's swaps,
// would tell a secret by its reason or its value), and none of a step
// whose results the variant hides from them in part.
func (g *Game) writeDraws(b *strings.Builder, ps PhaseState, seat engine.Seat) error {
	draws, err := g.PhaseDraws(ps)
	if err != nil {
		return err
	}
	mine, err := g.SeatDraws(ps, seat)
	if err != nil {
		return err
	}
	var lines []string
	for i, d := range draws {
		// The draws keep their numbers: the seat's are a subset, in order.
		if len(mine) == 0 || mine[0] != d {
			continue
		}
		mine = mine[1:]
		lines = append(lines, fmt.Sprintf("  %d. %s: %s", i+1, d.Why, DrawWords(d)))
	}
	if len(lines) > 0 {
		fmt.Fprintf(b, "\nDraws:\n%s\n", strings.Join(lines, "\n"))
	}
	return nil
}

// DrawWords says a draw's value as people read it: "rolled 3 on a d6",
// "picked 2 of 0..4", "7 of 0..9", and who entered it.
func DrawWords(d engine.Draw) string {
	var s string
	switch d.Kind {
	case engine.DrawDie:
		s = fmt.Sprintf("rolled %d on a d%d", d.Shown(), d.N)
	case engine.DrawPick:
		s = fmt.Sprintf("picked %d of 0..%d", d.Value, d.N-1)
	default:
		s = fmt.Sprintf("%d of 0..%d", d.Value, d.N-1)
	}
	if d.Entered {
		s += " (entered by the game master)"
	} else {
		s += " (drawn by the seed)"
	}
	return s
}

// writeEntered lists the values a game master entered for a phase not yet
// adjudicated (the game master's report only).
func (g *Game) writeEntered(b *strings.Builder, ps PhaseState) error {
	rows, err := g.file.EnteredDraws(ps.Phase.ID)
	if err != nil || len(rows) == 0 {
		return err
	}
	fmt.Fprintf(b, "\nValues entered, waiting for the adjudication:\n")
	for _, d := range rows {
		fmt.Fprintf(b, "  %d. %s: %s\n", d.Index+1, d.Why, DrawWords(engineDraw(d)))
	}
	return nil
}

// writeEnd says how the game ended when ps is the phase that ended it:
// the winners, a draw, and each seat's points.
func (g *Game) writeEnd(b *strings.Builder, ps PhaseState) error {
	e, key, err := g.end()
	if err != nil || e == nil || key != ps.Phase.Name {
		return err
	}
	fmt.Fprintf(b, "\nThe game is over: %s.\n", EndWords(g.m, e))
	if len(e.Points) == 0 {
		return nil
	}
	seats := make([]engine.Power, 0, len(e.Points))
	for p := range e.Points {
		seats = append(seats, p)
	}
	slices.SortStableFunc(seats, func(x, y engine.Power) int {
		if e.Points[x] != e.Points[y] {
			return e.Points[y] - e.Points[x]
		}
		return strings.Compare(g.m.PowerName(x), g.m.PowerName(y))
	})
	fmt.Fprintf(b, "Points:\n")
	for _, p := range seats {
		mark := ""
		if slices.Contains(e.Winners, p) {
			mark = "  (wins)"
		}
		fmt.Fprintf(b, "  %-12s %3d%s\n", g.m.PowerName(p), e.Points[p], mark)
	}
	return nil
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

func (g *Game) powerList(ps []engine.Power) string {
	if len(ps) == 0 {
		return "nobody"
	}
	var names []string
	for _, p := range ps {
		names = append(names, g.m.PowerName(p))
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

func (g *Game) writeOrders(b *strings.Builder, orders []engine.Order) {
	by := map[engine.Power][]string{}
	for _, o := range orders {
		by[o.Power] = append(by[o.Power], o.Format(g.m))
	}
	for _, p := range g.m.PowerIDs() {
		if len(by[p]) == 0 {
			continue
		}
		fmt.Fprintf(b, "\n%s:\n", g.m.PowerName(p))
		for _, o := range by[p] {
			fmt.Fprintf(b, "  %s\n", o)
		}
	}
}

func (g *Game) writeResults(b *strings.Builder, results []store.Result) {
	by := map[string][]store.Result{}
	var events []string
	for _, r := range results {
		if r.Code == "event" {
			events = append(events, r.Reason)
			continue
		}
		by[r.Power] = append(by[r.Power], r)
	}
	for _, p := range g.m.PowerIDs() {
		rs := by[string(p)]
		if len(rs) == 0 {
			continue
		}
		fmt.Fprintf(b, "\n%s:\n", g.m.PowerName(p))
		for _, r := range rs {
			mark := " "
			if !r.OK {
				mark = "*"
			}
			fmt.Fprintf(b, " %s %-24s %s\n", mark, r.Order, r.Reason)
		}
	}
	for _, e := range events {
		fmt.Fprintf(b, "\n  %s\n", e)
	}
	fmt.Fprintf(b, "\n(* the order failed)\n")
}

func (g *Game) writeDislodged(b *strings.Builder, s *engine.State) {
	if len(s.Dislodged) == 0 {
		return
	}
	fmt.Fprintf(b, "\nDislodged:\n")
	for _, d := range s.Dislodged {
		var opts []string
		for _, l := range engine.RetreatOptions(s, d, g.variant.Rules) {
			opts = append(opts, g.m.LocString(l))
		}
		where := "nowhere: it will be disbanded"
		if len(opts) > 0 {
			where = strings.Join(opts, ", ")
		}
		who := g.m.PowerName(d.Unit.Power)
		if pi, ok := g.m.Power(d.Unit.Power); ok && pi.Adjective != "" {
			who = pi.Adjective
		}
		fmt.Fprintf(b, "  %s %s %s may retreat to %s\n", who, g.m.UnitCode(d.Unit.Type, d.Unit.Kind), g.m.LocString(d.Unit.Loc), where)
	}
}

// writeCentres prints the supply-centre chart: each power's centres and
// unit count.
func (g *Game) writeCentres(b *strings.Builder, s *engine.State) {
	fmt.Fprintf(b, "\nSupply centres:\n")
	owned := map[engine.Power][]string{}
	for _, id := range g.m.SupplyCentres() {
		owned[s.Owners[id]] = append(owned[s.Owners[id]], g.m.Provinces[id].Abbr)
	}
	units := s.UnitCounts()
	for _, p := range g.m.PowerIDs() {
		c := owned[p]
		if pi, _ := g.m.Power(p); pi.Role && len(c) == 0 && units[p] == 0 {
			continue // a role with nothing on the board yet (a Jester)
		}
		sort.Strings(c)
		fmt.Fprintf(b, "  %-10s %2d centres, %2d units  %s\n", g.m.PowerName(p), len(c), units[p], strings.Join(c, " "))
	}
	if c := owned[""]; len(c) > 0 {
		sort.Strings(c)
		fmt.Fprintf(b, "  %-10s %2d centres            %s\n", "Neutral", len(c), strings.Join(c, " "))
	}
}

func (g *Game) writeAdjustments(b *strings.Builder, s *engine.State) {
	adj := engine.Adjustments(s)
	fmt.Fprintf(b, "\nAdjustments due:\n")
	for _, p := range g.m.PowerIDs() {
		switch n := adj[p]; {
		case n > 0:
			fmt.Fprintf(b, "  %s builds %d\n", g.m.PowerName(p), n)
		case n < 0:
			fmt.Fprintf(b, "  %s removes %d\n", g.m.PowerName(p), -n)
		}
	}
}
