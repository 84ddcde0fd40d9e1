package ui

// Turning gestures into orders. Nothing here knows Fyne: the board widget
// hit-tests a drop and asks these functions what it means, and the tests
// ask them directly.

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"sync"

	"dipdesk/engine"
	"dipdesk/render/geometry"
)

// arrowReach is how close (in board units, about 1000 across the board)
// a drop must come to a pending move's arrow to mean "support that move".
const arrowReach = 10

// Destinations returns where the unit at from may be dropped to move: the
// provinces next to it (each reachable coast for a fleet) and, for an army
// on a coast, the coastal provinces a chain of fleets in the seas could
// carry it to (ConvoyOnly tells those apart). In a retreat phase it
// returns the retreats of the unit dislodged from from's province; in an
// adjustment phase, nothing.
func Destinations(s *engine.State, from engine.Loc) []engine.Loc {
	if s == nil || !validLoc(s.Map, from) {
		return nil
	}
	switch s.Phase.Type {
	case engine.Retreat:
		if i := s.DislodgedAt(from.P); i >= 0 {
			return engine.RetreatOptions(s, s.Dislodged[i], nil)
		}
		return nil
	case engine.Adjustment, engine.Custom:
		return nil
	}
	i := unitIn(s, from.P)
	if i < 0 {
		return nil
	}
	return UnitDestinations(s, s.Units[i])
}

// UnitDestinations returns where unit u (one of several pieces in its
// province, say) may be dropped to move in a movement phase: Destinations
// for that unit.
func UnitDestinations(s *engine.State, u engine.Unit) []engine.Loc {
	if s == nil || !validLoc(s.Map, u.Loc) {
		return nil
	}
	m := s.Map
	var out []engine.Loc
	switch u.Type {
	case engine.Army:
		for _, p := range m.ArmyNeighbours(u.Loc.P) {
			out = append(out, engine.Loc{P: p})
		}
		out = append(out, convoyDestinations(s, u.Loc.P)...)
	case engine.Fleet:
		out = append(out, m.FleetNeighbours(u.Loc)...)
	}
	sortLocs(m, out)
	return out
}

// ConvoyOnly reports whether an army at from can reach to only by convoy,
// through seas that hold fleets now: the move is then ordered "via convoy".
func ConvoyOnly(s *engine.State, from, to engine.Loc) bool {
	if s == nil || !validLoc(s.Map, from) || !validLoc(s.Map, to) || s.Map.ArmyAdjacent(from.P, to.P) {
		return false
	}
	for _, l := range convoyDestinations(s, from.P) {
		if l.P == to.P {
			return true
		}
	}
	return false
}

// DropOrder returns the order a drag means: the unit at from dropped on to
// by power ("" for the game master, who may order any unit). x and y are
// the drop point in board units (render/geometry), or NaN when unknown;
// they pick a split coast and tell a drop on a move's arrow from a drop
// on the province.
//
// In a movement phase: on its own province, hold; a fleet in a sea
// dropped on an army whose pending move crosses that sea convoys it; on a
// province whose occupant has a pending move away, a move there (the
// occupant is leaving); on a province that another unit's pending move
// goes to, or near such a move's arrow, support that move; on a unit of
// its own power, support it to hold; otherwise a move (by convoy for an
// army carried over the sea). In a retreat phase, a retreat of the dislodged unit. The error
// says in words why a drop means nothing.
func DropOrder(s *engine.State, pending []engine.Order, power engine.Power, from, to engine.Loc, x, y float64) (engine.Order, error) {
	if s == nil || !validLoc(s.Map, from) {
		return engine.Order{}, errors.New("there is no unit there")
	}
	if !validLoc(s.Map, to) {
		return engine.Order{}, errors.New("that is off the board")
	}
	switch s.Phase.Type {
	case engine.Retreat:
		return dropRetreat(s, power, from, to, x, y)
	case engine.Adjustment:
		return engine.Order{}, errors.New("units do not move in winter: tap a home centre to build, right-click a unit to disband it")
	case engine.Custom:
		return engine.Order{}, errors.New("units take no orders on the board in " + phaseName(s.Map, s.Phase) + ": give the step's orders in your panel")
	}
	u, err := orderable(s, power, from)
	if err != nil {
		return engine.Order{}, err
	}
	return dropUnit(s, pending, u, to, x, y)
}

