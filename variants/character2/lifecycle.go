package character2

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// The card life cycle, the phase sequence, rule 6 and rule 9.
//
// Rule 2: "The GM will also assign a Character Card to each subsequent unit
// as it is built." After every phase, once every card has acted
// (priorityLifecycle), the cards of the units that left the board
// (disbanded, removed by civil disorder, not retreated, annihilated, blown
// up by a mine) go on the discard pile, and every unit built in the phase
// is dealt a card by Extra.DealBuild (rule 3's refusals are discarded and
// logged for the game master). The card is told to its owner alone; the
// public report says only that a card was dealt. Rules Clarifications:
// "When a unit is disbanded, will its power be revealed? No. However, I
// will reveal them all at the end of the game." So a card that leaves the
// board is not named in any report, but recorded (lifeState.Gone); when a
// power wins, every card is revealed, those of the units gone included.
//
// The phases: a retreat phase follows every movement turn (option
// retreat_phase): the Retreater "may voluntarily retreat one space" after
// any turn, and a retreat phase that came only when a Retreater is on the
// board would tell everyone one exists (rule 2; the Davis variant ruled
// the same, docs/rulings/character.md #14). A Winter adjustment phase
// follows every Fall (rule 6: "players may voluntarily disband any or all
// of their units in Winter and (if entitled) build new ones"; the
// Convertible converts in Winter too). The game starts in Spring 1901:
// "Can I disband units now in Winter 1900? ... No. There is no Winter
// 1900."

const (
	optRetreatPhase = "retreat_phase"
	// priorityFree runs after the deals, so a Free Unit built in the
	// phase is known.
	priorityFree = priorityLifecycle + 5
)

func lifecycleParts(r *registry) {
	addOption(r, optRetreatPhase, "always",
		"always: a retreat phase follows every movement turn, so the phase list never tells that a Retreater exists (ruling); "+
			"needed: only when a unit was dislodged or a Retreater is on the board",
		func(v string) error {
			if v != "always" && v != "needed" {
				return fmt.Errorf("want always or needed, not %q", v)
			}
			return nil
		})
	r.NextPhase(lifeNextPhase)
	r.Acting(kit.OpenRetreats)
	r.Phase(winterPhase)
	r.After(priorityLifecycle, lifecycleAfter)
	r.After(priorityFree, freeUnitsAfter)
	r.ConcealOutcome(kit.ConcealPrivate)
}

// lifeNextPhase is the phase sequence: Spring, its retreats, Fall, its
// retreats, Winter, every year.
func lifeNextPhase(next *engine.State, p engine.Phase) engine.Phase {
	if p.Type == engine.Movement && retreatFollows(next) {
		return engine.Phase{Year: p.Year, Season: p.Season, Type: engine.Retreat}
	}
	switch {
	case p.Type == engine.Adjustment || p.Season == engine.Winter:
		return engine.Phase{Year: p.Year + 1, Season: engine.Spring, Type: engine.Movement}
	case p.Season == engine.Spring:
		return engine.Phase{Year: p.Year, Season: engine.Fall, Type: engine.Movement}
	}
	return engine.Phase{Year: p.Year, Season: engine.Winter, Type: engine.Adjustment}
}

// retreatFollows reports whether a retreat phase follows the movement turn
// that left next: always, or (option retreat_phase needed) when a unit was
// dislodged or a Retreater is on the board.
func retreatFollows(next *engine.State) bool {
	if extraOf(next).option(optRetreatPhase) != "needed" || len(next.Dislodged) > 0 {
		return true
	}
	for _, u := range next.Units {
		if kindAt(next, u) == retreater {
			return true
		}
	}
	return false
}

// winterOrders are the card parts that take a special order in a Winter
// adjustment phase (the Convertible converts in Winter): each may change
// work, the position without the disbanded units on which the builds are
// then judged, and returns the order's result; ok false leaves the order
// to the next part, and at last to the engine, which refuses it.
var winterOrders []func(s, work *engine.State, o engine.Order) (r engine.Result, ok bool)

