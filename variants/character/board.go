package character

import (
	"dipdesk/engine"
	"dipdesk/variants/standard"
)

// Map returns the variant's board: the standard map for now. The movement
// cards add Hyperspace (rule 6) and the Caspian Sea (rule 11) here.
func Map() (*engine.Map, error) { return standard.Map() }
