package casefile_test

import (
	"os"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
)

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"outside case", "PRESTATE\n", `c.txt:1: "PRESTATE" outside a case (want CASE first)`},
		{"no end", "CASE a\nPRESTATE\nEngland: F lon\n", `c.txt:3: case "a" has no END`},
		{"nested", "CASE a\nCASE b\n", `c.txt:2: CASE before END of case "a"`},
		{"unknown keyword", "CASE a\nPRESTATE\nPRESTATE_MONSTERS\nEND\n", `c.txt:3: unknown keyword "PRESTATE_MONSTERS"`},
		{"stray line", "CASE a\nEngland: F lon\nEND\n", `c.txt:2: unexpected line "England: F lon" in case "a" (no block open)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := casefile.Parse("c.txt", strings.NewReader(tt.text))
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v\nwant  %s", err, tt.want)
			}
		})
	}
}

func TestCRLFAndKeywordCase(t *testing.T) {
	su := standardSetup(t)
	text := "variant_all Standard\r\ncase crlf\r\nprestate\r\nFrance: A Paris  # a comment\r\norders\r\nFrance: A Paris - Burgundy\r\nposttate\r\n"
	if _, err := casefile.Parse("c.txt", strings.NewReader(text)); err == nil {
		t.Fatal("misspelt keyword accepted")
	}
	text = strings.Replace(text, "posttate", "poststate\r\nFrance: A bur\r\nend", 1)
	f, err := casefile.Parse("c.txt", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if rep := su.Run("c.txt", f.Cases[0]); !rep.Passed() {
		t.Fatalf("%v %v", rep.Err, rep.Diffs)
	}
}

func TestRunErrors(t *testing.T) {
	su := standardSetup(t)
	tests := []struct{ name, body, want string }{
		{"bad province", "PRESTATE\nEngland: F Lodnon\n", `c.txt:4: no province "Lodnon" (did you mean London?)`},
		{"bad power", "PRESTATE\nEngand: F lon\n", `c.txt:4: unknown power "Engand" (did you mean England?)`},
		{"two units", "PRESTATE\nEngland: F lon\nFrance: A lon\n", `c.txt:5: London already holds a unit`},
		{"army at sea", "PRESTATE\nEngland: A nth\n", `c.txt:4: an army cannot stand in North Sea`},
		{"bad phase", "PRESTATE_SETPHASE Sprung 1901, Movement\n", `c.txt:3: engine: phase "Sprung 1901, Movement": unknown season "sprung"`},
		{"bad order", "PRESTATE\nEngland: F lon\nORDERS\nEngland: F lon - Nrth Sea\n", `c.txt:6: no province "Nrth Sea" (did you mean North Sea?)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := "VARIANT_ALL Standard\nCASE x\n" + tt.body + "END\n"
			f, err := casefile.Parse("c.txt", strings.NewReader(text))
			if err != nil {
				t.Fatal(err)
			}
			rep := su.Run("c.txt", f.Cases[0])
			if rep.Err == nil || rep.Err.Error() != tt.want {
				t.Errorf("error %v\nwant  %s", rep.Err, tt.want)
			}
		})
	}
}

