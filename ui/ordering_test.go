package ui

import (
	"math"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/standard"
)

// stdMap returns the standard map.
func stdMap(tb testing.TB) *engine.Map {
	tb.Helper()
	m, err := standard.Map()
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// position builds a state in phase p holding one unit per line of units
// ("France: A par; F bre"), and parses pending as orders.
func position(tb testing.TB, p engine.Phase, units, pending string) (*engine.State, []engine.Order) {
	tb.Helper()
	m := stdMap(tb)
	s := engine.NewState(m, p)
	s.Units = nil
	if units != "" {
		us, errs := engine.ParseOrders(m, "", units)
		if len(errs) > 0 {
			tb.Fatal(errs)
		}
		for _, o := range us {
			s.Units = append(s.Units, engine.Unit{Type: o.Unit, Power: o.Power, Loc: o.At})
		}
	}
	var orders []engine.Order
	if pending != "" {
		var errs []error
		orders, errs = engine.ParseOrders(m, "", pending)
		if len(errs) > 0 {
			tb.Fatal(errs)
		}
	}
	return s, orders
}

// loc reads "spa/nc" or "par".
func loc(tb testing.TB, m *engine.Map, s string) engine.Loc {
	tb.Helper()
	name, coast, _ := strings.Cut(s, "/")
	id, ok := m.Lookup(name)
	if !ok {
		tb.Fatalf("no province %q", name)
	}
	l := engine.Loc{P: id}
	if coast != "" {
		c, ok := engine.ParseCoast(coast)
		if !ok {
			tb.Fatalf("no coast %q", coast)
		}
		l.C = c
	}
	return l
}

var (
	spring = engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}
	fallR  = engine.Phase{Year: 1901, Season: engine.Fall, Type: engine.Retreat}
	winter = engine.Phase{Year: 1901, Season: engine.Winter, Type: engine.Adjustment}
)

const opening = `France: A par; A mar; F bre
Germany: A mun; F kie; A ber
England: F nth; A lon; F edi`

func TestDropOrder(t *testing.T) {
	m := stdMap(t)
	nan := math.NaN()
	spaNC, _ := anchor(m, loc(t, m, "spa/nc"))
	tests := []struct {
		name           string
		units, pending string
		power          engine.Power
		from, to       string
		x, y           float64
		want           string // the order, or a piece of the error after "error: "
	}{
		{"move", opening, "", "france", "par", "bur", nan, nan, "A par - bur"},
		{"hold", opening, "", "france", "par", "par", nan, nan, "A par H"},
		{"support move on its destination", opening, "France: A par - bur", "france", "mar", "bur", nan, nan, "A mar S A par - bur"},
		{"support move on the moving unit", opening, "France: A par - bur", "france", "mar", "par", nan, nan, "A mar S A par - bur"},
		{"support hold", opening, "", "france", "mar", "par", nan, nan, "error: Paris is not next to Marseilles"},
		{"follow a unit that leaves", opening, "Germany: F kie - den", "germany", "ber", "kie", nan, nan, "A ber - kie"},
		{"follow a leaving unit, game master", opening, "Germany: F kie - den", "", "ber", "kie", nan, nan, "A ber - kie"},
		{"follow into a province left by another power", opening + "\nFrance: A bur", "Germany: A mun - ruh", "", "bur", "mun", nan, nan, "A bur - mun"},
		{"support the leaving unit when it cannot follow", "Germany: F nth; A ruh", "Germany: A ruh - hol", "germany", "nth", "ruh", nan, nan, "F nth S A ruh - hol"},
		{"support hold of a neighbour", "France: A par; A bur", "", "france", "bur", "par", nan, nan, "A bur S A par"},
		{"attack an enemy", opening + "\nFrance: A ruh", "", "france", "ruh", "mun", nan, nan, "A ruh - mun"},
		{"convoy", opening, "England: A lon - bel via convoy", "england", "nth", "lon", nan, nan, "F nth C A lon - bel"},
		{"convoy without a move", opening, "", "england", "nth", "lon", nan, nan, "error: first drag the army in London"},
		{"army by convoy", opening, "", "england", "lon", "bel", nan, nan, "A lon - bel via convoy"},
		{"army by convoy, no fleets", "England: A lon", "", "england", "lon", "bel", nan, nan, "error: no chain of fleets"},
		{"army into the sea", opening, "", "france", "par", "nth", nan, nan, "error: an army cannot enter the North Sea"},
		{"not next to", opening, "", "germany", "mun", "par", nan, nan, "error: Paris is not next to Munich"},
		{"fleet inland", opening, "", "germany", "kie", "mun", nan, nan, "error: a fleet cannot go inland to Munich"},
		{"another power's unit", opening, "", "france", "mun", "bur", nan, nan, "error: that is Germany's unit"},
		{"game master orders anyone", opening, "", "", "mun", "bur", nan, nan, "A mun - bur"},
		{"switzerland", opening, "", "germany", "mun", "swi", nan, nan, "error: no unit may enter Switzerland"},
		{"split coast needs a coast", "France: F mao", "", "france", "mao", "spa", nan, nan, "error: say which coast of Spain"},
		{"split coast near the north coast", "France: F mao", "", "france", "mao", "spa", spaNC.X, spaNC.Y, "F mao - spa/nc"},
		{"split coast hit-tested", "France: F mao", "", "france", "mao", "spa/sc", nan, nan, "F mao - spa/sc"},
		{"split coast only one reachable", "France: F lyo", "", "france", "lyo", "spa/nc", nan, nan, "F lyo - spa/sc"},
		{"fleet from a coast", "Russia: F stp/sc", "", "russia", "stp", "bot", nan, nan, "F stp/sc - bot"},
		{"fleet on the wrong coast", "Russia: F stp/sc", "", "russia", "stp", "bar", nan, nan, "error: Barents Sea is not next to St Petersburg (south coast)"},
		{"winter", opening, "", "france", "par", "bur", nan, nan, "error: units do not move in winter"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := spring
			if strings.HasPrefix(tc.want, "error: units do not move") {
				p = winter
			}
			s, pending := position(t, p, tc.units, tc.pending)
			o, err := DropOrder(s, pending, tc.power, loc(t, m, tc.from), loc(t, m, tc.to), tc.x, tc.y)
			checkOrder(t, m, o, err, tc.want)
		})
	}
}

