package engine

import (
	"fmt"
	"maps"
	"sort"
	"strings"
)

// Adjustments returns, per power, builds due (positive) or disbands due
// (negative): owned centres minus units (units that need no centre, and
// suspended centres, left out: Upkeep, CentreStatus).
func Adjustments(s *State) map[Power]int {
	out := map[Power]int{}
	for p, n := range s.Centres() {
		out[p] += n
	}
	for p, n := range s.upkeepCounts() {
		out[p] -= n
	}
	for p, n := range out {
		if n == 0 || p == "" {
			delete(out, p)
		}
	}
	return out
}

// AdjudicateAdjustments adjudicates a Winter adjustment phase. Orders are
// taken one by one (DATC 4.D.4-4.D.6: the first legal ones count); builds
// go on owned, empty home centres; a power that removes too few units has
// the rest removed by the civil disorder rule of the 2023 rulebook (DATC
// 4.D.8, 6.J); builds not ordered are waived.
func AdjudicateAdjustments(s *State, orders []Order, r *Rules) *Outcome {
	out := &Outcome{Phase: s.Phase}
	next := s.Clone()
	next.Dislodged, next.Standoffs = nil, nil
	due := Adjustments(s)
	a := &adjuster{s: s, next: next, due: due, start: maps.Clone(due), removed: map[int]bool{}, built: map[ProvinceID]bool{}}
	for k := range orders {
		out.Results = append(out.Results, a.order(&orders[k], r))
	}
	a.defaults(out, r)
	kept := next.Units[:0]
	for i, u := range next.Units {
		if i >= len(s.Units) || !a.removed[i] {
			kept = append(kept, u)
		}
	}
	next.Units = kept
	out.Next = next
	return out
}

// adjuster is the state of an adjustment phase while its orders are
// taken one by one.
type adjuster struct {
	s, next *State
	due     map[Power]int       // builds (positive) or disbands (negative) still due
	start   map[Power]int       // due as the phase began
	removed map[int]bool        // indexes into s.Units
	built   map[ProvinceID]bool // provinces built in
}

// order applies one adjustment order and returns its result.
func (a *adjuster) order(o *Order, r *Rules) Result {
	s := a.s
	res := Result{Order: *o}
	switch o.Kind {
	case Build:
		res.Unit, res.Reason = adjustBuild(s, o, a.due, a.built, r)
		if n := a.start[o.Power]; n > 0 && a.due[o.Power] <= 0 {
			res.Reason = fmt.Sprintf("%s has %d build%s due, all given by the orders before this one", s.Map.PowerName(o.Power), n, plural(n))
		}
		if res.Reason != "" {
			res.Code = Refused
			return res
		}
		if r != nil && r.NumberUnits {
			res.Unit.Number = a.nextNumber(res.Unit)
		}
		res.OK, res.Reason = true, "built "+res.Unit.Type.Word()+" in "+s.Map.LocName(res.Unit.Loc)
		a.next.Units = append(a.next.Units, res.Unit)
		a.due[o.Power]--
		a.built[o.At.P] = true
	case Waive:
		if a.due[o.Power] <= 0 {
			res.Code, res.Reason = Refused, "no build to waive"
			return res
		}
		a.due[o.Power]--
		res.OK, res.Reason = true, "build waived"
	case Disband:
		i, why := adjustRemove(s, o, a.due, a.removed)
		if i >= 0 {
			res.Unit = s.Units[i]
		}
		if why != "" {
			res.Code, res.Reason = Refused, why
			return res
		}
		res.OK, res.Reason = true, "removed"
		a.removed[i] = true
		if s.freeUnit(s.Units[i]) {
			// A unit that needs no centre is removed by its owner's
			// choice alone; it settles none of the removals due.
			res.Reason = "removed (it needed no centre: no removal due is settled)"
			break
		}
		a.due[o.Power]++
	default:
		res.Code, res.Reason = Illegal, fmt.Sprintf("a %s order is not allowed in an adjustment phase", o.Kind)
	}
	return res
}

