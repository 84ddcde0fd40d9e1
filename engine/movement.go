package engine

import (
	"fmt"
	"strings"
)

// Resolution states of the guess-and-check resolver (DATC section 5,
// after Lucas Kruijswijk's algorithm).
const (
	unresolved uint8 = iota
	resolved
)

// noLow marks an adjudication that rests on no guess.
const noLow = int32(1 << 30)

// mv is one unit's order in a movement phase, after validation.
type mv struct {
	unit   Unit
	uidx   int        // index in State.Units
	given  *Order     // the order as given; nil when the unit had none
	kind   OrderKind  // effective kind: Hold, Move, Support or Convoy
	src    ProvinceID // where the unit stands
	to     Loc        // Move: destination (coast resolved). Support/Convoy: where the other unit goes (NoProvince for a support to hold)
	aux    int32      // Support/Convoy: order index of the other unit
	auxAt  Loc        // Support/Convoy: where the other unit stands (of the effective order)
	convoy bool       // Move: goes by convoy
	code   ResultCode // set by validation for Illegal / Void orders
	why    string     // reason for code

	state   uint8
	res     bool
	visited bool
	inCycle bool
	// outOfFight: the order's refusal is a support or convoy of a unit
	// out of the fight (CauseOutOfFight).
	outOfFight bool
	low        int32 // recursion depth of the oldest guess this order rests on
	h2h        int32 // Move: index of the head-to-head opponent, or -1
	nextInto   int32 // next move into the same province
	firstSup   int32 // first valid support for this order
	nextSup    int32 // Support: next support of the same order
	fallSup    int32 // Move: first support to hold that counts if the move fails (Rules.FallbackSupport)
}

// movement adjudicates one movement phase.
type movement struct {
	s     *State
	r     *Rules
	m     *Map
	o     []mv
	at    []int32 // per province: order of the unit occupying it, or -1
	into  []int32 // per province: first move into it, or -1
	cycle []int32 // orders whose resolution rests on a guess (DATC 5.F)
	depth int32   // recursion depth of the resolver
	low   int32   // oldest guess the adjudication under way rests on
	extra []Result
	turn  Turn // what the variant decided before resolution (Rules.Prepare)
	// passing are the units (by index) dislodged in an earlier step of a
	// sequence that move on in this one (Rules.SequenceMovesOn): they do
	// not occupy their province, and an order there goes to them first.
	passing map[int]bool
	// spent are the kinds of the orders units gave in an earlier step of a
	// sequence; such a unit, holding without an order in this step, is
	// asked its HoldStrength with that kind (Galt's Move First supporting
	// in the first step still defends with zero in the second).
	spent map[Unit]OrderKind
	// looping marks the supports (and convoys) whose weight rests, through
	// the strengths of the attacks on them, on their own
	// (Rules.SupportLost); nil until first needed.
	looping []bool
	// names: the results record the units their words name
	// (Detail.Names), for a variant that cuts outcomes down for seats
	// (Rules.ConcealOutcome); the standard game records none.
	names bool
}

// blocked reports whether move i goes into a province closed this turn.
func (a *movement) blocked(i int32) bool {
	if a.turn.Blocked == nil {
		return false
	}
	_, b := a.turn.Blocked[a.o[i].to.P]
	return b
}

func (a *movement) unitName(i int32) string {
	u := a.o[i].unit
	return u.Type.String() + " " + a.m.LocString(u.Loc)
}

// AdjudicateMovement adjudicates a movement phase: orders are assigned to
// units and validated, resolved together, and applied. Units without an
// order hold. The State is not changed.
func AdjudicateMovement(s *State, orders []Order, r *Rules) *Outcome {
	return adjudicateMovement(s, orders, r, nil, nil)
}

// adjudicateMovement is AdjudicateMovement with the units (by index in
// s.Units) that move on through a later step of a sequence after being
// dislodged (Rules.SequenceMovesOn).
func adjudicateMovement(s *State, orders []Order, r *Rules, passing map[int]bool, spent map[Unit]OrderKind) *Outcome {
	a := newMovement(s, r)
	a.spent = spent
	if len(passing) > 0 {
		a.passing = passing
		for i := range passing {
			if p := s.Units[i].Loc.P; a.at[p] == int32(i) {
				a.at[p] = -1
				for j, u := range s.Units {
					if j != i && !passing[j] && u.Loc.P == p && r.occupies(s, u) && !s.Map.Provinces[p].Unlimited {
						a.at[p] = int32(j)
					}
				}
			}
		}
	}
	if r != nil && r.Prepare != nil {
		a.turn = r.Prepare(s, orders)
		a.applyIntangible()
	}
	a.assign(orders)
	a.validate()
	for i := range a.o {
		if a.o[i].kind == Move || a.o[i].kind == Support || a.o[i].kind == Convoy {
			a.resolve(int32(i))
		}
	}
	return a.outcome()
}

func newMovement(s *State, r *Rules) *movement {
	n := len(s.Map.Provinces)
	a := &movement{s: s, r: r, m: s.Map, low: noLow, names: r != nil && r.ConcealOutcome != nil}
	buf := make([]int32, 2*n)
	a.at, a.into = buf[:n], buf[n:]
	for i := range buf {
		buf[i] = -1
	}
	a.o = make([]mv, len(s.Units))
	for i, u := range s.Units {
		a.o[i] = mv{unit: u, uidx: i, kind: Hold, src: u.Loc.P, to: Nowhere, aux: -1, h2h: -1, nextInto: -1, firstSup: -1, nextSup: -1, fallSup: -1}
		if r.occupies(s, u) && !s.Map.Provinces[u.Loc.P].Unlimited {
			a.at[u.Loc.P] = int32(i)
		}
	}
	return a
}

// applyIntangible takes the units Turn.Intangible names out of the
// provinces they stand in (true) or puts them in (false).
func (a *movement) applyIntangible() {
	for i := range a.o {
		u := a.o[i].unit
		in, ok := a.turn.Intangible[u]
		switch {
		case !ok || a.m.Provinces[u.Loc.P].Unlimited:
		case in && a.at[u.Loc.P] == int32(i):
			a.at[u.Loc.P] = -1
		case !in:
			a.at[u.Loc.P] = int32(i)
		}
	}
}

