package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"dipdesk/engine"
)

// changed counts the pixels that differ between two frames, and returns
// them.
func changed(a, b *image.RGBA) []image.Point {
	var out []image.Point
	for y := 0; y < a.Rect.Dy(); y++ {
		for x := 0; x < a.Rect.Dx(); x++ {
			i := a.PixOffset(x, y)
			if a.Pix[i] != b.Pix[i] || a.Pix[i+1] != b.Pix[i+1] || a.Pix[i+2] != b.Pix[i+2] {
				out = append(out, image.Pt(x, y))
			}
		}
	}
	return out
}

// arrowArea is the number of pixels the order text adds to a frame of
// w x h: what a player sees of it.
func arrowArea(tb testing.TB, w, h int, units, order string) (int, *image.RGBA) {
	g, m := load(tb)
	s, _ := position(tb, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}, units)
	orders, errs := engine.ParseOrders(m, "", order)
	if len(errs) > 0 {
		tb.Fatal(errs)
	}
	r := New(g, m)
	o := Options{Width: w, Height: h, ShowOrders: true}
	bare := r.Render(view(s), nil, nil, o)
	drawn := r.Render(view(s), orders, nil, o)
	return len(changed(bare, drawn)), drawn
}

// TestShortMoveVisible: Paris to Burgundy, the shortest common opening,
// is drawn big enough to see in the window's usual size (it was about 15
// pixels long).
func TestShortMoveVisible(t *testing.T) {
	area, _ := arrowArea(t, 836, 662, "France: A par; A mar; F bre", "France: A par - bur")
	if area < 260 {
		t.Errorf("A par - bur covers %d pixels at 836x662, want at least 260", area)
	}
}

// TestArrowsStandOutOnTheSea: every power's move across the sea is edged
// in white outside its dark edge, so that a blue power's arrow reads on
// the blue sea; the shaft is at least 7 pixels across in the window's
// usual size.
func TestArrowsStandOutOnTheSea(t *testing.T) {
	_, m := load(t)
	for _, p := range m.Powers {
		t.Run(string(p.ID), func(t *testing.T) {
			_, img := arrowArea(t, 836, 662, fmt.Sprintf("%s: F nao", p.Name), fmt.Sprintf("%s: F nao - mao", p.Name))
			g, _ := load(t)
			tf := newTransform(g, 836, 662)
			nao, mao := tf.pt(g.Region("nao").Unit), tf.pt(g.Region("mao").Unit)
			path := bent(nao, mao)
			mid := path[len(path)/2]
			d := unit(path[len(path)/2+1].Sub(path[len(path)/2-1]))
			n := pt{X: -d.Y, Y: d.X}
			white, dark, width := false, false, 0
			for k := -12.0; k <= 12; k += 0.5 {
				q := mid.Add(n.Mul(k))
				c := img.RGBAAt(int(q.X), int(q.Y))
				if c == colSea || c == colSeaBorder || c == colCoastGlow {
					continue
				}
				width++
				if luminance(c) > 0.8 {
					white = true
				}
				if luminance(c) < 0.03 {
					dark = true
				}
			}
			if !white || !dark || width/2 < 7 {
				t.Errorf("%s's arrow across the sea: white edge %v, dark edge %v, %d px across", p.Name, white, dark, width/2)
			}
		})
	}
}

// TestIllegalOrdersGrey: an impossible order is drawn grey with a cross,
// not in its power's colour.
func TestIllegalOrdersGrey(t *testing.T) {
	g, m := load(t)
	s, _ := position(t, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}, "France: A par; A mar; F bre")
	orders, _ := engine.ParseOrders(m, "", "France: A par - bur")
	r := New(g, m)
	o := Options{Width: 836, Height: 662, ShowOrders: true}
	legal := r.Render(view(s), orders, nil, o)
	o.Illegal = orders
	illegal := r.Render(view(s), orders, nil, o)
	blue := r.Style("france").Colour
	count := func(img *image.RGBA, c colorRGBA) int {
		n := 0
		for _, p := range changed(r.Render(view(s), nil, nil, Options{Width: 836, Height: 662}), img) {
			if img.RGBAAt(p.X, p.Y) == c {
				n++
			}
		}
		return n
	}
	if count(legal, blue) == 0 || count(illegal, blue) != 0 || count(illegal, colIllegal) == 0 || count(illegal, colFail) == 0 {
		t.Errorf("blue in legal %d, in illegal %d; grey %d; red cross %d", count(legal, blue), count(illegal, blue), count(illegal, colIllegal), count(illegal, colFail))
	}
}

// TestSignsDrawn: each kind of sign changes the board near its province.
func TestSignsDrawn(t *testing.T) {
	g, m := load(t)
	s, _ := position(t, engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Movement}, "France: A par; F bre")
	par, _ := m.Lookup("par")
	bur, _ := m.Lookup("bur")
	r := New(g, m)
	o := Options{Width: 836, Height: 662, ShowOrders: true}
	bare := r.Render(view(s), nil, nil, o)
	tf := newTransform(g, 836, 662)
	at := tf.pt(g.Region("bur").Unit)
	for _, k := range []SignKind{SignTarget, SignMine, SignHidden, SignMove, SignNote} {
		o.Signs = []Sign{{Kind: k, From: engine.Loc{P: par}, At: bur, Power: "france", Label: "annihilate"}}
		if k == SignHidden || k == SignNote {
			o.Signs[0].At = par
			at = tf.pt(g.Region("par").Unit)
		}
		near := 0
		for _, p := range changed(bare, r.Render(view(s), nil, nil, o)) {
			if math.Hypot(float64(p.X)-at.X, float64(p.Y)-at.Y) < 40 {
				near++
			}
		}
		if near < 30 {
			t.Errorf("sign %d changes %d pixels near its province", k, near)
		}
	}
}

type colorRGBA = color.RGBA
