package engine

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
}

// Parser returns an order parser for the variant on board m.
func (v *Variant) Parser(m *Map) *Parser {
	return &Parser{Map: m, Specials: v.Specials}
}