// intangible reports whether order i's unit is out of the fight this turn
// (Turn.Intangible).
func (a *movement) intangible(i int32) bool {
	u := a.o[i].unit
	if in, ok := a.turn.Intangible[u]; ok {
		return in
	}
	// A piece that shares its province (PieceInfo.Shares: birds, female
	// armies) is out of the fight unless the turn says otherwise: it moves
	// beside the others and stops no one.
	if u.Kind != 0 {
		p, _ := a.m.Piece(u.Kind)
		return p.Shares
	}
	return false
}

// findUnit returns the order index of the unit an order names, or -1:
// a unit moving on through this step of a sequence first, then UnitOf's
// answer with the province's holder of this turn (Turn.Intangible).
func (a *movement) findUnit(o *Order) int32 {
	if !o.At.Valid() || int(o.At.P) >= len(a.m.Provinces) {
		return -1
	}
	for i := range a.passing {
		if a.r.names(a.s, o, a.o[i].unit) {
			return int32(i)
		}
	}
	return namedUnit(a.s, a.r, a.s.Units, o, a.at[o.At.P])
}

// assign gives each unit its order. An impossible order is reported and
// the unit holds; DATC 4.D.3: a unit with two different legal orders holds.
func (a *movement) assign(orders []Order) {
	var conflict []int32
	for k := range orders {
		o := &orders[k]
		i := a.findUnit(o)
		switch {
		case i < 0:
			a.extra = append(a.extra, Result{Order: *o, Code: NoUnit,
				Reason: fmt.Sprintf("no unit in %s", a.m.LocName(o.At.Prov()))})
			continue
		case a.o[i].unit.Power != o.Power && o.Power != "":
			a.extra = append(a.extra, Result{Order: *o, Unit: a.o[i].unit, Code: NotOwner,
				Reason: fmt.Sprintf("%s may not order the %s %s in %s", a.m.PowerName(o.Power),
					a.adjective(a.o[i].unit.Power), a.o[i].unit.Type.Word(), a.m.LocName(a.o[i].unit.Loc))})
			continue
		}
		e, why := a.legal(i, o)
		x := &a.o[i]
		if why != "" {
			out := e.kind == Support || e.kind == Convoy
			if x.given == nil {
				x.given, x.code, x.why, x.outOfFight = o, Illegal, why, out
			} else {
				a.extra = append(a.extra, Result{Order: *o, Unit: x.unit, Code: Illegal, Reason: why, Detail: outOfFight(out)})
			}
			continue
		}
		if x.given != nil && x.code == OK {
			if x.given.Format(a.m) == o.Format(a.m) {
				continue
			}
			a.extra = append(a.extra, Result{Order: *x.given, Unit: x.unit, Code: Illegal,
				Reason: "two different orders for one unit; it holds (DATC 4.D.3)"})
			conflict = append(conflict, i)
		} else if x.given != nil {
			a.extra = append(a.extra, Result{Order: *x.given, Unit: x.unit, Code: Illegal, Reason: x.why, Detail: outOfFight(x.outOfFight)})
		}
		x.given, x.code, x.why, x.outOfFight = o, OK, "", false
		x.kind, x.to, x.convoy, x.auxAt = e.kind, e.to, e.convoy, e.auxAt
	}
	for _, i := range conflict {
		x := &a.o[i]
		x.kind, x.to, x.convoy = Hold, Nowhere, false
		x.code, x.why = Illegal, "two different orders for one unit; it holds (DATC 4.D.3)"
	}
}

// outOfFight is the detail of a refused support or convoy of a unit out of
// the fight (out set), else nil.
func outOfFight(out bool) *Detail {
	if !out {
		return nil
	}
	return &Detail{Cause: CauseOutOfFight}
}

// eff is the effective form of a legal order.
type eff struct {
	kind   OrderKind
	to     Loc
	convoy bool
	auxAt  Loc // Support/Convoy: the other unit's location (a special order's effective form may differ from the order given)
}

func (a *movement) adjective(p Power) string {
	if pi, ok := a.m.Power(p); ok {
		return pi.Adjective
	}
	return string(p)
}

// legal checks what can be known of an order without the other orders
// (DATC 4.E.1) and returns its effective form, or why it is impossible.
func (a *movement) legal(i int32, o *Order) (eff, string) {
	u := a.o[i].unit
	fail := func(format string, args ...any) (eff, string) {
		return eff{}, fmt.Sprintf(format, args...)
	}
	nprov := len(a.m.Provinces)
	switch o.Kind {
	case Hold:
		return eff{kind: Hold, to: Nowhere}, ""
	case Special:
		if a.r == nil || a.r.Special == nil {
			return fail("%q is not an order of this game", o.Special)
		}
		e, why := a.r.Special(a.s, u, *o)
		if why != "" {
			return fail("%s", why)
		}
		if e.Kind == Special {
			return fail("%q is not an order of this game", o.Special)
		}
		return a.legal(i, &e)
	case Move:
		if !o.To.Valid() || int(o.To.P) >= nprov {
			return fail("no destination")
		}
		if o.To.P == u.Loc.P {
			return fail("a unit cannot move to the province it is in")
		}
		to, ok, why := a.moveDest(u, o)
		if !ok {
			return fail("%s", why)
		}
		convoyable := u.Type == Army || a.r.convoyFleet(a.s, u) && a.m.Provinces[to.P].Kind == Sea
		e := eff{kind: Move, to: to, convoy: convoyable && (o.ViaConvoy || !a.adjacent(u, to))}
		if e.convoy && !a.possibleRoute(u.Loc.P, to.P, -1) {
			return fail("no fleets could convoy %s to %s", a.unitName(i), a.m.Provinces[to.P].Name)
		}
		return e, ""
	case Support, Convoy:
		if a.intangible(i) {
			// The kind marks the refusal's cause (CauseOutOfFight).
			return eff{kind: o.Kind}, fmt.Sprintf("%s is out of the fight this turn: it may not support or convoy", a.unitName(i))
		}
	}
	switch o.Kind {
	case Support:
		if !o.AuxAt.Valid() || int(o.AuxAt.P) >= nprov || int(o.AuxTo.P) >= nprov {
			return fail("support names no unit")
		}
		t := o.AuxAt.P
		if o.AuxTo.Valid() {
			t = o.AuxTo.P
		}
		switch {
		case o.AuxAt.P == u.Loc.P:
			return fail("a unit cannot support itself")
		case t == u.Loc.P:
			return fail("a unit cannot support a move into its own province")
		case o.AuxTo.Valid() && o.AuxTo.P == o.AuxAt.P:
			return fail("the supported move goes nowhere")
		case !a.adjacent(u, Loc{P: t}) && !(a.r != nil && a.r.SupportReach != nil && a.r.SupportReach(a.s, u, Loc{P: t})):
			return fail("%s cannot reach %s, so it cannot support there", a.unitName(i), a.m.Provinces[t].Name)
		}
		e := eff{kind: Support, to: Nowhere, auxAt: o.AuxAt}
		if o.AuxTo.Valid() {
			e.to = o.AuxTo
		}
		return e, ""
	case Convoy:
		switch {
		case u.Type != Fleet && !a.r.canConvoy(a.s, u):
			return fail("only fleets convoy")
		case !a.r.canConvoy(a.s, u):
			return fail("a fleet in a coastal province cannot convoy")
		case !o.AuxAt.Valid() || !o.AuxTo.Valid() || int(o.AuxAt.P) >= nprov || int(o.AuxTo.P) >= nprov:
			return fail("convoy needs an army and a destination")
		case o.AuxAt.P == o.AuxTo.P:
			return fail("the convoyed move goes nowhere")
		case !a.possibleRoute(o.AuxAt.P, o.AuxTo.P, i):
			return fail("%s cannot take part in a convoy from %s to %s", a.unitName(i),
				a.m.Provinces[o.AuxAt.P].Name, a.m.Provinces[o.AuxTo.P].Name)
		}
		return eff{kind: Convoy, to: Loc{P: o.AuxTo.P}, auxAt: o.AuxAt}, ""
	}
	return fail("a %s order is not allowed in a movement phase", o.Kind)
}

