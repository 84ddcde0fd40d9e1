package questionable

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// kind is one of the seven questionable characters, in the order of rule
// 8's resolution (Killer first, Hooker last), the Thug apart.
type kind uint8

const (
	killer kind = iota + 1
	embezzler
	gambler
	briber
	dealer
	hooker
	thug
)

// resolution is rule 8's order: "The Killer, The Embezzler, The Gambler,
// The Briber, The Dealer, and The Hooker".
var resolution = []kind{killer, embezzler, gambler, briber, dealer, hooker}

// kindInfo is what the seed says of a character: its name, the order it
// gives, and its die table.
type kindInfo struct {
	name string
	verb string // the seat order's verb
	text string // what it does, for the hand
	// succeeds is the highest roll that succeeds (Briber 4, Embezzler and
	// Dealer 3; the Gambler wins on 1-3); caught is true where a 6 catches
	// it; sentences are the game years it is barred for each time it is
	// caught, the last time jail for life.
	succeeds  int
	caught    bool
	sentences []int
}

var kinds = map[kind]kindInfo{
	briber: {"Briber", "bribe", "Bribes a unit to do the order it wants: 1-4 succeeds; a 6 is caught (barred 3 game years; the second time, jail for life). Most bribes on a unit win; a tie leaves the owner's order (rule 1).",
		4, true, []int{3}},
	embezzler: {"Embezzler", "embezzle", "Steals a unit, which becomes its country's for good and may be ordered that turn: 1-3 succeeds; a 6 is caught (barred 2 years, then 4, then jail for life) (rule 2).",
		3, true, []int{2, 4}},
	dealer: {"Dealer", "deal", "Hands a free sample to a piece, whose move is then drawn at random: 1-3 succeeds; a 6 is caught (barred 2 years, then 4, then jail for life) (rule 3).",
		3, true, []int{2, 4}},
	gambler: {"Gambler", "gamble", "Works with one of its country's pieces touching the target: 1-3 wins the target; otherwise its working piece goes to the target's owner (rule 4).",
		3, false, nil},
	hooker: {"Hooker", "seduce", "Seduces a unit, which may not move that turn; a 6 kills the Hooker and the seduction fails (rule 5).",
		5, false, nil},
	thug: {"Thug", "protect", "Protects one unit, or a country's leader from the Killer, from one attack (rule 6).",
		0, false, nil},
	killer: {"Killer", "kill", "From Spring 1902 tries to kill a country's leader: 1-2 killed (that country's orders void this turn); 3 tried in court (its own characters void); 4 a random other leader, killed on a 1; 5 its own leader, killed on 1-4; 6 joins the target's country (rule 7).",
		2, false, nil},
}

func (k kind) String() string { return kinds[k].name }

// kindByVerb finds the character that gives an order's verb.
func kindByVerb(verb string) (kind, bool) {
	for k, ki := range kinds {
		if ki.verb == verb {
			return k, true
		}
	}
	return 0, false
}

// character is one questionable character of one country: every power
// starts with the seven; a Killer that defects changes country (rule 7,
// roll of 6), and a power may then hold two.
type character struct {
	ID     int          `json:"id"`
	Kind   kind         `json:"kind"`
	Owner  engine.Power `json:"owner"`
	Caught int          `json:"caught,omitempty"` // times caught
	// FreeFrom is the first movement turn (kit.MoveIndex) it may act in
	// again after being caught, or after defecting.
	FreeFrom int  `json:"free_from,omitempty"`
	Jailed   bool `json:"jailed,omitempty"` // for life
	Dead     bool `json:"dead,omitempty"`   // the Hooker's disease (rule 5)
	// From is the country a defected Killer left, "" for the others.
	From engine.Power `json:"from,omitempty"`
}

