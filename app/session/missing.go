package session

import (
	"strings"

	"dipdesk/engine"
)

// PowerMissing is what one power has left undone or wrong in the orders
// stored for the current phase.
type PowerMissing struct {
	Power     engine.Power
	NoOrders  bool          // it has units to order (or adjustments due) and sent nothing
	Unordered []engine.Unit // its units (dislodged units in a retreat phase) with no order
	Illegal   []Problem     // its stored orders the position makes impossible
	Due       int           // Winter: builds (> 0) or disbands (< 0) due and not ordered
}

// Empty reports whether nothing is missing or wrong.
func (p PowerMissing) Empty() bool {
	return !p.NoOrders && len(p.Unordered) == 0 && len(p.Illegal) == 0 && p.Due == 0
}

// Missing is what the confirmation before adjudicating lists: per power,
// no orders at all, units without orders, impossible orders, adjustments
// not ordered. For a seat other than the game master's it names only
// units that seat's view shows (a hidden unit is never counted for a
// table), and a front end showing it to a table gives counts only (see
// the ui).
type Missing struct {
	Phase  engine.Phase
	Powers []PowerMissing // only powers with something missing or wrong, in the map's order
}

// Empty reports whether every power has a legal order for everything.
func (m Missing) Empty() bool { return len(m.Powers) == 0 }

// Missing checks the orders stored for the current phase, as seat may
// know it. Who must act is WhoActs's answer (never "the powers with
// units"): a seat that must act and sent nothing is NoOrders (a power on
// its Summer turn, a power with units in a movement step, with retreats
// or adjustments due), and a seat that may act is listed only for what
// its orders leave undone or wrong.
func (g *Game) Missing(seat engine.Seat) (Missing, error) {
	cur, err := g.Current()
	if err != nil {
		return Missing{}, err
	}
	orders, err := g.Orders(cur.Phase)
	if err != nil {
		return Missing{}, err
	}
	s := cur.State
	out := Missing{Phase: s.Phase}
	seen := func(engine.Unit) bool { return true }
	if !seat.GM {
		vs := engine.ViewFor(s, nil, seat, g.variant.Rules).State
		seen = func(u engine.Unit) bool {
			for _, w := range append(vs.Units, dislodgedOf(vs)...) {
				if w.ID == u.ID && w.Power == u.Power && w.Loc.P == u.Loc.P {
					return true
				}
			}
			return false
		}
	}
	acting := g.acting(s)
	named := g.orderedUnits(s, orders)
	view := engine.View{Seat: engine.Seat{GM: true}, State: s}
	due := map[engine.Power]int{}
	if s.Phase.Type == engine.Adjustment {
		due = engine.Adjustments(s)
	}
	for _, p := range g.m.PowerIDs() {
		var mine []engine.Order
		var text []string
		for _, o := range orders {
			if o.Power == p {
				mine = append(mine, o)
				text = append(text, o.Format(g.m))
			}
		}
		if !acting.Allows(p) && len(mine) == 0 {
			continue
		}
		pm := PowerMissing{Power: p}
		var toOrder []engine.Unit
		switch s.Phase.Type {
		case engine.Movement:
			toOrder = unitsOf(s.Units, p)
		case engine.Retreat:
			for _, d := range s.Dislodged {
				if d.Unit.Power == p {
					toOrder = append(toOrder, d.Unit)
				}
			}
		case engine.Adjustment:
			pm.Due = unordered(due[p], mine)
		}
		if acting.Waits(p) {
			for _, u := range toOrder {
				if !named[u.ID] && seen(u) {
					pm.Unordered = append(pm.Unordered, u)
				}
			}
			pm.NoOrders = len(mine) == 0
		}
		if len(mine) > 0 {
			for _, pr := range CheckOrders(g.variant, view, p, strings.Join(text, "\n")).Problems {
				if pr.Order == nil {
					pm.Illegal = append(pm.Illegal, pr)
				} else if u, ok := unitOfOrder(s, *pr.Order, g.variant.Rules); !ok || seen(u) {
					pm.Illegal = append(pm.Illegal, pr)
				}
			}
		}
		if !pm.Empty() {
			out.Powers = append(out.Powers, pm)
		}
	}
	return out, nil
}

// orderedUnits returns the ids of the units orders name: in a movement
// step the unit engine.UnitOf says (two pieces may share a province:
// birds beside a fleet), in a retreat step the dislodged unit of the
// order's province and power.
func (g *Game) orderedUnits(s *engine.State, orders []engine.Order) map[int32]bool {
	out := map[int32]bool{}
	for _, o := range orders {
		if o.SeatOrder() || o.Kind == engine.Build || o.Kind == engine.Waive {
			continue
		}
		if s.Phase.Type == engine.Retreat {
			for _, d := range s.Dislodged {
				if o.At.Valid() && d.Unit.Loc.P == o.At.P && d.Unit.Power == o.Power {
					out[d.Unit.ID] = true
				}
			}
			continue
		}
		if i := engine.UnitOf(s, &o, g.variant.Rules); i >= 0 && s.Units[i].Power == o.Power {
			out[s.Units[i].ID] = true
		}
	}
	return out
}

// dislodgedOf lists the dislodged units of s.
func dislodgedOf(s *engine.State) []engine.Unit {
	out := make([]engine.Unit, 0, len(s.Dislodged))
	for _, d := range s.Dislodged {
		out = append(out, d.Unit)
	}
	return out
}

func unitsOf(us []engine.Unit, p engine.Power) []engine.Unit {
	var out []engine.Unit
	for _, u := range us {
		if u.Power == p {
			out = append(out, u)
		}
	}
	return out
}

// unordered returns the adjustments due that orders leave open: builds
// (and waives) count against builds due, disbands against disbands due.
func unordered(due int, orders []engine.Order) int {
	for _, o := range orders {
		switch {
		case due > 0 && (o.Kind == engine.Build || o.Kind == engine.Waive):
			due--
		case due < 0 && o.Kind == engine.Disband:
			due++
		}
	}
	return due
}
