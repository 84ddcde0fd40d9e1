package character2

import (
	"os"
	"strings"
	"testing"
)

// TestRulingsListEveryOption: docs/rulings/character2.md's table of
// options lists every option the parts declare, once, with its default
// and what it decides, and nothing else: the section ends with the table,
// so a stray line or a second copy of a row is an error too.
func TestRulingsListEveryOption(t *testing.T) {
	if os.Getenv("DIPDESK_PRINT_OPTIONS") != "" {
		for _, name := range optionNames() {
			def, d, _ := optionDoc(name)
			t.Logf("| `%s` | `%s` | %s |", name, def, d)
		}
	}
	b, err := os.ReadFile("../../docs/rulings/character2.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## The options\n")
	if !ok {
		t.Fatal("no \"## The options\" section")
	}
	if i := strings.Index(section, "\n## "); i >= 0 {
		section = section[:i]
	}
	_, table, ok := strings.Cut(section, "| option | default | what it decides |\n|---|---|---|\n")
	if !ok {
		t.Fatal("the options section has no table headed | option | default | what it decides |")
	}
	rows := map[string]string{}
	for n, line := range strings.Split(strings.TrimRight(table, "\n"), "\n") {
		f := strings.Split(line, " | ")
		if len(f) != 3 || !strings.HasPrefix(f[0], "| `") || !strings.HasSuffix(f[2], " |") {
			t.Errorf("table line %d is no row \"| `name` | `default` | what it decides |\": %q", n+1, line)
			continue
		}
		name := strings.Trim(strings.TrimPrefix(f[0], "| "), "`")
		if _, dup := rows[name]; dup {
			t.Errorf("option %s is listed twice", name)
		}
		rows[name] = f[1]
		def, _, declared := optionDoc(name)
		switch {
		case !declared:
			t.Errorf("the table lists %s, which no part declares", name)
		case f[1] != "`"+def+"`":
			t.Errorf("the table gives %s the default %s, the code %q", name, f[1], def)
		case strings.TrimSpace(strings.TrimSuffix(f[2], " |")) == "":
			t.Errorf("the table does not say what %s decides", name)
		}
	}
	for _, name := range optionNames() {
		if _, ok := rows[name]; !ok {
			def, _, _ := optionDoc(name)
			t.Errorf("the options table lacks | `%s` | `%s` |", name, def)
		}
	}
}
