package engine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// MapError is an error in a map data file, with the line it was found on.
type MapError struct {
	File string
	Line int
	Msg  string
}

func (e *MapError) Error() string {
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// LoadMap reads a map data file (the format of resources/maps/README.md).
// file names the source in error messages.
func LoadMap(file string, r io.Reader) (*Map, error) {
	m := NewMap("", "")
	if err := m.Apply(file, r); err != nil {
		return nil, err
	}
	if m.ID == "" {
		return nil, &MapError{File: file, Line: 1, Msg: "no \"map\" line"}
	}
	return m, nil
}

// Apply reads map directives from r and applies them to m. Variants keep
// their changes to a base map in files of their own: besides the
// directives of a full map, a change file may use
//
//	unlink army <a> <b>...    remove army links
//	unlink fleet <a> <b>...   remove fleet links (all coasts)
//	passable <abbr>           make an impassable province passable
//	impassable <abbr>         close a province
//	unlimited <abbr>          any number of units may stand there
//	nounits                   clear the starting units
func (m *Map) Apply(file string, r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		toks, err := DataFields(sc.Text())
		if err != nil {
			return &MapError{file, line, err.Error()}
		}
		if len(toks) == 0 {
			continue
		}
		if err := m.directive(toks); err != nil {
			return &MapError{file, line, err.Error()}
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("engine: reading %s: %w", file, err)
	}
	return nil
}

// DataFields splits a line of a DipDesk data file (map files, the board
// generator's border file) into words and double-quoted strings, dropping
// a # comment.
func DataFields(s string) ([]string, error) {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '#':
			return out, nil
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return nil, errors.New("unterminated quoted string")
			}
			out = append(out, s[i+1:i+1+j])
			i += j + 2
		default:
			j := i
			for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != '\r' && s[j] != '#' {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out, nil
}

func (m *Map) directive(t []string) error {
	switch t[0] {
	case "map":
		if len(t) < 2 {
			return errors.New("map: want map <id> \"<name>\"")
		}
		m.ID = t[1]
		m.Name = t[1]
		if len(t) > 2 {
			m.Name = t[2]
		}
	case "power", "role":
		if len(t) != 5 {
			return fmt.Errorf("%s: want %s <id> \"<Name>\" <adjective> <initial>", t[0], t[0])
		}
		if _, dup := m.Power(Power(t[1])); dup {
			return fmt.Errorf("%s %q declared twice", t[0], t[1])
		}
		if !validName(t[1]) || t[1] == "" || t[1] == "gm" || t[1] == "public" {
			return fmt.Errorf("%s %q: an id is lower-case letters, digits and '_', and not gm or public", t[0], t[1])
		}
		m.Powers = append(m.Powers, PowerInfo{ID: Power(t[1]), Name: t[2], Adjective: t[3], Initial: t[4], Role: t[0] == "role"})
	case "province":
		return m.provinceDirective(t)
	case "piece":
		return m.pieceDirective(t)
	case "coast":
		if len(t) < 3 {
			return errors.New("coast: want coast <abbr> <nc|sc|ec|wc> [\"<name>\"]")
		}
		p, err := m.provArg(t[1])
		if err != nil {
			return err
		}
		c, ok := ParseCoast(t[2])
		if !ok {
			return fmt.Errorf("coast: unknown coast %q", t[2])
		}
		if !m.HasCoast(p, c) {
			m.Provinces[p].Coasts = append(m.Provinces[p].Coasts, c)
		}
	case "army":
		return m.linkDirective(t, true, true)
	case "fleet":
		return m.linkDirective(t, false, true)
	case "unlink":
		if len(t) < 4 || (t[1] != "army" && t[1] != "fleet") {
			return errors.New("unlink: want unlink army|fleet <a> <b> [<c> ...]")
		}
		return m.linkDirective(t[1:], t[1] == "army", false)
	case "unit":
		return m.unitDirective(t)
	case "nounits":
		m.Start = nil
	case "passable", "impassable", "unlimited":
		if len(t) != 2 {
			return fmt.Errorf("%s: want %s <abbr>", t[0], t[0])
		}
		p, err := m.provArg(t[1])
		if err != nil {
			return err
		}
		switch t[0] {
		case "passable":
			m.Provinces[p].Impassable = false
		case "impassable":
			m.Provinces[p].Impassable = true
		default:
			m.Provinces[p].Unlimited = true
		}
	default:
		return fmt.Errorf("unknown directive %q", t[0])
	}
	return nil
}

func (m *Map) provinceDirective(t []string) error {
	if len(t) < 4 {
		return errors.New("province: want province <abbr> <kind> [flags] \"<Name>\" [aliases]")
	}
	p := Province{Abbr: t[1]}
	switch t[2] {
	case "land":
		p.Kind = Land
	case "coast":
		p.Kind = Coastal
	case "sea":
		p.Kind = Sea
	case "special":
		p.Kind = Abstract
	default:
		return fmt.Errorf("province %s: unknown kind %q (want land, coast, sea or special)", t[1], t[2])
	}
	i := 3
	for ; i < len(t); i++ {
		f := t[i]
		switch {
		case f == "sc":
			p.SC = true
		case f == "impassable":
			p.Impassable = true
		case f == "unlimited":
			p.Unlimited = true
		case strings.HasPrefix(f, "home="):
			pw := Power(strings.TrimPrefix(f, "home="))
			if _, ok := m.Power(pw); !ok {
				return fmt.Errorf("province %s: unknown power %q", t[1], pw)
			}
			p.Home = pw
			p.SC = true
		default:
			goto names
		}
	}
names:
	if i >= len(t) {
		return fmt.Errorf("province %s: no name", t[1])
	}
	p.Name = t[i]
	p.Aliases = append(p.Aliases, t[i+1:]...)
	_, err := m.AddProvince(p)
	return err
}

func (m *Map) provArg(s string) (ProvinceID, error) {
	id, ok := m.names[normName(s)]
	if !ok || m.Provinces[id].Abbr != s {
		if ok {
			return id, nil
		}
		return NoProvince, fmt.Errorf("no province %q", s)
	}
	return id, nil
}

func (m *Map) locArg(s string) (Loc, error) {
	name, coast, _ := strings.Cut(s, "/")
	p, err := m.provArg(name)
	if err != nil {
		return Nowhere, err
	}
	l := Loc{P: p}
	if coast != "" {
		c, ok := ParseCoast(coast)
		if !ok || !m.HasCoast(p, c) {
			return Nowhere, fmt.Errorf("province %s has no coast %q", name, coast)
		}
		l.C = c
	}
	return l, nil
}

func (m *Map) linkDirective(t []string, army, add bool) error {
	if len(t) < 3 {
		return fmt.Errorf("%s: want %s <a> <b> [<c> ...]", t[0], t[0])
	}
	a, err := m.locArg(t[1])
	if err != nil {
		return err
	}
	for _, s := range t[2:] {
		b, err := m.locArg(s)
		if err != nil {
			return err
		}
		if a.P == b.P {
			return fmt.Errorf("%s: %s linked to itself", t[0], s)
		}
		switch {
		case army && (a.C != NoCoast || b.C != NoCoast):
			return fmt.Errorf("army links take provinces, not coasts (%s %s)", t[1], s)
		case army && add:
			if m.ArmyLinked(a.P, b.P) {
				return fmt.Errorf("army link %s-%s stated twice", t[1], s)
			}
			m.AddArmyLink(a.P, b.P)
		case army:
			m.RemoveArmyLink(a.P, b.P)
		case add:
			if err := m.checkFleetEnd(a, t[1]); err != nil {
				return err
			}
			if err := m.checkFleetEnd(b, s); err != nil {
				return err
			}
			if m.fleetLinkedExact(a, b) {
				return fmt.Errorf("fleet link %s-%s stated twice", t[1], s)
			}
			m.AddFleetLink(a, b)
		default:
			m.RemoveFleetLink(a.P, b.P)
		}
	}
	return nil
}

func (m *Map) checkFleetEnd(l Loc, s string) error {
	p := &m.Provinces[l.P]
	if p.Kind == Land {
		return fmt.Errorf("fleet link to inland province %s", s)
	}
	if len(p.Coasts) > 0 && l.C == NoCoast {
		return fmt.Errorf("fleet link to %s must name a coast (%s has several)", s, p.Abbr)
	}
	return nil
}

func (m *Map) unitDirective(t []string) error {
	if len(t) != 4 {
		return errors.New("unit: want unit <power>|none <A|F|piece code> <location>")
	}
	pw := Power(t[1])
	if _, ok := m.Power(pw); !ok && t[1] != "none" {
		return fmt.Errorf("unit: unknown power %q", t[1])
	}
	if t[1] == "none" {
		pw = ""
	}
	var ut UnitType
	var kind PieceKind
	switch strings.ToUpper(t[2]) {
	case "A":
		ut = Army
	case "F":
		ut = Fleet
	default:
		p, ok := m.PieceByCode(t[2])
		if !ok {
			return fmt.Errorf("unit: unknown unit type %q", t[2])
		}
		ut, kind = p.Moves, p.Kind
	}
	if p, _ := m.Piece(kind); p.Neutral != (pw == "") {
		return fmt.Errorf("unit: a piece of no power is a neutral kind's, and a neutral kind's piece has no power (%s %s)", t[1], t[2])
	}
	l, err := m.locArg(t[3])
	if err != nil {
		return err
	}
	if !m.CanHold(ut, l) {
		return fmt.Errorf("unit: %s cannot stand in %s", ut.Word(), t[3])
	}
	m.Start = append(m.Start, Unit{Type: ut, Kind: kind, Power: pw, Loc: l})
	return nil
}
