package kit

import (
	"fmt"
	"strings"

	"dipdesk/engine"
)

// DoubleMoveOrder is the special order of a card that moves two spaces in
// a turn (Davis #4, Galt's Double Mover): "1A par via bur - mun".
const DoubleMoveOrder = "via"

// Steps lists where a unit of type t at l steps by the map's links.
func Steps(m *engine.Map, t engine.UnitType, l engine.Loc) []engine.Loc {
	if t == engine.Army {
		var out []engine.Loc
		for _, p := range m.ArmyNeighbours(l.P) {
			out = append(out, engine.Loc{P: p})
		}
		return out
	}
	return m.FleetNeighbours(l)
}

// RandomDoubleMove is a random two-space move of u (DoubleMoveOrder)
// along steps, never back to its start, for the soak tests; ok false in a
// phase other than movement or with no such move.
func RandomDoubleMove(s *engine.State, u engine.Unit, rng *engine.Rand, steps func(*engine.Map, engine.UnitType, engine.Loc) []engine.Loc) (engine.Order, bool) {
	if s.Phase.Type != engine.Movement {
		return engine.Order{}, false
	}
	firsts := steps(s.Map, u.Type, u.Loc)
	if len(firsts) == 0 {
		return engine.Order{}, false
	}
	f := firsts[rng.Intn(len(firsts), "a double move's first space")]
	var seconds []engine.Loc
	for _, l := range steps(s.Map, u.Type, f) {
		if l.P != u.Loc.P {
			seconds = append(seconds, l)
		}
	}
	if len(seconds) == 0 {
		return engine.Order{}, false
	}
	sec := seconds[rng.Intn(len(seconds), "a double move's second space")]
	return engine.Order{Power: u.Power, Kind: engine.Special, Special: DoubleMoveOrder, Unit: u.Type, Number: u.Number,
		At: u.Loc, To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere,
		Args: []string{s.Map.LocString(f), "-", s.Map.LocString(sec)}}, true
}

// CanStand reports whether a unit of type t may stand in a province of
// kind k by the standard rules (an army on land, a fleet at sea, either
// on a coast).
func CanStand(t engine.UnitType, k engine.ProvinceKind) bool {
	switch t {
	case engine.Army:
		return k == engine.Land || k == engine.Coastal
	case engine.Fleet:
		return k == engine.Sea || k == engine.Coastal
	}
	return false
}

// JumpLanding returns where a unit of type t lands in l, jumping from over
// (Davis #5, Galt's Jumper), or why it may not: the space must suit its
// type; a fleet names a coast of a province with several, or lands on the
// only one linked to the jumped space.
func JumpLanding(m *engine.Map, t engine.UnitType, over engine.ProvinceID, l engine.Loc) (engine.Loc, string) {
	p := m.Province(l.P)
	if p.Impassable || !CanStand(t, p.Kind) {
		return l, t.Noun() + " cannot land in " + p.Name
	}
	if t == engine.Army || !m.MultiCoast(l.P) {
		return engine.Loc{P: l.P}, ""
	}
	if l.C != engine.NoCoast {
		if !m.HasCoast(l.P, l.C) {
			return l, p.Name + " has no such coast"
		}
		return l, ""
	}
	var found []engine.Loc
	for _, c := range p.Coasts {
		if FleetLinkedAnyCoast(m, over, engine.Loc{P: l.P, C: c}) {
			found = append(found, engine.Loc{P: l.P, C: c})
		}
	}
	if len(found) != 1 {
		return l, "the coast of " + p.Name + " must be given"
	}
	return found[0], ""
}

// MoveAs is the move of unit u to to that special order o is adjudicated
// as (a jump's landing, a double move's first space), keeping o's words.
func MoveAs(u engine.Unit, o engine.Order, to engine.Loc) engine.Order {
	return engine.Order{Power: o.Power, Kind: engine.Move, Unit: u.Type, Number: u.Number, At: u.Loc, To: to,
		AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Text: o.Text}
}

