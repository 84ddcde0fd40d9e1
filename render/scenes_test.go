package render

import (
	"path/filepath"
	"testing"

	"dipdesk/engine"
)

// scene is one picture the tests draw: a position, its orders and
// results, and options.
type scene struct {
	name    string
	view    engine.View
	orders  []engine.Order
	results []engine.Result
	opts    Options
}

// scenes returns the pictures of the golden tests at w x h.
func scenes(tb testing.TB, w, h int) []scene {
	_, m := load(tb)
	start := engine.NewState(m, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement})
	s1, o1 := position(tb, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}, spring1901)
	s2, o2 := position(tb, engine.Phase{Year: 1901, Season: engine.Fall, Type: engine.Movement}, fall1901)
	out := engine.Adjudicate(s2, o2, nil, nil)
	retreats, errs := engine.ParseOrders(m, "", "Austria: A gal - bud")
	if len(errs) > 0 {
		tb.Fatal(errs)
	}
	base := Options{Width: w, Height: h, Legend: true}
	withOrders := base
	withOrders.ShowOrders = true
	withResults := withOrders
	withResults.ShowResults = true
	return []scene{
		{name: "start", view: view(start), opts: base},
		highlights(tb, w, h),
		adjustments(tb, w, h),
		characterScene(tb, w, h),
		hiddenScene(tb, w, h),
		{name: "orders", view: view(s1), orders: o1, opts: withOrders},
		{name: "results", view: view(s2), orders: o2, results: out.Results, opts: withResults},
		{name: "retreat", view: view(out.Next), orders: retreats, results: out.Results, opts: withResults},
	}
}

// highlights is the start with a unit selected and being dragged, its
// drop targets lit, the pointer over Burgundy, a coast highlighted, and
// numbered units (Character Diplomacy rule 10).
func highlights(tb testing.TB, w, h int) scene {
	_, m := load(tb)
	s := engine.NewState(m, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement})
	for i := range s.Units {
		if s.Units[i].Power == "italy" {
			s.Units[i].Number = i + 1
		}
	}
	loc := func(name string) engine.Loc {
		id, ok := m.Lookup(name)
		if !ok {
			tb.Fatalf("no province %s", name)
		}
		return engine.Loc{P: id}
	}
	par, bur := loc("par"), loc("bur")
	spa := loc("spa")
	spa.C = engine.NorthCoast
	// The pointer over Burgundy, at its unit anchor in a w x h image.
	b, _ := load(tb)
	p := newTransform(b, w, h).pt(b.Region("bur").Unit)
	return scene{name: "highlights", view: view(s), opts: Options{
		Width: w, Height: h,
		Hover:     &bur,
		Selected:  &par,
		Highlight: []engine.Loc{spa},
		Dragging:  &Drag{From: par, X: int(p.X) + 6, Y: int(p.Y) + 4, Targets: []engine.Loc{bur, loc("pic"), loc("gas"), loc("bre")}},
	}}
}

// characterScene is Character Diplomacy's board: every unit numbered
// (rule 10), Burgundy annihilated (#9: closed, Paris's centre suspended),
// two powers' mines in Holland (#12, 16.e: as the game master sees them)
// and Munich's army gassed into civil disorder (#10).
func characterScene(tb testing.TB, w, h int) scene {
	_, m := load(tb)
	s := engine.NewState(m, engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Movement})
	count := map[engine.Power]map[engine.UnitType]int{}
	for i, u := range s.Units {
		if count[u.Power] == nil {
			count[u.Power] = map[engine.UnitType]int{}
		}
		count[u.Power][u.Type]++
		s.Units[i].Number = count[u.Power][u.Type]
	}
	id := func(name string) engine.ProvinceID {
		p, ok := m.Lookup(name)
		if !ok {
			tb.Fatalf("no province %s", name)
		}
		return p
	}
	return scene{name: "character", view: view(s), opts: Options{Width: w, Height: h, Legend: true, Marks: []Mark{
		{Kind: MarkClosed, Prov: id("bur"), Why: "annihilated"},
		{Kind: MarkSuspended, Prov: id("par"), Why: "annihilated"},
		{Kind: MarkMine, Prov: id("hol"), Power: "england"},
		{Kind: MarkMine, Prov: id("hol"), Power: "germany"},
		{Kind: MarkDisorder, Prov: id("mun"), Why: "gassed"},
	}}}
}

