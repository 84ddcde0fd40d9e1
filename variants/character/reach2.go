package character

import "dipdesk/engine"

// The ids of the further movement cards the Reach hook acts on.
const (
	explorerID   = "7"  // #7: islands, Switzerland, the Caspian; Ireland-Liverpool, Sicily-Naples, Spain-North Africa
	superfleetID = "18" // #18: a fleet jumps between named seas
)

// explorerLinks are card #7's direct links: "Units may also move directly
// between Ireland-Liverpool, Sicily-Naples and Spain-North Africa, and
// vice-versa ... These units may also Retreat to these spaces." Only
// Spain-North Africa has both ends on the standard board (the variant's
// board has no Ireland or Sicily yet; a link whose end the map lacks does
// nothing). Spain's end is its south coast for a fleet, as #16's.
var explorerLinks = []link{
	{a: end{"spa", engine.SouthCoast}, b: end{abbr: "naf"}, direct: true, fleet: true, army: true},
	{a: end{abbr: "ire"}, b: end{abbr: "lvp"}, direct: true, fleet: true, army: true},
	{a: end{abbr: "sic"}, b: end{abbr: "nap"}, direct: true, fleet: true, army: true},
}

// superfleetLinks are card #18's jumps: "Fleet may jump directly from
// MAO-Ionian, MAO-Norwegian, Barents-NAO, Baltic-Skagerrak and Western
// Med-Eastern Med", both ways. Each skips at least one space, so none is a
// retreat (rule 8).
var superfleetLinks = []link{
	{a: end{abbr: "mao"}, b: end{abbr: "ion"}, fleet: true},
	{a: end{abbr: "mao"}, b: end{abbr: "nwg"}, fleet: true},
	{a: end{abbr: "bar"}, b: end{abbr: "nao"}, fleet: true},
	{a: end{abbr: "bal"}, b: end{abbr: "ska"}, fleet: true},
	{a: end{abbr: "wes"}, b: end{abbr: "eas"}, fleet: true},
}

// linked reports whether one of links joins u's location to l, for u's
// type; in a retreat only the direct links count (rule 8).
func linked(m *engine.Map, links []link, u engine.Unit, l engine.Loc, retreat bool) bool {
	for _, k := range links {
		if retreat && !k.direct {
			continue
		}
		if u.Type == engine.Army && !k.army || u.Type == engine.Fleet && !k.fleet {
			continue
		}
		if k.a.from(m, u) && k.b.to(m, u, l) || k.b.from(m, u) && k.a.to(m, u, l) {
			return true
		}
	}
	return false
}

// amphibiousID is card #3: the unit "moves as an army or a fleet at will".
const amphibiousID = "3"

// amphibious reports whether u may reach l by the links of the other unit
// type: a fleet over land (Rome to Venice, Marseilles to Spain's north
// coast), an army along a fleet's links. Where it lands must still suit
// its own type (Reach's canStand): the engine holds no army at sea and no
// fleet inland (see the rulings' engine gaps). Each such link is one
// space, so it is also a retreat.
func amphibious(m *engine.Map, u engine.Unit, l engine.Loc) bool {
	switch u.Type {
	case engine.Fleet:
		return m.ArmyLinked(u.Loc.P, l.P)
	case engine.Army:
		for _, c := range m.Province(u.Loc.P).Coasts {
			if m.FleetAdjacent(engine.Loc{P: u.Loc.P, C: c}, engine.Loc{P: l.P}) {
				return true
			}
		}
		return m.FleetAdjacent(engine.Loc{P: u.Loc.P}, engine.Loc{P: l.P})
	}
	return false
}
