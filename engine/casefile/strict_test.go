package casefile_test

import (
	"slices"
	"strings"
	"testing"

	"dipdesk/engine/casefile"
	"dipdesk/variants"
)

// runText parses text, runs its only case in the variant named, and
// returns the report.
func runText(t *testing.T, variant, text string) *casefile.Report {
	t.Helper()
	f, err := casefile.Parse("c.txt", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) != 1 {
		t.Fatalf("%d cases", len(f.Cases))
	}
	return variantSetup(t, variant).Run("c.txt", f.Cases[0])
}

// wantPass fails the test unless rep passed.
func wantPass(t *testing.T, what string, rep *casefile.Report) {
	t.Helper()
	if !rep.Passed() {
		t.Errorf("%s: error %v, diffs %q", what, rep.Err, rep.Diffs)
	}
}

// wantErr fails the test unless rep's error contains every one of words.
func wantErr(t *testing.T, what string, rep *casefile.Report, words ...string) {
	t.Helper()
	if rep.Err == nil {
		t.Errorf("%s: no error (diffs %q)", what, rep.Diffs)
		return
	}
	for _, w := range words {
		if !strings.Contains(rep.Err.Error(), w) {
			t.Errorf("%s: error %q, want it to contain %q", what, rep.Err, w)
		}
	}
}

// wantDiff fails the test unless rep ran and one of its diffs contains
// every one of words.
func wantDiff(t *testing.T, what string, rep *casefile.Report, words ...string) {
	t.Helper()
	if rep.Err != nil {
		t.Errorf("%s: error %v, want a difference", what, rep.Err)
		return
	}
	for _, d := range rep.Diffs {
		ok := true
		for _, w := range words {
			ok = ok && strings.Contains(d, w)
		}
		if ok {
			return
		}
	}
	t.Errorf("%s: diffs %q, want one containing %q", what, rep.Diffs, words)
}

// TestUncheckedBlocksRefused: a block the case's variant does not check is
// an error naming the block, its line and the variant, in every variant:
// a Character Diplomacy II block in a Davis case was skipped, so its
// expectations could never fail.
func TestUncheckedBlocksRefused(t *testing.T) {
	davis := "VARIANT character\nCASE x\nPRESTATE_SETPHASE S1902M\nPRESTATE\nFrance: 1A par\nORDERS\nFrance: 1A par H\nPOSTSTATE_SAME\n"
	tests := []struct{ variant, text, want string }{
		{"character", davis + "POSTSTATE_SEEN\nEngland: none\nEND\n", `c.txt:9: POSTSTATE_SEEN is not a block Character Diplomacy checks`},
		{"character", davis + "POSTSTATE_REPORT\nFrance: !anything\nEND\n", `c.txt:9: POSTSTATE_REPORT is not a block Character Diplomacy checks`},
		{"character", davis + "POSTSTATE_KNOWN\nFrance: 1A par public\nEND\n", `c.txt:9: POSTSTATE_KNOWN is not a block Character Diplomacy checks`},
		{"standard", "CASE x\nPRESTATE\nFrance: A par\nPRESTATE_DECK\n9\nORDERS\nFrance: A par H\nEND\n", `c.txt:4: PRESTATE_DECK is not a block Standard Diplomacy checks (its blocks: none)`},
		{"standard", "CASE x\nPRESTATE\nFrance: A par\nORDERS\nFrance: A par H\nPOSTSTATE_SAME\nPOSTSTATE_EFFECTS\nEND\n", `c.txt:7: POSTSTATE_EFFECTS is not a block Standard Diplomacy checks`},
	}
	for _, tt := range tests {
		rep := runText(t, tt.variant, tt.text)
		wantErr(t, tt.want, rep, tt.want, "must say VARIANT")
	}
	// The blocks Character Diplomacy II checks run there.
	wantPass(t, "POSTSTATE_SEEN in character2", runText(t, "character2", strings.Replace(davis, "character", "character2", 1)+"POSTSTATE_SEEN\nEngland: France A par\nEND\n"))
}

