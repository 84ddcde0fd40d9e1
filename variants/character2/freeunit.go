package character2

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// FREE UNIT (Kings): "Once built, this unit needs no supply center to
// support it. Its owner may thus build as if the Free Unit does not
// exist, beginning one game year AFTER the free unit is built. (Will NOT
// be dealt at the start of the game.)" Rule 3 keeps it out of the initial
// deal (deal.go). A Free Unit built (dealt its card) in Winter 1902 first
// needs no centre in Winter 1903. The engine's Upkeep interface
// (Extra.FreeUnit) leaves the units in lifeState.Free out of their
// power's upkeep and out of civil-disorder removals; freeUnitsAfter keeps
// the list after every phase. A power sees only its own Free Units
// (lifeState.conceal): the card is not revealed by the builds it allows
// (ruling in docs/rulings/parts/character2-c2life.md).

var _ engine.Upkeep = (*extra)(nil)

// optFreeReport decides whether a Free Unit is revealed when its power
// keeps more units than centres.
const optFreeReport = "free_unit_report"

func freeunitParts(r *registry) {
	r.Note(freeNotes)
	r.After(priorityFree+1, freeRevealAfter)
	addOption(r, optFreeReport, "reveal",
		"reveal: a Free Unit is revealed to all in a Winter after which its power has more units than centres "+
			"(rule 2: the use of a power is reported and tells everyone what the unit's power is); "+
			"secret: never revealed (the counts alone are public)",
		func(v string) error {
			if v != "reveal" && v != "secret" {
				return fmt.Errorf("want reveal or secret, not %q", v)
			}
			return nil
		})
}

// freeRevealAfter reveals, after a Winter, the Free Units of every power
// that has more units than centres: their exemption was used (rule 2),
// unless the option free_unit_report is secret.
func freeRevealAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	before, e := extraOf(s), extraOf(out.Next)
	if s.Phase.Type != engine.Adjustment || before == nil || e == nil || e.option(optFreeReport) != "reveal" {
		return
	}
	m := s.Map
	centres := s.Centres()
	units := out.Next.UnitCounts()
	for _, u := range out.Next.Units {
		id := idOf(u)
		if !slices.Contains(before.Effects.Life.Free, id) || units[u.Power] <= centres[u.Power] {
			continue
		}
		if h, ok := e.Cards[id]; !ok || (h.Revealed != nil && h.Revealed.Hint == "") {
			continue
		}
		_ = e.Reveal(id, s.Phase, "a Free Unit: its power keeps more units than centres")
		out.AddEvent(fmt.Sprintf("%s's %s in %s is a Free Unit: %s has %d units on %d centres (rule 2)",
			m.PowerName(u.Power), kit.Label(u.Number, u.Type), m.LocName(u.Loc), m.PowerName(u.Power), units[u.Power], centres[u.Power]), u)
	}
}

// freeNotes says on a Free Unit's card from when it needs no centre.
func freeNotes(_ engine.View, e *extra, u engine.Unit) []string {
	h, ok := e.Cards[idOf(u)]
	switch {
	case !ok || h.Card.Kind != freeUnit:
		return nil
	case e.FreeUnit(u):
		return []string{"needs no supply centre in the coming Winter"}
	}
	return []string{fmt.Sprintf("needs no supply centre from Winter %d (one game year after it was built)", h.Dealt.Year+1)}
}

// freeUnit implements engine.Upkeep: u needs no supply centre.
func (e *extra) FreeUnit(u engine.Unit) bool {
	return slices.Contains(e.Effects.Life.Free, idOf(u))
}

// freeUnitsAfter sets lifeState.Free to the units of the next position
// holding a Free Unit card dealt before the year of the coming Winter.
func freeUnitsAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	e := extraOf(out.Next)
	if e == nil {
		return
	}
	e.Effects.Life.Free = freeUnits(out.Next, e, winterYear(s.Phase))
}

// winterYear is the year of the Winter that comes after phase p.
func winterYear(p engine.Phase) int {
	if p.Season == engine.Winter || p.Type == engine.Adjustment {
		return p.Year + 1
	}
	return p.Year
}

// freeUnits lists the units of s whose Free Unit card was dealt before
// year: built at least one game year before that Winter.
func freeUnits(s *engine.State, e *extra, year int) []unitID {
	var ids []unitID
	for _, u := range s.Units {
		h, ok := e.Cards[idOf(u)]
		if ok && h.Card.Kind == freeUnit && h.Dealt.Year < year && !slices.Contains(ids, idOf(u)) {
			ids = append(ids, idOf(u))
		}
	}
	return ids
}
