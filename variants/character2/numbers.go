package character2

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// Rule 5: "each unit will have a number preceding it. (For example, "1A"
// means "1st Army.") You don't have to use these numbers in your orders,
// but if you do, they must be correct or the order will be thrown out."
//
// The engine finds a numbered unit by its number, so a wrong number in a
// movement phase would read "no unit in Burgundy", and in a retreat phase
// the number is not looked at. numbersRewrite, the first Rewrite part,
// throws out every order whose number (and type, when written with it) is
// not that of the ordering power's unit in the province: the order
// becomes the special order voidOrder, which the movement phase rejects
// with the reason, and numbersAfter, the first After part, puts the order
// back as written with the reason "thrown out (rule 5)". A unit whose
// order is thrown out holds (movement) or has no valid order (retreat).
// Winter disbands are checked by winterPhase itself; a build names no
// unit yet, so a number on a build is not checked (the new unit takes the
// lowest free number). The number of the other unit a support or convoy
// names (Order.AuxNumber) must be correct too (wrongAux). A revealed
// Amphibious unit's number is its Amp label (amplabels.go).

// voidOrder is the special order a thrown-out order becomes. Its words are
// not ones a player writes; if one does, the order is thrown out all the
// same.
const voidOrder = "thrown out by rule 5"

// causeThrownOut is the Cause of an order thrown out by rule 5.
const causeThrownOut = "thrown out"

const (
	priorityNumbers = -1000 // before every other Rewrite and After part
)

func numbersParts(r *registry) {
	addSpecial(r, voidOrder, voidOrder, nil, func(_ *engine.State, _ engine.Unit, o engine.Order) (engine.Order, string) {
		if len(o.Args) >= 3 {
			return engine.Order{}, o.Args[2]
		}
		return engine.Order{}, "thrown out (rule 5)"
	})
	r.Rewrite(priorityNumbers, numbersRewrite)
	r.After(priorityNumbers, numbersAfter)
}

// labelMatches reports whether u is the unit o names by number and, when
// written, by type (rule 5; a revealed Amphibious unit by its Amp label:
// written.fits).
func labelMatches(e *extra, u engine.Unit, o engine.Order) bool {
	return unitWritten(o).fits(e, u)
}

// wrongNumber is the reason an order naming o's number is thrown out, the
// power's units in the province being those of s.Units at own.
func wrongNumber(s *engine.State, o engine.Order, own []int) string {
	e := extraOf(s)
	var labels []string
	for _, i := range own {
		labels = append(labels, e.AmpLabel(s.Units[i]))
	}
	return wrongLabel(s.Map, o, labels)
}

func wrongLabel(m *engine.Map, o engine.Order, labels []string) string {
	return fmt.Sprintf("thrown out (rule 5): the %s unit in %s is %s, not %s; a number written in an order must be correct",
		adjective(m, o.Power), m.LocName(o.At.Prov()), strings.Join(labels, " or "), unitWritten(o).label())
}

func adjective(m *engine.Map, p engine.Power) string {
	if pi, ok := m.Power(p); ok {
		return pi.Adjective
	}
	return string(p)
}

// numbersRewrite throws out the orders of movement and retreat phases that
// name a unit of their power by a wrong number, and gives an order naming
// a revealed Amphibious unit by its Amp label the unit's own number and
// type, by which the engine finds it.
func numbersRewrite(s *engine.State, orders []engine.Order, _ *engine.Rand) ([]engine.Order, []string) {
	if s.Phase.Type == engine.Adjustment {
		return orders, nil
	}
	e := extraOf(s)
	var log []string
	out := orders
	copied := false
	views := map[engine.Power]*engine.State{}
	for k, o := range orders {
		if (o.Number <= 0 && o.AuxNumber <= 0) || !o.At.Valid() || int(o.At.P) >= len(s.Map.Provinces) || o.Power == "" || o.Special == voidOrder {
			continue
		}
		var labels []string
		var named *engine.Unit
		ok := o.Number <= 0
		check := func(u engine.Unit) {
			if u.Loc.P != o.At.P || u.Power != o.Power {
				return
			}
			labels = append(labels, e.AmpLabel(u))
			if !ok && labelMatches(e, u, o) {
				ok, named = true, &u
			}
		}
		if o.Number > 0 {
			for _, u := range s.Units {
				check(u)
			}
			for _, d := range s.Dislodged {
				check(d.Unit)
			}
		}
		why := ""
		if !ok && len(labels) > 0 {
			why = wrongLabel(s.Map, o, labels)
		} else if ok {
			// The right unit, or none of the power's there (the engine
			// says so); then the unit a support or convoy names.
			why = wrongAux(s, o, views)
		}
		if why == "" {
			if named != nil && (named.Number != o.Number || (o.Unit != engine.NoUnitType && named.Type != o.Unit)) {
				if !copied {
					out, copied = slices.Clone(orders), true
				}
				out[k].Number, out[k].Unit = named.Number, named.Type
			}
			continue
		}
		if !copied {
			out, copied = slices.Clone(orders), true
		}
		v := o
		v.Kind, v.Special = engine.Special, voidOrder
		v.Args = append([]string{fmt.Sprint(int(o.Kind)), o.Special, why}, o.Args...)
		out[k] = v
		log = append(log, thrownOutLine(s.Map, o, why))
	}
	return out, log
}