// adjacent reports whether u may move straight to l (any coast when l has
// none), by the map or by a variant's Reach.
func (a *movement) adjacent(u Unit, l Loc) bool {
	if a.m.Provinces[l.P].Impassable || a.m.Provinces[u.Loc.P].Impassable {
		// A unit a variant lets into an impassable space (Rules.Enter)
		// moves in and out of it by the map's own links.
		if a.m.Provinces[l.P].Impassable && !a.r.enter(a.s, u, l) {
			return false
		}
		switch {
		case u.Type == Army && a.m.ArmyLinked(u.Loc.P, l.P):
			return true
		case u.Type == Fleet && a.m.FleetLinked(u.Loc, l):
			return true
		}
		return a.r.reach(a.s, u, l)
	}
	switch u.Type {
	case Army:
		if a.m.ArmyAdjacent(u.Loc.P, l.P) {
			return true
		}
	case Fleet:
		if a.m.FleetAdjacent(u.Loc, l) {
			return true
		}
	}
	return a.r.reach(a.s, u, l)
}

// moveDest resolves the destination of a move (DATC 4.B): a fleet's coast
// is taken when only one is reachable, an unreachable coast is illegal,
// an army's coast is ignored.
func (a *movement) moveDest(u Unit, o *Order) (Loc, bool, string) {
	to := o.To
	p := &a.m.Provinces[to.P]
	enter := a.r.enter(a.s, u, to)
	if p.Impassable && !enter {
		return to, false, p.Name + " is impassable"
	}
	switch u.Type {
	case Army:
		to.C = NoCoast
		if p.Kind == Sea && !enter {
			return to, false, "an army cannot move into a sea"
		}
		if a.adjacent(u, to) {
			return to, true, ""
		}
		if a.m.Provinces[u.Loc.P].Kind == Coastal && p.Kind == Coastal {
			if a.possibleRoute(u.Loc.P, to.P, -1) {
				return to, true, "" // a move by convoy
			}
			return to, false, fmt.Sprintf("%s is not adjacent to %s and no fleets could convoy it there", a.m.LocName(u.Loc), p.Name)
		}
		return to, false, fmt.Sprintf("%s cannot reach %s", a.m.LocName(u.Loc), p.Name)
	case Fleet:
		if p.Kind == Land && !enter {
			return to, false, "a fleet cannot move inland"
		}
		if len(p.Coasts) == 0 {
			to.C = NoCoast
			if a.adjacent(u, to) {
				return to, true, ""
			}
			if p.Kind == Sea && a.m.Provinces[u.Loc.P].Kind == Sea && a.r.convoyFleet(a.s, u) && a.possibleRoute(u.Loc.P, to.P, -1) {
				return to, true, "" // a fleet convoyed between seas (Rules.ConvoyFleet)
			}
			return to, false, fmt.Sprintf("a fleet cannot move from %s to %s", a.m.LocName(u.Loc), p.Name)
		}
		if to.C != NoCoast {
			if a.m.FleetAdjacent(u.Loc, to) || a.r.reach(a.s, u, to) {
				return to, true, ""
			}
			return to, false, fmt.Sprintf("a fleet cannot reach %s from %s", a.m.LocName(to), a.m.LocName(u.Loc))
		}
		var found []Loc
		for _, c := range p.Coasts {
			l := Loc{to.P, c}
			if a.m.FleetAdjacent(u.Loc, l) || a.r.reach(a.s, u, l) {
				found = append(found, l)
			}
		}
		switch len(found) {
		case 1:
			return found[0], true, ""
		case 0:
			return to, false, fmt.Sprintf("a fleet cannot move from %s to %s", a.m.LocName(u.Loc), p.Name)
		}
		return to, false, fmt.Sprintf("the coast of %s must be given", p.Name)
	}
	return to, false, "this unit cannot move"
}

// validate matches supports and convoys with the orders they name and
// decides which armies go by convoy (DATC 4.A.3, 4.E.1).
func (a *movement) validate() {
	for i := range a.o {
		x := &a.o[i]
		if (x.kind == Support || x.kind == Convoy) && x.given != nil {
			x.aux = a.findAux(int32(i))
		}
	}
	a.matchConvoys()
	a.matchSupports()
	a.indexMoves()
}

// findAux returns the unit support or convoy i names. Where several
// units stand in the province (one of them not occupying it), the one of
// the power the order names, else the one whose order the support or
// convoy matches, is taken.
func (a *movement) findAux(i int32) int32 {
	x := &a.o[i]
	j := a.findUnit(&Order{At: x.auxAt, Power: x.given.AuxPower})
	if j < 0 || a.matches(i, j) {
		return j
	}
	for k := range a.o {
		if k != int(i) && a.o[k].unit.Loc.P == x.auxAt.P && a.matches(i, int32(k)) {
			return int32(k)
		}
	}
	return j
}

