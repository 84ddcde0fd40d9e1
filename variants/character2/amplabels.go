package character2

import (
	"regexp"
	"strconv"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// Rule 5: "When an Amphibious unit reveals itself ... it will be
// renumbered", e.g. "1Amp" (moversState.Amp), and a number written in an
// order "must be correct or the order will be thrown out". So once a unit
// is revealed its Amp label is its number: an order naming it "1Amp" (or
// "1 Amp", or the bare "1") names it rightly, and one naming it by the
// number and type it had before ("2F") is thrown out like any wrong
// number. The engine keeps the unit's old number and type, by which it
// finds the unit, so numbersRewrite puts those in an order that named the
// unit by its Amp label.
//
// The parser reads "1Amp" as number 1 of no unit type, the same as a bare
// "1", so whether a number was written as an Amp label is read from the
// order's text (ampWritten).

// ampLabel matches a word written as an Amp label.
var ampLabel = regexp.MustCompile(`^([0-9]{1,6})amp$`)

// The words that may come before the ordered unit ("disband 1Amp rom")
// and those that introduce the other unit of a support or convoy, as the
// engine's parser reads them.
var (
	leadWords = map[string]bool{"d": true, "disband": true, "disbands": true, "remove": true, "removes": true,
		"destroy": true, "destroys": true, "b": true, "build": true, "builds": true}
	auxWords = map[string]bool{"s": true, "sup": true, "supp": true, "support": true, "supports": true,
		"c": true, "convoy": true, "convoys": true}
)

// ampWritten returns the Amp numbers an order's text gives its unit and,
// in a support or convoy, the other unit ("1Amp rom - ven", "A apu S 1 Amp
// rom - ven"), 0 for none. A power's name before a colon is skipped, and
// one word (the other unit's nationality) between the support or convoy
// word and the label.
func ampWritten(text string) (unit, aux int) {
	if _, after, ok := strings.Cut(text, ":"); ok {
		text = after
	}
	f := strings.Fields(strings.ToLower(text))
	i := 0
	if len(f) > 0 && leadWords[f[0]] {
		i = 1
	}
	unit = ampAt(f, i)
	for j := i + 1; j < len(f); j++ {
		if auxWords[f[j]] {
			if aux = ampAt(f, j+1); aux == 0 {
				aux = ampAt(f, j+2)
			}
			break
		}
	}
	return unit, aux
}

// ampAt reads an Amp label at word i of f: "1amp", or "1" then "amp".
func ampAt(f []string, i int) int {
	if i >= len(f) {
		return 0
	}
	digits := ""
	if m := ampLabel.FindStringSubmatch(f[i]); m != nil {
		digits = m[1]
	} else if i+1 < len(f) && f[i+1] == "amp" && strings.Trim(f[i], "0123456789") == "" {
		digits = f[i]
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n <= 0 {
		return 0
	}
	return n
}

// written is a unit as an order names it by rule 5: the number and type
// as written, and whether the number was written as an Amp label.
type written struct {
	number int
	typ    engine.UnitType
	amp    bool
}

// fits reports whether u is the unit w names, e being the position's
// Extra (nil: no card records): a revealed Amphibious unit is named by
// its Amp number ("1Amp", or the bare "1"), never by the number and type
// it had before; any other unit by its number, and its type when written,
// never by an Amp label.
func (w written) fits(e *extra, u engine.Unit) bool {
	if e != nil {
		if a, ok := e.Effects.Movers.Amp[idOf(u)]; ok {
			return w.number == a && w.typ == engine.NoUnitType
		}
	}
	return !w.amp && w.number == u.Number && (w.typ == engine.NoUnitType || w.typ == u.Type)
}

// label writes w as the order gave it: "2F", "1Amp", "3".
func (w written) label() string {
	switch {
	case w.amp:
		return strconv.Itoa(w.number) + "Amp"
	case w.typ == engine.NoUnitType:
		return strconv.Itoa(w.number)
	}
	return kit.Label(w.number, w.typ)
}

// unitWritten and auxWritten are how order o names its unit and, in a
// support or convoy, the other unit.
func unitWritten(o engine.Order) written {
	n, _ := ampWritten(o.Text)
	return written{number: o.Number, typ: o.Unit, amp: n > 0 && n == o.Number}
}

func auxWritten(o engine.Order) written {
	_, n := ampWritten(o.Text)
	return written{number: o.AuxNumber, typ: o.AuxUnit, amp: n > 0 && n == o.AuxNumber}
}

// ampNumber is the Rules.Label hook: a revealed Amphibious unit is named by
// its Amp number ("1Amp", or the bare "1"), written without a type, by the
// engine's one answer to which unit an order names (engine.UnitOf).
func ampNumber(s *engine.State, u engine.Unit) (int, bool) {
	e := extraOf(s)
	if e == nil {
		return 0, false
	}
	n, ok := e.Effects.Movers.Amp[idOf(u)]
	return n, ok
}
