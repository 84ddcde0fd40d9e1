package character2

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// strikesState is what the cards of this group (Annihilator, Gas Attacker,
// Hypnotist, Psychic and Doppelganger) keep in the position between
// phases. Its fields are exported: it is saved as JSON. Turns are movement
// turns numbered by moveIndex (Spring 1901 is 0); "through turn i" covers
// that turn's retreats and Winter too.
type strikesState struct {
	// Closed provinces: no unit may move or retreat into them through turn
	// Through (Annihilator: "impassable on the following turn"; the gassed
	// space for the retreats of its turn). Public.
	Closed []closure `json:",omitempty"`
	// Suspended centres count for no one and change hands with no one
	// through turn Through (rule 9; Annihilator: "until two full game years
	// after the explosion"; Gas Attacker: "for one game year"). Public.
	Suspended []suspension `json:",omitempty"`
	// LastUse is the movement turn each unit last used a limited power of
	// this group in (Gas Attacker: once every three turns; Hypnotist and
	// Psychic: once per game year). A seat keeps only its own units'
	// entries (a hypnosis is never reported to others).
	LastUse map[unitID]int `json:",omitempty"`
	// Barred units may not use their power in turn Turn: the turn after a
	// Doppelganger's swap ("Neither unit may use its new power on the turn
	// after the swap"). Public: the swap is reported.
	Barred map[unitID]int `json:",omitempty"`
}

// closure is a province closed to moves and retreats through a turn.
type closure struct {
	Prov    string // province abbreviation
	Through int    // last movement turn closed
	Why     string
}

// suspension is a supply centre that has lost its status through a turn.
type suspension struct {
	Prov    string
	Through int
	Why     string
}

// clone returns a deep copy.
func (x strikesState) clone() strikesState {
	return strikesState{
		Closed:    slices.Clone(x.Closed),
		Suspended: slices.Clone(x.Suspended),
		LastUse:   maps.Clone(x.LastUse),
		Barred:    maps.Clone(x.Barred),
	}
}

// conceal removes what seat may not know (the game master sees all): the
// last uses of other powers' units (a Hypnotist is reported as holding, so
// its use would betray it).
func (x *strikesState) conceal(seat engine.Seat) {
	if seat.GM {
		return
	}
	for id := range x.LastUse {
		if seat.Power == "" || id.Power != seat.Power {
			delete(x.LastUse, id)
		}
	}
	if len(x.LastUse) == 0 {
		x.LastUse = nil
	}
}

// suspended reports whether centre p counts for no one in phase at
// (annihilated or gassed).
func (x *strikesState) suspended(p engine.ProvinceID, at engine.Phase, m *engine.Map) bool {
	if m == nil || int(p) >= len(m.Provinces) {
		return false
	}
	i := kit.MoveIndex(at)
	for _, s := range x.Suspended {
		if s.Prov == m.Provinces[p].Abbr && i <= s.Through {
			return true
		}
	}
	return false
}

// closedAt returns the provinces closed in movement turn i, with why.
func (x *strikesState) closedAt(m *engine.Map, i int) map[engine.ProvinceID]string {
	out := map[engine.ProvinceID]string{}
	for _, c := range x.Closed {
		if i > c.Through {
			continue
		}
		if p := lookup(m, c.Prov); p != engine.NoProvince {
			out[p] = c.Why
		}
	}
	return out
}

// expire drops what no longer matters in movement turn i.
func (x *strikesState) expire(i int) {
	x.Closed = slices.DeleteFunc(x.Closed, func(c closure) bool { return c.Through < i })
	x.Suspended = slices.DeleteFunc(x.Suspended, func(s suspension) bool { return s.Through < i })
	for id, t := range x.Barred {
		if t < i {
			delete(x.Barred, id)
		}
	}
	// A use older than the Gas Attacker's three turns and the last game
	// year limits nothing any more.
	for id, t := range x.LastUse {
		if t < i-gasEvery && t/2 < i/2-1 {
			delete(x.LastUse, id)
		}
	}
	if len(x.LastUse) == 0 {
		x.LastUse = nil
	}
	if len(x.Closed) == 0 {
		x.Closed = nil
	}
	if len(x.Suspended) == 0 {
		x.Suspended = nil
	}
	if len(x.Barred) == 0 {
		x.Barred = nil
	}
}

// strikesMap is the board of every Character Diplomacy II position: the
// suspension test of CentreSuspended has no state to read it from.
var strikesMap = func() *engine.Map {
	m, err := board()
	if err != nil {
		panic(err)
	}
	return m
}()

// CentreSuspended implements engine.CentreStatus: an annihilated or
// gassed centre counts for no one and changes hands with no one (the
// Annihilator and Gas Attacker cards; rule 9).
func (e *extra) CentreSuspended(p engine.ProvinceID, at engine.Phase) bool {
	return e.Effects.Strikes.suspended(p, at, strikesMap)
}

