package session

import (
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
)

// Completion is one way to finish a card's special order: the words after
// the order's verb, and the order as typed.
type Completion struct {
	Args   string     // "bur", "bur - mun", "- ber", "" (nothing more)
	Text   string     // the whole order: "1A mun annihilate bur"
	Target engine.Loc // the one province the words name, when they name one
	Victim bool       // the words name another unit and its order (a hypnotist's)
}

// CardCompletions returns the legal ways to finish card c's special order
// o in view v, each checked by the engine exactly as a typed order is
// (CheckOrders): nothing more, one province, two provinces ("via bur -
// mun", "jump tyr - ven"), or a move after the verb ("invisible - ber"),
// among the provinces within two steps of the unit; for an order that
// names another unit (TakesUnit), each unit within reach ordered to hold,
// which the player then changes. The window offers them in the unit's
// menu and highlights their provinces while the card is dragged.
func CardCompletions(vr *engine.Variant, v engine.View, c cardgame.Card, o cardgame.Order) []Completion {
	s := v.State
	if s == nil || !c.Unit.Loc.Valid() || c.Space == "" {
		return nil
	}
	m := s.Map
	near1 := neighbourProvinces(m, c.Unit.Loc.P)
	near2 := map[engine.ProvinceID]bool{}
	for _, p := range near1 {
		near2[p] = true
		for _, q := range neighbourProvinces(m, p) {
			if q != c.Unit.Loc.P {
				near2[q] = true
			}
		}
	}
	abbr := func(p engine.ProvinceID) string { return m.Provinces[p].Abbr }
	type cand struct {
		args   string
		target engine.Loc
		victim bool
	}
	var cands []cand
	if o.TakesUnit {
		for _, u := range s.Units {
			if near2[u.Loc.P] && u.Loc.P != c.Unit.Loc.P {
				cands = append(cands, cand{u.Type.String() + " " + m.LocString(u.Loc) + " H", engine.Loc{P: u.Loc.P}, true})
			}
		}
	} else {
		cands = append(cands, cand{"", engine.Nowhere, false})
		for p := range near2 {
			cands = append(cands, cand{abbr(p), engine.Loc{P: p}, false})
		}
		if !o.TakesProvince {
			for _, a := range near1 {
				cands = append(cands, cand{"- " + abbr(a), engine.Loc{P: a}, false})
				for _, b := range neighbourProvinces(m, a) {
					if b != c.Unit.Loc.P {
						cands = append(cands, cand{abbr(a) + " - " + abbr(b), engine.Nowhere, false})
					}
				}
			}
		}
	}
	var out []Completion
	for _, cd := range cands {
		text := strings.TrimSpace(c.Template(o) + cd.args)
		orders, errs := vr.Parser(m).ParseOrders(c.Unit.Power, text)
		if len(errs) > 0 || len(orders) != 1 || orders[0].Kind != engine.Special {
			continue
		}
		if ck := CheckOrders(vr, v, c.Unit.Power, text); len(ck.Problems) == 0 {
			out = append(out, Completion{Args: cd.args, Text: text, Target: cd.target, Victim: cd.victim})
		}
	}
	sortCompletions(out)
	return dropLoneSpaces(out)
}

// dropLoneSpaces keeps one of "bur" and "- bur" where both are legal: the
// shorter, which is how the rules write a Minelayer's "lay mine nwy" and
// a Galt unit's "invisible pic" (the same as "invisible - pic").
func dropLoneSpaces(cs []Completion) []Completion {
	lone := map[string]bool{}
	for _, c := range cs {
		lone[c.Args] = true
	}
	out := cs[:0]
	for _, c := range cs {
		if rest, ok := strings.CutPrefix(c.Args, "- "); ok && lone[rest] {
			continue
		}
		out = append(out, c)
	}
	return out
}

// neighbourProvinces are the provinces next to p by any link.
func neighbourProvinces(m *engine.Map, p engine.ProvinceID) []engine.ProvinceID {
	seen := map[engine.ProvinceID]bool{p: true}
	var out []engine.ProvinceID
	for _, q := range m.ArmyNeighbours(p) {
		if !seen[q] {
			seen[q] = true
			out = append(out, q)
		}
	}
	for _, c := range coastLocs(m, p) {
		for _, l := range m.FleetNeighbours(c) {
			if !seen[l.P] {
				seen[l.P] = true
				out = append(out, l.P)
			}
		}
	}
	return out
}

func coastLocs(m *engine.Map, p engine.ProvinceID) []engine.Loc {
	if cs := m.Provinces[p].Coasts; len(cs) > 0 {
		out := make([]engine.Loc, len(cs))
		for i, c := range cs {
			out[i] = engine.Loc{P: p, C: c}
		}
		return out
	}
	return []engine.Loc{{P: p}}
}

