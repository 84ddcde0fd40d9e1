package resources

import (
	"fmt"
	"io/fs"
)

// MapChanges returns the change file of variant id: directives applied to
// a base map with engine.Map.Apply ("maps/character/character.changes").
func MapChanges(id string) ([]byte, error) {
	b, err := fs.ReadFile(files, "maps/"+id+"/"+id+".changes")
	if err != nil {
		return nil, fmt.Errorf("resources: map changes %q: %w", id, err)
	}
	return b, nil
}
