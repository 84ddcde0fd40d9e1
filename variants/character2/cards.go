package character2

import (
	"fmt"
	"strconv"
	"strings"

	"dipdesk/engine"
)

// kind is one of the types of the seed's table, in the table's order: rule
// 8 gives precedence to "the power listed earlier in the table", so the
// order is part of the rules. The cards whose meaning depends on the unit
// (Sevens, Pages, Knights) are one kind each; NameFor gives the name for
// an army or a fleet.
type kind uint8

// The kinds, in the table's order.
const (
	annihilator    kind = iota + 1 // Trumps 0 and 1
	gasAttacker                    // Trumps 2 and 3
	hypnotist                      // Trumps 4 and 5
	psychic                        // Trumps 6 and 7
	doppelganger                   // Trumps 8 and 9
	invisible                      // Aces
	ghost                          // Trumps 10 and 11
	moveFirst                      // Deuces
	retreater                      // Trumps 12 and 13
	hyperspace                     // Threes
	cutter                         // Trumps 14 and 15
	jumper                         // Fours
	martialArtist                  // Fives
	doubleStrength                 // Trumps 16 and 17
	limitedDouble                  // Trumps 18 and 19
	superSupporter                 // Trumps 20 and 21
	doubleMover                    // Sixes
	engineer                       // Sevens: Engineer army / Minesweeper fleet
	minelayerKind                  // Eights
	amphibious                     // Nines
	convertible                    // Tens
	waterWalker                    // Pages: Water Walker army / Superfleet
	neanderthal                    // Knights: Neanderthal army / Aircraft Carrier fleet
	explorer                       // Queens
	freeUnit                       // Kings
	numKinds
)

// kindInfo is one row of the seed's table.
type kindInfo struct {
	army, fleet string // the names for an army and a fleet (equal unless the card depends on the unit)
	short       string // the word used in case files and orders: "annihilator"
	desc        string
}

var kinds = [numKinds]kindInfo{
	annihilator:    {"Annihilator", "Annihilator", "annihilator", "May destroy the province it is in or is moving to (not a sea space); the unit is annihilated too, the province is impassable the next turn and a centre loses its status for two full game years, its ownership forgotten."},
	gasAttacker:    {"Gas Attacker", "Gas Attacker", "gasattacker", "Holds and gasses an adjacent space (not Hyperspace): a unit there is in civil disorder, units entering are stood off, a centre gassed in Fall loses its status for a year. Once every three turns."},
	hypnotist:      {"Hypnotist", "Hypnotist", "hypnotist", "Holds and writes the orders of an adjacent foreign unit, using its power if named exactly (not an Annihilator, Gas Attacker or Hypnotist). Reported as holding. Once per game year."},
	psychic:        {"Psychic", "Psychic", "psychic", "Gives orders conditional on an adjacent unit's order this turn (not in Hyperspace). Once per game year."},
	doppelganger:   {"Doppelganger", "Doppelganger", "doppelganger", "Holds and swaps powers with an adjacent unit, friendly or not; neither may use its new power the next turn."},
	invisible:      {"Invisible Unit", "Invisible Unit", "invisible", "May become invisible, in addition to a normal order; seen only by its owner and the units it meets, until it enters a centre its power does not own."},
	ghost:          {"Ghost", "Ghost", "ghost", "May become invisible; an invisible Ghost does not occupy its space, cannot be dislodged or stopped, supports and convoys nothing, and is undetectable."},
	moveFirst:      {"Move First", "Move First", "movefirst", "Always moves first each turn; its supports cannot be cut, but it defends with strength zero while supporting."},
	retreater:      {"Retreater", "Retreater", "retreater", "After a turn in which it is not dislodged, may retreat one space, capturing centres."},
	hyperspace:     {"Hyperspace Unit", "Hyperspace Unit", "hyperspace", "May move and retreat to Hyperspace, next to every space; no power acts on Hyperspace; a fleet there may convoy armies through it."},
	cutter:         {"Cutter", "Cutter", "cutter", "Automatically cuts up to two supports per turn that oppose its own orders or those of a unit it supports."},
	jumper:         {"Jumper", "Jumper", "jumper", "May jump over another unit (not in Hyperspace), which may then not move."},
	martialArtist:  {"Martial Artist", "Martial Artist", "martialartist", "When dislodged, may retreat where a standoff occurred, and wins a retreat to the same space."},
	doubleStrength: {"Double Strength", "Double Strength", "double", "Double strength for all purposes."},
	limitedDouble:  {"Limited Double Strength", "Limited Double Strength", "limiteddouble", "Moves and holds with strength two, supports with one."},
	superSupporter: {"Super Supporter", "Super Supporter", "supersupporter", "Supports with strength three, holds with one, moves with none."},
	doubleMover:    {"Double Mover", "Double Mover", "doublemover", "May move two spaces each turn, each part adjudicated as a whole move."},
	engineer:       {"Engineer", "Minesweeper", "engineer", "Deactivates every mine in the spaces it enters; told to its owner only."},
	minelayerKind:  {"Minelayer", "Minelayer", "minelayer", "May leave a mine in a space it leaves; the mine destroys the next unit to enter. Never reported."},
	amphibious:     {"Amphibious Unit", "Amphibious Unit", "amphibious", "Moves as an army or a fleet; revealed and renumbered once it does what its reported type cannot. Never convoys or is convoyed."},
	convertible:    {"Convertible Unit", "Convertible Unit", "convertible", "May convert between army and fleet in a coastal province, in Spring, Fall or Winter."},
	waterWalker:    {"Water Walker", "Superfleet", "waterwalker", "Army: crosses one sea space per turn without a convoy. Fleet: moves between two seas bordering one land space, and supports the landing of an army it convoys last."},
	neanderthal:    {"Neanderthal", "Aircraft Carrier", "neanderthal", "Army: convoys fleets across land between seas. Fleet: supports any action up to two spaces away."},
	explorer:       {"Explorer", "Explorer", "explorer", "Reaches Iceland, Ireland, Crete, Sicily, Sardinia, the Caspian (and Switzerland, an army), and crosses some straits."},
	freeUnit:       {"Free Unit", "Free Unit", "free", "Needs no supply centre, from a game year after it is built. Never dealt at the start."},
}

