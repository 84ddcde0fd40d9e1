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

// OrdinaryID is the id of the Ordinary unit card (#20), the card rule 4.b
// and the ratio table of rule 10 speak of.
const OrdinaryID = "20"

// CardFileName is the name of the embedded card list.
const CardFileName = "character.txt"

// Units says which unit types may hold a card (rule 4.c).
type Units uint8

// The unit restrictions of the card list.
const (
	AnyUnit   Units = iota // army or fleet
	ArmyOnly               // #17 Convoyless Army
	FleetOnly              // #18 Superfleet
)

// Limit is a card's category symbol in the seed's table.
type Limit uint8

// The category symbols. Every card with a symbol is also a category of
// rule 4.b: at most one per power at the start.
const (
	NoLimit Limit = iota
	OneEver       // "*": never more than one per power (rule 5.c)
	TwoAt8        // "@": two for a power entitled to eight units (rule 5.b)
	TwoAt10       // "#": two for a power entitled to ten units with four or fewer powers left (rule 5.b)
)

// Set says whether a card is in the regular deck.
type Set uint8

// The card sets.
const (
	Regular  Set = iota // one of the 72 cards
	Optional            // a proposed card X1-X11, added by game option
	Adopted             // a proposal already folded into a regular card; never added
)

// Card is one card type of the list: what it is and how it is dealt. A
// deck holds Count copies of it.
type Card struct {
	ID       string // "9", "X2"
	Name     string // "Annihilator"
	Count    int    // copies used unless the game master chooses otherwise
	MaxCount int    // the largest count the rules suggest (equal to Count when only one is given)
	Units    Units
	Limit    Limit
	Category string // "double-strength"; empty when Limit is NoLimit
	AtStart  bool   // may be dealt to a starting unit (false for #19 Free Unit)
	Set      Set
	Desc     string
	// Blank marks the stand-in dealt when no legal card remains for a unit:
	// the unit is Ordinary but holds no physical card (ruling "No legal card").
	Blank bool
}

// Ordinary reports whether c is the Ordinary unit card.
func (c Card) Ordinary() bool { return c.ID == OrdinaryID }

// String returns "#9 Annihilator".
func (c Card) String() string { return "#" + c.ID + " " + c.Name }

// Fits reports whether a unit of type t may hold c.
func (c Card) Fits(t engine.UnitType) bool {
	switch c.Units {
	case ArmyOnly:
		return t == engine.Army
	case FleetOnly:
		return t == engine.Fleet
	}
	return true
}

// ParseError is a fault in a card file, with the file and line it is on.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("character: %s:%d: %s", e.File, e.Line, e.Msg)
}

// ErrNoOrdinary is returned when a card list lacks the Ordinary card.
var ErrNoOrdinary = errors.New("character: card list has no Ordinary card #" + OrdinaryID)

// ParseCards reads a card list in the format of resources/cards/README.md.
// name is used in error messages only.
func ParseCards(name string, r io.Reader) ([]Card, error) {
	var cards []Card
	seen := map[string]int{}
	symbols := map[string]Limit{}
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fail := func(format string, a ...any) error {
			return &ParseError{File: name, Line: n, Msg: fmt.Sprintf(format, a...)}
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
	if _, ok := seen[OrdinaryID]; !ok {
		return nil, fmt.Errorf("%w (%s)", ErrNoOrdinary, name)
	}
	return cards, nil
}

// parseCard reads the eight fields of one line.
func parseCard(line string) (Card, error) {
	f := strings.Split(line, "|")
	if len(f) != 8 {
		return Card{}, fmt.Errorf("want 8 fields separated by |, found %d", len(f))
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	c := Card{ID: f[0], Name: f[1], Desc: f[7]}
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
		c.Set = Regular
	case "optional":
		c.Set = Optional
	case "adopted":
		c.Set = Adopted
	default:
		return c, fmt.Errorf("card %s: set %q is not regular, optional or adopted", c.ID, f[6])
	}
	if c.Ordinary() && (c.Limit != NoLimit || c.Units != AnyUnit || c.Set != Regular) {
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

func parseUnits(s string) (Units, error) {
	switch s {
	case "any":
		return AnyUnit, nil
	case "army":
		return ArmyOnly, nil
	case "fleet":
		return FleetOnly, nil
	}
	return 0, fmt.Errorf("units %q is not any, army or fleet", s)
}

func parseLimit(s string) (Limit, string, error) {
	if s == "-" {
		return NoLimit, "", nil
	}
	var l Limit
	switch {
	case strings.HasPrefix(s, "*"):
		l = OneEver
	case strings.HasPrefix(s, "@"):
		l = TwoAt8
	case strings.HasPrefix(s, "#"):
		l = TwoAt10
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
	loaded   []Card
	loadErr  error
)

// LoadCards returns the embedded card list, parsed once. Callers must not
// change the slice.
func LoadCards() ([]Card, error) {
	loadOnce.Do(func() {
		b, err := resources.CardFile(CardFileName)
		if err != nil {
			loadErr = err
			return
		}
		loaded, loadErr = ParseCards(CardFileName, bytes.NewReader(b))
	})
	return loaded, loadErr
}

// Lookup finds a card of list by id ("9", "x2").
func Lookup(list []Card, id string) (Card, bool) {
	id = strings.ToUpper(strings.TrimPrefix(strings.TrimSpace(id), "#"))
	for _, c := range list {
		if c.ID == id {
			return c, true
		}
	}
	return Card{}, false
}

// Key returns the card's id (kit.Keyed).
func (c Card) Key() string { return c.ID }
