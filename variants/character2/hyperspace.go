package character2

import (
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// HYPERSPACE UNIT (Threes): "Unit may move off the board to Hyperspace, an
// abstract space which is adjacent to all spaces on the board. The unit
// may also retreat to Hyperspace. A unit in Hyperspace may NOT support
// anything, but if it is a fleet, it may convoy any Army through
// Hyperspace. No other special power can ever be used on Hyperspace or its
// occupants -- even if that power precedes this one. Any number of units
// may occupy Hyperspace simultaneously; therefore, the unit can never be
// dislodged from Hyperspace or prevented from moving there."
//
// Hyperspace is the board's unlimited abstract space "hyp": no unit is
// dislodged there and no move into it bounces. A Hyperspace unit reaches it
// by Reach from anywhere ("F nth - hyp"), moving and (rule 7) retreating;
// from it, it moves to any passable space its type may stand in (a fleet to
// the Caspian too: rule 4), a fleet naming "(ec)" for the Caspian coast of
// Armenia or Sevastopol, the west coast assumed otherwise (rule 4: "The
// order will not be ruled ambiguous"). A support given from Hyperspace is
// cut by Prepare with the card's words. A Hyperspace fleet in Hyperspace
// convoys (CanConvoy) and touches every coastal province (ConvoyReach), so
// "F hyp C A lon - tun" carries an army between any two coastal
// provinces, by the engine's convoy rules; it can never be dislodged, so
// such a convoy is never disrupted. inHyperspace (movers.go) is the
// test other cards use to refuse Hyperspace and its occupants.
func hyperspaceParts(r *registry) {
	r.Reach(hyperspaceReach)
	r.Prepare(hyperspacePrepare)
	r.CanConvoy(hyperspaceCanConvoy)
	r.ConvoyReach(hyperspaceConvoyReach)
	r.Random(hyperspaceRandom)
	r.After(priorityOf(hyperspace), hyperspaceAfter)
}

// noSupportFromHyperspace is the reason a support from Hyperspace fails.
const noSupportFromHyperspace = "a unit in Hyperspace may NOT support anything (Hyperspace Unit)"

func hyperspaceReach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	if !moverHas(s, u, hyperspace) || l.P == u.Loc.P {
		return false
	}
	if isHyperspace(s.Map, l.P) {
		return true // in, and (rule 7) retreating in
	}
	if !isHyperspace(s.Map, u.Loc.P) || s.Phase.Type != engine.Movement {
		return false
	}
	to := s.Map.Province(l.P)
	if to.Kind == engine.Abstract {
		return false
	}
	if to.Impassable && !(u.Type == engine.Fleet && to.Abbr == caspianAbbr) {
		return false
	}
	if !canStand(u.Type, to.Kind) {
		return false
	}
	if u.Type == engine.Fleet && s.Map.MultiCoast(l.P) {
		return l.C == engine.NoCoast || s.Map.HasCoast(l.P, l.C)
	}
	return u.Type == engine.Fleet || l.C == engine.NoCoast
}

func hyperspacePrepare(s *engine.State, orders []engine.Order, t *engine.Turn) {
	if s.Phase.Type != engine.Movement {
		return
	}
	hyp := lookup(s.Map, hyperspaceAbbr)
	for _, o := range orders {
		if o.Kind == engine.Support && o.At.P == hyp && hyp != engine.NoProvince {
			if t.Cut == nil {
				t.Cut = map[engine.ProvinceID]string{}
			}
			t.Cut[hyp] = noSupportFromHyperspace
			return
		}
	}
}

// hyperspaceCanConvoy: a Hyperspace fleet in Hyperspace convoys.
func hyperspaceCanConvoy(s *engine.State, u engine.Unit) (ok, decided bool) {
	if u.Type == engine.Fleet && inHyperspace(s, u) && moverHas(s, u, hyperspace) {
		return true, true
	}
	return false, false
}

// hyperspaceConvoyReach: from Hyperspace, "adjacent to all spaces on the
// board", a Hyperspace fleet touches every coastal province.
func hyperspaceConvoyReach(s *engine.State, f engine.Unit, p engine.ProvinceID) bool {
	if f.Type != engine.Fleet || !inHyperspace(s, f) || !moverHas(s, f, hyperspace) {
		return false
	}
	q := s.Map.Province(p)
	return q.Kind == engine.Coastal
}

// hyperspaceAfter puts a fleet that moved out of Hyperspace "(ec)" on the
// Caspian coast of Armenia or Sevastopol (rule 4: "a move from Hyperspace
// to that coast"); the engine reads a single-coast province's coast as
// none, which is the west (Black Sea) coast rule 4 assumes.
func hyperspaceAfter(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	if s.Phase.Type != engine.Movement {
		return
	}
	for k, r := range out.Results {
		if !r.OK || r.Order.Kind != engine.Move || !inHyperspace(s, r.Unit) || r.Unit.Type != engine.Fleet ||
			!isCaspianCoast(s.Map, r.Order.To.P) || r.Order.To.C != engine.EastCoast && !namesEastCoast(r.Order.Text) {
			continue
		}
		ec := engine.Loc{P: r.Order.To.P, C: engine.EastCoast}
		if i := kit.UnitIndex(out.Next, idOf(r.Unit)); i >= 0 && out.Next.Units[i].Loc.P == r.Order.To.P && s.Map.CanHold(engine.Fleet, ec) {
			out.Next.Units[i].Loc = ec
			out.Results[k].Add(" (its Caspian coast \"(ec)\", rule 4)")
		}
	}
}

// namesEastCoast reports whether an order's text names the east coast:
// "sev(ec)", "sev/ec", "sev ec", "sev (ec)".
func namesEastCoast(text string) bool {
	f := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return r == ' ' || r == '(' || r == ')' || r == '/' || r == '-' })
	return slices.Contains(f, "ec")
}

// hyperspaceUses: a move or retreat into or out of Hyperspace uses the card.
func hyperspaceUses(s *engine.State, u engine.Unit, o engine.Order) (string, bool) {
	if o.Kind == engine.Convoy && inHyperspace(s, u) {
		return "convoyed an army through Hyperspace", true
	}
	if o.Kind != engine.Move {
		return "", false
	}
	if isHyperspace(s.Map, o.To.P) {
		return "moved to Hyperspace", true
	}
	if inHyperspace(s, u) {
		return "moved out of Hyperspace", true
	}
	return "", false
}

// hyperspaceRandom gives a Hyperspace unit a move into Hyperspace, or out
// of it to a random space its type may stand in.
func hyperspaceRandom(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if !moverHas(s, u, hyperspace) || s.Phase.Type != engine.Movement {
		return engine.Order{}, false
	}
	return kit.RandomHyperspace(s, u, rng, hyperspaceReach, "a Hyperspace unit")
}
