package ui

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// A game is a sequence of steps, each named by its key ("S1901M",
// "SU1901.muster@germany", "AU1901.borg": what the save, the history and
// the rollback list store) and shown by its display name. These are the
// window's one way to word a step and who acts in it: the phase bar, the
// history, the results, the rollback and export lists, the confirmation
// and the status line all ask them.

// stepName is the display name of the step whose key is key, with the
// seat whose turn it is named as the map names it: "Spring 1901
// Movement", "Summer 1901 Muster (Germany)", "Autumn 1901 Borg". A
// key the engine cannot read is shown as it is.
func stepName(m *engine.Map, key string) string {
	ph, err := engine.ParsePhase(key)
	if err != nil {
		return key
	}
	return phaseName(m, ph)
}

// phaseName is stepName for a parsed step (engine.Map.StepName).
func phaseName(m *engine.Map, ph engine.Phase) string { return m.StepName(ph) }

// stepLabel is a step as the rollback and export lists offer it: its
// display name, then its key.
func stepLabel(m *engine.Map, key string) string {
	return stepName(m, key) + " (" + key + ")"
}

// powerNames lists seats by their names: "Austria, England and France".
func powerNames(m *engine.Map, ps []engine.Power) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = m.PowerName(p)
	}
	switch len(names) {
	case 0:
		return "nobody"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// inMapOrder returns ps in the order the map lists its seats.
func inMapOrder(m *engine.Map, ps []engine.Power) []engine.Power {
	var out []engine.Power
	for _, p := range m.PowerIDs() {
		if slices.Contains(ps, p) {
			out = append(out, p)
		}
	}
	return out
}

// actingNote says who acts in step ph (engine.WhoActs' answer): whose
// turn it is and who may answer, how many seats are still waited for
// (those whose orders are not in, of those who must act) and who may act
// besides, or that nobody orders and Adjudicate plays the step.
func actingNote(m *engine.Map, ph engine.Phase, a engine.Acting, in []engine.Power) string {
	every, may := inMapOrder(m, a.Must), inMapOrder(m, a.May)
	all := len(every)
	must := slices.DeleteFunc(slices.Clone(every), func(p engine.Power) bool { return slices.Contains(in, p) })
	var parts []string
	switch {
	case a.Nobody():
		return "nobody orders: Adjudicate plays this step"
	case ph.Actor != "" && all == 1 && every[0] == ph.Actor:
		parts = append(parts, m.PowerName(ph.Actor)+"'s turn")
	case all == 0:
		parts = append(parts, "no seat is waited for")
	case len(must) == 0:
		parts = append(parts, "every seat's orders are in")
	case len(must) <= 3:
		parts = append(parts, "waiting for "+powerNames(m, must))
	default:
		parts = append(parts, fmt.Sprintf("waiting for %d of %d seats", len(must), all))
	}
	if a.GM {
		parts = append(parts, "the game master must act")
	}
	verb := " may act too"
	if ph.Actor != "" {
		verb = " may answer"
	}
	switch {
	case len(may) == 0:
	case len(may) <= 3:
		parts = append(parts, powerNames(m, may)+verb)
	default:
		parts = append(parts, fmt.Sprintf("%d seats%s: %s", len(may), verb, powerNames(m, may)))
	}
	return strings.Join(parts, "; ")
}

// isAdjustment reports whether the step whose key is key is an
// adjustment step (a Winter's builds and disbands).
func isAdjustment(key string) bool {
	ph, err := engine.ParsePhase(key)
	return err == nil && ph.Type == engine.Adjustment
}

// gameEndText says plainly how a game ended (engine.GameEnd), in the
// session's words (session.EndWords: who won, or a draw and among whom,
// and why), then the points of every seat that has some, most first.
func gameEndText(m *engine.Map, end *engine.GameEnd) string {
	w := session.EndWords(m, end)
	text := strings.ToUpper(w[:1]) + w[1:] + "."
	if len(end.Points) > 0 {
		seats := inMapOrder(m, slices.Collect(maps.Keys(end.Points)))
		slices.SortStableFunc(seats, func(a, b engine.Power) int { return end.Points[b] - end.Points[a] })
		var parts []string
		for _, p := range seats {
			parts = append(parts, fmt.Sprintf("%s %d", m.PowerName(p), end.Points[p]))
		}
		text += " Points: " + strings.Join(parts, ", ") + "."
	}
	return text
}