// checkOrder compares an order, or an error, with want ("error: ...").
func checkOrder(t *testing.T, m *engine.Map, o engine.Order, err error, want string) {
	t.Helper()
	if w, ok := strings.CutPrefix(want, "error: "); ok {
		if err == nil {
			t.Fatalf("got %q, want an error containing %q", o.Format(m), w)
		}
		if !strings.Contains(err.Error(), w) {
			t.Fatalf("error %q, want it to contain %q", err, w)
		}
		return
	}
	if err != nil {
		t.Fatalf("error %v, want %q", err, want)
	}
	if got := o.Format(m); got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestDropOrderNearArrow(t *testing.T) {
	m := stdMap(t)
	s, pending := position(t, spring, "France: A par; A mar", "France: A par - bur")
	p, _ := anchor(m, loc(t, m, "par"))
	q, _ := anchor(m, loc(t, m, "bur"))
	gas := loc(t, m, "gas")
	// A drop on an empty province counts as on the arrow when it is within
	// arrowReach of it (the widget passes the province under the pointer).
	x, y := (p.X+q.X)/2+arrowReach/2, (p.Y+q.Y)/2
	o, err := DropOrder(s, pending, "france", loc(t, m, "mar"), gas, x, y)
	checkOrder(t, m, o, err, "A mar S A par - bur")
	o, err = DropOrder(s, pending, "france", loc(t, m, "mar"), gas, x+3*arrowReach, y+3*arrowReach)
	checkOrder(t, m, o, err, "A mar - gas")
	// Next to the moving unit the drop is on the unit, not the arrow.
	o, err = DropOrder(s, pending, "france", loc(t, m, "mar"), gas, p.X, p.Y)
	checkOrder(t, m, o, err, "A mar - gas")
}

func TestDestinations(t *testing.T) {
	m := stdMap(t)
	s, _ := position(t, spring, opening, "")
	tests := []struct {
		from string
		want string
	}{
		{"par", "bre bur gas pic"},
		{"kie", "bal ber den hel hol"},
		{"lon", "bel* den* edi* hol* nwy* wal yor"},
		{"mun", "ber boh bur kie ruh sil tyr"},
	}
	for _, tc := range tests {
		t.Run(tc.from, func(t *testing.T) {
			var got []string
			from := loc(t, m, tc.from)
			for _, l := range Destinations(s, from) {
				w := m.LocString(l)
				if ConvoyOnly(s, from, l) {
					w += "*"
				}
				got = append(got, w)
			}
			if g := strings.Join(got, " "); g != tc.want {
				t.Fatalf("got %q, want %q", g, tc.want)
			}
		})
	}
}

// retreatState is Fall 1901 retreats: a French army dislodged from
// Burgundy by an attack from Munich, Picardy empty, Belgium left vacant by
// a standoff.
func retreatState(t *testing.T) *engine.State {
	m := stdMap(t)
	s, _ := position(t, fallR, "France: A par; A mar\nGermany: A bur; A ruh", "")
	s.Dislodged = []engine.Dislodgement{{Unit: engine.Unit{Type: engine.Army, Power: "france", Loc: loc(t, m, "bur")}, From: loc(t, m, "mun").P}}
	s.Standoffs = []engine.ProvinceID{loc(t, m, "bel").P}
	return s
}

func TestRetreat(t *testing.T) {
	m := stdMap(t)
	s := retreatState(t)
	nan := math.NaN()
	tests := []struct {
		name, to string
		power    engine.Power
		want     string
	}{
		{"retreat", "pic", "france", "A bur - pic"},
		{"retreat to gascony", "gas", "france", "A bur - gas"},
		{"not where the attack came from", "mun", "france", "error: cannot retreat to Munich"},
		{"not to a standoff", "bel", "france", "error: cannot retreat to Belgium"},
		{"not onto a unit", "par", "france", "error: cannot retreat to Paris"},
		{"not another power's", "pic", "germany", "error: that is France's unit"},
		{"not stay", "bur", "france", "error: cannot stay"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o, err := DropOrder(s, nil, tc.power, loc(t, m, "bur"), loc(t, m, tc.to), nan, nan)
			checkOrder(t, m, o, err, tc.want)
		})
	}
	got := formatAll(m, UnitOrders(s, nil, "france", loc(t, m, "bur")))
	if want := "A bur - gas; A bur - pic; A bur disband"; got != want {
		t.Fatalf("retreat menu %q, want %q", got, want)
	}
	if d := Destinations(s, loc(t, m, "bur")); len(d) != 2 {
		t.Fatalf("retreat destinations %v, want gas and pic", d)
	}
}

