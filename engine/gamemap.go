package engine

import (
	"fmt"
	"sort"
	"strings"
)

// ProvinceKind says what a province is made of.
type ProvinceKind uint8

// The province kinds: inland, coastal and sea. Hyperspace and other
// abstract spaces of the variants are Abstract.
const (
	Land ProvinceKind = iota + 1
	Coastal
	Sea
	Abstract
)

var kindNames = [...]string{"", "land", "coast", "sea", "special"}

// String returns the kind as written in map files.
func (k ProvinceKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "?"
}

// Province is one space of the board.
type Province struct {
	ID      ProvinceID
	Abbr    string // "lon"
	Name    string // "London"
	Aliases []string
	Kind    ProvinceKind
	SC      bool    // a supply centre
	Home    Power   // whose home centre it is, if any
	Coasts  []Coast // the coasts of a province with several; empty otherwise

	// Impassable provinces (Switzerland) keep their links in the data but
	// no unit may enter them until a variant makes them passable.
	Impassable bool
	// Unlimited spaces may hold any number of units (Hyperspace, Davis 6).
	Unlimited bool
}

// PowerInfo describes a seat of a map: a great power, or a role.
type PowerInfo struct {
	ID        Power
	Name      string // "France"
	Adjective string // "French"
	Initial   string // "F"
	// Role marks a seat with no home centres and no starting units that a
	// variant adds to the great powers (Rather Silly's Jester, Mastermind,
	// Doctor and Soothsayer, rules 13-16). It may come to own units and
	// centres like any power.
	Role bool
}

// StartUnit is a unit present when a game begins.
type StartUnit = Unit

// Map is a board: provinces, coasts, army and fleet links, supply centres,
// home centres and starting units. A Map is built once (LoadMap, then
// variant changes through Apply and the Add/Remove methods) and then shared
// read-only by every game on it.
type Map struct {
	ID        string
	Name      string
	Powers    []PowerInfo
	Provinces []Province
	Start     []Unit
	// Pieces are the variant's kinds of piece beside armies and fleets.
	Pieces []PieceInfo

	names   map[string]ProvinceID // lower-case abbreviations, names and aliases
	nameRun int                   // the most words a name spans (for the parser)
	army    [][]ProvinceID        // army links per province
	fleet   [][]Loc               // fleet links per node (see node)
}

const coastsPerProvince = 5 // NoCoast plus four coasts

func node(l Loc) int { return int(l.P)*coastsPerProvince + int(l.C) }

// NewMap returns an empty map with the given id and name.
func NewMap(id, name string) *Map {
	return &Map{ID: id, Name: name, names: map[string]ProvinceID{}}
}

// Clone returns a deep copy of m that a variant may change freely.
func (m *Map) Clone() *Map {
	c := &Map{ID: m.ID, Name: m.Name, names: make(map[string]ProvinceID, len(m.names)), nameRun: m.nameRun}
	c.Powers = append([]PowerInfo(nil), m.Powers...)
	c.Start = append([]Unit(nil), m.Start...)
	c.Pieces = append([]PieceInfo(nil), m.Pieces...)
	c.Provinces = make([]Province, len(m.Provinces))
	for i, p := range m.Provinces {
		p.Aliases = append([]string(nil), p.Aliases...)
		p.Coasts = append([]Coast(nil), p.Coasts...)
		c.Provinces[i] = p
	}
	for k, v := range m.names {
		c.names[k] = v
	}
	c.army = make([][]ProvinceID, len(m.army))
	for i, a := range m.army {
		c.army[i] = append([]ProvinceID(nil), a...)
	}
	c.fleet = make([][]Loc, len(m.fleet))
	for i, f := range m.fleet {
		c.fleet[i] = append([]Loc(nil), f...)
	}
	return c
}

// Province returns the province with the given id; id must be valid.
func (m *Map) Province(id ProvinceID) *Province { return &m.Provinces[id] }

// NumProvinces returns the number of provinces, impassable ones included.
func (m *Map) NumProvinces() int { return len(m.Provinces) }

// Power returns the description of power p.
func (m *Map) Power(p Power) (PowerInfo, bool) {
	for _, pi := range m.Powers {
		if pi.ID == p {
			return pi, true
		}
	}
	return PowerInfo{}, false
}

// PowerIDs returns the powers in map order.
func (m *Map) PowerIDs() []Power {
	out := make([]Power, len(m.Powers))
	for i, p := range m.Powers {
		out[i] = p.ID
	}
	return out
}

// LookupPower finds a power by id, name, adjective or initial, in any case.
func (m *Map) LookupPower(s string) (Power, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, p := range m.Powers {
		if s == string(p.ID) || s == strings.ToLower(p.Name) || s == strings.ToLower(p.Adjective) {
			return p.ID, true
		}
	}
	for _, p := range m.Powers {
		if s == strings.ToLower(p.Initial) {
			return p.ID, true
		}
	}
	return "", false
}

