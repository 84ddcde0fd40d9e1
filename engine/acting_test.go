package engine

import (
	"reflect"
	"testing"
)

// TestWhoActsStandard: the standard answer per phase type, never "the
// powers with units" outside movement; units of no power make no one act.
func TestWhoActsStandard(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	all := []Power{"austria", "england", "france", "germany", "italy", "russia", "turkey"}
	if a := WhoActs(s, nil); !reflect.DeepEqual(a.Must, all) || a.May != nil || a.GM {
		t.Fatalf("movement: %+v", a)
	}
	s.Units = append(s.Units, Unit{Type: Army, Loc: Loc{P: mustLookup(t, m, "boh")}}) // a non-player piece
	if a := WhoActs(s, nil); !reflect.DeepEqual(a.Must, all) {
		t.Fatalf("a piece of no power acts: %+v", a)
	}

	r := s.Clone()
	r.Phase.Type = Retreat
	r.Dislodged = []Dislodgement{{Unit: Unit{Type: Army, Power: "italy", Loc: Loc{P: mustLookup(t, m, "tyr")}}}}
	if a := WhoActs(r, nil); !reflect.DeepEqual(a.Must, []Power{"italy"}) {
		t.Fatalf("retreat: %+v", a)
	}

	w := NewState(m, Phase{Year: 1901, Season: Winter, Type: Adjustment})
	w.Owners[mustLookup(t, m, "bel")] = "france"
	w.Owners[mustLookup(t, m, "mun")] = "france" // Germany loses Munich: one removal due
	if a := WhoActs(w, nil); !reflect.DeepEqual(a.Must, []Power{"france", "germany"}) {
		t.Fatalf("adjustment: %+v", a)
	}

	c := s.Clone()
	c.Phase = Phase{Year: 1901, Season: Spring, Type: Custom, Step: "borg"}
	if a := WhoActs(c, nil); !a.Nobody() {
		t.Fatalf("a variant's own step: %+v, want nobody", a)
	}
}

// TestWhoActsHook: a variant's answer replaces the standard one, sorted,
// without duplicates, and a seat that must act is not also listed as may.
func TestWhoActsHook(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	r := &Rules{Acting: func(s *State) Acting {
		return Acting{Must: []Power{"germany", "germany"}, May: []Power{"jester", "germany", "austria"}, GM: true}
	}}
	a := WhoActs(s, r)
	if !reflect.DeepEqual(a.Must, []Power{"germany"}) || !reflect.DeepEqual(a.May, []Power{"austria", "jester"}) || !a.GM {
		t.Fatalf("%+v", a)
	}
	if !a.Waits("germany") || a.Waits("jester") || !a.Allows("jester") || a.Allows("france") || a.Nobody() {
		t.Fatalf("%+v: Waits/Allows/Nobody wrong", a)
	}
}
