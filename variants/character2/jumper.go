package character2

import (
	"fmt"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// JUMPER (Fours): "Unit may jump over another unit, regardless of who owns
// it. The Jumper must land in a legal space, but the unit jumped may be
// anywhere except Hyperspace. The unit being jumped may Support or Convoy
// something, provided that it doesn't interfere with the Jumper's move,
// but it may NOT move, any such move order being changed to a hold. The
// Jumper's power can not be used when retreating."
//
// Order: "A mun jump tyr - ven" (the space jumped over, then the landing),
// or "A mun jump ven" when one unit only can be jumped to land there (the
// card dropped on the landing).
// A plain move to a space only a jump reaches is read as the jump over the
// one unit it can be. The jumped space must hold a unit when the orders are
// written (not in Hyperspace: it touches nothing) and touch the Jumper's
// space; the landing must touch the jumped space and be a space the
// Jumper's type may stand in, not its own. "Touch" is a link of either
// type: the jumped unit "may be anywhere", so a fleet at sea or a unit on
// land may be jumped by either type. The jump is a move to the landing
// (Reach in movement phases only): it bounces, dislodges, is supported and
// meets head to head there like any move; nothing in the jumped space
// matters, and the jumped space is not entered (a mine there does not go
// off: Rules Clarifications). A Rewrite part turns the jumped unit's move
// into a hold, and a support it gives that opposes the jump (into or to
// hold the landing, for another unit than the Jumper) into a hold too ("it
// doesn't interfere"). Rule 8: two Jumpers jumping each other both fail.
func jumperParts(r *registry) {
	addSpecialDrag(r, "jump", jumpOrder, []kind{jumper}, true, false, jumpAs)
	r.Reach(jumperReach)
	r.Rewrite(priorityOf(jumper), jumperRewrite)
	r.Random(jumpRandom)
}

// jumpOrder is the name of the Jumper's special order.
const jumpOrder = "jump"

// jump reads and checks a jump order.
func jump(s *engine.State, u engine.Unit, o engine.Order) (over engine.ProvinceID, land engine.Loc, why string) {
	if !moverHas(s, u, jumper) {
		return over, land, fmt.Sprintf("%s is no Jumper: it cannot jump", moverWords(s.Map, u))
	}
	if s.Phase.Type != engine.Movement {
		return over, land, "the Jumper's power can not be used when retreating"
	}
	overs := func(l engine.Loc) []engine.ProvinceID { return jumpOvers(s, u, l) }
	occupied := func(p engine.ProvinceID) bool { _, ok := moverUnitIn(s, p); return ok }
	return kit.Jump(s, u, o.Args, "A mun jump tyr - ven", overs, occupied, func(over engine.ProvinceID) string {
		if isHyperspace(s.Map, over) {
			return "the unit jumped may be anywhere except Hyperspace"
		}
		return ""
	})
}

func jumpAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	_, land, why := jump(s, u, o)
	return kit.MoveUnless(u, o, land, why)
}

// jumpOvers lists the occupied spaces a Jumper u could jump over to land
// in l.
func jumpOvers(s *engine.State, u engine.Unit, l engine.Loc) []engine.ProvinceID {
	var out []engine.ProvinceID
	for _, v := range s.Units {
		p := v.Loc.P
		if p == u.Loc.P || p == l.P || isHyperspace(s.Map, p) || !kit.Touches(s.Map, u.Loc.P, p) || !kit.Touches(s.Map, p, l.P) {
			continue
		}
		if got, why := kit.JumpLanding(s.Map, u.Type, p, l); why == "" && (l.C == engine.NoCoast || got.C == l.C) {
			out = append(out, p)
		}
	}
	return out
}

// jumperReach: a Jumper reaches (moves and supports into) any space a jump
// from its place lands in; never in a retreat.
func jumperReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !moverHas(s, u, jumper) || s.Phase.Type != engine.Movement || l.P == u.Loc.P {
		return false
	}
	return len(jumpOvers(s, u, l)) > 0
}

