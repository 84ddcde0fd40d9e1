package render

import (
	"image"
	"image/color"
	"math"
	"testing"

	"dipdesk/engine"
	"dipdesk/render/geometry"
)

// insidePoint returns a pixel of region i well inside it: the one farthest
// from its borders, away from its name and its centre marker.
func insidePoint(l *layer, i int) (image.Point, float64) {
	reg := l.board.Regions[i]
	var edges [][2]pt
	for _, poly := range reg.Polygons {
		for _, ring := range poly {
			for k := range ring {
				edges = append(edges, [2]pt{l.tf.pt(ring[k]), l.tf.pt(ring[(k+1)%len(ring)])})
			}
		}
	}
	avoid := []box{l.labelBox(i, l.labelFit[i]).at(l.labelAt[i])}
	if reg.HasSC {
		d := l.sz.dot + 2
		avoid = append(avoid, box{-d, -d, d, d}.at(l.centreAt[i]))
	}
	best, bestD := image.Point{}, -1.0
	for _, s := range l.spans[i] {
		if s.y%2 != 0 {
			continue
		}
		for x := s.x0; x < s.x1; x += 2 {
			c := pt{float64(x) + 0.5, float64(s.y) + 0.5}
			if blocked(c, avoid, 3) {
				continue
			}
			d := math.Inf(1)
			for _, e := range edges {
				if d = math.Min(d, segDist(c, e[0], e[1])); d <= bestD {
					break // no better than the best so far
				}
			}
			if d > bestD {
				best, bestD = image.Pt(int(x), int(s.y)), d
			}
		}
	}
	return best, bestD
}

func blocked(p pt, boxes []box, pad float64) bool {
	for _, b := range boxes {
		if p.X > b.x0-pad && p.X < b.x1+pad && p.Y > b.y0-pad && p.Y < b.y1+pad {
			return true
		}
	}
	return false
}

func segDist(p, a, b pt) float64 {
	d := b.Sub(a)
	l2 := d.X*d.X + d.Y*d.Y
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*d.X+(p.Y-a.Y)*d.Y)/l2))
	}
	return p.Distance(a.Add(d.Mul(t)))
}

func rgbaAt(img *image.RGBA, p image.Point) color.RGBA { return img.RGBAAt(p.X, p.Y) }

// TestProvinceFill: in a render without units, a point well inside every
// space is the space's fill: sea, plain land, or the tint of the power
// that owns its centre.
func TestProvinceFill(t *testing.T) {
	b, m := load(t)
	s := engine.NewState(m, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement})
	s.Units = nil
	// Give Belgium to England and Tunis to Turkey, so owned neutral centres count too.
	for abbr, p := range map[string]engine.Power{"bel": "england", "tun": "turkey"} {
		id, _ := m.Lookup(abbr)
		s.Owners[id] = p
	}
	for _, size := range [][2]int{{1600, 1200}, {900, 700}} {
		r := New(b, m)
		img := r.Render(view(s), nil, nil, Options{Width: size[0], Height: size[1]})
		l := r.layer
		for i, reg := range b.Regions {
			if !reg.IsProvince() || l.class(i) == classImpassable {
				continue
			}
			p, d := insidePoint(l, i)
			if d < 4 {
				t.Errorf("%dx%d %s: no point 4 px inside (best %.1f)", size[0], size[1], reg.ID, d)
				continue
			}
			want, what := colLand, "land"
			pid := r.regionProv[i]
			switch {
			case l.class(i) == classWater:
				want, what = colSea, "sea"
			case m.Provinces[pid].SC && s.Owners[pid] != "":
				want, what = r.Style(s.Owners[pid]).Tint, string(s.Owners[pid])+" tint"
			}
			if got := rgbaAt(img, p); far(got, want, 3) {
				t.Errorf("%dx%d %s at %v: colour %v, want %s %v", size[0], size[1], reg.ID, p, got, what, want)
			}
		}
	}
}