// label names a character for people: "France's Briber", "France's
// Killer (from Germany)".
func (c *character) label(m *engine.Map) string {
	s := m.PowerName(c.Owner) + "'s " + c.Kind.String()
	if c.From != "" {
		s += " (from " + m.PowerName(c.From) + ")"
	}
	return s
}

// firstKillerYear: "The Killer – First appears after winter 1901" (rule 7).
const firstKillerYear = 1902

// available says whether c may act in phase p, and why not.
func (c *character) available(p engine.Phase, opt options) (bool, string) {
	switch {
	case c.Dead:
		return false, "is dead"
	case c.Jailed:
		return false, "is in jail for life"
	case kit.MoveIndex(p) < c.FreeFrom:
		return false, "may not act before " + turnName(c.FreeFrom)
	case c.Kind == killer && p.Year < firstKillerYear:
		return false, "first appears after Winter 1901 (rule 7)"
	case opt.actYearly && p.Season != engine.Spring:
		return false, "acts once a year, in Spring (option characters_act years)"
	}
	return true, ""
}

// state says c's state for its hand: ready, barred, in jail, dead.
func (c *character) state(p engine.Phase, opt options) string {
	switch ok, why := c.available(p, opt); {
	case ok:
		if c.Caught > 0 {
			return fmt.Sprintf("ready (caught %d time%s)", c.Caught, plural(c.Caught))
		}
		return "ready"
	case c.Dead || c.Jailed:
		return strings.TrimPrefix(why, "is ")
	case kit.MoveIndex(p) < c.FreeFrom && c.Caught == 0:
		return "acts from " + turnName(c.FreeFrom) // a Killer that defected (rule 7, a 6)
	case kit.MoveIndex(p) < c.FreeFrom:
		return fmt.Sprintf("barred until %s (%s left)", turnName(c.FreeFrom), yearsLeft(c.FreeFrom-kit.MoveIndex(p)))
	default:
		return strings.TrimPrefix(why, "may not act ")
	}
}

// yearsLeft words movement turns as game years (two a year): "3 game
// years", "2½ game years", "½ game year".
func yearsLeft(turns int) string {
	n, half := strconv.Itoa(turns/2), ""
	if turns%2 == 1 {
		half = "½"
	}
	if turns < 2 {
		n = ""
	}
	unit := " game years"
	if turns <= 2 {
		unit = " game year"
	}
	return n + half + unit
}

// catch applies the sentence of a character caught on a 6 in phase p:
// barred for the next sentence's game years, or jail for life once the
// sentences are spent. It returns the sentence in words.
func (c *character) catch(p engine.Phase) string {
	c.Caught++
	ss := kinds[c.Kind].sentences
	if c.Caught > len(ss) {
		c.Jailed = true
		return "caught: in jail for life"
	}
	years := ss[c.Caught-1]
	c.FreeFrom = kit.MoveIndex(p) + 2*years
	return fmt.Sprintf("caught: may not try again for %d game years (until %s)", years, turnName(c.FreeFrom))
}

// turnName is a movement turn's name: "Spring 1905".
func turnName(i int) string {
	season := "Spring"
	if i%2 == 1 {
		season = "Fall"
	}
	return fmt.Sprintf("%s %d", season, 1901+i/2)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// seedOrder is the characters in the order of the seed's rules 1-7.
var seedOrder = []kind{briber, embezzler, dealer, gambler, hooker, thug, killer}

// startingCharacters gives every great power of m the seven characters.
func startingCharacters(m *engine.Map) []*character {
	var out []*character
	for _, p := range m.Powers {
		if p.Role {
			continue
		}
		for _, k := range seedOrder {
			out = append(out, &character{ID: len(out) + 1, Kind: k, Owner: p.ID})
		}
	}
	return out
}

// charactersOf returns power p's characters of kind k, in id order.
func charactersOf(cs []*character, p engine.Power, k kind) []*character {
	var out []*character
	for _, c := range cs {
		if c.Owner == p && c.Kind == k {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b *character) int { return a.ID - b.ID })
	return out
}