// DropUnitOrder is DropOrder for unit u, dragged by power: one of several
// pieces sharing a province (birds beside an army) is dragged by itself.
func DropUnitOrder(s *engine.State, pending []engine.Order, power engine.Power, u engine.Unit, to engine.Loc, x, y float64) (engine.Order, error) {
	if s == nil || !validLoc(s.Map, u.Loc) {
		return engine.Order{}, errors.New("there is no unit there")
	}
	if !validLoc(s.Map, to) {
		return engine.Order{}, errors.New("that is off the board")
	}
	if s.Phase.Type != engine.Movement {
		return DropOrder(s, pending, power, u.Loc, to, x, y)
	}
	if err := mayOrder(s.Map, power, u); err != nil {
		return engine.Order{}, err
	}
	return dropUnit(s, pending, u, to, x, y)
}

// dropUnit is the order a drop of unit u on to means in a movement phase.
func dropUnit(s *engine.State, pending []engine.Order, u engine.Unit, to engine.Loc, x, y float64) (engine.Order, error) {
	if to.P == u.Loc.P {
		return engine.Order{Power: u.Power, Kind: engine.Hold, Unit: u.Type, Piece: u.Kind, At: u.Loc}, nil
	}
	j := occupant(s, to.P)
	if j >= 0 {
		v := s.Units[j]
		if o, ok, err := dropConvoy(s, pending, u, v); ok && v.Power == u.Power {
			return o, err
		}
		if mv := pendingMoveOf(pending, v); mv != nil {
			// The occupant is leaving: the drop follows it in (Germany's
			// A ber - kie behind F kie - den). Only when the unit cannot
			// go there is it a support of the occupant's move.
			o, err := moveOrder(s, u, to, x, y)
			if err == nil {
				return o, nil
			}
			if v.Power == u.Power {
				if so, serr := supportOrder(s, u, v, mv.To); serr == nil {
					return so, nil
				}
			}
			return engine.Order{}, err
		}
	}
	if o, ok, err := dropSupportMove(s, pending, u, to, x, y); ok {
		return o, err
	}
	if j >= 0 && s.Units[j].Power == u.Power {
		if u.Type == engine.Fleet && s.Map.Provinces[u.Loc.P].Kind == engine.Sea && s.Units[j].Type == engine.Army && pendingMoveOf(pending, s.Units[j]) == nil {
			return engine.Order{}, fmt.Errorf("first drag the army in %s where it should go by sea, then drop this fleet on it", s.Map.Provinces[to.P].Name)
		}
		return supportOrder(s, u, s.Units[j], engine.Nowhere)
	}
	return moveOrder(s, u, to, x, y)
}

// orderable returns the unit a gesture at from means (unitIn) if power
// may order it.
func orderable(s *engine.State, power engine.Power, from engine.Loc) (engine.Unit, error) {
	i := unitIn(s, from.P)
	if i < 0 {
		return engine.Unit{}, fmt.Errorf("there is no unit in %s", s.Map.Provinces[from.P].Name)
	}
	u := s.Units[i]
	return u, mayOrder(s.Map, power, u)
}

// mayOrder says why power may not order unit u: another seat's unit, or
// a piece of no seat, which the game moves by itself.
func mayOrder(m *engine.Map, power engine.Power, u engine.Unit) error {
	switch {
	case u.Power == "":
		return fmt.Errorf("the %s belongs to no seat: the game moves it", m.UnitWord(u))
	case power != "" && u.Power != power:
		return fmt.Errorf("that is %s's unit", m.PowerName(u.Power))
	}
	return nil
}

// unitIn returns the index of the unit a gesture at province p means:
// the one holding it (occupant), else the first piece there (birds alone
// in a province), or -1.
func unitIn(s *engine.State, p engine.ProvinceID) int {
	if i := occupant(s, p); i >= 0 {
		return i
	}
	return s.UnitAt(p)
}

// occupant returns the index of the unit holding province p: the first
// there that does not share its province with others (a variant's birds
// stand beside the army holding it), or -1.
func occupant(s *engine.State, p engine.ProvinceID) int {
	for _, i := range s.UnitsAt(p) {
		if !sharing(s.Map, s.Units[i]) {
			return i
		}
	}
	return -1
}

