package character

import (
	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// #8 Hyperspace (rule 6, 16.g; card text: "Units may move otb to
// 'Hyperspace,' and then on any later move to any space that is legal for
// that type of unit (A or F). Any number of units may occupy Hyperspace
// simultaneously. Units in Hyperspace may not support units anywhere on
// the board. If dislodged, these units may also Retreat into Hyperspace.")
//
// Hyperspace is the map's unlimited space "hyp" (board.go): no unit is
// dislodged there, no move into it fails, and it has no links. A #8 unit
// reaches it by Reach from anywhere ("2F nth - hyp"), in movement and
// retreat phases; from it, by Reach, it moves (never retreats: nothing is
// dislodged there) to any passable space its type may stand in. The
// engine asks Reach for supports too, so a unit in Hyperspace could name
// any space in a support: Prepare cuts every support given from
// Hyperspace with the rule's words (16.g), which is the smallest way to
// refuse it without an engine change.
func hyperspaceParts(r *registry) {
	r.Reach(hyperspaceReach)
	r.Prepare(hyperspacePrepare)
	r.Random(hyperspaceRandom)
}

// noSupportFromHyperspace is the reason a support from Hyperspace fails.
const noSupportFromHyperspace = "units in Hyperspace may not support units anywhere on the board (rule 6, 16.g)"

func hyperspaceReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !holds(s, u, hyperspaceID) || l.P == u.Loc.P {
		return false
	}
	hyp := lookup(s.Map, hyperspaceAbbr)
	if l.P == hyp {
		// In and, when dislodged, retreating in.
		return true
	}
	if u.Loc.P != hyp || s.Phase.Type != engine.Movement {
		return false
	}
	to := s.Map.Province(l.P)
	if to.Impassable || !canStand(u.Type, to.Kind) {
		return false
	}
	if u.Type == engine.Fleet && s.Map.MultiCoast(l.P) {
		// Out to a named coast; a move naming none must name one (the
		// engine asks each coast when none is given).
		return l.C == engine.NoCoast || s.Map.HasCoast(l.P, l.C)
	}
	return l.C == engine.NoCoast
}

func hyperspacePrepare(s *engine.State, orders []engine.Order, t *engine.Turn) {
	if s.Phase.Type != engine.Movement || !powersActive(s.Phase) {
		return
	}
	hyp := lookup(s.Map, hyperspaceAbbr)
	if hyp == engine.NoProvince {
		return
	}
	for _, o := range orders {
		if o.Kind == engine.Support && o.At.P == hyp {
			if t.Cut == nil {
				t.Cut = map[engine.ProvinceID]string{}
			}
			t.Cut[hyp] = noSupportFromHyperspace
			return
		}
	}
}

// hyperspaceRandom gives a #8 unit a move into Hyperspace, or out of it to
// a random space its type may stand in.
func hyperspaceRandom(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if !holds(s, u, hyperspaceID) || s.Phase.Type != engine.Movement {
		return engine.Order{}, false
	}
	return kit.RandomHyperspace(s, u, rng, hyperspaceReach, "a #8 unit")
}
