package character

import (
	"fmt"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// #5 Jumper (card: "Unit may Jump over another unit, alien or friendly,
// similar to a Checker piece. Must land in a legal space for the type of
// unit involved. Includes a jump over a piece in Switzerland or Caspian
// Sea, if either of those spaces is occupied. The piece being jumped may
// carry out a Support or Convoy order, providing it does not prevent the
// jumping piece from moving, but it may not move, any such move order
// being converted to Hold. The jumped unit may also exercise any special
// powers it may have which can be done from a Hold order."; 16.i: "If two
// units try to jump over the same unit, or over Switzerland, at the same
// time, both moves would succeed.")
//
// Order: "1A mun jump tyr - ven" ("jumps", "over", "to" optional). The
// jumped space must hold a unit when the orders are written, and touch
// the jumper's space; the landing space must touch the jumped space; a
// touch is a link of either type (a jump is no ordinary step, and the
// Caspian and Switzerland are jumped by their links to their
// neighbours). The landing must be a space the jumper's type may stand
// in, not its own. The jump is a move to the landing space (Reach): it
// bounces, dislodges, is supported and meets head to head there like any
// move; the jumped space and what happens in it do not matter. A Rewrite
// part turns the jumped unit's move (any move, a special move included)
// into a hold.
func jumperParts(r *registry) {
	addSpecial(r, "jump", jumpOrder, jumpAs)
	addSpecial(r, "jumps", jumpOrder, jumpAs)
	r.Reach(jumperReach)
	r.Rewrite(priorityOthers, jumperRewrite)
	r.Random(jumpRandom)
	r.ConcealOutcome(concealConvoyWords)
}

// jumpOrder is the name of #5's special order.
const jumpOrder = "jump"

// jump reads and checks a jump order.
func jump(s *engine.State, u engine.Unit, o engine.Order) (over engine.ProvinceID, land engine.Loc, why string) {
	if !holds(s, u, jumperID) {
		return over, land, fmt.Sprintf("%s holds no Jumper card (#5): it cannot jump", unitWords(s.Map, u))
	}
	// Hyperspace touches nothing, so its units are never jumped.
	occupied := func(p engine.ProvinceID) bool { _, ok := unitIn(s, p); return ok }
	return kit.Jump(s, u, o.Args, "1A mun jump tyr - ven", nil, occupied, nil)
}

func jumpAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	_, land, why := jump(s, u, o)
	return kit.MoveUnless(u, o, land, why)
}

// jumperReach: a jumper reaches (moves and supports into) any space a jump
// from its place lands in, over a unit standing next to it; never in a
// retreat (rule 8: one space).
func jumperReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !holds(s, u, jumperID) || s.Phase.Type != engine.Movement || l.P == u.Loc.P {
		return false
	}
	for _, v := range s.Units {
		if v.Loc.P == u.Loc.P || v.Loc.P == l.P || !kit.Touches(s.Map, u.Loc.P, v.Loc.P) || !kit.Touches(s.Map, v.Loc.P, l.P) {
			continue
		}
		if got, why := kit.JumpLanding(s.Map, u.Type, v.Loc.P, l); why == "" && (l.C == engine.NoCoast || got.C == l.C) {
			return true
		}
	}
	return false
}

