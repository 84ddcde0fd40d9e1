package render

import (
	"testing"

	"dipdesk/engine"
)

// BenchmarkFullBoard draws the whole board at 1600x1200 from scratch:
// a new Renderer each op, so the static layer is drawn every time.
func BenchmarkFullBoard(b *testing.B) {
	g, m := load(b)
	s := engine.NewState(m, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement})
	o := Options{Width: 1600, Height: 1200}
	b.ReportAllocs()
	for b.Loop() {
		New(g, m).Render(view(s), nil, nil, o)
	}
}

// crowded is a Fall position with 34 units, every one ordered: supports,
// convoys, a four-way fight for Belgium, a dislodgement in Trieste.
const crowded = `
England: F nth C A yor - bel; A yor - bel; F eng S A yor - bel; F iri S F eng; F nwg S F nth
France: F mao C A bre - spa; A bre - spa; A gas S A bre - spa; A bur - bel; A pic S A bur - bel
Germany: A ruh - bel; A hol S A ruh - bel; F hel S A hol; F den - nth; F ska S F den - nth
Russia: A war - gal; A ukr S A war - gal; F sev - bla; A stp - nwy; F bot - swe
Austria: A vie - gal; A bud S A vie - gal; A ser - rum; F alb - gre; F tri H
Turkey: F bla C A ank - rum; A ank - rum; A bul S A ank - rum; F aeg - gre
Italy: A ven - tri; A tyr S A ven - tri; A rom - apu; F nap - ion; F tys S F nap - ion
`

// BenchmarkFrame draws units, tint, orders, results and highlights over
// the cached board at 1600x1200: 34 units, all ordered, with results.
func BenchmarkFrame(b *testing.B) {
	g, m := load(b)
	s, orders := position(b, engine.Phase{Year: 1901, Season: engine.Fall, Type: engine.Movement}, crowded)
	if len(s.Units) != 34 {
		b.Fatalf("%d units, want 34", len(s.Units))
	}
	results := engine.Adjudicate(s, orders, nil, nil).Results
	bur, par := s.Units[0].Loc, s.Units[1].Loc
	o := Options{Width: 1600, Height: 1200, ShowOrders: true, ShowResults: true, Legend: true,
		Hover: &bur, Selected: &par, Dragging: &Drag{From: par, X: 700, Y: 600, Targets: []engine.Loc{bur}}}
	r := New(g, m)
	dst := r.Render(view(s), orders, results, o)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		r.RenderInto(dst, view(s), orders, results, o)
	}
}

// BenchmarkHitTest finds the location under points spread over a
// 1600x1200 image.
func BenchmarkHitTest(b *testing.B) {
	g, m := load(b)
	r := New(g, m)
	o := Options{Width: 1600, Height: 1200}
	var pts [][2]int
	for i := 0; i < 32; i++ {
		for j := 0; j < 32; j++ {
			pts = append(pts, [2]int{i*50 + 25, j*37 + 18})
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := pts[i%len(pts)]
		r.HitTest(p[0], p[1], o)
		i++
	}
}

// BenchmarkMarksFrame is BenchmarkFrame's position with Character
// Diplomacy's marks: two closed provinces (hatched pixel by pixel), a
// suspended centre, three mines and a unit in civil disorder.
func BenchmarkMarksFrame(b *testing.B) {
	g, m := load(b)
	s, orders := position(b, engine.Phase{Year: 1902, Season: engine.Fall, Type: engine.Movement}, crowded)
	id := func(n string) engine.ProvinceID { p, _ := m.Lookup(n); return p }
	o := Options{Width: 1600, Height: 1200, ShowOrders: true, Legend: true, Marks: []Mark{
		{Kind: MarkClosed, Prov: id("ukr")}, {Kind: MarkClosed, Prov: id("mos")}, {Kind: MarkSuspended, Prov: id("war")},
		{Kind: MarkMine, Prov: id("bur"), Power: "france"}, {Kind: MarkMine, Prov: id("bur"), Power: "germany"},
		{Kind: MarkMine, Prov: id("nth"), Power: "england"}, {Kind: MarkDisorder, Prov: id("vie")},
	}}
	r := New(g, m)
	dst := r.Render(view(s), orders, nil, o)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		r.RenderInto(dst, view(s), orders, nil, o)
	}
}

// BenchmarkUnitAt finds the piece under points spread over a 1600x1200
// image of the test-only variant's board (26 pieces, two sharing London):
// what a press on the board asks before a drag or a menu.
func BenchmarkUnitAt(b *testing.B) {
	g, _ := load(b)
	m, sc := piecesScene(b, 1600, 1200)
	r := New(g, m)
	o := Options{Width: 1600, Height: 1200}
	var pts [][2]int
	for i := 0; i < 32; i++ {
		for j := 0; j < 32; j++ {
			pts = append(pts, [2]int{i*50 + 25, j*37 + 18})
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := pts[i%len(pts)]
		r.UnitAt(sc.view.State, p[0], p[1], o)
		i++
	}
}
