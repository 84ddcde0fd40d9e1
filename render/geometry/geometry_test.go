package geometry

import (
	"bytes"
	"io/fs"
	"math"
	"sort"
	"strings"
	"sync"
	"testing"

	"dipdesk/engine"
	"dipdesk/resources"
)

var (
	loadOnce sync.Once
	board    *Board
	stdMap   *engine.Map
	loadErr  error
)

// load reads the committed geometry and standard.map once per test run.
func load(t testing.TB) (*Board, *engine.Map) {
	t.Helper()
	loadOnce.Do(func() {
		board, loadErr = Load()
		if loadErr != nil {
			return
		}
		var data []byte
		data, loadErr = resources.MapFile("standard")
		if loadErr != nil {
			return
		}
		stdMap, loadErr = engine.LoadMap("standard.map", bytes.NewReader(data))
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return board, stdMap
}

// TestAdjacencyMatchesStandardMap derives army and fleet adjacency from
// the shapes (shared land borders, shores, per-coast shores of spa, stp
// and bul, coastal borders that run down to a common sea, and declared
// links) and requires it to equal standard.map exactly.
func TestAdjacencyMatchesStandardMap(t *testing.T) {
	b, m := load(t)
	got, err := b.Adjacency()
	if err != nil {
		t.Fatal(err)
	}
	want := MapAdjacency(m)
	for _, k := range []struct {
		name      string
		got, want map[[2]string]bool
	}{{"army", got.Army, want.Army}, {"fleet", got.Fleet, want.Fleet}} {
		t.Run(k.name, func(t *testing.T) {
			extra, missing := Diff(k.got, k.want)
			if len(extra) > 0 {
				t.Errorf("the geometry makes %d %s links that standard.map lacks: %s", len(extra), k.name, strings.Join(extra, " "))
			}
			if len(missing) > 0 {
				t.Errorf("standard.map has %d %s links the geometry lacks: %s", len(missing), k.name, strings.Join(missing, " "))
			}
			if len(k.want) == 0 {
				t.Errorf("standard.map has no %s links", k.name)
			}
		})
	}
}

// TestAdjacencyCheckCanFail moves one arc of the Spain/Portugal border to
// Spain and Gascony and one Bulgarian shore to the other coast, and
// requires the comparison to notice.
func TestAdjacencyCheckCanFail(t *testing.T) {
	b, m := load(t)
	c := *b
	c.sides = append([][2]int(nil), b.sides...)
	idx := map[string]int{}
	for i, r := range b.Regions {
		idx[r.ID] = i
	}
	swapped := false
	for i, s := range c.sides {
		if (s[0] == idx["por"] && s[1] == idx["spa"]) || (s[0] == idx["spa"] && s[1] == idx["por"]) {
			c.sides[i] = [2]int{idx["gas"], idx["por"]}
			swapped = true
			break
		}
	}
	if !swapped {
		t.Fatal("no arc between spa and por")
	}
	got, err := c.Adjacency()
	if err != nil {
		t.Fatal(err)
	}
	extra, missing := Diff(got.Army, MapAdjacency(m).Army)
	if strings.Join(extra, " ") != "gas-por" || strings.Join(missing, " ") != "por-spa" {
		t.Errorf("after moving the spa-por border to gas-por: extra %v, missing %v", extra, missing)
	}
}

// TestCounts checks the province counts of standard.map against what the
// shapes show: a province with a shore is coastal, one without is inland.
func TestCounts(t *testing.T) {
	b, m := load(t)
	shore := map[string]bool{}
	for i := range b.Arcs {
		l, r := b.side(i)
		if l == nil || r == nil {
			continue
		}
		if l.Kind == Sea && r.Kind != Sea {
			shore[r.ID] = true
		}
		if r.Kind == Sea && l.Kind != Sea {
			shore[l.ID] = true
		}
	}
	count := map[string]int{}
	for _, r := range b.Provinces() {
		p, ok := m.Lookup(r.ID)
		if !ok {
			t.Errorf("geometry province %s is not in standard.map", r.ID)
			continue
		}
		want := m.Province(p).Kind
		var got engine.ProvinceKind
		switch {
		case r.Kind == Sea:
			got = engine.Sea
		case shore[r.ID]:
			got = engine.Coastal
		default:
			got = engine.Land
		}
		if got != want {
			t.Errorf("%s: the shapes make it %s, standard.map says %s", r.ID, got, want)
		}
		if r.ID == "swi" {
			count["swi"]++
			continue
		}
		count[got.String()]++
	}
	want := map[string]int{"sea": 19, "coast": 42, "land": 14, "swi": 1}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%d %s provinces, want %d", count[k], k, n)
		}
	}
	if len(b.Provinces()) != 76 || m.NumProvinces() != 76 {
		t.Errorf("%d provinces in the geometry, %d in standard.map, want 75 and Switzerland", len(b.Provinces()), m.NumProvinces())
	}
}

