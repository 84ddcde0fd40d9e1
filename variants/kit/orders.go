package kit

import (
	"iter"
	"strings"

	"dipdesk/engine"
)

// OrderUnit returns the index in s.Units of the unit order o names, by the
// engine's one answer (engine.UnitOf with the variant's rules r), or -1;
// an order given by a power for another power's unit names none (the
// engine refuses it).
func OrderUnit(s *engine.State, o *engine.Order, r *engine.Rules) int {
	i := engine.UnitOf(s, o, r)
	if i < 0 || (o.Power != "" && o.Power != s.Units[i].Power) {
		return -1
	}
	return i
}

// OrderOf returns the first of orders that names unit u (OrderUnit).
func OrderOf(s *engine.State, orders []engine.Order, u engine.Unit, r *engine.Rules) (engine.Order, bool) {
	for k := range orders {
		if i := OrderUnit(s, &orders[k], r); i >= 0 && s.Units[i] == u {
			return orders[k], true
		}
	}
	return engine.Order{}, false
}

// UnitOrders gives each unit of s its one order from a list: the order
// that names it (OrderUnit). A unit given two different orders has none
// here: it holds (DATC 4.D.3), so no card of it acts.
func UnitOrders(s *engine.State, orders []engine.Order, r *engine.Rules) map[UnitID]engine.Order {
	by := map[UnitID]engine.Order{}
	conflict := map[UnitID]bool{}
	for k := range orders {
		i := OrderUnit(s, &orders[k], r)
		if i < 0 {
			continue
		}
		id := IDOf(s.Units[i])
		if prev, ok := by[id]; ok && prev.Format(s.Map) != orders[k].Format(s.Map) {
			conflict[id] = true
		}
		by[id] = orders[k]
	}
	for id := range conflict {
		delete(by, id)
	}
	return by
}

// ReplaceOrders returns orders without those naming unit id, and with o
// added at the end.
func ReplaceOrders(s *engine.State, orders []engine.Order, id UnitID, o engine.Order, r *engine.Rules) []engine.Order {
	out := make([]engine.Order, 0, len(orders)+1)
	for k := range orders {
		if i := OrderUnit(s, &orders[k], r); i >= 0 && IDOf(s.Units[i]) == id {
			continue
		}
		out = append(out, orders[k])
	}
	return append(out, o)
}