// TestImpassableHatched: Switzerland is hatched, not plain land.
func TestImpassableHatched(t *testing.T) {
	b, m := load(t)
	r := New(b, m)
	img := r.Render(engine.View{}, nil, nil, Options{Width: 1600, Height: 1200})
	i := regionIndex(t, b, "swi")
	seen := map[bool]int{}
	for _, s := range r.layer.spans[i] {
		for x := s.x0; x < s.x1; x++ {
			c := img.RGBAAt(int(x), int(s.y))
			seen[!far(c, colHatch, 20)]++
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Errorf("Switzerland: %d hatch pixels, %d others; want both", seen[true], seen[false])
	}
}

func regionIndex(t *testing.T, b *geometry.Board, id string) int {
	t.Helper()
	for i, reg := range b.Regions {
		if reg.ID == id {
			return i
		}
	}
	t.Fatalf("no region %s", id)
	return -1
}

// TestHitTest: the unit and label anchors of every province hit that
// province, every coast anchor hits its coast, and the margins hit
// nothing, at several sizes.
func TestHitTest(t *testing.T) {
	b, m := load(t)
	r := New(b, m)
	for _, size := range [][2]int{{1600, 1200}, {800, 600}, {1280, 720}, {700, 900}} {
		o := Options{Width: size[0], Height: size[1]}
		tf := newTransform(b, o.Width, o.Height)
		hit := func(p geometry.Point) (engine.Loc, bool) {
			q := tf.pt(p)
			return r.HitTest(int(q.X), int(q.Y), o)
		}
		for _, reg := range b.Provinces() {
			want, _ := m.Lookup(reg.ID)
			for what, p := range map[string]geometry.Point{"unit": reg.Unit, "label": reg.Label} {
				if got, ok := hit(p); !ok || got.P != want {
					t.Errorf("%v %s %s anchor: got %s (%v), want %s", size, reg.ID, what, m.LocString(got), ok, reg.ID)
				} else if got.C != engine.NoCoast && len(m.Provinces[want].Coasts) == 0 {
					t.Errorf("%v %s %s anchor: coast %s on a province without coasts", size, reg.ID, what, got.C)
				}
			}
			for _, c := range reg.Coasts {
				a, ok := b.CoastAnchor(reg.ID, c.Coast)
				if !ok {
					continue
				}
				if got, ok := hit(a); !ok || got != (engine.Loc{P: want, C: c.Coast}) {
					t.Errorf("%v %s/%s anchor: got %s (%v)", size, reg.ID, c.Coast, m.LocString(got), ok)
				}
			}
		}
		if tf.ox >= 2 {
			if loc, ok := r.HitTest(0, o.Height/2, o); ok {
				t.Errorf("%v: the left margin hits %s", size, m.LocString(loc))
			}
		}
		if _, ok := r.HitTest(-5, -5, o); ok {
			t.Errorf("%v: a pixel outside the image hits a province", size)
		}
	}
}

// TestHitTestSpainNorthCoast is the case a player meets first: a click on
// the fleet drawn on Spain's north coast means spa/nc.
func TestHitTestSpainNorthCoast(t *testing.T) {
	b, m := load(t)
	r := New(b, m)
	o := Options{Width: 1600, Height: 1200}
	a, ok := b.CoastAnchor("spa", engine.NorthCoast)
	if !ok {
		t.Fatal("no spa/nc anchor")
	}
	q := newTransform(b, o.Width, o.Height).pt(a)
	got, ok := r.HitTest(int(q.X), int(q.Y), o)
	spa, _ := m.Lookup("spa")
	if !ok || got != (engine.Loc{P: spa, C: engine.NorthCoast}) {
		t.Errorf("spa/nc anchor hits %s, want spa/nc", m.LocString(got))
	}
}

// TestOrdersDrawn: along every move of the 1901 openings the image with
// orders differs from the one without; a failed move gets a red cross, a
// successful one none; a dislodged unit gets a red ring.
func TestOrdersDrawn(t *testing.T) {
	b, m := load(t)
	r := New(b, m)
	s, orders := position(t, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}, spring1901)
	o := Options{Width: 1600, Height: 1200}
	bare := r.Render(view(s), orders, nil, o)
	o.ShowOrders = true
	drawn := r.Render(view(s), orders, nil, o)
	l := r.layer
	var pieces []box
	for _, u := range s.Units {
		p, _ := l.anchor(u.Loc)
		pieces = append(pieces, l.sz.footprint().at(p))
	}
	for _, ord := range orders {
		if ord.Kind != engine.Move {
			continue
		}
		a, _ := l.anchor(ord.At)
		c, _ := l.anchor(ord.To)
		path := bent(a, c)
		// Points along the arrow that no piece covers.
		free, changed := 0, 0
		for k := 1; k < 20; k++ {
			p := along(path, float64(k)/20*lengthOf(path))
			if blocked(p, pieces, 0) {
				continue
			}
			free++
			if far(bare.RGBAAt(int(p.X), int(p.Y)), drawn.RGBAAt(int(p.X), int(p.Y)), 40) {
				changed++
			}
		}
		if free < 2 || changed < free*3/4 {
			t.Errorf("%s: %d of %d uncovered points along the arrow changed", ord.Format(m), changed, free)
		}
	}
	if n, _ := compare(bare, r.Render(view(s), orders, nil, Options{Width: 1600, Height: 1200})); n != 0 {
		t.Errorf("with ShowOrders off, %d pixels still changed", n)
	}
}

