package character

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"dipdesk/engine"
	"dipdesk/resources"
)

// ordinaryID is the id of the Ordinary unit card (#20), the card rule 4.b
// and the ratio table of rule 10 speak of.
const ordinaryID = "20"

// cardFileName is the name of the embedded card list.
const cardFileName = "character.txt"

// units says which unit types may hold a card (rule 4.c).
type units uint8

// The unit restrictions of the card list.
const (
	anyUnit   units = iota // army or fleet
	armyOnly               // #17 Convoyless Army
	fleetOnly              // #18 Superfleet
)

// limit is a card's category symbol in the seed's table.
type limit uint8

// The category symbols. Every card with a symbol is also a category of
// rule 4.b: at most one per power at the start.
const (
	noLimit limit = iota
	oneEver       // "*": never more than one per power (rule 5.c)
	twoAt8        // "@": two for a power entitled to eight units (rule 5.b)
	twoAt10       // "#": two for a power entitled to ten units with four or fewer powers left (rule 5.b)
)

// set says whether a card is in the regular deck.
type set uint8

// The card sets.
const (
	regular      set = iota // one of the 72 cards
	optionalCard            // a proposed card X1-X11, added by game option
	adopted                 // a proposal already folded into a regular card; never added
)

// cardType is one card type of the list: what it is and how it is dealt. A
// deck holds Count copies of it.
type cardType struct {
	ID       string // "9", "X2"
	Name     string // "Annihilator"
	Count    int    // copies used unless the game master chooses otherwise
	MaxCount int    // the largest count the rules suggest (equal to Count when only one is given)
	Units    units
	Limit    limit
	Category string // "double-strength"; empty when Limit is noLimit
	AtStart  bool   // may be dealt to a starting unit (false for #19 Free Unit)
	Set      set
	Desc     string
	// Blank marks the stand-in dealt when no legal card remains for a unit:
	// the unit is Ordinary but holds no physical card (ruling "No legal card").
	Blank bool
}

// Ordinary reports whether c is the Ordinary unit card.
func (c cardType) Ordinary() bool { return c.ID == ordinaryID }

// String returns "#9 Annihilator".
func (c cardType) String() string { return "#" + c.ID + " " + c.Name }

// Fits reports whether a unit of type t may hold c.
func (c cardType) Fits(t engine.UnitType) bool {
	switch c.Units {
	case armyOnly:
		return t == engine.Army
	case fleetOnly:
		return t == engine.Fleet
	}
	return true
}

// parseError is a fault in a card file, with the file and line it is on.
type parseError struct {
	File string
	Line int
	Msg  string
}

func (e *parseError) Error() string {
	return fmt.Sprintf("character: %s:%d: %s", e.File, e.Line, e.Msg)
}

// errNoOrdinary is returned when a card list lacks the Ordinary card.
var errNoOrdinary = errors.New("character: card list has no Ordinary card #" + ordinaryID)

// parseCards reads a card list in the format of resources/cards/README.md.
// name is used in error messages only.
func parseCards(name string, r io.Reader) ([]cardType, error) {
	var cards []cardType
	seen := map[string]int{}
	symbols := map[string]limit{}
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fail := func(format string, a ...any) error {
			return &parseError{File: name, Line: n, Msg: fmt.Sprintf(format, a...)}
		}
		c, err := parseCard(line)
		if err != nil {
			return nil, fail("%s", err)
		}
		if prev, ok := seen[c.ID]; ok {
			return nil, fail("card %q already defined on line %d", c.ID, prev)
		}
		seen[c.ID] = n
		if c.Category != "" {
			if l, ok := symbols[c.Category]; ok && l != c.Limit {
				return nil, fail("category %q has another symbol on an earlier card", c.Category)
			}
			symbols[c.Category] = c.Limit
		}
		cards = append(cards, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("character: %s: %w", name, err)
	}
	if _, ok := seen[ordinaryID]; !ok {
		return nil, fmt.Errorf("%w (%s)", errNoOrdinary, name)
	}
	return cards, nil
}