// PowerName returns the display name of p ("France"), or p itself.
func (m *Map) PowerName(p Power) string {
	if pi, ok := m.Power(p); ok {
		return pi.Name
	}
	if p == "" {
		return "nobody"
	}
	return string(p)
}

// Lookup finds a province by abbreviation, full name or alias, in any case.
func (m *Map) Lookup(name string) (ProvinceID, bool) {
	id, ok := m.names[normName(name)]
	return id, ok
}

func normName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.ReplaceAll(s, ".", "")
	s = strings.Join(strings.Fields(s), " ")
	return s
}

// Names returns every name the map knows (abbreviations, names, aliases),
// lower-case, sorted; the parser uses it for suggestions.
func (m *Map) Names() []string {
	out := make([]string, 0, len(m.names))
	for k := range m.names {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// LocString writes a location as "spa/nc" or "lon".
func (m *Map) LocString(l Loc) string {
	if !l.Valid() || int(l.P) >= len(m.Provinces) {
		return "?"
	}
	s := m.Provinces[l.P].Abbr
	if l.C != NoCoast {
		s += "/" + l.C.String()
	}
	return s
}

// LocName writes a location in words: "Spain (north coast)".
func (m *Map) LocName(l Loc) string {
	if !l.Valid() || int(l.P) >= len(m.Provinces) {
		return "?"
	}
	s := m.Provinces[l.P].Name
	switch l.C {
	case NorthCoast:
		s += " (north coast)"
	case SouthCoast:
		s += " (south coast)"
	case EastCoast:
		s += " (east coast)"
	case WestCoast:
		s += " (west coast)"
	}
	return s
}

// HasCoast reports whether province p has coast c.
func (m *Map) HasCoast(p ProvinceID, c Coast) bool {
	for _, x := range m.Provinces[p].Coasts {
		if x == c {
			return true
		}
	}
	return false
}

// MultiCoast reports whether fleets in p must name a coast.
func (m *Map) MultiCoast(p ProvinceID) bool { return len(m.Provinces[p].Coasts) > 0 }

// AddProvince adds a province and returns its id. Name and abbreviation
// must be new. Variants add spaces this way (Hyperspace, the Caspian Sea).
func (m *Map) AddProvince(p Province) (ProvinceID, error) {
	if p.Abbr == "" || p.Name == "" {
		return NoProvince, fmt.Errorf("engine: province needs an abbreviation and a name")
	}
	for _, n := range append([]string{p.Abbr, p.Name}, p.Aliases...) {
		if _, dup := m.names[normName(n)]; dup {
			return NoProvince, fmt.Errorf("engine: province name %q is already used", n)
		}
	}
	id := ProvinceID(len(m.Provinces))
	p.ID = id
	m.Provinces = append(m.Provinces, p)
	for _, n := range append([]string{p.Abbr, p.Name}, p.Aliases...) {
		m.names[normName(n)] = id
		m.nameRun = max(m.nameRun, nameTokens(normName(n)))
	}
	m.army = append(m.army, nil)
	for i := 0; i < coastsPerProvince; i++ {
		m.fleet = append(m.fleet, nil)
	}
	return id, nil
}

// AddArmyLink lets armies move between a and b (both ways).
func (m *Map) AddArmyLink(a, b ProvinceID) {
	if a == b || m.ArmyLinked(a, b) {
		return
	}
	m.army[a] = append(m.army[a], b)
	m.army[b] = append(m.army[b], a)
}

// RemoveArmyLink removes the army link between a and b, if any.
func (m *Map) RemoveArmyLink(a, b ProvinceID) {
	m.army[a] = removeID(m.army[a], b)
	m.army[b] = removeID(m.army[b], a)
}

// AddFleetLink lets fleets move between locations a and b (both ways).
func (m *Map) AddFleetLink(a, b Loc) {
	if a.P == b.P || m.fleetLinkedExact(a, b) {
		return
	}
	m.fleet[node(a)] = append(m.fleet[node(a)], b)
	m.fleet[node(b)] = append(m.fleet[node(b)], a)
}

// RemoveFleetLink removes fleet links between any coasts of a and b.
func (m *Map) RemoveFleetLink(a, b ProvinceID) {
	for c := 0; c < coastsPerProvince; c++ {
		na, nb := node(Loc{a, Coast(c)}), node(Loc{b, Coast(c)})
		m.fleet[na] = removeProv(m.fleet[na], b)
		m.fleet[nb] = removeProv(m.fleet[nb], a)
	}
}

// SetPassable makes a province enterable or not (Switzerland).
func (m *Map) SetPassable(p ProvinceID, passable bool) { m.Provinces[p].Impassable = !passable }

func removeID(s []ProvinceID, x ProvinceID) []ProvinceID {
	out := s[:0]
	for _, v := range s {
		if v != x {
			out = append(out, v)
		}
	}
	return out
}

func removeProv(s []Loc, x ProvinceID) []Loc {
	out := s[:0]
	for _, v := range s {
		if v.P != x {
			out = append(out, v)
		}
	}
	return out
}

func (m *Map) fleetLinkedExact(a, b Loc) bool {
	for _, l := range m.fleet[node(a)] {
		if l == b {
			return true
		}
	}
	return false
}

// ArmyLinked reports whether the data links a and b for armies, ignoring
// passability.
func (m *Map) ArmyLinked(a, b ProvinceID) bool {
	for _, x := range m.army[a] {
		if x == b {
			return true
		}
	}
	return false
}

// ArmyNeighbours returns the provinces an army in p may move to.
func (m *Map) ArmyNeighbours(p ProvinceID) []ProvinceID {
	if m.Provinces[p].Impassable {
		return nil
	}
	out := make([]ProvinceID, 0, len(m.army[p]))
	for _, x := range m.army[p] {
		if !m.Provinces[x].Impassable {
			out = append(out, x)
		}
	}
	return out
}

// FleetNeighbours returns the locations a fleet at l may move to.
func (m *Map) FleetNeighbours(l Loc) []Loc {
	if m.Provinces[l.P].Impassable {
		return nil
	}
	out := make([]Loc, 0, len(m.fleet[node(l)]))
	for _, x := range m.fleet[node(l)] {
		if !m.Provinces[x.P].Impassable {
			out = append(out, x)
		}
	}
	return out
}

// ArmyAdjacent reports whether an army may move from a to b.
func (m *Map) ArmyAdjacent(a, b ProvinceID) bool {
	if m.Provinces[a].Impassable || m.Provinces[b].Impassable {
		return false
	}
	return m.ArmyLinked(a, b)
}

// FleetLinked reports whether the map links a fleet at a to location b
// (any coast of b when b has none), whether or not either is impassable.
func (m *Map) FleetLinked(a, b Loc) bool {
	for _, l := range m.fleet[node(a)] {
		if l.P == b.P && (b.C == NoCoast || l.C == b.C) {
			return true
		}
	}
	return false
}

// FleetAdjacent reports whether a fleet at a may move to location b. When
// b has no coast it matches any coast of b's province.
func (m *Map) FleetAdjacent(a, b Loc) bool {
	if m.Provinces[a.P].Impassable || m.Provinces[b.P].Impassable {
		return false
	}
	for _, l := range m.fleet[node(a)] {
		if l.P == b.P && (b.C == NoCoast || l.C == b.C) {
			return true
		}
	}
	return false
}

// FleetCoastsTo returns the coasts of province b a fleet at a may reach
// (NoCoast for a province without coasts).
func (m *Map) FleetCoastsTo(a Loc, b ProvinceID) []Loc {
	var out []Loc
	if m.Provinces[a.P].Impassable || m.Provinces[b].Impassable {
		return nil
	}
	for _, l := range m.fleet[node(a)] {
		if l.P == b {
			out = append(out, l)
		}
	}
	return out
}

// Adjacent reports whether a unit of type t at a may move to province b
// (any coast).
func (m *Map) Adjacent(t UnitType, a Loc, b ProvinceID) bool {
	switch t {
	case Army:
		return m.ArmyAdjacent(a.P, b)
	case Fleet:
		return m.FleetAdjacent(a, Loc{P: b})
	}
	return false
}

// CanHold reports whether a unit of type t may stand at l.
func (m *Map) CanHold(t UnitType, l Loc) bool {
	if !l.Valid() || int(l.P) >= len(m.Provinces) {
		return false
	}
	p := &m.Provinces[l.P]
	if p.Impassable {
		return false
	}
	switch t {
	case Army:
		return l.C == NoCoast && (p.Kind == Land || p.Kind == Coastal || p.Kind == Abstract)
	case Fleet:
		if p.Kind == Land {
			return false
		}
		if len(p.Coasts) > 0 {
			return m.HasCoast(l.P, l.C)
		}
		// A coast no list names but a variant linked for fleets (Davis
		// rule 11: Armenia's and Sevastopol's "(ec)" on the Caspian).
		return l.C == NoCoast || len(m.fleet[node(l)]) > 0
	}
	return false
}

// SupplyCentres returns the ids of all supply centres in map order.
func (m *Map) SupplyCentres() []ProvinceID {
	var out []ProvinceID
	for _, p := range m.Provinces {
		if p.SC {
			out = append(out, p.ID)
		}
	}
	return out
}

// HomeCentres returns power's home centres.
func (m *Map) HomeCentres(power Power) []ProvinceID {
	var out []ProvinceID
	for _, p := range m.Provinces {
		if p.Home == power && p.SC {
			out = append(out, p.ID)
		}
	}
	return out
}
