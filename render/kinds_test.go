package render

import (
	"path/filepath"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/shapetest"
)

// piecesScene is the test-only variant's board (variants/shapetest) with
// a variant's kinds of piece: the Doctor's birds beside England's fleet
// in London and beside Austria's army in Vienna, the Borg (no seat) in
// Bohemia, a sea monster of no seat sharing the North Sea with a German
// fleet (a kind that moves as a fleet, declared here), the birds moving
// to Wales, England's fleet to the North Sea and the Borg held.
func piecesScene(tb testing.TB, w, h int) (*engine.Map, scene) {
	tb.Helper()
	base, err := shapetest.Map()
	if err != nil {
		tb.Fatal(err)
	}
	m := base.Clone()
	monster, err := m.AddPiece(engine.PieceInfo{Code: "SM", Name: "sea monster", Moves: engine.Fleet, NoCombat: true, Shares: true, Neutral: true})
	if err != nil {
		tb.Fatal(err)
	}
	birds, _ := m.PieceByCode("B")
	borg, _ := m.PieceByCode("BORG")
	s := engine.NewState(m, engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement})
	id := func(name string) engine.ProvinceID {
		p, ok := m.Lookup(name)
		if !ok {
			tb.Fatalf("no province %s", name)
		}
		return p
	}
	s.Units = append(s.Units,
		engine.Unit{Power: "doctor", Type: birds.Moves, Kind: birds.Kind, Loc: engine.Loc{P: id("vie")}},
		engine.Unit{Power: "germany", Type: engine.Fleet, Loc: engine.Loc{P: id("nth")}},
		engine.Unit{Type: monster.Moves, Kind: monster.Kind, Loc: engine.Loc{P: id("nth")}})
	s.GiveIDs()
	orders := []engine.Order{
		{Power: "doctor", Kind: engine.Move, Unit: birds.Moves, Piece: birds.Kind, At: engine.Loc{P: id("lon")}, To: engine.Loc{P: id("wal")}},
		{Power: "england", Kind: engine.Move, Unit: engine.Fleet, At: engine.Loc{P: id("lon")}, To: engine.Loc{P: id("eng")}},
		{Kind: engine.Hold, Unit: borg.Moves, Piece: borg.Kind, At: engine.Loc{P: id("boh")}},
	}
	return m, scene{name: "pieces", view: view(s), orders: orders, opts: Options{Width: w, Height: h, Legend: true, ShowOrders: true}}
}