// sharing reports whether u is a kind of piece that shares its province
// (engine.PieceInfo.Shares): it holds nothing and is not supported.
func sharing(m *engine.Map, u engine.Unit) bool {
	pi, ok := m.Piece(u.Kind)
	return ok && pi.Shares
}

// unitOfOrder returns the index of the unit order o names (the engine's
// one answer, engine.UnitOf), or -1.
func unitOfOrder(s *engine.State, o engine.Order) int {
	return engine.UnitOf(s, &o, nil)
}

// dropSupportMove finds the pending move of a unit of u's power that a
// drop on to means to support: a move into to (the one whose arrow passes
// nearest when several do), or, on an empty province, a move whose arrow
// passes near (x, y). ok is false when the drop is about no move.
func dropSupportMove(s *engine.State, pending []engine.Order, u engine.Unit, to engine.Loc, x, y float64) (engine.Order, bool, error) {
	var best *engine.Order
	bestD, into := math.Inf(1), false
	empty := occupant(s, to.P) < 0
	for i := range pending {
		o := &pending[i]
		if o.Kind != engine.Move || o.At.P == u.Loc.P || !validLoc(s.Map, o.At) || !validLoc(s.Map, o.To) {
			continue
		}
		j := unitOfOrder(s, *o)
		if j < 0 || s.Units[j].Power != u.Power || s.Units[j].ID == u.ID && u.ID != 0 {
			continue
		}
		d := arrowDistance(s.Map, *o, x, y)
		switch {
		case o.To.P == to.P && (!into || d < bestD):
			best, bestD, into = o, d, true
		case o.To.P != to.P && !into && empty && d <= arrowReach && d < bestD:
			best, bestD = o, d
		}
	}
	if best == nil {
		return engine.Order{}, false, nil
	}
	v := s.Units[unitOfOrder(s, *best)]
	o, err := supportOrder(s, u, v, best.To)
	return o, true, err
}

// dropConvoy handles a fleet in a sea dropped on an army: it convoys the
// army's pending move when that move may go through the fleet's sea. ok is
// false when the drop is no convoy.
func dropConvoy(s *engine.State, pending []engine.Order, f, a engine.Unit) (engine.Order, bool, error) {
	m := s.Map
	if f.Type != engine.Fleet || m.Provinces[f.Loc.P].Kind != engine.Sea || a.Type != engine.Army {
		return engine.Order{}, false, nil
	}
	mv := pendingMoveOf(pending, a)
	if mv == nil || m.ArmyAdjacent(a.Loc.P, mv.To.P) && !mv.ViaConvoy || !convoyThrough(s, a.Loc.P, mv.To.P, f.Loc.P) {
		return engine.Order{}, false, nil
	}
	return engine.Order{Power: f.Power, Kind: engine.Convoy, Unit: f.Type, Piece: f.Kind, At: f.Loc,
		AuxUnit: a.Type, AuxAt: a.Loc, AuxTo: engine.Loc{P: mv.To.P}}, true, nil
}

// supportOrder is u supporting v to hold (dest not valid) or to move to
// dest, if u can reach the province it supports into.
func supportOrder(s *engine.State, u, v engine.Unit, dest engine.Loc) (engine.Order, error) {
	m := s.Map
	into := v.Loc.P
	if dest.Valid() {
		into = dest.P
	}
	if into == u.Loc.P {
		return engine.Order{}, fmt.Errorf("%s cannot support a move into its own province", unitName(m, u))
	}
	if !m.Adjacent(u.Type, u.Loc, into) {
		return engine.Order{}, fmt.Errorf("%s cannot support in %s: %s", unitName(m, u), m.Provinces[into].Name, notNextTo(m, u, into))
	}
	o := engine.Order{Power: u.Power, Kind: engine.Support, Unit: u.Type, Piece: u.Kind, At: u.Loc, AuxUnit: v.Type, AuxAt: v.Loc, AuxTo: engine.Nowhere}
	if dest.Valid() {
		o.AuxTo = engine.Loc{P: dest.P}
	}
	return o, nil
}