// TestResultsDrawn checks the marks of results in the Fall position.
func TestResultsDrawn(t *testing.T) {
	b, m := load(t)
	r := New(b, m)
	s, orders := position(t, engine.Phase{Year: 1901, Season: engine.Fall, Type: engine.Movement}, fall1901)
	results := engine.Adjudicate(s, orders, nil, nil).Results
	o := Options{Width: 1600, Height: 1200, ShowOrders: true, ShowResults: true}
	img := r.Render(view(s), orders, results, o)
	l := r.layer
	red := func(p pt, rad float64) int {
		n := 0
		for y := int(p.Y - rad); y <= int(p.Y+rad); y++ {
			for x := int(p.X - rad); x <= int(p.X+rad); x++ {
				if !far(img.RGBAAt(x, y), colFail, 30) {
					n++
				}
			}
		}
		return n
	}
	tip := func(text string) pt {
		ord, err := (&engine.Parser{Map: m}).ParseOrder("", text)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := l.anchor(ord.At)
		c, _ := l.anchor(ord.To)
		pts := trim(bent(a, c), l.sz.piece*0.7, l.sz.piece*0.45)
		return along(pts, lengthOf(pts)-(l.sz.line*3.4+l.sz.edge)*1.6)
	}
	if n := red(tip("A bur - bel"), l.sz.piece); n < 10 {
		t.Errorf("A bur - bel bounced: %d red pixels at its cross, want a cross", n)
	}
	if n := red(tip("F mao - por"), l.sz.piece); n > 0 {
		t.Errorf("F mao - por succeeded: %d red pixels where a cross would be", n)
	}
	gal, _ := m.Lookup("gal")
	p, _ := l.anchor(engine.Loc{P: gal})
	p = p.Add(l.dislodgedOffset())
	rad := l.sz.ringRadius(engine.Army)
	for k := 0; k < 8; k++ {
		a := float64(k) * math.Pi / 4
		q := pt{p.X + rad*math.Cos(a), p.Y + rad*math.Sin(a)}
		if red(q, 1) == 0 {
			t.Errorf("dislodged A gal: no red ring at %.0f degrees", float64(k)*45)
		}
	}
}

// TestOptionalSpaces: Ireland and Hyperspace are drawn only when switched
// on; the standard map has no such provinces, so they hit nothing.
func TestOptionalSpaces(t *testing.T) {
	b, m := load(t)
	r := New(b, m)
	off := Options{Width: 1600, Height: 1200}
	on := off
	on.Spaces = []string{"ire", "hyp"}
	imgOff := r.Render(engine.View{}, nil, nil, off)
	imgOn := r.Render(engine.View{}, nil, nil, on)
	tf := newTransform(b, off.Width, off.Height)
	ire := b.Region("ire")
	if n, _ := compare(imgOff, imgOn); n == 0 {
		t.Fatal("switching on Ireland and Hyperspace changed nothing")
	}
	hyp := b.Spaces[0]
	mid := tf.pt(geometry.Point{X: hyp.Min.X + 4, Y: (hyp.Min.Y + hyp.Max.Y) / 2})
	if c := imgOn.RGBAAt(int(mid.X), int(mid.Y)); far(c, colSpaceFill, 3) {
		t.Errorf("Hyperspace on: colour %v inside its box, want %v", c, colSpaceFill)
	}
	if c := imgOff.RGBAAt(int(mid.X), int(mid.Y)); !far(c, colSpaceFill, 3) {
		t.Error("Hyperspace off but drawn")
	}
	q := tf.pt(ire.Unit)
	if loc, ok := r.HitTest(int(q.X), int(q.Y), off); !ok || m.LocString(loc) != "iri" {
		t.Errorf("Ireland off: hit %s (%v), want iri", m.LocString(loc), ok)
	}
	if loc, ok := r.HitTest(int(q.X), int(q.Y), on); ok {
		t.Errorf("Ireland on, unknown to the map: hit %s, want nothing", m.LocString(loc))
	}
}

