package engine

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestStateRecordRoundTrip(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1903, Season: Fall, Type: Retreat})
	s.Units = append(s.Units, Unit{Type: Fleet, Power: "russia", Loc: mustLoc(t, m, "bul/sc"), Number: 3})
	s.Dislodged = []Dislodgement{{Unit: Unit{Type: Army, Power: "austria", Loc: mustLoc(t, m, "ser")}, From: mustLookup(t, m, "bud"), ByConvoy: true}}
	s.Standoffs = []ProvinceID{mustLookup(t, m, "gal")}
	b, err := MarshalState(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalState(m, b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Record(), s.Record()) {
		t.Errorf("round trip differs:\n%s\n%+v", b, back.Record())
	}
	if !strings.Contains(string(b), `"loc":"bul/sc"`) || !strings.Contains(string(b), `"name":"F1903R"`) {
		t.Errorf("record not readable: %s", b)
	}
}

func TestStateRecordErrors(t *testing.T) {
	m := standardMap(t)
	tests := []struct{ json, want string }{
		{`{`, "engine: state: unexpected end of JSON input"},
		{`{"phase":{"year":1901,"season":1,"type":1},"units":[{"type":"A","power":"france","loc":"nth"}]}`, "engine: state: unit 1: an army cannot stand in nth"},
		{`{"phase":{"year":1901,"season":1,"type":1},"units":[{"type":"F","power":"france","loc":"spa"}]}`, "engine: state: unit 1: a fleet cannot stand in spa"},
		{`{"phase":{"year":1901,"season":1,"type":1},"units":[{"type":"A","power":"narnia","loc":"par"}]}`, `engine: state: unit 1: unknown power "narnia"`},
		{`{"phase":{"year":1901,"season":1,"type":1},"owners":{"bur":"france"}}`, `engine: state: owner of "bur": no such supply centre`},
		{`{"phase":{"year":1901,"season":0,"type":1}}`, "engine: state: phase: no season 0"},
	}
	for _, tt := range tests {
		_, err := UnmarshalState(m, []byte(tt.json))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %s", tt.json, err, tt.want)
		}
	}
}

func TestOrderRecordRoundTrip(t *testing.T) {
	m := standardMap(t)
	orders, errs := ParseOrders(m, "england", "F nth C A lon - bel\nA wal S A lon - bel\nF mao - spa/nc\nA lon - bel via convoy\nbuild F stp/nc\nwaive")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, o := range orders {
		b, err := json.Marshal(o.Record(m))
		if err != nil {
			t.Fatal(err)
		}
		var r OrderRecord
		if err := json.Unmarshal(b, &r); err != nil {
			t.Fatal(err)
		}
		back, err := r.Order(m)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(back, o) {
			t.Errorf("round trip of %q:\n got %+v\nwant %+v", o.Text, back, o)
		}
	}
}

func TestViewFor(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	pending := parseAll(t, m, "France: A par - bur\nGermany: A mun - bur")
	tests := []struct {
		seat Seat
		want int
	}{{Seat{GM: true}, 2}, {Seat{Power: "france"}, 1}, {Seat{}, 0}, {Seat{Power: "italy"}, 0}}
	for _, tt := range tests {
		v := ViewFor(s, pending, tt.seat, nil)
		if len(v.Pending) != tt.want || len(v.Submitted) != 2 {
			t.Errorf("%s sees %d orders (%d powers submitted), want %d (2)", tt.seat, len(v.Pending), len(v.Submitted), tt.want)
		}
		for _, o := range v.Pending {
			if !tt.seat.GM && o.Power != tt.seat.Power {
				t.Errorf("%s sees %s's order", tt.seat, o.Power)
			}
		}
	}
	hidden := &Rules{Conceal: func(v *View) {
		if !v.Seat.GM {
			v.State.Units = nil
		}
	}}
	if v := ViewFor(s, pending, Seat{Power: "france"}, hidden); len(v.State.Units) != 0 || len(s.Units) != 22 {
		t.Error("Conceal not applied to the view alone")
	}
}

func mustLoc(t *testing.T, m *Map, s string) Loc {
	t.Helper()
	l, err := m.ParseLoc(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