// moveOrder is u moving to to, with the coast picked for a fleet.
func moveOrder(s *engine.State, u engine.Unit, to engine.Loc, x, y float64) (engine.Order, error) {
	m := s.Map
	dest := &m.Provinces[to.P]
	o := engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, Piece: u.Kind, At: u.Loc, To: engine.Loc{P: to.P}}
	switch {
	case dest.Impassable:
		return engine.Order{}, fmt.Errorf("no unit may enter %s", dest.Name)
	case u.Type == engine.Army && dest.Kind == engine.Sea:
		return engine.Order{}, fmt.Errorf("an army cannot enter the %s", dest.Name)
	case u.Type == engine.Fleet && dest.Kind == engine.Land:
		return engine.Order{}, fmt.Errorf("a fleet cannot go inland to %s", dest.Name)
	case u.Type == engine.Army && m.ArmyAdjacent(u.Loc.P, to.P):
		return o, nil
	case u.Type == engine.Army && ConvoyOnly(s, u.Loc, to):
		o.ViaConvoy = true
		return o, nil
	case u.Type == engine.Army && dest.Kind == engine.Coastal && m.Provinces[u.Loc.P].Kind == engine.Coastal && convoyThrough(s, u.Loc.P, to.P, engine.NoProvince):
		return engine.Order{}, fmt.Errorf("%s is not next to %s, and no chain of fleets stands ready to carry the army there", dest.Name, m.Provinces[u.Loc.P].Name)
	case u.Type == engine.Army:
		return engine.Order{}, errors.New(notNextTo(m, u, to.P))
	}
	coasts := m.FleetCoastsTo(u.Loc, to.P)
	if len(coasts) == 0 {
		return engine.Order{}, errors.New(notNextTo(m, u, to.P))
	}
	c, err := pickCoast(m, coasts, to, x, y)
	if err != nil {
		return engine.Order{}, err
	}
	o.To = c
	return o, nil
}

// pickCoast chooses among the reachable coasts: the one dropped on, the
// only one, or the one whose anchor is nearest to (x, y).
func pickCoast(m *engine.Map, coasts []engine.Loc, to engine.Loc, x, y float64) (engine.Loc, error) {
	for _, c := range coasts {
		if c == to {
			return c, nil
		}
	}
	if len(coasts) == 1 {
		return coasts[0], nil
	}
	best, bestD := engine.Nowhere, math.Inf(1)
	if !math.IsNaN(x) && !math.IsNaN(y) {
		for _, c := range coasts {
			if p, ok := anchor(m, c); ok {
				if d := math.Hypot(p.X-x, p.Y-y); d < bestD {
					best, bestD = c, d
				}
			}
		}
	}
	if !best.Valid() {
		return engine.Nowhere, fmt.Errorf("say which coast of %s: drop the fleet on the coast itself", m.Provinces[to.P].Name)
	}
	return best, nil
}

// notNextTo says that a unit cannot reach province p.
func notNextTo(m *engine.Map, u engine.Unit, p engine.ProvinceID) string {
	if u.Type == engine.Army && m.Provinces[p].Kind == engine.Sea {
		return "an army cannot enter the " + m.Provinces[p].Name
	}
	if u.Type == engine.Fleet && m.Provinces[p].Kind == engine.Land {
		return "a fleet cannot go inland to " + m.Provinces[p].Name
	}
	return fmt.Sprintf("%s is not next to %s", m.Provinces[p].Name, m.LocName(u.Loc))
}

// dropRetreat is a retreat-phase drop: the dislodged unit retreats to to.
func dropRetreat(s *engine.State, power engine.Power, from, to engine.Loc, x, y float64) (engine.Order, error) {
	m := s.Map
	i := s.DislodgedAt(from.P)
	if i < 0 {
		return engine.Order{}, fmt.Errorf("no unit must retreat from %s", m.Provinces[from.P].Name)
	}
	u := s.Dislodged[i].Unit
	if power != "" && u.Power != power {
		return engine.Order{}, fmt.Errorf("that is %s's unit", m.PowerName(u.Power))
	}
	if to.P == from.P {
		return engine.Order{}, errors.New("a dislodged unit cannot stay: drag it to an empty province next to it, or disband it from its menu")
	}
	var fits []engine.Loc
	for _, l := range engine.RetreatOptions(s, s.Dislodged[i], nil) {
		if l.P == to.P {
			fits = append(fits, l)
		}
	}
	if len(fits) == 0 {
		return engine.Order{}, fmt.Errorf("%s cannot retreat to %s", unitName(m, u), m.Provinces[to.P].Name)
	}
	c, err := pickCoast(m, fits, to, x, y)
	if err != nil {
		return engine.Order{}, err
	}
	return engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, At: u.Loc, To: c}, nil
}

