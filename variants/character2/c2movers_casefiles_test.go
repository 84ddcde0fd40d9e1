package character2

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/engine/casefile"
)

// TestC2MoversCaseFiles runs the movers group's case files
// (testdata/cases/c2movers*.txt): every case must pass, none is skipped.
func TestC2MoversCaseFiles(t *testing.T) {
	m, err := Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	su := &casefile.Setup{Map: m, Rules: Variant.Rules, Parser: Variant.Parser(m), Extension: CaseExtension}
	names, err := filepath.Glob("testdata/cases/c2movers*.txt")
	if err != nil || len(names) == 0 {
		t.Fatal("no c2movers case files in testdata/cases")
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
			})
		}
	}
	if n < 40 {
		t.Errorf("only %d movers cases", n)
	}
}
