package character

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// The card life cycle (rules 2, 5 and 13 in play): after every phase,
// once every other card part has acted (priorityLifecycle), the cards
// follow the units.
//
//   - Rule 2: "If a unit is removed from the board, the card is also out
//     of the game": the card of every unit that left the board in the
//     phase (dislodged and disbanded, annihilated, blown up by a mine,
//     removed in an adjustment or by civil disorder) goes on the discard
//     pile and its Held record goes with it. A unit that only moved or
//     retreated keeps its card: cards are keyed by the unit's number
//     (rule 10), not by where it stands.
//   - Rule 5.a: "As subsequent units are built, the GM will assign a
//     Character Card to each": every unit built in the phase is dealt a
//     card by dealBuild, which applies rules 4 and 5 through checkDeal
//     (the caps of 5.b and 5.c; #19 may go to a build).
//   - Rule 13 is the deck's: Deck.Deal reshuffles after every 50 cards.
//
// The discards come before the deals, so a build may take a category a
// lost unit freed (rule 5.c: "When older units are destroyed or removed,
// new units may be assigned such characteristics"). Then the effects that
// ended before the next phase expire.
func lifecycleParts(r *registry) {
	r.After(priorityLifecycle, lifecycleAfter)
	r.ConcealOutcome(concealDeals)
}

// lifecycleAfter is the life cycle's After part.
func lifecycleAfter(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	next := out.Next
	if next == nil {
		return
	}
	e, ok := next.Extra.(*extra)
	if !ok || e == nil {
		return
	}
	built := builtUnits(out)
	out.Events = append(out.Events, e.discardGone(next, built)...)
	out.Events = append(out.Events, e.dealNew(next, rng)...)
	e.pruneEffects(next)
	// A suspended centre must still count for no one when the engine
	// changes the ownership of centres at the end of its last Fall and
	// decides whether a Winter follows, which it does after this part: a
	// suspension ends only once a phase of a later turn is adjudicated.
	suspended := slices.Clone(e.Effects.Suspended)
	e.Effects.expire(kit.MoveIndex(followingPhase(s, next)))
	now := kit.MoveIndex(s.Phase)
	e.Effects.Suspended = slices.DeleteFunc(suspended, func(c suspension) bool { return c.Until < now })
}

// builtUnits returns the ids of the units built in the phase (adjustment
// results that succeeded). A build may take the number of a unit that left
// the board earlier (rule 10, ruling "Unit numbers"): it is a new unit,
// with a new card.
func builtUnits(out *engine.Outcome) map[kit.UnitID]bool {
	built := map[kit.UnitID]bool{}
	if out.Phase.Type != engine.Adjustment {
		return built
	}
	for _, r := range out.Results {
		if r.OK && r.Order.Kind == engine.Build && r.Unit.Number > 0 {
			built[idOf(r.Unit)] = true
		}
	}
	return built
}

// discardGone discards the cards whose units are no longer in the game
// (rule 2), and those of a number a build has just taken. It returns the
// public events: which unit's card left the game, never which card.
func (e *extra) discardGone(next *engine.State, built map[kit.UnitID]bool) []string {
	present := kit.UnitsInGame(next)
	var events []string
	for _, id := range e.sortedIDs() {
		if present[id] && !built[id] {
			continue
		}
		h := e.Cards[id]
		if e.Deck != nil {
			e.Deck.Discard(h.Card)
		}
		delete(e.Cards, id)
		what := "its card"
		if h.Revealed != nil {
			what = h.Card.String()
		}
		events = append(events, fmt.Sprintf("%s's %s left the board: %s is out of the game (rule 2)",
			kit.PowerName(id.Power), label(id.Number, id.Type), what))
	}
	return events
}

