package geometry

import (
	"fmt"
	"math"
	"sort"

	"dipdesk/engine"
)

// MinBorder is the shortest shared border (board units) that makes two
// regions neighbours; provinces meeting at a point are not adjacent.
const MinBorder = 0.5

// Adjacency is what the geometry says about movement, as sorted pairs of
// locations written as in orders ("spa/nc", "mao").
type Adjacency struct {
	Army  map[[2]string]bool
	Fleet map[[2]string]bool
}

func pair(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

// arcLength returns the length of arc i.
func (b *Board) arcLength(i int) float64 {
	s := 0.0
	a := b.Arcs[i]
	for k := 1; k < len(a); k++ {
		s += math.Hypot(a[k].X-a[k-1].X, a[k].Y-a[k-1].Y)
	}
	return s
}

// side returns the regions in play on either side of arc i (nil for the
// outside of the frame).
func (b *Board) side(i int) (l, r *Region) {
	if s := b.sides[i][0]; s >= 0 {
		l = b.owner(b.Regions[s])
	}
	if s := b.sides[i][1]; s >= 0 {
		r = b.owner(b.Regions[s])
	}
	return l, r
}

// coastOf returns the location string of region r along arc i: "spa/nc"
// when the arc belongs to one of r's named coasts, the id otherwise. The
// Caspian coasts of arm and sev (CoastAnchor.Space) only place anchors and
// do not split fleet adjacency: the Caspian borders "arm", as the engine's
// variant maps write it.
func (b *Board) coastOf(r *Region, arc int) (string, error) {
	split := false
	for _, c := range r.Coasts {
		if c.Space != "" {
			continue
		}
		split = true
		for _, a := range c.Arcs {
			if a == arc {
				return r.ID + "/" + c.Coast.String(), nil
			}
		}
	}
	if split {
		return "", fmt.Errorf("geometry: arc %d faces the sea along %s but belongs to none of its coasts", arc, r.ID)
	}
	return r.ID, nil
}

// Adjacency derives army and fleet adjacency from the shapes alone, plus
// the declared links:
//
//   - two land or coastal provinces are army-adjacent when their land
//     border is at least MinBorder long;
//   - fleets move between two seas that share a border, between a sea and
//     a coastal province along their shore (per named coast for spa, stp
//     and bul), and between two coastal provinces whose land border runs
//     down to a sea that both of them touch at that point.
func (b *Board) Adjacency() (*Adjacency, error) {
	adj := &Adjacency{Army: map[[2]string]bool{}, Fleet: map[[2]string]bool{}}
	armyLen := map[[2]string]float64{}
	fleetLen := map[[2]string]float64{}
	for i := range b.Arcs {
		l, r := b.side(i)
		if l == nil || r == nil || l == r || !b.inPlay(l) || !b.inPlay(r) {
			continue
		}
		n := b.arcLength(i)
		switch {
		case isLandKind(l.Kind) && isLandKind(r.Kind):
			armyLen[pair(l.ID, r.ID)] += n
		case isWaterKind(l.Kind) && isWaterKind(r.Kind):
			fleetLen[pair(l.ID, r.ID)] += n
		case isWaterKind(l.Kind) && isShoreKind(r.Kind), isShoreKind(l.Kind) && isWaterKind(r.Kind):
			sea, shore := l, r
			if isShoreKind(l.Kind) {
				sea, shore = r, l
			}
			loc, err := b.coastOf(shore, i)
			if err != nil {
				return nil, err
			}
			fleetLen[pair(sea.ID, loc)] += n
		}
	}
	for k, n := range armyLen {
		if n >= MinBorder {
			adj.Army[k] = true
		}
	}
	for k, n := range fleetLen {
		if n >= MinBorder {
			adj.Fleet[k] = true
		}
	}
	if err := b.coastalFleetLinks(adj, armyLen); err != nil {
		return nil, err
	}
	for _, l := range b.declared() {
		if l.Fleet {
			adj.Fleet[pair(l.A, l.B)] = true
		} else {
			adj.Army[pair(l.A, l.B)] = true
		}
	}
	return adj, nil
}

func isLandKind(k Kind) bool  { return k == Land || k == Coastal || k == Island }
func isWaterKind(k Kind) bool { return k == Sea || k == Lake }
func isShoreKind(k Kind) bool { return k == Coastal || k == Island }

// coastalFleetLinks adds fleet links between coastal provinces whose land
// border ends on a shore where both meet the same sea.
func (b *Board) coastalFleetLinks(adj *Adjacency, armyLen map[[2]string]float64) error {
	// Arcs by end point.
	ends := map[Point][]int{}
	for i, a := range b.Arcs {
		ends[a[0]] = append(ends[a[0]], i)
		ends[a[len(a)-1]] = append(ends[a[len(a)-1]], i)
	}
	for i, a := range b.Arcs {
		l, r := b.side(i)
		if l == nil || r == nil || l == r || !isShoreKind(l.Kind) || !isShoreKind(r.Kind) || !b.inPlay(l) || !b.inPlay(r) {
			continue
		}
		if armyLen[pair(l.ID, r.ID)] < MinBorder {
			continue
		}
		for _, p := range []Point{a[0], a[len(a)-1]} {
			// Which sea meets each of the two provinces at p, and along
			// which of their arcs.
			seaArc := func(shore *Region) map[string]int {
				out := map[string]int{}
				for _, j := range ends[p] {
					x, y := b.side(j)
					switch {
					case x == shore && y != nil && isWaterKind(y.Kind):
						out[y.ID] = j
					case y == shore && x != nil && isWaterKind(x.Kind):
						out[x.ID] = j
					}
				}
				return out
			}
			sl, sr := seaArc(l), seaArc(r)
			for sea, jl := range sl {
				jr, ok := sr[sea]
				if !ok {
					continue
				}
				ll, err := b.coastOf(l, jl)
				if err != nil {
					return err
				}
				lr, err := b.coastOf(r, jr)
				if err != nil {
					return err
				}
				adj.Fleet[pair(ll, lr)] = true
			}
		}
	}
	return nil
}

// Pairs returns the pairs of a set, sorted, as "a-b" strings.
func Pairs(m map[[2]string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k[0]+"-"+k[1])
	}
	sort.Strings(out)
	return out
}