// thrownOutNames are the units the words of thrown-out order o name: the
// ordering power's units in its province, on the board or dislodged.
func thrownOutNames(s *engine.State, o engine.Order) []engine.Unit {
	var out []engine.Unit
	for _, u := range kit.AllUnits(s) {
		if u.Loc.P == o.At.P && u.Power == o.Power {
			out = append(out, u)
		}
	}
	return out
}

// wrongAux is why a support or convoy naming another unit by a wrong
// number is thrown out, or "". The unit is looked for in the ordering
// power's view of the position, so an order naming a unit its power
// cannot see (an invisible one) tells it nothing.
func wrongAux(s *engine.State, o engine.Order, views map[engine.Power]*engine.State) string {
	if o.AuxNumber <= 0 || (o.Kind != engine.Support && o.Kind != engine.Convoy) || !o.AuxAt.Valid() || int(o.AuxAt.P) >= len(s.Map.Provinces) {
		return ""
	}
	v, ok := views[o.Power]
	if !ok {
		v = engine.ViewFor(s, nil, engine.Seat{Power: o.Power}, reg.Rules()).State
		views[o.Power] = v
	}
	e := extraOf(v)
	w := auxWritten(o)
	var labels []string
	for _, u := range v.Units {
		if u.Loc.P != o.AuxAt.P || (o.AuxPower != "" && u.Power != o.AuxPower) {
			continue
		}
		if w.fits(e, u) {
			return ""
		}
		labels = append(labels, adjective(s.Map, u.Power)+" "+e.AmpLabel(u))
	}
	if len(labels) == 0 {
		return ""
	}
	return fmt.Sprintf("thrown out (rule 5): the unit in %s is %s, not %s; a number written in an order must be correct",
		s.Map.LocName(o.AuxAt.Prov()), strings.Join(labels, " or "), w.label())
}

// thrownOutLine is the event of an order thrown out by rule 5.
func thrownOutLine(m *engine.Map, o engine.Order, why string) string {
	return fmt.Sprintf("%s: %s", o.Format(m), why)
}

// numbersAfter puts the thrown-out orders back as written, with the
// reason, which names the power's units in the province (the labels it
// lists), as does numbersRewrite's event for the order.
func numbersAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	for i := range out.Results {
		r := &out.Results[i]
		if r.Order.Kind != engine.Special || r.Order.Special != voidOrder || len(r.Order.Args) < 3 {
			continue
		}
		var kind int
		if _, err := fmt.Sscan(r.Order.Args[0], &kind); err != nil {
			continue
		}
		why := r.Order.Args[2]
		r.Order.Kind, r.Order.Special = engine.OrderKind(kind), r.Order.Args[1]
		r.Order.Args = slices.Clone(r.Order.Args[3:])
		if len(r.Order.Args) == 0 {
			r.Order.Args = nil
		}
		r.OK, r.Code = false, engine.Illegal
		named := thrownOutNames(s, r.Order)
		// In a movement phase the engine gave the thrown-out order's reason
		// (the Special hook's); a retreat phase refuses it as special.
		if out.Phase.Type == engine.Movement {
			r.Say(why, named...)
		} else {
			r.Say(why+"; the unit is disbanded unless it has a valid order", named...)
		}
		r.SetCause(causeThrownOut)
		if line := thrownOutLine(s.Map, r.Order, why); slices.Contains(out.Events, line) && len(named) > 0 {
			if out.EventNames == nil {
				out.EventNames = map[string][]engine.Unit{}
			}
			out.EventNames[line] = named
		}
	}
}
