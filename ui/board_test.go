package ui

import (
	"image"
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/render/geometry"
)

// boardRig is a board in a headless window with its callbacks recorded.
type boardRig struct {
	t        testing.TB
	b        *Board
	w        fyne.Window
	m        *engine.Map
	r        *render.Renderer // a second renderer for the test's own hit tests
	orders   []engine.Order
	messages []string
	hovers   []string

	scanW, scanH int                          // the image size scan was made for
	scan         map[engine.Loc][]image.Point // pixels per location (see at)
}

func newRig(tb testing.TB, sc Scene, w, h float32) *boardRig {
	tb.Helper()
	return newRigOn(tb, stdMap(tb), sc, w, h)
}

// newRigOn is newRig for a board of map m (a variant's).
func newRigOn(tb testing.TB, m *engine.Map, sc Scene, w, h float32) *boardRig {
	tb.Helper()
	test.NewTempApp(tb)
	g, err := geometry.Load()
	if err != nil {
		tb.Fatal(err)
	}
	rg := &boardRig{t: tb, m: m, r: render.New(g, m)}
	rg.b = NewBoard(render.New(g, m), m)
	rg.b.OnOrder = func(o engine.Order) { rg.orders = append(rg.orders, o) }
	rg.b.OnMessage = func(s string) { rg.messages = append(rg.messages, s) }
	rg.b.OnHover = func(s string) { rg.hovers = append(rg.hovers, s) }
	rg.w = test.NewTempWindow(tb, rg.b)
	rg.w.SetPadded(false)
	rg.w.Resize(fyne.NewSize(w, h))
	rg.b.SetScene(sc)
	return rg
}

// at returns the widget position of the pixel of l nearest its centre of
// mass, found by scanning render.HitTest over the zoomed image the board
// shows, so the test does not rely on the board's own hit testing.
func (rg *boardRig) at(name string) fyne.Position {
	rg.t.Helper()
	l := loc(rg.t, rg.m, name)
	s := rg.b.Size()
	zw, zh := int(math.Round(float64(s.Width)*rg.b.zoom)), int(math.Round(float64(s.Height)*rg.b.zoom))
	if rg.scanW != zw || rg.scanH != zh {
		rg.scanW, rg.scanH, rg.scan = zw, zh, map[engine.Loc][]image.Point{}
		o := render.Options{Width: zw, Height: zh}
		for y := 0; y < zh; y += 3 {
			for x := 0; x < zw; x += 3 {
				if got, ok := rg.r.HitTest(x, y, o); ok {
					rg.scan[got] = append(rg.scan[got], image.Pt(x, y))
				}
			}
		}
	}
	pts := rg.scan[l]
	if len(pts) == 0 {
		rg.t.Fatalf("%s is nowhere on the board", name)
	}
	var sx, sy float64
	for _, p := range pts {
		sx, sy = sx+float64(p.X), sy+float64(p.Y)
	}
	cx, cy := sx/float64(len(pts)), sy/float64(len(pts))
	best, bestD := pts[0], math.Inf(1)
	for _, p := range pts {
		if d := math.Hypot(float64(p.X)-cx, float64(p.Y)-cy); d < bestD {
			best, bestD = p, d
		}
	}
	return fyne.NewPos(float32(float64(best.X)-rg.b.panX)+0.5, float32(float64(best.Y)-rg.b.panY)+0.5)
}

// drag drags from one province to another as test.Drag does: one event.
func (rg *boardRig) drag(from, to string) {
	a, b := rg.at(from), rg.at(to)
	test.Drag(rg.w.Canvas(), a, b.X-a.X, b.Y-a.Y)
}

// wantOrders checks the orders reported, formatted.
func (rg *boardRig) wantOrders(want ...string) {
	rg.t.Helper()
	got := formatAll(rg.m, rg.orders)
	if w := strings.Join(want, "; "); got != w {
		rg.t.Fatalf("orders %q, want %q (messages %q)", got, w, rg.messages)
	}
}

// springScene is Spring 1901 for France, with pending orders.
func springScene(tb testing.TB, power engine.Power, pending string) Scene {
	tb.Helper()
	m := stdMap(tb)
	s := engine.NewState(m, spring)
	var orders []engine.Order
	if pending != "" {
		var errs []error
		if orders, errs = engine.ParseOrders(m, "", pending); len(errs) > 0 {
			tb.Fatal(errs)
		}
	}
	return Scene{View: engine.View{Seat: engine.Seat{Power: power}, State: s, Pending: orders}, Orders: orders, Power: power}
}

