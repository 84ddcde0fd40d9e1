package character

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// #15 Cutter: "Unit may cut up to two Support orders against it,
// including supports of any adjacent unit supporting an attack into a
// space where a unit is already receiving the Cutter's own support. While
// such cuts are automatic, owner may specify which supports are cut in
// complex situations." Rule 16.d: "A Cutter unit (Card #15) not only cuts
// up to two Supports by units adjacent to it for a unit trying to move
// into its own space, it can also cut the support of any adjacent unit
// which is supporting an attack into a space in which there is a unit
// which is receiving the Cutter's support."
//
// Before the turn is resolved (Rules.Prepare, engine.Turn.Cut) each
// Cutter with its powers active (rule 7) cuts at most two supports given
// by other powers' units adjacent to it: first those for a move into the
// Cutter's own province, then those for a move into the province of a
// unit the Cutter supports (to hold or to move). Within each kind the
// supporters are taken in the order of their provinces' abbreviations.
// A cut is total, whatever the supporter's strength (16.f is about
// attacks, the Cutter is no attack), and stands even if the Cutter is
// dislodged or destroyed that turn: its cuts are decided before the
// battles, as rule 9.a decides a Gasser's order before the attacks on it.
// A Cutter that cut a support is revealed (the cut is in every report).
//
// "Owner may specify which supports are cut": the special order "cut"
// names the supporters' provinces, then gives the Cutter's own order, if
// any (none: it holds):
//
//	1A bur cut pic ruh           holds; cuts the supports from pic and ruh first
//	1A bur cut gas S A par       supports A par; cuts the support from gas first
//
// The named supporters that the card may cut are cut first, in the order
// named; any place left of the two is filled as without the order. A
// named province whose unit gives no support the card may cut is
// ignored. Other seats see the order as the Cutter's own order: only the
// cuts, which show in the supporters' results, reveal the card.

// cutSupports is the name of the Cutter's special order.
const cutSupports = "cut"

func cutterParts(r *registry) {
	addSpecial(r, "cut", cutSupports, func(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
		if !activeCard(s, u, cutterID) {
			return engine.Order{}, fmt.Sprintf("%s is not a Cutter (#15): only a Cutter may name the supports it cuts", kit.UnitName(s.Map, u))
		}
		_, own, why := cutterOrder(s.Map, o)
		return own, why
	})
	r.Prepare(cutterPrepare)
	r.After(priorityOthers, cutterAfter)
	r.ConcealOutcome(concealCutter)
	r.Random(randomCutter)
}

// orderWords start the Cutter's own order after the provinces it names.
var orderWords = []string{"h", "hold", "holds", "s", "sup", "support", "supports", "-", "->", "m", "move", "moves", "c", "convoy", "convoys"}

