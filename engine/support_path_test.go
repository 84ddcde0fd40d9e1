package engine

import "testing"

// TestSupportPath: a support may name the supported move's path ("S F tri
// - adr - ion", Galt's double move); it supports the move to the path's
// end, and the text keeps the path.
func TestSupportPath(t *testing.T) {
	m := standardMap(t)
	o, err := (&Parser{Map: m}).ParseOrder("austria", "F gre S F tri - adr - ion")
	if err != nil {
		t.Fatal(err)
	}
	ion, _ := m.Lookup("ion")
	tri, _ := m.Lookup("tri")
	if o.Kind != Support || o.AuxAt.P != tri || o.AuxTo.P != ion || o.Text != "F gre S F tri - adr - ion" {
		t.Errorf("%+v", o)
	}
	if _, err := (&Parser{Map: m}).ParseOrder("austria", "F gre S F tri - adr -"); err == nil {
		t.Error("a path without its end parsed")
	}
}