// HoldAs is the hold of unit u that special order o is adjudicated as (a
// conversion, a strike), keeping o's words.
func HoldAs(u engine.Unit, o engine.Order) engine.Order {
	return engine.Order{Power: o.Power, Kind: engine.Hold, Unit: u.Type, Number: u.Number, At: u.Loc,
		To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Text: o.Text}
}

// Converted returns the unit u becomes when it converts between army and
// fleet where it stands (Davis #6 Converter, Galt's Convertible), its
// number not yet chosen, or why it cannot: the coast the words args name
// ("nc", "(ec)"), none for a fleet becoming an army, one of a province
// with several. In Armenia or Sevastopol, which touch the Caspian, caspian
// says which coast the named one gives, or why none.
func Converted(m *engine.Map, u engine.Unit, args []string, caspian func(named engine.Coast) (engine.Coast, string)) (engine.Unit, string) {
	p := m.Province(u.Loc.P)
	coast := engine.NoCoast
	for _, a := range args {
		c, ok := engine.ParseCoast(strings.Trim(a, "()/"))
		if !ok {
			return u, fmt.Sprintf("%q is not a coast", a)
		}
		coast = c
	}
	v := u
	v.Number = 0
	switch u.Type {
	case engine.Fleet:
		if coast != engine.NoCoast {
			return u, "a fleet converts to an army: no coast to name"
		}
		v.Type, v.Loc = engine.Army, engine.Loc{P: u.Loc.P}
	case engine.Army:
		v.Type, v.Loc = engine.Fleet, engine.Loc{P: u.Loc.P, C: coast}
		switch {
		case IsCaspianCoast(m, u.Loc.P) && caspian != nil:
			c, why := caspian(coast)
			if why != "" {
				return u, why
			}
			v.Loc.C = c
		case m.MultiCoast(u.Loc.P) && coast == engine.NoCoast:
			return u, fmt.Sprintf("the coast of %s must be given: \"convert nc\"", p.Name)
		case m.MultiCoast(u.Loc.P) && !m.HasCoast(u.Loc.P, coast):
			return u, fmt.Sprintf("%s has no such coast", p.Name)
		case !m.MultiCoast(u.Loc.P) && coast != engine.NoCoast:
			return u, fmt.Sprintf("%s has one coast: name none", p.Name)
		}
	default:
		return u, "this unit cannot convert"
	}
	return v, ""
}

// CauseAnnihilated is the Cause of an Annihilator's own result: it
// annihilated the space and itself (engine.Result.Cause).
const CauseAnnihilated = "annihilated"

// MarkDestroyed adds to unit id's result in out that it was destroyed
// (why: "Munich was annihilated (card #9)"), unless it is the Annihilator's
// own.
func MarkDestroyed(out *engine.Outcome, id UnitID, why string) {
	if k := ResultOf(out, id); k >= 0 && out.Results[k].Cause() != CauseAnnihilated {
		out.Results[k].OK = false
		out.Results[k].Add("; destroyed: " + why)
	}
}

// JumpTo checks a jump of unit u over the space over to land, as written,
// occupied saying whether a unit stands in over: over must touch u's
// space, land touch over and be neither (JumpLanding for the rest).
func JumpTo(m *engine.Map, u engine.Unit, over engine.ProvinceID, land engine.Loc, occupied bool) (engine.Loc, string) {
	name := m.Province(over).Name
	switch {
	case !Touches(m, u.Loc.P, over):
		return land, fmt.Sprintf("%s does not touch %s", name, m.LocName(u.Loc))
	case !occupied:
		return land, fmt.Sprintf("no unit stands in %s to jump over", name)
	case land.P == u.Loc.P || land.P == over || !Touches(m, over, land.P):
		return land, fmt.Sprintf("%s is not a space beyond %s", m.LocName(land), name)
	}
	return JumpLanding(m, u.Type, over, land)
}