func TestBoardDragMove(t *testing.T) {
	rg := newRig(t, springScene(t, "france", ""), 1200, 900)
	rg.drag("par", "bur")
	rg.wantOrders("A par - bur")
	if len(rg.messages) != 0 {
		t.Fatalf("messages %q", rg.messages)
	}
}

func TestBoardDragSupport(t *testing.T) {
	rg := newRig(t, springScene(t, "france", "France: A par - bur"), 1200, 900)
	rg.drag("mar", "bur")
	rg.wantOrders("A mar S A par - bur")
}

func TestBoardDragConvoy(t *testing.T) {
	m := stdMap(t)
	sc := springScene(t, "england", "")
	st := sc.View.State
	st.Units[st.UnitAt(loc(t, m, "lon").P)].Loc = loc(t, m, "nth")
	st.Units = append(st.Units, engine.Unit{Type: engine.Army, Power: "england", Loc: loc(t, m, "lon")})
	sc.Orders = parse(t, "England: A lon - bel via convoy")
	sc.View.Pending = sc.Orders
	rg := newRig(t, sc, 1200, 900)
	rg.drag("nth", "lon")
	rg.wantOrders("F nth C A lon - bel")
}

func parse(tb testing.TB, text string) []engine.Order {
	tb.Helper()
	os, errs := engine.ParseOrders(stdMap(tb), "", text)
	if len(errs) > 0 {
		tb.Fatal(errs)
	}
	return os
}

func TestBoardIllegalDrop(t *testing.T) {
	rg := newRig(t, springScene(t, "france", ""), 1200, 900)
	rg.drag("par", "nth")
	rg.wantOrders()
	if len(rg.messages) != 1 || rg.messages[0] != "an army cannot enter the North Sea" {
		t.Fatalf("messages %q", rg.messages)
	}
	rg.drag("mun", "bur")
	rg.wantOrders()
	if len(rg.messages) != 2 || rg.messages[1] != "that is Germany's unit" {
		t.Fatalf("messages %q", rg.messages)
	}
}

func TestBoardReadOnly(t *testing.T) {
	sc := springScene(t, "france", "France: A par - bur")
	sc.ReadOnly = true
	rg := newRig(t, sc, 1200, 900)
	rg.drag("par", "bur")
	test.TapSecondaryAt(rg.b, rg.at("par"))
	rg.wantOrders()
	if rg.b.menu != nil || rg.w.Canvas().Overlays().Top() != nil {
		t.Fatal("a read-only board opened a menu")
	}
}

// menuItem finds the item of the last menu whose label starts with label
// (after a tick), in the menu or its submenus.
func (rg *boardRig) menuItem(label string) *fyne.MenuItem {
	rg.t.Helper()
	if rg.b.menu == nil || rg.w.Canvas().Overlays().Top() == nil {
		rg.t.Fatal("no menu shown")
	}
	var labels []string
	if it := findItem(rg.b.menu.Items, label, &labels); it != nil {
		return it
	}
	rg.t.Fatalf("no %q in the menu %q", label, labels)
	return nil
}

func findItem(items []*fyne.MenuItem, label string, seen *[]string) *fyne.MenuItem {
	for _, it := range items {
		if strings.HasPrefix(strings.TrimPrefix(it.Label, currentMark), label) && it.Action != nil {
			return it
		}
		*seen = append(*seen, it.Label)
		if it.ChildMenu != nil {
			if c := findItem(it.ChildMenu.Items, label, seen); c != nil {
				return c
			}
		}
	}
	return nil
}

func TestBoardRightClickMenu(t *testing.T) {
	rg := newRig(t, springScene(t, "france", "France: A par - bur"), 1200, 900)
	test.TapSecondaryAt(rg.b, rg.at("mar"))
	rg.menuItem("Support army in Paris into Burgundy").Action()
	rg.menuItem("Move to Piedmont").Action()
	rg.wantOrders("A mar S A par - bur", "A mar - pie")
}

func TestBoardBuildTap(t *testing.T) {
	m := stdMap(t)
	s := engine.NewState(m, winter)
	// France lost Paris's army: one build due.
	s.Units = slicesDelete(s.Units, s.UnitAt(loc(t, m, "par").P))
	rg := newRig(t, Scene{View: engine.View{State: s}, Power: "france"}, 1200, 900)
	test.TapAt(rg.b, rg.at("par"))
	rg.menuItem("Build an army").Action()
	rg.wantOrders("build A par")
	// Brest is occupied: no menu, no order.
	rg.b.menu = nil
	test.TapAt(rg.b, rg.at("bre"))
	if rg.b.menu != nil {
		t.Fatal("a menu on an occupied centre")
	}
}

