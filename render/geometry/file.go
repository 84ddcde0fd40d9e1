package geometry

// Format is the value of File.Format this package reads.
const Format = "dipdesk-geometry/1"

// File is the topology file as stored (resources/maps/standard/geometry.json),
// written by tools/mapgen. Every border is stored once, as an arc; regions
// are rings of references to arcs, as in TopoJSON: i walks arc i forward,
// ^i (that is -i-1) walks it backward. Coordinates are board units: x to
// the east, y downward, the frame from 0,0 to Width,Height.
type File struct {
	Format      string          `json:"format"`
	Source      string          `json:"source"`
	Projection  FileProjection  `json:"projection"`
	Width       float64         `json:"width"`
	Height      float64         `json:"height"`
	Arcs        [][]float64     `json:"arcs"` // x0, y0, x1, y1, ...
	Regions     []FileRegion    `json:"regions"`
	Links       []FileLink      `json:"links,omitempty"`
	Spaces      []FileSpace     `json:"spaces,omitempty"`
	Underpasses []FileUnderpass `json:"underpasses,omitempty"`
}

// FileProjection records how longitude and latitude became board units.
type FileProjection struct {
	Kind    string     `json:"kind"` // "laea": Lambert azimuthal equal-area, spherical
	Lon0    float64    `json:"lon0"`
	Lat0    float64    `json:"lat0"`
	FrameKm [4]float64 `json:"frameKm"` // west, south, east, north on the projection plane
	Radius  float64    `json:"radiusKm"`
}

// FileRegion is one piece of the tiling of the frame.
type FileRegion struct {
	ID       string      `json:"id"`
	Kind     string      `json:"kind"` // sea, coast, land, island, lake
	Name     string      `json:"name,omitempty"`
	Host     string      `json:"host,omitempty"`
	Optional bool        `json:"optional,omitempty"`
	Build    bool        `json:"build,omitempty"`
	Links    []string    `json:"links,omitempty"`
	Polygons [][][]int   `json:"polygons"` // polygon, ring (outer first), arc reference
	Unit     *[2]float64 `json:"unit,omitempty"`
	Label    *[2]float64 `json:"label,omitempty"`
	SC       *[2]float64 `json:"sc,omitempty"`
	Coasts   []FileCoast `json:"coasts,omitempty"`
}

// FileCoast is one named coast of a split-coast province: where a fleet
// on it is drawn (in the water) and which of the province's arcs face the
// sea along it.
//
// A coast with Space set faces an optional water space instead of the
// seas (Armenia's and Sevastopol's east coasts on the Caspian, Character
// Diplomacy rule 11): it only places an anchor, and only while that space
// is switched on.
type FileCoast struct {
	Coast  string     `json:"coast"` // nc, sc, ec
	Anchor [2]float64 `json:"anchor"`
	Arcs   []int      `json:"arcs"`
	Space  string     `json:"space,omitempty"`
}

// FileLink is an adjacency the geometry cannot show and the game wants
// anyway (a fudge), listed with its reason.
type FileLink struct {
	Kind string `json:"kind"` // army or fleet
	A    string `json:"a"`
	B    string `json:"b"`
	Why  string `json:"why"`
}

// FileSpace is an abstract space drawn as a box (Hyperspace).
type FileSpace struct {
	ID   string     `json:"id"`
	Name string     `json:"name"`
	Box  [4]float64 `json:"box"` // x0, y0, x1, y1
}

// FileUnderpass is a tunnel joining several provinces to one another
// (Rather Silly Diplomacy rule 6, the Mont Blanc Underpass): drawn as
// spokes from Hub to each province's unit anchor.
type FileUnderpass struct {
	ID        string     `json:"id"`
	Name      string     `json:"name"`
	Hub       [2]float64 `json:"hub"`
	Provinces []string   `json:"provinces"`
}
