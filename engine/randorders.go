package engine

// RandomOrders returns a plausible, legal set of orders for every power
// for the current phase of s, for soak tests, benchmarks and bots that
// need a sparring partner. Every choice is drawn from rng, so the same
// position and seed give the same orders.
//
// In a movement phase each unit holds (about 25%), moves to a neighbour
// (50%; a fleet to a coast it can reach), supports (20%) a neighbour's
// hold or a move already generated into a province it can reach, or takes
// part in a convoy (5%): a fleet in a sea convoys an army of its power
// from a coast the fleet touches to another such coast, and the army is
// ordered there by convoy (an army drawn for a convoy looks for such a
// fleet). A unit whose drawn order is impossible holds (a failed convoy
// tries a move first), so holds come out somewhat above 25%. In a retreat
// phase each dislodged unit retreats to one of its RetreatOptions or
// disbands. In an adjustment phase each power with builds due builds on
// free home centres it owns (unit type and coast drawn where there is a
// choice) or waives, and each power with disbands due removes random
// units, now and then fewer than due so that the civil disorder rule has
// work to do.
//
// The orders use only standard movement (s's Rules hooks are not known
// here): no Special orders and no variant Reach.
func RandomOrders(s *State, rng *Rand) []Order {
	switch s.Phase.Type {
	case Movement:
		return randomMovement(s, rng)
	case Retreat:
		return randomRetreats(s, rng)
	case Adjustment:
		return randomAdjustments(s, rng)
	}
	return nil
}

// The weights of the movement order kinds, in percent.
const (
	randConvoyPct  = 5
	randSupportPct = 20
	randMovePct    = 50
)

// orderGen builds the random orders of one movement phase.
type orderGen struct {
	s      *State
	m      *Map
	rng    *Rand
	orders []Order
	of     []int  // per unit: index of its order in orders, or -1
	pinned []bool // per unit: its hold is supported, so it must not move
	ints   []int  // scratch list of candidates
	locs   []Loc  // scratch list of destinations
}