// cutterOrder reads a "cut" order: the provinces named, and the Cutter's
// own order (a hold when none is given), or why it is wrong.
func cutterOrder(m *engine.Map, o engine.Order) ([]engine.ProvinceID, engine.Order, string) {
	var named []engine.ProvinceID
	k := 0
	for ; k < len(o.Args) && !slices.Contains(orderWords, o.Args[k]); k++ {
		a := strings.Trim(o.Args[k], ",;")
		if a == "" || a == "and" {
			continue
		}
		p, ok := m.Lookup(a)
		if !ok {
			return nil, engine.Order{}, fmt.Sprintf("\"cut\": no province %q", a)
		}
		named = append(named, p)
	}
	if len(named) == 0 {
		return nil, engine.Order{}, "\"cut\" needs the provinces of the supports to cut first"
	}
	own := engine.Order{Power: o.Power, Kind: engine.Hold, Unit: o.Unit, Number: o.Number, At: o.At,
		To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
	if k < len(o.Args) {
		unit := m.LocString(o.At)
		if o.Unit != engine.NoUnitType {
			unit = o.Unit.String() + " " + unit
		}
		p := engine.Parser{Map: m}
		x, err := p.ParseOrder(o.Power, unit+" "+strings.Join(o.Args[k:], " "))
		if err != nil {
			return nil, engine.Order{}, "the Cutter's own order: " + err.Error()
		}
		if x.Kind == engine.Special || x.Kind == engine.Build || x.Kind == engine.Disband || x.Kind == engine.Waive {
			return nil, engine.Order{}, "the Cutter's own order must be a hold, move, support or convoy"
		}
		x.Power, x.Number = o.Power, o.Number
		own = x
	}
	own.Text = own.Format(m)
	return named, own, ""
}

// cutterReason is the reason of a support a Cutter cut.
func cutterReason(m *engine.Map, c engine.Unit) string {
	return "support cut by the Cutter (#15) " + kit.UnitName(m, c)
}

// cutterCut is one support a Cutter cuts.
type cutterCut struct {
	cutter    engine.Unit
	supporter engine.ProvinceID
}

// cutterCuts lists the supports the Cutters cut this turn. The unit each
// order names is the engine's one answer (kit.OrderUnit), so a Cutter and
// a supporter are found as the adjudicator finds them, in a province
// several units share (Hyperspace) too.
func cutterCuts(s *engine.State, orders []engine.Order) []cutterCut {
	if !powersActive(s.Phase) || s.Phase.Type != engine.Movement {
		return nil
	}
	rules := reg.Rules()
	// The Cutters' "cut" orders: the supporters named, by the Cutter's
	// index in s.Units, and their own order.
	named := map[int][]engine.ProvinceID{}
	norm := make([]engine.Order, 0, len(orders))
	for _, o := range orders {
		if o.Kind == engine.Special && o.Special == cutSupports {
			if i := kit.OrderUnit(s, &o, rules); i >= 0 && activeCard(s, s.Units[i], cutterID) {
				if n, own, why := cutterOrder(s.Map, o); why == "" {
					named[i] = n
					o = own
				}
			}
		}
		norm = append(norm, o)
	}
	// The support orders of the units on the board, by the supporter's
	// index in s.Units.
	supports := map[int]engine.Order{}
	for k := range norm {
		o := norm[k]
		if o.Kind != engine.Support || !o.AuxAt.Valid() {
			continue
		}
		i := kit.OrderUnit(s, &o, rules)
		if i < 0 {
			continue
		}
		if _, twice := supports[i]; twice {
			continue // two orders for one unit: it holds (DATC 4.D.3)
		}
		supports[i] = o
	}
	supporters := slices.Sorted(maps.Keys(supports))
	var out []cutterCut
	for ci, c := range s.Units {
		if !activeCard(s, c, cutterID) {
			continue
		}
		targets := []engine.ProvinceID{c.Loc.P}
		if o, ok := supports[ci]; ok {
			targets = append(targets, o.AuxAt.P)
		}
		var chosen []int
		may := func(j int) bool {
			o, u := supports[j], s.Units[j]
			return u.Power != c.Power && o.AuxTo.Valid() && slices.Contains(targets, o.AuxTo.P) && o.AuxAt.P != o.AuxTo.P &&
				provAdjacent(s.Map, c.Loc.P, u.Loc.P)
		}
		for _, p := range named[ci] {
			for _, j := range supporters {
				if s.Units[j].Loc.P == p && may(j) && !slices.Contains(chosen, j) {
					chosen = append(chosen, j)
				}
			}
		}
		for _, target := range targets {
			var kind []int
			for _, j := range supporters {
				o, u := supports[j], s.Units[j]
				if u.Power == c.Power || !o.AuxTo.Valid() || o.AuxTo.P != target || o.AuxAt.P == target ||
					!provAdjacent(s.Map, c.Loc.P, u.Loc.P) || slices.Contains(chosen, j) {
					continue
				}
				kind = append(kind, j)
			}
			slices.SortStableFunc(kind, func(a, b int) int {
				return cmp.Compare(s.Map.Provinces[s.Units[a].Loc.P].Abbr, s.Map.Provinces[s.Units[b].Loc.P].Abbr)
			})
			chosen = append(chosen, kind...)
		}
		if len(chosen) > 2 {
			chosen = chosen[:2]
		}
		for _, j := range chosen {
			out = append(out, cutterCut{cutter: c, supporter: s.Units[j].Loc.P})
		}
	}
	return out
}

// cutterPrepare adds the Cutters' cuts to the turn.
func cutterPrepare(s *engine.State, orders []engine.Order, t *engine.Turn) {
	for _, c := range cutterCuts(s, orders) {
		if t.Cut == nil {
			t.Cut = map[engine.ProvinceID]string{}
		}
		if _, done := t.Cut[c.supporter]; !done {
			t.Cut[c.supporter] = cutterReason(s.Map, c.cutter)
		}
	}
}

// cutterAfter reveals the Cutters whose cut shows in a result (rule 3:
// the report names the Cutter).
func cutterAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	e, ok := out.Next.Extra.(*extra)
	if !ok || s.Phase.Type != engine.Movement || !powersActive(s.Phase) {
		return
	}
	// The turn's cuts, as cutterPrepare gave them (worked out only when a
	// support was cut): the first Cutter of each supporter names it in the
	// support's result.
	var cutBy map[engine.ProvinceID]engine.Unit
	for _, r := range out.Results {
		if r.Code != engine.Cut || r.Unit.Type == engine.NoUnitType {
			continue
		}
		if cutBy == nil {
			by := kit.ResultOrders(out)
			orders := make([]engine.Order, 0, len(by))
			for _, id := range kit.SortedIDs(by) {
				orders = append(orders, by[id])
			}
			cutBy = map[engine.ProvinceID]engine.Unit{}
			for _, c := range cutterCuts(s, orders) {
				if _, done := cutBy[c.supporter]; !done {
					cutBy[c.supporter] = c.cutter
				}
			}
		}
		if c, ok := cutBy[r.Unit.Loc.P]; ok {
			_ = e.Reveal(idOf(c), s.Phase, "cut a support as a Cutter (#15)")
		}
	}
}

// concealCutter shows other seats a "cut" order as the Cutter's own order.
func concealCutter(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	if seat.GM {
		return
	}
	for i := range out.Results {
		r := &out.Results[i]
		if r.Order.Special != cutSupports || (seat.Power != "" && r.Order.Power == seat.Power) ||
			(r.Code == engine.Illegal && powersActive(before.Phase) && !activeCard(before, r.Unit, cutterID)) {
			continue
		}
		if _, own, why := cutterOrder(before.Map, r.Order); why == "" {
			r.Order = own
		} else {
			r.Order = holdFor(before.Map, r.Order)
		}
	}
}

// randomCutter names a random neighbouring province's support to cut
// first, the Cutter holding.
func randomCutter(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if s.Phase.Type != engine.Movement || !activeCard(s, u, cutterID) {
		return engine.Order{}, false
	}
	to := neighbourLocs(s.Map, u)
	if len(to) == 0 {
		return engine.Order{}, false
	}
	l := to[rng.Intn(len(to), "which support a random Cutter names")]
	return specialOrder(s.Map, u, cutSupports, s.Map.Provinces[l.P].Abbr), true
}