// matches reports whether support or convoy i fits unit j's order.
func (a *movement) matches(i, j int32) bool {
	x, y := &a.o[i], &a.o[j]
	if x.kind == Convoy || x.to.Valid() {
		return y.kind == Move && y.to.P == x.to.P && (x.kind != Convoy || y.unit.Type == Army)
	}
	return y.kind != Move
}

// matchConvoys voids convoys that match no army move, and decides which
// armies go by convoy: an army adjacent to its destination goes by
// convoy when it says so or when a fleet of its own power convoys it
// (2000/2023 rule, DATC 4.A.3, without fallback to the land route).
func (a *movement) matchConvoys() {
	for i := range a.o {
		x := &a.o[i]
		if x.kind != Convoy {
			continue
		}
		if x.aux < 0 {
			a.void(int32(i), "no army in %s to convoy", a.m.LocName(x.auxAt.Prov()))
			continue
		}
		y := &a.o[x.aux]
		if y.unit.Type != Army && !a.r.convoyFleet(a.s, y.unit) {
			a.void(int32(i), "only armies can be convoyed")
		} else if y.kind != Move || y.to.P != x.to.P {
			a.void(int32(i), "%s was not ordered to %s", a.unitName(x.aux), a.m.LocName(x.to))
		}
	}
	for i := range a.o {
		x := &a.o[i]
		if x.kind != Move || x.unit.Type != Army || x.convoy {
			continue
		}
		for j := range a.o {
			y := &a.o[j]
			if y.kind == Convoy && y.aux == int32(i) && y.unit.Power == x.unit.Power {
				x.convoy = true
				break
			}
		}
	}
	for i := range a.o {
		x := &a.o[i]
		if x.kind == Convoy && x.code == OK && !a.o[x.aux].convoy {
			a.void(int32(i), "%s does not go by convoy", a.unitName(x.aux))
		}
	}
}

// matchSupports voids supports that do not match the supported unit's
// order and links the others to the order they support.
func (a *movement) matchSupports() {
	for i := range a.o {
		x := &a.o[i]
		if x.kind != Support {
			continue
		}
		if x.aux < 0 {
			a.void(int32(i), "no unit in %s to support", a.m.LocName(x.auxAt.Prov()))
			continue
		}
		y := &a.o[x.aux]
		if x.to.Valid() {
			if y.kind != Move || y.to.P != x.to.P {
				a.void(int32(i), "%s was not ordered to %s", a.unitName(x.aux), a.m.LocName(x.to.Prov()))
				continue
			}
			if x.to.C != NoCoast && y.to.C != NoCoast && x.to.C != y.to.C {
				a.void(int32(i), "%s moves to %s, not %s", a.unitName(x.aux), a.m.LocName(y.to), a.m.LocName(x.to))
				continue
			}
		} else if y.kind == Move {
			if a.r.fallbackSupport(a.s, x.unit, y.unit) {
				x.nextSup = y.fallSup
				y.fallSup = int32(i)
				continue
			}
			a.void(int32(i), "%s moves, so it cannot be supported to hold", a.unitName(x.aux))
			continue
		}
		x.nextSup = y.firstSup
		y.firstSup = int32(i)
	}
}

// indexMoves lists the moves into each province and finds head-to-head
// battles (two units moving into each other's provinces over land).
func (a *movement) indexMoves() {
	for i := len(a.o) - 1; i >= 0; i-- {
		x := &a.o[i]
		if x.kind == Move {
			x.nextInto = a.into[x.to.P]
			a.into[x.to.P] = int32(i)
		}
	}
	for i := range a.o {
		x := &a.o[i]
		if x.kind != Move || x.convoy || a.intangible(int32(i)) {
			continue
		}
		if a.blocked(int32(i)) {
			continue
		}
		if j := a.at[x.to.P]; j >= 0 && a.o[j].kind == Move && !a.o[j].convoy && a.o[j].to.P == x.src && !a.blocked(j) &&
			!a.r.swap(a.s, x.unit, x.given, a.o[j].unit, a.o[j].given) {
			x.h2h = j
		}
	}
}

func (a *movement) void(i int32, format string, args ...any) {
	x := &a.o[i]
	x.code, x.why = Void, fmt.Sprintf(format, args...)
	x.kind = Hold
}

// possibleRoute reports whether fleets on the board, whatever their
// orders, could convoy an army from src to dst along a route on which
// every fleet is needed (a chordless chain). With through set, the route
// must use that unit's fleet. DATC 4.E.1 and 6.G.19: a convoy order of a
// fleet that no such route needs is illegal.
func (a *movement) possibleRoute(src, dst ProvinceID, through int32) bool {
	var fleets [32]int32
	fl := fleets[:0]
	for i := range a.o {
		if a.r.canConvoy(a.s, a.o[i].unit) && !a.intangible(int32(i)) { // standard: fleets at sea
			fl = append(fl, int32(i))
		}
	}
	if through >= 0 && !a.r.canConvoy(a.s, a.o[through].unit) {
		return false
	}
	var pathBuf [32]int32
	return a.chordless(src, dst, through, fl, pathBuf[:0])
}

func (a *movement) chordless(src, dst ProvinceID, through int32, fleets, path []int32) bool {
	touches := func(f int32, p ProvinceID) bool { return a.shore(a.o[f].unit, p) }
	if n := len(path); n > 0 && touches(path[n-1], dst) {
		if through < 0 {
			return true
		}
		for _, f := range path {
			if f == through {
				return true
			}
		}
		return false // a longer path would have the chord last-dst
	}
	for _, f := range fleets {
		ok := true
		if len(path) == 0 {
			ok = touches(f, src)
		} else {
			if !a.chained(a.o[path[len(path)-1]].unit, a.o[f].unit) || touches(f, src) {
				ok = false
			}
			for k := 0; ok && k < len(path)-1; k++ {
				if path[k] == f || a.chained(a.o[path[k]].unit, a.o[f].unit) {
					ok = false
				}
			}
			if path[len(path)-1] == f {
				ok = false
			}
		}
		if ok && len(path) > 0 {
			for _, g := range path {
				if touches(g, dst) {
					ok = false
				}
			}
		}
		if ok && a.chordless(src, dst, through, fleets, append(path, f)) {
			return true
		}
	}
	return false
}