// randomMovement orders every unit, taking the units in a random order so
// that supports and convoys may name any unit.
func randomMovement(s *State, rng *Rand) []Order {
	n := len(s.Units)
	g := &orderGen{s: s, m: s.Map, rng: rng, orders: make([]Order, 0, n),
		of: make([]int, 2*n), pinned: make([]bool, n), ints: make([]int, 0, n), locs: make([]Loc, 0, 16)}
	perm := g.of[n:]
	g.of = g.of[:n]
	for i := range perm {
		perm[i] = i
		g.of[i] = -1
	}
	rng.Shuffle(n, "random orders: unit sequence", func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	for _, i := range perm {
		if g.of[i] < 0 {
			g.orderUnit(i)
		}
	}
	return g.orders
}

// orderUnit draws the kind of unit i's order; when that kind is not
// possible the unit falls back to a move (after a convoy) or a hold.
func (g *orderGen) orderUnit(i int) {
	r := g.rng.Intn(100, "random orders: order kind")
	switch {
	case r < randConvoyPct:
		if g.convoy(i) || g.move(i) {
			return
		}
	case r < randConvoyPct+randSupportPct:
		if g.support(i) {
			return
		}
	case r < randConvoyPct+randSupportPct+randMovePct:
		if g.move(i) {
			return
		}
	}
	g.add(i, Order{Kind: Hold})
}

// add gives unit i order o, filling in the unit and the unused locations.
func (g *orderGen) add(i int, o Order) {
	u := g.s.Units[i]
	o.Power, o.Unit, o.At = u.Power, u.Type, u.Loc
	if o.Kind != Move {
		o.To = Nowhere
	}
	if o.Kind != Support && o.Kind != Convoy {
		o.AuxAt, o.AuxTo = Nowhere, Nowhere
	}
	g.of[i] = len(g.orders)
	g.orders = append(g.orders, o)
}

// move orders unit i to a random neighbouring location, unless its hold
// is supported or it has nowhere to go.
func (g *orderGen) move(i int) bool {
	if g.pinned[i] {
		return false
	}
	g.locs = appendDestinations(g.locs[:0], g.m, g.s.Units[i])
	if len(g.locs) == 0 {
		return false
	}
	to := g.locs[g.rng.Intn(len(g.locs), "random orders: move destination")]
	g.add(i, Order{Kind: Move, To: to})
	return true
}

// appendDestinations appends to dst where u may move without a convoy:
// the map's links from u's location to places u may stand (not to
// impassable provinces; for a fleet, a coast it reaches).
// Destinations returns where unit u may move by the map's links alone:
// the provinces (and coasts) next to it that its type may stand in.
func (m *Map) Destinations(u Unit) []Loc { return appendDestinations(nil, m, u) }

func appendDestinations(dst []Loc, m *Map, u Unit) []Loc {
	switch u.Type {
	case Army:
		for _, p := range m.army[u.Loc.P] {
			if m.CanHold(Army, Loc{P: p}) {
				dst = append(dst, Loc{P: p})
			}
		}
	case Fleet:
		for _, l := range m.fleet[node(u.Loc)] {
			if m.CanHold(Fleet, l) {
				dst = append(dst, l)
			}
		}
	}
	return dst
}

// support orders unit i to support a move already generated into a
// province it can reach, or the hold of a neighbour that is not moving
// (a unit of its own power not yet ordered is then kept from moving).
func (g *orderGen) support(i int) bool {
	u := g.s.Units[i]
	cands := g.ints[:0] // order index k of a move as k; unit j to hold as -j-1
	for k := range g.orders {
		o := &g.orders[k]
		if o.Kind == Move && o.To.P != u.Loc.P && g.m.Adjacent(u.Type, u.Loc, o.To.P) {
			cands = append(cands, k)
		}
	}
	for j, v := range g.s.Units {
		if j == i || !g.m.Adjacent(u.Type, u.Loc, v.Loc.P) {
			continue
		}
		if (g.of[j] >= 0 && g.orders[g.of[j]].Kind != Move) || (g.of[j] < 0 && v.Power == u.Power) {
			cands = append(cands, -j-1)
		}
	}
	g.ints = cands
	if len(cands) == 0 {
		return false
	}
	k := cands[g.rng.Intn(len(cands), "random orders: supported unit")]
	if k >= 0 {
		o := g.orders[k]
		g.add(i, Order{Kind: Support, AuxUnit: o.Unit, AuxAt: o.At, AuxTo: o.To})
		return true
	}
	j := -k - 1
	g.pinned[j] = true
	v := g.s.Units[j]
	g.add(i, Order{Kind: Support, AuxUnit: v.Type, AuxAt: v.Loc, AuxTo: Nowhere})
	return true
}

// convoy orders a convoy by unit i: a fleet in a sea convoys an army of
// its power not yet ordered from a coast the fleet touches to another
// one, and the army is ordered there by convoy. When i is such an army,
// a fleet of its power not yet ordered is found for it.
func (g *orderGen) convoy(i int) bool {
	u := g.s.Units[i]
	cands := g.ints[:0]
	for j, v := range g.s.Units {
		if j != i && v.Power == u.Power && v.Type != u.Type && g.of[j] < 0 && !g.pinned[j] {
			if (u.Type == Fleet && g.canConvoy(i, j)) || (u.Type == Army && !g.pinned[i] && g.canConvoy(j, i)) {
				cands = append(cands, j)
			}
		}
	}
	g.ints = cands
	if len(cands) == 0 {
		return false
	}
	f, a := i, cands[g.rng.Intn(len(cands), "random orders: convoy partner")]
	if u.Type == Army {
		f, a = a, i
	}
	from := g.s.Units[a].Loc.P
	dests := g.locs[:0]
	for _, l := range g.m.fleet[node(g.s.Units[f].Loc)] {
		if l.P != from && g.m.Provinces[l.P].Kind == Coastal && !g.m.Provinces[l.P].Impassable && !containsProv(dests, l.P) {
			dests = append(dests, Loc{P: l.P})
		}
	}
	g.locs = dests
	if len(dests) == 0 {
		return false
	}
	to := dests[g.rng.Intn(len(dests), "random orders: convoy destination")]
	g.add(a, Order{Kind: Move, To: to, ViaConvoy: true})
	g.add(f, Order{Kind: Convoy, AuxUnit: Army, AuxAt: g.s.Units[a].Loc, AuxTo: to})
	return true
}

// canConvoy reports whether unit f is a fleet in a sea and unit a an
// army on a coast f touches.
func (g *orderGen) canConvoy(f, a int) bool {
	fu, au := g.s.Units[f], g.s.Units[a]
	return fu.Type == Fleet && au.Type == Army && g.m.Provinces[fu.Loc.P].Kind == Sea &&
		g.m.Provinces[au.Loc.P].Kind == Coastal && g.m.FleetAdjacent(fu.Loc, Loc{P: au.Loc.P})
}

// randomRetreats orders every dislodged unit to one of its retreat
// options, or to disband (always when it has none, else one time in
// len(options)+1).
func randomRetreats(s *State, rng *Rand) []Order {
	out := make([]Order, 0, len(s.Dislodged))
	for _, d := range s.Dislodged {
		u := d.Unit
		o := Order{Power: u.Power, Kind: Disband, Unit: u.Type, At: u.Loc, To: Nowhere, AuxAt: Nowhere, AuxTo: Nowhere}
		opts := RetreatOptions(s, d, nil)
		if k := rng.Intn(len(opts)+1, "random orders: retreat"); k < len(opts) {
			o.Kind, o.To = Move, opts[k]
		}
		out = append(out, o)
	}
	return out
}

// randomAdjustments orders the builds and disbands of every power, in
// map order so that the draws do not depend on map iteration.
func randomAdjustments(s *State, rng *Rand) []Order {
	due := Adjustments(s)
	var out []Order
	for _, pi := range s.Map.Powers {
		switch n := due[pi.ID]; {
		case n > 0:
			out = randomBuilds(s, rng, pi.ID, n, out)
		case n < 0:
			out = randomRemovals(s, rng, pi.ID, -n, out)
		}
	}
	return out
}

// randomBuilds appends n build or waive orders of power p: builds on
// free home centres p owns, in random order; about one build in ten, and
// every build without a free centre, is waived.
func randomBuilds(s *State, rng *Rand, p Power, n int, out []Order) []Order {
	var free []ProvinceID
	for _, c := range s.Map.HomeCentres(p) {
		if s.Owners[c] == p && s.UnitAt(c) < 0 {
			free = append(free, c)
		}
	}
	rng.Shuffle(len(free), "random orders: build sites", func(i, j int) { free[i], free[j] = free[j], free[i] })
	for k := 0; k < n; k++ {
		o := Order{Power: p, Kind: Waive, At: Nowhere, To: Nowhere, AuxAt: Nowhere, AuxTo: Nowhere}
		if k < len(free) && rng.Intn(10, "random orders: build or waive") > 0 {
			if t, l, ok := randomBuildUnit(s.Map, rng, free[k]); ok {
				o.Kind, o.Unit, o.At = Build, t, l
			}
		}
		out = append(out, o)
	}
	return out
}

// randomBuildUnit draws the type (and, for a fleet in a province with
// several coasts, the coast) of a unit built in p.
func randomBuildUnit(m *Map, rng *Rand, p ProvinceID) (UnitType, Loc, bool) {
	var opts []Loc // NoCoast for an army; coasts (or NoCoast) for a fleet
	var types []UnitType
	if m.CanHold(Army, Loc{P: p}) {
		opts, types = append(opts, Loc{P: p}), append(types, Army)
	}
	if m.MultiCoast(p) {
		for _, c := range m.Provinces[p].Coasts {
			if m.CanHold(Fleet, Loc{p, c}) {
				opts, types = append(opts, Loc{p, c}), append(types, Fleet)
			}
		}
	} else if m.CanHold(Fleet, Loc{P: p}) {
		opts, types = append(opts, Loc{P: p}), append(types, Fleet)
	}
	if len(opts) == 0 {
		return NoUnitType, Nowhere, false
	}
	// Army or fleet first, with even odds, then the coast.
	k := 0
	if types[0] == Army && len(types) > 1 && rng.Intn(2, "random orders: build type") == 1 {
		k = 1
	}
	if types[k] == Fleet && len(opts)-k > 1 {
		k += rng.Intn(len(opts)-k, "random orders: build coast")
	}
	return types[k], opts[k], true
}

// randomRemovals appends disband orders for random units of power p:
// usually n of them, one time in five fewer (maybe none), which leaves
// the rest to the civil disorder rule.
func randomRemovals(s *State, rng *Rand, p Power, n int, out []Order) []Order {
	var mine []int
	for i, u := range s.Units {
		if u.Power == p {
			mine = append(mine, i)
		}
	}
	rng.Shuffle(len(mine), "random orders: removals", func(i, j int) { mine[i], mine[j] = mine[j], mine[i] })
	if rng.Intn(5, "random orders: fewer removals") == 0 {
		n = rng.Intn(n, "random orders: removals given")
	}
	for k := 0; k < n && k < len(mine); k++ {
		u := s.Units[mine[k]]
		out = append(out, Order{Power: p, Kind: Disband, Unit: u.Type, At: u.Loc, To: Nowhere, AuxAt: Nowhere, AuxTo: Nowhere})
	}
	return out
}
