package character

import (
	"fmt"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// redeplierID is proposed card X10 Redeplier (a game option, Options.Add):
// "During Winter, unit can move up to two spaces through unoccupied
// spaces. It cannot capture a new SC this way, and cannot end this move in
// any SC owned by another country."
const redeplierID = "X10"

const redeployName = "redeploy"

// redeployAs is the movement-phase form of "redeploy": none, it is a
// Winter order.
func redeployAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	return engine.Order{}, "\"redeploy\" is a Winter order (card X10), not a move"
}

// redeployment is one X10 order of a Winter, checked against the position
// at the start of the Winter.
type redeployment struct {
	k    int
	unit engine.Unit
	via  engine.Loc // Nowhere for a one-space move
	to   engine.Loc
}

// parseRedeploy checks "redeploy [<via>] <to>" for unit u in the Winter
// position s: each step is a move the unit's type could make by the map;
// the space passed through and the space reached are unoccupied at the
// start of the Winter; the end is no supply centre owned by another power
// (an unowned centre is allowed, and is not captured: ownership changes
// only after a Fall). A fleet names a coast where two may be reached.
func parseRedeploy(s *engine.State, u engine.Unit, o engine.Order) (redeployment, string) {
	r := redeployment{unit: u, via: engine.Nowhere}
	c, ok := cardAt(s, u)
	if !ok || c.ID != redeplierID {
		if !powersActive(s.Phase) {
			return r, "no card may be used before Spring 1902 (rule 7)"
		}
		return r, kit.UnitName(s.Map, u) + " is not a Redeplier (card X10), so it cannot redeploy"
	}
	if len(o.Args) == 0 || len(o.Args) > 2 {
		return r, "\"redeploy\" names one or two spaces, the last where the unit ends, as \"redeploy kie\" or \"redeploy kie den\""
	}
	from := u.Loc
	var path []engine.Loc
	for _, a := range o.Args {
		l, why := stepTo(s, u.Type, from, a)
		if why != "" {
			return r, why
		}
		if s.UnitAt(l.P) >= 0 {
			return r, fmt.Sprintf("%s is occupied: a Redeplier moves through unoccupied spaces only", s.Map.Provinces[l.P].Name)
		}
		path = append(path, l)
		from = l
	}
	r.to = path[len(path)-1]
	if len(path) == 2 {
		r.via = path[0]
	}
	if r.to.P == u.Loc.P {
		return r, "a Redeplier must end somewhere else"
	}
	if owner := s.Owners[r.to.P]; owner != "" && owner != u.Power {
		return r, fmt.Sprintf("%s is a supply centre owned by %s: a Redeplier may not end there", s.Map.Provinces[r.to.P].Name, s.Map.PowerName(owner))
	}
	return r, ""
}

// stepTo returns where a unit of type t at from goes when it moves to the
// space arg names, by the map's links for its type.
func stepTo(s *engine.State, t engine.UnitType, from engine.Loc, arg string) (engine.Loc, string) {
	p, ok := targetProv(s.Map, arg)
	if !ok {
		return engine.Nowhere, "no province \"" + arg + "\" on the board"
	}
	name := s.Map.Provinces[p].Name
	if t == engine.Army {
		if !s.Map.ArmyAdjacent(from.P, p) {
			return engine.Nowhere, fmt.Sprintf("an army cannot move from %s to %s", s.Map.LocName(from), name)
		}
		return engine.Loc{P: p}, ""
	}
	coasts := s.Map.FleetCoastsTo(from, p)
	if len(coasts) == 0 {
		return engine.Nowhere, fmt.Sprintf("a fleet cannot move from %s to %s", s.Map.LocName(from), name)
	}
	if len(coasts) == 1 {
		return coasts[0], ""
	}
	for _, l := range coasts {
		if strings.EqualFold(s.Map.LocString(l), arg) {
			return l, ""
		}
	}
	return engine.Nowhere, fmt.Sprintf("name the coast of %s the fleet goes to, as \"%s\"", name, s.Map.LocString(coasts[0]))
}