// UnitOrders returns every order power may give the unit at at, for a
// menu: in a movement phase hold, each move, support to hold of each unit
// it can reach that is not ordered to move away, support of every move
// another unit could make into a province it can reach (any power's, by
// land or by convoy: a player may support another power's move without
// knowing whether it is ordered), and for a fleet in a sea the convoy of
// each pending army move through that sea; in a retreat phase each
// retreat and the disband; in an adjustment phase what AdjustOrders
// returns.
func UnitOrders(s *engine.State, pending []engine.Order, power engine.Power, at engine.Loc) []engine.Order {
	if s == nil || !validLoc(s.Map, at) {
		return nil
	}
	switch s.Phase.Type {
	case engine.Retreat:
		return retreatOrders(s, power, at)
	case engine.Adjustment:
		return AdjustOrders(s, power, at)
	}
	u, err := orderable(s, power, at)
	if err != nil {
		return nil
	}
	return UnitOrdersFor(s, pending, u)
}

// UnitOrdersFor is UnitOrders for unit u in a movement phase: one of
// several pieces sharing a province has its own orders.
func UnitOrdersFor(s *engine.State, pending []engine.Order, u engine.Unit) []engine.Order {
	if s == nil || !validLoc(s.Map, u.Loc) || s.Phase.Type != engine.Movement {
		return nil
	}
	m := s.Map
	out := []engine.Order{{Power: u.Power, Kind: engine.Hold, Unit: u.Type, Piece: u.Kind, At: u.Loc}}
	for _, d := range UnitDestinations(s, u) {
		o := engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, Piece: u.Kind, At: u.Loc, To: d}
		o.ViaConvoy = u.Type == engine.Army && !m.ArmyAdjacent(u.Loc.P, d.P)
		out = append(out, o)
	}
	for _, v := range s.Units {
		if v.Loc.P != u.Loc.P && !sharing(m, v) && m.Adjacent(u.Type, u.Loc, v.Loc.P) && pendingMoveOf(pending, v) == nil {
			o, _ := supportOrder(s, u, v, engine.Nowhere)
			out = append(out, o)
		}
	}
	out = append(out, supportMoves(s, pending, u)...)
	for _, mv := range pending {
		j := unitOfOrder(s, mv)
		if mv.Kind != engine.Move || j < 0 || mv.At.P == u.Loc.P || !validLoc(m, mv.To) {
			continue
		}
		if o, ok, err := dropConvoy(s, pending, u, s.Units[j]); ok && err == nil {
			out = append(out, o)
		}
	}
	return out
}

// supportMoves returns u's supports of every move another unit could
// make into a province u can reach: each unit's moves by the map and, for
// an army, by convoy through seas that hold fleets, and every pending
// move (a card's longer move, say). Each move is supported once, whatever
// the coast it goes to.
func supportMoves(s *engine.State, pending []engine.Order, u engine.Unit) []engine.Order {
	type key struct{ from, to engine.ProvinceID }
	seen := map[key]bool{}
	var out []engine.Order
	add := func(v engine.Unit, d engine.Loc) {
		k := key{v.Loc.P, d.P}
		if seen[k] || d.P == u.Loc.P || v.Loc.P == u.Loc.P || sharing(s.Map, v) {
			return
		}
		seen[k] = true
		if o, err := supportOrder(s, u, v, d); err == nil {
			out = append(out, o)
		}
	}
	for _, mv := range pending {
		if j := unitOfOrder(s, mv); mv.Kind == engine.Move && j >= 0 && validLoc(s.Map, mv.To) {
			add(s.Units[j], mv.To)
		}
	}
	for _, v := range s.Units {
		for _, d := range UnitDestinations(s, v) {
			add(v, d)
		}
	}
	return out
}

// ByConvoy reports whether the move of the unit at from to to can only go
// by sea: an army's move to a province it does not border.
func ByConvoy(s *engine.State, from engine.Loc, to engine.Loc) bool {
	i := unitIn(s, from.P)
	return i >= 0 && s.Units[i].Type == engine.Army && validLoc(s.Map, to) && !s.Map.ArmyAdjacent(from.P, to.P)
}

