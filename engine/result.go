package engine

import "strings"

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

	// Dislodged is set for a unit dislodged in a movement phase: how, in
	// the words Reason gives it after "; ": "dislodged by A mun (2 vs 1)".
	// A variant rewording a dislodged unit's result keeps it (Reword).
	Dislodged string
	// Cause is a machine word for what happened, beyond Code, set by the
	// part that decided it ("annihilated", "thrown out", "out of the
	// fight"): other parts test it, never Reason's words.
	Cause string
	// Secret is the end of Reason that only the order's power and the game
	// master may read (a Minelayer's mine, Davis #12): a variant's
	// ConcealOutcome drops it for every other seat (DropSecret).
	Secret string
	// Note is the start of Reason that only the unit's power and the game
	// master may read (a hypnotised unit is told so, not by whom): a
	// variant's ConcealOutcome drops it for every other seat (DropNote).
	Note string
}

// Reword sets what r's reason says between its note and its dislodgement
// (all that Reason says from "; dislodged ..." on stays) or, for a unit
// not dislodged, its secret.
func (r *Result) Reword(why string) {
	r.Reason = r.note() + why + r.tail()
}

// Prefix puts words at the start of r's reason, after its note.
func (r *Result) Prefix(words string) {
	n := r.note()
	r.Reason = n + words + r.Reason[len(n):]
}

// AddNote puts words at the start of r's reason that only the unit's power
// and the game master may read.
func (r *Result) AddNote(words string) {
	r.Note = words + r.note()
	r.Reason = words + r.Reason
}

// DropNote cuts r's note off its reason, for a seat that may not read it.
func (r *Result) DropNote() {
	r.Reason = r.Reason[len(r.note()):]
	r.Note = ""
}

// Add appends words to r's reason, before its secret.
func (r *Result) Add(words string) {
	sec := r.secret()
	r.Reason = r.Reason[:len(r.Reason)-len(sec)] + words + sec
}

// AddSecret appends words to r's reason that only the order's power and
// the game master may read.
func (r *Result) AddSecret(words string) {
	r.Secret = r.secret() + words
	r.Reason += words
}

// DropSecret cuts r's secret off its reason, for a seat that may not read
// it.
func (r *Result) DropSecret() {
	r.Reason = r.Reason[:len(r.Reason)-len(r.secret())]
	r.Secret = ""
}

// note is r's note while its reason still starts with it (a part may have
// written the whole reason anew since), else "".
func (r *Result) note() string {
	if strings.HasPrefix(r.Reason, r.Note) {
		return r.Note
	}
	return ""
}

// secret is r's secret while its reason still ends with it, else "".
func (r *Result) secret() string {
	if strings.HasSuffix(r.Reason, r.Secret) {
		return r.Secret
	}
	return ""
}

// tail is the end of Reason that Reword keeps.
func (r *Result) tail() string {
	if r.Dislodged == "" {
		return r.secret()
	}
	if i := strings.Index(r.Reason, "; "+r.Dislodged); i >= 0 {
		return r.Reason[i:]
	}
	if body := r.Reason[len(r.note()):]; strings.HasPrefix(body, r.Dislodged) {
		// The whole reason is the dislodgement a variant wrote.
		return "; " + body
	}
	return "; " + r.Dislodged + r.secret()
}

// Outcome is the adjudication of one phase.
type Outcome struct {
	Phase   Phase
	Results []Result
	Next    *State   // the position after the phase, in the next phase
	Events  []string // what hooks and rules did besides orders (civil disorder, rewrites)
	Winner  Power    // set when a power reached the victory count
}
