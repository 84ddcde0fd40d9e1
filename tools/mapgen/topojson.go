package main

import (
	"encoding/json"
	"fmt"
	"io"
)

// topology is the part of a TopoJSON file (topojson-specification 1.0)
// that mapgen reads: quantized, delta-encoded arcs and one named object
// made of Polygon and MultiPolygon geometries.
type topology struct {
	Type      string                     `json:"type"`
	Transform *topoTransform             `json:"transform"`
	Arcs      [][][2]float64             `json:"arcs"`
	Objects   map[string]json.RawMessage `json:"objects"`
}

type topoTransform struct {
	Scale     [2]float64 `json:"scale"`
	Translate [2]float64 `json:"translate"`
}

type topoGeometry struct {
	Type       string            `json:"type"`
	Arcs       json.RawMessage   `json:"arcs"`
	Geometries []json.RawMessage `json:"geometries"`
}

// readLandRings decodes the TopoJSON object named object and returns all
// rings of its polygons as closed lon/lat rings (first point repeated at
// the end). Exterior rings and holes are returned alike: mapgen decides
// what is land with the even-odd rule over all rings.
func readLandRings(r io.Reader, object string) ([][]LonLat, error) {
	var t topology
	if err := json.NewDecoder(r).Decode(&t); err != nil {
		return nil, fmt.Errorf("topojson: %w", err)
	}
	if t.Type != "Topology" {
		return nil, fmt.Errorf("topojson: type %q, want Topology", t.Type)
	}
	raw, ok := t.Objects[object]
	if !ok {
		return nil, fmt.Errorf("topojson: no object %q", object)
	}
	arcs := decodeArcs(t)
	var rings [][]LonLat
	if err := collectRings(raw, arcs, &rings); err != nil {
		return nil, err
	}
	return rings, nil
}

// decodeArcs undoes the quantization: positions are delta-encoded
// integers when a transform is present (specification 2.1.2).
func decodeArcs(t topology) [][]LonLat {
	out := make([][]LonLat, len(t.Arcs))
	for i, a := range t.Arcs {
		pts := make([]LonLat, len(a))
		var x, y float64
		for j, p := range a {
			if t.Transform != nil {
				x += p[0]
				y += p[1]
				pts[j] = LonLat{x*t.Transform.Scale[0] + t.Transform.Translate[0], y*t.Transform.Scale[1] + t.Transform.Translate[1]}
			} else {
				pts[j] = LonLat{p[0], p[1]}
			}
		}
		out[i] = pts
	}
	return out
}

func collectRings(raw json.RawMessage, arcs [][]LonLat, rings *[][]LonLat) error {
	var g topoGeometry
	if err := json.Unmarshal(raw, &g); err != nil {
		return fmt.Errorf("topojson: %w", err)
	}
	switch g.Type {
	case "GeometryCollection":
		for _, c := range g.Geometries {
			if err := collectRings(c, arcs, rings); err != nil {
				return err
			}
		}
	case "Polygon":
		var poly [][]int
		if err := json.Unmarshal(g.Arcs, &poly); err != nil {
			return fmt.Errorf("topojson: polygon arcs: %w", err)
		}
		return addPolygon(poly, arcs, rings)
	case "MultiPolygon":
		var multi [][][]int
		if err := json.Unmarshal(g.Arcs, &multi); err != nil {
			return fmt.Errorf("topojson: multipolygon arcs: %w", err)
		}
		for _, poly := range multi {
			if err := addPolygon(poly, arcs, rings); err != nil {
				return err
			}
		}
	case "":
		// A null geometry (specification 2.2): nothing to draw.
	default:
		return fmt.Errorf("topojson: geometry type %q is not a polygon", g.Type)
	}
	return nil
}

func addPolygon(poly [][]int, arcs [][]LonLat, rings *[][]LonLat) error {
	for _, refs := range poly {
		var ring []LonLat
		for _, ref := range refs {
			// A negative index ~i means arc i reversed (specification 2.1.4).
			rev := ref < 0
			if rev {
				ref = ^ref
			}
			if ref >= len(arcs) {
				return fmt.Errorf("topojson: arc %d out of range", ref)
			}
			a := arcs[ref]
			for k := range a {
				p := a[k]
				if rev {
					p = a[len(a)-1-k]
				}
				// Consecutive arcs share their joining point.
				if len(ring) > 0 && k == 0 {
					continue
				}
				ring = append(ring, p)
			}
		}
		if len(ring) >= 4 {
			*rings = append(*rings, ring)
		}
	}
	return nil
}
