package character2

import (
	"fmt"
	"strings"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
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
var _ = register(func() {
	addCaseCheck("POSTSTATE_SEEN", checkSeen)
	addCaseCheck("POSTSTATE_REPORT", checkReport)
})

// caseSeat reads "France", "Public" or "GM".
func caseSeat(m *engine.Map, w string) (engine.Seat, bool) {
	w = strings.ToLower(strings.TrimSpace(w))
	switch w {
	case "gm", "game master":
		return engine.Seat{GM: true}, true
	case "public":
		return engine.Seat{}, true
	}
	for _, p := range m.Powers {
		if w == string(p.ID) || w == strings.ToLower(p.Name) {
			return engine.Seat{Power: p.ID}, true
		}
	}
	return engine.Seat{}, false
}

func seenKey(m *engine.Map, u engine.Unit, dislodged bool) string {
	k := fmt.Sprintf("%s %s %s", u.Power, u.Type, m.LocString(u.Loc))
	if dislodged {
		k += " dislodged"
	}
	return k
}

func checkSeen(su *casefile.Setup, file string, lines []casefile.Line, out *engine.Outcome) ([]string, error) {
	m := out.Next.Map
	want := map[engine.Seat]map[string]bool{}
	var order []engine.Seat
	for _, l := range lines {
		seatWord, rest, ok := strings.Cut(l.Text, ":")
		seat, okSeat := caseSeat(m, seatWord)
		if !ok || !okSeat {
			return nil, su.LineErr(file, l, "want \"Seat: Power A loc\" (a power, Public or GM), as \"England: France A mun\"")
		}
		if want[seat] == nil {
			want[seat] = map[string]bool{}
			order = append(order, seat)
		}
		f := strings.Fields(rest)
		if len(f) == 1 && strings.EqualFold(f[0], "none") {
			continue
		}
		dislodged := len(f) > 0 && strings.EqualFold(f[len(f)-1], "dislodged")
		if dislodged {
			f = f[:len(f)-1]
		}
		if len(f) < 3 {
			return nil, su.LineErr(file, l, "want \"Seat: Power A loc\"")
		}
		u, err := su.UnitLine(file, casefile.Line{N: l.N, Text: f[0] + ": " + strings.Join(f[1:], " ")})
		if err != nil {
			return nil, err
		}
		if u.Type == engine.Army {
			u.Loc.C = engine.NoCoast
		}
		want[seat][seenKey(m, u, dislodged)] = true
	}
	var diffs []string
	for _, seat := range order {
		v := engine.ViewFor(out.Next, nil, seat, Variant.Rules)
		got := map[string]bool{}
		for _, u := range v.State.Units {
			got[seenKey(m, u, false)] = true
		}
		for _, d := range v.State.Dislodged {
			got[seenKey(m, d.Unit, true)] = true
		}
		diffs = append(diffs, casefile.DiffSets(seat.String()+" sees", want[seat], got)...)
	}
	return diffs, nil
}

// caseBefore rebuilds the position a step was adjudicated from, as far as
// the reports need it: the units where their results found them, and the
// invisible units of the start (HiddenState.Start).
func caseBefore(out *engine.Outcome) *engine.State {
	b := out.Next.Clone()
	b.Phase = out.Phase
	b.Units, b.Dislodged = nil, nil
	seen := map[UnitID]bool{}
	for _, r := range out.Results {
		if r.Unit.Power == "" || r.Code == engine.NoUnit || r.Code == engine.NotOwner || seen[IDOf(r.Unit)] {
			continue
		}
		seen[IDOf(r.Unit)] = true
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

// reportLines is a seat's report: "order | code | reason" per result, and
// the events.
func reportLines(m *engine.Map, out *engine.Outcome) []string {
	var ls []string
	for _, r := range out.Results {
		ls = append(ls, fmt.Sprintf("%s | %s | %s | %s", r.Order.Format(m), r.Order.Text, r.Code, r.Reason))
	}
	return append(ls, out.Events...)
}

func checkReport(su *casefile.Setup, file string, lines []casefile.Line, out *engine.Outcome) ([]string, error) {
	m := out.Next.Map
	before := caseBefore(out)
	var diffs []string
	for _, l := range lines {
		seatWord, text, ok := strings.Cut(l.Text, ":")
		seat, okSeat := caseSeat(m, seatWord)
		text = strings.TrimSpace(text)
		if !ok || !okSeat || text == "" {
			return nil, su.LineErr(file, l, "want \"Seat: words\" or \"Seat: !words\" (a power, Public or GM)")
		}
		neg := strings.HasPrefix(text, "!")
		text = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(text, "!")))
		found := false
		for _, r := range reportLines(m, engine.OutcomeFor(before, out, seat, Variant.Rules)) {
			if strings.Contains(strings.ToLower(r), text) {
				found = true
				break
			}
		}
		switch {
		case neg && found:
			diffs = append(diffs, fmt.Sprintf("line %d: %s's report says %q", l.N, seat, text))
		case !neg && !found:
			diffs = append(diffs, fmt.Sprintf("line %d: %s's report does not say %q", l.N, seat, text))
		}
	}
	return diffs, nil
}