// dealNew deals a card to every unit on the board that holds none: the
// units built in the phase (rule 5.a). Each card is told to the unit's
// owner alone (rule 3, 5.a: "advise each of them privately"); the public
// event says only that a card was dealt. The game master's log keeps
// every burial and reshuffle. Without a deck (a position set up by hand)
// nothing is dealt; nor without the game's source of chance, which a
// reshuffle needs (engine.Adjudicate's caller must pass it for this
// variant): the game master's log says so.
func (e *extra) dealNew(next *engine.State, rng *engine.Rand) []string {
	if e.Deck == nil {
		return nil
	}
	if rng == nil {
		for _, u := range next.Units {
			if _, ok := e.Cards[idOf(u)]; !ok {
				e.Log = append(e.Log, fmt.Sprintf("%s: no card dealt to %s: adjudicated without the game's source of chance", next.Phase.Key(), idOf(u)))
			}
		}
		return nil
	}
	var events []string
	for _, u := range next.Units {
		id := idOf(u)
		if _, ok := e.Cards[id]; ok || u.Number <= 0 {
			continue
		}
		c, log, err := dealBuild(u, e.dealTo(next, u.Power), e.Deck, rng)
		e.Log = append(e.Log, log...)
		if err != nil {
			// dealBuild only fails for a unit without a number, which the
			// loop above skips; keep the game going and tell the GM.
			e.Log = append(e.Log, fmt.Sprintf("%s: no card dealt: %v", id, err))
			continue
		}
		e.Give(id, c, next.Phase)
		e.Log = append(e.Log, fmt.Sprintf("%s: %s dealt to %s (rule 5.a)", next.Phase.Key(), c, id))
		events = append(events, dealtEvent(next, u))
	}
	return events
}

// dealtEvent is the public report of a deal: the unit, never the card.
func dealtEvent(s *engine.State, u engine.Unit) string {
	return fmt.Sprintf("%s's new %s in %s is dealt a character card, told to %s alone (rule 5.a)",
		kit.PowerName(u.Power), label(u.Number, u.Type), s.Map.LocName(u.Loc), kit.PowerName(u.Power))
}

// concealDeals is the life cycle's ConcealOutcome part: the owner of a
// unit dealt a card in the phase, and the game master, read which card it
// is (rule 5.a: "The GM will then advise each of them privately, with
// their game report"); every other seat keeps the public event.
func concealDeals(_ *engine.State, seat engine.Seat, out *engine.Outcome) {
	if out.Next == nil || (!seat.GM && seat.Power == "") {
		return
	}
	e, ok := out.Next.Extra.(*extra)
	if !ok {
		return
	}
	private := map[string]string{}
	for _, u := range out.Next.Units {
		h, ok := e.Cards[idOf(u)]
		if !ok || h.Dealt != out.Phase || !(seat.GM || seat.Power == u.Power) {
			continue
		}
		private[dealtEvent(out.Next, u)] = fmt.Sprintf("%s's new %s in %s is dealt %s (rule 5.a; told to %s alone)",
			kit.PowerName(u.Power), label(u.Number, u.Type), out.Next.Map.LocName(u.Loc), h.Card, kit.PowerName(u.Power))
	}
	for i, ev := range out.Events {
		if p, ok := private[ev]; ok {
			out.Events[i] = p
		}
	}
}

// dealTo describes power p for a deal (rule 5.b): the cards its units
// hold (the dislodged included), the units it is entitled to (its supply
// centres counted now, suspended ones left out, plus its #19 free units,
// which need none: ruling "Entitled to"), and the powers left in the game
// (those with a unit or a supply centre).
func (e *extra) dealTo(s *engine.State, p engine.Power) dealTo {
	to := dealTo{Power: p}
	for _, id := range e.sortedIDs() {
		if id.Power == p {
			to.Hand = append(to.Hand, e.Cards[id].Card)
		}
	}
	centres := s.Centres()
	to.Units = centres[p]
	for _, id := range e.Effects.FreeUnits {
		if id.Power == p {
			to.Units++
		}
	}
	to.Powers = len(powersLeft(s))
	return to
}

