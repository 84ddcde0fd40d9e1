package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"dipdesk/app/session"
)

// TestCharacterGame plays Character Diplomacy from the command line to
// Spring 1903: new, orders with rule 10's unit numbers, process, show per
// seat (rule 3: a power sees its own cards only), and report. France
// builds in Winter 1901 and its new units are dealt cards (rule 5.a).
func TestCharacterGame(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "character.dipdesk")
	if code, out, errs := run("new", "--variant", "character", "--seed", "11", "--out", file); code != 0 || !strings.Contains(out, "Character Diplomacy") {
		t.Fatalf("new: %s %s", out, errs)
	}
	if code, out, _ := run("variants"); code != 0 || !strings.Contains(out, "character") {
		t.Errorf("variants does not list character:\n%s", out)
	}
	code, out, _ := run("show", file, "--as", "france")
	if code != 0 || !strings.Contains(out, "France: 1A par  [#") || !strings.Contains(out, "France: 1F bre  [#") {
		t.Fatalf("France's view lacks its numbered units and cards:\n%s", out)
	}
	if strings.Contains(out, "Germany: 1A ber  [") {
		t.Errorf("France sees Germany's card:\n%s", out)
	}
	code, out, _ = run("show", file, "--as", "public")
	if code != 0 || strings.Contains(out, "[#") || !strings.Contains(out, "Germany: 1A ber") {
		t.Errorf("the public view shows cards or no numbers:\n%s", out)
	}

	orders := map[string]map[string]string{
		"S1901M": {"france": "1A par - bur\n2A mar - spa\n1F bre - mao", "germany": "1A ber - kie\n1F kie - den\n2A mun - ruh"},
		"F1901M": {"france": "2A spa - por\n1F mao - spa/nc", "germany": "2A ruh - hol\n1A kie - mun"},
		"W1901A": {"france": "build A mar\nbuild F bre", "germany": "build A ber\nbuild F kie"},
		"S1902M": {"france": "3A mar - gas\n1A bur - mun", "germany": "2A hol - bel\n1A mun H\n2F kie - hel"},
		"F1902M": {"france": "2F bre - eng\n3A gas - bre"},
	}
	for step := 0; step < 12; step++ {
		g, err := session.OpenReadOnly(file)
		if err != nil {
			t.Fatal(err)
		}
		cur, err := g.Current()
		g.Close()
		if err != nil {
			t.Fatal(err)
		}
		phase := cur.State.Phase.Key()
		if cur.State.Phase.Year == 1903 {
			break
		}
		for p, text := range orders[phase] {
			f := filepath.Join(dir, p+".txt")
			if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			if code, out, errs := run("orders", file, "--phase", phase, "--power", p, f); code != 0 {
				t.Fatalf("%s %s orders: %s %s", phase, p, out, errs)
			}
		}
		code, out, errs := run("process", file, "--phase", phase)
		if code != 0 {
			t.Fatalf("process %s: %s", phase, errs)
		}
		if phase == "W1901A" {
			for _, want := range []string{"France's new 3A in Marseilles is dealt a character card, told to France alone (rule 5.a)",
				"Germany's new 2F in Kiel is dealt a character card"} {
				if !strings.Contains(out, want) {
					t.Errorf("W1901A: output lacks %q:\n%s", want, out)
				}
			}
			if strings.Contains(out, "dealt #") {
				t.Errorf("the processing output names a dealt card:\n%s", out)
			}
		}
	}
	code, out, _ = run("show", file)
	if code != 0 || !strings.Contains(out, "Spring 1903 Movement") {
		t.Fatalf("not in Spring 1903:\n%s", out)
	}
	code, out, _ = run("show", file, "--as", "france")
	if code != 0 || !strings.Contains(out, "France: 3A ") || !strings.Contains(out, "France: 2F ") {
		t.Errorf("France's view in 1903:\n%s", out)
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "France: ") && !strings.Contains(l, "[#") {
			t.Errorf("France's unit without its card in its own view: %q", l)
		}
	}
	code, out, _ = run("show", file, "--as", "gm")
	unitLine := regexp.MustCompile(`^[A-Z][a-z]+: \d+[AF] `)
	units := 0
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		if !unitLine.MatchString(l) {
			continue
		}
		units++
		if !strings.Contains(l, "  [#") {
			t.Errorf("the game master sees a unit without a card: %q", l)
		}
	}
	if code != 0 || units < 22 {
		t.Errorf("the game master's view: exit %d, %d numbered units:\n%s", code, units, out)
	}
	if code, out, _ = run("report", file, "--phase", "S1902M", "--for", "public"); code != 0 || !strings.Contains(out, "3A mar - gas") {
		t.Errorf("report S1902M:\n%s", out)
	}
}

