package session

import (
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants"
)

func standardStart(t *testing.T) (*engine.Variant, *engine.State) {
	t.Helper()
	v, ok := variants.Lookup("standard")
	if !ok {
		t.Fatal("no standard variant")
	}
	m, err := v.Map()
	if err != nil {
		t.Fatal(err)
	}
	s, err := v.NewGame(m, nil, engine.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	return v, s
}

// problemLines is each problem as "line: code".
func problemLines(c Checked) []string {
	var out []string
	for _, p := range c.Problems {
		code := "parse"
		if p.Order != nil {
			code = p.Code.String()
		}
		out = append(out, strings.Join([]string{itoa(p.Line), code}, ":"))
	}
	return out
}

func itoa(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }

func TestCheckOrdersMovement(t *testing.T) {
	v, s := standardStart(t)
	view := engine.View{Seat: engine.Seat{Power: "france"}, State: s}
	text := "A par - bur\nA bel - mos\nF bre - nao\nA mar - Bugundy\n\nF bre S A par - pic\nA mar - spa; A par - mos\nA ber - kie"
	c := CheckOrders(v, view, "france", text)
	want := []string{"02:no unit", "03:illegal", "04:parse", "07:illegal", "08:not owner"}
	if got := problemLines(c); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("problems %v, want %v\n%v", got, want, c.Problems)
	}
	if len(c.Orders) != 7 || len(c.Lines) != 7 || c.Lines[5] != 7 || c.Lines[6] != 8 {
		t.Errorf("orders %d, lines %v", len(c.Orders), c.Lines)
	}
	for _, p := range c.Problems {
		if p.Reason == "" {
			t.Errorf("problem without a reason: %+v", p)
		}
	}
	if e := c.Problems[1].Error(); !strings.Contains(e, "line 3: F bre - nao:") {
		t.Errorf("problem worded %q", e)
	}
	if n := len(c.Illegal()); n != 4 {
		t.Errorf("%d illegal orders, want 4", n)
	}
	// The position is unchanged by the trial.
	if i := s.UnitAt(c.Orders[0].At.P); i < 0 {
		t.Error("the trial moved the army in Paris")
	}
}

func TestCheckOrdersBuilds(t *testing.T) {
	v, s := standardStart(t)
	s.Phase = engine.Phase{Year: 1901, Season: engine.Winter, Type: engine.Adjustment}
	m := s.Map
	bel, _ := m.Lookup("bel")
	ank, _ := m.Lookup("ank")
	s.Owners[bel] = "turkey"
	// Turkey's army in Ankara leaves: Ankara is free, Constantinople is not.
	s.Units = append(s.Units[:s.UnitAt(ank)], s.Units[s.UnitAt(ank)+1:]...)
	view := engine.View{Seat: engine.Seat{Power: "turkey"}, State: s}
	c := CheckOrders(v, view, "turkey", "build A mos\nbuild A con\nbuild F ank\nbuild A smy")
	want := []string{"01:refused", "02:refused", "04:refused"}
	if got := problemLines(c); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("problems %v, want %v\n%v", got, want, c.Problems)
	}
}

func TestCheckOrdersHeaderLines(t *testing.T) {
	v, s := standardStart(t)
	view := engine.View{Seat: engine.Seat{GM: true}, State: s}
	c := CheckOrders(v, view, "france", "France:\nA par - bur\nGermany:\nA ber - kie")
	if len(c.Orders) != 2 || c.Lines[0] != 2 || c.Lines[1] != 4 {
		t.Fatalf("orders %v lines %v", c.Orders, c.Lines)
	}
	if got := problemLines(c); len(got) != 1 || got[0] != "04:not owner" {
		t.Errorf("problems %v", got)
	}
}

func TestMissing(t *testing.T) {
	g := newGame(t)
	if _, errs, err := g.SubmitOrders(phaseNow(g), "france", "A par - bur\nF bre - nao"); err != nil || len(errs) > 0 {
		t.Fatal(err, errs)
	}
	for p, text := range openings {
		if p != "france" && p != "england" {
			if _, _, err := g.SubmitOrders(phaseNow(g), p, text); err != nil {
				t.Fatal(err)
			}
		}
	}
	ms, err := g.Missing(engine.Seat{GM: true})
	if err != nil {
		t.Fatal(err)
	}
	byPower := map[engine.Power]PowerMissing{}
	for _, p := range ms.Powers {
		byPower[p.Power] = p
	}
	if len(ms.Powers) != 2 {
		t.Fatalf("powers missing %+v", ms.Powers)
	}
	if e := byPower["england"]; !e.NoOrders || len(e.Unordered) != 3 {
		t.Errorf("england %+v", e)
	}
	f := byPower["france"]
	if f.NoOrders || len(f.Unordered) != 1 || len(f.Illegal) != 1 || f.Illegal[0].Code != engine.Illegal {
		t.Errorf("france %+v", f)
	}
	if f.Unordered[0].Loc.P != mustProv(t, g, "mar") {
		t.Errorf("france's unordered unit %+v", f.Unordered[0])
	}
}

func mustProv(t *testing.T, g *Game, s string) engine.ProvinceID {
	t.Helper()
	p, ok := g.Map().Lookup(s)
	if !ok {
		t.Fatal(s)
	}
	return p
}

func TestUnorderedAdjustments(t *testing.T) {
	b := engine.Order{Kind: engine.Build}
	d := engine.Order{Kind: engine.Disband}
	for _, tt := range []struct {
		due    int
		orders []engine.Order
		want   int
	}{
		{2, nil, 2}, {2, []engine.Order{b}, 1}, {1, []engine.Order{b, b}, 0},
		{-2, []engine.Order{d}, -1}, {-1, []engine.Order{b}, -1}, {0, []engine.Order{d}, 0},
	} {
		if got := unordered(tt.due, tt.orders); got != tt.want {
			t.Errorf("unordered(%d, %d orders) = %d, want %d", tt.due, len(tt.orders), got, tt.want)
		}
	}
}