// retreatOrders are the retreats and the disband of the unit dislodged
// from at's province.
func retreatOrders(s *engine.State, power engine.Power, at engine.Loc) []engine.Order {
	i := s.DislodgedAt(at.P)
	if i < 0 {
		return nil
	}
	u := s.Dislodged[i].Unit
	if power != "" && u.Power != power {
		return nil
	}
	var out []engine.Order
	for _, l := range engine.RetreatOptions(s, s.Dislodged[i], nil) {
		out = append(out, engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, At: u.Loc, To: l})
	}
	return append(out, engine.Order{Power: u.Power, Kind: engine.Disband, Unit: u.Type, At: u.Loc})
}

// AdjustOrders returns the adjustment orders power ("" for the game
// master) may give at at in a Winter phase: on a free home centre its
// owner owns, when that power has builds due, build an army and a fleet
// (one per coast) where each can stand; on a unit of a power with
// disbands due, its removal.
func AdjustOrders(s *engine.State, power engine.Power, at engine.Loc) []engine.Order {
	if s == nil || !validLoc(s.Map, at) || s.Phase.Type != engine.Adjustment {
		return nil
	}
	m := s.Map
	due := engine.Adjustments(s)
	if is := s.UnitsAt(at.P); len(is) > 0 {
		// A unit's removal, for each piece there whose power must
		// disband (several where pieces share the province).
		var out []engine.Order
		for _, i := range is {
			u := s.Units[i]
			if u.Power == "" || (power != "" && u.Power != power) || due[u.Power] >= 0 {
				continue
			}
			out = append(out, engine.Order{Power: u.Power, Kind: engine.Disband, Unit: u.Type, Piece: u.Kind, At: u.Loc})
		}
		return out
	}
	p := &m.Provinces[at.P]
	home := p.Home
	if !p.SC || home == "" || s.Owners[at.P] != home || (power != "" && home != power) || due[home] <= 0 {
		return nil
	}
	var out []engine.Order
	if m.CanHold(engine.Army, engine.Loc{P: at.P}) {
		out = append(out, engine.Order{Power: home, Kind: engine.Build, Unit: engine.Army, At: engine.Loc{P: at.P}})
	}
	locs := []engine.Loc{{P: at.P}}
	if len(p.Coasts) > 0 {
		locs = locs[:0]
		for _, c := range p.Coasts {
			locs = append(locs, engine.Loc{P: at.P, C: c})
		}
	}
	for _, l := range locs {
		if m.CanHold(engine.Fleet, l) {
			out = append(out, engine.Order{Power: home, Kind: engine.Build, Unit: engine.Fleet, At: l})
		}
	}
	return out
}

// pendingMoveOf returns the pending move of unit u: of the orders naming
// it (its province, and its power, type and kind where written), the last,
// when it is a move.
func pendingMoveOf(pending []engine.Order, u engine.Unit) *engine.Order {
	var out *engine.Order
	for i := range pending {
		o := &pending[i]
		if o.At.P != u.Loc.P || (o.Power != "" && o.Power != u.Power) || (o.Unit != engine.NoUnitType && (o.Unit != u.Type || o.Piece != u.Kind)) {
			continue
		}
		out = nil
		if o.Kind == engine.Move && o.To.Valid() {
			out = o
		}
	}
	return out
}

// convoyDestinations returns the coastal provinces an army in province
// from may reach only by convoy through seas that hold fleets now.
func convoyDestinations(s *engine.State, from engine.ProvinceID) []engine.Loc {
	m := s.Map
	if m.Provinces[from].Kind != engine.Coastal {
		return nil
	}
	seas := seasFrom(s, from, func(p engine.ProvinceID) bool {
		i := occupant(s, p)
		return i >= 0 && s.Units[i].Type == engine.Fleet
	})
	var out []engine.Loc
	seen := map[engine.ProvinceID]bool{from: true}
	for sea := range seas {
		for _, l := range m.FleetNeighbours(engine.Loc{P: sea}) {
			pr := &m.Provinces[l.P]
			if pr.Kind == engine.Coastal && !pr.Impassable && !seen[l.P] && !m.ArmyAdjacent(from, l.P) {
				seen[l.P] = true
				out = append(out, engine.Loc{P: l.P})
			}
		}
	}
	return out
}

