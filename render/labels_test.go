package render

import (
	"fmt"
	"testing"
)

// labelClashes lists the names drawn over another name, over a piece's
// place or over a centre marker, on a board of w x h pixels.
func labelClashes(tb testing.TB, w, h int, spaces ...string) []string {
	g, m := load(tb)
	r := New(g, m)
	l := r.layerFor(Options{Width: w, Height: h, Spaces: spaces})
	var out []string
	type named struct {
		name string
		b    box
	}
	var labels, pieces, centres []named
	var hidden []string
	for i, reg := range l.board.Regions {
		if !l.inPlay(i) {
			continue
		}
		if l.labelFit[i] == labelHidden {
			hidden = append(hidden, l.labelText(i))
		} else {
			labels = append(labels, named{l.labelText(i), l.labelBox(i, l.labelFit[i]).at(l.labelAt[i])})
		}
		pieces = append(pieces, named{reg.ID, l.sz.footprint().at(l.tf.pt(reg.Unit))})
		for _, c := range reg.Coasts {
			if a, ok := l.board.CoastAnchor(reg.ID, c.Coast); ok {
				pieces = append(pieces, named{reg.ID + "/" + c.Coast.String(), l.sz.footprint().at(l.tf.pt(a))})
			}
		}
		if reg.HasSC {
			d := l.sz.dot + 1.5
			centres = append(centres, named{reg.ID + " centre", box{-d, -d, d, d}.at(l.centreAt[i])})
		}
	}
	for _, c := range l.coastTags {
		labels = append(labels, named{c.text, l.coastBox(c.text).at(c.at)})
	}
	if len(hidden) > 0 && w >= 800 {
		out = append(out, fmt.Sprintf("names not drawn: %v", hidden))
	}
	coasts := 0
	for i, reg := range l.board.Regions {
		if !l.inPlay(i) {
			continue
		}
		for _, c := range reg.Coasts {
			if _, ok := l.board.CoastAnchor(reg.ID, c.Coast); ok {
				coasts++
			}
		}
	}
	if len(l.coastTags) != coasts && w >= 800 {
		out = append(out, fmt.Sprintf("%d coasts named, want %d", len(l.coastTags), coasts))
	}
	if testing.Verbose() {
		tb.Logf("%dx%d: %d names not drawn %v, %d coasts named", w, h, len(hidden), hidden, len(l.coastTags))
	}
	shrink := func(b box) box { return box{b.x0 + 1, b.y0 + 1, b.x1 - 1, b.y1 - 1} }
	for i, a := range labels {
		for _, b := range labels[i+1:] {
			if shrink(a.b).overlaps(b.b) {
				out = append(out, fmt.Sprintf("%s over %s", a.name, b.name))
			}
		}
		for _, p := range append(pieces, centres...) {
			if shrink(a.b).overlaps(p.b) {
				out = append(out, fmt.Sprintf("%s under %s", a.name, p.name))
			}
		}
	}
	return out
}

func TestLabelsClear(t *testing.T) {
	for _, sz := range [][2]int{{2508, 1986}, {1600, 1200}, {1200, 900}, {836, 662}, {640, 480}, {480, 360}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			if c := labelClashes(t, sz[0], sz[1]); len(c) > 0 {
				t.Errorf("%d clashes: %v", len(c), c)
			}
			// The card variants' board: Hyperspace, the Caspian, Ireland
			// and the other optional spaces switched on.
			g, _ := load(t)
			var all []string
			for _, reg := range g.Regions {
				if reg.Optional {
					all = append(all, reg.ID)
				}
			}
			for _, sp := range g.Spaces {
				all = append(all, sp.ID)
			}
			if c := labelClashes(t, sz[0], sz[1], all...); len(c) > 0 {
				t.Errorf("with the optional spaces %v, %d clashes: %v", all, len(c), c)
			}
		})
	}
}
