package character2

import (
	"os"
	"strings"
	"testing"
)

// TestRulingsListEveryOption: docs/rulings/character2.md's table of
// options names every option the parts declare, with its default, so the
// game master's reference stays true.
func TestRulingsListEveryOption(t *testing.T) {
	if os.Getenv("DIPDESK_PRINT_OPTIONS") != "" {
		for _, name := range OptionNames() {
			def, d, _ := OptionDoc(name)
			t.Logf("| `%s` | `%s` | %s |", name, def, d)
		}
	}
	b, err := os.ReadFile("../../docs/rulings/character2.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	_, table, ok := strings.Cut(doc, "## The options")
	if !ok {
		t.Fatal("no \"## The options\" section")
	}
	for _, name := range OptionNames() {
		def, _, _ := OptionDoc(name)
		if !strings.Contains(table, "| `"+name+"` | `"+def+"` |") {
			t.Errorf("the options table lacks | `%s` | `%s` |", name, def)
		}
	}
	if os.Getenv("DIPDESK_PRINT_OPTIONS") != "" {
		for _, name := range OptionNames() {
			def, d, _ := OptionDoc(name)
			t.Logf("| `%s` | `%s` | %s |", name, def, d)
		}
	}
}
