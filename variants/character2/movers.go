package character2

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// Helpers shared by the movers' cards (Hyperspace Unit, Jumper, Double
// Mover, Amphibious, Convertible, Water Walker/Superfleet,
// Neanderthal/Aircraft Carrier, Explorer), and what the other groups need
// of them: inHyperspace, enteredSpaces and (*Extra).Rekey.

// moverHas reports whether u holds a card of kind k in s.
func moverHas(s *engine.State, u engine.Unit, k kind) bool {
	return s != nil && kindAt(s, u) == k
}

// inHyperspace reports whether u stands in Hyperspace. The Hyperspace
// Unit's card: "No other special power can ever be used on Hyperspace or
// its occupants -- even if that power precedes this one." Every card that
// targets a space or a unit (gas, hypnotism, psychic, doppelganger, jump,
// annihilation, mines) must refuse a target for which this is true, or
// whose province is Hyperspace (isHyperspace).
func inHyperspace(s *engine.State, u engine.Unit) bool {
	return s != nil && s.Map != nil && isHyperspace(s.Map, u.Loc.P)
}

// isHyperspace reports whether p is Hyperspace.
func isHyperspace(m *engine.Map, p engine.ProvinceID) bool {
	h := lookup(m, hyperspaceAbbr)
	return h != engine.NoProvince && p == h
}

// moverWords is a unit in words for a result: "F Trieste".
func moverWords(m *engine.Map, u engine.Unit) string {
	return u.Type.String() + " " + m.LocName(u.Loc)
}

// typeArticle is "an army" or "a fleet".
func typeArticle(t engine.UnitType) string {
	if t == engine.Army {
		return "an army"
	}
	return "a fleet"
}

// moverUnitIn returns a unit standing in province p of s, or false.
func moverUnitIn(s *engine.State, p engine.ProvinceID) (engine.Unit, bool) {
	for _, u := range s.Units {
		if u.Loc.P == p {
			return u, true
		}
	}
	return engine.Unit{}, false
}

// canStand reports whether a unit of type t may stand in a province of
// kind k by the standard rules.
func canStand(t engine.UnitType, k engine.ProvinceKind) bool { return kit.CanStand(t, k) }

// enteredSpaces returns the provinces unit u enters if its order o (as
// written, before any rewrite) succeeds, in order: the destination of a
// move or retreat; the landing of a jump; both spaces of a double move.
// The spaces a Jumper jumps over, the sea a Water Walker crosses, the
// spaces between a Superfleet's or an Explorer's special link are not
// entered (Rules Clarifications: "What happens if a Jumper, a Water
// Walker, Explorer, or Superfleet uses its special power to jump over a
// space that contains a mine? A: The mine does not go off. The unit has
// not 'entered' the space containing the mine."). A double move whose
// second part is blocked enters only its first space: compare with where
// the unit stands after the phase. Nil for orders that move nothing.
func enteredSpaces(s *engine.State, u engine.Unit, o engine.Order) []engine.ProvinceID {
	switch o.Kind {
	case engine.Move:
		return []engine.ProvinceID{o.To.P}
	case engine.Special:
		switch o.Special {
		case jumpOrder:
			if _, land, why := jump(s, u, o); why == "" {
				return []engine.ProvinceID{land.P}
			}
		case doubleMoveOrder:
			if first, second, why := doubleMove(s, u, o); why == "" {
				return []engine.ProvinceID{first.P, second.P}
			}
		}
	}
	return nil
}

// rekeyer is a group's state that keys units by unitID: Rekey calls it
// when a unit's id changes.
type rekeyer interface{ rekey(from, to unitID) }

// Rekey moves everything the position keeps under unit id from to id to:
// its card and every group's effects (each group's state implements
// rekey(from, to unitID) if it keys units). Rule 5: "When an Amphibious
// unit reveals itself or a Convertible unit changes types, it will be
// renumbered." The unit in s.Units is the caller's to change.
func (e *extra) Rekey(from, to unitID) {
	if e == nil || from == to {
		return
	}
	if h, ok := e.Cards[from]; ok {
		delete(e.Cards, from)
		e.Cards[to] = h
	}
	for _, st := range []any{&e.Effects.Strikes, &e.Effects.Hidden, &e.Effects.Stance, &e.Effects.Movers, &e.Effects.Life} {
		if r, ok := st.(rekeyer); ok {
			r.rekey(from, to)
		}
	}
}