// winterPhase adjudicates a Winter adjustment phase (rule 6). The disband
// orders are taken first, in the order given: any unit of the ordering
// power may be disbanded, whether or not a removal is due ("players may
// voluntarily disband any or all of their units in Winter"). Then the
// builds and waives are adjudicated by the engine on the position without
// the disbanded units: a power is entitled to a build when its centres
// outnumber its remaining units, and may build where a unit was just
// disbanded; a power that still has too many units loses the rest by the
// civil disorder rule. The special orders of the cards go to winterOrders
// between the disbands and the builds.
func winterPhase(s *engine.State, orders []engine.Order, _ *engine.Rand) (*engine.Outcome, bool) {
	if s.Phase.Type != engine.Adjustment || extraOf(s) == nil {
		return nil, false
	}
	removed := map[int]bool{}
	results := make([]*engine.Result, len(orders))
	var rest []engine.Order
	var restAt []int
	for k := range orders {
		o := orders[k]
		if o.Kind != engine.Disband {
			rest, restAt = append(rest, o), append(restAt, k)
			continue
		}
		r := disbandOne(s, o, removed)
		results[k] = &r
	}
	work := s.Clone()
	work.Units = nil
	for i, u := range s.Units {
		if !removed[i] {
			work.Units = append(work.Units, u)
		}
	}
	// The cards' Winter orders (a Convertible's conversion) come next.
	var left []engine.Order
	var leftAt []int
	for j, o := range rest {
		done := false
		if o.Kind == engine.Special {
			for _, f := range winterOrders {
				if r, ok := f(s, work, o); ok {
					results[restAt[j]], done = &r, true
					break
				}
			}
		}
		if !done {
			left, leftAt = append(left, o), append(leftAt, restAt[j])
		}
	}
	rest, restAt = left, leftAt
	inner := engine.AdjudicateAdjustments(work, rest, reg.Rules())
	for j, k := range restAt {
		r := inner.Results[j]
		results[k] = &r
	}
	out := &engine.Outcome{Phase: s.Phase, Next: inner.Next, Events: inner.Events}
	for _, r := range results {
		out.Results = append(out.Results, *r)
	}
	out.Results = append(out.Results, inner.Results[len(rest):]...)
	return out, true
}

// disbandOne checks one Winter disband order against s (removed: the units
// already disbanded) and returns its result, marking the unit removed. The
// unit the order names is the engine's one answer (engine.UnitOf) among
// the units not yet disbanded, so a second order for a province two units
// of the power share names the other; rule 5's stricter reading of a
// number (a revealed Amphibious unit only by its Amp label) is checked on
// that unit.
func disbandOne(s *engine.State, o engine.Order, removed map[int]bool) engine.Result {
	res := engine.Result{Order: o, Code: engine.Refused}
	m := s.Map
	if s.Phase.Year < start.Year {
		res.Reason = fmt.Sprintf("there is no Winter %d: disbanding waits until Winter %d (Rules Clarifications)", s.Phase.Year, start.Year)
		return res
	}
	if !o.At.Valid() || int(o.At.P) >= len(m.Provinces) {
		res.Code, res.Reason = engine.NoUnit, "no unit named"
		return res
	}
	var here, own []int
	for i, u := range s.Units {
		if u.Loc.P == o.At.P {
			here = append(here, i)
			if u.Power == o.Power {
				own = append(own, i)
			}
		}
	}
	switch {
	case len(here) == 0:
		res.Code, res.Reason = engine.NoUnit, "no unit in "+m.LocName(o.At.Prov())
		return res
	case len(own) == 0:
		u := s.Units[here[0]]
		res.Unit, res.Code = u, engine.NotOwner
		res.Reason = fmt.Sprintf("%s may not disband a unit of %s", m.PowerName(o.Power), m.PowerName(u.Power))
		return res
	}
	pick := namedLeft(s, o, removed)
	if pick < 0 || s.Units[pick].Power != o.Power || (o.Number != 0 && !labelMatches(extraOf(s), s.Units[pick], o)) {
		res.Unit, res.Code = s.Units[own[0]], engine.Illegal
		res.Reason = wrongNumber(s, o, own)
		return res
	}
	res.Unit = s.Units[pick]
	if removed[pick] {
		res.Reason = "already disbanded"
		return res
	}
	removed[pick] = true
	res.OK, res.Code, res.Reason = true, engine.OK, "disbanded"
	return res
}