// shore reports whether convoying unit f touches p, an end of the
// convoyed army's move. An end may be a province a variant opens to the
// army (Rules.Enter: Galt's explorer on an island), which the map marks
// impassable: a fleet beside it carries the army there by the map's links.
// A variant may let a unit convoy to shores the map does not link it to
// (Rules.ConvoyReach).
func (a *movement) shore(f Unit, p ProvinceID) bool {
	if a.r != nil && a.r.ConvoyReach != nil && a.r.ConvoyReach(a.s, f, p) {
		return true
	}
	if a.m.Provinces[p].Impassable {
		return a.m.FleetLinked(f.Loc, Loc{P: p})
	}
	return a.m.FleetAdjacent(f.Loc, Loc{P: p})
}

// chained reports whether convoying units x and y are next to each other
// in a convoy's chain: by the map's fleet links, or as a variant allows
// (Rules.ConvoyChain: Galt's Neanderthal armies by land).
func (a *movement) chained(x, y Unit) bool {
	if a.r != nil && a.r.ConvoyChain != nil && a.r.ConvoyChain(a.s, x, y) {
		return true
	}
	return a.m.FleetAdjacent(x.Loc, y.Loc)
}

// route reports whether army move i has a chain of convoying fleets from
// its province to its destination. With resolving set, only fleets whose
// convoy succeeds (they are not dislodged) count.
func (a *movement) route(i int32, resolving bool) bool {
	x := &a.o[i]
	var seen [64]bool // small maps; larger ones fall back to a slice
	var seenBig []bool
	if len(a.o) > len(seen) {
		seenBig = make([]bool, len(a.o))
	}
	mark := func(j int) bool {
		if seenBig != nil {
			if seenBig[j] {
				return false
			}
			seenBig[j] = true
			return true
		}
		if seen[j] {
			return false
		}
		seen[j] = true
		return true
	}
	var stack [16]int32
	todo := stack[:0]
	for j := range a.o {
		y := &a.o[j]
		if y.kind == Convoy && y.aux == i && y.code == OK && a.shore(y.unit, x.src) {
			if mark(j) {
				todo = append(todo, int32(j))
			}
		}
	}
	for len(todo) > 0 {
		j := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		y := &a.o[j]
		if resolving && !a.resolve(j) {
			continue
		}
		if a.shore(y.unit, x.to.P) {
			return true
		}
		for k := range a.o {
			z := &a.o[k]
			if z.kind == Convoy && z.aux == i && z.code == OK && a.chained(y.unit, z.unit) && mark(k) {
				todo = append(todo, int32(k))
			}
		}
	}
	return false
}

// path reports whether move i can arrive: over land always; by convoy
// when an undisrupted chain of fleets remains.
func (a *movement) path(i int32) bool {
	if !a.o[i].convoy {
		return true
	}
	return a.route(i, true)
}

// resolve is the guess-and-check resolver of DATC section 5.F: it
// decides order i, guessing when it meets a dependency cycle. Each order
// on the recursion stack has a depth; an order whose adjudication rests
// on guesses remembers the smallest depth it depends on (as in Tarjan's
// algorithm), so only the ancestor of the whole cycle tries the other
// guess. When the cycle has no or two consistent resolutions the backup
// rules apply: circular movement succeeds, and a convoy paradox is broken
// by the Szykman rule (DATC 4.A.2).
func (a *movement) resolve(i int32) bool {
	x := &a.o[i]
	if x.state == resolved {
		return x.res
	}
	if x.visited || x.inCycle {
		// A dependency cycle, or an order pending on one: use its guess.
		if x.low < a.low {
			a.low = x.low
		}
		a.addCycle(i)
		return x.res
	}
	x.visited = true
	x.low = a.depth
	a.depth++
	oldLen, oldLow := len(a.cycle), a.low
	a.low = noLow
	x.res = false
	first := a.adjudicate(i)
	low := a.low
	a.depth--
	switch {
	case low == noLow:
		// No guess was involved.
		a.low = oldLow
		x.res, x.state, x.visited = first, resolved, false
		return first
	case low < x.low:
		// Rests on a guess made further up: remember the result and let
		// the ancestor of the cycle decide.
		a.addCycle(i)
		x.low, x.res, x.visited = low, first, false
		a.low = min(oldLow, low)
		return first
	}
	// This order is the ancestor of the whole cycle: try the other guess.
	a.truncCycle(oldLen)
	x.res = true
	a.depth++
	second := a.adjudicate(i)
	a.depth--
	a.low = oldLow
	if first == second {
		a.truncCycle(oldLen)
		x.res, x.state, x.visited = first, resolved, false
		return first
	}
	a.addCycle(i)
	a.backup(a.cycle[oldLen:])
	a.truncCycle(oldLen)
	x.visited = false
	return a.resolve(i)
}

func (a *movement) addCycle(i int32) {
	if !a.o[i].inCycle {
		a.o[i].inCycle = true
		a.cycle = append(a.cycle, i)
	}
}

func (a *movement) truncCycle(n int) {
	for _, d := range a.cycle[n:] {
		a.o[d].inCycle = false
	}
	a.cycle = a.cycle[:n]
}

// backup settles a cycle with no or two resolutions.
func (a *movement) backup(cycle []int32) {
	paradox := false
	for _, d := range cycle {
		if a.o[d].kind == Convoy {
			paradox = true
			break
		}
	}
	for _, d := range cycle {
		y := &a.o[d]
		switch {
		case paradox && y.kind == Convoy:
			// Szykman: the convoying fleets of the paradox hold.
			y.res, y.state = false, resolved
		case !paradox && y.kind == Move:
			// Circular movement: every move of the circle succeeds.
			y.res, y.state = true, resolved
		}
		y.visited = false
	}
}

// adjudicate decides order i given the current resolutions and guesses.
func (a *movement) adjudicate(i int32) bool {
	switch a.o[i].kind {
	case Move:
		return a.adjudicateMove(i)
	case Support:
		return a.adjudicateSupport(i)
	case Convoy:
		return !a.dislodgedBy(a.o[i].src)
	}
	return true
}

