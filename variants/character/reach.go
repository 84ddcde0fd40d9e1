package character

import "dipdesk/engine"

// The ids of the movement cards the Reach hook acts on.
const (
	specialMoverID = "16" // #16: special links, over Switzerland, across the North Sea
	convoylessID   = "17" // #17: an army crosses one sea space without a convoy
)

// end is one end of a special link: a province by abbreviation and, for a
// fleet, the coast the link touches (engine.NoCoast when the province has
// one coast).
type end struct {
	abbr  string
	coast engine.Coast
}

// link is a special link of card #16, usable both ways.
type link struct {
	a, b end
	// direct links join two spaces that touch across a strait or a border
	// with no space between; they may be used to retreat (as #7's Spain-North
	// Africa). The others skip a space and are two-space moves, which rule 8
	// forbids in retreats.
	direct bool
	// fleet and army tell which unit types may use the link.
	fleet, army bool
}

// specialLinks are card #16's named links: "Unit (A or F) may move directly
// between Spain-North Africa, Albania-Apulia & Armenia-Moscow ... If a F,
// it may similarly move nonstop from any space on one side of the North Sea
// to the other, or Greece to Tunis." Spain's end is its south coast for a
// fleet (the Strait of Gibraltar). Armenia-Moscow is open to a fleet on
// paper only: a fleet never enters inland Moscow. The army's moves over
// Switzerland are overSwitzerland.
var specialLinks = func() []link {
	ls := []link{
		{a: end{"spa", engine.SouthCoast}, b: end{abbr: "naf"}, direct: true, fleet: true, army: true},
		{a: end{abbr: "alb"}, b: end{abbr: "apu"}, direct: true, fleet: true, army: true},
		{a: end{abbr: "arm"}, b: end{abbr: "mos"}, direct: true, fleet: true, army: true},
		{a: end{abbr: "gre"}, b: end{abbr: "tun"}, fleet: true},
	}
	for _, w := range northSeaWest {
		for _, e := range northSeaEast {
			ls = append(ls, link{a: end{abbr: w}, b: end{abbr: e}, fleet: true})
		}
	}
	return ls
}()

// The two sides of the North Sea for #16's fleets: the British coast and
// the continental one. The Norwegian Sea and the English Channel are its
// ends, on neither side.
var (
	northSeaWest = []string{"edi", "yor", "lon"}
	northSeaEast = []string{"nwy", "ska", "den", "hel", "hol", "bel"}
)

// reach is the Rules.reach hook: whether u may move (and so support, and
// in a retreat phase retreat) to l beyond the map's links.
//
//   - #16 Special Mover: the links of specialLinks for its type, and for an
//     army any two neighbours of Switzerland, "nonstop through (or over)"
//     it whatever stands there (the map keeps Switzerland's links although
//     it is impassable).
//   - #17 Convoyless Army: an army on a coast may go to any other coastal
//     province that touches a sea space its own province touches, without
//     a convoy and whatever stands in that sea.
//   - #3 Amphibious: the other unit type's links, to a space its own
//     type may stand in (retreats too).
//   - #7 Explorer: the direct links of explorerLinks, both types, in
//     retreats too ("These units may also Retreat to these spaces").
//   - #18 Superfleet: a fleet's jumps of superfleetLinks, not in retreats.
//
// In a retreat phase only #16's direct links count (rule 8: no unit
// retreats more than one space). Before 1902 nothing counts (rule 7).
func reach(s *engine.State, u engine.Unit, l engine.Loc) bool {
	c, ok := cardAt(s, u)
	if !ok || s.Map == nil || l.P == u.Loc.P || !onBoard(s.Map, l.P) || !onBoard(s.Map, u.Loc.P) {
		return false
	}
	to := s.Map.Province(l.P)
	if to.Impassable || !canStand(u.Type, to.Kind) {
		return false
	}
	retreat := s.Phase.Type == engine.Retreat
	switch c.ID {
	case specialMoverID:
		return specialMove(s.Map, u, l, retreat) || (!retreat && u.Type == engine.Army && overSwitzerland(s.Map, u.Loc.P, l.P))
	case convoylessID:
		return !retreat && u.Type == engine.Army && acrossOneSea(s.Map, u.Loc.P, l.P)
	case amphibiousID:
		return amphibious(s.Map, u, l)
	case explorerID:
		return linked(s.Map, explorerLinks, u, l, retreat)
	case superfleetID:
		return linked(s.Map, superfleetLinks, u, l, retreat)
	}
	return false
}

func onBoard(m *engine.Map, p engine.ProvinceID) bool {
	return p >= 0 && int(p) < m.NumProvinces()
}

// canStand reports whether a unit of type t may stand in a province of
// kind k: an army not at sea, a fleet not inland.
func canStand(t engine.UnitType, k engine.ProvinceKind) bool {
	switch t {
	case engine.Army:
		return k != engine.Sea
	case engine.Fleet:
		return k != engine.Land
	}
	return false
}

// specialMove reports whether one of #16's links joins u's location to l.
func specialMove(m *engine.Map, u engine.Unit, l engine.Loc, retreat bool) bool {
	return linked(m, specialLinks, u, l, retreat)
}

// from reports whether u stands at this end (on its coast, for a fleet).
func (e end) from(m *engine.Map, u engine.Unit) bool {
	p, ok := m.Lookup(e.abbr)
	if !ok || p != u.Loc.P {
		return false
	}
	return u.Type != engine.Fleet || e.coast == engine.NoCoast || u.Loc.C == e.coast
}

// to reports whether l is this end for u: any coast when l names none
// (a support, or a move whose coast is chosen), else the end's coast.
func (e end) to(m *engine.Map, u engine.Unit, l engine.Loc) bool {
	p, ok := m.Lookup(e.abbr)
	if !ok || p != l.P {
		return false
	}
	return u.Type != engine.Fleet || e.coast == engine.NoCoast || l.C == engine.NoCoast || l.C == e.coast
}

// overSwitzerland reports whether a and b are two different neighbours of
// Switzerland by the map's army links. Neighbours that are also adjacent
// to each other need no card; the others (Burgundy-Piedmont, Burgundy-
// Tyrolia, Marseilles-Munich, Marseilles-Tyrolia, Munich-Piedmont) are
// the card's.
func overSwitzerland(m *engine.Map, a, b engine.ProvinceID) bool {
	swi, ok := m.Lookup("swi")
	return ok && a != b && a != swi && b != swi && m.ArmyLinked(swi, a) && m.ArmyLinked(swi, b)
}

// acrossOneSea reports whether provinces a and b, neither a sea, both
// touch one sea space by the map's fleet links from any of their coasts
// (so only coastal provinces qualify, and a sea the variant adds, such as
// the Caspian of rule 11, counts by its own links).
func acrossOneSea(m *engine.Map, a, b engine.ProvinceID) bool {
	if m.Province(a).Kind == engine.Sea || m.Province(b).Kind == engine.Sea {
		return false
	}
	for i := range m.NumProvinces() {
		sea := engine.ProvinceID(i)
		if m.Province(sea).Kind != engine.Sea {
			continue
		}
		at := engine.Loc{P: sea}
		if len(m.FleetCoastsTo(at, a)) > 0 && len(m.FleetCoastsTo(at, b)) > 0 {
			return true
		}
	}
	return false
}