// sortCompletions orders completions by their words, nothing first.
func sortCompletions(cs []Completion) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].Args < cs[j-1].Args; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// Cards a seat holds (cardgame.Card.Seat: Questionable's characters) give
// orders of the seat, written without a unit: "embezzle A war", "bribe A
// war - sil", "gamble F tri with A ven", "kill germany". The window
// completes them by dropping the card on the unit it acts on
// (SeatCardDrop), lights the units it may act on while it is dragged
// (SeatCardTargets), and offers the orders that name no unit in the
// card's menu (SeatCardChoices). Every answer is the engine's, through
// CheckOrders, as for a typed order; nothing here knows a variant.

// SeatAsks is what a seat card dropped on a unit still needs.
type SeatAsks uint8

// What a seat card's drop asks for.
const (
	SeatComplete    SeatAsks = iota // nothing: the order is complete (SeatDrop.Text)
	SeatAsksOrder                   // the order the target is to carry out (a Briber's)
	SeatAsksWorking                 // a piece of the seat's own working with it (a Gambler's)
	SeatRefused                     // the card may not act on that unit now (SeatDrop.Why)
)

// SeatDrop is what dropping a seat card on a unit gives.
type SeatDrop struct {
	Unit engine.Unit // the unit dropped on
	Asks SeatAsks
	// Text is the whole order when it is complete: "embezzle A war".
	Text string
	// Choices finish the order when it asks for more, each a whole
	// order the engine accepts: the target's orders ("bribe A war H",
	// "bribe A war - sil", "bribe A war S A gal - ukr"; Target is where
	// the order points), or the working pieces ("gamble A war with A
	// sil"; Target is the piece's province).
	Choices []Completion
	// Template starts the order for the player to finish by hand:
	// "bribe A war ".
	Template string
	// Why is the engine's reason when the card may not act on the unit.
	Why string
}

// seatAccepts checks one order of the seat as a typed order is checked:
// it must read as the card's order and the engine must not refuse it.
func seatAccepts(vr *engine.Variant, v engine.View, power engine.Power, o cardgame.Order, text string) (bool, string) {
	ck := CheckOrders(vr, v, power, text)
	if len(ck.Problems) > 0 {
		return false, ck.Problems[0].Reason
	}
	if len(ck.Orders) != 1 || ck.Orders[0].Kind != engine.Special || ck.Orders[0].Special != o.Name {
		return false, "the order does not read as " + o.Verb
	}
	return true, ""
}

// unitWords writes unit u as orders name it: "A war", "F stp/sc".
func unitWords(m *engine.Map, u engine.Unit) string {
	return m.UnitCode(u.Type, u.Kind) + " " + m.LocString(u.Loc)
}

// SeatCardDrop answers what dropping seat card c, for its order o, on
// the unit in province at gives in view v: the order at once when the
// unit alone completes it ("embezzle A war"); the target's orders to
// choose from when the engine also accepts an order for the target (the
// Briber's "the move it wants"; the hold is the unit alone); the seat's
// own pieces to choose from when the order needs one "with" it (the
// Gambler's working piece, which must touch the target: the engine
// says which do); else the engine's reason for the order naming the unit
// alone, which says why no choice would do (a Gambler's: no piece of its
// country's touches the target, or the target is its own, rule 9), never
// how the order is written.
func SeatCardDrop(vr *engine.Variant, v engine.View, c cardgame.Card, o cardgame.Order, at engine.ProvinceID) SeatDrop {
	s := v.State
	power := c.Unit.Power
	if s == nil || !c.Seat || !o.TakesUnit {
		return SeatDrop{Asks: SeatRefused, Why: "this card is not dropped on a unit"}
	}
	m := s.Map
	i := s.UnitAt(at)
	if i < 0 {
		return SeatDrop{Asks: SeatRefused, Why: "no unit in " + m.Provinces[at].Name}
	}
	u := s.Units[i]
	base := o.Verb + " " + unitWords(m, u)
	d := SeatDrop{Unit: u, Template: base + " "}
	baseOK, why := seatAccepts(vr, v, power, o, base)
	if baseOK {
		if orders := seatTargetOrders(vr, v, power, o, u); len(orders) > 0 {
			hold := Completion{Args: unitWords(m, u), Text: base, Target: engine.Loc{P: u.Loc.P}}
			d.Asks, d.Choices = SeatAsksOrder, append([]Completion{hold}, orders...)
			return d
		}
		d.Asks, d.Text = SeatComplete, base
		return d
	}
	for _, w := range s.Units {
		if w.Power != power || w.Loc.P == u.Loc.P {
			continue
		}
		args := unitWords(m, u) + " with " + unitWords(m, w)
		if ok, _ := seatAccepts(vr, v, power, o, o.Verb+" "+args); ok {
			d.Choices = append(d.Choices, Completion{Args: args, Text: o.Verb + " " + args, Target: engine.Loc{P: w.Loc.P}})
		}
	}
	if len(d.Choices) > 0 {
		d.Asks = SeatAsksWorking
		return d
	}
	d.Asks, d.Why = SeatRefused, why
	return d
}

