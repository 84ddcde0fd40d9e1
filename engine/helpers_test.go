package engine

import (
	"os"
	"sync"
	"testing"
)

var (
	stdOnce sync.Once
	stdMap  *Map
	stdErr  error
)

// standardMap loads the project's standard map data once for the tests.
func standardMap(tb testing.TB) *Map {
	tb.Helper()
	stdOnce.Do(func() {
		f, err := os.Open("../resources/maps/standard/standard.map")
		if err != nil {
			stdErr = err
			return
		}
		defer f.Close()
		stdMap, stdErr = LoadMap("standard.map", f)
	})
	if stdErr != nil {
		tb.Fatal(stdErr)
	}
	return stdMap
}
