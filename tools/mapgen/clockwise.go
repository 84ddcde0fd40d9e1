package main

import (
	"slices"
	"strings"

	"dipdesk/render/geometry"
)

// ClockwiseFile is where clockwiseText's output is kept, for the variants
// (which may not import render): Character Diplomacy's rule 14.a retreats
// by Just's right-hand rule walk it.
const ClockwiseFile = "resources/maps/standard/clockwise.txt"

// clockwiseText lists, for every province of the standard board in
// alphabetical order, its neighbours in clockwise order of bearing from
// its unit anchor starting from north (geometry.Board.Neighbours): one
// line per province, the province's abbreviation first. The test
// TestClockwiseFile regenerates it from the geometry and compares it with
// the file, so the two cannot drift; `go test ./tools/mapgen -run
// TestClockwiseFile -update-clockwise` rewrites the file.
func clockwiseText(b *geometry.Board) string {
	var ids []string
	for _, r := range b.Provinces() {
		ids = append(ids, r.ID)
	}
	slices.Sort(ids)
	var sb strings.Builder
	sb.WriteString("# Neighbours of each province of the standard board in clockwise order from\n")
	sb.WriteString("# north, by bearing from the province's unit anchor to the middle of the longest\n")
	sb.WriteString("# border the two share. Generated from geometry.json by tools/mapgen\n")
	sb.WriteString("# (clockwise.go); do not edit. Switzerland is included; callers keep only\n")
	sb.WriteString("# the moves the engine allows.\n")
	for _, id := range ids {
		sb.WriteString(id)
		for _, n := range b.Neighbours(id) {
			sb.WriteByte(' ')
			sb.WriteString(n)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
