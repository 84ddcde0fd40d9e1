package casefile_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/engine/casefile"
	"dipdesk/variants"
)

// standardSetup is the runner of the DATC files' variant, looked up as
// the command line's "dipdesk cases" does (VARIANT_ALL Standard).
func standardSetup(t testing.TB) *casefile.Setup {
	t.Helper()
	return variantSetup(t, "Standard")
}

func variantSetup(t testing.TB, name string) *casefile.Setup {
	t.Helper()
	v, ok := variants.Lookup(name)
	if !ok {
		t.Fatalf("no variant %q", name)
	}
	su, err := variants.CaseSetup(v)
	if err != nil {
		t.Fatal(err)
	}
	return su
}

func loadFiles(t testing.TB, pattern string) []*casefile.File {
	t.Helper()
	names, err := filepath.Glob(pattern)
	if err != nil || len(names) == 0 {
		t.Fatalf("no case files match %s", pattern)
	}
	var out []*casefile.File
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		cf, err := casefile.Parse(name, f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, cf)
	}
	return out
}

// TestDATC runs all 164 chapter-6 cases of DATC v3.0; none may be skipped.
// Each case runs in the variant its file names (VARIANT_ALL Standard),
// looked up as "dipdesk cases" does.
func TestDATC(t *testing.T) {
	setups := map[string]*casefile.Setup{}
	files := loadFiles(t, "../testdata/datc/6*.txt")
	n := 0
	seen := map[string]bool{}
	for _, f := range files {
		for _, c := range f.Cases {
			n++
			num := strings.Fields(c.Name)[0]
			if seen[num] {
				t.Errorf("case %s appears twice", num)
			}
			seen[num] = true
			su, ok := setups[c.Variant]
			if !ok {
				su = variantSetup(t, c.Variant)
				setups[c.Variant] = su
			}
			t.Run(num, func(t *testing.T) {
				if su.Extension != nil || su.Rules != nil {
					t.Fatalf("case of variant %q runs with variant hooks", c.Variant)
				}
				rep := su.Run(f.Name, c)
				if rep.Err != nil {
					t.Fatalf("%s: %v", c.Name, rep.Err)
				}
				for _, d := range rep.Diffs {
					t.Errorf("%s: %s", c.Name, d)
				}
			})
		}
	}
	if n != 164 {
		t.Errorf("%d DATC cases, want 164", n)
	}
}

// TestCasesCanFail checks the runner notices a wrong expectation: the
// DATC suite passing means nothing if a mismatch could go unseen.
func TestCasesCanFail(t *testing.T) {
	su := standardSetup(t)
	const text = `VARIANT_ALL Standard
CASE wrong expectation
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
Germany: A Munich
ORDERS
Germany: A Munich - Burgundy
POSTSTATE
Germany: A Munich
END
`
	f, err := casefile.Parse("wrong.txt", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	rep := su.Run("wrong.txt", f.Cases[0])
	if rep.Passed() {
		t.Fatal("a case with a wrong POSTSTATE passed")
	}
	want := []string{"expected unit Germany A mun, missing", "unexpected unit Germany A bur"}
	if strings.Join(rep.Diffs, "|") != strings.Join(want, "|") {
		t.Errorf("diffs %q, want %q", rep.Diffs, want)
	}
}
