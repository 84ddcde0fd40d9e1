package character2

import (
	"slices"

	"dipdesk/engine"
)

// lifeState is what the cards of this group (Engineer/Minesweeper,
// Minelayer, Free Unit and the card life cycle, rules 5, 6 and 9) keep in
// the position between phases. Its fields are exported: it is saved as
// JSON.
type lifeState struct {
	// Mines are the live mines on the board (Minelayer), oldest first.
	Mines []mine `json:"mines,omitempty"`
	// Swept are mines an Engineer or Minesweeper deactivated. The table:
	// "GM will report this event only to the unit's owner", so the layer
	// is not told: its view still shows them as laid (conceal) until a
	// unit of its power enters the space and finds nothing there.
	Swept []mine `json:"swept,omitempty"`
	// Free are the Free Units that need no supply centre in the coming
	// Winter ("beginning one game year AFTER the free unit is built").
	Free []unitID `json:"free,omitempty"`
	// Gone records the cards of units that left the board, so they can
	// all be revealed at the end ("When a unit is disbanded, will its
	// power be revealed? No. However, I will reveal them all at the end of
	// the game."). The game master's alone until the game ends.
	Gone []goneCard `json:"gone,omitempty"`
	// Ended is set once a power has won: every card is then public.
	Ended bool `json:"ended,omitempty"`
}

// mine is one mine: the space (province abbreviation), the unit that laid
// it and the phase it was laid in.
type mine struct {
	Prov  string `json:"prov"`
	Layer unitID `json:"layer"`
	Laid  string `json:"laid"` // phase, short form ("S1902M")
	// LayerGone: the unit that laid it has left the board, so no unit may
	// pick it up (a later unit may take the layer's number, rule 5).
	LayerGone bool `json:"layer_gone,omitempty"`
}

// goneCard is the card of a unit that left the board.
type goneCard struct {
	Unit  unitID `json:"unit"`
	Card  string `json:"card"`  // Tarot id
	Phase string `json:"phase"` // the phase it left in
	Why   string `json:"why"`
}

// clone returns a deep copy.
func (x lifeState) clone() lifeState {
	c := x
	c.Mines = slices.Clone(x.Mines)
	c.Swept = slices.Clone(x.Swept)
	c.Free = slices.Clone(x.Free)
	c.Gone = slices.Clone(x.Gone)
	return c
}

// conceal removes what seat may not know (the game master sees all): a
// power sees its own mines, the swept ones among them as still laid (it
// was not told), its own Free Units, and the cards of units gone only once
// the game has ended.
func (x *lifeState) conceal(seat engine.Seat) {
	if seat.GM {
		return
	}
	own := func(m mine) bool { return seat.Power != "" && m.Layer.Power == seat.Power }
	var mines []mine
	for _, m := range append(slices.Clone(x.Mines), x.Swept...) {
		if own(m) {
			mines = append(mines, m)
		}
	}
	slices.SortStableFunc(mines, func(a, b mine) int { return phaseCompare(a.Laid, b.Laid) })
	x.Mines, x.Swept = mines, nil
	x.Free = slices.DeleteFunc(x.Free, func(id unitID) bool { return seat.Power == "" || id.Power != seat.Power })
	if len(x.Free) == 0 {
		x.Free = nil
	}
	if !x.Ended {
		x.Gone = nil
	}
}

// rekey moves what the state keys by unit from one id to another (a
// Convertible renumbered, rule 5).
func (x *lifeState) rekey(from, to unitID) {
	for i := range x.Mines {
		if x.Mines[i].Layer == from {
			x.Mines[i].Layer = to
		}
	}
	for i := range x.Swept {
		if x.Swept[i].Layer == from {
			x.Swept[i].Layer = to
		}
	}
	for i := range x.Free {
		if x.Free[i] == from {
			x.Free[i] = to
		}
	}
}

// phaseCompare orders two short phase names by time; bad names sort first.
func phaseCompare(a, b string) int {
	pa, ea := engine.ParsePhase(a)
	pb, eb := engine.ParsePhase(b)
	switch {
	case ea != nil || eb != nil:
		return boolInt(eb == nil) - boolInt(ea == nil)
	case pa.Year != pb.Year:
		return pa.Year - pb.Year
	case pa.Season != pb.Season:
		return int(pa.Season) - int(pb.Season)
	}
	return int(pa.Type) - int(pb.Type)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
