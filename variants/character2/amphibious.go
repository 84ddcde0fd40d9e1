package character2

import (
	"fmt"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// AMPHIBIOUS unit (Nines): "Initially reported as an Army or Fleet,
// according to what it was built as. Once it attempts a move or support
// that would be impossible for its reported type, it is revealed and is
// assigned a new number such as '1Amp'. The unit may not convoy or be
// convoyed." Rule 4: the Caspian is passable to it. Rule 5: "When an
// Amphibious unit reveals itself ... it will be renumbered." Rule 7: it
// "may use [its] special movement abilities when retreating".
//
// It moves, retreats and supports by the links of either type (Reach)
// into any passable space (Enter lets an army stand at sea and a fleet
// inland) and the Caspian. It keeps its engine type and number, by which
// orders name it; the reports name it "nAmp" once revealed, n the lowest
// Amp number free among its power's (moversState.Amp). CanConvoy refuses
// it as a convoying unit, and Rewrite turns a move of it that only a
// convoy could make into a hold.
func amphibiousParts(r *registry) {
	r.Enter(amphibiousEnter)
	r.Reach(amphibiousReach)
	r.CanConvoy(amphibiousCanConvoy)
	r.Rewrite(priorityOf(amphibious), amphibiousRewrite)
	r.After(priorityOf(amphibious), amphibiousReveal)
	r.Random(amphibiousRandom)
	addEffect(r, "amp", parseAmpEffect, ampEffectLines)
	r.Note(ampNote)
}

// ampNote tells every seat how a revealed Amphibious unit is reported.
func ampNote(v engine.View, e *extra, u engine.Unit) []string {
	if n, ok := e.Effects.Movers.Amp[idOf(u)]; ok {
		return []string{fmt.Sprintf("reported as %dAmp (rule 5)", n)}
	}
	return nil
}

func amphibiousEnter(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !moverHas(s, u, amphibious) || s.Map == nil {
		return false
	}
	p := s.Map.Province(l.P)
	return p.Kind != engine.Abstract && (!p.Impassable || p.Abbr == caspianAbbr)
}

// amphibiousReach: either type's links, into any space it may enter.
func amphibiousReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !moverHas(s, u, amphibious) || l.P == u.Loc.P || s.Map.Province(l.P).Kind == engine.Abstract {
		return false
	}
	if !amphibiousEnter(s, u, l) {
		return false
	}
	if u.Type == engine.Fleet && s.Map.MultiCoast(l.P) && l.C == engine.NoCoast {
		return false // a fleet names its coast; the engine asks each
	}
	if u.Type == engine.Army && l.C != engine.NoCoast {
		return false
	}
	return s.Map.ArmyLinked(u.Loc.P, l.P) || kit.FleetLinkedAnyCoast(s.Map, u.Loc.P, l)
}

// amphibiousCanConvoy: "The unit may not convoy".
func amphibiousCanConvoy(s *engine.State, u engine.Unit) (ok, decided bool) {
	if moverHas(s, u, amphibious) {
		return false, true
	}
	return false, false
}

// amphibiousRewrite: "The unit may not ... be convoyed": a move of an
// Amphibious unit that its links cannot make becomes a hold; "via convoy"
// is dropped from a move they can make.
func amphibiousRewrite(s *engine.State, orders []engine.Order, rng *engine.Rand) ([]engine.Order, []string) {
	if s.Phase.Type != engine.Movement {
		return orders, nil
	}
	var log []string
	for k, o := range orders {
		if o.Kind != engine.Move {
			continue
		}
		i := kit.OrderUnit(s, &o, reg.Rules())
		if i < 0 || !moverHas(s, s.Units[i], amphibious) {
			continue
		}
		u := s.Units[i]
		if s.Map.Adjacent(u.Type, u.Loc, o.To.P) || amphibiousReach(s, u, o.To) || reachesAnyCoast(s, u, o.To) {
			orders[k].ViaConvoy = false
			continue
		}
		if s.Map.Province(o.To.P).Impassable || s.Map.Province(o.To.P).Kind == engine.Abstract {
			continue // refused by the engine, or another card's move
		}
		orders[k] = engine.Order{Power: o.Power, Kind: engine.Hold, Unit: o.Unit, Number: o.Number, At: o.At,
			To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Text: o.Text}
		// No word of the card: the failed move does not reveal it.
		log = append(log, fmt.Sprintf("%s is not convoyed: its move to %s becomes a hold",
			moverWords(s.Map, u), s.Map.Province(o.To.P).Name))
	}
	return orders, log
}