// ArgLocs reads the places named in a special order's words: province
// abbreviations or one-word names, with a coast as "spa/nc", "spa(nc)" or
// a separate "(nc)"/"nc" word after the province. Filler words ("-",
// "to", "over", "then", "via", "and") are skipped. It returns why a word is
// not a place.
func ArgLocs(m *engine.Map, args []string) ([]engine.Loc, string) {
	var out []engine.Loc
	for _, w := range args {
		w = strings.Trim(w, ".,;")
		switch strings.ToLower(w) {
		case "", "-", "->", "to", "over", "then", "via", "and":
			continue
		}
		if strings.HasPrefix(w, "(") || len(w) == 2 {
			if c, ok := engine.ParseCoast(strings.Trim(w, "()")); ok && len(out) > 0 && out[len(out)-1].C == engine.NoCoast {
				out[len(out)-1].C = c
				continue
			}
		}
		name, coast := w, ""
		if i := strings.IndexAny(w, "/("); i > 0 {
			name, coast = w[:i], strings.Trim(w[i:], "/()")
		}
		p, ok := m.Lookup(name)
		if !ok {
			return nil, "\"" + w + "\" is not a space on the board"
		}
		l := engine.Loc{P: p}
		if coast != "" {
			c, ok := engine.ParseCoast(coast)
			if !ok {
				return nil, "\"" + w + "\": no such coast"
			}
			l.C = c
		}
		out = append(out, l)
	}
	return out, ""
}

