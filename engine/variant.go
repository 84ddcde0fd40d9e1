package engine

import "fmt"

// Variant is a playable game: its board, its rules hooks and the special
// orders its parser knows. Each package under variants/ exports one
// Variant value; variants.All lists them in order.
type Variant struct {
	ID          string // "standard"
	Name        string // "Standard Diplomacy"
	Description string // one or two sentences for the New game dialog

	// Map returns the board, built once and shared read-only.
	Map func() (*Map, error)
	// Rules are the variant's hooks; nil for the standard game.
	Rules *Rules
	// Specials are the variant's special order words.
	Specials []SpecialSyntax
	// Start is the first phase (standard: Spring 1901 Movement).
	Start Phase

	// Setup prepares a new game's first position beyond the map's starting
	// units (Davis rule 4: deal a card to every unit), drawing only from
	// rng. nil for the standard game.
	Setup func(s *State, options map[string]string, rng *Rand) error
	// DecodeExtra reads the variant's part of a saved position
	// (State.Extra); nil when the variant keeps none.
	DecodeExtra func([]byte) (Extra, error)
	// RandomSpecial gives unit u a random special order of the variant
	// (a card's), ok false when it has none to give: the soak tests and
	// the random-game tools mix these into RandomOrders. nil: none.
	RandomSpecial func(s *State, u Unit, rng *Rand) (Order, bool)
}

// NewGame returns the first position of a game of v on board m, with the
// variant's Setup applied.
func (v *Variant) NewGame(m *Map, options map[string]string, rng *Rand) (*State, error) {
	s := NewState(m, v.Start)
	if v.Setup != nil {
		if err := v.Setup(s, options, rng); err != nil {
			return nil, fmt.Errorf("engine: setting up %s: %w", v.Name, err)
		}
	}
	return s, nil
}

// Parser returns an order parser for the variant on board m.
func (v *Variant) Parser(m *Map) *Parser {
	return &Parser{Map: m, Specials: v.Specials}
}