// seatTargetOrders returns the orders of unit u, other than the hold,
// that the engine accepts after seat card order o ("bribe A war - sil"):
// its moves, then its supports of a neighbour's hold and of a move into a
// province it borders. A card that wants no order for its target gets
// none: when no move of the target is accepted, supports are not tried.
func seatTargetOrders(vr *engine.Variant, v engine.View, power engine.Power, o cardgame.Order, u engine.Unit) []Completion {
	s := v.State
	m := s.Map
	var out []Completion
	try := func(tu engine.Order, target engine.Loc) {
		args := tu.Format(m)
		text := o.Verb + " " + args
		if ok, _ := seatAccepts(vr, v, power, o, text); ok {
			out = append(out, Completion{Args: args, Text: text, Target: target})
		}
	}
	one := engine.Order{Power: u.Power, Unit: u.Type, Piece: u.Kind, At: u.Loc}
	reach := map[engine.ProvinceID]bool{}
	for _, d := range m.Destinations(u) {
		reach[d.P] = true
		mv := one
		mv.Kind, mv.To = engine.Move, d
		try(mv, d)
	}
	if len(out) == 0 {
		return nil
	}
	for _, w := range s.Units {
		if w.Loc.P == u.Loc.P {
			continue
		}
		if reach[w.Loc.P] {
			sh := one
			sh.Kind, sh.AuxUnit, sh.AuxAt, sh.AuxTo = engine.Support, w.Type, w.Loc, engine.Nowhere
			try(sh, engine.Loc{P: w.Loc.P})
		}
		seen := map[engine.ProvinceID]bool{}
		for _, d := range m.Destinations(w) {
			if !reach[d.P] || d.P == u.Loc.P || seen[d.P] {
				continue
			}
			seen[d.P] = true
			sm := one
			sm.Kind, sm.AuxUnit, sm.AuxAt, sm.AuxTo = engine.Support, w.Type, w.Loc, engine.Loc{P: d.P}
			try(sm, engine.Loc{P: d.P})
		}
	}
	return out
}

// SeatCardTargets returns the provinces of the units seat card c's order
// o may act on now in view v: those where a drop gives an order or the
// choices to finish one (SeatCardDrop), the window lights them while the
// card is dragged. It asks the engine about the unit alone first, and
// only for a card the unit alone does not satisfy anywhere (a Gambler's)
// about each working piece.
func SeatCardTargets(vr *engine.Variant, v engine.View, c cardgame.Card, o cardgame.Order) []engine.Loc {
	s := v.State
	if s == nil || !c.Seat || !o.TakesUnit {
		return nil
	}
	m := s.Map
	var out []engine.Loc
	for _, u := range s.Units {
		if ok, _ := seatAccepts(vr, v, c.Unit.Power, o, o.Verb+" "+unitWords(m, u)); ok {
			out = append(out, engine.Loc{P: u.Loc.P})
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, u := range s.Units {
		for _, w := range s.Units {
			if w.Power != c.Unit.Power || w.Loc.P == u.Loc.P {
				continue
			}
			if ok, _ := seatAccepts(vr, v, c.Unit.Power, o, o.Verb+" "+unitWords(m, u)+" with "+unitWords(m, w)); ok {
				out = append(out, engine.Loc{P: u.Loc.P})
				break
			}
		}
	}
	return out
}

// SeatCardChoices returns the orders of seat card c's order o that name
// a country rather than a unit, each the engine accepts now in view v:
// "kill germany" for a card that takes no unit, "protect leader france"
// for one that does (a Thug protecting a leader). The window lists them
// in the card's menu.
func SeatCardChoices(vr *engine.Variant, v engine.View, c cardgame.Card, o cardgame.Order) []Completion {
	s := v.State
	if s == nil || !c.Seat {
		return nil
	}
	var out []Completion
	for _, p := range s.Map.Powers {
		if p.Role {
			continue
		}
		args := string(p.ID)
		if o.TakesUnit {
			args = "leader " + args
		}
		if ok, _ := seatAccepts(vr, v, c.Unit.Power, o, o.Verb+" "+args); ok {
			out = append(out, Completion{Args: args, Text: o.Verb + " " + args})
		}
	}
	return out
}
