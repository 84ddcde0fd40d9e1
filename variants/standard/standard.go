// Package standard is standard Diplomacy: the 1901 board of seven powers,
// adjudicated exactly as the DATC v3.0 prefers.
package standard

import (
	"bytes"
	"sync"

	"dipdesk/engine"
	"dipdesk/resources"
)

var (
	once   sync.Once
	stdMap *engine.Map
	mapErr error
)

// Map returns the standard board, loaded once from the embedded data.
func Map() (*engine.Map, error) {
	once.Do(func() {
		b, err := resources.MapFile("standard")
		if err != nil {
			mapErr = err
			return
		}
		stdMap, mapErr = engine.LoadMap("standard.map", bytes.NewReader(b))
	})
	return stdMap, mapErr
}

// Variant is standard Diplomacy.
var Variant = &engine.Variant{
	ID:          "standard",
	Name:        "Standard Diplomacy",
	Description: "The classic game for seven players, from Spring 1901, adjudicated exactly as the DATC v3.0 prefers.",
	Map:         Map,
	Start:       engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement},
}