// renumber gives unit i of s the number and type of to's id, moving its
// card and effects: the lowest number free among its power's units of
// the new type when n is 0.
func renumber(s *engine.State, i int, t engine.UnitType, n int) (unitID, unitID) {
	u := s.Units[i]
	from := idOf(u)
	if n == 0 {
		// A dislodged unit still retreating keeps its number and card: the
		// new number must not take them (the soak test found a converted
		// army taking a dislodged fleet's "1F" and its card).
		others := slices.Clone(s.Units)
		for _, d := range s.Dislodged {
			others = append(others, d.Unit)
		}
		// Nor the number of a unit gone this turn whose card the life
		// cycle has yet to discard (an Annihilator destroyed in the same
		// turn: soak test).
		for id := range extraOf(s).Cards {
			if id.Power == u.Power && id.Type == t && id != from {
				others = append(others, engine.Unit{Power: id.Power, Type: id.Type, Number: id.Number})
			}
		}
		n = nextNumber(others, u.Power, t, i)
	}
	u.Type, u.Number = t, n
	s.Units[i] = u
	to := idOf(u)
	extraOf(s).Rekey(from, to)
	return from, to
}

// nextNumber is the lowest number free among p's units of type t, unit
// skip aside.
func nextNumber(units []engine.Unit, p engine.Power, t engine.UnitType, skip int) int {
	used := map[int]bool{}
	for i, u := range units {
		if i != skip && u.Power == p && u.Type == t {
			used[u.Number] = true
		}
	}
	n := 1
	for used[n] {
		n++
	}
	return n
}

// revealMove reveals the card of unit u (rule 2: "the use of a special
// power will be reported to all players and will tell everyone what the
// unit's power is") and tells everyone in an event.
func revealMove(s *engine.State, out *engine.Outcome, u engine.Unit, what string) {
	e := extraOf(out.Next)
	if e == nil {
		return
	}
	id := idOf(u)
	h, ok := e.Cards[id]
	if !ok || (h.Revealed != nil && h.Revealed.Hint == "") {
		return
	}
	name := h.Card.NameFor(u.Type)
	_ = e.Reveal(id, s.Phase, what+" (rule 2)")
	out.AddEvent(fmt.Sprintf("%s's %s %s %s: it is %s %s (rule 2)",
		s.Map.PowerName(u.Power), kit.Label(u.Number, u.Type), s.Map.LocName(u.Loc), what, article(name), name), u)
}

func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOU", rune(name[0])) {
		return "an"
	}
	return "a"
}

// moverUses returns, for the card of kind k, the test of whether a unit's
// order o (judged, not refused) needed its card, and in what words: each
// mover's file has its test; nil for a kind that moves no unit.
func moverUses(k kind) func(s *engine.State, u engine.Unit, o engine.Order) (string, bool) {
	switch k {
	case hyperspace:
		return hyperspaceUses
	case jumper:
		return jumperUses
	case doubleMover:
		return doubleMoverUses
	case waterWalker:
		return waterWalkerUses
	case neanderthal:
		return carrierUses
	case explorer:
		return explorerUses
	}
	return nil
}

func moversParts(r *registry) {
	r.After(priorityOf(explorer)+5, moversReveal)
}

// moversReveal reveals the card of every unit whose order only its card
// allowed, once the order was judged (not refused), in movement and
// retreat phases: a jump, a double move, a move into or out of Hyperspace,
// an Explorer's island, strait or Caspian, a Water Walker's crossing, a
// Superfleet's sea-to-sea move, an Aircraft Carrier's long support. The
// Amphibious and Convertible cards reveal in their own files (they are
// renumbered too).
func moversReveal(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	if s.Phase.Type == engine.Adjustment || extraOf(out.Next) == nil {
		return
	}
	for _, r := range out.Results {
		if r.Code == engine.Illegal || r.Code == engine.NoUnit || r.Code == engine.NotOwner {
			continue
		}
		f := moverUses(kindAt(s, r.Unit))
		if f == nil {
			continue
		}
		if what, ok := f(s, r.Unit, r.Order); ok {
			revealMove(s, out, r.Unit, what)
		}
	}
}