// powersLeft returns the powers still in the game in s: those with a unit
// on the board (or dislodged) or a supply centre (rule 5.b's "Powers left
// in the game"), sorted.
func powersLeft(s *engine.State) []engine.Power {
	seen := map[engine.Power]bool{}
	for _, u := range s.Units {
		seen[u.Power] = true
	}
	for _, d := range s.Dislodged {
		seen[d.Unit.Power] = true
	}
	for p, n := range s.Centres() {
		if n > 0 {
			seen[p] = true
		}
	}
	delete(seen, "")
	out := make([]engine.Power, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// pruneEffects drops the per-unit entries of the shared effects whose unit
// is no longer in the game, so a later unit that takes the same number
// (rule 10) inherits nothing: no civil disorder, no free upkeep, no count
// of its last gas attack.
func (e *extra) pruneEffects(next *engine.State) {
	present := kit.UnitsInGame(next)
	gone := func(id kit.UnitID) bool { return !present[id] }
	f := &e.Effects
	f.Disorders = slices.DeleteFunc(f.Disorders, func(d disorder) bool { return gone(d.Unit) })
	for id := range f.LastUsed {
		if gone(id) {
			delete(f.LastUsed, id)
		}
	}
	f.FreeUnits = slices.DeleteFunc(f.FreeUnits, gone)
	f.SpringOTB = slices.DeleteFunc(f.SpringOTB, gone)
	f.RightHand = slices.DeleteFunc(f.RightHand, gone)
	f.Voluntary = slices.DeleteFunc(f.Voluntary, gone)
	f.Hypnotised = slices.DeleteFunc(f.Hypnotised, gone)
}

// followingPhase returns the phase that will follow s's phase, as
// engine.Adjudicate will compute it once the After parts are done: the
// ownership of the centres changes at the end of a Fall first, which
// decides whether a Winter follows.
func followingPhase(s, next *engine.State) engine.Phase {
	c := *next
	if c.Phase.Type != engine.Adjustment && len(c.Dislodged) == 0 && c.Phase.Season == engine.Fall {
		c.Owners = slices.Clone(next.Owners)
		engine.UpdateOwnership(&c, reg.Rules())
	}
	return nextPhase(&c, s.Phase)
}

// checkCards reports what breaks the life cycle's invariant in s: every
// unit in the game (on the board or dislodged) holds exactly one card,
// every card belongs to such a unit, and the deck's cards are conserved
// (pile, discards and the cards on the board add up to the deck's size;
// a Blank card, dealt when no legal card was left, is no card of the
// deck). A position without a deck is checked for the first two only.
func checkCards(s *engine.State) []string {
	e, ok := s.Extra.(*extra)
	if !ok || e == nil {
		return []string{"the position has no character cards"}
	}
	var bad []string
	present := kit.UnitsInGame(s)
	seen := map[kit.UnitID]int{}
	for _, u := range s.Units {
		seen[idOf(u)]++
	}
	for _, d := range s.Dislodged {
		seen[idOf(d.Unit)]++
	}
	for id, n := range seen {
		if n > 1 {
			bad = append(bad, fmt.Sprintf("%d units are numbered %s", n, id))
		}
		if _, ok := e.Cards[id]; !ok {
			bad = append(bad, fmt.Sprintf("%s holds no card", id))
		}
	}
	onCards := 0
	for id, h := range e.Cards {
		if !present[id] {
			bad = append(bad, fmt.Sprintf("%s holds %s but is not on the board", id, h.Card))
		}
		if !h.Card.Blank {
			onCards++
		}
	}
	if e.Deck != nil {
		if n := e.Deck.Len() + e.Deck.DiscardLen() + onCards; n != e.Deck.Size() {
			bad = append(bad, fmt.Sprintf("the deck holds %d in the pile, %d discarded and %d on the board: %d, not its %d cards",
				e.Deck.Len(), e.Deck.DiscardLen(), onCards, n, e.Deck.Size()))
		}
	}
	slices.Sort(bad)
	return bad
}

// stack puts one copy of each card named in ids on top of the pile, in
// that order (the first is drawn first): the scripted draws of a test or
// a case file. Each card must have a copy left in the pile.
func (d *deck) stack(ids ...string) error {
	top := make([]cardType, 0, len(ids))
	for _, id := range ids {
		c, ok := lookupCard(d.types, id)
		if !ok {
			return fmt.Errorf("character: there is no card %q in this game's deck", id)
		}
		got, ok := d.take(c.ID)
		if !ok {
			return fmt.Errorf("%w: %s", errNotInPile, c)
		}
		top = append(top, got)
	}
	d.StackOnTop(top)
	return nil
}

// UnitNote names the card of u as this position knows it (a seat's view
// holds only the cards the seat may know, rule 3), with who else knows
// it: "#2 Double Strength, revealed S1902M". "" when the position holds no
// card for u. The command line's show and the case runner print it.
func (e *extra) UnitNote(u engine.Unit) string {
	h, ok := e.Cards[idOf(u)]
	if !ok {
		return ""
	}
	note := h.Card.String()
	if h.Card.Blank {
		note += " (no card left to deal)"
	}
	if h.Revealed != nil {
		note += ", revealed " + h.Revealed.Phase.Key()
	}
	if len(h.Told) > 0 {
		var to []string
		for p := range h.Told {
			to = append(to, kit.PowerName(p))
		}
		slices.Sort(to)
		note += ", told to " + strings.Join(to, ", ")
	}
	return note
}
