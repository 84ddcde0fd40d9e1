package main

import (
	"math"
	"strings"
	"testing"
)

func TestReadLandRings(t *testing.T) {
	// Two arcs, quantized and delta-encoded; the polygon walks arc 0
	// forward and arc 1 backward (~1).
	const src = `{"type":"Topology","transform":{"scale":[1,1],"translate":[10,20]},
		"arcs":[[[0,0],[2,0],[0,2]],[[0,0],[0,2],[2,0]]],
		"objects":{"land":{"type":"GeometryCollection","geometries":[{"type":"Polygon","arcs":[[0,-2]]}]}}}`
	rings, err := readLandRings(strings.NewReader(src), "land")
	if err != nil {
		t.Fatal(err)
	}
	want := []LonLat{{10, 20}, {12, 20}, {12, 22}, {10, 22}, {10, 20}}
	if len(rings) != 1 || len(rings[0]) != len(want) {
		t.Fatalf("got %v, want one ring %v", rings, want)
	}
	for i, p := range want {
		if rings[0][i] != p {
			t.Errorf("point %d: got %v, want %v", i, rings[0][i], p)
		}
	}
	if _, err := readLandRings(strings.NewReader(src), "countries"); err == nil {
		t.Error("a missing object read without error")
	}
}

func TestProjectionRoundTrip(t *testing.T) {
	pr := newProjection(15, 50, bbox{-2500, -1810, 3000, 2550}, 1000)
	for _, ll := range []LonLat{{15, 50}, {-9.14, 38.72}, {37.62, 55.76}, {-18.5, 64.9}, {48, 40}} {
		back := pr.Inverse(pr.Plane(ll))
		if math.Abs(back.Lon-ll.Lon) > 1e-9 || math.Abs(back.Lat-ll.Lat) > 1e-9 {
			t.Errorf("%v came back as %v", ll, back)
		}
	}
	// Equal area: a 1x1 degree cell at 50N has the same area wherever it is.
	area := func(lon float64) float64 {
		return ringArea([]Pt{pr.Plane(LonLat{lon, 50}), pr.Plane(LonLat{lon + 1, 50}), pr.Plane(LonLat{lon + 1, 51}), pr.Plane(LonLat{lon, 51})})
	}
	if a, b := area(15), area(40); math.Abs(a-b)/a > 1e-3 {
		t.Errorf("cells at 15E and 40E: %.3f and %.3f square units", a, b)
	}
}

// TestPlanarFaces cuts a square by a line that overshoots both sides and
// surrounds an island: two faces, the island a hole of one of them.
func TestPlanarFaces(t *testing.T) {
	frame := bbox{0, 0, 10, 10}
	lines := []line{
		{pts: []Pt{{5, -1}, {5, 11}}, src: 0},                              // cuts the frame in two
		{pts: []Pt{{2, 2}, {3, 2}, {3, 3}, {2, 3}, {2, 2}}, src: srcCoast}, // an island
		{pts: []Pt{{7, 7}, {8, 8}}, src: 1},                                // a dangle: dropped
	}
	g, err := buildPlanar(lines, frame)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Faces) != 3 {
		t.Fatalf("%d faces, want left half, right half and the island", len(g.Faces))
	}
	sum := 0.0
	holes := 0
	for _, f := range g.Faces {
		sum += f.Area
		holes += len(f.Holes)
	}
	if math.Abs(sum-100) > 1e-9 || holes != 1 {
		t.Errorf("faces add up to %.3f with %d holes, want 100 with 1", sum, holes)
	}
	if f := g.faceAt(Pt{2.5, 2.5}); f < 0 || math.Abs(g.Faces[f].Area-1) > 1e-9 {
		t.Errorf("the island is face %d", f)
	}
	if f := g.faceAt(Pt{1, 1}); f < 0 || math.Abs(g.Faces[f].Area-49) > 1e-9 {
		t.Errorf("the left half is face %d", f)
	}
}

func TestDouglasPeucker(t *testing.T) {
	for _, c := range []struct {
		name string
		in   []Pt
		tol  float64
		want int
	}{
		{"straight", []Pt{{0, 0}, {1, 0.01}, {2, 0}, {3, -0.01}, {4, 0}}, 0.5, 2},
		{"corner", []Pt{{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}}, 0.5, 3},
		{"closed keeps a body", []Pt{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}}, 5, 5},
		{"no tolerance", []Pt{{0, 0}, {1, 0.01}, {2, 0}}, 0, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := douglasPeucker(c.in, c.tol); len(got) != c.want {
				t.Errorf("%d points, want %d: %v", len(got), c.want, got)
			}
		})
	}
}

func TestReadDataErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"frame 0 0 1 1\nborder a b\n    1 2\n", "borders.txt:2: border a b has fewer than two points"},
		{"frame 0 0 1 1\nborder a b\n    1 2 x\n", "borders.txt:3: \"x\" is neither a point name nor a lon lat pair"},
		{"frame 0 0 1 1\n    1 2\n", "borders.txt:2: indented line outside"},
		{"frame 0 0 1 1\nprovince lon at 1\n", "borders.txt:2:"},
		{"frame 0 0 1 1\nbogus\n", `borders.txt:2: unknown directive "bogus"`},
		{"width 10\n", "no frame"},
	} {
		_, err := readData(strings.NewReader(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.want)
		}
	}
	d, err := readData(strings.NewReader("frame 0 0 1 1\npoint J 3 4\nborder a b\n    1 2   J\n      5 6\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Borders[0].Pts; len(got) != 3 || got[1] != (LonLat{3, 4}) {
		t.Errorf("border points %v", got)
	}
}
