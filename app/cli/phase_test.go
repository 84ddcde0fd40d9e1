package cli

import (
	"testing"

	"dipdesk/app/session"
)

// phaseOf returns the current phase of the game in file.
func phaseOf(t *testing.T, file string) string {
	t.Helper()
	g, err := session.OpenReadOnly(file)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	ps, err := g.Current()
	if err != nil {
		t.Fatal(err)
	}
	return ps.Phase.Name
}