// String returns the kind's name, army and fleet names joined for the
// cards that depend on the unit: "Engineer/Minesweeper".
func (k kind) String() string {
	if k < 1 || k >= numKinds {
		return "Kind(" + strconv.Itoa(int(k)) + ")"
	}
	if i := kinds[k]; i.army != i.fleet {
		return i.army + "/" + i.fleet
	}
	return kinds[k].army
}

// NameFor returns the kind's name for a unit of type t: "Minesweeper" for
// a fleet holding the Sevens.
func (k kind) NameFor(t engine.UnitType) string {
	if k < 1 || k >= numKinds {
		return k.String()
	}
	if t == engine.Fleet {
		return kinds[k].fleet
	}
	return kinds[k].army
}

// Word is the one-word name case files and orders use: "doppelganger".
func (k kind) Word() string {
	if k < 1 || k >= numKinds {
		return ""
	}
	return kinds[k].short
}

// Desc says what the card does, in short.
func (k kind) Desc() string {
	if k < 1 || k >= numKinds {
		return ""
	}
	return kinds[k].desc
}

// allKinds lists every kind in the table's order.
func allKinds() []kind {
	out := make([]kind, 0, numKinds-1)
	for k := kind(1); k < numKinds; k++ {
		out = append(out, k)
	}
	return out
}

// kindOf reads a kind's word or name ("doppelganger", "Gas Attacker",
// "Minesweeper", "superfleet"), in any case.
func kindOf(s string) (kind, bool) {
	w := strings.ToLower(strings.Join(strings.Fields(s), ""))
	for k := kind(1); k < numKinds; k++ {
		i := kinds[k]
		if w == i.short || w == strings.ToLower(strings.ReplaceAll(i.army, " ", "")) ||
			w == strings.ToLower(strings.ReplaceAll(i.fleet, " ", "")) {
			return k, true
		}
	}
	return 0, false
}

// The Tarot deck. The 22 trumps carry the eleven two-card kinds, two each
// in the table's order; the four suits' ranks carry the fourteen
// four-card kinds.
var (
	trumpKinds = []kind{annihilator, gasAttacker, hypnotist, psychic, doppelganger, ghost, retreater, cutter, doubleStrength, limitedDouble, superSupporter}
	rankKinds  = []kind{invisible, moveFirst, hyperspace, jumper, martialArtist, doubleMover, engineer, minelayerKind, amphibious, convertible, waterWalker, neanderthal, explorer, freeUnit}
	trumpNames = []string{"The Fool", "The Magician", "The High Priestess", "The Empress", "The Emperor",
		"The Hierophant", "The Lovers", "The Chariot", "Strength", "The Hermit", "Wheel of Fortune", "Justice",
		"The Hanged Man", "Death", "Temperance", "The Devil", "The Tower", "The Star", "The Moon", "The Sun",
		"Judgement", "The World"}
	suits     = []struct{ letter, name string }{{"W", "Wands"}, {"C", "Cups"}, {"S", "Swords"}, {"P", "Pentacles"}}
	rankIDs   = []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "P", "N", "Q", "K"}
	rankNames = []string{"Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Page", "Knight", "Queen", "King"}
)

// deckSize is the number of cards (rule 2: 78).
const deckSize = 78

// card is one physical card: its id, its Tarot name and its kind.
type card struct {
	ID    string // "T0" (trump 0), "WA" (Ace of Wands), "C10", "SP" (Page of Swords), "PN" (Knight of Pentacles)
	Tarot string // "The Fool", "Ace of Wands"
	Kind  kind
}

// String returns "The Fool (Annihilator)".
func (c card) String() string { return c.Tarot + " (" + c.Kind.String() + ")" }

// NameFor returns the card's character name for a unit of type t.
func (c card) NameFor(t engine.UnitType) string { return c.Kind.NameFor(t) }

// allCards returns the 78 cards in a fixed order: the trumps 0-21, then
// each suit from Ace to King.
func allCards() []card {
	out := make([]card, 0, deckSize)
	for i, n := range trumpNames {
		out = append(out, card{ID: "T" + strconv.Itoa(i), Tarot: n, Kind: trumpKinds[i/2]})
	}
	for _, s := range suits {
		for r := range rankIDs {
			out = append(out, card{ID: s.letter + rankIDs[r], Tarot: rankNames[r] + " of " + s.name, Kind: rankKinds[r]})
		}
	}
	return out
}

// cardByID finds a card by its id ("T0", "ca", "S10") or its Tarot name
// ("The Fool", "ace of cups", "Trump 0"), in any case.
func cardByID(s string) (card, error) {
	w := strings.ToLower(strings.Join(strings.Fields(s), " "))
	if n, ok := strings.CutPrefix(w, "trump "); ok {
		w = "t" + n
	}
	for _, c := range allCards() {
		if w == strings.ToLower(c.ID) || w == strings.ToLower(c.Tarot) {
			return c, nil
		}
	}
	return card{}, fmt.Errorf("character2: no card %q (ids T0-T21, WA-WK, CA-CK, SA-SK, PA-PK, or a Tarot name such as \"Ace of Cups\")", s)
}

// Key returns the card's id (kit.Keyed).
func (c card) Key() string { return c.ID }
