package character2

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// coverageItem is one card, rule or clarification of the seed and what
// tests it: case names (a regular expression over the files' CASE lines)
// and Go tests that must exist.
type coverageItem struct {
	what    string
	cases   string   // regexp, case-insensitive, over "CASE ..." lines; "" when only Go tests do
	goTests []string // Test functions of this package
}

var coverage = []coverageItem{
	{"Annihilator", `annihilat`, nil},
	{"Gas Attacker", `gas`, nil},
	{"Hypnotist", `hypnoti`, []string{"TestHypnotismReports"}},
	{"Psychic", `psychic`, nil},
	{"Doppelganger", `doppelganger`, nil},
	{"Invisible Unit", `invisible`, nil},
	{"Ghost", `ghost`, nil},
	{"Move First", `move first`, nil},
	{"Retreater", `retreater`, nil},
	{"Hyperspace Unit", `hyperspace`, nil},
	{"Cutter", `cutter`, nil},
	{"Jumper", `jumper`, nil},
	{"Martial Artist", `martial artist`, nil},
	{"Double Strength", `double strength`, nil},
	{"Limited Double Strength", `limited double`, nil},
	{"Super Supporter", `super supporter`, nil},
	{"Double Mover", `double mover|doublemover`, nil},
	{"Engineer/Minesweeper", `engineer|minesweeper`, nil},
	{"Minelayer", `minelayer`, nil},
	{"Amphibious Unit", `amphibious`, nil},
	{"Convertible Unit", `convertible`, nil},
	{"Water Walker/Superfleet", `water walker|superfleet`, nil},
	{"Neanderthal/Aircraft Carrier", `neanderthal|aircraft carrier`, nil},
	{"Explorer", `explorer`, nil},
	{"Free Unit", `free unit`, nil},
	{"rule 2: reporting the use of a power", `rule 2\b`, nil},
	{"rule 3: the caps", `rule 3\b`, []string{"TestRule3Caps", "TestInitialDealRule3"}},
	{"rule 4: the Caspian and (ec)", `rule 4\b`, nil},
	{"rule 5: unit numbers", `rule 5\b`, nil},
	{"rule 6: voluntary disbanding", `rule 6\b`, nil},
	{"rule 7: powers when dislodged", `rule 7\b`, nil},
	{"rule 8: precedence", `rule 8\b`, nil},
	{"rule 9: victory", ``, []string{"TestVictoryCentres"}},
	{"Q&A: no Winter 1900", `winter 1900`, nil},
	{"Q&A: capture before disband", `capture of centers`, nil},
	{"Q&A: hypnotism reports", ``, []string{"TestHypnotismReports", "TestHypnotisedPsychicReport"}},
	{"Q&A: a Ghost acts while invisible, invisibility first", `invisib.*(move|support|order)`, nil},
	{"Q&A: the Move First chain", `clarification`, nil},
	{"Q&A: a second unit into a double move's middle space", `middle space`, nil},
	{"Q&A: supports of a double move and their ambiguity", `F Gre S F Tri|F Apu S F Tri`, nil},
	{"Q&A: a double move names all three spaces", `all three spaces`, nil},
	{"Q&A: what is reported when a mine destroys a unit", `blown up|mine`, nil},
	{"Q&A: jumping over a mined space", `mines and jumps|over a mine|jump.*mine|mine.*jump`, nil},
	{"Q&A: disbanded units' powers not revealed", `disband.*(unrevealed|not revealed|discarded)`, []string{"TestWinRevealsEveryCard"}},
	{"Q&A: standbys", ``, []string{"TestStandbyHand"}},
}

// TestEveryCardAndRuleHasCases fails when a card type, a rule or a
// clarification of the seed has no case (or, where a case file cannot
// express it, no Go test).
func TestEveryCardAndRuleHasCases(t *testing.T) {
	var names []string
	for _, f := range caseFiles(t) {
		for _, c := range f.Cases {
			names = append(names, c.Name)
		}
	}
	tests := map[string]bool{}
	files, _ := filepath.Glob("*_test.go")
	declared := regexp.MustCompile(`(?m)^func (Test\w+)\(t \*testing\.T\)`)
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range declared.FindAllStringSubmatch(string(b), -1) {
			tests[m[1]] = true
		}
	}
	for _, it := range coverage {
		if it.cases != "" {
			re := regexp.MustCompile("(?i)" + it.cases)
			n := 0
			for _, name := range names {
				if re.MatchString(name) {
					n++
				}
			}
			if n == 0 {
				t.Errorf("%s: no case matches %q", it.what, it.cases)
			}
		}
		for _, g := range it.goTests {
			if !tests[g] {
				t.Errorf("%s: Go test %s is missing", it.what, g)
			}
		}
		if it.cases == "" && len(it.goTests) == 0 {
			t.Errorf("%s: nothing tests it", it.what)
		}
	}
	if len(coverage) < len(allKinds())+8 {
		t.Errorf("the coverage table lists %d items", len(coverage))
	}
	for _, k := range allKinds() {
		found := false
		for _, it := range coverage {
			found = found || strings.EqualFold(it.what, k.String())
		}
		if !found {
			t.Errorf("%s has no row in the coverage table", k)
		}
	}
}
