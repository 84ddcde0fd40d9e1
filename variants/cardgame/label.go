package cardgame

import (
	"fmt"
	"strconv"
	"strings"

	"dipdesk/engine"
)

// AmphibiousSuffix ends the label of a revealed amphibious unit in Galt's
// Character Diplomacy II: "1Amp".
const AmphibiousSuffix = "mp"

// Label formats a unit's number and type as written on its piece and in
// orders: "1A", "2F" (Davis rule 10; Galt numbers units the same way).
func Label(n int, t engine.UnitType) string { return strconv.Itoa(n) + t.String() }

// ParseLabel reads a unit label: "1A", "2f", "12F", and an army with the
// amphibious suffix, "1Amp" (amphibious is then true). A variant without
// amphibious units refuses that form itself.
func ParseLabel(s string) (n int, t engine.UnitType, amphibious bool, err error) {
	s = strings.TrimSpace(s)
	if len(s) > 3 && strings.EqualFold(s[len(s)-2:], AmphibiousSuffix) && (s[len(s)-3] == 'A' || s[len(s)-3] == 'a') {
		s, amphibious = s[:len(s)-2], true
	}
	if len(s) < 2 {
		return 0, 0, false, fmt.Errorf("cardgame: unit number %q: want a number and A or F, as in 1A", s)
	}
	switch s[len(s)-1] {
	case 'A', 'a':
		t = engine.Army
	case 'F', 'f':
		t = engine.Fleet
	default:
		return 0, 0, false, fmt.Errorf("cardgame: unit number %q: ends in neither A nor F", s)
	}
	n, err = strconv.Atoi(s[:len(s)-1])
	if err != nil || n < 1 || strings.HasPrefix(s, "+") {
		return 0, 0, false, fmt.Errorf("cardgame: unit number %q: %q is not a number from 1", s, s[:len(s)-1])
	}
	return n, t, amphibious, nil
}

// Template is the start of an order for card c's special o, for the
// player to complete: "1A mun annihilate "; a card held by a seat (Seat)
// gives an order of the seat, written without a unit: "bribe ".
func (c Card) Template(o Order) string {
	if c.Seat {
		return o.Verb + " "
	}
	return c.Label + " " + c.Space + " " + o.Verb + " "
}
