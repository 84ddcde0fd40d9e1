package cardgame

import "dipdesk/engine"

// SignKind is how a special order's effect is drawn on a board.
type SignKind uint8

// The kinds of signs.
const (
	// SignTarget: the order acts on a province (an annihilation, a gas
	// attack, a theft, a hypnotist's victim): a line from the unit to a
	// target ring on the province.
	SignTarget SignKind = iota + 1
	// SignMine: a mine laid (or picked up) in the province.
	SignMine
	// SignHidden: the unit turns invisible (or visible).
	SignHidden
	// SignMove: a further step of a unit (a double move's second leg, a
	// redeployment, a hypnotised unit's move): a dashed arrow from From to
	// the province.
	SignMove
	// SignNote: only the order's word, beside the unit (a conversion).
	SignNote
)

// Sign is what a special order does besides the ordinary order it is
// adjudicated as (engine.Rules.Special), for a board to draw.
type Sign struct {
	Kind  SignKind
	From  engine.Loc        // the unit acting, or where a step starts; engine.Nowhere for none
	Prov  engine.ProvinceID // the province acted on
	Label string            // the order's word, as players write it: "annihilate", "lay mine"
}

// Sketcher is implemented by a card game that can say how its special
// orders look on a board. It is optional: without it a board draws a
// special order as the ordinary order it is adjudicated as, with its word
// beside the unit.
type Sketcher interface {
	// Sketch returns the signs of special order o given in position s (a
	// seat's view: nothing the seat may not see is needed). An order the
	// position makes impossible, or one the variant does not know, gives
	// none.
	Sketch(s *engine.State, o engine.Order) []Sign
}

// UnitAdder is a card game that completes a unit the game master adds to
// the board (dipdesk edit add; the window's Game master tab): AddUnit
// numbers unit i of s, just added without a number, by the variant's
// rule, and gives it a card: the one id names ("9", "T8"), checked by the
// same rules as a deal by hand, or, for id "", one dealt from the deck by
// the variant's dealing rules. It returns the numbered unit; on an error
// the caller drops s.
type UnitAdder interface {
	AddUnit(s *engine.State, i int, id string, start engine.Phase, rng *engine.Rand) (engine.Unit, error)
}

// VoluntaryRetreater is implemented by a card game in which units that
// were not dislodged may be ordered in a retreat phase (Davis's and
// Galt's Retreater: "it may voluntarily 'Retreat' one space"). It is
// optional.
type VoluntaryRetreater interface {
	// VoluntaryRetreats returns the units of view v that may retreat
	// voluntarily in its retreat phase, each with the places it may go;
	// a seat is given only its own units (the game master every one).
	VoluntaryRetreats(v engine.View) []Retreat
}

// Retreat is one unit's voluntary retreat: where it may go.
type Retreat struct {
	Unit engine.Unit
	To   []engine.Loc
}
