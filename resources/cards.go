package resources

import (
	"embed"
	"fmt"
	"io/fs"
)

//go:embed cards
var cardFiles embed.FS

// CardFile returns the card list called name in cards/ ("character.txt").
func CardFile(name string) ([]byte, error) {
	b, err := fs.ReadFile(cardFiles, "cards/"+name)
	if err != nil {
		return nil, fmt.Errorf("resources: card file %q: %w", name, err)
	}
	return b, nil
}