// MapAdjacency writes the links of an engine map in the shape of
// Adjacency, for comparison: army links as stated in the data (so that
// impassable Switzerland's links count) and fleet links per coast.
func MapAdjacency(m *engine.Map) *Adjacency {
	adj := &Adjacency{Army: map[[2]string]bool{}, Fleet: map[[2]string]bool{}}
	for _, p := range m.Provinces {
		for _, q := range m.Provinces {
			if p.ID < q.ID && m.ArmyLinked(p.ID, q.ID) {
				adj.Army[pair(p.Abbr, q.Abbr)] = true
			}
		}
		locs := []engine.Loc{{P: p.ID}}
		if len(p.Coasts) > 0 {
			locs = locs[:0]
			for _, c := range p.Coasts {
				locs = append(locs, engine.Loc{P: p.ID, C: c})
			}
		}
		for _, l := range locs {
			for _, q := range m.Provinces {
				for _, t := range m.FleetCoastsTo(l, q.ID) {
					adj.Fleet[pair(m.LocString(l), m.LocString(t))] = true
				}
			}
		}
	}
	return adj
}

// Diff returns the pairs in a but not in b, and in b but not in a.
func Diff(a, b map[[2]string]bool) (onlyA, onlyB []string) {
	for k := range a {
		if !b[k] {
			onlyA = append(onlyA, k[0]+"-"+k[1])
		}
	}
	for k := range b {
		if !a[k] {
			onlyB = append(onlyB, k[0]+"-"+k[1])
		}
	}
	sort.Strings(onlyA)
	sort.Strings(onlyB)
	return onlyA, onlyB
}

// declared returns the links of the file plus those of the optional
// spaces that are switched on (Corfu borders the Aegean and the Eastern
// Mediterranean, Rather Silly Diplomacy rule 14).
func (b *Board) declared() []Link {
	out := append([]Link(nil), b.Links...)
	for _, r := range b.Regions {
		if !r.Optional || !b.active[r.ID] {
			continue
		}
		for _, n := range r.Links {
			out = append(out, Link{Fleet: true, A: r.ID, B: n, Why: r.Name + " (declared)"})
		}
	}
	return out
}