// namedLeft returns the index in s.Units of the unit o names by the
// engine's one answer among the units not yet removed, when that unit is
// the power's and fits the order's number and type; else the answer among
// all of them (a unit disbanded already), or -1.
func namedLeft(s *engine.State, o engine.Order, removed map[int]bool) int {
	fits := func(u engine.Unit) bool {
		return (o.Unit == engine.NoUnitType || u.Type == o.Unit) && (o.Number == 0 || labelMatches(extraOf(s), u, o))
	}
	if len(removed) > 0 {
		left := *s
		left.Units = nil
		var at []int
		for i, u := range s.Units {
			if !removed[i] {
				left.Units = append(left.Units, u)
				at = append(at, i)
			}
		}
		if i := kit.OrderUnit(&left, &o, reg.Rules()); i >= 0 && fits(left.Units[i]) {
			return at[i]
		}
	}
	return engine.UnitOf(s, &o, reg.Rules())
}

// lifecycleAfter deals and discards the cards after every phase, and
// reveals every card when a power wins.
func lifecycleAfter(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	next := out.Next
	e := extraOf(next)
	if next == nil || e == nil {
		return
	}
	built := map[unitID]bool{}
	if s.Phase.Type == engine.Adjustment {
		for _, r := range out.Results {
			if r.OK && r.Order.Kind == engine.Build && r.Unit.Number > 0 {
				built[idOf(r.Unit)] = true
			}
		}
	}
	present := kit.UnitsInGame(next)
	for _, id := range e.sortedIDs() {
		if present[id] && !built[id] {
			continue
		}
		e.discard(id, s.Phase, whyGone(out, id))
	}
	for _, u := range next.Units {
		id := idOf(u)
		if !built[id] {
			continue
		}
		if _, has := e.Cards[id]; has {
			continue
		}
		c, err := e.DealBuild(next, u, rng)
		if err != nil {
			e.Log = append(e.Log, fmt.Sprintf("%s: no card dealt to %s: %v", s.Phase.Key(), id, err))
			continue
		}
		e.Log = append(e.Log, fmt.Sprintf("%s: %s dealt to %s (rule 2)", s.Phase.Key(), c, id))
		m := next.Map
		out.AddEvent(fmt.Sprintf("%s's new %s in %s was dealt a character card, told to %s alone (rule 2)",
			m.PowerName(u.Power), kit.Label(u.Number, u.Type), m.LocName(u.Loc), m.PowerName(u.Power)), u)
		out.AddEvent(kit.PrivateEvent(m, u.Power, fmt.Sprintf("your new %s in %s is the %s: %s",
			kit.Label(u.Number, u.Type), m.LocName(u.Loc), c.Tarot, c.NameFor(u.Type))), u)
	}
	if w := comingWinner(s, next); w != "" && !e.Effects.Life.Ended {
		e.revealAll(next, s.Phase, w, out)
	}
}

// whyGone says in words how unit id left the board in out.
func whyGone(out *engine.Outcome, id unitID) string {
	for _, r := range out.Results {
		if idOf(r.Unit) != id || r.Unit.Number == 0 {
			continue
		}
		switch {
		case r.Code == engine.Defaulted && r.Order.Kind == engine.Disband && out.Phase.Type == engine.Adjustment:
			return "removed by the civil disorder rule"
		case r.Order.Kind == engine.Disband && r.OK:
			return "disbanded"
		case r.Code == engine.Disbanded || r.Code == engine.Defaulted || r.Code == engine.Bounced || r.Code == engine.Illegal:
			if out.Phase.Type == engine.Retreat {
				return "not retreated"
			}
		}
	}
	return "left the board"
}

