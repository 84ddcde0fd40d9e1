package engine

// ResultCode classifies what became of an order.
type ResultCode uint8

// The result codes. Every Result also carries a Reason in words.
const (
	OK        ResultCode = iota // the order succeeded
	Bounced                     // a move or retreat failed against other units
	Cut                         // a support was cut
	NoRoute                     // a convoyed move found no undisrupted route
	Void                        // a support or convoy that matches no order
	Illegal                     // an impossible order; the unit holds
	NoUnit                      // no unit where the order says
	NotOwner                    // the unit belongs to another power
	Dislodged                   // the unit was dislodged (its order failed)
	Disbanded                   // the unit was disbanded
	Refused                     // an adjustment not allowed (no build due, centre occupied, ...)
	Defaulted                   // done by the rules for a power that gave no order (civil disorder)
)

var codeNames = [...]string{"ok", "bounced", "cut", "no route", "void", "illegal", "no unit", "not owner",
	"dislodged", "disbanded", "refused", "default"}

// String returns the code in words.
func (c ResultCode) String() string {
	if int(c) < len(codeNames) {
		return codeNames[c]
	}
	return "?"
}

// Result is what became of one order (or of one unit that had none).
type Result struct {
	Order  Order
	Unit   Unit // the unit concerned, when there is one
	OK     bool
	Code   ResultCode
	Reason string // in words a player understands: "bounced with A mun in bur (1 vs 1)"
}

// Outcome is the adjudication of one phase.
type Outcome struct {
	Phase   Phase
	Results []Result
	Next    *State   // the position after the phase, in the next phase
	Events  []string // what hooks and rules did besides orders (civil disorder, rewrites)
	Winner  Power    // set when a power reached the victory count
}