// convoyThrough reports whether a chain of seas joins coastal provinces a
// and b through sea via (any chain when via is NoProvince), whoever stands
// in the other seas: fleets may still be ordered there.
func convoyThrough(s *engine.State, a, b, via engine.ProvinceID) bool {
	m := s.Map
	if m.Provinces[a].Kind != engine.Coastal || m.Provinces[b].Kind != engine.Coastal {
		return false
	}
	any := func(engine.ProvinceID) bool { return true }
	fromA, fromB := seasFrom(s, a, any), seasFrom(s, b, any)
	if via != engine.NoProvince {
		return fromA[via] && fromB[via]
	}
	for sea := range fromA {
		if fromB[sea] {
			return true
		}
	}
	return false
}

// seasFrom returns the seas reachable from coastal province p through seas
// that pass ok, each of them passing ok.
func seasFrom(s *engine.State, p engine.ProvinceID, ok func(engine.ProvinceID) bool) map[engine.ProvinceID]bool {
	m := s.Map
	seen := map[engine.ProvinceID]bool{}
	var queue []engine.ProvinceID
	visit := func(l engine.Loc) {
		if pr := &m.Provinces[l.P]; pr.Kind == engine.Sea && !seen[l.P] && ok(l.P) {
			seen[l.P] = true
			queue = append(queue, l.P)
		}
	}
	for _, c := range coastsOf(m, p) {
		for _, l := range m.FleetNeighbours(c) {
			visit(l)
		}
	}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		for _, l := range m.FleetNeighbours(engine.Loc{P: q}) {
			visit(l)
		}
	}
	return seen
}

// coastsOf returns the fleet locations of province p: each named coast, or
// the province itself.
func coastsOf(m *engine.Map, p engine.ProvinceID) []engine.Loc {
	if cs := m.Provinces[p].Coasts; len(cs) > 0 {
		out := make([]engine.Loc, len(cs))
		for i, c := range cs {
			out[i] = engine.Loc{P: p, C: c}
		}
		return out
	}
	return []engine.Loc{{P: p}}
}

// unitName is "the army in Paris", "the birds in London".
func unitName(m *engine.Map, u engine.Unit) string {
	return "the " + m.UnitWord(u) + " in " + m.LocName(u.Loc)
}

func validLoc(m *engine.Map, l engine.Loc) bool {
	return m != nil && l.Valid() && int(l.P) < len(m.Provinces)
}

func sortLocs(m *engine.Map, ls []engine.Loc) {
	sort.Slice(ls, func(i, j int) bool {
		if ls[i].P != ls[j].P {
			return m.Provinces[ls[i].P].Abbr < m.Provinces[ls[j].P].Abbr
		}
		return ls[i].C < ls[j].C
	})
}

// geometry of the board, loaded once: where units and coasts are drawn,
// in board units, for picking coasts and finding arrows near a drop.
var geo struct {
	once sync.Once
	b    *geometry.Board
}

func boardGeometry() *geometry.Board {
	geo.once.Do(func() {
		geo.b, _ = geometry.Load() // without it, coasts and arrows are found by province only
	})
	return geo.b
}

// anchor returns where a unit at l is drawn, in board units.
func anchor(m *engine.Map, l engine.Loc) (geometry.Point, bool) {
	b := boardGeometry()
	if b == nil || !validLoc(m, l) {
		return geometry.Point{}, false
	}
	abbr := m.Provinces[l.P].Abbr
	if l.C != engine.NoCoast {
		if p, ok := b.CoastAnchor(abbr, l.C); ok {
			return p, true
		}
	}
	if r := b.Region(abbr); r != nil {
		return r.Unit, true
	}
	return geometry.Point{}, false
}

// arrowDistance is how far (x, y) lies from the arrow of move o, leaving
// out the part next to the moving unit (a drop there is on the unit).
func arrowDistance(m *engine.Map, o engine.Order, x, y float64) float64 {
	if math.IsNaN(x) || math.IsNaN(y) {
		return math.Inf(1)
	}
	a, ok1 := anchor(m, o.At)
	b, ok2 := anchor(m, o.To)
	if !ok1 || !ok2 {
		return math.Inf(1)
	}
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		return math.Hypot(x-a.X, y-a.Y)
	}
	t := ((x-a.X)*dx + (y-a.Y)*dy) / l2
	t = math.Max(0.25, math.Min(1, t))
	return math.Hypot(x-(a.X+t*dx), y-(a.Y+t*dy))
}
