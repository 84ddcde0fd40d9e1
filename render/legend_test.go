package render

import (
	"image"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/character"
)

// TestLegendAvoidsPieces: the legend stays in the board's north-west
// corner when no piece stands there, and moves to a corner where none
// does when one would be hidden under it (England's fleet in the North
// Atlantic was half hidden in a Character Diplomacy game); no piece of
// the board is ever under the legend where a free corner exists.
func TestLegendAvoidsPieces(t *testing.T) {
	b, std := load(t)
	davis, err := character.Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, c := range []struct {
		m    *engine.Map
		size [2]int
	}{{std, [2]int{800, 600}}, {std, [2]int{1600, 1200}}, {davis, [2]int{800, 600}}, {davis, [2]int{1600, 1200}}} {
		m, size := c.m, c.size
		o := Options{Width: size[0], Height: size[1], Legend: true}
		r := New(b, m)
		l := r.measureLayer(o)
		sz := l.legendImage().Rect.Size()
		nw := l.legendAt()
		box := image.Rectangle{Min: nw, Max: nw.Add(sz)}

		empty := engine.NewState(m, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement})
		f := &frame{r: r, l: l, st: empty, o: o}
		f.place(nil)
		if got := f.legendAt(sz); got != nw {
			t.Fatalf("%dx%d: an empty board's legend at %v, not the north-west corner %v", size[0], size[1], got, nw)
		}

		// Every province in turn holds a piece: where its piece would be
		// under the north-west legend, the legend moves off it.
		moved := 0
		for p := range m.Provinces {
			s := engine.NewState(m, empty.Phase)
			typ := engine.Army
			if m.Provinces[p].Kind == engine.Sea {
				typ = engine.Fleet
			}
			s.Units = []engine.Unit{{Power: "england", Type: typ, Loc: engine.Loc{P: engine.ProvinceID(p)}}}
			f := &frame{r: r, l: l, st: s, o: o}
			f.place(nil)
			under := f.piecesIn(box) > 0
			at := f.legendAt(sz)
			switch {
			case under && at == nw:
				t.Errorf("%dx%d: the legend covers the piece in %s", size[0], size[1], m.Provinces[p].Abbr)
			case under:
				moved++
				if f.piecesIn(image.Rectangle{Min: at, Max: at.Add(sz)}) > 0 {
					t.Errorf("%dx%d: the legend moved from %s's piece onto it again", size[0], size[1], m.Provinces[p].Abbr)
				}
			case at != nw:
				t.Errorf("%dx%d: the legend moved with no piece under it (%s)", size[0], size[1], m.Provinces[p].Abbr)
			}
		}
		t.Logf("%s %dx%d: the legend moved for %d provinces' pieces", m.Name, size[0], size[1], moved)
		total += moved
	}
	if total == 0 {
		t.Error("no province's piece is ever under the north-west legend: the test proves nothing")
	}
}

// TestActedOnMark: a unit a character acted on gets an orange ring and
// its tag, drawn at the unit; a mark on a province with no unit draws
// nothing.
func TestActedOnMark(t *testing.T) {
	g, m := load(t)
	s, _ := position(t, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}, "Austria: A vie")
	r := New(g, m)
	o := Options{Width: 836, Height: 662}
	plain := r.Render(view(s), nil, nil, o)
	vie, _ := m.Lookup("vie")
	bur, _ := m.Lookup("bur")
	o.Marks = []Mark{{Kind: MarkActedOn, Prov: vie, Power: "austria", Tag: "FS", Why: "a free sample"}}
	marked := r.Render(view(s), nil, nil, o)
	orange := 0
	for _, p := range changed(plain, marked) {
		if marked.RGBAAt(p.X, p.Y) == colActedOn {
			orange++
		}
	}
	if orange < 20 {
		t.Errorf("%d orange pixels of the ring", orange)
	}
	o.Marks = []Mark{{Kind: MarkActedOn, Prov: bur, Tag: "FS"}}
	if n := len(changed(plain, r.Render(view(s), nil, nil, o))); n != 0 {
		t.Errorf("a mark on an empty province changed %d pixels", n)
	}
}
