package main

import (
	"bytes"
	"fmt"
	"log"
	"math"
	"sort"
	"strings"

	"dipdesk/engine"
	"dipdesk/resources"
)

// Region kinds in the topology file.
const (
	kindSea    = "sea"
	kindCoast  = "coast"
	kindLand   = "land"
	kindIsland = "island" // land that belongs to a sea province (or is an optional space)
	kindLake   = "lake"   // water that belongs to a land province (or is an optional space)
)

// region is one piece of the tiling of the frame: a province, an island
// or a lake.
type region struct {
	ID       string
	Name     string
	Kind     string
	Host     string // islands and lakes: the province owning the area on the standard board
	Optional bool
	Build    bool
	Links    []string
	Seed     Pt
	HasSeed  bool
	seedLine int
	Label    Pt
	SC       Pt
	HasLabel bool
	HasSC    bool
	IsSC     bool
}

// board is stage two: the regions and the graph whose faces they own.
type board struct {
	d       *boardData
	pr      *projection
	lm      *landMap
	m       *engine.Map
	g       *planar
	class   []int // per face: water, ground or filled
	faceReg []int // per face, index into regions
	regions []*region
	byID    map[string]int
}

// fragmentMax is the largest piece of land or water (square board units)
// that mapgen quietly gives to a neighbour when no seed claims it; larger
// ones mean a border is missing or misplaced.
const fragmentMax = 6.0

// buildBoard runs stage two: it cuts land and water along the borders,
// names every face and checks the borders against the names.
func buildBoard(d *boardData, pr *projection, lm *landMap) (*topologyOut, error) {
	m, err := standardMap()
	if err != nil {
		return nil, err
	}
	b := &board{d: d, pr: pr, lm: lm, m: m, byID: map[string]int{}}
	if err := b.makeRegions(); err != nil {
		return nil, err
	}
	lines := make([]line, 0, len(lm.Coast)+len(d.Borders))
	for _, e := range lm.Coast {
		lines = append(lines, line{pts: e[:], src: srcCoast, group: 1})
	}
	for i, bl := range d.Borders {
		lines = append(lines, line{pts: densify(pr, bl.Pts), src: i})
	}
	b.g, err = buildPlanar(lines, pr.planeFrame())
	if err != nil {
		return nil, err
	}
	b.class = make([]int, len(b.g.Faces))
	for i, f := range b.g.Faces {
		b.class[i] = lm.Class(f.Inner)
	}
	if err := b.seedFaces(); err != nil {
		return nil, err
	}
	if err := b.resolveFaces(); err != nil {
		return nil, err
	}
	if err := b.checkBorders(); err != nil {
		return nil, err
	}
	return b.topology()
}

func standardMap() (*engine.Map, error) {
	data, err := resources.MapFile("standard")
	if err != nil {
		return nil, err
	}
	return engine.LoadMap("standard.map", bytes.NewReader(data))
}

// densify adds points along long segments so that straight lines in
// longitude and latitude stay close to their projected curves.
func densify(pr *projection, pts []LonLat) []Pt {
	var out []Pt
	for i, p := range pts {
		if i > 0 {
			q := pts[i-1]
			n := int(math.Max(math.Abs(p.Lon-q.Lon), math.Abs(p.Lat-q.Lat)) / 0.5)
			for k := 1; k < n; k++ {
				t := float64(k) / float64(n)
				out = append(out, pr.Plane(LonLat{q.Lon + (p.Lon-q.Lon)*t, q.Lat + (p.Lat-q.Lat)*t}))
			}
		}
		out = append(out, pr.Plane(p))
	}
	return out
}

