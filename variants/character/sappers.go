package character

import (
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// The ids of the cards of this group.
const (
	minelayerID = "12" // #12 Minelayer
	engineerID  = "13" // #13 Engineer (A) / Minesweeper (F)
	retreaterID = "14" // #14 Retreater
	cutterID    = "15" // #15 Cutter
	freeUnitID  = "19" // #19 Free Unit
)

// sappersState is the state #12 Minelayer, #13 Engineer, #14 Retreater,
// #15 Cutter, #19 Free Unit and rule 14 keep between phases beyond
// Effects' common fields (Mines, FreeUnits, SpringOTB, Voluntary). It is
// saved as JSON with the position.
//
// Cleared counts, per power, the mines of that power an engineer (#13)
// has disarmed over the game. Rule 12 and card #13: the engineer's owner
// is told, "who will not be told who laid the mine"; the layer is told
// nothing either, but his own record of his mines is the true one, so a
// disarmed mine leaves it. The count lets the layer's view say how many of
// his mines went that way without saying where, when or by whom (the
// game master sees every power's count).
type sappersState struct {
	Cleared map[engine.Power]int `json:",omitempty"`
}

func (x sappersState) clone() sappersState {
	if x.Cleared == nil {
		return sappersState{}
	}
	c := sappersState{Cleared: make(map[engine.Power]int, len(x.Cleared))}
	for p, n := range x.Cleared {
		c.Cleared[p] = n
	}
	return c
}

// conceal keeps what seat may know: its own count of disarmed mines.
func (x *sappersState) conceal(seat engine.Seat) {
	if seat.GM {
		return
	}
	for p := range x.Cleared {
		if p != seat.Power || seat.Power == "" {
			delete(x.Cleared, p)
		}
	}
	if len(x.Cleared) == 0 {
		x.Cleared = nil
	}
}

func (x sappersState) empty() bool { return len(x.Cleared) == 0 }

func sappersParts(r *registry) {
	r.ConcealOutcome(kit.ConcealPrivate)
}

// activeCard reports whether u holds card id with its powers active
// (rule 7).
func activeCard(s *engine.State, u engine.Unit, id string) bool {
	c, ok := cardAt(s, u)
	return ok && c.ID == id
}

// provAdjacent reports whether provinces a and b border each other for
// either type of unit (the map's links, whatever the passability).
func provAdjacent(m *engine.Map, a, b engine.ProvinceID) bool { return kit.Touches(m, a, b) }

// destArgs reads a destination from a special order's words: "nwy",
// "- nwy", "to spa/nc", "spa nc", optionally followed by "via convoy".
func destArgs(m *engine.Map, args []string) (engine.Loc, bool, string) {
	var words []string
	via := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-" || a == "->" || a == "to" || a == "into":
			continue
		case a == "via" && i+1 < len(args) && args[i+1] == "convoy":
			via = true
			i++
			continue
		}
		words = append(words, strings.Trim(a, "()"))
	}
	if len(words) == 0 {
		return engine.Nowhere, false, "the order needs the province the unit moves to"
	}
	text := words[0]
	if len(words) == 2 {
		if _, ok := engine.ParseCoast(words[1]); ok {
			text += "/" + words[1]
		} else {
			text = words[0] + " " + words[1]
		}
	} else if len(words) > 2 {
		text = strings.Join(words, " ")
	}
	if l, err := m.ParseLoc(text); err == nil {
		return l, via, ""
	}
	if p, ok := m.Lookup(strings.Join(words, " ")); ok {
		return engine.Loc{P: p}, via, ""
	}
	return engine.Nowhere, false, "no province \"" + strings.Join(words, " ") + "\""
}