// TestPalette: the powers' colours stay apart for players with normal
// vision and for the two common colour blindnesses (simulated), their
// initials are unique, the writing on pieces contrasts with them, and no
// tint looks like the sea.
func TestPalette(t *testing.T) {
	b, m := load(t)
	r := New(b, m)
	initials := map[string]engine.Power{}
	ps := m.PowerIDs()
	for i, p := range ps {
		st := r.Style(p)
		if q, dup := initials[st.Initial]; dup || st.Initial == "" {
			t.Errorf("%s: initial %q (also %s)", p, st.Initial, q)
		}
		initials[st.Initial] = p
		if c := contrast(st.Colour, st.Ink); c < 3 {
			t.Errorf("%s: ink on piece contrast %.1f, want at least 3", p, c)
		}
		if d := deltaE(st.Tint, colSea, nil); d < 20 {
			t.Errorf("%s: tint %v only %.0f from the sea %v", p, st.Tint, d, colSea)
		}
		for _, q := range ps[i+1:] {
			for _, v := range visions {
				if d := deltaE(st.Colour, r.Style(q).Colour, v.m); d < 15 {
					t.Errorf("%s and %s: colours only %.0f apart (CIE76) for %s", p, q, d, v.name)
				}
			}
		}
	}
	// The check can fail: red and olive are the classic confusion.
	if d := deltaE(rgb(0xe4, 0x1a, 0x1c), rgb(0x98, 0x8e, 0x00), visions[2].m); d >= 15 {
		t.Errorf("red and olive %.0f apart for deuteranopes; the simulation is wrong", d)
	}
}

// visions are normal vision and the simulations of protanopia and
// deuteranopia of Viénot, Brettel and Mollon (1999), in linear RGB.
var visions = []struct {
	name string
	m    *[3][3]float64
}{
	{"normal vision", nil},
	{"protanopia", &[3][3]float64{{0.11238, 0.88762, 0}, {0.11238, 0.88762, 0}, {0.00401, -0.00401, 1}}},
	{"deuteranopia", &[3][3]float64{{0.29275, 0.70725, 0}, {0.29275, 0.70725, 0}, {-0.02234, 0.02234, 1}}},
}

// deltaE is the CIE76 distance of a and b in CIELAB, as seen through sim
// (nil for normal vision).
func deltaE(a, b color.RGBA, sim *[3][3]float64) float64 {
	la, lb := lab(a, sim), lab(b, sim)
	return math.Sqrt((la[0]-lb[0])*(la[0]-lb[0]) + (la[1]-lb[1])*(la[1]-lb[1]) + (la[2]-lb[2])*(la[2]-lb[2]))
}

func lab(c color.RGBA, sim *[3][3]float64) [3]float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	l := [3]float64{lin(c.R), lin(c.G), lin(c.B)}
	if sim != nil {
		var s [3]float64
		for i := range s {
			s[i] = math.Max(0, math.Min(1, sim[i][0]*l[0]+sim[i][1]*l[1]+sim[i][2]*l[2]))
		}
		l = s
	}
	x := (0.4124*l[0] + 0.3576*l[1] + 0.1805*l[2]) / 0.95047
	y := 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
	z := (0.0193*l[0] + 0.1192*l[1] + 0.9505*l[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 0.008856 {
			return math.Cbrt(t)
		}
		return 7.787*t + 16.0/116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b color.RGBA) float64 {
	la, lb := luminance(a)+0.05, luminance(b)+0.05
	return math.Max(la, lb) / math.Min(la, lb)
}

// TestRenderIntoOffsetImage: drawing into a sub-image leaves the rest of
// the parent alone and draws the same picture.
func TestRenderIntoOffsetImage(t *testing.T) {
	b, m := load(t)
	r := New(b, m)
	s := engine.NewState(m, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement})
	want := r.Render(view(s), nil, nil, Options{Width: 400, Height: 300})
	parent := image.NewRGBA(image.Rect(0, 0, 500, 400))
	sub := parent.SubImage(image.Rect(50, 60, 450, 360)).(*image.RGBA)
	r.RenderInto(sub, view(s), nil, nil, Options{})
	if n, _ := compare(want, sub); n != 0 {
		t.Errorf("sub-image differs in %d pixels", n)
	}
	if c := parent.RGBAAt(10, 10); c != (color.RGBA{}) {
		t.Errorf("pixel outside the sub-image painted %v", c)
	}
}
