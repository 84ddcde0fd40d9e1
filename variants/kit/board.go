package kit

import (
	"bytes"
	"io/fs"
	"slices"
	"sync"

	"dipdesk/engine"
	"dipdesk/resources"
	"dipdesk/variants/standard"
)

// The board both character variants play on (Davis rules 6 and 11, card
// #7; Galt rule 4 and the Explorer): the standard map with Hyperspace and
// the Caspian Sea (resources/maps/character/character.changes), the fleet
// links of the Caspian's east coasts of Armenia and Sevastopol, and the
// Explorer's five islands (resources/maps/character/islands.changes),
// impassable to every unit but the cards' (each variant's Enter parts).
// One set of facts, one builder.
const (
	HyperspaceAbbr = "hyp" // Davis rule 6: Hyperspace, next to every space
	CaspianAbbr    = "cas" // Davis rule 11, Galt rule 4: the Caspian Sea
)

// IslandAbbrs are the Explorer's islands ("Crete, Iceland, Ireland,
// Sardinia, Sicily"), in the order islands.changes adds them.
var IslandAbbrs = []string{"ice", "ire", "cre", "sic", "sar"}

// caspianCoasts are the provinces with an east coast on the Caspian ("(ec)"
// designates an east coast conversion in Armenia or Sevastopol). Moscow
// touches the Caspian too but is inland.
var caspianCoasts = []string{"arm", "sev"}

const (
	boardChanges  = "character"
	islandsChange = "maps/character/islands.changes"
)

var (
	boardOnce sync.Once
	board     *engine.Map
	boardErr  error
)

// CharacterBoard returns the character variants' board, built once and
// shared read-only.
func CharacterBoard() (*engine.Map, error) {
	boardOnce.Do(func() { board, boardErr = buildBoard() })
	return board, boardErr
}

func buildBoard() (*engine.Map, error) {
	std, err := standard.Map()
	if err != nil {
		return nil, err
	}
	changes, err := resources.MapChanges(boardChanges)
	if err != nil {
		return nil, err
	}
	m := std.Clone()
	if err := m.Apply("character.changes", bytes.NewReader(changes)); err != nil {
		return nil, err
	}
	cas, _ := m.Lookup(CaspianAbbr)
	for _, abbr := range caspianCoasts {
		p, _ := m.Lookup(abbr)
		// The east coast is a fleet node of its own, outside the
		// province's declared coasts: a fleet there (a converted unit
		// "(ec)", or a fleet coming from the Caspian) links only to the
		// Caspian, and the Black Sea fleets of Armenia and Sevastopol keep
		// their plain location and links.
		m.AddFleetLink(engine.Loc{P: p, C: engine.EastCoast}, engine.Loc{P: cas})
	}
	islands, err := fs.ReadFile(resources.FS, islandsChange)
	if err != nil {
		return nil, err
	}
	if err := m.Apply("islands.changes", bytes.NewReader(islands)); err != nil {
		return nil, err
	}
	return m, nil
}

// IsIsland reports whether p is one of the Explorer's islands.
func IsIsland(m *engine.Map, p engine.ProvinceID) bool {
	return p >= 0 && int(p) < m.NumProvinces() && slices.Contains(IslandAbbrs, m.Province(p).Abbr)
}

// IsCaspianCoast reports whether p is Armenia or Sevastopol, which have a
// coast on the Caspian.
func IsCaspianCoast(m *engine.Map, p engine.ProvinceID) bool {
	for _, abbr := range caspianCoasts {
		if q, ok := m.Lookup(abbr); ok && q == p {
			return true
		}
	}
	return false
}

// IsHyperspace reports whether p is Hyperspace.
func IsHyperspace(m *engine.Map, p engine.ProvinceID) bool {
	return p >= 0 && int(p) < m.NumProvinces() && m.Province(p).Abbr == HyperspaceAbbr
}

// CaspianLandings puts every fleet that moved from the Caspian Sea to
// Armenia or Sevastopol in out (rules: Davis 11, Galt 4), when has says
// its card lets it sail there, on that province's Caspian east coast in
// the next position, adding words to its result.
func CaspianLandings(s *engine.State, out *engine.Outcome, has func(engine.Unit) bool, words string) {
	cas := Lookup(s.Map, CaspianAbbr)
	for i, r := range out.Results {
		if r.Order.Kind != engine.Move || !r.OK || r.Unit.Type != engine.Fleet || r.Unit.Loc.P != cas ||
			!IsCaspianCoast(s.Map, r.Order.To.P) || !has(r.Unit) {
			continue
		}
		if k := UnitIndex(out.Next, IDOf(r.Unit)); k >= 0 && out.Next.Units[k].Loc.P == r.Order.To.P {
			out.Next.Units[k].Loc.C = engine.EastCoast
			out.Results[i].Add(words)
		}
	}
}
