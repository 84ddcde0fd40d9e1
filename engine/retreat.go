package engine

import (
	"fmt"
	"sort"
)

// RetreatOptions returns where dislodged unit d may retreat in state s:
// adjacent (by the map's links, or the variant's Reach), passable (or
// opened to it by the variant's Enter), empty, not where its attacker came from (unless the
// attacker was convoyed, DATC 4.A.5), and not left vacant by a standoff.
func RetreatOptions(s *State, d Dislodgement, r *Rules) []Loc {
	var out []Loc
	u := d.Unit
	var closed map[ProvinceID]string
	if r != nil && r.Prepare != nil {
		closed = r.Prepare(s, nil).Blocked
	}
	consider := func(l Loc) {
		p := &s.Map.Provinces[l.P]
		if (p.Impassable && !r.enter(s, u, l)) || s.Standoff(l.P) || (l.P == d.From && !d.ByConvoy) {
			return
		}
		if _, shut := closed[l.P]; shut {
			return
		}
		if !p.Unlimited {
			for _, v := range s.Units {
				if v.Loc.P == l.P && r.occupies(s, v) {
					return
				}
			}
		}
		out = append(out, l)
	}
	// A unit a variant let stand in an impassable space (Rules.Enter: an
	// explorer on an island, an amphibious unit in the Caspian) leaves it
	// by the map's own links, as it would move out; the space it retreats
	// to must still be passable or one Enter opens to it.
	from := s.Map.Provinces[u.Loc.P].Impassable
	switch {
	case u.Type == Army && from:
		for _, p := range s.Map.army[u.Loc.P] {
			consider(Loc{P: p})
		}
	case u.Type == Army:
		for _, p := range s.Map.ArmyNeighbours(u.Loc.P) {
			consider(Loc{P: p})
		}
	case u.Type == Fleet && from:
		for _, l := range s.Map.fleet[node(u.Loc)] {
			consider(l)
		}
	case u.Type == Fleet:
		for _, l := range s.Map.FleetNeighbours(u.Loc) {
			consider(l)
		}
	}
	if r != nil && r.Reach != nil {
		for id := range s.Map.Provinces {
			p := ProvinceID(id)
			locs := []Loc{{P: p}}
			for _, c := range s.Map.Provinces[id].Coasts {
				locs = append(locs, Loc{P: p, C: c})
			}
			for _, l := range locs {
				if l.P != u.Loc.P && !containsLoc(out, l) && (s.Map.CanHold(u.Type, l) || r.enter(s, u, l)) && r.Reach(s, u, l) {
					consider(l)
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].P != out[j].P {
			return s.Map.Provinces[out[i].P].Abbr < s.Map.Provinces[out[j].P].Abbr
		}
		return out[i].C < out[j].C
	})
	return out
}

func containsLoc(ls []Loc, l Loc) bool {
	for _, x := range ls {
		if x == l {
			return true
		}
	}
	return false
}

func containsProv(ls []Loc, p ProvinceID) bool {
	for _, l := range ls {
		if l.P == p {
			return true
		}
	}
	return false
}

// AdjudicateRetreats adjudicates a retreat phase: each dislodged unit
// retreats where ordered if it may and no other unit retreats there too;
// otherwise, and when not ordered, it is disbanded.
func AdjudicateRetreats(s *State, orders []Order, r *Rules) *Outcome {
	out := &Outcome{Phase: s.Phase}
	next := s.Clone()
	next.Dislodged, next.Standoffs = nil, nil
	ch := chooseRetreats(s, orders, r, out)
	count := map[ProvinceID]int{}
	for i := range ch {
		if ch[i].order != nil && !ch[i].conflict && ch[i].order.Kind == Move {
			count[ch[i].dest.P]++
		}
	}
	for i, d := range s.Dislodged {
		c := ch[i]
		res := Result{Unit: d.Unit, Code: Disbanded}
		if c.order != nil {
			res.Order = *c.order
		}
		switch {
		case c.conflict:
			res.Reason = "two different orders for one unit; disbanded"
		case c.order == nil:
			res.Order = Order{Power: d.Unit.Power, Kind: Disband, Unit: d.Unit.Type, Piece: d.Unit.Kind, At: d.Unit.Loc, To: Nowhere, AuxAt: Nowhere, AuxTo: Nowhere}
			res.Code, res.Reason = Defaulted, "no valid retreat order; disbanded"
		case c.order.Kind == Disband:
			res.OK, res.Reason = true, "disbanded"
		case count[c.dest.P] > 1 && !s.Map.Provinces[c.dest.P].Unlimited:
			res.Code, res.Reason = Bounced, fmt.Sprintf("bounced with another retreat to %s; disbanded", s.Map.Provinces[c.dest.P].Name)
		default:
			res.OK, res.Code, res.Reason = true, OK, "retreated to "+s.Map.LocName(c.dest)
			u := d.Unit
			u.Loc = c.dest
			next.Units = append(next.Units, u)
		}
		out.Results = append(out.Results, res)
	}
	out.Next = next
	return out
}

// retreatChoice is the valid order a dislodged unit got, if any.
type retreatChoice struct {
	order    *Order
	dest     Loc
	conflict bool // two different valid orders: the unit is disbanded
}

// chooseRetreats gives each dislodged unit its valid order, reporting in
// out the orders that name no dislodged unit, another power's unit, or an
// impossible retreat.
func chooseRetreats(s *State, orders []Order, r *Rules, out *Outcome) []retreatChoice {
	ch := make([]retreatChoice, len(s.Dislodged))
	for k := range orders {
		o := &orders[k]
		i := DislodgedOf(s, o, r)
		if i < 0 {
			out.Results = append(out.Results, Result{Order: *o, Code: NoUnit,
				Reason: fmt.Sprintf("no dislodged unit in %s", s.Map.LocName(o.At.Prov()))})
			continue
		}
		d := s.Dislodged[i]
		if o.Power != "" && o.Power != d.Unit.Power {
			out.Results = append(out.Results, Result{Order: *o, Unit: d.Unit, Code: NotOwner,
				Reason: fmt.Sprintf("%s may not order a unit of %s", s.Map.PowerName(o.Power), s.Map.PowerName(d.Unit.Power))})
			continue
		}
		to, bad := retreatDest(s, d, o, r)
		if bad != "" {
			out.Results = append(out.Results, Result{Order: *o, Unit: d.Unit, Code: Illegal, Reason: bad + "; the unit is disbanded unless it has a valid order"})
			continue
		}
		if ch[i].order != nil && ch[i].order.Format(s.Map) != o.Format(s.Map) {
			ch[i].conflict = true
		}
		ch[i].order, ch[i].dest = o, to
	}
	return ch
}

// retreatDest validates a retreat-phase order and returns the destination.
func retreatDest(s *State, d Dislodgement, o *Order, r *Rules) (Loc, string) {
	switch o.Kind {
	case Disband:
		return Nowhere, ""
	case Move:
	default:
		return Nowhere, fmt.Sprintf("a %s order is not allowed in a retreat phase", o.Kind)
	}
	if !o.To.Valid() || int(o.To.P) >= len(s.Map.Provinces) {
		return Nowhere, "no destination"
	}
	opts := RetreatOptions(s, d, r)
	var match []Loc
	for _, l := range opts {
		if l.P != o.To.P {
			continue
		}
		if d.Unit.Type == Fleet && o.To.C != NoCoast && l.C != o.To.C && s.Map.MultiCoast(l.P) {
			continue
		}
		match = append(match, l)
	}
	switch len(match) {
	case 1:
		return match[0], ""
	case 0:
		return Nowhere, fmt.Sprintf("%s cannot retreat to %s", s.Map.LocName(d.Unit.Loc), s.Map.LocName(o.To))
	}
	return Nowhere, fmt.Sprintf("the coast of %s must be given", s.Map.Provinces[o.To.P].Name)
}
