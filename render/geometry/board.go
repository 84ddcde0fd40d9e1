// Package geometry holds the shape of the board: the provinces of the
// standard map as polygons in board coordinates, cut from real geography
// (Natural Earth) by tools/mapgen and stored as a topology file in
// resources/maps/standard/geometry.json. It answers where things are
// drawn (anchors for labels, units, supply centres and split coasts),
// which province is under a point, and which provinces border each other
// in clockwise order. It knows nothing of drawing libraries.
//
// Board coordinates: x to the east, y downward, the frame from 0,0 to
// Width,Height (1000 units across; one unit is 5.5 km on the projection
// plane).
package geometry

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"

	"dipdesk/engine"
	"dipdesk/resources"
)

// Kind says what a region of the board is.
type Kind string

// The region kinds. Sea, Coastal and Land are the provinces of standard.map
// (Switzerland is Land). An Island is land that belongs to a sea province
// on the standard board (Ireland belongs to the Irish Sea) and may be an
// optional space of a variant; a Lake is water that belongs to a land
// province, or is an optional space (the Caspian Sea).
const (
	Sea     Kind = "sea"
	Coastal Kind = "coast"
	Land    Kind = "land"
	Island  Kind = "island"
	Lake    Kind = "lake"
)

// ErrFormat is returned for a topology file this package cannot read.
var ErrFormat = errors.New("geometry: not a DipDesk geometry file")

// Point is a position in board units.
type Point struct{ X, Y float64 }

// Ring is a closed ring of points (the last point is not repeated).
type Ring []Point

// Polygon is an outer ring followed by its holes.
type Polygon []Ring

// Region is one piece of the board: a province, an island or a lake.
type Region struct {
	ID       string // "lon", "spa", "isles.nth", "ire", "cas"
	Name     string
	Kind     Kind
	Host     string   // Island and Lake: the province owning the area on the standard board ("" for the Caspian)
	Optional bool     // a space that only some variants draw and use
	Build    bool     // a build space (Rather Silly Diplomacy rule 14: Iceland, Corfu)
	Links    []string // declared neighbours an optional space has beyond its shores
	Polygons []Polygon

	Unit  Point // where a unit stands
	Label Point // where the name goes
	SC    Point // the supply-centre marker, when HasSC
	HasSC bool

	Coasts []CoastAnchor // the named coasts of spa, stp and bul (and the optional Caspian coasts of arm and sev)

	rings [][][]int // arc references, as stored
	box   box
	area  float64
}

// CoastAnchor is one named coast of a split-coast province.
type CoastAnchor struct {
	Coast  engine.Coast
	Anchor Point  // in the water off that coast, where a fleet on it is drawn
	Arcs   []int  // the province's arcs that face the sea along this coast
	Space  string // set for a coast on an optional space (the Caspian), which counts only while it is switched on
}

// Link is an adjacency declared in the file because the geometry cannot
// show it (a fudge), with the reason.
type Link struct {
	Fleet bool // a fleet link; otherwise an army link
	A, B  string
	Why   string
}

// Space is an abstract space drawn as a box in a corner of the board
// (Hyperspace, Character Diplomacy rule 6).
type Space struct {
	ID, Name string
	Min, Max Point
}

// Underpass joins several provinces to one another (the Mont Blanc
// Underpass of Rather Silly Diplomacy rule 6); it is drawn as spokes from
// Hub to each province's unit anchor.
type Underpass struct {
	ID, Name  string
	Hub       Point
	Provinces []string
}

// Board is the geometry of one map.
type Board struct {
	Width, Height float64
	Arcs          [][]Point
	Regions       []*Region
	Links         []Link
	Spaces        []Space
	Underpasses   []Underpass

	byID   map[string]*Region
	sides  [][2]int // per arc: regions on its left and right, -1 for none
	active map[string]bool
	proj   *projection
}

// Load reads the standard board from the embedded resources.
func Load() (*Board, error) {
	f, err := resources.FS.Open("maps/standard/geometry.json")
	if err != nil {
		return nil, fmt.Errorf("geometry: %w", err)
	}
	defer f.Close()
	return Parse(f)
}

// LoadFS reads a topology file from fsys.
func LoadFS(fsys fs.FS, name string) (*Board, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("geometry: %w", err)
	}
	defer f.Close()
	return Parse(f)
}

