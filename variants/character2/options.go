package character2

import (
	"fmt"
	"maps"
)

// options are the game's options, by name: a ruling on which careful game
// masters differ is an option (docs/rulings/character2.md). Each option is
// declared by the part it belongs to with addOption, with its default and
// a check of its values; Setup refuses unknown names and bad values, and
// the position keeps the options so every hook sees them.
type options map[string]string

func (o options) clone() options { return maps.Clone(o) }

// boolOption checks a yes/no option.
func boolOption(v string) error {
	switch v {
	case "yes", "no":
		return nil
	}
	return fmt.Errorf("want yes or no, not %q", v)
}

// optionNames lists the declared options, sorted.
func optionNames() []string { return reg.OptionNames() }

// optionDoc returns an option's default and what it decides.
func optionDoc(name string) (def, doc string, ok bool) { return reg.OptionDoc(name) }

// parseOptions checks the options given to Setup and fills in defaults.
func parseOptions(given map[string]string) (options, error) {
	o, err := reg.ParseOptions("character2", given)
	return options(o), err
}

// get returns the value of option name in o, or its default.
func (o options) get(name string) string {
	if v, ok := o[name]; ok {
		return v
	}
	return reg.OptionDefault(name)
}

// option returns option name of the game whose position holds e.
func (e *extra) option(name string) string {
	if e == nil {
		return reg.OptionDefault(name)
	}
	return e.Options.get(name)
}