func (a *movement) adjudicateMove(i int32) bool {
	x := &a.o[i]
	if a.blocked(i) || !a.path(i) {
		return false
	}
	if a.m.Provinces[x.to.P].Unlimited || a.intangible(i) {
		return true
	}
	att := a.attack(i)
	if x.h2h >= 0 {
		if att <= a.defend(x.h2h) {
			return false
		}
	} else if att <= a.hold(x.to.P) {
		return false
	}
	for j := a.into[x.to.P]; j >= 0; j = a.o[j].nextInto {
		if j != i && att <= a.prevent(j) {
			return false
		}
	}
	return true
}

// dislodgedBy reports whether some move into p succeeds.
func (a *movement) dislodgedBy(p ProvinceID) bool {
	for j := a.into[p]; j >= 0; j = a.o[j].nextInto {
		if !a.intangible(j) && a.resolve(j) {
			return true
		}
	}
	return false
}

// cutters counts the attacks that may cut support i (DATC 5.B: not from
// the province the support is directed into, not by the supporter's own
// power, and for a convoyed army only when it arrives at the border);
// with units set, it also appends the attacking units to it, and their
// orders' indices to idx when that is set.
func (a *movement) cutters(i int32, units *[]Unit, idx *[]int32) int {
	x := &a.o[i]
	target := a.supportTarget(i)
	n := 0
	for j := a.into[x.src]; j >= 0; j = a.o[j].nextInto {
		y := &a.o[j]
		if y.src == target || y.unit.Power == x.unit.Power || a.blocked(j) || a.intangible(j) {
			continue
		}
		if a.r != nil && a.r.Cuts != nil && !a.r.Cuts(a.s, y.unit, x.unit) {
			continue
		}
		if a.path(j) {
			n++
			if units != nil {
				*units = append(*units, y.unit)
			}
			if idx != nil {
				*idx = append(*idx, j)
			}
		}
	}
	return n
}

// supportTarget is the province support i is directed into.
func (a *movement) supportTarget(i int32) ProvinceID {
	x := &a.o[i]
	if x.to.Valid() {
		return x.to.P
	}
	return a.o[x.aux].src
}

// supportWeight is what support i adds, once cuts are counted.
func (a *movement) supportWeight(i int32) int {
	x := &a.o[i]
	if _, cut := a.turn.Cut[x.src]; cut {
		return 0
	}
	w := a.r.strength(a.s, x.unit, RoleSupport)
	lost, _ := a.supportLoss(i, w)
	return max(0, w-lost)
}

// supportLoss is what the attacks on support i's supporter take of its
// weight w, and the variant's words for it (Rules.SupportLost).
func (a *movement) supportLoss(i int32, w int) (int, string) {
	x := &a.o[i]
	if a.r == nil || a.r.SupportLost == nil {
		if a.cutters(i, nil, nil) > 0 {
			return w, ""
		}
		return 0, ""
	}
	var attackers []Unit
	var idx []int32
	if a.cutters(i, &attackers, &idx) == 0 {
		return 0, ""
	}
	var attack func(k int) int
	if !a.loops()[i] {
		attack = func(k int) int { return a.attack(idx[k]) }
	}
	return a.r.SupportLost(a.s, x.unit, w, attackers, attack)
}

// loops marks the supports and convoys on a loop of weights: the weight of
// support i rests on the strengths of the moves that may cut it, which
// rest on the weights of their supports (and of their convoying units'
// automatic supports, Rules.ConvoySupport). On such a loop (two supporters
// each supporting an attack on the other) the weights have no single
// answer, so Rules.SupportLost is given no attack strengths there;
// elsewhere the dependencies form no loop, and asking for the attacks'
// strengths ends.
func (a *movement) loops() []bool {
	if a.looping != nil {
		return a.looping
	}
	n := len(a.o)
	next := make([][]int32, n)
	for i := range a.o {
		x := &a.o[i]
		if x.kind != Support && x.kind != Convoy {
			continue
		}
		target := NoProvince
		if x.kind == Support && x.aux >= 0 {
			target = a.supportTarget(int32(i))
		}
		for j := a.into[x.src]; j >= 0; j = a.o[j].nextInto {
			y := &a.o[j]
			if y.src == target || y.unit.Power == x.unit.Power || a.blocked(j) || a.intangible(j) {
				continue
			}
			for k := y.firstSup; k >= 0; k = a.o[k].nextSup {
				next[i] = append(next[i], k)
			}
			for k := range a.o {
				if a.o[k].kind == Convoy && a.o[k].aux == j {
					next[i] = append(next[i], int32(k))
				}
			}
		}
	}
	a.looping = make([]bool, n)
	seen := make([]int, n) // the start whose search last reached each order, plus one
	for i := range n {
		stack := append([]int32(nil), next[i]...)
		for len(stack) > 0 && !a.looping[i] {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if int(k) == i {
				a.looping[i] = true
			} else if seen[k] != i+1 {
				seen[k] = i + 1
				stack = append(stack, next[k]...)
			}
		}
	}
	return a.looping
}

func (a *movement) adjudicateSupport(i int32) bool {
	x := &a.o[i]
	if a.supportWeight(i) <= 0 {
		return false
	}
	// A supporter that is dislodged gives nothing, even when dislodged
	// from the province its support is directed into (DATC 5.B.2), or by
	// an attack a variant let cut only part of the support (Davis 16.f) or
	// none of it (Davis X8). In the standard game every other attack from
	// another power has already cut the support above, and a unit's own
	// power cannot dislodge it, so this asks the resolver nothing new.
	for j := a.into[x.src]; j >= 0; j = a.o[j].nextInto {
		if !a.intangible(j) && a.resolve(j) {
			return false
		}
	}
	return true
}

// supports sums the supports given to order i; with exclude set, supports
// by that power do not count (a power does not help dislodge its own unit).
func (a *movement) supports(i int32, exclude Power) int {
	n := 0
	for j := a.o[i].firstSup; j >= 0; j = a.o[j].nextSup {
		if exclude != "" && a.o[j].unit.Power == exclude {
			continue
		}
		if a.resolve(j) {
			n += a.supportWeight(j)
		}
	}
	if a.o[i].convoy && a.r != nil && a.r.ConvoySupport != nil {
		n += a.convoySupports(i, exclude)
	}
	return n
}