// RandomHyperspace gives a Hyperspace unit u a random move: into
// Hyperspace, or out of it to a space reach allows (what names the unit
// in the draw's record).
func RandomHyperspace(s *engine.State, u engine.Unit, rng *engine.Rand, reach LocFunc, what string) (engine.Order, bool) {
	hyp := Lookup(s.Map, HyperspaceAbbr)
	o := engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, Number: u.Number, At: u.Loc,
		To: engine.Loc{P: hyp}, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
	if u.Loc.P != hyp {
		return o, true
	}
	var out []engine.Loc
	for i := range s.Map.NumProvinces() {
		l := engine.Loc{P: engine.ProvinceID(i)}
		if s.Map.MultiCoast(l.P) && u.Type == engine.Fleet {
			l.C = s.Map.Province(l.P).Coasts[0]
		}
		if reach(s, u, l) {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return engine.Order{}, false
	}
	o.To = out[rng.Intn(len(out), "where "+what+" leaves Hyperspace for")]
	return o, true
}

// Block closes province p this turn with why (engine.Turn.Blocked),
// unless a part closed it already.
func Block(t *engine.Turn, p engine.ProvinceID, why string) {
	if t.Blocked == nil {
		t.Blocked = map[engine.ProvinceID]string{}
	}
	if _, ok := t.Blocked[p]; !ok {
		t.Blocked[p] = why
	}
}

// MoveRules are the hooks of r that decide where a unit may go and who
// convoys, and no other: a move's legality or its convoy route is judged
// by them, no strength, Rewrite or After part asked (a part that reads
// the orders would call back).
func MoveRules(r *engine.Rules) engine.Rules {
	if r == nil {
		return engine.Rules{}
	}
	return engine.Rules{Reach: r.Reach, Enter: r.Enter, CanConvoy: r.CanConvoy, Occupies: r.Occupies}
}

// CanMoveTo reports whether unit u could be ordered to move to province t
// (any coast) by the hooks of r (MoveRules): the engine finds the order
// legal.
func CanMoveTo(s *engine.State, u engine.Unit, t engine.ProvinceID, r *engine.Rules) bool {
	mr := MoveRules(r)
	locs := []engine.Loc{{P: t}}
	if u.Type == engine.Fleet {
		for _, c := range s.Map.Provinces[t].Coasts {
			locs = append(locs, engine.Loc{P: t, C: c})
		}
	}
	for _, l := range locs {
		o := engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, Number: u.Number, At: u.Loc, To: l,
			AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
		out := engine.AdjudicateMovement(s, []engine.Order{o}, &mr)
		if i := ResultOf(out, IDOf(u)); i >= 0 && out.Results[i].Code != engine.Illegal {
			return true
		}
	}
	return false
}

// RandomJump gives unit u a random jump (the special order name) over a
// unit that touches it to a space it may land in; what names the unit in
// the draw's record.
func RandomJump(s *engine.State, u engine.Unit, rng *engine.Rand, name, what string) (engine.Order, bool) {
	type cand struct{ over, land engine.Loc }
	var cands []cand
	for _, v := range s.Units {
		if !Touches(s.Map, u.Loc.P, v.Loc.P) {
			continue
		}
		for i := range s.Map.NumProvinces() {
			l := engine.Loc{P: engine.ProvinceID(i)}
			if l.P == u.Loc.P || l.P == v.Loc.P || !Touches(s.Map, v.Loc.P, l.P) {
				continue
			}
			if got, why := JumpLanding(s.Map, u.Type, v.Loc.P, l); why == "" {
				cands = append(cands, cand{engine.Loc{P: v.Loc.P}, got})
			}
		}
	}
	if len(cands) == 0 {
		return engine.Order{}, false
	}
	c := cands[rng.Intn(len(cands), what+"'s jump")]
	return engine.Order{Power: u.Power, Kind: engine.Special, Special: name, Unit: u.Type, Number: u.Number,
		At: u.Loc, To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere,
		Args: []string{s.Map.LocString(c.over), "-", s.Map.LocString(c.land)}}, true
}

// StepTo returns where a unit of type t at from lands in province to by
// one ordinary step of its type (the map's links, passable spaces), with
// the coast for a fleet: the one named, or the only one it reaches; ok
// false when it cannot.
func StepTo(m *engine.Map, t engine.UnitType, from, to engine.Loc) (engine.Loc, bool) {
	switch t {
	case engine.Army:
		return engine.Loc{P: to.P}, m.ArmyAdjacent(from.P, to.P)
	case engine.Fleet:
		var found []engine.Loc
		for _, l := range m.FleetCoastsTo(from, to.P) {
			if to.C == engine.NoCoast || l.C == to.C {
				found = append(found, l)
			}
		}
		if len(found) != 1 {
			return to, false
		}
		if !m.MultiCoast(to.P) {
			found[0].C = engine.NoCoast
		}
		return found[0], true
	}
	return to, false
}

// HoldUnless is the movement form of a special order whose unit holds while its
// card acts (a strike on another space, a swap): the unit's hold, or,
// when why says the order is impossible, none.
func HoldUnless(m *engine.Map, u engine.Unit, why string) (engine.Order, string) {
	if why != "" {
		return engine.Order{}, why
	}
	return HoldOrder(m, u), ""
}

// HoldAsUnless is HoldUnless keeping the order's words (HoldAs): a conversion.
func HoldAsUnless(u engine.Unit, o engine.Order, why string) (engine.Order, string) {
	if why != "" {
		return engine.Order{}, why
	}
	return HoldAs(u, o), ""
}

// MoveUnless is the movement form of a special order whose unit moves to to (a
// jump's landing, a double move's first space), keeping the order's words,
// or, when why says the order is impossible, none.
func MoveUnless(u engine.Unit, o engine.Order, to engine.Loc, why string) (engine.Order, string) {
	if why != "" {
		return engine.Order{}, why
	}
	return MoveAs(u, o, to), ""
}

// A Leg is the second part of a double move under way (Davis #4, Galt's
// Double Mover): the index of the unit's result, the unit, where it
// started, the space it reached and the one it moves on to.
type Leg struct {
	Res                  int
	ID                   UnitID
	Start, First, Second engine.Loc
}

// Legs lists the double moves of out (the special order name, read by
// path) whose first part took the unit to its first space; a double move
// whose first part failed gets notReached added to its result.
func Legs(s *engine.State, out *engine.Outcome, name string, path func(s *engine.State, u engine.Unit, o engine.Order) (first, second engine.Loc, why string), notReached string) []Leg {
	var legs []Leg
	for i, r := range out.Results {
		if r.Order.Kind != engine.Special || r.Order.Special != name ||
			r.Code == engine.Illegal || r.Code == engine.NotOwner || r.Code == engine.NoUnit {
			continue
		}
		first, second, why := path(s, r.Unit, r.Order)
		if why != "" {
			continue
		}
		if !r.OK {
			out.Results[i].Add(notReached)
			continue
		}
		k := UnitIndex(out.Next, IDOf(r.Unit))
		if k < 0 || out.Next.Units[k].Loc.P != first.P {
			continue
		}
		legs = append(legs, Leg{Res: i, ID: IDOf(r.Unit), Start: r.Unit.Loc, First: out.Next.Units[k].Loc, Second: second})
	}
	return legs
}

// LegsBlocked are the provinces the second parts of a turn's double moves
// may not enter: those the turn's Prepare parts closed (prepare, with the
// orders the turn was adjudicated with) and, when standoff gives the
// words, those a standoff of the turn left empty.
func LegsBlocked(s *engine.State, out *engine.Outcome, prepare func(*engine.State, []engine.Order) engine.Turn, standoff string) map[engine.ProvinceID]string {
	var orders []engine.Order
	for _, r := range out.Results {
		orders = append(orders, r.Order)
	}
	blocked := map[engine.ProvinceID]string{}
	for p, why := range prepare(s, orders).Blocked {
		blocked[p] = why
	}
	if standoff != "" {
		for _, p := range out.Next.Standoffs {
			blocked[p] = standoff
		}
	}
	return blocked
}

// LegsStep is the position the second parts move from (the turn's,
// without its dislodged units and standoffs) and their moves, in the
// order of legs.
func LegsStep(out *engine.Outcome, legs []Leg) (*engine.State, []engine.Order) {
	step := out.Next.Clone()
	step.Dislodged, step.Standoffs = nil, nil
	var moves []engine.Order
	for _, l := range legs {
		u := step.Units[UnitIndex(step, l.ID)]
		moves = append(moves, engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, Number: u.Number,
			At: u.Loc, To: l.Second, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere})
	}
	return step, moves
}

