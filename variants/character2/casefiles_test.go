package character2

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/engine/casefile"
)

// caseFiles reads every case file in testdata/cases (one per card group,
// and integration.txt for the cases where groups meet).
func caseFiles(t *testing.T) []*casefile.File {
	t.Helper()
	names, err := filepath.Glob("testdata/cases/*.txt")
	if err != nil || len(names) == 0 {
		t.Fatal("no case files in testdata/cases")
	}
	var out []*casefile.File
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := casefile.Parse(name, strings.NewReader(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Cases) == 0 {
			t.Errorf("%s has no cases", name)
		}
		out = append(out, f)
	}
	return out
}

// TestCaseFiles runs every case of testdata/cases: each must pass, none
// is skipped, and each is a case of this variant. (`make test` runs the
// same files through `dipdesk cases`.)
func TestCaseFiles(t *testing.T) {
	m, err := Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	su := &casefile.Setup{Map: m, Rules: Variant.Rules, Parser: Variant.Parser(m), Extension: CaseExtension}
	n := 0
	for _, f := range caseFiles(t) {
		for _, c := range f.Cases {
			n++
			t.Run(filepath.Base(f.Name)+"/"+c.Name, func(t *testing.T) {
				if !strings.EqualFold(c.Variant, Variant.ID) {
					t.Fatalf("case of variant %q, want %s", c.Variant, Variant.ID)
				}
				rep := su.Run(f.Name, c)
				if rep.Err != nil {
					t.Fatal(rep.Err)
				}
				for _, d := range rep.Diffs {
					t.Error(d)
				}
			})
		}
	}
	if n < 300 {
		t.Errorf("only %d cases", n)
	}
}