// convoySupports sums what the convoying fleets landing army move i add
// to it (Rules.ConvoySupport): each such fleet adjacent to the landing
// whose convoy stands and whose support is not cut.
func (a *movement) convoySupports(i int32, exclude Power) int {
	x := &a.o[i]
	n := 0
	for j := range a.o {
		y := &a.o[j]
		if y.kind != Convoy || y.aux != i || y.code != OK || (exclude != "" && y.unit.Power == exclude) {
			continue
		}
		if !a.m.FleetAdjacent(y.unit.Loc, Loc{P: x.to.P}) || !a.r.ConvoySupport(a.s, y.unit, x.unit) {
			continue
		}
		if a.resolve(int32(j)) {
			n += a.supportWeight(int32(j))
		}
	}
	return n
}

func (a *movement) attack(i int32) int {
	x := &a.o[i]
	if a.blocked(i) || !a.path(i) {
		return 0
	}
	base := a.r.strength(a.s, x.unit, RoleMove)
	d := a.at[x.to.P]
	if d < 0 || (a.o[d].kind == Move && a.o[d].h2h != i && a.resolve(d)) {
		return base + a.supports(i, "")
	}
	if a.o[d].unit.Power == x.unit.Power {
		if a.r.selfDislodge(a.s, x.unit, a.o[d].unit) {
			return base + a.supports(i, "")
		}
		return 0
	}
	return base + a.supports(i, a.o[d].unit.Power)
}

func (a *movement) defend(i int32) int {
	return a.r.strength(a.s, a.o[i].unit, RoleDefend) + a.supports(i, "")
}

func (a *movement) prevent(i int32) int {
	x := &a.o[i]
	if a.blocked(i) || !a.path(i) || a.intangible(i) {
		return 0
	}
	if x.h2h >= 0 && a.resolve(x.h2h) {
		return 0
	}
	return a.r.strength(a.s, x.unit, RolePrevent) + a.supports(i, "")
}

func (a *movement) hold(p ProvinceID) int {
	d := a.at[p]
	if d < 0 {
		return 0
	}
	if a.o[d].kind == Move {
		if a.resolve(d) {
			return 0
		}
		n := a.r.holdStrength(a.s, a.o[d].unit, Move, 1)
		for j := a.o[d].fallSup; j >= 0; j = a.o[j].nextSup {
			if a.resolve(j) {
				n += a.supportWeight(j)
			}
		}
		return n
	}
	kind := a.o[d].kind
	if k, ok := a.spent[a.o[d].unit]; ok && a.o[d].given == nil {
		kind = k
	}
	return a.r.holdStrength(a.s, a.o[d].unit, kind, a.r.strength(a.s, a.o[d].unit, RoleHold)) + a.supports(d, "")
}

// outcome reports every order and builds the next state.
func (a *movement) outcome() *Outcome {
	out := &Outcome{Phase: a.s.Phase, Results: make([]Result, 0, len(a.o)+len(a.extra))}
	next := a.s.Clone()
	next.Dislodged, next.Standoffs = nil, nil
	dislodger := make([]int32, len(a.o))
	for i := range dislodger {
		dislodger[i] = -1
	}
	for i := range a.o {
		x := &a.o[i]
		if x.kind == Move && x.res && !a.m.Provinces[x.to.P].Unlimited && !a.intangible(int32(i)) {
			if d := a.at[x.to.P]; d >= 0 && !(a.o[d].kind == Move && a.o[d].res) {
				dislodger[d] = int32(i)
			}
		}
	}
	var details []Detail // one allocation for the phase's dislodged units
	for i := range a.o {
		x := &a.o[i]
		var d *Detail
		if dislodger[i] >= 0 {
			if details == nil {
				details = make([]Detail, 0, a.countDislodged(dislodger))
			}
			details = append(details, Detail{})
			d = &details[len(details)-1]
		}
		res := a.result(int32(i), dislodger[i], d)
		out.Results = append(out.Results, res)
		if x.kind == Move && x.res {
			next.Units[x.uidx].Loc = x.to
		}
		if d := dislodger[i]; d >= 0 {
			next.Dislodged = append(next.Dislodged, Dislodgement{Unit: x.unit, From: a.o[d].src, ByConvoy: a.o[d].convoy})
		}
	}
	out.Results = append(out.Results, a.extra...)
	// Remove dislodged units from the board.
	kept := next.Units[:0]
	for i, u := range next.Units {
		if dislodger[i] < 0 {
			kept = append(kept, u)
		}
	}
	next.Units = kept
	next.Standoffs = a.standoffs(next)
	out.Next = next
	return out
}

// standoffs lists the provinces left vacant by a bounce: an empty province
// that a move with a route (and not beaten head-to-head) failed to enter.
func (a *movement) standoffs(next *State) []ProvinceID {
	var out []ProvinceID
	for p := range a.into {
		if a.into[p] < 0 || a.m.Provinces[p].Unlimited {
			continue
		}
		occupied := false
		for _, u := range next.Units {
			if u.Loc.P == ProvinceID(p) && a.r.occupies(next, u) {
				occupied = true
				break
			}
		}
		if occupied {
			continue
		}
		for j := a.into[p]; j >= 0; j = a.o[j].nextInto {
			if !a.o[j].res && a.prevent(j) > 0 {
				out = append(out, ProvinceID(p))
				break
			}
		}
	}
	return out
}

// countDislodged counts the units a move dislodges.
func (a *movement) countDislodged(dislodger []int32) int {
	n := 0
	for _, d := range dislodger {
		if d >= 0 {
			n++
		}
	}
	return n
}