// TestTilingCoversFrame: the regions (provinces, Switzerland, islands,
// lakes) do not overlap and together cover the frame.
func TestTilingCoversFrame(t *testing.T) {
	b, _ := load(t)
	sum := 0.0
	for _, r := range b.Regions {
		if r.Area() <= 0 {
			t.Errorf("%s has no area", r.ID)
		}
		sum += r.Area()
	}
	frame := b.Width * b.Height
	if math.Abs(sum-frame) > 1e-3*frame {
		t.Errorf("regions add up to %.1f square units, the frame is %.1f", sum, frame)
	}
	// Sample points on a grid (offset so as not to hit vertices): each lies
	// in exactly one region.
	const nx, ny = 250, 200
	bad := 0
	for i := 0; i < nx; i++ {
		for j := 0; j < ny; j++ {
			p := Point{(float64(i) + 0.5123) * b.Width / nx, (float64(j) + 0.4871) * b.Height / ny}
			var in []string
			for _, r := range b.Regions {
				if r.Contains(p) {
					in = append(in, r.ID)
				}
			}
			if len(in) != 1 && !b.nearArc(p, 0.05) {
				if bad++; bad <= 10 {
					t.Errorf("point %.2f,%.2f lies in %d regions %v", p.X, p.Y, len(in), in)
				}
			}
		}
	}
}

// nearArc reports whether p is within d of any arc.
func (b *Board) nearArc(p Point, d float64) bool {
	for _, a := range b.Arcs {
		for k := 1; k < len(a); k++ {
			if distToSegment(p, a[k-1], a[k]) < d {
				return true
			}
		}
	}
	return false
}

// TestAnchors: unit, label and supply-centre anchors lie inside their own
// province; coast anchors lie in a sea that borders that coast.
func TestAnchors(t *testing.T) {
	b, m := load(t)
	adj, err := b.Adjacency()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range b.Regions {
		if !r.IsProvince() && !r.Optional {
			continue
		}
		check := func(what string, p Point) {
			if !r.Contains(p) {
				t.Errorf("%s: %s anchor %.1f,%.1f lies outside it", r.ID, what, p.X, p.Y)
			}
		}
		check("unit", r.Unit)
		check("label", r.Label)
		if r.IsProvince() {
			pid, _ := m.Lookup(r.ID)
			if sc := m.Province(pid).SC; sc != r.HasSC {
				t.Errorf("%s: supply centre %v in standard.map, marker %v in the geometry", r.ID, sc, r.HasSC)
			}
			if n := len(b.coasts(r)); len(m.Province(pid).Coasts) != n {
				t.Errorf("%s: %d coasts in standard.map, %d anchors", r.ID, len(m.Province(pid).Coasts), n)
			}
		}
		if r.HasSC {
			check("supply-centre", r.SC)
		}
		for _, c := range r.Coasts {
			loc := r.ID + "/" + c.Coast.String()
			on, a := b, adj
			if c.Space != "" {
				// A Caspian coast: its anchor lies in the Caspian once it is on.
				on = b.With(c.Space)
				if a, err = on.Adjacency(); err != nil {
					t.Fatal(err)
				}
			}
			sea, _, ok := on.ProvinceAt(c.Anchor.X, c.Anchor.Y)
			if !ok || (on.Region(sea).Kind != Sea && sea != c.Space) {
				t.Errorf("%s anchor %.1f,%.1f lies in %q, not in a sea", loc, c.Anchor.X, c.Anchor.Y, sea)
				continue
			}
			if c.Space != "" {
				loc = r.ID // a Caspian coast names no separate fleet location
			}
			if !a.Fleet[pair(sea, loc)] {
				t.Errorf("%s anchor lies in %s, which does not border that coast", loc, sea)
			}
		}
	}
}