// discard puts the card of unit id on the discard pile, keeping a record
// of it for the end of the game, and drops the unit's entries from the
// group's state. The game master's log says which card it was; no report
// does (Rules Clarifications: a disbanded unit's power is not revealed).
func (e *extra) discard(id unitID, p engine.Phase, why string) {
	h, ok := e.Cards[id]
	if !ok {
		return
	}
	delete(e.Cards, id)
	if h.Card.Kind == 0 {
		return
	}
	if e.Deck != nil {
		e.Deck.Discard(h.Card)
	}
	e.Effects.Life.Gone = append(e.Effects.Life.Gone, goneCard{Unit: id, Card: h.Card.ID, Phase: p.Key(), Why: why})
	life := &e.Effects.Life
	life.Free = slices.DeleteFunc(life.Free, func(f unitID) bool { return f == id })
	for _, list := range [][]mine{life.Mines, life.Swept} {
		for i := range list {
			if list[i].Layer == id {
				list[i].LayerGone = true
			}
		}
	}
	e.Log = append(e.Log, fmt.Sprintf("%s: %s %s: %s discarded", p.Key(), id, why, h.Card))
}

// comingWinner returns the power the engine will declare the winner once
// the After parts are done (the centres change hands at the end of a Fall
// once no retreat phase follows), or "".
func comingWinner(s, next *engine.State) engine.Power {
	if s.Phase.Type == engine.Adjustment || len(next.Dislodged) > 0 || s.Phase.Season != engine.Fall ||
		(s.Phase.Type == engine.Movement && retreatFollows(next)) {
		return ""
	}
	c := *next
	c.Owners = slices.Clone(next.Owners)
	engine.UpdateOwnership(&c, reg.Rules())
	return engine.Winner(&c, reg.Rules())
}

// revealAll reveals every card at the end of the game (Rules
// Clarifications: "I will reveal them all at the end of the game"): the
// cards on the board become known to all, and the public events list
// them, with the cards of the units that left the board.
func (e *extra) revealAll(s *engine.State, p engine.Phase, winner engine.Power, out *engine.Outcome) {
	m := s.Map
	e.Effects.Life.Ended = true
	out.AddEvent(fmt.Sprintf("%s has won: every character card is revealed (Rules Clarifications)", m.PowerName(winner)))
	where := map[unitID]engine.Unit{}
	for _, u := range s.Units {
		where[idOf(u)] = u
	}
	for _, d := range s.Dislodged {
		where[idOf(d.Unit)] = d.Unit
	}
	for _, id := range e.sortedIDs() {
		h := e.Cards[id]
		if h.Card.Kind == 0 {
			continue
		}
		_ = e.Reveal(id, p, "the game is over: every card is revealed")
		loc := ""
		var names []engine.Unit
		if u, ok := where[id]; ok {
			loc = " in " + m.LocName(u.Loc)
			names = append(names, u)
		}
		out.AddEvent(fmt.Sprintf("%s's %s%s: %s, %s", m.PowerName(id.Power), kit.Label(id.Number, id.Type), loc, h.Card.Tarot, h.Card.NameFor(id.Type)), names...)
	}
	for _, g := range e.Effects.Life.Gone {
		c, err := cardByID(g.Card)
		if err != nil {
			continue
		}
		out.AddEvent(fmt.Sprintf("%s's %s (%s %s): %s, %s", m.PowerName(g.Unit.Power), kit.Label(g.Unit.Number, g.Unit.Type), g.Why, g.Phase, c.Tarot, c.NameFor(g.Unit.Type)))
	}
}

// VictoryCentres implements engine.VictoryTarget (rule 9): "The victory
// condition is to own a majority of the supply centers on the board.
// Spaces that have lost Supply Center status by being annihilated or
// gassed do not count in the total until they regain Supply Center
// status." A majority of the centres not suspended now
// (Extra.CentreSuspended): 18 of the 34, 17 of 33, 17 of 32.
func (e *extra) VictoryCentres(s *engine.State) int {
	n := 0
	for id, p := range s.Map.Provinces {
		if p.SC && !centreSuspended(e, engine.ProvinceID(id), s.Phase) {
			n++
		}
	}
	return n/2 + 1
}

var _ engine.VictoryTarget = (*extra)(nil)

// centreSuspended is Extra.CentreSuspended, which the strikes group fills;
// a test may put a hand-made suspension in its place.
var centreSuspended = func(e *extra, p engine.ProvinceID, at engine.Phase) bool { return e.CentreSuspended(p, at) }

// provName returns the name of the province abbr names.
func provName(m *engine.Map, abbr string) string {
	if p := lookup(m, abbr); p != engine.NoProvince {
		return m.Provinces[p].Name
	}
	return abbr
}
