// Package resources holds DipDesk's embedded data: map facts, and later
// board geometry, card lists and icons. It imports nothing of the project.
package resources

import (
	"embed"
	"fmt"
	"io/fs"
)

//go:embed maps
var files embed.FS

// FS is the embedded data, rooted at this folder ("maps/standard/standard.map").
var FS fs.FS = files

// MapFile returns the data file of map id ("standard").
func MapFile(id string) ([]byte, error) {
	b, err := fs.ReadFile(files, "maps/"+id+"/"+id+".map")
	if err != nil {
		return nil, fmt.Errorf("resources: map %q: %w", id, err)
	}
	return b, nil
}
