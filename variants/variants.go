// Package variants lists the playable variants in the order the program
// offers them. Each variant lives in its own package and exports one
// engine.Variant value.
package variants

import (
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/character"
	"dipdesk/variants/standard"
)

// All returns every variant, in order.
func All() []*engine.Variant {
	return []*engine.Variant{
		standard.Variant,
		character.Variant,
	}
}

// Lookup finds a variant by id or name, in any case.
func Lookup(name string) (*engine.Variant, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	for _, v := range All() {
		if v.ID == name || strings.ToLower(v.Name) == name {
			return v, true
		}
	}
	return nil, false
}
