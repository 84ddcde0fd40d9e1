package character2

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/engine/casefile"
)

// TestC2hiddenCases runs the hidden units' case files
// (testdata/cases/c2hidden*.txt): every case must pass, none is skipped.
func TestC2hiddenCases(t *testing.T) {
	m, err := Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	su := &casefile.Setup{Map: m, Rules: Variant.Rules, Parser: Variant.Parser(m), Extension: CaseExtension}
	names, err := filepath.Glob("testdata/cases/c2hidden*.txt")
	if err != nil || len(names) == 0 {
		t.Fatal("no c2hidden case files in testdata/cases")
	}
	n := 0
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := casefile.Parse(name, strings.NewReader(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range f.Cases {
			n++
			t.Run(filepath.Base(name)+"/"+c.Name, func(t *testing.T) {
				if !strings.EqualFold(c.Variant, Variant.ID) {
					t.Fatalf("case of variant %q, want %s", c.Variant, Variant.ID)
				}
				rep := su.Run(name, c)
				if rep.Err != nil {
					t.Fatal(rep.Err)
				}
				for _, d := range rep.Diffs {
					t.Error(d)
				}
				if t.Failed() {
					for _, st := range rep.Steps {
						for _, r := range st.Outcome.Results {
							t.Logf("%s: %s | %s | %s", r.Order.Power, r.Order.Format(m), r.Code, r.Reason)
						}
						for _, e := range st.Outcome.Events {
							t.Logf("event: %s", e)
						}
					}
				}
			})
		}
	}
	if n < 20 {
		t.Errorf("only %d hidden-unit cases", n)
	}
}
