package casefile_test

import (
	"strings"
	"testing"

	"dipdesk/engine/casefile"
)

// TestVariantKeywords: VARIANT, OPTION and the variant blocks are read
// into the case, file-wide options first.
func TestVariantKeywords(t *testing.T) {
	const text = `VARIANT character
OPTION add_cards X5
CASE a
VARIANT other
OPTION reshuffle_every 10
PRESTATE
France: 1A bur
PRESTATE_CARDS
France: 1A bur 2
PRESTATE_DECK
9 20
11
ORDERS
France: 1A bur - mun
POSTSTATE_CARDS
France: 1A mun 2
POSTSTATE_DISCARDS
POSTSTATE_RESULTS
SUCCESS: France: 1A bur - mun | moved
END
CASE b
END
`
	f, err := casefile.Parse("v.txt", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	a, b := f.Cases[0], f.Cases[1]
	if a.Variant != "other" || b.Variant != "character" {
		t.Errorf("variants %q, %q", a.Variant, b.Variant)
	}
	if len(a.Options) != 2 || a.Options[0].Text != "add_cards X5" || a.Options[1].Text != "reshuffle_every 10" || len(b.Options) != 1 {
		t.Errorf("options %v, %v", a.Options, b.Options)
	}
	if got := a.VariantPre["PRESTATE_CARDS"]; len(got) != 1 || got[0].Text != "France: 1A bur 2" || got[0].N != 9 {
		t.Errorf("cards %v", got)
	}
	if got := a.VariantPre["PRESTATE_DECK"]; len(got) != 2 || got[1].Text != "11" {
		t.Errorf("deck %v", got)
	}
	st := a.Steps[0]
	if !st.Check || len(st.Variant["POSTSTATE_CARDS"]) != 1 || st.Variant["POSTSTATE_DISCARDS"] == nil || len(st.PostResults) != 1 {
		t.Errorf("step %+v", st)
	}
	if len(a.Pre) != 1 {
		t.Errorf("prestate %v", a.Pre)
	}
	for _, bad := range []string{"OPTION add_cards\n", "VARIANT\n"} {
		if _, err := casefile.Parse("v.txt", strings.NewReader(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestVariantBlocksNeedAVariant: a standard run of a case with cards or
// options fails loudly, never skipping the blocks.
func TestVariantBlocksNeedAVariant(t *testing.T) {
	su := standardSetup(t)
	for _, body := range []string{
		"OPTION add_cards X5\nPRESTATE\nFrance: A bur\n",
		"PRESTATE\nFrance: A bur\nPRESTATE_CARDS\nFrance: A bur 2\n",
		"PRESTATE\nFrance: A bur\nORDERS\nFrance: A bur H\nPOSTSTATE_CARDS\nFrance: A bur 2\n",
	} {
		f, err := casefile.Parse("v.txt", strings.NewReader("CASE x\n"+body+"END\n"))
		if err != nil {
			t.Fatal(err)
		}
		rep := su.Run("v.txt", f.Cases[0])
		if rep.Err == nil || !strings.Contains(rep.Err.Error(), "say VARIANT") {
			t.Errorf("%q: error %v", body, rep.Err)
		}
	}
}

// TestPostResults: POSTSTATE_RESULTS checks success and the reason.
func TestPostResults(t *testing.T) {
	su := standardSetup(t)
	run := func(results string) *casefile.Report {
		text := "CASE r\nPRESTATE\nGermany: A mun\nFrance: A bur\nORDERS\nGermany: A mun - bur\nFrance: A bur H\nPOSTSTATE_SAME\nPOSTSTATE_RESULTS\n" + results + "END\n"
		f, err := casefile.Parse("r.txt", strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		return su.Run("r.txt", f.Cases[0])
	}
	if rep := run("FAILURE: Germany: A mun - bur | bounced\nSUCCESS: France: A bur H\n"); !rep.Passed() {
		t.Errorf("right expectations: %v %v", rep.Err, rep.Diffs)
	}
	rep := run("SUCCESS: Germany: A mun - bur\nFAILURE: Germany: A mun - bur | dislodged\nSUCCESS: Italy: A ven H\n")
	want := []string{
		`result of Germany: A mun - bur: FAILURE (bounced off A bur holding in bur (1 vs 1)), expected SUCCESS`,
		`result of Germany: A mun - bur: reason "bounced off A bur holding in bur (1 vs 1)", expected it to contain "dislodged"`,
		`no result for Italy: A ven H`,
	}
	if rep.Err != nil || strings.Join(rep.Diffs, "\n") != strings.Join(want, "\n") {
		t.Errorf("diffs %v %q\nwant %q", rep.Err, rep.Diffs, want)
	}
	if rep := run("MAYBE: Germany: A mun - bur\n"); rep.Err == nil {
		t.Error("a bad flag accepted")
	}
}

// TestPostStateNumbers: a unit number written in POSTSTATE is compared.
func TestPostStateNumbers(t *testing.T) {
	su := standardSetup(t)
	text := "CASE n\nPRESTATE\nFrance: 2A bur\nORDERS\nFrance: 2A bur - mun\nPOSTSTATE\nFrance: 3A mun\nEND\n"
	f, err := casefile.Parse("n.txt", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	rep := su.Run("n.txt", f.Cases[0])
	if rep.Err != nil || len(rep.Diffs) != 1 || rep.Diffs[0] != "unit France A mun is number 2, expected 3" {
		t.Errorf("%v %q", rep.Err, rep.Diffs)
	}
}