// makeRegions creates the provinces of standard.map and the islands and
// lakes of borders.txt.
func (b *board) makeRegions() error {
	seeds := map[string]provinceSeed{}
	for _, s := range b.d.Provinces {
		if _, dup := seeds[s.Abbr]; dup {
			return &dataError{s.Line, "province " + s.Abbr + " seeded twice"}
		}
		if _, ok := b.m.Lookup(s.Abbr); !ok {
			return &dataError{s.Line, "standard.map has no province " + s.Abbr}
		}
		seeds[s.Abbr] = s
	}
	for _, p := range b.m.Provinces {
		s, ok := seeds[p.Abbr]
		if !ok {
			return fmt.Errorf("borders.txt: no seed for province %s (%s)", p.Abbr, p.Name)
		}
		r := &region{ID: p.Abbr, Name: p.Name, Kind: p.Kind.String(), Seed: b.pr.Plane(s.At), HasSeed: true, seedLine: s.Line, IsSC: p.SC}
		if s.HasLabel {
			r.Label, r.HasLabel = b.pr.Plane(s.Label), true
		}
		if s.HasSC {
			r.SC, r.HasSC = b.pr.Plane(s.SC), true
		}
		b.add(r)
	}
	for _, s := range b.d.Islands {
		h, ok := b.byID[s.Host]
		if !ok || b.regions[h].Kind != kindSea {
			return &dataError{s.Line, "island host " + s.Host + " is not a sea province"}
		}
		b.add(&region{ID: s.ID, Name: s.Name, Kind: kindIsland, Host: s.Host, Optional: s.Optional, Build: s.Build, Links: s.Links, Seed: b.pr.Plane(s.At), HasSeed: true, seedLine: s.Line})
	}
	for _, s := range b.d.Lakes {
		b.add(&region{ID: s.ID, Name: s.Name, Kind: kindLake, Optional: s.Optional, Seed: b.pr.Plane(s.At), HasSeed: true, seedLine: s.Line})
	}
	return nil
}

func (b *board) add(r *region) int {
	b.byID[r.ID] = len(b.regions)
	b.regions = append(b.regions, r)
	return len(b.regions) - 1
}

func (r *region) wantsLand() bool {
	return r.Kind == kindLand || r.Kind == kindCoast || r.Kind == kindIsland
}

// seedFaces gives every face holding a seed to that seed's region.
func (b *board) seedFaces() error {
	b.faceReg = make([]int, len(b.g.Faces))
	for i := range b.faceReg {
		b.faceReg[i] = -1
	}
	type seed struct {
		reg  int
		at   Pt
		line int
	}
	var seeds []seed
	for i, r := range b.regions {
		if r.HasSeed {
			seeds = append(seeds, seed{i, r.Seed, r.seedLine})
		}
	}
	for _, p := range b.d.Parts {
		i, ok := b.byID[p.Abbr]
		if !ok || !b.regions[i].wantsLand() {
			return &dataError{p.Line, "part: " + p.Abbr + " is not a land or coastal province"}
		}
		seeds = append(seeds, seed{i, b.pr.Plane(p.At), p.Line})
	}
	for _, s := range seeds {
		r := b.regions[s.reg]
		f := b.g.faceAt(s.at)
		if f < 0 {
			return &dataError{s.line, r.ID + ": seed lies outside the frame"}
		}
		if want := r.wantsLand(); (b.class[f] == ground) != want || (!want && b.class[f] != water) {
			return &dataError{s.line, fmt.Sprintf("%s: seed lies on %s", r.ID, className(b.class[f]))}
		}
		if o := b.faceReg[f]; o >= 0 && o != s.reg {
			return &dataError{s.line, fmt.Sprintf("%s and %s are in one piece: a border between them is missing or does not close", r.ID, b.regions[o].ID)}
		}
		b.faceReg[f] = s.reg
	}
	return nil
}

func className(c int) string {
	switch c {
	case ground:
		return "land"
	case filled:
		return "filled water"
	}
	return "water"
}