func slicesDelete(us []engine.Unit, i int) []engine.Unit {
	return append(us[:i:i], us[i+1:]...)
}

// TestBoardDriverDrag sends a drag the way the real driver does: a press,
// then many Dragged events with the current position and the delta since
// the last, then DragEnd.
func TestBoardDriverDrag(t *testing.T) {
	rg := newRig(t, springScene(t, "france", ""), 1200, 900)
	a, b := rg.at("par"), rg.at("bur")
	rg.b.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: a}, Button: desktop.MouseButtonPrimary})
	const steps = 12
	last := a
	for i := 1; i <= steps; i++ {
		f := float32(i) / steps
		cur := fyne.NewPos(a.X+(b.X-a.X)*f, a.Y+(b.Y-a.Y)*f)
		rg.b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: cur}, Dragged: fyne.NewDelta(cur.X-last.X, cur.Y-last.Y)})
		last = cur
		if i == steps/2 {
			if rg.b.drag == nil || !rg.b.drag.unit || len(rg.b.drag.targets) == 0 {
				t.Fatal("no unit drag under way")
			}
			img := rg.w.Canvas().Capture() // draws the ghost and the targets
			if img.Bounds().Dx() < 1200 {
				t.Fatalf("captured %v", img.Bounds())
			}
		}
	}
	rg.b.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: b}, Button: desktop.MouseButtonPrimary})
	rg.b.DragEnd()
	rg.wantOrders("A par - bur")
}

func TestBoardZoomedDrag(t *testing.T) {
	rg := newRig(t, springScene(t, "france", ""), 800, 600)
	rg.b.Zoom(2)
	if rg.b.zoom != 2 || rg.b.panX <= 0 {
		t.Fatalf("zoom %v pan %v,%v", rg.b.zoom, rg.b.panX, rg.b.panY)
	}
	rg.drag("par", "bur")
	rg.wantOrders("A par - bur")
	// Dragging where no unit stands pans.
	x0 := rg.b.panX
	test.Drag(rg.w.Canvas(), rg.at("tyr"), 40, 0)
	if rg.b.panX != x0-40 {
		t.Fatalf("pan %v, want %v", rg.b.panX, x0-40)
	}
	test.Scroll(rg.w.Canvas(), fyne.NewPos(400, 300), 0, -1000)
	if rg.b.zoom != 1 || rg.b.panX != 0 {
		t.Fatalf("zoom %v pan %v after zooming out", rg.b.zoom, rg.b.panX)
	}
	rg.b.Zoom(100)
	if rg.b.zoom != maxZoom {
		t.Fatalf("zoom %v, want at most %v", rg.b.zoom, maxZoom)
	}
	img := rg.w.Canvas().Capture()
	if img.Bounds().Dx() != 800 {
		t.Fatalf("captured %v", img.Bounds())
	}
	rg.b.ResetZoom()
	if rg.b.zoom != 1 {
		t.Fatal("ResetZoom")
	}
}

func TestBoardHover(t *testing.T) {
	rg := newRig(t, springScene(t, "france", ""), 1200, 900)
	rg.b.MouseIn(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: rg.at("par")}})
	rg.b.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: rg.at("bur")}})
	rg.b.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: rg.at("bel")}})
	rg.b.MouseOut()
	want := []string{"Paris (French centre) — French army", "Burgundy", "Belgium (neutral centre)", ""}
	if strings.Join(rg.hovers, "|") != strings.Join(want, "|") {
		t.Fatalf("hovers %q, want %q", rg.hovers, want)
	}
}

func TestBoardRetreatDrag(t *testing.T) {
	m := stdMap(t)
	s, _ := position(t, fallR, "France: A par; A mar\nGermany: A bur; A ruh", "")
	s.Dislodged = []engine.Dislodgement{{Unit: engine.Unit{Type: engine.Army, Power: "france", Loc: loc(t, m, "bur")}, From: loc(t, m, "mun").P}}
	rg := newRig(t, Scene{View: engine.View{State: s}, Power: "france"}, 1200, 900)
	rg.drag("bur", "pic")
	rg.drag("bur", "mun")
	rg.wantOrders("A bur - pic")
	if len(rg.messages) != 1 || !strings.Contains(rg.messages[0], "cannot retreat to Munich") {
		t.Fatalf("messages %q", rg.messages)
	}
}