// parseCard reads the eight fields of one line.
func parseCard(line string) (cardType, error) {
	f := strings.Split(line, "|")
	if len(f) != 8 {
		return cardType{}, fmt.Errorf("want 8 fields separated by |, found %d", len(f))
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	c := cardType{ID: f[0], Name: f[1], Desc: f[7]}
	if !validID(c.ID) {
		return c, fmt.Errorf("card id %q is neither a number nor X and a number", c.ID)
	}
	if c.Name == "" {
		return c, fmt.Errorf("card %s has no name", c.ID)
	}
	var err error
	if c.Count, c.MaxCount, err = parseCount(f[2]); err != nil {
		return c, fmt.Errorf("card %s: %w", c.ID, err)
	}
	if c.Units, err = parseUnits(f[3]); err != nil {
		return c, fmt.Errorf("card %s: %w", c.ID, err)
	}
	if c.Limit, c.Category, err = parseLimit(f[4]); err != nil {
		return c, fmt.Errorf("card %s: %w", c.ID, err)
	}
	switch f[5] {
	case "start":
		c.AtStart = true
	case "later":
	default:
		return c, fmt.Errorf("card %s: dealt %q is neither start nor later", c.ID, f[5])
	}
	switch f[6] {
	case "regular":
		c.Set = regular
	case "optional":
		c.Set = optionalCard
	case "adopted":
		c.Set = adopted
	default:
		return c, fmt.Errorf("card %s: set %q is not regular, optional or adopted", c.ID, f[6])
	}
	if c.Ordinary() && (c.Limit != noLimit || c.Units != anyUnit || c.Set != regular) {
		return c, fmt.Errorf("card %s is the Ordinary card: no limit, any unit, regular set", c.ID)
	}
	return c, nil
}

func validID(id string) bool {
	d := strings.TrimPrefix(id, "X")
	if d == "" || len(d) > 4 {
		return false
	}
	for _, r := range d {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func parseCount(s string) (count, maxCount int, err error) {
	for i, part := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || v < 0 || v > 1000 {
			return 0, 0, fmt.Errorf("count %q is not a number from 0 to 1000", part)
		}
		if i == 0 {
			count = v
		}
		maxCount = max(maxCount, v)
	}
	return count, maxCount, nil
}

func parseUnits(s string) (units, error) {
	switch s {
	case "any":
		return anyUnit, nil
	case "army":
		return armyOnly, nil
	case "fleet":
		return fleetOnly, nil
	}
	return 0, fmt.Errorf("units %q is not any, army or fleet", s)
}

func parseLimit(s string) (limit, string, error) {
	if s == "-" {
		return noLimit, "", nil
	}
	var l limit
	switch {
	case strings.HasPrefix(s, "*"):
		l = oneEver
	case strings.HasPrefix(s, "@"):
		l = twoAt8
	case strings.HasPrefix(s, "#"):
		l = twoAt10
	default:
		return 0, "", fmt.Errorf("limit %q is neither - nor *, @ or # and a category", s)
	}
	cat := s[1:]
	if cat == "" || strings.ContainsAny(cat, " \t") {
		return 0, "", fmt.Errorf("limit %q needs a one-word category after its symbol", s)
	}
	return l, cat, nil
}

var (
	loadOnce sync.Once
	loaded   []cardType
	loadErr  error
)

// loadCards returns the embedded card list, parsed once. Callers must not
// change the slice.
func loadCards() ([]cardType, error) {
	loadOnce.Do(func() {
		b, err := resources.CardFile(cardFileName)
		if err != nil {
			loadErr = err
			return
		}
		loaded, loadErr = parseCards(cardFileName, bytes.NewReader(b))
	})
	return loaded, loadErr
}

// lookupCard finds a card of list by id ("9", "x2").
func lookupCard(list []cardType, id string) (cardType, bool) {
	id = strings.ToUpper(strings.TrimPrefix(strings.TrimSpace(id), "#"))
	for _, c := range list {
		if c.ID == id {
			return c, true
		}
	}
	return cardType{}, false
}

// Key returns the card's id (kit.Keyed).
func (c cardType) Key() string { return c.ID }