// neighbours returns, for face f, the length of boundary it shares with
// each other face.
func (b *board) neighbours(f int) map[int]float64 {
	out := map[int]float64{}
	collect := func(c []int) {
		for _, h := range c {
			o := b.g.HeFace[h^1]
			if o >= 0 && o != f {
				out[o] += b.g.Nodes[b.g.origin(h)].dist(b.g.Nodes[b.g.dest(h)])
			}
		}
	}
	fc := b.g.Faces[f]
	collect(fc.Outer)
	for _, h := range fc.Holes {
		collect(h)
	}
	return out
}

// owner is the province that owns region i on the standard board.
func (b *board) owner(i int) int {
	if h := b.regions[i].Host; h != "" {
		return b.byID[h]
	}
	return i
}

// resolveFaces names the faces no seed claimed: small fragments go to a
// neighbour, islands to the sea around them, lakes to the land around them.
func (b *board) resolveFaces() error {
	for pass := 0; ; pass++ {
		groups := b.unresolvedGroups()
		if len(groups) == 0 {
			return nil
		}
		progress := false
		for _, grp := range groups {
			ok, err := b.resolveGroup(grp)
			if err != nil {
				return err
			}
			progress = progress || ok
		}
		if !progress {
			f := b.g.Faces[groups[0][0]]
			return fmt.Errorf("mapgen: cannot name the piece at %s", b.where(f.Inner))
		}
	}
}

// unresolvedGroups returns connected sets of unnamed faces of one class.
func (b *board) unresolvedGroups() [][]int {
	seen := make([]bool, len(b.g.Faces))
	var groups [][]int
	for f := range b.g.Faces {
		if b.faceReg[f] >= 0 || seen[f] {
			continue
		}
		grp := []int{f}
		seen[f] = true
		// Filled water goes face by face: a border through a strait gives
		// each side its own piece.
		for i := 0; i < len(grp) && b.class[f] != filled; i++ {
			for o := range b.neighbours(grp[i]) {
				if !seen[o] && b.faceReg[o] < 0 && b.class[o] == b.class[f] {
					seen[o] = true
					grp = append(grp, o)
				}
			}
		}
		sort.Ints(grp)
		groups = append(groups, grp)
	}
	return groups
}

// resolveGroup names a group of unnamed faces of one class, or reports
// false when it must wait for its neighbours to be named.
//
//   - Filled water becomes a lake of the land province it shares the most
//     shore with (the Sea of Marmara belongs to Constantinople).
//   - Land or water touching a region of its own class is a fragment left
//     by a border overshoot and joins that region; a large one is an error.
//   - Land touching only water is an island of the sea around it, water
//     touching only land a lake of the land around it.
func (b *board) resolveGroup(grp []int) (bool, error) {
	in := map[int]bool{}
	area := 0.0
	for _, f := range grp {
		in[f] = true
		area += b.g.Faces[f].Area
	}
	cls := b.class[grp[0]]
	byClass := [3]map[int]float64{{}, {}, {}} // class -> region -> shared length
	pending := false
	for _, f := range grp {
		for o, l := range b.neighbours(f) {
			if in[o] {
				continue
			}
			if r := b.faceReg[o]; r < 0 {
				pending = true
			} else {
				byClass[b.class[o]][r] += l
			}
		}
	}
	at := b.where(b.g.Faces[grp[0]].Inner)
	var target int
	switch {
	case cls == filled:
		if len(byClass[ground]) == 0 {
			if pending {
				return false, nil
			}
			return false, fmt.Errorf("mapgen: filled water at %s touches no land", at)
		}
		host := b.owner(longest(byClass[ground]))
		if b.regions[host].Kind == kindSea {
			return false, fmt.Errorf("mapgen: filled water at %s lies against an island", at)
		}
		target = b.isles(host, kindLake, "lakes.")
	case cls == ground && len(byClass[filled]) > 0:
		// Land reached across a fill (Funen, Zealand, Bithynia) needs a
		// seed of its own; islets inside a fill join its owner.
		target = b.owner(longest(byClass[filled]))
		if area > fragmentMax {
			return false, fmt.Errorf("mapgen: land at %s (%.0f square units) lies across a fill from %s: give it a part seed", at, area, b.regions[target].ID)
		}
	case len(byClass[cls]) > 0:
		target = longest(byClass[cls])
		t := b.regions[target]
		if t.Kind != kindIsland && t.Kind != kindLake && area > fragmentMax {
			return false, fmt.Errorf("mapgen: %s at %s (%.0f square units) touches %s but holds no seed: a border is missing or does not close", className(cls), at, area, t.ID)
		}
		if area > 0.05 && t.Kind != kindIsland && t.Kind != kindLake {
			log.Printf("note: a fragment of %.2f square units at %s joins %s", area, at, t.ID)
		}
	case pending:
		return false, nil
	default:
		other := byClass[water]
		if cls == water {
			other = map[int]float64{}
			for r, l := range byClass[ground] {
				other[r] += l
			}
			for r, l := range byClass[filled] {
				other[r] += l
			}
		}
		if len(other) == 0 {
			return false, fmt.Errorf("mapgen: isolated piece at %s", at)
		}
		host := b.owner(longest(other))
		hk := b.regions[host].Kind
		switch {
		case cls == ground && hk == kindSea:
			target = b.isles(host, kindIsland, "isles.")
		case cls == water && hk != kindSea:
			target = b.isles(host, kindLake, "lakes.")
		default:
			target = host
		}
	}
	for _, f := range grp {
		b.faceReg[f] = target
	}
	return true, nil
}