// TestCasesCharacter: "dipdesk cases" runs the Character Diplomacy case
// files under the variant their VARIANT_ALL names, with its cards.
func TestCasesCharacter(t *testing.T) {
	files, _ := filepath.Glob("../../variants/character/testdata/cases/*.txt")
	if len(files) == 0 {
		t.Fatal("no character case files")
	}
	code, out, errs := run(append([]string{"cases"}, files...)...)
	if code != 0 || !strings.Contains(out, " passed, 0 failed\n") {
		t.Fatalf("exit %d, stderr %q, output %q", code, errs, tail(out))
	}
	// Run as the standard game, the cards are refused, never skipped.
	code, out, _ = run("cases", "-variant", "standard", files[0])
	if code != 1 || !strings.Contains(out, "say VARIANT") {
		t.Errorf("as standard: exit %d, %q", code, tail(out))
	}
}

// TestNewWithOptions: --option passes the variant's options to its Setup
// (add_cards votes in X5 and X8); bad options are refused.
func TestNewWithOptions(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "x.dipdesk")
	if code, out, errs := run("new", "--variant", "character", "--option", "add_cards=X5,X8", "--seed", "3", "--out", file); code != 0 {
		t.Fatalf("new: %s %s", out, errs)
	}
	g, err := session.OpenReadOnly(file)
	if err != nil {
		t.Fatal(err)
	}
	cur, err := g.Current()
	g.Close()
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(cur.State.Extra)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"id":"X5","count":2`) || !strings.Contains(string(b), `"id":"X8","count":2`) {
		t.Errorf("the deck lacks X5 and X8: %s", b)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "character", "--option", "colour=blue"}, `unknown option "colour"`},
		{[]string{"--variant", "character", "--option", "add_cards"}, "want NAME=VALUE"},
		{[]string{"--option", "add_cards=X5"}, "Standard Diplomacy takes no options"},
	} {
		args := append([]string{"new", "--out", filepath.Join(dir, "bad.dipdesk")}, tc.args...)
		if code, _, errs := run(args...); code == 0 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want %q", tc.args, code, errs, tc.want)
		}
	}
}

// TestShowMarks: show lists the marks the cards left that the seat may
// see: a mine (Davis #12) to its layer and the game master, never to
// another power or the public (rule 3).
func TestShowMarks(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mines.dipdesk")
	if code, out, errs := run("new", "--variant", "character", "--seed", "7", "--out", file); code != 0 {
		t.Fatalf("new: %s %s", out, errs)
	}
	if _, out, _ := run("show", file, "--as", "france"); !strings.Contains(out, "France: 1F bre  [#12 Minelayer]") {
		t.Fatalf("seed 7 no longer deals France's fleet the Minelayer; pick another seed:\n%s", out)
	}
	orders := filepath.Join(dir, "orders.txt")
	for _, text := range []string{"1F bre - mao", "", "1F mao lay mine por", ""} { // S1901M, F1901M, S1902M, S1902R
		if text != "" {
			if err := os.WriteFile(orders, []byte(text+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if code, out, errs := run("orders", file, "--phase", phaseOf(t, file), "--power", "france", orders); code != 0 {
				t.Fatalf("orders %q: %s %s", text, out, errs)
			}
		}
		if code, out, errs := run("process", file, "--phase", phaseOf(t, file)); code != 0 {
			t.Fatalf("process: %s %s", out, errs)
		}
	}
	for seat, want := range map[string]bool{"france": true, "gm": true, "germany": false, "public": false} {
		_, out, _ := run("show", file, "--as", seat)
		if got := strings.Contains(out, "Mark: mine mao (France)"); got != want {
			t.Errorf("%s sees the French mine: %v, want %v:\n%s", seat, got, want, out)
		}
	}
}

// TestEditCard: the game master enters a physical deal by hand (edit card
// POWER UNIT CARD); rule 4.b's check refuses a deal that would leave
// France without its Ordinary unit; the audit names no card (rule 3).
func TestEditCard(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "deal.dipdesk")
	if code, out, errs := run("new", "--variant", "character", "--seed", "7", "--out", file); code != 0 {
		t.Fatalf("new: %s %s", out, errs)
	}
	// Seed 7: France 1F bre #12, 2A mar #20, 1A par #13.
	if code, out, errs := run("edit", file, "card", "france", "1F", "11"); code != 0 {
		t.Fatalf("edit card: %s %s", out, errs)
	}
	_, out, _ := run("show", file, "--as", "france")
	if !strings.Contains(out, "France: 1F bre  [#11 Hypnotist]") {
		t.Errorf("France's fleet does not hold the Hypnotist:\n%s", out)
	}
	if code, _, errs := run("edit", file, "card", "france", "2A", "9"); code == 0 || !strings.Contains(errs, "rule 4.b") {
		t.Errorf("a deal leaving France no Ordinary unit was accepted: %s", errs)
	}
	if code, _, errs := run("edit", file, "card", "france", "x", "9"); code == 0 || !strings.Contains(errs, "1A or 2F") {
		t.Errorf("a bad unit label: %s", errs)
	}
	_, out, _ = run("history", file, "--all")
	if strings.Contains(out, "Hypnotist") || !strings.Contains(out, "its card by hand") {
		t.Errorf("the audit log names the card or lacks the deal:\n%s", out)
	}
}

// TestEditAdd: "edit FILE add POWER A|F PROV [CARD]" in a card variant
// gives the new unit its number and a card, from the deck or the one the
// game master names; a card the rules refuse is refused with the rule and
// leaves the game as it was; "edit card" for a unit France does not have
// lists France's units.
func TestEditAdd(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "add.dipdesk")
	if code, out, errs := run("new", "--variant", "character", "--seed", "7", "--out", file); code != 0 {
		t.Fatalf("new: %s %s", out, errs)
	}
	// Seed 7: France 1F bre #12, 2A mar #20, 1A par #13.
	if code, out, errs := run("edit", file, "add", "france", "A", "bur"); code != 0 || !strings.Contains(out, "edited: add france A bur") {
		t.Fatalf("edit add: %d %s %s", code, out, errs)
	}
	if code, out, errs := run("edit", file, "add", "france", "F", "nth", "#11"); code != 0 {
		t.Fatalf("edit add with a card: %s %s", out, errs)
	}
	_, out, _ := run("show", file, "--as", "france")
	if !strings.Contains(out, "France: 3A bur  [#") || !strings.Contains(out, "France: 2F nth  [#11 Hypnotist]") {
		t.Errorf("the new units' numbers and cards:\n%s", out)
	}
	// A second Hypnotist for France (at the start: rule 4.b).
	code, _, errs := run("edit", file, "add", "france", "A", "pic", "11")
	if code == 0 || !strings.Contains(errs, "Hypnotist") {
		t.Errorf("a second Hypnotist for France was accepted: %s", errs)
	}
	if _, out, _ := run("show", file, "--as", "gm"); strings.Contains(out, "pic") {
		t.Errorf("the refused unit stands in Picardy:\n%s", out)
	}
	if code, _, errs := run("edit", file, "card", "france", "4A", "20"); code == 0 || !strings.Contains(errs, "France has no unit 4A; its units are") ||
		!strings.Contains(errs, "3A bur") {
		t.Errorf("edit card for a unit France does not have: %s", errs)
	}
	_, out, _ = run("history", file, "--all")
	if strings.Contains(out, "Hypnotist") || !strings.Contains(out, "added France 2F nth and dealt it its card by hand") {
		t.Errorf("the audit log names the card or lacks the edit:\n%s", out)
	}
}