// redeployPhase is the X10 Phase part: a Winter adjustment phase in which
// some unit is ordered to redeploy. The other orders are judged by the
// standard adjustment rules; then the redeployments move, all at once:
//   - checked against the position at the start of the Winter (a unit
//     leaving a space does not free it for a build or for another
//     redeployment this Winter; two units cannot swap);
//   - two redeployments ending in one space both fail; one ending where a
//     unit is built this Winter fails; a unit disbanded this Winter does
//     not move; a unit may redeploy once;
//   - the move reveals the card (everyone sees a unit move in Winter).
func redeployPhase(s *engine.State, orders []engine.Order, rng *engine.Rand) (*engine.Outcome, bool) {
	if s.Phase.Type != engine.Adjustment {
		return nil, false
	}
	var rest []engine.Order
	var reds []redeployment
	var bad []engine.Result
	seen := map[engine.ProvinceID]bool{}
	for k, o := range orders {
		if o.Kind != engine.Special || o.Special != redeployName {
			rest = append(rest, o)
			continue
		}
		u, ok := orderedUnit(s, o)
		res := engine.Result{Order: o, Unit: u}
		switch {
		case !ok:
			res.Code, res.Reason = engine.NoUnit, "no unit of "+s.Map.PowerName(o.Power)+" in "+s.Map.LocName(o.At.Prov())
		case seen[u.Loc.P]:
			res.Code, res.Reason = engine.Illegal, "a unit redeploys once a Winter"
		default:
			seen[u.Loc.P] = true
			r, why := parseRedeploy(s, u, o)
			if why != "" {
				res.Code, res.Reason = engine.Illegal, why
			} else {
				r.k = k
				reds = append(reds, r)
				continue
			}
		}
		bad = append(bad, res)
	}
	if len(reds) == 0 && len(bad) == 0 {
		return nil, false
	}
	out := engine.AdjudicateAdjustments(s, rest, reg.Rules())
	out.Results = append(out.Results, bad...)
	ends := map[engine.ProvinceID]int{}
	for _, r := range reds {
		ends[r.to.P]++
	}
	ne, _ := out.Next.Extra.(*extra)
	for _, r := range reds {
		res := engine.Result{Order: orders[r.k], Unit: r.unit}
		i := -1
		for j, u := range out.Next.Units {
			if u == r.unit {
				i = j
			}
		}
		switch {
		case i < 0:
			res.Code, res.Reason = engine.Void, "the unit was disbanded this Winter"
		case ends[r.to.P] > 1:
			res.Code, res.Reason = engine.Bounced, fmt.Sprintf("another unit redeployed to %s too: neither moves", s.Map.LocName(r.to.Prov()))
		case out.Next.UnitAt(r.to.P) >= 0:
			res.Code, res.Reason = engine.Bounced, fmt.Sprintf("a unit was built in %s this Winter", s.Map.LocName(r.to.Prov()))
		default:
			out.Next.Units[i].Loc = r.to
			res.OK = true
			res.Reason = "redeployed to " + s.Map.LocName(r.to)
			if r.via.Valid() {
				res.Add(" through " + s.Map.LocName(r.via))
			}
			if ne != nil {
				_ = ne.Reveal(idOf(r.unit), s.Phase, "redeployed in Winter")
			}
		}
		out.Results = append(out.Results, res)
	}
	return out, true
}

// randomRedeploy gives a Redeplier in an adjustment phase a one-space
// redeployment to a random empty neighbour (the soak test).
func randomRedeploy(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	c, ok := cardAt(s, u)
	if !ok || c.ID != redeplierID || s.Phase.Type != engine.Adjustment {
		return engine.Order{}, false
	}
	var near []string
	for k, p := range s.Map.Provinces {
		if s.Map.Adjacent(u.Type, u.Loc, engine.ProvinceID(k)) && s.UnitAt(engine.ProvinceID(k)) < 0 {
			near = append(near, p.Abbr)
		}
	}
	if len(near) == 0 {
		return engine.Order{}, false
	}
	o := engine.Order{Power: u.Power, Kind: engine.Special, Unit: u.Type, Number: u.Number, At: u.Loc, To: engine.Nowhere,
		AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Special: redeployName, Args: []string{near[rng.Intn(len(near), "where a random redeplier goes")]}}
	o.Text = o.Format(s.Map)
	return o, true
}

func x10RedeplierParts(r *registry) {
	addSpecial(r, "redeploy", redeployName, redeployAs)
	r.Phase(redeployPhase)
	r.Random(randomRedeploy)
}
