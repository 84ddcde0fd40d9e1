package engine

import (
	"strings"
	"testing"
)

// TestBuildBeyondDue: with four centres and two units, a build beyond the builds due says how many were
// due and that earlier orders gave them all, not that none was due.
func TestBuildBeyondDue(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Winter, Type: Adjustment})
	s.Units = nil
	den, _ := m.Lookup("den")
	for _, h := range []string{"ber", "kie", "mun", "den"} {
		p, _ := m.Lookup(h)
		s.Owners[p] = "germany"
	}
	sil, _ := m.Lookup("sil")
	s.Units = []Unit{{Type: Army, Power: "germany", Loc: Loc{P: sil}}, {Type: Fleet, Power: "germany", Loc: Loc{P: den}}}
	orders, errs := ParseOrders(m, "germany", "build A ber\nbuild A mun\nbuild F kie")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := AdjudicateAdjustments(s, orders, nil)
	if !out.Results[0].OK || !out.Results[1].OK {
		t.Fatalf("the two builds due: %+v", out.Results)
	}
	if r := out.Results[2]; r.OK || !strings.Contains(r.Reason, "Germany has 2 builds due, all given by the orders before this one") {
		t.Errorf("the third build: %v %q", r.OK, r.Reason)
	}
	// Four centres and four units: no build due at all.
	pru, _ := m.Lookup("pru")
	bal, _ := m.Lookup("bal")
	s.Units = append(s.Units, Unit{Type: Army, Power: "germany", Loc: Loc{P: pru}}, Unit{Type: Fleet, Power: "germany", Loc: Loc{P: bal}})
	out = AdjudicateAdjustments(s, orders[:1], nil)
	if r := out.Results[0]; r.OK || r.Reason != "Germany has no build due" {
		t.Errorf("no build due: %v %q", r.OK, r.Reason)
	}
}
