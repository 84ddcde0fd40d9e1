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
	// Added is what parts appended to Reason (Add): after the engine's
	// words and the dislodgement, before the secret.
	Added string
	// Names are the units the words name (a bounce's opponents, the unit
	// supported or convoyed, who cut a support or dislodged the unit), each
	// as it stood when named and with the part of the words naming it, for
	// a part that must hide a unit from a seat (Galt's invisible units): it
	// learns here which words speak of the unit, never from the words. The
	// engine records the names of its own words for a variant that cuts
	// outcomes down for seats (Rules.ConcealOutcome), and of a support's
	// loss all the attackers SupportLost was given; the words of a
	// special order's refusal and of a Prepare part (Turn.Blocked,
	// Turn.Cut) are the variant's, named by none. A part that names a unit
	// in words it writes gives the unit to the method writing them; a note
	// and a secret name none.
	Names []Name
}

// A Name is a unit a result's words name, as it stood when named, and the
// part of the words that names it.
type Name struct {
	Unit Unit
	In   WordsPart
}

// WordsPart is a part of a result's words.
type WordsPart uint8

// The parts of a result's words that name units.
const (
	InBody         WordsPart = iota // between the note and the dislodgement
	InDislodgement                  // how the unit was dislodged
	InAdded                         // what parts appended (Add)
)

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

// Names returns the units r's words name (Detail.Names); the caller must
// not change it.
func (r Result) Names() []Name { return r.detail().Names }

// SetDislodged records how the unit was dislodged, and the units those
// words name; the caller writes the words in Reason.
func (r *Result) SetDislodged(how string, names ...Unit) {
	d := r.detail()
	d.Dislodged = how
	d.Names = withNames(d.Names, InDislodgement, names, InDislodgement)
	r.Detail = &d
}

// withNames returns names without those in part drop, and with units
// added in part in: a new slice, the old one being shared with copies.
func withNames(names []Name, drop WordsPart, units []Unit, in WordsPart) []Name {
	var out []Name
	for _, n := range names {
		if n.In != drop {
			out = append(out, n)
		}
	}
	for _, u := range units {
		out = append(out, Name{Unit: u, In: in})
	}
	return out
}

// noPart is a WordsPart no name is in, for withNames to drop nothing.
const noPart WordsPart = 255

// Reword sets what r's reason says between its note and its dislodgement
// (all that Reason says from "; dislodged ..." on stays) or, for a unit
// not dislodged, its secret; names are the units the new words name.
func (r *Result) Reword(why string, names ...Unit) {
	t := r.tail()
	r.Reason = r.note() + why + t
	if r.Detail == nil && len(names) == 0 {
		return
	}
	d := r.detail()
	d.Names = withNames(d.Names, InBody, names, InBody)
	if d.Added != "" && !strings.HasSuffix(strings.TrimSuffix(t, r.secret()), d.Added) {
		// The additions went with the words the new ones replace.
		d.Added = ""
		d.Names = withNames(d.Names, InAdded, nil, noPart)
	}
	r.Detail = &d
}

// Prefix puts words at the start of r's reason, after its note; names are
// the units they name.
func (r *Result) Prefix(words string, names ...Unit) {
	n := r.note()
	r.Reason = n + words + r.Reason[len(n):]
	if len(names) > 0 {
		d := r.detail()
		d.Names = withNames(d.Names, noPart, names, InBody)
		r.Detail = &d
	}
}

// Rephrase gives r the words adjudication a gave the same order (a
// counterfactual one: Galt's stance cards read a turn as it would have
// gone without a secret card): a's words and dislodgement, with their
// names, in place of r's; r's note, additions and secret stay.
func (r *Result) Rephrase(a Result) {
	r.Reason = r.note() + a.words() + r.added() + r.secret()
	d := r.detail()
	d.Dislodged = a.Dislodged()
	var names []Name
	for _, n := range a.Names() {
		if n.In != InAdded {
			names = append(names, n)
		}
	}
	for _, n := range d.Names {
		if n.In == InAdded {
			names = append(names, n)
		}
	}
	d.Names = names
	r.Detail = &d
}

// Say makes words the whole of r's reason, naming names: the note,
// additions and secret go with the old words; the dislodgement and the
// cause stay recorded (Dislodged, Cause).
func (r *Result) Say(words string, names ...Unit) {
	r.Reason = words
	if r.Detail == nil && len(names) == 0 {
		return
	}
	d := Detail{Dislodged: r.Dislodged(), Cause: r.Cause()}
	d.Names = withNames(nil, noPart, names, InBody)
	r.Detail = &d
}

// Plain makes words the whole of r's reason, naming no unit: what a seat
// that may not know whom r's unit met reads (Galt's invisible units). A
// dislodged unit stays dislodged (Dislodged returns the new words).
func (r *Result) Plain(words string) {
	r.Reason = words
	if r.Detail == nil {
		return
	}
	d := Detail{Cause: r.Cause()}
	if r.Dislodged() != "" {
		d.Dislodged = words
	}
	r.Detail = &d
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

// Add appends words to r's reason, before its secret; names are the
// units they name.
func (r *Result) Add(words string, names ...Unit) {
	sec := r.secret()
	added := r.added()
	r.Reason = r.Reason[:len(r.Reason)-len(sec)] + words + sec
	d := r.detail()
	d.Added = added + words
	d.Names = withNames(d.Names, noPart, names, InAdded)
	r.Detail = &d
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

// words is r's reason without its note, additions and secret: the
// engine's words (or a part's in their place) and the dislodgement.
func (r Result) words() string {
	start, end := len(r.note()), len(r.Reason)-len(r.added())-len(r.secret())
	if end < start {
		return ""
	}
	return r.Reason[start:end]
}

// added is what parts appended to r's reason while it still ends with it
// (before the secret), else "".
func (r Result) added() string {
	a := r.detail().Added
	if a != "" && strings.HasSuffix(r.Reason[:len(r.Reason)-len(r.secret())], a) {
		return a
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
	// EventNames are the units an event's words name, by the event's
	// words, each as it stood when named, recorded by the part that wrote
	// the event (AddEvent): a part that must hide a unit from a seat drops
	// the events naming it (Galt's invisible units), never reading the
	// words. A seat's copy of an outcome shares the map: a part changing
	// it for a seat replaces it.
	EventNames map[string][]Unit
	// End is set when the phase ended the game (Rules.Settle).
	End *GameEnd
}

// AddEvent appends an event, and the units its words name.
func (o *Outcome) AddEvent(text string, names ...Unit) {
	o.Events = append(o.Events, text)
	if len(names) == 0 {
		return
	}
	if o.EventNames == nil {
		o.EventNames = map[string][]Unit{}
	}
	o.EventNames[text] = append(o.EventNames[text], names...)
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
