package questionable

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"dipdesk/engine/casefile"
)

// TestRulingsListEveryOption: the options table at the end of
// docs/rulings/questionable.md lists exactly the variant's options, each
// with its default first.
func TestRulingsListEveryOption(t *testing.T) {
	b, err := os.ReadFile("../../docs/rulings/questionable.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(b), "## Options")
	if !ok {
		t.Fatal("no Options section")
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\| `([a-z]+)`")
	var listed []string
	for _, m := range row.FindAllStringSubmatch(table, -1) {
		listed = append(listed, m[1])
		if def := reg.OptionDefault(m[1]); def != m[2] {
			t.Errorf("option %s: the table's default %q, the code's %q", m[1], m[2], def)
		}
	}
	slices.Sort(listed)
	if got := reg.OptionNames(); !slices.Equal(listed, got) {
		t.Fatalf("the table lists %v, the code has %v", listed, got)
	}
}

// TestEveryRuleHasCases: every rule of the seed, every roll of every
// character's table and every ruling has a case that exists.
func TestEveryRuleHasCases(t *testing.T) {
	need := map[string][]string{
		"rule 1, 1-4 succeeds":         {"BR.1"},
		"rule 1, 5 nothing (Q3)":       {"BR.2"},
		"rule 1, 6 caught, 3 years":    {"BR.3", "BR.4"},
		"rule 1, second catch jail":    {"BR.5"},
		"rule 1, most bribes win":      {"BR.6", "BR.10"},
		"rule 1, tie keeps the order":  {"BR.7"},
		"rule 2, 1-3 steals":           {"EM.1", "EM.2"},
		"rule 2, 4-5 nothing":          {"EM.3"},
		"rule 2, sentences 2, 4, jail": {"EM.4", "EM.5", "EM.6", "EM.6b"},
		"rule 2, ordered that turn":    {"EM.1", "EM.7", "EM.8"},
		"rule 3, 1-3 wasted":           {"DE.1", "DE.2"},
		"rule 3, 4-5 nothing":          {"DE.3"},
		"rule 3, sentences":            {"DE.4", "DE.5", "DE.6"},
		"rule 4, 1-3 wins":             {"GA.1"},
		"rule 4, otherwise loses":      {"GA.2", "GA.3"},
		"rule 4, touch":                {"GA.4", "GA.5", "GA.6"},
		"rule 4, working piece":        {"GA.7"},
		"rule 5, seduced holds":        {"HO.1", "HO.2", "HO.3"},
		"rule 5, 6 kills the Hooker":   {"HO.4", "HO.5"},
		"rule 6, one attack":           {"TH.1", "TH.4"},
		"rule 6, rule 8 order":         {"TH.2"},
		"rule 6, same type random":     {"TH.3"},
		"rule 6, leader":               {"TH.5"},
		"rule 7, after winter 1901":    {"KI.1"},
		"rule 7, 1-2 killed":           {"KI.2"},
		"rule 7, 3 trial":              {"KI.3"},
		"rule 7, 4 another leader":     {"KI.4", "KI.5", "KI.13", "KI.14"},
		"rule 7, 5 own leader":         {"KI.6", "KI.7"},
		"rule 7, 6 defects":            {"KI.8", "KI.9"},
		"rule 8, example A":            {"8.A"},
		"rule 8, example B":            {"8.B", "HO.6"},
		"rule 8, example C":            {"8.C", "8.C2"},
		"rule 8, example D":            {"8.D", "8.D2", "8.D3"},
		"rule 8 D, one type's order":   {"KI.9", "KI.11", "KI.12", "GA.9", "GA.10", "GA.12"},
		"rule 8, order":                {"8.E", "DE.7"},
		"rule 9":                       {"9.1", "9.2", "9.3", "9.4", "KI.10"},
		"options":                      {"OP.1", "OP.2", "OP.3", "OP.4", "OP.5", "OP.6", "TH.7"},
	}
	have := map[string]bool{}
	names, _ := filepath.Glob("testdata/cases/*.txt")
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
			id, _, _ := strings.Cut(c.Name, " ")
			have[id] = true
		}
	}
	for rule, ids := range need {
		for _, id := range ids {
			if !have[id] {
				t.Errorf("%s: no case %s", rule, id)
			}
		}
	}
}