// TestProvinceAt finds the provinces of well-known places.
func TestProvinceAt(t *testing.T) {
	b, _ := load(t)
	for _, c := range []struct {
		place    string
		lon, lat float64
		want     string
	}{
		{"London", -0.13, 51.51, "lon"}, {"Edinburgh", -3.19, 55.95, "edi"}, {"Glasgow", -4.25, 55.86, "cly"},
		{"Paris", 2.35, 48.86, "par"}, {"Brest", -4.49, 48.39, "bre"}, {"Marseille", 5.37, 43.3, "mar"},
		{"Madrid", -3.7, 40.42, "spa"}, {"Santarem", -8.68, 39.24, "por"}, {"Brussels", 4.35, 50.85, "bel"},
		{"Amsterdam", 4.9, 52.37, "hol"}, {"Berlin", 13.4, 52.52, "ber"}, {"Munich", 11.58, 48.14, "mun"},
		{"Kiel", 10.13, 54.32, "kie"}, {"Roskilde", 12.08, 55.64, "den"}, {"Stockholm", 18.07, 59.33, "swe"},
		{"Oslo", 10.75, 59.91, "nwy"}, {"Helsinki", 24.94, 60.17, "fin"}, {"St Petersburg", 30.3, 59.95, "stp"},
		{"Moscow", 37.62, 55.76, "mos"}, {"Warsaw", 21.01, 52.23, "war"}, {"Riga", 24.11, 56.95, "lvn"},
		{"Kiev", 30.52, 50.45, "ukr"}, {"Sevastopol", 33.52, 44.6, "sev"}, {"Vienna", 16.37, 48.21, "vie"},
		{"Budapest", 19.04, 47.5, "bud"}, {"Trieste", 13.78, 45.65, "tri"}, {"Prague", 14.42, 50.08, "boh"},
		{"Innsbruck", 11.4, 47.27, "tyr"}, {"Bern", 7.45, 46.95, "swi"}, {"Turin", 7.69, 45.07, "pie"},
		{"Padua", 11.88, 45.41, "ven"}, {"Florence", 11.26, 43.77, "tus"}, {"Rome", 12.5, 41.9, "rom"},
		{"Naples", 14.27, 40.85, "nap"}, {"Bari", 16.87, 41.12, "apu"}, {"Belgrade", 20.46, 44.82, "ser"},
		{"Bucharest", 26.1, 44.43, "rum"}, {"Sofia", 23.32, 42.7, "bul"}, {"Athens", 23.73, 37.98, "gre"},
		{"Tirana", 19.82, 41.33, "alb"}, {"Constantinople", 28.98, 41.01, "con"}, {"Ankara", 32.85, 39.93, "ank"},
		{"Smyrna", 27.14, 38.42, "smy"}, {"Erzurum", 41.27, 39.9, "arm"}, {"Damascus", 36.29, 33.51, "syr"},
		{"Tunis", 10.18, 36.8, "tun"}, {"Algiers", 3.06, 36.75, "naf"}, {"Cracow", 19.94, 50.06, "gal"},
		{"Breslau", 17.04, 51.11, "sil"}, {"Koenigsberg", 20.51, 54.71, "pru"}, {"Cologne", 6.96, 50.94, "ruh"},
		{"Dijon", 5.04, 47.32, "bur"}, {"Bordeaux", -0.58, 44.84, "gas"}, {"Amiens", 2.3, 49.89, "pic"},
		{"Preston", -2.7, 53.76, "lvp"}, {"York", -1.08, 53.96, "yor"}, {"Cardiff", -3.18, 51.48, "wal"},
		{"Dogger Bank", 2.0, 55.0, "nth"}, {"Bay of Biscay", -5.0, 45.5, "mao"}, {"Rockall", -13.7, 57.6, "nao"},
		{"Lofoten Sea", 5.0, 68.0, "nwg"}, {"Gotland Deep", 19.5, 57.0, "bal"}, {"Aland Sea", 20.0, 61.5, "bot"},
		{"Black Sea", 34.0, 43.0, "bla"}, {"Sea of Crete", 25.0, 36.0, "aeg"}, {"Levantine Sea", 33.0, 34.0, "eas"},
		{"Malta Channel", 17.0, 36.0, "ion"}, {"Tyrrhenian", 12.0, 40.0, "tys"}, {"Gulf of Lion", 4.0, 42.5, "lyo"},
		{"Alboran Sea", -3.0, 36.2, "wes"}, {"Adriatic", 15.5, 43.0, "adr"}, {"Skagerrak", 9.5, 57.9, "ska"},
		{"German Bight", 7.5, 54.2, "hel"}, {"Channel", -2.0, 50.0, "eng"}, {"Celtic Sea", -7.0, 51.0, "iri"},
		{"Barents Sea", 40.0, 71.0, "bar"},
		// Islands belong to the sea around them on the standard board.
		{"Dublin", -6.26, 53.35, "iri"}, {"Palermo", 13.36, 38.12, "ion"}, {"Cagliari", 9.11, 39.22, "tys"},
		{"Heraklion", 25.13, 35.34, "aeg"},
	} {
		p, ok := b.Project(c.lon, c.lat)
		if !ok {
			t.Fatal("no projection in the geometry file")
		}
		got, _, ok := b.ProvinceAt(p.X, p.Y)
		if !ok || got != c.want {
			t.Errorf("%s (%.2f, %.2f) at %.1f,%.1f: got %q, want %s", c.place, c.lon, c.lat, p.X, p.Y, got, c.want)
		}
	}
}