func TestPrestateResults(t *testing.T) {
	// A retreat phase set up directly, as jDip and godip files do.
	su := standardSetup(t)
	text := `CASE retreat from results
PRESTATE_SETPHASE Spring 1901, Retreat
PRESTATE
Italy: A tri
Italy: A tyr
PRESTATE_DISLODGED
Austria: A vie
PRESTATE_RESULTS
SUCCESS: Italy: A boh - vie
SUCCESS: Italy: A gal S A boh - vie
FAILURE: Russia: A war - gal
FAILURE: Turkey: A bud - gal
ORDERS
Austria: A vie - boh
POSTSTATE
Italy: A tri
Italy: A tyr
END
`
	f, err := casefile.Parse("r.txt", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	rep := su.Run("r.txt", f.Cases[0])
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	// Bohemia is where the attacker came from: the retreat is illegal and
	// the army is disbanded.
	if !rep.Passed() {
		t.Fatalf("diffs: %v", rep.Diffs)
	}
	if s := rep.Steps[0].Before; !s.Standoff(mustProv(t, su, "gal")) || s.Dislodged[0].From != mustProv(t, su, "boh") {
		t.Errorf("standoffs %v, from %v", s.Standoffs, s.Dislodged[0].From)
	}
}

func mustProv(t *testing.T, su *casefile.Setup, name string) engine.ProvinceID {
	t.Helper()
	id, ok := su.Map.Lookup(name)
	if !ok {
		t.Fatal(name)
	}
	return id
}

func FuzzParse(f *testing.F) {
	for _, name := range []string{"../testdata/datc/6a.txt", "../testdata/datc/6h.txt", "../testdata/datc/6j.txt"} {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for _, seed := range caseSeeds(string(b)) {
			f.Add(seed)
		}
	}
	f.Add("CASE x\nPRESTATE_SETPHASE F1901R\nPRESTATE_DISLODGED\nEngland: F nth\nPRESTATE_RESULTS\nSUCCESS: France: F eng - nth\nORDERS\nEngland: F nth - nwg\nEND\n")
	// The variant extension: OPTION, unit numbers, cards, scripted draws,
	// the checks of cards, discards and results.
	for _, name := range []string{"strength.txt", "lifecycle.txt", "proposed.txt", "numbers.txt", "strikes.txt", "sappers.txt", "rules.txt"} {
		b, err := os.ReadFile("../../variants/character/testdata/cases/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add("VARIANT character\nOPTION add_cards X5:3\nCASE x\nPRESTATE_SETPHASE F1902R\nPRESTATE\nFrance: 2A bur\n" +
		"PRESTATE_DISLODGED\nGermany: 1A mun\nPRESTATE_CARDS\nFrance: 2A bur X5 revealed\nGermany: A mun 9\nPRESTATE_DECK\n9 20\n" +
		"ORDERS\nGermany: 1A mun disband\nPOSTSTATE_CARDS\nFrance: 2A bur X5\nPOSTSTATE_DISCARDS\n9\nPOSTSTATE_RESULTS\nSUCCESS: Germany: 1A mun disband | x\nEND\n")
	// The effects blocks: every kind of line, with and without reasons.
	f.Add("VARIANT character\nCASE x\nPRESTATE_SETPHASE S1903M\nPRESTATE\nEngland: 1F nth\nRussia: 1F nwy\n" +
		"PRESTATE_CARDS\nEngland: 1F nth 10\nPRESTATE_EFFECTS\nmine nth france\nclosed mun 5 annihilated\nsuspended mun 6\n" +
		"disorder russia 1F 5 gassed\nused england 1F 2\nfree england 1F\nORDERS\nEngland: 1F nth gas nwy\n" +
		"POSTSTATE_EFFECTS\nmine nth france\nclosed nwy 4 gassed\nused england 1F 4\nEND\n")
	// Character Diplomacy II's blocks, the peers' suite and the format of
	// issue 13: paths, variant coasts, centre owners, the winner, the
	// convention, "#" in a name, a unit where only its card lets it stand.
	for _, name := range []string{"../../variants/character2/testdata/cases/c2hidden.txt", "../../variants/character2/testdata/cases/c2movers.txt", "testdata/godip_datc_v2.4_06.txt"} {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for _, seed := range caseSeeds(string(b)) {
			f.Add(seed)
		}
	}
	f.Add("CONVENTION jdip\nVARIANT character\nCASE card #4, a path\nPRESTATE_SETPHASE S1902M\nPRESTATE\nFrance: 1A par\nRussia: 1F sev/ec\nFrance: 2A swi\n" +
		"PRESTATE_CARDS\nFrance: 1A par 4\nRussia: 1F sev/ec 6\nFrance: 2A swi 7\nORDERS\nFrance: 1A par-bur-mun\nRussia: 1F sev/ec - cas\n" +
		"POSTSTATE\nFrance: 1A mun\nPOSTSTATE_DISLODGED\nPOSTSTATE_SUPPLYCENTER_OWNERS\nFrance: par\nPOSTSTATE_WINNER none\n" +
		"POSTSTATE_RESULTS\nSUCCESS: France: 1A par via bur - mun\nORDERS\nCONVENTION dipdesk\nPOSTSTATE_SAME\nEND\n")
	f.Add("VARIANT character2\nCASE x\nPRESTATE\nFrance: A nth\nPRESTATE_CARDS\nFrance: A nth amphibious\nORDERS\nFrance: A nth - bel - hol\n" +
		"POSTSTATE_SEEN\nEngland: France A nth\nPOSTSTATE_REPORT\nFrance: !via\nPOSTSTATE_KNOWN\nFrance: A nth public\nPOSTSTATE_WINNER France\nEND\n")
	setups := []*casefile.Setup{standardSetup(f), variantSetup(f, "character"), variantSetup(f, "character2")}
	f.Fuzz(func(t *testing.T, text string) {
		cf, err := casefile.Parse("fuzz.txt", strings.NewReader(text))
		if err != nil {
			return
		}
		for _, c := range cf.Cases {
			// Must not panic, whatever the file says, in any variant: the
			// runner turns a panic into the case's error, so that is
			// looked for.
			for _, su := range setups {
				if rep := su.Run("fuzz.txt", c); rep.Err != nil && strings.Contains(rep.Err.Error(), "panicked") {
					t.Fatalf("%s: %v", su.Name, rep.Err)
				}
			}
		}
	})
}

// caseSeeds splits a case file into one seed per case, each with the
// file's lines before its first CASE (VARIANT_ALL, OPTION, CONVENTION): a
// fuzzer mutates small inputs many times a second, a whole file a few
// times a minute.
func caseSeeds(text string) []string {
	head, rest, found := strings.Cut(text, "\nCASE ")
	if !found {
		return []string{text}
	}
	var out []string
	for _, c := range strings.Split(rest, "\nCASE ") {
		out = append(out, head+"\nCASE "+c)
	}
	return out
}
