package render

import (
	"testing"

	"dipdesk/engine"
	"dipdesk/render/geometry"
)

// TestMarksDrawn: each mark changes the pixels where it belongs and only
// there: Burgundy hatched when closed (#9, #10), a mine beside Holland's
// anchor (#12), Paris's centre struck out when suspended, a "CD" tag on a
// unit in civil disorder (#10).
func TestMarksDrawn(t *testing.T) {
	b, m := load(t)
	r := New(b, m)
	s := engine.NewState(m, engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Movement})
	opts := Options{Width: 1600, Height: 1200}
	plain := r.Render(view(s), nil, nil, opts)
	tf := newTransform(b, opts.Width, opts.Height)
	id := func(n string) engine.ProvinceID { p, _ := m.Lookup(n); return p }
	for _, c := range []struct {
		name string
		mark Mark
		at   geometry.Point // a board point the mark must change, near...
		dx   float64        // ...offset in pieces from it
		dy   float64
	}{
		{"closed", Mark{Kind: MarkClosed, Prov: id("bur")}, b.Region("bur").Label, 0, 0},
		{"mine", Mark{Kind: MarkMine, Prov: id("hol"), Power: "england"}, b.Region("hol").Unit, -1.4, 1.2},
		{"suspended", Mark{Kind: MarkSuspended, Prov: id("bel")}, b.Region("bel").SC, 0, 0},
		{"disorder", Mark{Kind: MarkDisorder, Prov: id("mun")}, b.Region("mun").Unit, 0, 0},
		{"hidden", Mark{Kind: MarkHidden, Prov: id("mun"), Power: "germany"}, b.Region("mun").Unit, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := opts
			o.Marks = []Mark{c.mark}
			got := r.Render(view(s), nil, nil, o)
			n, _ := compare(plain, got)
			if n < 20 {
				t.Fatalf("the %s mark changed %d pixels", c.name, n)
			}
			// Only near its province: far corners of the board stay as they were.
			for _, q := range []geometry.Point{b.Region("mos").Unit, b.Region("spa").Unit, b.Region("nap").Unit} {
				p := tf.pt(q)
				if far(plain.RGBAAt(int(p.X), int(p.Y)), got.RGBAAt(int(p.X), int(p.Y)), 3) {
					t.Errorf("the %s mark changed a pixel at %v", c.name, q)
				}
			}
			if c.name == "hidden" {
				// Another power's mark on the unit, or no unit: nothing drawn.
				other := o
				other.Marks = []Mark{{Kind: MarkHidden, Prov: id("mun"), Power: "france"}}
				if n, _ := compare(plain, r.Render(view(s), nil, nil, other)); n != 0 {
					t.Errorf("a French hidden mark changed Germany's army in Munich (%d pixels)", n)
				}
			}
			if c.name == "disorder" || c.name == "hidden" {
				// The tag is drawn on the unit: no unit, no tag.
				s2 := s.Clone()
				s2.Units = nil
				if n, _ := compare(r.Render(view(s2), nil, nil, opts), r.Render(view(s2), nil, nil, o)); n != 0 {
					t.Errorf("civil disorder drawn in an empty province (%d pixels)", n)
				}
			}
		})
	}
	// A closed province is hatched inside: count changed pixels in its span.
	o := opts
	o.Marks = []Mark{{Kind: MarkClosed, Prov: id("bur")}}
	got := r.Render(view(s), nil, nil, o)
	l := r.layerFor(o)
	changed, total := 0, 0
	for _, i := range l.regionsOf(id("bur")) {
		for _, sp := range l.spans[i] {
			for x := sp.x0; x < sp.x1; x++ {
				total++
				if far(plain.RGBAAt(int(x), int(sp.y)), got.RGBAAt(int(x), int(sp.y)), 10) {
					changed++
				}
			}
		}
	}
	if total == 0 || changed*5 < total || changed*5 > total*4 {
		t.Errorf("Burgundy hatched: %d of %d pixels changed, want stripes (a fifth to four fifths)", changed, total)
	}
}

// TestHyperspaceUnits: on a map with Hyperspace (Davis rule 6), the box is
// drawn and any number of units in it are drawn side by side, numbered.
func TestHyperspaceUnits(t *testing.T) {
	b, std := load(t)
	m := std.Clone()
	hyp, err := m.AddProvince(engine.Province{Abbr: "hyp", Name: "Hyperspace", Kind: engine.Abstract, Unlimited: true})
	if err != nil {
		t.Fatal(err)
	}
	r := New(b, m)
	s := engine.NewState(m, engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Movement})
	opts := Options{Width: 1600, Height: 1200}
	empty := r.Render(view(s), nil, nil, opts)
	s.Units = append(s.Units,
		engine.Unit{Power: "france", Type: engine.Army, Number: 3, Loc: engine.Loc{P: hyp}},
		engine.Unit{Power: "turkey", Type: engine.Fleet, Number: 2, Loc: engine.Loc{P: hyp}})
	got := r.Render(view(s), nil, nil, opts)
	box := b.Spaces[0]
	tf := newTransform(b, opts.Width, opts.Height)
	lo, hi := tf.pt(box.Min), tf.pt(box.Max)
	mid := (lo.Y + hi.Y) / 2
	var xs []int // columns where a piece's colour shows on the middle row
	for x := int(lo.X); x < int(hi.X); x++ {
		if far(empty.RGBAAt(x, int(mid)), got.RGBAAt(x, int(mid)), 40) {
			xs = append(xs, x)
		}
	}
	if len(xs) < 10 {
		t.Fatalf("units in Hyperspace not drawn (%d changed pixels on its middle row)", len(xs))
	}
	// Two pieces, apart: a gap of unchanged pixels between the first and last.
	gap := false
	for i := 1; i < len(xs); i++ {
		if xs[i]-xs[i-1] > 3 {
			gap = true
		}
	}
	if !gap {
		t.Errorf("the two units in Hyperspace overlap: changed columns %v", xs)
	}
	if loc, ok := r.HitTest(int((lo.X+hi.X)/2), int(mid), opts); !ok || loc.P != hyp {
		t.Errorf("a click in the box hits %v %v, want Hyperspace", loc, ok)
	}
}
