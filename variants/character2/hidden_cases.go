package character2

import (
	"dipdesk/engine"
	"dipdesk/engine/casefile"
	"dipdesk/variants/kit"
)

// The case blocks of the hidden units (docs/rulings/parts/character2-c2hidden.md,
// "Case blocks"):
//
//   - POSTSTATE_SEEN: "Seat: Power T loc" lines, the seat a power name,
//     "Public" or "GM": for each seat named, exactly the units its view of
//     the position after the step shows ("England: France A mun"; a
//     dislodged unit ends in "dislodged"; "England: none" for no unit).
//   - POSTSTATE_REPORT: "Seat: words" lines: the seat's report of the step
//     (each result as "order | code | reason", each event) must contain
//     the words, case-insensitive; "Seat: !words" must not.
func hiddenCasesParts(r *registry) {
	r.CaseCheck("POSTSTATE_SEEN", checkSeen)
	r.CaseCheck("POSTSTATE_REPORT", checkReport)
}

func checkSeen(su *casefile.Setup, file string, lines []casefile.Line, out *engine.Outcome) ([]string, error) {
	return kit.CheckSeen(su, file, lines, out, reg.Rules())
}

// caseBefore rebuilds the position a step was adjudicated from, as far as
// the reports need it: the units where their results found them, and the
// invisible units of the start (hiddenState.Start).
func caseBefore(out *engine.Outcome) *engine.State {
	b := out.Next.Clone()
	b.Phase = out.Phase
	b.Units, b.Dislodged = nil, nil
	seen := map[unitID]bool{}
	for _, r := range out.Results {
		if r.Unit.Power == "" || r.Code == engine.NoUnit || r.Code == engine.NotOwner || seen[idOf(r.Unit)] {
			continue
		}
		seen[idOf(r.Unit)] = true
		if out.Phase.Type == engine.Retreat {
			b.Dislodged = append(b.Dislodged, engine.Dislodgement{Unit: r.Unit})
		} else {
			b.Units = append(b.Units, r.Unit)
		}
	}
	if out.Phase.Type == engine.Retreat {
		b.Units = out.Next.Clone().Units
	}
	if e := extraOf(b); e != nil {
		e.Effects.Hidden.Units = cloneUnseen(e.Effects.Hidden.Start)
	}
	return b
}

func checkReport(su *casefile.Setup, file string, lines []casefile.Line, out *engine.Outcome) ([]string, error) {
	return kit.CheckReport(su, file, lines, caseBefore(out), out, reg.Rules())
}