// TestProvinceAtCoasts names a coast near Spain's, St Petersburg's and
// Bulgaria's coasts, and no coast inland.
func TestProvinceAtCoasts(t *testing.T) {
	b, _ := load(t)
	for _, c := range []struct {
		place    string
		lon, lat float64
		want     string
		coast    engine.Coast
	}{
		{"Santander", -3.8, 43.4, "spa", engine.NorthCoast},
		{"Malaga", -4.42, 36.72, "spa", engine.SouthCoast},
		{"Barcelona", 2.17, 41.39, "spa", engine.SouthCoast},
		{"Madrid", -3.7, 40.42, "spa", engine.NoCoast},
		{"Murmansk", 33.08, 68.97, "stp", engine.NorthCoast},
		{"Arkhangelsk", 40.52, 64.54, "stp", engine.NorthCoast},
		{"St Petersburg", 30.3, 59.95, "stp", engine.SouthCoast},
		{"Varna", 27.91, 43.21, "bul", engine.EastCoast},
		{"Xanthi", 24.88, 41.13, "bul", engine.SouthCoast},
		{"Sofia", 23.32, 42.7, "bul", engine.NoCoast},
		{"Bordeaux", -0.58, 44.84, "gas", engine.NoCoast},
	} {
		p, _ := b.Project(c.lon, c.lat)
		got, coast, ok := b.ProvinceAt(p.X, p.Y)
		if !ok || got != c.want || coast != c.coast {
			t.Errorf("%s: got %s/%s, want %s/%s", c.place, got, coast, c.want, c.coast)
		}
	}
	if _, _, ok := b.ProvinceAt(-1, 5); ok {
		t.Error("a point outside the frame has a province")
	}
}

