package store

import (
	"os"
	"testing"
)

// TestMain lets the test binary also serve as the child process of the
// crash and lock tests, chosen by an environment variable, so no test
// exists only to be skipped.
func TestMain(m *testing.M) {
	if path := os.Getenv(crashChildEnv); path != "" {
		os.Exit(crashWriter(path))
	}
	if path := os.Getenv(lockChildEnv); path != "" {
		os.Exit(lockChild(path))
	}
	os.Exit(m.Run())
}