// Jump reads the words of a jump order (Davis #5, Galt's Jumper), args:
// the space jumped over, then the landing ("tyr - ven"), or the landing
// alone when overs (nil: none) gives the one space there to jump over.
// It checks the jump (JumpTo: occupied says whether a unit stands in a
// space; rule, when set, what the variant's rules add about the space
// jumped over). example is the order's form, for the error.
func Jump(s *engine.State, u engine.Unit, args []string, example string, overs func(l engine.Loc) []engine.ProvinceID,
	occupied func(p engine.ProvinceID) bool, rule func(over engine.ProvinceID) string) (over engine.ProvinceID, land engine.Loc, why string) {
	locs, why := ArgLocs(s.Map, args)
	if why != "" {
		return over, land, why
	}
	if len(locs) == 1 && overs != nil {
		// The landing alone (a card dropped on it): the one unit it can
		// jump over.
		if o := overs(locs[0]); len(o) == 1 {
			locs = []engine.Loc{{P: o[0]}, locs[0]}
		} else {
			return over, land, fmt.Sprintf("name the unit jumped over to land in %s: %q", s.Map.LocName(locs[0]), example)
		}
	}
	if len(locs) != 2 {
		return over, land, fmt.Sprintf("a jump names the space jumped over and the landing: %q", example)
	}
	over = locs[0].P
	if rule != nil {
		if why := rule(over); why != "" {
			return over, land, why
		}
	}
	land, why = JumpTo(s.Map, u, over, locs[1], occupied(over))
	return over, land, why
}

// OpenRetreats is who acts in the card games whose retreat phase may let
// a unit retreat voluntarily (Davis #14, Galt's Retreater): the standard
// answer, and in a retreat phase every power with units may also send
// orders, not only the owners of dislodged units, since who holds a
// Retreater is a secret (the phase list "never tells that a Retreater
// exists"). Nobody else is waited for.
func OpenRetreats(s *engine.State) engine.Acting {
	a := engine.StandardActing(s)
	if s.Phase.Type != engine.Retreat {
		return a
	}
	for _, u := range s.Units {
		if u.Power != "" {
			a.May = append(a.May, u.Power)
		}
	}
	return a
}