// TestNeighboursClockwise: Neighbours lists every geometric neighbour
// (army and fleet adjacency, plus Switzerland's) once, in clockwise order
// of bearing from the unit anchor, starting from north.
func TestNeighboursClockwise(t *testing.T) {
	b, m := load(t)
	adj := MapAdjacency(m)
	for _, r := range b.Provinces() {
		want := map[string]bool{}
		for k := range adj.Army {
			addOther(want, k, r.ID)
		}
		for k := range adj.Fleet {
			addOther(want, k, r.ID)
		}
		got := b.Neighbours(r.ID)
		gotSet := map[string]bool{}
		last := -1.0
		for _, n := range got {
			gotSet[n] = true
			d, ok := b.Bearing(r.ID, n)
			if !ok || d < last {
				t.Errorf("%s: %s at bearing %.0f comes after bearing %.0f", r.ID, n, d, last)
			}
			last = d
		}
		// Two seas meeting at a point, or provinces meeting across a sea
		// corner, are not neighbours; every game link must be one.
		for n := range want {
			if !gotSet[n] {
				t.Errorf("%s: Neighbours %v lacks %s", r.ID, got, n)
			}
		}
		for n := range gotSet {
			if !want[n] {
				t.Errorf("%s: Neighbours lists %s, which standard.map does not link", r.ID, n)
			}
		}
	}
	// Spot checks: around Paris from the north, clockwise.
	for id, want := range map[string]string{
		"par": "pic bur gas bre",
		"swi": "mun tyr pie mar bur",
	} {
		if got := strings.Join(b.Neighbours(id), " "); got != want {
			t.Errorf("Neighbours(%s) = %s, want %s", id, got, want)
		}
	}
}

func addOther(set map[string]bool, k [2]string, id string) {
	a, _, _ := strings.Cut(k[0], "/")
	c, _, _ := strings.Cut(k[1], "/")
	switch id {
	case a:
		set[c] = true
	case c:
		set[a] = true
	}
}