// hiddenScene is France's board in a game with invisible units (Galt's
// Character Diplomacy II): its army in Paris and fleet in Brest are hidden
// from the others, so they are drawn translucent in a dashed French ring.
// France's view lacks Germany's invisible army (it was in Munich): Munich
// is empty, and the German mark given by mistake for it, and France's
// order naming the missing unit, draw no piece and do not fail.
func hiddenScene(tb testing.TB, w, h int) scene {
	_, m := load(tb)
	s := engine.NewState(m, engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Movement})
	mun, _ := m.Lookup("mun")
	kept := s.Units[:0]
	for _, u := range s.Units {
		if u.Loc.P != mun {
			kept = append(kept, u)
		}
	}
	s.Units = kept
	id := func(name string) engine.ProvinceID {
		p, ok := m.Lookup(name)
		if !ok {
			tb.Fatalf("no province %s", name)
		}
		return p
	}
	orders, errs := engine.ParseOrders(m, "", "France: A par - bur\nFrance: A mar S A mun - bur")
	if len(errs) > 0 {
		tb.Fatal(errs)
	}
	return scene{name: "hidden", view: view(s), orders: orders, opts: Options{Width: w, Height: h, Legend: true, ShowOrders: true, Marks: []Mark{
		{Kind: MarkHidden, Prov: id("par"), Power: "france", Why: "invisible"},
		{Kind: MarkHidden, Prov: id("bre"), Power: "france", Why: "invisible"},
		{Kind: MarkHidden, Prov: id("mun"), Power: "germany", Why: "invisible"},
	}}}
}

// adjustments is a Winter with builds and removals.
func adjustments(tb testing.TB, w, h int) scene {
	s, _ := position(tb, engine.Phase{Year: 1901, Season: engine.Winter, Type: engine.Adjustment}, `
Russia: A war H; F sev H; A ukr H; F bot H
Austria: A vie H; A bud H; F tri H; A ser H
Germany: A ber H; A kie H; A mun H; A hol H; F den H
`)
	_, m := load(tb)
	orders, errs := engine.ParseOrders(m, "", `
Russia: build F stp/nc; build A mos
Austria: A ser disband
Germany: build F kie
`)
	if len(errs) > 0 {
		tb.Fatal(errs)
	}
	return scene{name: "adjust", view: view(s), orders: orders, opts: Options{Width: w, Height: h, ShowOrders: true}}
}

// TestWritePNGs draws the scenes at 1600x1200 and writes them as PNG
// files: into the folder given by -png, to look at them, or else into a
// temporary folder (which still checks full-size drawing and encoding).
func TestWritePNGs(t *testing.T) {
	dir := *pngDir
	if dir == "" {
		dir = t.TempDir()
	}
	b, m := load(t)
	r := New(b, m)
	for _, sc := range scenes(t, 1600, 1200) {
		img := r.Render(sc.view, sc.orders, sc.results, sc.opts)
		writePNG(t, filepath.Join(dir, "render-"+sc.name+".png"), img)
	}
	// Every optional space of the board switched on.
	var all []string
	for _, reg := range b.Regions {
		if reg.Optional {
			all = append(all, reg.ID)
		}
	}
	for _, s := range b.Spaces {
		all = append(all, s.ID)
	}
	for _, u := range b.Underpasses {
		all = append(all, u.ID)
	}
	img := r.Render(engine.View{}, nil, nil, Options{Width: 1600, Height: 1200, Spaces: all, Legend: true})
	writePNG(t, filepath.Join(dir, "render-spaces.png"), img)
}