// powerBarred reports whether unit u may not use its card's power in s
// ("Neither unit may use its new power on the turn after the swap"): from
// the retreats and Winter that follow the swap's turn through the next
// movement turn and its retreats (Barred holds that turn). The other
// groups' parts ask it before a unit uses its power, automatic powers
// included.
func powerBarred(s *engine.State, u engine.Unit) bool {
	e := extraOf(s)
	if e == nil {
		return false
	}
	t, ok := e.Effects.Strikes.Barred[idOf(u)]
	if !ok {
		return false
	}
	i := kit.MoveIndex(s.Phase)
	return (i == t && s.Phase.Type != engine.Adjustment) || (i == t-1 && s.Phase.Type != engine.Movement)
}

// The effect lines of case files (PRESTATE_EFFECTS, POSTSTATE_EFFECTS):
//
//	closed boh 3          Bohemia closed through turn 3
//	suspended mun 5       Munich no centre through turn 5
//	lastuse france 1A 2   French 1A last used its limited power in turn 2
//	barred france 1A 3    French 1A may not use its power in turn 3
func strikesStateParts(r *registry) {
	addEffect(r, "closed", func(s *engine.State, e *extra, a []string) error {
		p, n, err := skProvTurn(s, a, "closed PROV TURN")
		if err != nil {
			return err
		}
		e.Effects.Strikes.Closed = append(e.Effects.Strikes.Closed, closure{Prov: s.Map.Provinces[p].Abbr, Through: n, Why: s.Map.Provinces[p].Name + " is impassable (annihilated or gassed before the case)"})
		return nil
	}, func(s *engine.State, e *extra) []string {
		var out []string
		for _, c := range e.Effects.Strikes.Closed {
			out = append(out, fmt.Sprintf("%s %d", c.Prov, c.Through))
		}
		return out
	})
	addEffect(r, "suspended", func(s *engine.State, e *extra, a []string) error {
		p, n, err := skProvTurn(s, a, "suspended PROV TURN")
		if err != nil {
			return err
		}
		e.Effects.Strikes.Suspended = append(e.Effects.Strikes.Suspended, suspension{Prov: s.Map.Provinces[p].Abbr, Through: n, Why: "suspended before the case"})
		return nil
	}, func(s *engine.State, e *extra) []string {
		var out []string
		for _, c := range e.Effects.Strikes.Suspended {
			out = append(out, fmt.Sprintf("%s %d", c.Prov, c.Through))
		}
		return out
	})
	unitTurn := func(get func(e *extra) *map[unitID]int, form string) (func(*engine.State, *extra, []string) error, func(*engine.State, *extra) []string) {
		return func(s *engine.State, e *extra, a []string) error {
				if len(a) != 3 {
					return fmt.Errorf("want %q", form)
				}
				pw, ok := s.Map.LookupPower(a[0])
				if !ok {
					return fmt.Errorf("no power %q", a[0])
				}
				id, err := skParseLabel(pw, a[1])
				if err != nil {
					return err
				}
				n, err := strconv.Atoi(a[2])
				if err != nil {
					return fmt.Errorf("turn %q: %v", a[2], err)
				}
				m := get(e)
				if *m == nil {
					*m = map[unitID]int{}
				}
				(*m)[id] = n
				return nil
			}, func(s *engine.State, e *extra) []string {
				var out []string
				for id, n := range *get(e) {
					out = append(out, fmt.Sprintf("%s %s %d", id.Power, kit.Label(id.Number, id.Type), n))
				}
				slices.Sort(out)
				return out
			}
	}
	p, l := unitTurn(func(e *extra) *map[unitID]int { return &e.Effects.Strikes.LastUse }, "lastuse POWER 1A TURN")
	addEffect(r, "lastuse", p, l)
	p, l = unitTurn(func(e *extra) *map[unitID]int { return &e.Effects.Strikes.Barred }, "barred POWER 1A TURN")
	addEffect(r, "barred", p, l)
}

func skProvTurn(s *engine.State, a []string, form string) (engine.ProvinceID, int, error) {
	if len(a) != 2 {
		return 0, 0, fmt.Errorf("want %q", form)
	}
	p, ok := s.Map.Lookup(a[0])
	if !ok {
		return 0, 0, fmt.Errorf("no province %q", a[0])
	}
	n, err := strconv.Atoi(a[1])
	if err != nil {
		return 0, 0, fmt.Errorf("turn %q: %v", a[1], err)
	}
	return p, n, nil
}

// skParseLabel reads "1A" or "2F" as power p's unit.
func skParseLabel(p engine.Power, w string) (unitID, error) {
	w = strings.ToUpper(w)
	if len(w) < 2 {
		return unitID{}, fmt.Errorf("unit %q: want a number and A or F, as 1A", w)
	}
	n, err := strconv.Atoi(w[:len(w)-1])
	if err != nil || n <= 0 {
		return unitID{}, fmt.Errorf("unit %q: want a number and A or F, as 1A", w)
	}
	var t engine.UnitType
	switch w[len(w)-1] {
	case 'A':
		t = engine.Army
	case 'F':
		t = engine.Fleet
	default:
		return unitID{}, fmt.Errorf("unit %q: want A or F", w)
	}
	return unitID{Power: p, Type: t, Number: n}, nil
}