// TestDeclaredBlocksAreParsed: every block a variant declares is one the
// parser reads (else the declaration could never be used), and the
// standard game declares none.
func TestDeclaredBlocksAreParsed(t *testing.T) {
	for _, v := range variants.All() {
		su, err := variants.CaseSetup(v)
		if err != nil {
			t.Fatal(err)
		}
		if su.Name != v.Name {
			t.Errorf("%s: Setup.Name %q", v.ID, su.Name)
		}
		if su.Extension == nil {
			if v.ID != "standard" {
				t.Errorf("%s has no case extension", v.ID)
			}
			continue
		}
		if len(su.Extension.Blocks) == 0 {
			t.Errorf("%s declares no block", v.ID)
		}
		for _, kw := range su.Extension.Blocks {
			if !slices.Contains(casefile.PreBlocks, kw) && !slices.Contains(casefile.PostBlocks, kw) {
				t.Errorf("%s declares %s, which the parser does not read", v.ID, kw)
			}
		}
	}
}

// TestPathIsNeverAConvoyPath: "1A par - bur - mun" is a double move for a
// double mover, and an error naming the problem otherwise, in every
// variant; it was read as the move par - mun, a convoy attempt.
func TestPathIsNeverAConvoyPath(t *testing.T) {
	davis := func(card, results string) string {
		return "VARIANT character\nCASE x\nPRESTATE_SETPHASE S1902M\nPRESTATE\nFrance: 1A par\nPRESTATE_CARDS\nFrance: 1A par " + card +
			"\nORDERS\nFrance: 1A par - bur - mun\n" + results + "END\n"
	}
	wantPass(t, "Davis #4 double mover", runText(t, "character", davis("4", "POSTSTATE\nFrance: 1A mun\nPOSTSTATE_RESULTS\nSUCCESS: France: 1A par via bur - mun\n")))
	wantPass(t, "Davis, glued notation", runText(t, "character", strings.Replace(davis("4", "POSTSTATE\nFrance: 1A mun\n"), "par - bur - mun", "par-bur-mun", 1)))
	wantPass(t, "Davis ordinary unit", runText(t, "character", davis("20", "POSTSTATE_SAME\nPOSTSTATE_RESULTS\nFAILURE: France: 1A par - bur - mun | holds no Double Mover card (#4)\n")))

	galt := func(card, order, post string) string {
		return "VARIANT character2\nCASE x\nPRESTATE_SETPHASE S1901M\nPRESTATE\nAustria: F tri\nFrance: A par\nPRESTATE_CARDS\n" + card +
			"\nORDERS\n" + order + "\n" + post + "END\n"
	}
	wantPass(t, "Galt double mover army", runText(t, "character2", galt("France: A par doublemover", "France: A par - bur - mun", "POSTSTATE\nAustria: F tri\nFrance: A mun\n")))
	wantPass(t, "Galt double mover fleet", runText(t, "character2", galt("Austria: F tri doublemover", "Austria: F tri - adr - ion", "POSTSTATE\nAustria: F ion\nFrance: A par\n")))
	wantPass(t, "Galt plain army", runText(t, "character2", galt("Austria: F tri doublemover", "France: A par - bur - pic",
		"POSTSTATE_SAME\nPOSTSTATE_RESULTS\nFAILURE: France: A par via bur - pic | is no Double Mover\n")))

	rep := runText(t, "standard", "CASE x\nPRESTATE\nFrance: A par\nORDERS\nFrance: A par - bur - pic\nPOSTSTATE\nFrance: A pic\nEND\n")
	wantErr(t, "standard", rep, "c.txt:5:", "Burgundy is no sea", "double move")
}

// TestVariantCoastsInEveryBlock: the coasts a variant adds (Davis's
// "sev/ec" on the Caspian) are read as written in every block that names
// a unit.
func TestVariantCoastsInEveryBlock(t *testing.T) {
	text := `VARIANT character
CASE caspian coast
PRESTATE_SETPHASE S1902M
PRESTATE
Russia: 1F sev/ec
Russia: 1A mos
Turkey: 1F arm/ec
PRESTATE_CARDS
Russia: 1F sev/ec 6
Turkey: 1F arm/ec 6
ORDERS
Russia: 1F sev/ec - cas
Russia: 1A mos H
Turkey: 1F arm/ec H
POSTSTATE
Russia: 1F cas
Russia: 1A mos
Turkey: 1F arm/ec
POSTSTATE_CARDS
Russia: 1F cas 6
Russia: 1A mos 20
Turkey: 1F arm/ec 6
POSTSTATE_RESULTS
SUCCESS: Russia: 1F sev/ec - cas
SUCCESS: Turkey: 1F arm/ec H
END
`
	wantPass(t, "sev/ec and arm/ec", runText(t, "character", text))
	// The coast is compared: a fleet expected on the Black Sea coast is not
	// the one on the Caspian's.
	wantDiff(t, "wrong coast", runText(t, "character", strings.Replace(text, "Turkey: 1F arm/ec\nPOSTSTATE_CARDS", "Turkey: 1F arm\nPOSTSTATE_CARDS", 1)),
		"expected unit Turkey F arm, missing")
	retreat := `VARIANT character
CASE dislodged on the Caspian coast
PRESTATE_SETPHASE S1902R
PRESTATE
Turkey: 1F cas
PRESTATE_DISLODGED
Russia: 1F sev/ec
PRESTATE_CARDS
Russia: 1F sev/ec 6
Turkey: 1F cas 6
ORDERS
Russia: 1F sev/ec disband
POSTSTATE
Turkey: 1F cas
POSTSTATE_RESULTS
SUCCESS: Russia: 1F sev/ec disband
END
`
	wantPass(t, "PRESTATE_DISLODGED on sev/ec", runText(t, "character", retreat))
}

