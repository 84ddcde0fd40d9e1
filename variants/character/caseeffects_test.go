package character

import (
	"strings"
	"testing"
)

// TestCaseEffectsCanFail: POSTSTATE_EFFECTS notices a missing effect, an
// unexpected one and a wrong reason; PRESTATE_EFFECTS' effects are on the
// board.
func TestCaseEffectsCanFail(t *testing.T) {
	su := caseSetup(t)
	const text = `VARIANT character
CASE wrong effects
PRESTATE_SETPHASE S1903M
PRESTATE
England: 1F nth
Russia: 1F nwy
PRESTATE_CARDS
England: 1F nth 10
PRESTATE_EFFECTS
mine hol France
closed mun 5 annihilated
ORDERS
England: 1F nth gas nwy
POSTSTATE_EFFECTS
mine hol france
mine bel germany
closed mun 5 gassed
closed nwy 4
disorder russia 1F 5
END
`
	rep := su.Run("e.txt", parseCases(t, "e.txt", text).Cases[0])
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	want := []string{
		"expected effect mine bel germany, missing",
		`effect closed mun 5: reason "annihilated" does not contain "gassed"`,
		"unexpected effect used england 1F 4",
	}
	got := strings.Join(rep.Diffs, "\n")
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("diffs lack %q:\n%s", w, got)
		}
	}
	if len(rep.Diffs) != len(want) {
		t.Errorf("%d diffs, want %d:\n%s", len(rep.Diffs), len(want), got)
	}
}

// TestCaseEffectsFree: from 1902 a #19 unit is a free unit at the start of
// a case without a "free" line; in 1901 it is not.
func TestCaseEffectsFree(t *testing.T) {
	su := caseSetup(t)
	for _, tt := range []struct{ phase, want string }{{"W1902A", "free france 1A\n"}, {"W1901A", ""}} {
		text := "VARIANT character\nCASE free\nPRESTATE_SETPHASE " + tt.phase + "\nPRESTATE\nFrance: 1A bur\nPRESTATE_CARDS\nFrance: 1A bur 19\n" +
			"ORDERS\nPOSTSTATE_SAME\nPOSTSTATE_EFFECTS\n" + tt.want + "END\n"
		rep := su.Run("f.txt", parseCases(t, "f.txt", text).Cases[0])
		if rep.Err != nil || len(rep.Diffs) > 0 {
			t.Errorf("%s: %v %v", tt.phase, rep.Err, rep.Diffs)
		}
	}
}

// TestCaseEffectsErrors: a mistake in an effects line names its line.
func TestCaseEffectsErrors(t *testing.T) {
	su := caseSetup(t)
	pre := "PRESTATE_SETPHASE S1902M\nPRESTATE\nFrance: 1A bur\nPRESTATE_EFFECTS\n"
	tests := []struct{ name, body, want string }{
		{"unknown kind", pre + "smoke bur\n", `c.txt:7: want an effect`},
		{"too short", pre + "mine bur\n", `c.txt:7: want an effect`},
		{"no province", pre + "mine bxr france\n", `c.txt:7: no province "bxr"`},
		{"no power", pre + "mine bur narnia\n", `c.txt:7: unknown power "narnia"`},
		{"bad turn", pre + "closed bur soon\n", `c.txt:7: want a movement turn number`},
		{"bad unit", pre + "used france A1 2\n", `c.txt:7: want a unit number as 1A`},
		{"no such unit", pre + "disorder france 2A 3\n", `c.txt:7: no unit 2A of France on the board`},
		{"not a centre", pre + "suspended bur 3\n", `c.txt:7: bur is no supply centre`},
		{"two mines", pre + "mine bur france\nmine bur france\n", `c.txt:8: a power lays one mine in a space (16.e)`},
		{"reason on a mine", pre + "mine bur france old\n", `c.txt:7: mine takes no reason`},
		{"post", "PRESTATE_SETPHASE S1902M\nPRESTATE\nFrance: 1A bur\nORDERS\nPOSTSTATE_EFFECTS\nclosed bur\n", `c.txt:8: want an effect`},
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