// jumperRewrite reads a Jumper's plain move that only a jump makes as that
// jump, cancels two Jumpers jumping each other (rule 8), and turns the
// jumped units' moves, and their supports against the jump, into holds.
func jumperRewrite(s *engine.State, orders []engine.Order, rng *engine.Rand) ([]engine.Order, []string) {
	if s.Phase.Type != engine.Movement {
		return orders, nil
	}
	var log []string
	type jumpOf struct {
		k    int // index in orders
		at   engine.ProvinceID
		over engine.ProvinceID
		land engine.Loc
		who  string
	}
	var jumps []jumpOf
	for k, o := range orders {
		u, ok := kit.OrderedUnit(s, o, reg.Rules()) // none for another power's unit: the engine refuses it
		if !ok {
			continue
		}
		if o.Kind == engine.Move && moverHas(s, u, jumper) && !o.ViaConvoy && !s.Map.Adjacent(u.Type, u.Loc, o.To.P) &&
			!s.Map.Province(o.To.P).Impassable {
			over := jumpOvers(s, u, o.To)
			if len(over) > 0 {
				j := o
				j.Kind, j.Special, j.To = engine.Special, jumpOrder, engine.Nowhere
				j.Args = []string{s.Map.LocString(o.To)} // refused: several units could be jumped
				if len(over) == 1 {
					j.Args = []string{s.Map.Province(over[0]).Abbr, "-", s.Map.LocString(o.To)}
					log = append(log, fmt.Sprintf("%s's move to %s is read as a jump over %s (Jumper)",
						moverWords(s.Map, u), s.Map.LocName(o.To), s.Map.Province(over[0]).Name))
				}
				orders[k], o = j, j
			}
		}
		if o.Kind == engine.Special && o.Special == jumpOrder {
			if over, land, why := jump(s, u, o); why == "" {
				jumps = append(jumps, jumpOf{k, u.Loc.P, over, land, moverWords(s.Map, u)})
			}
		}
	}
	hold := func(k int) {
		o := orders[k]
		orders[k] = engine.Order{Power: o.Power, Kind: engine.Hold, Unit: o.Unit, Number: o.Number, At: o.At,
			To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Text: o.Text}
	}
	// Rule 8: "If two units of the same type use their powers on each
	// other, they both fail."
	cancelled := map[int]bool{}
	for a := range jumps {
		for b := range jumps {
			if a != b && jumps[a].over == jumps[b].at && jumps[b].over == jumps[a].at {
				cancelled[a] = true
			}
		}
	}
	for a, j := range jumps {
		if cancelled[a] {
			hold(j.k)
			log = append(log, fmt.Sprintf("%s and the Jumper it jumps over jump each other: both fail (rule 8)", j.who))
		}
	}
	for a, j := range jumps {
		if cancelled[a] {
			continue
		}
		for k, o := range orders {
			if k == j.k || o.At.P != j.over {
				continue
			}
			switch {
			case o.Kind == engine.Move || o.Kind == engine.Special && (o.Special == doubleMoveOrder || o.Special == jumpOrder):
				hold(k)
				log = append(log, fmt.Sprintf("the unit in %s is jumped over by %s and may NOT move: its order is changed to a hold (Jumper)",
					s.Map.Province(j.over).Name, j.who))
			case o.Kind == engine.Support && o.AuxAt.P != j.at && supportTarget(o) == j.land.P:
				hold(k)
				log = append(log, fmt.Sprintf("the unit in %s is jumped over by %s: its support into %s would interfere with the jump and becomes a hold (Jumper)",
					s.Map.Province(j.over).Name, j.who, s.Map.Province(j.land.P).Name))
			}
		}
	}
	return orders, log
}

// supportTarget is the province a support is given into.
func supportTarget(o engine.Order) engine.ProvinceID {
	if o.AuxTo.Valid() {
		return o.AuxTo.P
	}
	return o.AuxAt.P
}

func jumperUses(s *engine.State, u engine.Unit, o engine.Order) (string, bool) {
	if o.Kind == engine.Special && o.Special == jumpOrder {
		return "jumped", true
	}
	return "", false
}

// jumpRandom gives a Jumper a random jump over a neighbour.
func jumpRandom(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if !moverHas(s, u, jumper) || s.Phase.Type != engine.Movement {
		return engine.Order{}, false
	}
	return kit.RandomJump(s, u, rng, jumpOrder, "a Jumper")
}