// TestPrestateWhereTheCardLetsItStand: PRESTATE accepts a unit where its
// card lets it stand (Rules.Enter) and refuses it otherwise, with the
// reason.
func TestPrestateWhereTheCardLetsItStand(t *testing.T) {
	davis := func(unit, card string) string {
		return "VARIANT character\nCASE x\nPRESTATE_SETPHASE S1902M\nPRESTATE\nFrance: " + unit + "\nPRESTATE_CARDS\nFrance: " + unit + " " + card +
			"\nORDERS\nPOSTSTATE_SAME\nEND\n"
	}
	wantPass(t, "Davis Explorer in Switzerland", runText(t, "character", davis("1A swi", "7")))
	wantPass(t, "Davis Explorer on the Caspian", runText(t, "character", davis("1A cas", "7")))
	wantPass(t, "Davis Amphibious army at sea", runText(t, "character", davis("1A eng", "3")))
	wantErr(t, "Davis Ordinary army in Switzerland", runText(t, "character", davis("1A swi", "20")),
		"c.txt:5:", "Switzerland is impassable", "#20 Ordinary", "does not let it")
	wantErr(t, "Davis Ordinary army at sea", runText(t, "character", davis("1A eng", "20")), "c.txt:5: an army cannot stand in English Channel", "does not let it")

	galt := func(unit, card string) string {
		return "VARIANT character2\nCASE x\nPRESTATE_SETPHASE S1901M\nPRESTATE\nFrance: " + unit + "\nPRESTATE_CARDS\nFrance: " + unit + " " + card +
			"\nORDERS\nPOSTSTATE_SAME\nEND\n"
	}
	wantPass(t, "Galt Explorer in Switzerland", runText(t, "character2", galt("A swi", "explorer")))
	wantPass(t, "Galt Explorer on Ireland", runText(t, "character2", galt("A ire", "explorer")))
	wantPass(t, "Galt Amphibious army at sea", runText(t, "character2", galt("A nth", "amphibious")))
	wantErr(t, "Galt Jumper in Switzerland", runText(t, "character2", galt("A swi", "jumper")), "c.txt:5:", "Switzerland is impassable", "lets it")
	// The standard game has no card: the map's word is final.
	wantErr(t, "standard", runText(t, "standard", "CASE x\nPRESTATE\nFrance: A swi\nEND\n"), "c.txt:3: Switzerland is impassable: an army cannot stand there")
}

