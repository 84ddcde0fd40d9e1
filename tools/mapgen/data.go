package main

import (
	"dipdesk/engine"

	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// boardData is everything borders.txt says. See docs/map.md for the
// format.
type boardData struct {
	Lon0, Lat0 float64
	Frame      bbox // km
	Width      float64
	MinIsland  float64 // square board units

	Points    map[string]LonLat
	Provinces []provinceSeed
	Parts     []partSeed
	Coasts    []coastSeed
	Islands   []islandSeed
	Lakes     []lakeSeed
	Borders   []borderLine
	Fills     []patch
	Cuts      []patch
	Links     []declaredLink
	Underpass []underpass
	Spaces    []boxSpace
}

type provinceSeed struct {
	Abbr      string
	At        LonLat
	Label, SC LonLat
	HasLabel  bool
	HasSC     bool
	Line      int
}

// partSeed claims an island (or any piece of land) for a province.
type partSeed struct {
	Abbr string
	At   LonLat
	Line int
}

type coastSeed struct {
	Abbr, Coast string
	At          LonLat
	Space       string // an optional water space the coast faces ("cas"), or "" for the seas
	Line        int
}

type islandSeed struct {
	ID, Name, Host string
	Optional       bool
	Build          bool     // a build space (Rather Silly rule 14)
	Links          []string // declared neighbours beyond its shores
	At             LonLat
	Line           int
}

type lakeSeed struct {
	ID, Name string
	Optional bool
	At       LonLat
	Line     int
}

type borderLine struct {
	A, B string
	Pts  []LonLat
	Line int
}

type patch struct {
	Why  string
	Pts  []LonLat
	Line int
}

type declaredLink struct {
	Kind string // army or fleet
	A, B string
	Why  string
	Line int
}

type underpass struct {
	ID, Name  string
	Hub       LonLat
	Provinces []string
	Line      int
}

type boxSpace struct {
	ID, Name       string
	X0, Y0, X1, Y1 float64
	Line           int
}

// dataError is an error in borders.txt with its line.
type dataError struct {
	Line int
	Msg  string
}

func (e *dataError) Error() string { return fmt.Sprintf("borders.txt:%d: %s", e.Line, e.Msg) }

// readData parses borders.txt. Lines that start with white space continue
// the block (border, fill or cut) opened above them.
func readData(r io.Reader) (*boardData, error) {
	d := &boardData{Points: map[string]LonLat{}, Width: 1000, MinIsland: 1}
	sc := bufio.NewScanner(r)
	n := 0
	var block *[]LonLat
	for sc.Scan() {
		n++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		toks, err := engine.DataFields(text)
		if err != nil {
			return nil, &dataError{n, err.Error()}
		}
		if text[0] == ' ' || text[0] == '\t' {
			if block == nil {
				return nil, &dataError{n, "indented line outside a border, fill or cut block"}
			}
			pts, err := d.coords(toks)
			if err != nil {
				return nil, &dataError{n, err.Error()}
			}
			*block = append(*block, pts...)
			continue
		}
		block = nil
		if err := d.directive(toks, n, &block); err != nil {
			return nil, &dataError{n, err.Error()}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("mapgen: reading borders.txt: %w", err)
	}
	return d, d.check()
}

func (d *boardData) directive(t []string, line int, block **[]LonLat) error {
	switch t[0] {
	case "projection":
		v, err := floats(t[1:], 2)
		if err != nil {
			return err
		}
		d.Lon0, d.Lat0 = v[0], v[1]
	case "frame":
		v, err := floats(t[1:], 4)
		if err != nil {
			return err
		}
		d.Frame = bbox{v[0], v[1], v[2], v[3]}
	case "width", "min-island":
		v, err := floats(t[1:], 1)
		if err != nil {
			return err
		}
		if t[0] == "width" {
			d.Width = v[0]
		} else {
			d.MinIsland = v[0]
		}
	case "point":
		if len(t) != 4 {
			return errors.New("point: want point NAME lon lat")
		}
		v, err := floats(t[2:], 2)
		if err != nil {
			return err
		}
		d.Points[t[1]] = LonLat{v[0], v[1]}
	case "province":
		return d.province(t, line)
	case "part":
		at, err := d.keyPoint(t, "at")
		if err != nil || len(t) < 2 {
			return errors.New("part: want part abbr at lon lat")
		}
		d.Parts = append(d.Parts, partSeed{t[1], at, line})
	case "coast":
		abbr, c, ok := strings.Cut(t[1], "/")
		at, err := d.keyPoint(t, "at")
		if err != nil || !ok {
			return errors.New("coast: want coast abbr/coast at lon lat")
		}
		space := ""
		for i := 0; i+1 < len(t); i++ {
			if t[i] == "space" {
				space = t[i+1]
			}
		}
		d.Coasts = append(d.Coasts, coastSeed{abbr, c, at, space, line})
	case "island":
		return d.island(t, line)
	case "lake":
		if len(t) < 3 {
			return errors.New("lake: want lake id \"Name\" [optional] at lon lat")
		}
		at, err := d.keyPoint(t, "at")
		if err != nil {
			return err
		}
		d.Lakes = append(d.Lakes, lakeSeed{t[1], t[2], hasWord(t, "optional"), at, line})
	case "border":
		if len(t) != 3 {
			return errors.New("border: want border a b")
		}
		d.Borders = append(d.Borders, borderLine{A: t[1], B: t[2], Line: line})
		*block = &d.Borders[len(d.Borders)-1].Pts
	case "fill", "cut":
		if len(t) != 2 {
			return fmt.Errorf("%s: want %s \"why\"", t[0], t[0])
		}
		p := patch{Why: t[1], Line: line}
		if t[0] == "fill" {
			d.Fills = append(d.Fills, p)
			*block = &d.Fills[len(d.Fills)-1].Pts
		} else {
			d.Cuts = append(d.Cuts, p)
			*block = &d.Cuts[len(d.Cuts)-1].Pts
		}
	case "link":
		if len(t) != 5 || (t[1] != "army" && t[1] != "fleet") {
			return errors.New("link: want link army|fleet a b \"why\"")
		}
		d.Links = append(d.Links, declaredLink{t[1], t[2], t[3], t[4], line})
	case "underpass":
		return d.underpass(t, line)
	case "space":
		if len(t) != 8 || t[3] != "box" {
			return errors.New("space: want space id \"Name\" box x0 y0 x1 y1")
		}
		v, err := floats(t[4:], 4)
		if err != nil {
			return err
		}
		d.Spaces = append(d.Spaces, boxSpace{t[1], t[2], v[0], v[1], v[2], v[3], line})
	default:
		return fmt.Errorf("unknown directive %q", t[0])
	}
	return nil
}

func (d *boardData) province(t []string, line int) error {
	if len(t) < 2 {
		return errors.New("province: want province abbr at lon lat [label lon lat] [sc lon lat]")
	}
	p := provinceSeed{Abbr: t[1], Line: line}
	var err error
	if p.At, err = d.keyPoint(t, "at"); err != nil {
		return err
	}
	if hasWord(t, "label") {
		p.HasLabel = true
		if p.Label, err = d.keyPoint(t, "label"); err != nil {
			return err
		}
	}
	if hasWord(t, "sc") {
		p.HasSC = true
		if p.SC, err = d.keyPoint(t, "sc"); err != nil {
			return err
		}
	}
	d.Provinces = append(d.Provinces, p)
	return nil
}

func (d *boardData) island(t []string, line int) error {
	if len(t) < 3 {
		return errors.New("island: want island id \"Name\" host sea [optional] [build] [links a b ...] at lon lat")
	}
	is := islandSeed{ID: t[1], Name: t[2], Line: line, Optional: hasWord(t, "optional"), Build: hasWord(t, "build")}
	for i := 3; i < len(t); i++ {
		switch t[i] {
		case "host":
			if i+1 < len(t) {
				is.Host = t[i+1]
			}
		case "links":
			for j := i + 1; j < len(t) && t[j] != "at"; j++ {
				is.Links = append(is.Links, t[j])
			}
		}
	}
	var err error
	if is.At, err = d.keyPoint(t, "at"); err != nil {
		return err
	}
	if is.Host == "" {
		return errors.New("island: no host")
	}
	d.Islands = append(d.Islands, is)
	return nil
}

func (d *boardData) underpass(t []string, line int) error {
	u := underpass{Line: line}
	if len(t) < 3 {
		return errors.New("underpass: want underpass id \"Name\" hub lon lat provinces a b [c ...]")
	}
	u.ID, u.Name = t[1], t[2]
	var err error
	if u.Hub, err = d.keyPoint(t, "hub"); err != nil {
		return err
	}
	for i := 3; i < len(t); i++ {
		if t[i] == "provinces" {
			u.Provinces = append(u.Provinces, t[i+1:]...)
		}
	}
	if len(u.Provinces) < 2 {
		return errors.New("underpass: needs two provinces or more")
	}
	d.Underpass = append(d.Underpass, u)
	return nil
}

// keyPoint reads the point after keyword k: "lon lat" or a point name.
func (d *boardData) keyPoint(t []string, k string) (LonLat, error) {
	for i := 0; i < len(t); i++ {
		if t[i] != k || i+1 >= len(t) {
			continue
		}
		if p, ok := d.Points[t[i+1]]; ok {
			return p, nil
		}
		if i+2 >= len(t) {
			break
		}
		v, err := floats(t[i+1:i+3], 2)
		if err != nil {
			return LonLat{}, fmt.Errorf("%s: %w", k, err)
		}
		return LonLat{v[0], v[1]}, nil
	}
	return LonLat{}, fmt.Errorf("missing %q lon lat", k)
}

// coords reads a continuation line: lon lat pairs and point names.
func (d *boardData) coords(t []string) ([]LonLat, error) {
	var out []LonLat
	for i := 0; i < len(t); {
		if p, ok := d.Points[t[i]]; ok {
			out = append(out, p)
			i++
			continue
		}
		if i+1 >= len(t) {
			return nil, fmt.Errorf("%q is neither a point name nor a lon lat pair", t[i])
		}
		v, err := floats(t[i:i+2], 2)
		if err != nil {
			return nil, fmt.Errorf("%q is neither a point name nor a lon lat pair", t[i])
		}
		out = append(out, LonLat{v[0], v[1]})
		i += 2
	}
	return out, nil
}

func (d *boardData) check() error {
	if d.Frame.MaxX <= d.Frame.MinX || d.Frame.MaxY <= d.Frame.MinY {
		return errors.New("borders.txt: no frame")
	}
	for _, b := range d.Borders {
		if len(b.Pts) < 2 {
			return &dataError{b.Line, fmt.Sprintf("border %s %s has fewer than two points", b.A, b.B)}
		}
	}
	for _, f := range append(append([]patch(nil), d.Fills...), d.Cuts...) {
		if len(f.Pts) < 3 {
			return &dataError{f.Line, fmt.Sprintf("%q has fewer than three points", f.Why)}
		}
	}
	return nil
}

func floats(t []string, n int) ([]float64, error) {
	if len(t) < n {
		return nil, fmt.Errorf("want %d numbers", n)
	}
	out := make([]float64, n)
	for i := 0; i < n; i++ {
		v, err := strconv.ParseFloat(t[i], 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", t[i])
		}
		out[i] = v
	}
	return out, nil
}

func hasWord(t []string, w string) bool {
	for _, x := range t {
		if x == w {
			return true
		}
	}
	return false
}
