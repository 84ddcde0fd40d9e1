package questionable

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/engine/casefile"
)

// TestCaseFiles runs every case of testdata/cases: each must pass, none
// is skipped, each is a case of this variant (`make test` runs the same
// files through `dipdesk cases`).
func TestCaseFiles(t *testing.T) {
	m, err := Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	su := &casefile.Setup{Map: m, Rules: Variant.Rules, Parser: Variant.Parser(m), Extension: CaseExtension}
	names, err := filepath.Glob("testdata/cases/*.txt")
	if err != nil || len(names) == 0 {
		t.Fatal("no case files in testdata/cases")
	}
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
}