// reachesAnyCoast reports whether an Amphibious fleet reaches some coast
// of l's province.
func reachesAnyCoast(s *engine.State, u engine.Unit, l engine.Loc) bool {
	for _, c := range s.Map.Province(l.P).Coasts {
		if amphibiousReach(s, u, engine.Loc{P: l.P, C: c}) {
			return true
		}
	}
	return false
}

// impossibleFor reports whether a unit of u's reported type could not make
// the step from its place to province p (move, retreat or support).
func impossibleFor(m *engine.Map, u engine.Unit, p engine.ProvinceID) bool {
	q := m.Province(p)
	if !canStand(u.Type, q.Kind) && !(u.Type == engine.Army && q.Kind == engine.Abstract) {
		return true
	}
	return !m.Adjacent(u.Type, u.Loc, p) && !isHyperspace(m, p)
}

// amphibiousReveal reveals and renumbers an Amphibious unit the first time
// it attempts (in an order not refused) a move, retreat or support its
// reported type could not make.
func amphibiousReveal(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	e := extraOf(out.Next)
	if e == nil || s.Phase.Type == engine.Adjustment {
		return
	}
	for _, r := range out.Results {
		to, ok := kit.Aim(r)
		if !ok || !moverHas(s, r.Unit, amphibious) || !impossibleFor(s.Map, r.Unit, to.P) {
			continue
		}
		id := idOf(r.Unit)
		if _, done := e.Effects.Movers.Amp[id]; done {
			continue
		}
		if e.Effects.Movers.Amp == nil {
			e.Effects.Movers.Amp = map[unitID]int{}
		}
		used := map[int]bool{}
		for uid, n := range e.Effects.Movers.Amp {
			if uid.Power == id.Power {
				used[n] = true
			}
		}
		n := 1
		for used[n] {
			n++
		}
		e.Effects.Movers.Amp[id] = n
		_ = e.Reveal(id, s.Phase, "attempted what its reported type cannot: an Amphibious unit (rule 2, rule 5)")
		out.AddEvent(fmt.Sprintf("%s's %s %s is an Amphibious unit: it is now %dAmp (rule 5)",
			s.Map.PowerName(id.Power), kit.Label(r.Unit.Number, r.Unit.Type), s.Map.LocName(r.Unit.Loc), n), r.Unit)
	}
}

// amphibiousRandom gives an Amphibious unit a move its reported type
// cannot make.
func amphibiousRandom(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if !moverHas(s, u, amphibious) || s.Phase.Type != engine.Movement {
		return engine.Order{}, false
	}
	var out []engine.Loc
	for i := range s.Map.NumProvinces() {
		p := engine.ProvinceID(i)
		l := engine.Loc{P: p}
		if u.Type == engine.Fleet && s.Map.MultiCoast(p) {
			l.C = s.Map.Province(p).Coasts[0]
		}
		if impossibleFor(s.Map, u, p) && amphibiousReach(s, u, l) {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return engine.Order{}, false
	}
	return engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, Number: u.Number, At: u.Loc,
		To: out[rng.Intn(len(out), "an Amphibious unit's move")], AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}, true
}

// parseAmpEffect reads "amp france 1F 1": the revealed Amphibious unit
// france 1F is 1Amp.
func parseAmpEffect(s *engine.State, e *extra, args []string) error {
	if len(args) != 3 {
		return fmt.Errorf("amp: want \"amp <power> <unit number and type> <Amp number>\"")
	}
	var id unitID
	if err := id.UnmarshalText([]byte(args[0] + " " + args[1])); err != nil {
		return err
	}
	var n int
	if _, err := fmt.Sscan(args[2], &n); err != nil || n < 1 {
		return fmt.Errorf("amp: bad number %q", args[2])
	}
	if e.Effects.Movers.Amp == nil {
		e.Effects.Movers.Amp = map[unitID]int{}
	}
	e.Effects.Movers.Amp[id] = n
	return nil
}

func ampEffectLines(s *engine.State, e *extra) []string {
	var out []string
	for _, id := range e.sortedIDs() {
		if n, ok := e.Effects.Movers.Amp[id]; ok {
			out = append(out, fmt.Sprintf("%s %s %d", id.Power, kit.Label(id.Number, id.Type), n))
		}
	}
	for id, n := range e.Effects.Movers.Amp {
		if _, ok := e.Cards[id]; !ok {
			out = append(out, fmt.Sprintf("%s %s %d", id.Power, kit.Label(id.Number, id.Type), n))
		}
	}
	return out
}