func formatAll(m *engine.Map, os []engine.Order) string {
	var out []string
	for _, o := range os {
		out = append(out, o.Format(m))
	}
	return strings.Join(out, "; ")
}

func TestAdjustOrders(t *testing.T) {
	m := stdMap(t)
	// France owns Spain and Belgium too and has one unit: two builds due.
	// Germany has three units and only its home centres minus Munich.
	s, _ := position(t, winter, "France: A bel\nGermany: A kie; A ber; A ruh; F hol", "")
	s.Owners[loc(t, m, "spa").P] = "france"
	s.Owners[loc(t, m, "mun").P] = ""
	tests := []struct {
		power engine.Power
		at    string
		want  string
	}{
		{"france", "par", "build A par"},
		{"france", "bre", "build A bre; build F bre"},
		{"france", "mar", "build A mar; build F mar"},
		{"", "mar", "build A mar; build F mar"},
		{"germany", "mar", ""},
		{"france", "spa", ""}, // not a home centre
		{"germany", "kie", "A kie disband"},
		{"france", "kie", ""},
		{"france", "bel", ""}, // France has builds, not disbands
		{"germany", "mun", ""},
	}
	for _, tc := range tests {
		t.Run(string(tc.power)+" "+tc.at, func(t *testing.T) {
			if got := formatAll(m, AdjustOrders(s, tc.power, loc(t, m, tc.at))); got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
	// Russia's St Petersburg builds a fleet on either coast.
	s2, _ := position(t, winter, "Russia: A mos", "")
	s2.Owners[loc(t, m, "swe").P] = "russia"
	got := formatAll(m, AdjustOrders(s2, "russia", loc(t, m, "stp")))
	if want := "build A stp; build F stp/nc; build F stp/sc"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestUnitOrders(t *testing.T) {
	m := stdMap(t)
	s, pending := position(t, spring, opening, "England: A lon - bel via convoy\nFrance: A par - bur")
	tests := []struct {
		power    engine.Power
		at       string
		contains []string
		not      []string
	}{
		{"england", "nth", []string{"F nth H", "F nth - bel", "F nth S F edi", "F nth C A lon - bel", "F nth S A lon - bel", "F nth S F kie - hol", "F nth S A lon - nwy" /* by convoy */},
			[]string{"F nth - par", "F nth S A lon" /* London's army is moving */}},
		{"france", "mar", []string{"A mar H", "A mar - bur", "A mar S A par - bur", "A mar - pie", "A mar S A mun - bur", "A mar S F bre - gas", "A mar S A par - gas"}, []string{"A mar S A par"}},
		{"germany", "mun", []string{"A mun S A par - bur", "A mun S A mar - bur", "A mun S A ber - kie"}, []string{"A mun S A par - pic"}},
		{"france", "bre", []string{"F bre - mao", "F bre - pic"}, []string{"F bre C", "F bre S A par", "F bre - par"}},
		{"england", "lon", []string{"A lon - bel via convoy", "A lon - wal"}, nil},
		{"france", "lon", nil, []string{"A lon H"}},
	}
	for _, tc := range tests {
		t.Run(string(tc.power)+" "+tc.at, func(t *testing.T) {
			got := "; " + formatAll(m, UnitOrders(s, pending, tc.power, loc(t, m, tc.at))) + ";"
			for _, w := range tc.contains {
				if !strings.Contains(got, "; "+w+";") {
					t.Errorf("%s missing from %s", w, got)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(got, "; "+w+";") {
					t.Errorf("%s should not be in %s", w, got)
				}
			}
		})
	}
}
