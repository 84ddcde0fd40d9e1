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

	// Detail is what the result says besides its words, for the parts of
	// the program that act on it (nil: nothing). Read it with the methods
	// Dislodged, Cause, Secret and Note; change it with the methods that
	// keep Reason and it together (Reword, Add, AddSecret, AddNote, ...),
	// which copy it first: a seat's copy of an outcome shares it.
	Detail *Detail
}

// Detail is what a result says besides its words.
type Detail struct {
	// Dislodged is set for a dislodged unit: how, in the words Reason gives
	// it after "; " ("dislodged by A mun (2 vs 1)"), or the whole reason a
	// variant wrote for a dislodgement of its own.
	Dislodged string
	// Cause is a machine word for what happened beyond Code, set by the
	// part that decided it ("annihilated", "thrown out", "out of the
	// fight"): other parts test it, never Reason's words.
	Cause string
	// Secret is the end of Reason that only the order's power and the game
	// master may read (a Minelayer's mine): a variant's ConcealOutcome
	// drops it for every other seat (DropSecret).
	Secret string
	// Note is the start of Reason that only the unit's power and the game
	// master may read (a hypnotised unit is told so, not by whom).
	Note string
}

// The causes the engine gives.
const (
	// CauseOutOfFight: a support or convoy of a unit out of the fight this
	// turn (Turn.Intangible), refused.
	CauseOutOfFight = "out of the fight"
)

func (r Result) detail() Detail {
	if r.Detail == nil {
		return Detail{}
	}
	return *r.Detail
}

// Dislodged returns how the unit was dislodged ("" when it was not).
func (r Result) Dislodged() string { return r.detail().Dislodged }

// Cause returns the result's cause word ("" for none).
func (r Result) Cause() string { return r.detail().Cause }

// Secret returns the end of Reason only the order's power may read.
func (r Result) Secret() string { return r.secret() }

// Note returns the start of Reason only the unit's power may read.
func (r Result) Note() string { return r.note() }

// SetCause sets the result's cause word.
func (r *Result) SetCause(cause string) {
	d := r.detail()
	d.Cause = cause
	r.Detail = &d
}

// SetDislodged records how the unit was dislodged; the caller writes the
// words in Reason.
func (r *Result) SetDislodged(how string) {
	d := r.detail()
	d.Dislodged = how
	r.Detail = &d
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
	d := r.detail()
	d.Note = words + r.note()
	r.Detail = &d
	r.Reason = words + r.Reason
}

// DropNote cuts r's note off its reason, for a seat that may not read it.
func (r *Result) DropNote() {
	if r.Detail == nil {
		return
	}
	r.Reason = r.Reason[len(r.note()):]
	d := r.detail()
	d.Note = ""
	r.Detail = &d
}

// Add appends words to r's reason, before its secret.
func (r *Result) Add(words string) {
	sec := r.secret()
	r.Reason = r.Reason[:len(r.Reason)-len(sec)] + words + sec
}

// AddSecret appends words to r's reason that only the order's power and
// the game master may read.
func (r *Result) AddSecret(words string) {
	d := r.detail()
	d.Secret = r.secret() + words
	r.Detail = &d
	r.Reason += words
}

// DropSecret cuts r's secret off its reason, for a seat that may not read
// it.
func (r *Result) DropSecret() {
	if r.Detail == nil {
		return
	}
	r.Reason = r.Reason[:len(r.Reason)-len(r.secret())]
	d := r.detail()
	d.Secret = ""
	r.Detail = &d
}

// note is r's note while its reason still starts with it (a part may have
// written the whole reason anew since), else "".
func (r Result) note() string {
	if n := r.detail().Note; strings.HasPrefix(r.Reason, n) {
		return n
	}
	return ""
}

// secret is r's secret while its reason still ends with it, else "".
func (r Result) secret() string {
	if s := r.detail().Secret; strings.HasSuffix(r.Reason, s) {
		return s
	}
	return ""
}

// tail is the end of Reason that Reword keeps.
func (r Result) tail() string {
	dis := r.detail().Dislodged
	if dis == "" {
		return r.secret()
	}
	if i := strings.Index(r.Reason, "; "+dis); i >= 0 {
		return r.Reason[i:]
	}
	if body := r.Reason[len(r.note()):]; strings.HasPrefix(body, dis) {
		// The whole reason is the dislodgement a variant wrote.
		return "; " + body
	}
	return "; " + dis + r.secret()
}

// Outcome is the adjudication of one phase.
type Outcome struct {
	Phase   Phase
	Results []Result
	Next    *State   // the position after the phase, in the next phase
	Events  []string // what hooks and rules did besides orders (civil disorder, rewrites)
	// End is set when the phase ended the game (Rules.Settle).
	End *GameEnd
}

// GameEnd is how a game ended: who won (several where a variant lets
// them share a victory: Rather Silly's Doctor with 30 points beside a
// player with 18 centres, rule 18), whether it is a draw, and the points
// of each seat where the variant counts them.
type GameEnd struct {
	Winners []Power
	// Draw: the game ended without a sole winner; Winners are those who
	// share the draw (none: every seat still in the game).
	Draw   bool
	Points map[Power]int
	Why    string // in words: "France has 18 centres and wins"
}

// Winner returns the sole winner of a game that ended with one, else "".
func (o *Outcome) Winner() Power {
	if o == nil || o.End == nil || o.End.Draw || len(o.End.Winners) != 1 {
		return ""
	}
	return o.End.Winners[0]
}