// TestOptionalSpaces: the spaces variants switch on are all present and
// behave as their rules say.
func TestOptionalSpaces(t *testing.T) {
	b, _ := load(t)
	for _, c := range []struct {
		id, host string
		kind     Kind
		build    bool
		near     string // neighbours once switched on
	}{
		{"ice", "nao", Island, true, "nao nwg"},
		{"ire", "iri", Island, false, "iri nao"},
		{"crf", "ion", Island, true, "aeg eas ion"},
		{"cre", "aeg", Island, false, "aeg eas ion"},
		{"sic", "ion", Island, false, "ion tys"},
		{"sar", "tys", Island, false, "lyo tys wes"},
		// Character Diplomacy rule 11: the Caspian touches only Armenia,
		// Moscow and Sevastopol.
		{"cas", "", Lake, false, "arm mos sev"},
	} {
		r := b.Region(c.id)
		if r == nil {
			t.Errorf("no optional space %s", c.id)
			continue
		}
		if !r.Optional || r.Host != c.host || r.Kind != c.kind || r.Build != c.build {
			t.Errorf("%s: optional %v host %q kind %s build %v; want host %q kind %s build %v", c.id, r.Optional, r.Host, r.Kind, r.Build, c.host, c.kind, c.build)
		}
		on := b.With(c.id)
		n := on.Neighbours(c.id)
		sort.Strings(n)
		if got := strings.Join(n, " "); got != c.near {
			t.Errorf("%s switched on borders %s, want %s", c.id, got, c.near)
		}
		// Switched on, the space answers for its own area; off, its host does.
		got, _, _ := on.ProvinceAt(r.Unit.X, r.Unit.Y)
		if got != c.id {
			t.Errorf("%s switched on: ProvinceAt its unit anchor = %s", c.id, got)
		}
		got, _, ok := b.ProvinceAt(r.Unit.X, r.Unit.Y)
		if c.host != "" && got != c.host || c.host == "" && ok {
			t.Errorf("%s switched off: ProvinceAt its unit anchor = %q, %v", c.id, got, ok)
		}
	}
	// With the Caspian on, fleets reach it from Armenia and Sevastopol;
	// their east-coast anchors (Character Diplomacy rule 11) lie in it.
	casAdj, err := b.With("cas").Adjacency()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range [][2]string{{"arm", "cas"}, {"cas", "sev"}} {
		if !casAdj.Fleet[k] {
			t.Errorf("with the Caspian on, no fleet link %s-%s", k[0], k[1])
		}
	}
	if p, ok := b.With("cas").CoastAnchor("arm", engine.EastCoast); !ok {
		t.Error("no anchor for arm/ec with the Caspian on")
	} else if got, _, _ := b.With("cas").ProvinceAt(p.X, p.Y); got != "cas" {
		t.Errorf("arm/ec anchor lies in %s", got)
	}
	if _, ok := b.CoastAnchor("arm", engine.EastCoast); ok {
		t.Error("arm/ec counts with the Caspian off")
	}
	if sw := b.Region("swi"); sw == nil || sw.Kind != Land {
		t.Error("no Switzerland")
	}
	// Hyperspace sits in a corner of the board over open sea, clear of
	// every anchor.
	var hyp *Space
	for i := range b.Spaces {
		if b.Spaces[i].ID == "hyp" {
			hyp = &b.Spaces[i]
		}
	}
	if hyp == nil {
		t.Fatal("no Hyperspace box")
	}
	inBox := func(p Point) bool {
		return p.X >= hyp.Min.X && p.X <= hyp.Max.X && p.Y >= hyp.Min.Y && p.Y <= hyp.Max.Y
	}
	for _, r := range b.Regions {
		for _, p := range []Point{r.Unit, r.Label, r.SC} {
			if (r.IsProvince() || r.Optional) && inBox(p) {
				t.Errorf("Hyperspace box covers an anchor of %s", r.ID)
			}
		}
		if r.Kind != Sea && r.Kind != Lake && r.box.maxX >= hyp.Min.X && r.box.minX <= hyp.Max.X && r.box.maxY >= hyp.Min.Y && r.box.minY <= hyp.Max.Y {
			for _, poly := range r.Polygons {
				for _, p := range poly[0] {
					if inBox(p) {
						t.Errorf("Hyperspace box covers land of %s", r.ID)
					}
				}
			}
		}
	}
	if got, _, _ := b.With("hyp").ProvinceAt((hyp.Min.X+hyp.Max.X)/2, (hyp.Min.Y+hyp.Max.Y)/2); got != "hyp" {
		t.Errorf("ProvinceAt the middle of Hyperspace, switched on = %s", got)
	}
	// The Mont Blanc Underpass joins every province next to Switzerland
	// (Rather Silly Diplomacy rule 6).
	if len(b.Underpasses) != 1 {
		t.Fatalf("%d underpasses, want the Mont Blanc Underpass", len(b.Underpasses))
	}
	u := b.Underpasses[0]
	sw := b.Neighbours("swi")
	sort.Strings(sw)
	up := append([]string(nil), u.Provinces...)
	sort.Strings(up)
	if strings.Join(up, " ") != strings.Join(sw, " ") {
		t.Errorf("the underpass joins %v, Switzerland borders %v", up, sw)
	}
}

// TestFileIsModest keeps the committed file small.
func TestFileIsModest(t *testing.T) {
	fi, err := fs.Stat(resources.FS, "maps/standard/geometry.json")
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() > 300_000 {
		t.Errorf("geometry.json is %d bytes; keep it under 300 kB", fi.Size())
	}
}

// TestParseRejectsOtherFormats guards the format marker.
func TestParseRejectsOtherFormats(t *testing.T) {
	if _, err := Parse(strings.NewReader(`{"format":"something-else"}`)); err == nil {
		t.Error("a file of another format loaded")
	}
}

func BenchmarkProvinceAt(b *testing.B) {
	g, _ := load(b)
	pts := make([]Point, 0, 1024)
	for i := 0; i < 32; i++ {
		for j := 0; j < 32; j++ {
			pts = append(pts, Point{(float64(i) + 0.5) * g.Width / 32, (float64(j) + 0.5) * g.Height / 32})
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := pts[i%len(pts)]
		g.ProvinceAt(p.X, p.Y)
	}
}

func BenchmarkLoad(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Load(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNeighbours(b *testing.B) {
	g, _ := load(b)
	ps := g.Provinces()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.Neighbours(ps[i%len(ps)].ID)
	}
}
