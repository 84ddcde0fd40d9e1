package engine

import (
	"strings"
	"testing"
)

// TestSupportPath: a support may name the supported move's path ("S F tri
// - adr - ion", Galt's double move) in a game with double moves (a "via"
// order); it supports the move to the path's end, and the text keeps the
// path. Without double moves only a convoy's path may be named: a fleet's
// path is refused, never read as a support of the move to its end.
func TestSupportPath(t *testing.T) {
	m := standardMap(t)
	double := &Parser{Map: m, Specials: []SpecialSyntax{{Verb: "via", Name: "via"}}}
	o, err := double.ParseOrder("austria", "F gre S F tri - adr - ion")
	if err != nil {
		t.Fatal(err)
	}
	ion, _ := m.Lookup("ion")
	tri, _ := m.Lookup("tri")
	if o.Kind != Support || o.AuxAt.P != tri || o.AuxTo.P != ion || o.Text != "F gre S F tri - adr - ion" {
		t.Errorf("%+v", o)
	}
	if _, err := double.ParseOrder("austria", "F gre S F tri - adr -"); err == nil {
		t.Error("a path without its end parsed")
	}
	plain := &Parser{Map: m}
	if _, err := plain.ParseOrder("austria", "F gre S F tri - adr - ion"); err == nil || !strings.Contains(err.Error(), "a fleet is never convoyed") {
		t.Errorf("a fleet's path in a game without double moves: %v", err)
	}
	if o, err := plain.ParseOrder("england", "F nth S A yor - nth - bel"); err != nil || o.AuxTo.P != mustLookup(t, m, "bel") {
		t.Errorf("a convoy's path in a support: %+v %v", o, err)
	}
}