// result explains order i in words; d holds the detail of a dislodged
// unit. With a.names, the units the words name go in the detail.
func (a *movement) result(i, dislodger int32, d *Detail) Result {
	x := &a.o[i]
	r := Result{Unit: x.unit, OK: true, Code: OK}
	if x.given != nil {
		r.Order = *x.given
	} else {
		r.Order = Order{Power: x.unit.Power, Kind: Hold, Unit: x.unit.Type, Piece: x.unit.Kind, At: x.unit.Loc, To: Nowhere, AuxAt: Nowhere, AuxTo: Nowhere}
	}
	var names *[]Name
	if a.names {
		names = new([]Name)
	}
	switch {
	case x.code != OK:
		r.OK, r.Code, r.Reason = false, x.code, x.why
		r.Detail = outOfFight(x.outOfFight)
		if x.code == Void && x.aux >= 0 {
			a.name(names, x.aux, InBody)
		}
	case x.kind == Move && x.res:
		r.Reason = "moved to " + a.m.LocName(x.to)
		if d := a.at[x.to.P]; d >= 0 && !(a.o[d].kind == Move && a.o[d].res) && !a.m.Provinces[x.to.P].Unlimited && !a.intangible(i) {
			r.Reason = fmt.Sprintf("moved to %s, dislodging %s (%d vs %d)", a.m.LocName(x.to), a.unitName(d), a.attack(i), a.holdOrDefend(i, d))
			a.name(names, d, InBody)
		}
	case x.kind == Move:
		r.OK, r.Code, r.Reason = false, Bounced, a.whyBounced(i, names)
		if !a.path(i) {
			r.Code = NoRoute
		}
	case x.kind == Support && x.res:
		r.Reason = "support given to " + a.unitName(x.aux)
		a.name(names, x.aux, InBody)
		if a.r != nil && a.r.SupportLost != nil {
			if _, why := a.supportLoss(i, a.r.strength(a.s, x.unit, RoleSupport)); why != "" {
				r.Reason += "; " + why
				a.nameAttackers(names, i)
			}
		}
	case x.kind == Support:
		r.OK, r.Code, r.Reason = false, Cut, a.whyCut(i, names)
	case x.kind == Convoy:
		r.Reason = "convoyed " + a.unitName(x.aux)
		a.name(names, x.aux, InBody)
		if !x.res {
			r.OK, r.Code, r.Reason = false, Dislodged, "convoy disrupted: the fleet was dislodged"
			if names != nil {
				*names = (*names)[:0]
			}
		}
	case x.given == nil:
		r.Code, r.Reason = Defaulted, "no order; held"
	default:
		r.Reason = "held"
	}
	if dislodger >= 0 {
		r.OK = false
		if r.Code == OK || r.Code == Defaulted {
			r.Code = Dislodged
		}
		u := a.o[dislodger].unit
		d.Dislodged = fmt.Sprintf("dislodged by %s %s (%d vs %d)", u.Type, a.m.LocString(u.Loc), a.attack(dislodger), a.holdOrDefend(dislodger, i))
		r.Reason += "; " + d.Dislodged
		r.Detail = d
		a.name(names, dislodger, InDislodgement)
	}
	if names != nil && len(*names) > 0 {
		if r.Detail == nil {
			r.Detail = &Detail{}
		}
		r.Detail.Names = *names
	}
	return r
}

// name records that the words of a result name the unit of order j.
func (a *movement) name(names *[]Name, j int32, in WordsPart) {
	if names != nil {
		*names = append(*names, Name{Unit: a.o[j].unit, In: in})
	}
}

// nameAttackers records the attackers Rules.SupportLost was given for
// support i: its words may name any of them.
func (a *movement) nameAttackers(names *[]Name, i int32) {
	if names == nil {
		return
	}
	var idx []int32
	a.cutters(i, nil, &idx)
	for _, j := range idx {
		a.name(names, j, InBody)
	}
}

func (a *movement) holdOrDefend(mover, d int32) int {
	if a.o[mover].h2h == d {
		return a.defend(d)
	}
	return a.hold(a.o[d].src)
}

// whyBounced words why move i failed, recording in names (when not nil)
// the units the words name.
func (a *movement) whyBounced(i int32, names *[]Name) string {
	x := &a.o[i]
	if a.blocked(i) {
		return a.turn.Blocked[x.to.P]
	}
	if !a.path(i) {
		return "no convoy route: the convoy was disrupted"
	}
	att := a.attack(i)
	if x.h2h >= 0 {
		if def := a.defend(x.h2h); att <= def {
			a.name(names, x.h2h, InBody)
			return fmt.Sprintf("lost the head-to-head battle with %s (%d vs %d)", a.unitName(x.h2h), att, def)
		}
	} else if d := a.at[x.to.P]; d >= 0 {
		if h := a.hold(x.to.P); att <= h {
			a.name(names, d, InBody)
			if att == 0 && a.o[d].unit.Power == x.unit.Power {
				return fmt.Sprintf("a unit may not dislodge its own power's %s", a.unitName(d))
			}
			if a.o[d].kind == Move {
				return fmt.Sprintf("bounced off %s, whose own move failed (%d vs %d)", a.unitName(d), att, h)
			}
			return fmt.Sprintf("bounced off %s holding in %s (%d vs %d)", a.unitName(d), a.m.Provinces[x.to.P].Abbr, att, h)
		}
	}
	var with []string
	best := 0
	for j := a.into[x.to.P]; j >= 0; j = a.o[j].nextInto {
		if j == i {
			continue
		}
		if p := a.prevent(j); att <= p {
			with = append(with, a.unitName(j))
			a.name(names, j, InBody)
			if p > best {
				best = p
			}
		}
	}
	if len(with) > 0 {
		return fmt.Sprintf("bounced with %s in %s (%d vs %d)", strings.Join(with, " and "), a.m.Provinces[x.to.P].Abbr, att, best)
	}
	// Nothing opposed it: the unit had no strength to move (a variant's
	// strength of 0, such as Davis X5).
	return fmt.Sprintf("too weak to move (%d vs 0)", att)
}

// whyCut words why support i was cut, recording in names (when not nil)
// the units the words name.
func (a *movement) whyCut(i int32, names *[]Name) string {
	x := &a.o[i]
	if why, cut := a.turn.Cut[x.src]; cut {
		return why
	}
	if a.r != nil && a.r.SupportLost != nil && !a.dislodgedBy(x.src) {
		w := a.r.strength(a.s, x.unit, RoleSupport)
		if lost, why := a.supportLoss(i, w); why != "" && lost >= w {
			a.nameAttackers(names, i)
			return "support cut: " + why
		}
	}
	target := a.supportTarget(i)
	var by []string
	for j := a.into[x.src]; j >= 0; j = a.o[j].nextInto {
		y := &a.o[j]
		if y.src == target {
			if !a.intangible(j) && a.resolve(j) {
				a.name(names, j, InBody)
				return "support cut: dislodged by " + a.unitName(j)
			}
			continue
		}
		if y.unit.Power != x.unit.Power && a.path(j) && !a.intangible(j) && (a.r == nil || a.r.Cuts == nil || a.r.Cuts(a.s, y.unit, x.unit)) {
			by = append(by, a.unitName(j))
			a.name(names, j, InBody)
		}
	}
	if len(by) > 0 {
		return "support cut by " + strings.Join(by, " and ")
	}
	return "support cut"
}
