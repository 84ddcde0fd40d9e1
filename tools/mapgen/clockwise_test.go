package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/render/geometry"
)

var updateClockwise = flag.Bool("update-clockwise", false, "rewrite "+ClockwiseFile+" from the geometry")

// TestClockwiseFile: the clockwise neighbour file the variants read is
// exactly what the geometry gives.
func TestClockwiseFile(t *testing.T) {
	b, err := geometry.Load()
	if err != nil {
		t.Fatal(err)
	}
	want := clockwiseText(b)
	path := filepath.Join("..", "..", ClockwiseFile)
	if *updateClockwise {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatalf("%s is stale: run go test ./tools/mapgen -run TestClockwiseFile -update-clockwise", ClockwiseFile)
	}
	// Spot check from the geometry's own test: Paris from the north.
	if !strings.Contains(want, "\npar pic bur gas bre\n") {
		t.Error("Paris's neighbours are not pic bur gas bre")
	}
}
