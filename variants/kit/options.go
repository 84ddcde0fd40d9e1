package kit

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Option is a game option a part declares: a ruling on which careful game
// masters differ ("the game master chooses"), its default, what it
// decides, and a check of its values.
type Option struct {
	Name, Default, Doc string
	Check              func(string) error
}

// Option declares a game option; a name declared twice is a mistake in
// the variant and panics while it is built.
func (r *Registry[E]) Option(o Option) {
	if r.options == nil {
		r.options = map[string]Option{}
	}
	if _, dup := r.options[o.Name]; dup {
		panic("kit: option " + o.Name + " declared twice")
	}
	r.options[o.Name] = o
}

// OptionNames lists the declared options, sorted.
func (r *Registry[E]) OptionNames() []string { return slices.Sorted(maps.Keys(r.options)) }

// OptionDoc returns an option's default and what it decides.
func (r *Registry[E]) OptionDoc(name string) (def, doc string, ok bool) {
	o, ok := r.options[name]
	return o.Default, o.Doc, ok
}

// OptionDefault returns an option's default ("" for an unknown one).
func (r *Registry[E]) OptionDefault(name string) string { return r.options[name].Default }

// ParseOptions checks the options given to a game (prefix names the
// variant in errors, "character2") and fills in the defaults: an unknown
// name or a value its check refuses is an error.
func (r *Registry[E]) ParseOptions(prefix string, given map[string]string) (map[string]string, error) {
	out := map[string]string{}
	for name, o := range r.options {
		out[name] = o.Default
	}
	for k, v := range given {
		o, ok := r.options[k]
		if !ok {
			return nil, fmt.Errorf("%s: unknown option %q (known: %s)", prefix, k, strings.Join(r.OptionNames(), ", "))
		}
		v = strings.TrimSpace(v)
		if o.Check != nil {
			if err := o.Check(v); err != nil {
				return nil, fmt.Errorf("%s: option %s=%q: %v", prefix, k, v, err)
			}
		}
		out[k] = v
	}
	return out, nil
}

// OneOf checks an option's value is one of values: "want always or
// needed, not ...".
func OneOf(values ...string) func(string) error {
	return func(v string) error {
		if slices.Contains(values, v) {
			return nil
		}
		return fmt.Errorf("want %s, not %q", strings.Join(values, " or "), v)
	}
}
