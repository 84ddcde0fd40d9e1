package character2

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"dipdesk/engine"
)

// Rule 5: "When an Amphibious unit reveals itself ... it will be
// renumbered", e.g. "1Amp" (MoversState.Amp), and a number written in an
// order "must be correct or the order will be thrown out". The parser
// reads "1Amp" as number 1 of no unit type, which is not the unit's own
// number (the engine keeps the number it was built with), so
// ampLabelsRewrite, run before the rule 5 check (numbersRewrite), puts
// the unit's own number and type in an order written with its Amp label,
// and throws out an order whose Amp label names no revealed Amphibious
// unit of the ordering power in the province.

// ampLabel matches an order's first word written as an Amp label.
var ampLabel = regexp.MustCompile(`(?i)^([0-9]{1,4})amp$`)

var _ = register(func() {
	addRewrite(priorityNumbers-100, ampLabelsRewrite)
})

// ampNumber returns the Amp number an order's text begins with, if any
// ("1Amp lon - wal"; a power's name before a colon is skipped).
func ampNumber(text string) (int, bool) {
	f := strings.Fields(text)
	if len(f) > 0 && strings.HasSuffix(f[0], ":") {
		f = f[1:]
	}
	if len(f) == 0 {
		return 0, false
	}
	m := ampLabel.FindStringSubmatch(f[0])
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil
}

func ampLabelsRewrite(s *engine.State, orders []engine.Order, _ *engine.Rand) ([]engine.Order, []string) {
	e := extraOf(s)
	if e == nil || s.Phase.Type == engine.Adjustment {
		return orders, nil
	}
	out := orders
	copied := false
	var log []string
	for k, o := range orders {
		n, ok := ampNumber(o.Text)
		if !ok || o.Power == "" || !o.At.Valid() || o.Special == voidOrder {
			continue
		}
		if !copied {
			out, copied = slices.Clone(orders), true
		}
		found := false
		var labels []string
		for _, u := range append(slices.Clone(s.Units), dislodgedUnits(s)...) {
			if u.Power != o.Power || u.Loc.P != o.At.P {
				continue
			}
			if a, ok := e.Effects.Movers.Amp[IDOf(u)]; ok {
				labels = append(labels, fmt.Sprintf("%dAmp", a))
				if a == n {
					out[k].Number, out[k].Unit, found = u.Number, u.Type, true
				}
			} else {
				labels = append(labels, Label(u.Number, u.Type))
			}
		}
		if found || len(labels) == 0 {
			continue // the unit, or none of the power's there: the engine says so
		}
		why := fmt.Sprintf("thrown out (rule 5): the %s unit in %s is %s, not %dAmp; a number written in an order must be correct",
			adjective(s.Map, o.Power), s.Map.LocName(o.At.Prov()), strings.Join(labels, " or "), n)
		v := o
		v.Kind, v.Special = engine.Special, voidOrder
		v.Args = append([]string{fmt.Sprint(int(o.Kind)), o.Special, why}, o.Args...)
		out[k] = v
		log = append(log, fmt.Sprintf("%s: %s", o.Format(s.Map), why))
	}
	return out, log
}