// BenchmarkDragFrame is one frame of a unit drag at 1200x900: a Dragged
// event and the redraw it asks for (units, orders, ghost, targets).
func BenchmarkDragFrame(b *testing.B) {
	rg := newRig(b, springScene(b, "", `
England: F lon - nth; F edi - nwg; A lvp - yor
France: F bre - mao; A mar S A par - bur
Germany: F kie - den; A ber - kie; A mun - ruh
Italy: F nap - ion; A rom - apu; A ven H
Austria: A vie - gal; A bud - ser; F tri - alb
Russia: F stp/sc - bot; A mos - ukr; A war - gal; F sev - bla
Turkey: F ank - bla; A con - bul; A smy - con`), 1200, 900)
	a := rg.at("par")
	rg.b.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: a}, Button: desktop.MouseButtonPrimary})
	rg.b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: a.Add(fyne.NewDelta(5, 5))}, Dragged: fyne.NewDelta(5, 5)})
	rg.b.draw(1200, 900)
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		d := float32(i%40) - 20
		rg.b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: a.Add(fyne.NewDelta(d, d/2))}, Dragged: fyne.NewDelta(1, 0.5)})
		rg.b.draw(1200, 900)
		i++
	}
}

// TestBoardMenuGroupsSupports: the unit's menu offers the support of
// every move into a province it reaches, another power's included, the
// supported unit's order now ticked and first, moves by convoy apart, and
// no support to hold of a unit ordered to move.
func TestBoardMenuGroupsSupports(t *testing.T) {
	rg := newRig(t, springScene(t, "", "France: A par - bur\nEngland: A lvp - nwy via convoy; F nth C A lvp - nwy"), 1200, 900)
	test.TapSecondaryAt(rg.b, rg.at("mar"))
	var top []string
	var support *fyne.Menu
	for _, it := range rg.b.menu.Items {
		top = append(top, it.Label)
		if it.Label == "Support a move" {
			support = it.ChildMenu
		}
	}
	if strings.Join(top, "|") != "Hold  (A mar H)|Move|Support a move" {
		t.Fatalf("top of the menu %q", top)
	}
	// The supports are grouped by the province moved into: Burgundy's
	// group, ticked for Paris's move there, comes before Gascony's.
	if first := support.Items[0]; first.Label != currentMark+"into Burgundy" || first.ChildMenu == nil {
		t.Fatalf("first group %q", menuLabels(support))
	}
	bur := support.Items[0].ChildMenu.Items
	if !strings.HasPrefix(bur[0].Label, "Support army in Paris into Burgundy") || !strings.HasSuffix(bur[0].Label, "its order now") {
		t.Errorf("first support into Burgundy %q", bur[0].Label)
	}
	var labels []string
	if findItem(support.Items, "Support army in Munich into Burgundy", &labels) == nil {
		t.Errorf("Germany's move into Burgundy not offered: %q", labels)
	}
	// Brest borders Paris, whose army is moving: no support to hold.
	rg.b.menu = nil
	test.TapSecondaryAt(rg.b, rg.at("bre"))
	labels = nil
	if findItem(rg.b.menu.Items, "Support army in Paris  (", &labels) != nil || findItem(rg.b.menu.Items, "Support army in Paris into Picardy", &labels) == nil {
		t.Errorf("Brest's menu %q", labels)
	}
	// A fleet beside Belgium: London's convoyed move apart, under its head.
	st, pending := position(t, spring, "England: F nth; A lon; F edi\nFrance: A pic", "England: A lon - bel via convoy")
	rg = newRig(t, Scene{View: engine.View{State: st, Pending: pending}, Orders: pending}, 1200, 900)
	test.TapSecondaryAt(rg.b, rg.at("nth"))
	var sm *fyne.Menu
	for _, it := range rg.b.menu.Items {
		if it.Label == "Support a move" {
			sm = it.ChildMenu
		}
	}
	if sm == nil {
		t.Fatalf("no supports for the fleet in the North Sea: %q", menuLabels(rg.b.menu))
	}
	head := -1
	for i, it := range sm.Items {
		if it.Label == "Moves by convoy:" {
			head = i
		}
	}
	if head < 1 || strings.TrimPrefix(sm.Items[head+1].Label, currentMark) != "into Belgium" || !strings.Contains(menuLabels(sm.Items[head+1].ChildMenu)[0], "army in London into Belgium") {
		t.Fatalf("convoyed moves not apart: %q", menuLabels(sm))
	}
	var before []string
	for _, it := range sm.Items[:head] {
		if it.ChildMenu != nil {
			before = append(before, menuLabels(it.ChildMenu)...)
		}
	}
	if !strings.Contains(strings.Join(before, "|"), "army in Picardy into Belgium") {
		t.Errorf("Picardy's move into Belgium not among the moves by land: %q", before)
	}
}

func menuLabels(m *fyne.Menu) []string {
	var out []string
	for _, it := range m.Items {
		out = append(out, it.Label)
	}
	return out
}