// TestOwnersAndWinner: POSTSTATE_SUPPLYCENTER_OWNERS and POSTSTATE_WINNER
// are checked by the runner, in every variant.
func TestOwnersAndWinner(t *testing.T) {
	for _, v := range []string{"standard", "character", "character2"} {
		t.Run(v, func(t *testing.T) {
			text := "VARIANT " + v + `
CASE owners
PRESTATE_SETPHASE F1902M
PRESTATE_SUPPLYCENTER_OWNERS
France: par
Germany: mun
PRESTATE
France: 1A bur
ORDERS
France: 1A bur - mun
POSTSTATE
France: 1A mun
ORDERS
POSTSTATE
France: 1A mun
POSTSTATE_SUPPLYCENTER_OWNERS
France: par
France: mun
POSTSTATE_WINNER none
END
`
			wantPass(t, "right owners", runText(t, v, text))
			wrong := strings.Replace(text, "France: mun\nPOSTSTATE_WINNER", "Germany: mun\nPOSTSTATE_WINNER", 1)
			wantDiff(t, "wrong owner", runText(t, v, wrong), "centre Munich owned by France, expected Germany")
			missing := strings.Replace(text, "France: par\nFrance: mun\n", "France: mun\n", 1)
			wantDiff(t, "owner left out", runText(t, v, missing), "centre Paris owned by France, expected no one")
			wantDiff(t, "wrong winner", runText(t, v, strings.Replace(text, "WINNER none", "WINNER France", 1)), "winner none, expected France")
			wantErr(t, "unknown winner", runText(t, v, strings.Replace(text, "WINNER none", "WINNER Frnace", 1)), `unknown power "Frnace" (did you mean France?)`)
		})
	}
	// Eighteen centres win the standard game.
	text := "CASE win\nPRESTATE_SETPHASE F1910M\nPRESTATE_SUPPLYCENTER_OWNERS\n"
	for _, c := range []string{"lon", "edi", "lvp", "bre", "par", "mar", "spa", "por", "bel", "hol", "mun", "kie", "ber", "den", "nwy", "swe", "tun"} {
		text += "France: " + c + "\n"
	}
	text += "PRESTATE\nFrance: A pie\nORDERS\nFrance: A pie - ven\nPOSTSTATE\nFrance: A ven\nPOSTSTATE_WINNER France\nEND\n"
	wantPass(t, "winner", runText(t, "standard", text))
	wantDiff(t, "no winner expected", runText(t, "standard", strings.Replace(text, "WINNER France", "WINNER none", 1)), "winner France, expected none")
}

// TestHashInCaseName: "#" on a CASE line is part of the name; elsewhere it
// starts a comment.
func TestHashInCaseName(t *testing.T) {
	f, err := casefile.Parse("c.txt", strings.NewReader("CASE 9.1 the Annihilator (card #9)\nPRESTATE # a comment\nFrance: A par # another\nEND\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c := f.Cases[0]; c.Name != "9.1 the Annihilator (card #9)" || len(c.Pre) != 1 || c.Pre[0].Text != "France: A par" {
		t.Errorf("name %q, prestate %v", c.Name, c.Pre)
	}
}

// TestResultKindWords: a POSTSTATE_RESULTS line names the kind of the
// order as adjudicated, a special order by its name: a line naming another
// special order of the same unit matches nothing.
func TestResultKindWords(t *testing.T) {
	text := `VARIANT character
CASE jump
PRESTATE_SETPHASE S1902M
PRESTATE
Germany: 1A mun
France: 1A ruh
PRESTATE_CARDS
Germany: 1A mun 5
ORDERS
Germany: 1A mun - bel
POSTSTATE
Germany: 1A bel
France: 1A ruh
POSTSTATE_RESULTS
SUCCESS: Germany: 1A mun jump
END
`
	wantPass(t, "a Jumper's move is a jump", runText(t, "character", text))
	rep := runText(t, "character", strings.Replace(text, "1A mun jump", "1A mun via bur - bel", 1))
	wantDiff(t, "via is not jump", rep, "no result for Germany: 1A mun via bur - bel")
	rep = runText(t, "character", strings.Replace(text, "1A mun jump", "1A mun - bel", 1))
	wantDiff(t, "a move is not a jump", rep, "no result for Germany: 1A mun - bel")
	for o, want := range map[string]string{"A par H": "H", "A par - bur": "-", "A par S A mar": "S", "F nth C A lon - bel": "C", "build A par": "build", "A par disband": "disband", "waive": "waive"} {
		ord, err := variantSetup(t, "standard").Parser.ParseOrder("france", o)
		if err != nil {
			t.Fatal(err)
		}
		if got := casefile.KindWord(ord); got != want {
			t.Errorf("KindWord(%q) = %q, want %q", o, got, want)
		}
	}
}

// TestResultWordExamples runs the standard game's examples of
// docs/case-format.md's kind words (the variants' run with their case
// files).
func TestResultWordExamples(t *testing.T) {
	su := standardSetup(t)
	f := loadFiles(t, "testdata/resultwords.txt")[0]
	if len(f.Cases) != 3 {
		t.Fatalf("%d cases", len(f.Cases))
	}
	for _, c := range f.Cases {
		if rep := su.Run(f.Name, c); !rep.Passed() {
			t.Errorf("%s: %v %q", c.Name, rep.Err, rep.Diffs)
		}
	}
}
