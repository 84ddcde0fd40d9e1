package casefile_test

import (
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
)

// TestRunRecoversFromAPanic: a hook that panics fails its case with the
// panic as the error, instead of ending the run.
func TestRunRecoversFromAPanic(t *testing.T) {
	std := standardSetup(t)
	su := *std
	su.Rules = &engine.Rules{Strength: func(*engine.State, engine.Unit, engine.Role) int { panic("a variant's bug") }}
	f, err := casefile.Parse("p.txt", strings.NewReader("CASE boom\nPRESTATE_SETPHASE S1901M\nPRESTATE\nFrance: A par\nORDERS\nFrance: A par - bur\nPOSTSTATE\nFrance: A bur\nEND\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep := su.Run("p.txt", f.Cases[0])
	if rep.Err == nil || !strings.Contains(rep.Err.Error(), "panicked: a variant's bug") {
		t.Fatalf("error %v, want the panic", rep.Err)
	}
}
