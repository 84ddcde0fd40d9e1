package character2

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"dipdesk/engine/casefile"
	"dipdesk/variants/kit/kittest"
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

// FuzzCaseBlocks feeds the variant's part of the case format
// (CaseExtension: its OPTION lines and blocks, unit numbers, cards, decks,
// effects and checks) any text: a file that parses must run without a
// panic, reported or not. The seeds are every case of testdata/cases, one a seed.
func FuzzCaseBlocks(f *testing.F) { kittest.FuzzCaseBlocks(f, Variant, CaseExtension) }

// TestCaseBlocksDeclared: the blocks the Extension declares are exactly
// those it reads, the parts' addCaseCheck blocks included, so a part's
// new block cannot be skipped by the runner, and a declared block cannot
// go unread.
func TestCaseBlocksDeclared(t *testing.T) {
	read := []string{"PRESTATE_CARDS", "PRESTATE_DECK", "PRESTATE_EFFECTS", "POSTSTATE_CARDS", "POSTSTATE_DISCARDS", "POSTSTATE_EFFECTS"}
	blocks, _ := reg.CaseChecks()
	read = append(read, blocks...)
	slices.Sort(read)
	declared := slices.Sorted(slices.Values(CaseExtension.Blocks))
	if !slices.Equal(read, declared) {
		t.Errorf("declared %v, read %v", declared, read)
	}
}

// TestCaseCheckWithoutCards: a step's blocks are never skipped, even on a
// position that somehow holds no cards: the check fails saying so.
func TestCaseCheckWithoutCards(t *testing.T) {
	kittest.CaseCheckWithoutCards(t, Variant, CaseExtension)
}
