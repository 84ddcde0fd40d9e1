package character

import (
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// The ids of the movement cards of this group beyond those in reach.go
// and reach2.go (#3, #7, #16, #17, #18).
const (
	doubleMoverID = "4" // #4: two spaces a turn
	jumperID      = "5" // #5: jumps over an adjacent unit
	converterID   = "6" // #6: army to fleet and back
	hyperspaceID  = "8" // #8: into Hyperspace and out anywhere
)

// conversionRecord records one #6 conversion (rule 10: the unit takes a number
// free for its new type, and its card follows it). Conversions are public:
// every seat sees the unit change its type.
type conversionRecord struct {
	Phase engine.Phase
	From  kit.UnitID
	To    kit.UnitID
	Prov  string // where it converted ("arm/ec")
}

// moversState is the state #3 Amphibious, #4 Double Mover, #5 Jumper, #6
// Converter, #7 Explorer, #8 Hyperspace keep between phases beyond
// Effects' common fields. It is saved as JSON with the position.
//
// Only the converters leave a record: the others' moves are seen in the
// units' places (a unit in Hyperspace stands in "hyp", a fleet on the
// Caspian's coast of Armenia stands in "arm/ec").
type moversState struct {
	Conversions []conversionRecord `json:",omitempty"`
}

func (x moversState) clone() moversState {
	return moversState{Conversions: slices.Clone(x.Conversions)}
}

// conceal keeps what seat may know: every seat saw each conversion (the
// unit changed type on the board), so nothing is removed.
func (x *moversState) conceal(seat engine.Seat) {}

func (x moversState) empty() bool { return len(x.Conversions) == 0 }

// moversExtra returns the variant's part of s, or nil.
func moversExtra(s *engine.State) *extra {
	if s == nil {
		return nil
	}
	e, _ := s.Extra.(*extra)
	return e
}

// holds reports whether u holds card id with its powers active (rule 7).
func holds(s *engine.State, u engine.Unit, id string) bool {
	c, ok := cardAt(s, u)
	return ok && c.ID == id
}

// unitIndex returns the index in s.Units of the unit with id, or -1.
func unitIndex(s *engine.State, id kit.UnitID) int {
	for i, u := range s.Units {
		if idOf(u) == id {
			return i
		}
	}
	return -1
}

// unitIn returns the unit standing in province p of s (the first, for an
// unlimited space), or false.
func unitIn(s *engine.State, p engine.ProvinceID) (engine.Unit, bool) {
	for _, u := range s.Units {
		if u.Loc.P == p {
			return u, true
		}
	}
	return engine.Unit{}, false
}

// name is a unit in words for a result: "A Paris".
func unitWords(m *engine.Map, u engine.Unit) string {
	return u.Type.String() + " " + m.LocName(u.Loc)
}

func moversParts(r *registry) {
	r.After(priorityOthers, moversReveal)
}

// moversReveal reveals the card of a unit whose order only its card
// allows, once the order was judged (not refused): rule 3, "special
// actions taken by a unit will reveal its powers". A double move (#4), a
// jump (#5), a move into or out of Hyperspace (#8), an explorer's move
// into or out of Switzerland, the Caspian or an island (#7). Orders are public once
// judged, and no other card makes these moves, so the card is shown to
// every seat. #3 and #6 reveal in their own files.
func moversReveal(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	e := moversExtra(out.Next)
	if e == nil || !powersActive(s.Phase) || s.Phase.Type == engine.Adjustment {
		return
	}
	special := func(p engine.ProvinceID, abbrs ...string) bool {
		return slices.Contains(abbrs, s.Map.Province(p).Abbr)
	}
	for _, r := range out.Results {
		if r.Code == engine.Illegal || r.Code == engine.NoUnit || r.Code == engine.NotOwner {
			continue
		}
		c, ok := cardAt(s, r.Unit)
		if !ok {
			continue
		}
		o := r.Order
		why := ""
		switch {
		case c.ID == doubleMoverID && o.Kind == engine.Special && o.Special == doubleMoveOrder:
			why = "moved two spaces"
		case c.ID == jumperID && o.Kind == engine.Special && o.Special == jumpOrder:
			why = "jumped over a unit"
		case c.ID == hyperspaceID && o.Kind == engine.Move && (special(o.To.P, hyperspaceAbbr) || special(r.Unit.Loc.P, hyperspaceAbbr)):
			why = "moved through Hyperspace"
		case c.ID == explorerID && o.Kind == engine.Move && (isIsland(s.Map, o.To.P) || isIsland(s.Map, r.Unit.Loc.P)):
			why = "moved onto or off an island"
		case c.ID == explorerID && o.Kind == engine.Move && (special(o.To.P, "swi", caspianAbbr) || special(r.Unit.Loc.P, "swi", caspianAbbr)):
			why = "explored Switzerland or the Caspian"
		default:
			continue
		}
		if h, ok := e.Cards[idOf(r.Unit)]; ok && h.Revealed == nil {
			_ = e.Reveal(idOf(r.Unit), s.Phase, why)
		}
	}
}