// Parse reads a topology file.
func Parse(r io.Reader) (*Board, error) {
	var f File
	if err := json.NewDecoder(r).Decode(&f); err != nil {
		return nil, fmt.Errorf("geometry: %w", err)
	}
	if f.Format != Format {
		return nil, fmt.Errorf("%w (format %q)", ErrFormat, f.Format)
	}
	b := &Board{Width: f.Width, Height: f.Height, byID: map[string]*Region{}, proj: newProjection(f.Projection, f.Width)}
	for i, a := range f.Arcs {
		if len(a) < 4 || len(a)%2 != 0 {
			return nil, fmt.Errorf("geometry: arc %d has %d numbers", i, len(a))
		}
		pts := make([]Point, len(a)/2)
		for k := range pts {
			pts[k] = Point{a[2*k], a[2*k+1]}
		}
		b.Arcs = append(b.Arcs, pts)
	}
	b.sides = make([][2]int, len(b.Arcs))
	for i := range b.sides {
		b.sides[i] = [2]int{-1, -1}
	}
	for _, fr := range f.Regions {
		if err := b.addRegion(fr); err != nil {
			return nil, err
		}
	}
	for _, l := range f.Links {
		if b.byID[l.A] == nil || b.byID[l.B] == nil {
			return nil, fmt.Errorf("geometry: link %s-%s names an unknown region", l.A, l.B)
		}
		b.Links = append(b.Links, Link{Fleet: l.Kind == "fleet", A: l.A, B: l.B, Why: l.Why})
	}
	for _, s := range f.Spaces {
		b.Spaces = append(b.Spaces, Space{ID: s.ID, Name: s.Name, Min: Point{s.Box[0], s.Box[1]}, Max: Point{s.Box[2], s.Box[3]}})
	}
	for _, u := range f.Underpasses {
		for _, p := range u.Provinces {
			if b.byID[p] == nil {
				return nil, fmt.Errorf("geometry: underpass %s names unknown province %s", u.ID, p)
			}
		}
		b.Underpasses = append(b.Underpasses, Underpass{ID: u.ID, Name: u.Name, Hub: Point{u.Hub[0], u.Hub[1]}, Provinces: u.Provinces})
	}
	return b, nil
}

func (b *Board) addRegion(fr FileRegion) error {
	r := &Region{ID: fr.ID, Name: fr.Name, Kind: Kind(fr.Kind), Host: fr.Host, Optional: fr.Optional, Build: fr.Build, Links: fr.Links, rings: fr.Polygons}
	if _, dup := b.byID[r.ID]; dup {
		return fmt.Errorf("geometry: region %s twice", r.ID)
	}
	idx := len(b.Regions)
	r.box = emptyBox()
	for _, rings := range fr.Polygons {
		var poly Polygon
		for _, refs := range rings {
			ring, err := b.resolveRing(refs, idx)
			if err != nil {
				return fmt.Errorf("geometry: region %s: %w", r.ID, err)
			}
			for _, p := range ring {
				r.box.extend(p)
			}
			poly = append(poly, ring)
		}
		r.area += polygonArea(poly)
		r.Polygons = append(r.Polygons, poly)
	}
	if fr.Unit != nil {
		r.Unit = Point{fr.Unit[0], fr.Unit[1]}
	}
	if fr.Label != nil {
		r.Label = Point{fr.Label[0], fr.Label[1]}
	}
	if fr.SC != nil {
		r.SC, r.HasSC = Point{fr.SC[0], fr.SC[1]}, true
	}
	for _, c := range fr.Coasts {
		cc, ok := engine.ParseCoast(c.Coast)
		if !ok {
			return fmt.Errorf("geometry: region %s: unknown coast %q", r.ID, c.Coast)
		}
		r.Coasts = append(r.Coasts, CoastAnchor{Coast: cc, Anchor: Point{c.Anchor[0], c.Anchor[1]}, Arcs: c.Arcs, Space: c.Space})
	}
	b.Regions = append(b.Regions, r)
	b.byID[r.ID] = r
	return nil
}

// resolveRing turns arc references into points and records which side of
// each arc region idx lies on.
func (b *Board) resolveRing(refs []int, idx int) (Ring, error) {
	var ring Ring
	for _, ref := range refs {
		i, rev := ref, false
		if ref < 0 {
			i, rev = ^ref, true
		}
		if i >= len(b.Arcs) {
			return nil, fmt.Errorf("arc %d out of range", i)
		}
		side := 0
		if rev {
			side = 1
		}
		if b.sides[i][side] >= 0 {
			return nil, fmt.Errorf("arc %d used twice on one side", i)
		}
		b.sides[i][side] = idx
		a := b.Arcs[i]
		for k := 0; k < len(a)-1; k++ {
			if rev {
				ring = append(ring, a[len(a)-1-k])
			} else {
				ring = append(ring, a[k])
			}
		}
	}
	if len(ring) < 3 {
		return nil, errors.New("ring with fewer than three points")
	}
	return ring, nil
}

