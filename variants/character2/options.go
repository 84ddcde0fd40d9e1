package character2

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Options are the game's options, by name: a ruling on which careful game
// masters differ is an option (docs/rulings/character2.md). Each option is
// declared by the part it belongs to with addOption, with its default and
// a check of its values; Setup refuses unknown names and bad values, and
// the position keeps the options so every hook sees them.
type Options map[string]string

func (o Options) clone() Options { return maps.Clone(o) }

// optionDecl is one declared option.
type optionDecl struct {
	name, def, doc string
	check          func(string) error
}

var optionDecls = map[string]optionDecl{}

// addOption declares an option (during registration).
func addOption(name, def, doc string, check func(string) error) {
	if _, dup := optionDecls[name]; dup {
		panic("character2: option " + name + " declared twice")
	}
	optionDecls[name] = optionDecl{name, def, doc, check}
}

// boolOption checks a yes/no option.
func boolOption(v string) error {
	switch v {
	case "yes", "no":
		return nil
	}
	return fmt.Errorf("want yes or no, not %q", v)
}

// OptionNames lists the declared options, sorted.
func OptionNames() []string { return slices.Sorted(maps.Keys(optionDecls)) }

// OptionDoc returns an option's default and what it decides.
func OptionDoc(name string) (def, doc string, ok bool) {
	d, ok := optionDecls[name]
	return d.def, d.doc, ok
}

// parseOptions checks the options given to Setup and fills in defaults.
func parseOptions(given map[string]string) (Options, error) {
	out := Options{}
	for name, d := range optionDecls {
		out[name] = d.def
	}
	for k, v := range given {
		d, ok := optionDecls[k]
		if !ok {
			return nil, fmt.Errorf("character2: unknown option %q (known: %s)", k, strings.Join(OptionNames(), ", "))
		}
		v = strings.TrimSpace(v)
		if d.check != nil {
			if err := d.check(v); err != nil {
				return nil, fmt.Errorf("character2: option %s=%q: %v", k, v, err)
			}
		}
		out[k] = v
	}
	return out, nil
}

// option returns the value of option name in o, or its default.
func (o Options) get(name string) string {
	if v, ok := o[name]; ok {
		return v
	}
	return optionDecls[name].def
}

// optionOf returns option name of the game whose position holds e.
func (e *Extra) option(name string) string {
	if e == nil {
		return optionDecls[name].def
	}
	return e.Options.get(name)
}
