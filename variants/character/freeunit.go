package character

import (
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// #19 Free Unit: "Once built, unit needs no S.C. to support it. It must be
// annihilated to be removed from the board (unless voluntarily removed).
// (Not dealt at start of game)." Rule 16.h: "he may build another unit in
// the following Winter, if he still has a surplus SC ... The GM will make
// no comments about the availability of such builds in the printed game
// reports."
//
// The engine's Upkeep interface (Extra.FreeUnit) leaves a unit listed in
// Effects.FreeUnits out of its power's upkeep and out of civil-disorder
// removals. freeUnitsAfter keeps that list equal to the units on the board
// holding #19, after every phase from 1902 (rule 7) and after the cards of
// new builds are dealt (it runs after the lifecycle part). Other seats'
// views lose the list (Effects.conceal), so the adjustments they compute
// say nothing of the extra build; only the build itself shows.
//
// "Must be annihilated to be removed" (rulings): it is never removed for
// want of centres or by civil disorder (the engine); a dislodged Free Unit
// given no retreat order is retreated by the right-hand rule in every
// season instead of being removed (retreats14.go), and is lost only when
// it has nowhere to retreat; its owner may still disband it or retreat it
// off the board ("unless voluntarily removed"); a mine destroys it as any
// unit (an explosion is an annihilation).

// priorityFreeUnits runs after the lifecycle part has dealt the cards of
// the units built in the phase.
const priorityFreeUnits = priorityLifecycle + 5

func freeunitParts(r *registry) {
	r.After(priorityFreeUnits, freeUnitsAfter)
}

// freeUnitsAfter sets Effects.FreeUnits to the units of the next position
// holding #19, once rule 7 lets cards act.
func freeUnitsAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	e, ok := out.Next.Extra.(*extra)
	if !ok {
		return
	}
	e.Effects.FreeUnits = freeUnits(out.Next, e, s.Phase)
}

// freeUnits lists the units of s holding #19 in phase p (none before 1902).
func freeUnits(s *engine.State, e *extra, p engine.Phase) []kit.UnitID {
	if !powersActive(p) {
		return nil
	}
	var ids []kit.UnitID
	for _, u := range s.Units {
		if c, ok := e.CardOf(u); ok && c.ID == freeUnitID && !slices.Contains(ids, idOf(u)) {
			ids = append(ids, idOf(u))
		}
	}
	return ids
}

// isFreeUnit reports whether u holds #19 with its power active.
func isFreeUnit(s *engine.State, u engine.Unit) bool {
	return activeCard(s, u, freeUnitID)
}
