package character

import (
	"fmt"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// dealTo describes the unit a card would go to and the position of its
// power: everything rules 4 and 5 look at.
type dealTo struct {
	Power engine.Power
	// Type is the receiving unit's type. At the start it may be
	// NoUnitType while a country's cards are drawn before they are placed
	// on its units (rule 4.c); then Start decides.
	Type engine.UnitType
	// Hand holds the cards the power's units already hold: on the board,
	// or at the start the cards already dealt to the country.
	Hand []cardType
	// Units is the number of units the power is entitled to (its supply
	// centres at the adjustment), the receiving unit included (rule 5.b).
	Units int
	// Powers is the number of powers left in the game (rule 5.b).
	Powers int
	// Start lists the types of all the power's starting units during the
	// deal of rule 4; nil for a build (rule 5).
	Start []engine.UnitType
}

// refusal is checkDeal's answer when a card may not go to a unit: which
// rule forbids it and why, in words a game master can act on.
type refusal struct {
	Power  engine.Power
	Card   cardType
	Rule   string // "4.b", "5.c"
	Reason string // the whole sentence
}

func (r *refusal) Error() string { return r.Reason }

// checkDeal reports whether card c may be dealt to the unit described by
// to, and if not, why (a *Refusal). It is the one place rules 4 and 5
// are checked: the automatic deals and a deal entered by hand both use it.
func checkDeal(c cardType, to dealTo) error {
	refuse := func(rule, format string, a ...any) error {
		return &refusal{Power: to.Power, Card: c, Rule: rule, Reason: fmt.Sprintf(format, a...)}
	}
	who := kit.PowerName(to.Power)
	start := to.Start != nil
	if start && !c.AtStart {
		return refuse("19", "%s is not dealt at the start of the game (card list, card #19)", c)
	}
	if to.Type != engine.NoUnitType && !c.Fits(to.Type) {
		return refuse("4.c", "%s may go only to %s, and %s's unit is %s (rule 4.c)", c, fitNoun(c), who, article(to.Type.Word()))
	}
	if start && to.Type == engine.NoUnitType && !countryFits(c, to) {
		return refuse("4.c", "%s has no %s left for %s (rule 4.c: the card is buried and another drawn)", who, fitNoun(c)[2:], c)
	}
	if err := checkCategory(c, to, refuse); err != nil {
		return err
	}
	if start {
		return checkOrdinary(c, to, refuse)
	}
	return nil
}

type refuser func(rule, format string, a ...any) error

// checkCategory applies the category limits: one per power at the start
// (rule 4.b), then the symbols of the card table (rules 5.b, 5.c).
func checkCategory(c cardType, to dealTo, refuse refuser) error {
	if c.Limit == noLimit {
		return nil
	}
	held := 0
	for _, h := range to.Hand {
		if h.Category == c.Category {
			held++
		}
	}
	if held == 0 {
		return nil
	}
	who, what := kit.PowerName(to.Power), categoryNoun(c, to.Hand)
	if to.Start != nil {
		return refuse("4.b", "%s already holds %s, and no power is dealt two of a kind at the start (rule 4.b)", who, what)
	}
	switch {
	case c.Limit == oneEver:
		return refuse("5.c", "%s already holds %s (rule 5.c)", who, what)
	case held >= 2:
		return refuse("5.c", "%s already holds two %s cards (rule 5.c: never more than two)", who, c.Category)
	case c.Limit == twoAt8 && to.Units < 8:
		return refuse("5.b", "%s already holds %s; a second needs at least eight units, and %s is entitled to %d (rule 5.b)", who, what, who, to.Units)
	case c.Limit == twoAt10 && (to.Units < 10 || to.Powers > 4):
		return refuse("5.b", "%s already holds %s; a second needs at least ten units and four or fewer powers left, and %s has %d with %d powers left (rule 5.b)", who, what, who, to.Units, to.Powers)
	}
	return nil
}

// checkOrdinary applies rule 4.b's Ordinary units at the start: one and
// only one for a three-unit power; one or two for a power of four or more
// (Russia); at most one for a smaller power, none required (ruling
// "Ordinary units").
func checkOrdinary(c cardType, to dealTo, refuse refuser) error {
	n := len(to.Start)
	have := 0
	for _, h := range to.Hand {
		if h.Ordinary() {
			have++
		}
	}
	most := 1
	if n >= 4 {
		most = 2
	}
	who := kit.PowerName(to.Power)
	if c.Ordinary() && have >= most {
		return refuse("4.b", "%s already holds %s of its %d starting units as Ordinary, the most it may have (rule 4.b)", who, spell(have), n)
	}
	if !c.Ordinary() && n >= 3 && have == 0 && len(to.Hand) == n-1 {
		return refuse("4.b", "%s holds no Ordinary unit yet, so its last starting card must be Ordinary (rule 4.b)", who)
	}
	return nil
}

// countryFits reports whether the power's starting units can still take
// c together with its hand, swapping within the country (rule 4.c).
func countryFits(c cardType, to dealTo) bool {
	armies, fleets := 0, 0
	for _, t := range to.Start {
		switch t {
		case engine.Army:
			armies++
		case engine.Fleet:
			fleets++
		}
	}
	for _, h := range append(to.Hand[:len(to.Hand):len(to.Hand)], c) {
		switch h.Units {
		case armyOnly:
			armies--
		case fleetOnly:
			fleets--
		}
	}
	return armies >= 0 && fleets >= 0
}

func fitNoun(c cardType) string {
	switch c.Units {
	case armyOnly:
		return "an army"
	case fleetOnly:
		return "a fleet"
	}
	return "a unit"
}

// categoryNoun names what the power holds of c's category: the card
// held ("an Annihilator"), and the link when it is another card of the
// same category (the two double-strength cards).
func categoryNoun(c cardType, hand []cardType) string {
	for _, h := range hand {
		if h.Category != c.Category {
			continue
		}
		if h.ID == c.ID {
			return article(h.Name)
		}
		return fmt.Sprintf("%s (#%s, which counts together with %s)", article(h.Name), h.ID, c)
	}
	return article(c.Name)
}

func article(s string) string {
	if s != "" && strings.ContainsRune("AEIOUaeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

func spell(n int) string {
	if n >= 0 && n < 4 {
		return [...]string{"none", "one", "two", "three"}[n]
	}
	return fmt.Sprint(n)
}