// isles returns the region that collects the unnamed islands (or lakes)
// of province host, creating it.
func (b *board) isles(host int, kind, prefix string) int {
	id := prefix + b.regions[host].ID
	if i, ok := b.byID[id]; ok {
		return i
	}
	return b.add(&region{ID: id, Kind: kind, Host: b.regions[host].ID})
}

func longest(m map[int]float64) int {
	best, bl := -1, -1.0
	for k, v := range m {
		if v > bl || (v == bl && k < best) {
			best, bl = k, v
		}
	}
	return best
}

// where writes a plane point as a position for messages.
func (b *board) where(p Pt) string {
	ll := b.pr.Inverse(p)
	return fmt.Sprintf("lon %.2f lat %.2f", ll.Lon, ll.Lat)
}

// checkBorders verifies that every authored border separates the two
// provinces it names wherever it separates anything.
func (b *board) checkBorders() error {
	var errs []string
	used := make([]bool, len(b.d.Borders))
	for i, e := range b.g.Edges {
		l, r := b.g.HeFace[2*i], b.g.HeFace[2*i+1]
		if l < 0 || r < 0 {
			continue
		}
		rl, rr := b.owner(b.faceReg[l]), b.owner(b.faceReg[r])
		if b.faceReg[l] == b.faceReg[r] {
			continue
		}
		for _, s := range e.Srcs {
			if s < 0 {
				continue
			}
			bl := b.d.Borders[s]
			a, c := b.regions[rl].ID, b.regions[rr].ID
			if (a == bl.A && c == bl.B) || (a == bl.B && c == bl.A) {
				used[s] = true
				continue
			}
			if rl == rr {
				continue
			}
			msg := fmt.Sprintf("borders.txt:%d: border %s %s separates %s and %s at %s", bl.Line, bl.A, bl.B, a, c, b.where(b.g.Nodes[e.U]))
			if len(errs) == 0 || errs[len(errs)-1] != msg {
				errs = append(errs, msg)
			}
		}
	}
	for i, u := range used {
		if !u {
			bl := b.d.Borders[i]
			errs = append(errs, fmt.Sprintf("borders.txt:%d: border %s %s separates nothing", bl.Line, bl.A, bl.B))
		}
	}
	if len(errs) > 0 {
		if len(errs) > 30 {
			errs = append(errs[:30], fmt.Sprintf("... and %d more", len(errs)-30))
		}
		return fmt.Errorf("mapgen: border errors:\n%s", strings.Join(errs, "\n"))
	}
	return nil
}