// HoldOrder is the hold of unit u, as the engine writes one.
func HoldOrder(m *engine.Map, u engine.Unit) engine.Order {
	o := engine.Order{Power: u.Power, Kind: engine.Hold, Unit: u.Type, Number: u.Number, At: u.Loc,
		To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
	o.Text = o.Format(m)
	return o
}

// HoldOf is order o turned into a hold of the unit it names, keeping its
// words: a jumped unit's move, an order a rule cancels.
func HoldOf(o engine.Order) engine.Order {
	return engine.Order{Power: o.Power, Kind: engine.Hold, Unit: o.Unit, Number: o.Number, At: o.At,
		To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Text: o.Text}
}

// ResultOrders gives each unit the order it was adjudicated with, from an
// outcome's results (illegal orders and orders for no unit left out).
func ResultOrders(out *engine.Outcome) map[UnitID]engine.Order {
	by := map[UnitID]engine.Order{}
	for _, r := range out.Results {
		switch r.Code {
		case engine.Illegal, engine.NoUnit, engine.NotOwner:
			continue
		}
		if r.Unit.Type == engine.NoUnitType {
			continue
		}
		by[IDOf(r.Unit)] = r.Order
	}
	return by
}

// ResultOf returns the index of unit id's own result in out, or -1: the
// result of the order it was adjudicated with, else (an illegal order)
// the first that names it; never an order for no unit or for another
// power's unit.
func ResultOf(out *engine.Outcome, id UnitID) int {
	found := -1
	for i, r := range out.Results {
		if r.Code == engine.NoUnit || r.Code == engine.NotOwner || r.Unit.Type == engine.NoUnitType || IDOf(r.Unit) != id {
			continue
		}
		if r.Code != engine.Illegal {
			return i
		}
		if found < 0 {
			found = i
		}
	}
	return found
}

// LookupProvince reads a province named by a special order's words:
// "boh", "north sea", "spa/nc" or "spa (nc)" (a coast is ignored).
func LookupProvince(m *engine.Map, args []string) (engine.ProvinceID, bool) {
	name := strings.TrimSpace(strings.Join(args, " "))
	if name == "" {
		return engine.NoProvince, false
	}
	if p, ok := m.Lookup(name); ok {
		return p, true
	}
	for _, sep := range []string{"/", "(", " "} {
		if i := strings.LastIndex(name, sep); i > 0 {
			if p, ok := m.Lookup(strings.TrimSpace(name[:i])); ok {
				if _, isCoast := engine.ParseCoast(strings.Trim(name[i+1:], "() ")); isCoast {
					return p, true
				}
			}
		}
	}
	return engine.NoProvince, false
}

// Lookup returns the province abbr names on m, or NoProvince.
func Lookup(m *engine.Map, abbr string) engine.ProvinceID {
	if p, ok := m.Lookup(abbr); ok {
		return p
	}
	return engine.NoProvince
}

// FleetLinkedAnyCoast reports whether a fleet on any coast of a's province
// (Armenia's and Sevastopol's Caspian "(ec)" included) is linked to l by
// the map, whatever their passability.
func FleetLinkedAnyCoast(m *engine.Map, a engine.ProvinceID, l engine.Loc) bool {
	for c := engine.NoCoast; c <= engine.WestCoast; c++ {
		if m.FleetLinked(engine.Loc{P: a, C: c}, l) {
			return true
		}
	}
	return false
}

// Touches reports whether provinces a and b are linked for either unit
// type, from any coast, whatever their passability: the step of a jump,
// the reach of a card that acts on an adjacent space it may not move to.
func Touches(m *engine.Map, a, b engine.ProvinceID) bool {
	return a != b && (m.ArmyLinked(a, b) || FleetLinkedAnyCoast(m, a, engine.Loc{P: b}))
}

// UnitName is "A mun" for u.
func UnitName(m *engine.Map, u engine.Unit) string {
	return u.Type.String() + " " + m.LocString(u.Loc)
}

// Labelled is "1A mun" for u.
func Labelled(m *engine.Map, u engine.Unit) string {
	return Label(u.Number, u.Type) + " " + m.LocString(u.Loc)
}

// ConvoyRoute reports whether the convoys ordered for move k of orders
// make a route for it, whoever's fleets they are: the question "does this
// plain move go by convoy, given the orders". The move (marked via convoy)
// and the convoy orders that carry it are adjudicated alone with the
// variant's rules r, every other unit holding, so nothing disrupts it;
// the move has its route unless the engine finds none (NoRoute), none
// possible (Illegal), or no unit of its power to move. prepare, when set,
// adjusts the trial orders first (Galt's Neanderthal convoys).
func ConvoyRoute(s *engine.State, orders []engine.Order, k int, r *engine.Rules, prepare func([]engine.Order) []engine.Order) bool {
	o := orders[k]
	trial := []engine.Order{o}
	trial[0].ViaConvoy = true
	for j, c := range orders {
		if j != k && c.Kind == engine.Convoy && c.AuxAt.Valid() && c.AuxAt.P == o.At.P && c.AuxTo.Valid() && c.AuxTo.P == o.To.P {
			trial = append(trial, c)
		}
	}
	if len(trial) == 1 {
		return false
	}
	if prepare != nil {
		trial = prepare(trial)
	}
	out := engine.AdjudicateMovement(s, trial, r)
	for _, res := range out.Results {
		if res.Order.Kind == engine.Move && res.Order.At.P == o.At.P && res.Order.To.P == o.To.P {
			return res.Code != engine.Illegal && res.Code != engine.NoRoute && res.Code != engine.NoUnit && res.Code != engine.NotOwner
		}
	}
	return false
}

// OrderedUnit returns the unit of s that order o names (OrderUnit).
func OrderedUnit(s *engine.State, o engine.Order, r *engine.Rules) (engine.Unit, bool) {
	i := OrderUnit(s, &o, r)
	if i < 0 {
		return engine.Unit{}, false
	}
	return s.Units[i], true
}

// NamedIn returns the units result r's words name (engine.Result.Names),
// for words that repeat r's in another result.
func NamedIn(r engine.Result) []engine.Unit {
	var out []engine.Unit
	for _, n := range r.Names() {
		out = append(out, n.Unit)
	}
	return out
}

// ReportHeld makes result r read as a hold of its unit ("held", and its
// dislodgement if it was dislodged): a seat that may not know the order
// (Davis's and Galt's Hypnotist are "reported as Holding").
func ReportHeld(m *engine.Map, r *engine.Result) {
	r.Order = HoldOrder(m, r.Unit)
	r.Reword("held")
	r.OK, r.Code = r.Dislodged() == "", engine.OK
	if r.Dislodged() != "" {
		r.Code = engine.Dislodged
	}
}

// UnitOrder is a unit and its order.
type UnitOrder struct {
	Unit  engine.Unit
	Order engine.Order
}

// Giving returns, in the order of s.Units, the units whose order in by
// (UnitOrders) is the special order name, each with its order: the
// strikes of a turn, planned card by card.
func Giving(s *engine.State, by map[UnitID]engine.Order, name string) []UnitOrder {
	var out []UnitOrder
	for _, u := range s.Units {
		if o, ok := by[IDOf(u)]; ok && o.Kind == engine.Special && o.Special == name {
			out = append(out, UnitOrder{u, o})
		}
	}
	return out
}

// Legal returns what target makes of the special orders name of the units
// of s (their orders in by), leaving out those it refuses (why != ""), in
// the order of s.Units: the legal strikes of a turn, each card's plan.
func Legal[T any](s *engine.State, by map[UnitID]engine.Order, name string, target func(*engine.State, engine.Unit, engine.Order) (T, string)) []T {
	var out []T
	for _, x := range Giving(s, by, name) {
		if t, why := target(s, x.Unit, x.Order); why == "" {
			out = append(out, t)
		}
	}
	return out
}

// Aim returns where the order of result r aims: a move's destination, a
// support's target (the supported unit's space for a support to hold);
// ok false for another kind of order, or one refused (illegal, for no
// unit, for another power's unit).
func Aim(r engine.Result) (engine.Loc, bool) {
	switch r.Code {
	case engine.Illegal, engine.NoUnit, engine.NotOwner:
		return engine.Nowhere, false
	}
	switch r.Order.Kind {
	case engine.Move:
		return r.Order.To, r.Order.To.Valid()
	case engine.Support:
		if r.Order.AuxTo.Valid() {
			return r.Order.AuxTo, true
		}
		return r.Order.AuxAt, r.Order.AuxAt.Valid()
	}
	return engine.Nowhere, false
}

// FleetStep reports whether a fleet on a's province (any of its declared
// coasts) may step to b by the map's links, both spaces passable.
func FleetStep(m *engine.Map, a, b engine.ProvinceID) bool {
	locs := []engine.Loc{{P: a}}
	for _, c := range m.Provinces[a].Coasts {
		locs = append(locs, engine.Loc{P: a, C: c})
	}
	for _, l := range locs {
		for _, n := range m.FleetNeighbours(l) {
			if n.P == b {
				return true
			}
		}
	}
	return false
}

// SpecialResults yields the index of each result of out whose order is
// the special order name, in order.
func SpecialResults(out *engine.Outcome, name string) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i, r := range out.Results {
			if r.Order.Kind == engine.Special && r.Order.Special == name && !yield(i) {
				return
			}
		}
	}
}