// jumperRewrite turns the move of each jumped unit into a hold, and a
// plain move of a jumper that only a jump makes into that jump (over the
// one unit it can be; with several, the order must name one). A plain move
// with a convoy ordered for it and a route is no jump: it is marked "via
// convoy", so the engine convoys it whoever's fleets carry it (a foreign
// convoy would otherwise let the card's Reach make it a direct move).
func jumperRewrite(s *engine.State, orders []engine.Order, rng *engine.Rand) ([]engine.Order, []string) {
	if s.Phase.Type != engine.Movement || !powersActive(s.Phase) {
		return orders, nil
	}
	var log []string
	jumped := map[engine.ProvinceID]string{}
	for k, o := range orders {
		u, ok := kit.OrderedUnit(s, o, reg.Rules()) // none for another power's unit: the engine refuses it
		if !ok {
			continue
		}
		if o.Kind == engine.Move && holds(s, u, jumperID) && !o.ViaConvoy && !s.Map.Adjacent(u.Type, u.Loc, o.To.P) {
			if u.Type == engine.Army && kit.ConvoyRoute(s, orders, k, moveRules(), nil) {
				// Rule 8: the regular rules apply to a unit not using its
				// power. The move is a move by convoy, whoever's fleets
				// carry it; nothing is logged (a log would name the card).
				orders[k].ViaConvoy = true
				continue
			}
			var over []engine.ProvinceID
			for _, v := range s.Units {
				if v.Loc.P != u.Loc.P && v.Loc.P != o.To.P && kit.Touches(s.Map, u.Loc.P, v.Loc.P) && kit.Touches(s.Map, v.Loc.P, o.To.P) {
					over = append(over, v.Loc.P)
				}
			}
			if len(over) == 0 {
				continue
			}
			j := o
			j.Kind, j.Special, j.To = engine.Special, jumpOrder, engine.Nowhere
			j.Args = []string{s.Map.LocString(o.To)}
			if len(over) == 1 {
				j.Args = []string{s.Map.Province(over[0]).Abbr, "-", s.Map.LocString(o.To)}
			}
			log = append(log, fmt.Sprintf("%s's move to %s is read as a jump (#5)", unitWords(s.Map, u), s.Map.LocName(o.To)))
			orders[k], o = j, j
		}
		if o.Kind == engine.Special && o.Special == jumpOrder {
			if over, _, why := jump(s, u, o); why == "" {
				jumped[over] = unitWords(s.Map, u)
			}
		}
	}
	for k, o := range orders {
		by, ok := jumped[o.At.P]
		if !ok || !isMove(o) {
			continue
		}
		i := kit.OrderUnit(s, &o, reg.Rules())
		if i < 0 {
			continue
		}
		u := s.Units[i]
		orders[k] = engine.Order{Power: o.Power, Kind: engine.Hold, Unit: o.Unit, Number: o.Number, At: o.At,
			To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Text: o.Text}
		log = append(log, fmt.Sprintf("%s is jumped over by %s and may not move: its order becomes a hold (#5)", unitWords(s.Map, u), by))
	}
	return orders, log
}

// isMove reports whether o moves its unit: a move, or a special order
// judged as one (a double move, a jump).
func isMove(o engine.Order) bool {
	return o.Kind == engine.Move || o.Kind == engine.Special && (o.Special == doubleMoveOrder || o.Special == jumpOrder)
}

// jumpRandom gives a #5 unit a random jump over a neighbour.
func jumpRandom(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if !holds(s, u, jumperID) || s.Phase.Type != engine.Movement {
		return engine.Order{}, false
	}
	return kit.RandomJump(s, u, rng, jumpOrder, "a #5 unit")
}

// concealConvoyWords shows other seats an army's move to a province its
// type cannot reach by the map without "via convoy": by the regular rules
// such a move can only go by convoy, so the words add nothing, and a
// jumper's plain move that jumperRewrite marked would otherwise stand out
// (rule 3). The game master and the order's own power see the order as
// adjudicated.
func concealConvoyWords(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	if seat.GM || before == nil || before.Map == nil {
		return
	}
	for i := range out.Results {
		r := &out.Results[i]
		o := &r.Order
		if o.Kind != engine.Move || !o.ViaConvoy || r.Unit.Type != engine.Army || (seat.Power != "" && o.Power == seat.Power) {
			continue
		}
		if !o.At.Valid() || !o.To.Valid() || !onBoard(before.Map, o.At.P) || !onBoard(before.Map, o.To.P) {
			continue
		}
		if !before.Map.Adjacent(engine.Army, o.At, o.To.P) {
			o.ViaConvoy = false
		}
	}
}

// moveRules are the variant's hooks that decide where units may go and who
// convoys (kit.MoveRules).
func moveRules() *engine.Rules {
	r := kit.MoveRules(reg.Rules())
	return &r
}
