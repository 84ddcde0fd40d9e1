package character

import (
	"fmt"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// thiefID is proposed card X3 Thief (a game option, Options.Add): "Can
// steal the power of an adjacent piece before movement occurs (via the
// GM). Unit acquires the stolen power, and is no longer a thief. The other
// piece becomes an ordinary unit. Thief may not use his new power until
// the next turn."
const thiefID = "X3"

const stealName = "steal"

// stealAs is the X3 special order "steal <province>": the thief holds
// while it steals (the order is "in lieu of any other move", as every
// card power that acts on another unit). The target is the unit in an
// adjacent province (sharing a border), of any power, the thief's own
// included.
func stealAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	c, ok := cardAt(s, u)
	if !ok || c.ID != thiefID {
		return engine.Order{}, kit.UnitName(s.Map, u) + " is not a Thief (card X3), so it cannot steal"
	}
	if _, why := adjacentUnit(s, u, o, stealName); why != "" {
		return engine.Order{}, why
	}
	return engine.Order{Power: o.Power, Kind: engine.Hold, Unit: u.Type, At: u.Loc}, ""
}

// judgeThefts decides the steal orders of a movement phase. Each theft
// happens before movement, whatever becomes of the thief in the movement
// (it may be dislodged: rule 9's priority puts the Thief second, before
// every order of movement). A theft fails when:
//   - the target holds no power (Ordinary, #20, or no card): the thief
//     stays a thief, and its owner learns the target is Ordinary;
//   - two thieves steal from one unit (neither gets it), or the target
//     itself steals this turn, or the thief is itself robbed this turn
//     (thieves robbing each other both fail, as two Hypnotists, #11).
//
// A successful theft strips the target of its power for this turn as well
// (it "becomes an ordinary unit" before movement); the thief keeps acting
// as a thief (no power) until the next turn, when it holds the stolen
// card. The X3 card is discarded.
func judgeThefts(s *engine.State, orders []engine.Order, b *beforeMovement) {
	e := s.Extra.(*extra)
	type theft struct {
		k             int
		thief, victim engine.Unit
	}
	var ts []theft
	for k, o := range orders {
		if o.Kind != engine.Special || o.Special != stealName {
			continue
		}
		u, ok := orderedUnit(s, o)
		if !ok {
			continue
		}
		if _, why := stealAs(s, u, o); why != "" {
			continue
		}
		v, _ := adjacentUnit(s, u, o, stealName)
		ts = append(ts, theft{k, u, v})
	}
	robbed := map[engine.ProvinceID]int{}
	stealing := map[engine.ProvinceID]bool{}
	for _, t := range ts {
		robbed[t.victim.Loc.P]++
		stealing[t.thief.Loc.P] = true
	}
	for _, t := range ts {
		vc, has := e.CardOf(t.victim)
		switch {
		case !has || vc.Ordinary():
			b.reasons[t.k] = fmt.Sprintf("%s is an Ordinary unit: nothing to steal", kit.UnitName(s.Map, t.victim))
			b.failed[t.k] = true
			if has {
				b.tell = append(b.tell, tellTo{idOf(t.victim), t.thief.Power, "a theft found it Ordinary"})
			}
		case robbed[t.victim.Loc.P] > 1:
			b.reasons[t.k] = fmt.Sprintf("another thief tried to steal from %s too: both thefts fail", kit.UnitName(s.Map, t.victim))
			b.failed[t.k] = true
		case stealing[t.victim.Loc.P]:
			b.reasons[t.k] = fmt.Sprintf("%s was stealing itself: the theft fails", kit.UnitName(s.Map, t.victim))
			b.failed[t.k] = true
		case robbed[t.thief.Loc.P] > 0:
			b.reasons[t.k] = "the thief was itself the target of a theft: its theft fails"
			b.failed[t.k] = true
		default:
			b.reasons[t.k] = fmt.Sprintf("stole %s from %s (usable from the next turn)", vc, kit.UnitName(s.Map, t.victim))
			b.thefts[idOf(t.thief)] = idOf(t.victim)
			b.stripped[idOf(t.victim)] = true
			// The robbed unit's owner learns what the thief now holds:
			// its own former card (rule 3; the GM reports the theft).
			b.tell = append(b.tell, tellTo{idOf(t.thief), t.victim.Power, "stole it from " + kit.UnitName(s.Map, t.victim)})
		}
	}
}

// randomSteal gives a Thief a steal order against a random adjacent unit.
func randomSteal(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	c, ok := cardAt(s, u)
	if !ok || c.ID != thiefID {
		return engine.Order{}, false
	}
	v, ok := kit.RandomNear(s, u, rng, touching, nil, "which adjacent unit a random thief steals from")
	if !ok {
		return engine.Order{}, false
	}
	o := engine.Order{Power: u.Power, Kind: engine.Special, Unit: u.Type, Number: u.Number, At: u.Loc, To: engine.Nowhere,
		AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Special: stealName, Args: []string{s.Map.Provinces[v.Loc.P].Abbr}}
	o.Text = o.Format(s.Map)
	return o, true
}

func x3ThiefParts(r *registry) {
	addSpecial(r, "steal", stealName, stealAs)
	r.Random(randomSteal)
}