// Region returns the region with the given id, or nil.
func (b *Board) Region(id string) *Region { return b.byID[id] }

// Provinces returns the provinces of the standard board (Switzerland
// included) in file order.
func (b *Board) Provinces() []*Region {
	var out []*Region
	for _, r := range b.Regions {
		if r.IsProvince() {
			out = append(out, r)
		}
	}
	return out
}

// IsProvince reports whether r is a province of the standard board.
func (r *Region) IsProvince() bool { return r.Kind == Sea || r.Kind == Coastal || r.Kind == Land }

// Area returns the region's area in square board units.
func (r *Region) Area() float64 { return r.area }

// CoastAnchor returns the anchor of coast c of region id, if it has that
// coast on this board.
func (b *Board) CoastAnchor(id string, c engine.Coast) (Point, bool) {
	if r := b.byID[id]; r != nil {
		for _, x := range b.coasts(r) {
			if x.Coast == c {
				return x.Anchor, true
			}
		}
	}
	return Point{}, false
}

// coasts returns the named coasts of r that count on this board.
func (b *Board) coasts(r *Region) []CoastAnchor {
	var out []CoastAnchor
	for _, c := range r.Coasts {
		if c.Space == "" || b.active[c.Space] {
			out = append(out, c)
		}
	}
	return out
}

// With returns a copy of b on which the given optional spaces (islands,
// the Caspian Sea, Hyperspace) are switched on: ProvinceAt and Neighbours
// then treat them as spaces of their own instead of parts of their hosts.
func (b *Board) With(ids ...string) *Board {
	c := *b
	c.active = map[string]bool{}
	for k, v := range b.active {
		c.active[k] = v
	}
	for _, id := range ids {
		c.active[id] = true
	}
	return &c
}

// Active reports whether optional space id is switched on.
func (b *Board) Active(id string) bool { return b.active[id] }

// owner returns the region that stands for r in play: r itself, or its
// host while r is an island or lake that is not switched on.
func (b *Board) owner(r *Region) *Region {
	if r.Host != "" && !b.active[r.ID] {
		if h := b.byID[r.Host]; h != nil {
			return h
		}
	}
	return r
}

// inPlay reports whether region r is a space on this board: a province,
// or an optional space that is switched on.
func (b *Board) inPlay(r *Region) bool {
	return r.IsProvince() || (r.Optional && b.active[r.ID])
}

type box struct{ minX, minY, maxX, maxY float64 }

func emptyBox() box { return box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)} }

func (x *box) extend(p Point) {
	x.minX, x.minY = math.Min(x.minX, p.X), math.Min(x.minY, p.Y)
	x.maxX, x.maxY = math.Max(x.maxX, p.X), math.Max(x.maxY, p.Y)
}

func (x box) contains(p Point) bool {
	return p.X >= x.minX && p.X <= x.maxX && p.Y >= x.minY && p.Y <= x.maxY
}

// RingArea returns the signed area of a ring (shoelace formula).
func RingArea(r Ring) float64 {
	s := 0.0
	for i := range r {
		a, c := r[i], r[(i+1)%len(r)]
		s += a.X*c.Y - c.X*a.Y
	}
	return s / 2
}

// polygonArea is the outer ring's area minus the holes'.
func polygonArea(p Polygon) float64 {
	a := 0.0
	for i, r := range p {
		if i == 0 {
			a += math.Abs(RingArea(r))
		} else {
			a -= math.Abs(RingArea(r))
		}
	}
	return a
}

// Contains reports whether p lies inside the region (even-odd over all
// its rings).
func (r *Region) Contains(p Point) bool {
	if !r.box.contains(p) {
		return false
	}
	in := false
	for _, poly := range r.Polygons {
		for _, ring := range poly {
			if inRing(p, ring) {
				in = !in
			}
		}
	}
	return in
}

func inRing(p Point, r Ring) bool {
	in := false
	n := len(r)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, c := r[i], r[j]
		if (a.Y > p.Y) != (c.Y > p.Y) && p.X < a.X+(p.Y-a.Y)*(c.X-a.X)/(c.Y-a.Y) {
			in = !in
		}
	}
	return in
}
