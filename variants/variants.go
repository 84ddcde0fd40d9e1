// Package variants lists the playable variants in the order the program
// offers them. Each variant lives in its own package and exports one
// engine.Variant value.
package variants

import (
	"strings"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
	"dipdesk/variants/character"
	"dipdesk/variants/character2"
	"dipdesk/variants/questionable"
	"dipdesk/variants/shapetest"
	"dipdesk/variants/standard"
)

// All returns every variant, in order.
func All() []*engine.Variant {
	return []*engine.Variant{
		standard.Variant,
		character.Variant,
		character2.Variant,
		questionable.Variant,
	}
}

// Hidden returns the variants kept for tests and tools: not offered in
// the New game list or by "dipdesk variants", found by Lookup (the
// test-only variant that carries every shape of game at once).
func Hidden() []*engine.Variant {
	return []*engine.Variant{shapetest.Variant}
}

// Lookup finds a variant by id or name, in any case, hidden ones too.
func Lookup(name string) (*engine.Variant, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	for _, v := range append(All(), Hidden()...) {
		if v.ID == name || strings.ToLower(v.Name) == name {
			return v, true
		}
	}
	return nil, false
}

// extensions are the variants' parts of the case-file runner, by id.
var extensions = map[string]*casefile.Extension{
	character.Variant.ID:    character.CaseExtension,
	character2.Variant.ID:   character2.CaseExtension,
	questionable.Variant.ID: questionable.CaseExtension,
}

// CaseSetup returns what the case-file runner needs to run a case of v:
// its map, rules, parser (with its special orders), its name and its part
// of the case format (docs/case-format.md). A variant without an
// Extension (the standard game) checks no variant block, so the runner
// refuses a case with one.
func CaseSetup(v *engine.Variant) (*casefile.Setup, error) {
	m, err := v.Map()
	if err != nil {
		return nil, err
	}
	return &casefile.Setup{Map: m, Rules: v.Rules, Parser: v.Parser(m), Name: v.Name, Extension: extensions[v.ID]}, nil
}