// TestGoldenPieces draws a variant's kinds of piece: each by its code on
// a tile in its seat's colour (grey for no seat), several in one
// province side by side, and the legend naming the kinds.
func TestGoldenPieces(t *testing.T) {
	b, _ := load(t)
	m, sc := piecesScene(t, goldenW, goldenH)
	got := New(b, m).Render(sc.view, sc.orders, sc.results, sc.opts)
	path := filepath.Join("testdata", sc.name+".png")
	if *update {
		writePNG(t, path, got)
		return
	}
	if *pngDir != "" {
		big := New(b, m).Render(sc.view, sc.orders, sc.results, Options{Width: 1600, Height: 1200, Legend: true, ShowOrders: true})
		writePNG(t, filepath.Join(*pngDir, "render-pieces.png"), big)
	}
	want, err := readPNG(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	if n, diff := compare(want, got); n > int(budget*float64(goldenW*goldenH)) {
		writePNG(t, filepath.Join("testdata", "failed", sc.name+".png"), got)
		writePNG(t, filepath.Join("testdata", "failed", sc.name+"-diff.png"), diff)
		t.Errorf("%d pixels differ from %s (budget %d); see testdata/failed/", n, path, int(budget*float64(goldenW*goldenH)))
	}
}

// TestSharedProvincePiecesApart: pieces sharing a province are drawn
// side by side, their shapes apart, at every size a board is drawn; and
// UnitAt finds each of them under the pointer, the fleet in London on
// one side and the Doctor's birds on the other, never the Borg or a
// piece of another province.
func TestSharedProvincePiecesApart(t *testing.T) {
	b, _ := load(t)
	m, sc := piecesScene(t, goldenW, goldenH)
	st := sc.view.State
	for _, size := range [][2]int{{400, 300}, {800, 600}, {1600, 1200}, {3200, 2400}} {
		r := New(b, m)
		o := Options{Width: size[0], Height: size[1]}
		l := r.measureLayer(o)
		f := &frame{r: r, l: l, st: st, o: o}
		f.place(nil)
		for p := range f.first {
			ks := f.placesIn(engine.ProvinceID(p))
			for i := range ks {
				for j := i + 1; j < len(ks); j++ {
					a, c := f.units[ks[i]], f.units[ks[j]]
					if l.pieceBox(a.unit).at(a.p).overlaps(l.pieceBox(c.unit).at(c.p)) {
						t.Errorf("%dx%d: in %s, %s's %s covers %s's %s", size[0], size[1], m.Provinces[p].Abbr,
							a.unit.Power, m.UnitWord(a.unit), c.unit.Power, m.UnitWord(c.unit))
					}
				}
			}
		}
		// Every piece is found under its own middle.
		for _, pl := range f.units {
			if got := r.UnitAt(st, int(pl.p.X), int(pl.p.Y), o); got != pl.idx {
				t.Errorf("%dx%d: under %s's %s in %s UnitAt gives %d, want %d", size[0], size[1], pl.unit.Power,
					m.UnitWord(pl.unit), m.Provinces[pl.unit.Loc.P].Abbr, got, pl.idx)
			}
		}
	}
	// At 800x600, the pixels of London's two pieces are told apart.
	r := New(b, m)
	o := Options{Width: goldenW, Height: goldenH}
	lon, _ := m.Lookup("lon")
	found := map[int]int{}
	for y := 0; y < goldenH; y++ {
		for x := 0; x < goldenW; x++ {
			if loc, ok := r.HitTest(x, y, o); ok && loc.P == lon {
				if i := r.UnitAt(st, x, y, o); i >= 0 {
					found[i]++
				}
			}
		}
	}
	var fleet, birds int
	for i, n := range found {
		u := st.Units[i]
		switch {
		case u.Power == "england" && u.Kind == 0:
			fleet = n
		case u.Power == "doctor" && u.Kind != 0:
			birds = n
		default:
			t.Errorf("in London UnitAt found %s's %s", u.Power, m.UnitWord(u))
		}
	}
	if fleet < 20 || birds < 20 {
		t.Errorf("London's pixels: %d on the fleet, %d on the birds", fleet, birds)
	}
	if i := r.UnitAt(st, 2, 2, o); i != -1 {
		t.Errorf("a corner of the frame holds piece %d", i)
	}
}

// TestOrderStartsAtItsPiece: the arrow of the birds' move starts at the
// birds, not at England's fleet beside them (unitFor reads the order's
// kind of piece).
func TestOrderStartsAtItsPiece(t *testing.T) {
	b, _ := load(t)
	m, sc := piecesScene(t, goldenW, goldenH)
	r := New(b, m)
	l := r.measureLayer(sc.opts)
	f := &frame{r: r, l: l, st: sc.view.State, o: sc.opts}
	f.place(nil)
	for _, o := range sc.orders[:2] {
		pl, ok := f.unitFor(o)
		if !ok || pl.unit.Power != o.Power || pl.unit.Kind != o.Piece {
			t.Errorf("%s's order %s starts at %s's %s", o.Power, o.Format(m), pl.unit.Power, m.UnitWord(pl.unit))
		}
	}
	if pl, ok := f.unitAt(sc.orders[0].At.P); !ok || pl.unit.Power != "england" {
		t.Errorf("London is held by %s's %s, want England's fleet (birds share)", pl.unit.Power, m.UnitWord(pl.unit))
	}
}
