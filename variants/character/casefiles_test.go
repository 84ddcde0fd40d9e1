package character

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/engine/casefile"
	"dipdesk/variants/kit/kittest"
)

func caseSetup(t *testing.T) *casefile.Setup {
	t.Helper()
	m, err := Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	return &casefile.Setup{Map: m, Rules: Variant.Rules, Parser: Variant.Parser(m), Extension: CaseExtension}
}

func parseCases(t *testing.T, name, text string) *casefile.File {
	t.Helper()
	f, err := casefile.Parse(name, strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestCaseFiles runs every case file in testdata/cases: the cards that act
// so far, rule 7's gate, rule 10's numbers and the life cycle (rules 2, 5,
// 13). No case may be skipped.
func TestCaseFiles(t *testing.T) {
	su := caseSetup(t)
	names, err := filepath.Glob("testdata/cases/*.txt")
	if err != nil || len(names) == 0 {
		t.Fatal("no case files in testdata/cases")
	}
	n := 0
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f := parseCases(t, name, string(b))
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
		t.Errorf("%d cases, want at least 40", n)
	}
}

// TestCaseFilesCanFail: wrong cards, discards and results are noticed.
func TestCaseFilesCanFail(t *testing.T) {
	su := caseSetup(t)
	const text = `VARIANT character
CASE wrong
PRESTATE_SETPHASE F1902M
PRESTATE
France: 1A bur
France: 2A pic
Germany: 1A mun
PRESTATE_CARDS
France: 1A bur 2
Germany: 1A mun 5
ORDERS
France: 1A bur - mun
France: 2A pic - bur
POSTSTATE_CARDS
France: 1A mun 1
France: 2A bur 20
POSTSTATE_DISCARDS
5
POSTSTATE_RESULTS
FAILURE: France: 1A bur - mun
END
`
	rep := su.Run("w.txt", parseCases(t, "w.txt", text).Cases[0])
	want := []string{
		"expected card France 1A mun: 1, missing",
		"unexpected card France 1A mun: 2",
		"unexpected card Germany 1A mun: 5",
		"discards [], expected [5]",
		"result of France: 1A bur - mun: SUCCESS",
	}
	got := strings.Join(rep.Diffs, "\n")
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("diffs lack %q:\n%s", w, got)
		}
	}
}

// TestCaseFileErrors: a mistake in the character blocks names its line.
func TestCaseFileErrors(t *testing.T) {
	su := caseSetup(t)
	tests := []struct{ name, body, want string }{
		{"unknown card", "PRESTATE\nFrance: A bur\nPRESTATE_CARDS\nFrance: A bur 99\n", `c.txt:6: no card "99" in this game's deck`},
		{"optional card not voted in", "PRESTATE\nFrance: A bur\nPRESTATE_CARDS\nFrance: A bur X5\n", `c.txt:6: no card "X5" in this game's deck (optional cards need OPTION add_cards)`},
		{"no copy left", "PRESTATE\nFrance: A bur\nFrance: A pic\nFrance: A par\nPRESTATE_CARDS\nFrance: A bur 9\nFrance: A pic 9\nFrance: A par 9\n", `c.txt:10: no #9 Annihilator left in the deck`},
		{"no such unit", "PRESTATE\nFrance: A bur\nPRESTATE_CARDS\nFrance: A pic 2\n", `c.txt:6: no army Picardy of France in PRESTATE or PRESTATE_DISLODGED`},
		{"wrong number", "PRESTATE\nFrance: 1A bur\nPRESTATE_CARDS\nFrance: 2A bur 2\n", `c.txt:6: the unit there is 1A, not 2A`},
		{"two cards", "PRESTATE\nFrance: A bur\nPRESTATE_CARDS\nFrance: A bur 2\nFrance: A bur 1\n", `c.txt:7: france 1A already holds a card`},
		{"no card id", "PRESTATE\nFrance: A bur\nPRESTATE_CARDS\nFrance: bur\n", `c.txt:6: want "Power: 1A province card", as "France: 1A bur 2"`},
		{"deck card used up", "PRESTATE\nFrance: A bur\nPRESTATE_CARDS\nFrance: A bur 9\nPRESTATE_DECK\n9 9\n", `c.txt:8: no #9 Annihilator left in the pile for PRESTATE_DECK`},
		{"bad option", "OPTION reshuffle_every none\nPRESTATE\nFrance: A bur\n", `c.txt:2: character: option reshuffle_every="none"`},
		{"unknown option", "OPTION colour blue\nPRESTATE\nFrance: A bur\n", `c.txt:2: character: unknown option "colour"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := "VARIANT character\nCASE x\n" + tt.body + "END\n"
			rep := su.Run("c.txt", parseCases(t, "c.txt", text).Cases[0])
			if rep.Err == nil || !strings.HasPrefix(rep.Err.Error(), tt.want) {
				t.Errorf("error %v\nwant  %s", rep.Err, tt.want)
			}
		})
	}
}

// FuzzCaseBlocks feeds the variant's part of the case format
// (CaseExtension: its OPTION lines and blocks, unit numbers, cards, decks,
// effects and checks) any text: a file that parses must run without a
// panic, reported or not. The seeds are every case of testdata/cases, one a seed.
func FuzzCaseBlocks(f *testing.F) { kittest.FuzzCaseBlocks(f, Variant, CaseExtension) }

// TestCaseCheckWithoutCards: a step's blocks are never skipped, even on a
// position that somehow holds no cards: the check fails saying so.
func TestCaseCheckWithoutCards(t *testing.T) {
	kittest.CaseCheckWithoutCards(t, Variant, CaseExtension)
}