// defaults waives the builds not ordered and removes, by the civil
// disorder rule, the units a power failed to remove.
func (a *adjuster) defaults(out *Outcome, r *Rules) {
	s := a.s
	powers := make([]Power, 0, len(a.due))
	for p := range a.due {
		powers = append(powers, p)
	}
	sort.Slice(powers, func(i, j int) bool { return powers[i] < powers[j] })
	for _, p := range powers {
		n := a.due[p]
		if n > 0 {
			out.Events = append(out.Events, fmt.Sprintf("%s waives %d build%s", s.Map.PowerName(p), n, plural(n)))
		}
		for ; n < 0; n++ {
			i := CivilDisorderRemoval(s, p, a.removed, r)
			if i < 0 {
				break
			}
			a.removed[i] = true
			u := s.Units[i]
			out.Results = append(out.Results, Result{
				Order: Order{Power: p, Kind: Disband, Unit: u.Type, Piece: u.Kind, At: u.Loc, To: Nowhere, AuxAt: Nowhere, AuxTo: Nowhere},
				Unit:  u, OK: true, Code: Defaulted,
				Reason: "removed by the civil disorder rule (furthest from an owned centre)",
			})
		}
	}
}

// nextNumber is the lowest number free among the units of u's power and
// type on the board after the removals and builds so far (Rules.NumberUnits).
func (a *adjuster) nextNumber(u Unit) int {
	used := map[int]bool{}
	for i, v := range a.next.Units {
		if v.Power == u.Power && v.Type == u.Type && !(i < len(a.s.Units) && a.removed[i]) {
			used[v.Number] = true
		}
	}
	n := 1
	for used[n] {
		n++
	}
	return n
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// adjustBuild checks a build order and returns the unit to build, or why
// it is refused (DATC 4.B.7, 4.C.3, 4.C.4).
func adjustBuild(s *State, o *Order, due map[Power]int, built map[ProvinceID]bool, r *Rules) (Unit, string) {
	m := s.Map
	if !o.At.Valid() || int(o.At.P) >= len(m.Provinces) {
		return Unit{}, "no province to build in"
	}
	p := &m.Provinces[o.At.P]
	u := Unit{Type: o.Unit, Kind: o.Piece, Power: o.Power, Loc: o.At}
	switch {
	case due[o.Power] <= 0:
		return u, fmt.Sprintf("%s has no build due", m.PowerName(o.Power))
	case !p.SC || p.Home != o.Power:
		return u, fmt.Sprintf("%s is not a home centre of %s", p.Name, m.PowerName(o.Power))
	case s.Owners[o.At.P] != o.Power:
		return u, fmt.Sprintf("%s does not own %s", m.PowerName(o.Power), p.Name)
	case built[o.At.P] || occupied(s, r, o.At.P):
		return u, p.Name + " is occupied"
	}
	if u.Type == NoUnitType {
		switch {
		case p.Kind == Land:
			u.Type = Army
		case len(p.Coasts) > 0 && o.At.C != NoCoast:
			u.Type = Fleet
		default:
			return u, "say whether to build an army or a fleet"
		}
	}
	if u.Type == Army {
		u.Loc.C = NoCoast
	}
	if u.Type == Fleet && len(p.Coasts) > 0 && !m.HasCoast(o.At.P, o.At.C) {
		return u, "the coast of " + p.Name + " must be given"
	}
	if u.Type == Fleet && len(p.Coasts) == 0 {
		u.Loc.C = NoCoast
	}
	if !m.CanHold(u.Type, u.Loc) {
		return u, fmt.Sprintf("%s cannot be built in %s", u.Type.Noun(), p.Name)
	}
	return u, ""
}

// occupied reports whether a unit occupies p (Rules.Occupies: a unit that
// does not, such as Galt's invisible Ghost, lets a unit be built beside it).
func occupied(s *State, r *Rules, p ProvinceID) bool {
	for _, u := range s.Units {
		if u.Loc.P == p && r.occupies(s, u) {
			return true
		}
	}
	return false
}

// adjustRemove checks a removal and returns the unit's index, or why it
// is refused.
func adjustRemove(s *State, o *Order, due map[Power]int, removed map[int]bool) (int, string) {
	if !o.At.Valid() {
		return -1, "no unit named"
	}
	i := s.UnitAt(o.At.P)
	// In an unlimited space (Davis 6's Hyperspace) several units stand
	// together: take the one of the order's power and number.
	// Where two units of one power share a province (Galt's Ghost), the
	// one of the type (and coast) the order names.
	found := false
	for _, byType := range []bool{true, false} {
		for k, u := range s.Units {
			if !found && u.Loc.P == o.At.P && u.Power == o.Power && (o.Number == 0 || u.Number == o.Number) && !removed[k] &&
				(!byType || (typed(o, u) && (o.At.C == NoCoast || u.Loc.C == o.At.C))) {
				i, found = k, true
			}
		}
	}
	switch {
	case i < 0:
		return -1, "no unit in " + s.Map.LocName(o.At.Prov())
	case s.Units[i].Power != o.Power:
		return i, fmt.Sprintf("%s may not remove a unit of %s", s.Map.PowerName(o.Power), s.Map.PowerName(s.Units[i].Power))
	case removed[i]:
		return i, "already removed"
	case s.freeUnit(s.Units[i]):
		// Upkeep: a unit needing no centre may be removed in any
		// adjustment phase (Davis #19: "unless voluntarily removed").
		return i, ""
	case due[o.Power] >= 0:
		return i, fmt.Sprintf("%s has no disband due", s.Map.PowerName(o.Power))
	}
	return i, ""
}

// CivilDisorderRemoval picks the unit of power p that the 2023 rulebook
// removes when p orders too few disbands (DATC 4.D.8): the one furthest
// from any centre p owns, counting moves over land and sea alike; on a
// tie fleets before armies, then by English province name. It returns
// the index in s.Units, or -1 when p has no unit left to remove.
func CivilDisorderRemoval(s *State, p Power, removed map[int]bool, r *Rules) int {
	dist := distancesFromOwned(s, p)
	best := -1
	for i, u := range s.Units {
		if u.Power != p || removed[i] || s.freeUnit(u) {
			continue
		}
		if best < 0 || removalBefore(s, u, s.Units[best], dist) {
			best = i
		}
	}
	return best
}

func removalBefore(s *State, a, b Unit, dist []int) bool {
	da, db := dist[a.Loc.P], dist[b.Loc.P]
	if da != db {
		return da > db
	}
	if a.Type != b.Type {
		return a.Type == Fleet
	}
	return strings.ToLower(s.Map.Provinces[a.Loc.P].Name) < strings.ToLower(s.Map.Provinces[b.Loc.P].Name)
}

// distancesFromOwned is a breadth-first search from every centre p owns
// over army and fleet links together. Unreachable provinces get a large
// distance.
func distancesFromOwned(s *State, p Power) []int {
	m := s.Map
	const far = 1 << 20
	dist := make([]int, len(m.Provinces))
	var queue []ProvinceID
	for i := range dist {
		dist[i] = far
		if m.Provinces[i].SC && s.Owners[i] == p {
			dist[i] = 0
			queue = append(queue, ProvinceID(i))
		}
	}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		visit := func(y ProvinceID) {
			if dist[y] == far {
				dist[y] = dist[x] + 1
				queue = append(queue, y)
			}
		}
		for _, y := range m.ArmyNeighbours(x) {
			visit(y)
		}
		coasts := append([]Coast{NoCoast}, m.Provinces[x].Coasts...)
		for _, c := range coasts {
			for _, l := range m.FleetNeighbours(Loc{x, c}) {
				visit(l.P)
			}
		}
	}
	return dist
}
