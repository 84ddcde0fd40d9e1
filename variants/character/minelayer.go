package character

import (
	"cmp"
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// #12 Minelayer: "Unit may leave a mine behind in any province as it
// leaves it. If it fails to leave, mine is not laid. May retrieve own
// mines, but not those of any other Power." Rule 16.e: "by returning to
// the space where it left one and specifying 'Picks up own mine' ... (Your
// own units are destroyed if they go into a space where you've left one
// of your mines). A Minelayer can place only one mine in any one space.
// However, two or more countries can mine the same space. Each entry by
// another unit would cause only one mine to explode."
//
// Orders (a special verb must follow the unit, so the destination comes
// after it):
//
//	1F nth lay mine nwy      the move F nth - nwy, laying a mine in nth
//	1F nwy pick up mine nth  the move F nwy - nth, picking up its mine there
//
// Both are adjudicated as the move. What the mines do is applied once the
// phase is decided (mineAfter): first every unit that entered a province
// meets the mines that were there before the phase (an engineer clears
// them, a minelayer picking up removes its power's, then one mine
// explodes under any other unit), then the mines laid this phase are put
// down. docs/rulings/character.md has the rulings.

// The special orders' names (Order.Special).
const (
	layMine    = "lay mine"
	pickUpMine = "pick up mine"
)

// mineSecret starts the part of a result's reason only the minelayer's
// owner may read (engine.Result.Secret); concealMines cuts it off for
// every other seat.
const mineSecret = "; mine: "

func minelayerParts(r *registry) {
	addSpecial(r, "lay mine", layMine, minelayerMove)
	addSpecial(r, "lays mine", layMine, minelayerMove)
	addSpecial(r, "pick up mine", pickUpMine, minelayerMove)
	addSpecial(r, "picks up mine", pickUpMine, minelayerMove)
	addSpecial(r, "picks up own mine", pickUpMine, minelayerMove)
	addSpecial(r, "pick up own mine", pickUpMine, minelayerMove)
	r.After(priorityOthers, mineAfter)
	r.ConcealOutcome(concealMines)
	r.Random(randomMinelayer)
}

// minelayerMove is the movement form of "lay mine" and "pick up mine":
// the move to the province named, by a minelayer only.
func minelayerMove(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	if !activeCard(s, u, minelayerID) {
		return engine.Order{}, fmt.Sprintf("%s is not a minelayer (#12): only a minelayer may %s", kit.UnitName(s.Map, u), o.Special)
	}
	to, via, why := destArgs(s.Map, o.Args)
	if why != "" {
		return engine.Order{}, why
	}
	return engine.Order{Power: o.Power, Kind: engine.Move, Unit: o.Unit, Number: o.Number, At: o.At, To: to,
		ViaConvoy: via, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Text: o.Text}, ""
}

// entry is a unit that entered a province in the phase just decided.
type entry struct {
	id   kit.UnitID
	unit engine.Unit // where it stands now
	from engine.ProvinceID
}

// entries lists the units of next that stand in another province than in
// s (moves, retreats, voluntary retreats), in the order of next.Units.
// Units are known by their rule 10 ids; a unit built in the phase entered
// nothing.
func entries(s, next *engine.State) []entry {
	where := map[kit.UnitID]engine.ProvinceID{}
	dup := map[kit.UnitID]bool{}
	add := func(u engine.Unit) {
		id := idOf(u)
		if _, seen := where[id]; seen {
			dup[id] = true
		}
		where[id] = u.Loc.P
	}
	for _, u := range s.Units {
		add(u)
	}
	for _, d := range s.Dislodged {
		add(d.Unit)
	}
	var out []entry
	for _, u := range next.Units {
		id := idOf(u)
		from, ok := where[id]
		if !ok || dup[id] || from == u.Loc.P {
			continue
		}
		out = append(out, entry{id: id, unit: u, from: from})
	}
	return out
}

// mineAfter applies the mines of a movement or retreat phase: entries
// meet the mines there before the phase, then the mines laid are put down.
func mineAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	e, ok := out.Next.Extra.(*extra)
	if !ok || s.Phase.Type == engine.Adjustment {
		return
	}
	m := s.Map
	before := slices.Clone(e.Effects.Mines)
	var destroyed []kit.UnitID
	for _, en := range entries(s, out.Next) {
		prov := m.Provinces[en.unit.Loc.P].Abbr
		name := m.Provinces[en.unit.Loc.P].Name
		here := func() []int {
			var idx []int
			for i, mn := range e.Effects.Mines {
				if mn.Prov == prov && slices.Contains(before, mn) {
					idx = append(idx, i)
				}
			}
			return idx
		}
		ri := kit.ResultOf(out, en.id)
		// #13: an engineer disarms every mine in a space it enters, and
		// meets none of them (engineer.go).
		if activeCard(s, en.unit, engineerID) {
			e.Effects.Mines = engineerClears(m, &e.Effects, en, here(), out)
			continue
		}
		// 16.e: a minelayer returning with "picks up own mine" takes its
		// power's mine away before any other mine there can explode.
		if ri >= 0 && out.Results[ri].Order.Special == pickUpMine && activeCard(s, en.unit, minelayerID) {
			i := slices.IndexFunc(e.Effects.Mines, func(mn mine) bool {
				return mn.Prov == prov && mn.Power == en.id.Power && slices.Contains(before, mn)
			})
			if i >= 0 {
				e.Effects.Mines = slices.Delete(e.Effects.Mines, i, i+1)
				out.Results[ri].AddSecret(mineSecret + "picked up its own mine in " + name)
			} else {
				out.Results[ri].AddSecret(mineSecret + "no mine of its own to pick up in " + name)
			}
		}
		idx := here()
		if len(idx) == 0 {
			continue
		}
		// One mine explodes per entry: the one laid first (the oldest),
		// ties in power order.
		first := idx[0]
		for _, i := range idx[1:] {
			if mineBefore(e.Effects.Mines[i], e.Effects.Mines[first]) {
				first = i
			}
		}
		mn := e.Effects.Mines[first]
		e.Effects.Mines = slices.Delete(e.Effects.Mines, first, first+1)
		destroyed = append(destroyed, en.id)
		what := fmt.Sprintf("%s %s struck a mine in %s and was destroyed", m.PowerName(en.id.Power), kit.UnitName(m, en.unit), name)
		out.Events = append(out.Events, what)
		if mn.Power != en.id.Power {
			out.Events = append(out.Events, kit.PrivateEvent(m, mn.Power, fmt.Sprintf("it was your mine, laid in %s", mn.Laid)))
		} else {
			out.Events = append(out.Events, kit.PrivateEvent(m, mn.Power, fmt.Sprintf("it was your own mine, laid in %s (rule 16.e)", mn.Laid)))
		}
		if ri >= 0 {
			r := &out.Results[ri]
			struck := "; struck a mine in " + name + " and was destroyed"
			r.Add(struck)
		}
	}
	if len(destroyed) > 0 {
		out.Next.Units = slices.DeleteFunc(out.Next.Units, func(u engine.Unit) bool { return slices.Contains(destroyed, idOf(u)) })
	}
	if s.Phase.Type != engine.Movement || !powersActive(s.Phase) {
		return
	}
	// Mines laid this turn go down once the entries are met (a unit
	// entering the space the minelayer leaves arrives as it leaves, and
	// meets only the mines that were there before).
	for i := range out.Results {
		r := &out.Results[i]
		if r.Order.Special != layMine || r.Code != engine.OK || !r.OK || !activeCard(s, r.Unit, minelayerID) {
			continue
		}
		prov := m.Provinces[r.Unit.Loc.P]
		if prov.Unlimited {
			r.AddSecret(mineSecret + "not laid: " + prov.Name + " is no province of the board")
			continue
		}
		if slices.ContainsFunc(e.Effects.Mines, func(mn mine) bool { return mn.Prov == prov.Abbr && mn.Power == r.Unit.Power }) {
			r.AddSecret(mineSecret + "not laid: " + prov.Name + " already holds a mine of yours (rule 16.e: one per space)")
			continue
		}
		e.Effects.Mines = append(e.Effects.Mines, mine{Prov: prov.Abbr, Power: r.Unit.Power, Laid: s.Phase})
		r.AddSecret(mineSecret + "laid a mine in " + prov.Name)
	}
	for i := range out.Results {
		r := &out.Results[i]
		if r.Order.Special == layMine && r.Secret() == "" && r.Code != engine.Illegal {
			r.AddSecret(mineSecret + "no mine laid: the unit did not leave (#12)")
		}
	}
}

// mineBefore orders mines by the phase laid, then by power.
func mineBefore(a, b mine) bool {
	if c := cmp.Compare(a.Laid.Year, b.Laid.Year); c != 0 {
		return c < 0
	}
	if a.Laid.Season != b.Laid.Season {
		return a.Laid.Season < b.Laid.Season
	}
	return a.Power < b.Power
}

func deleteIndexes(ms []mine, idx []int) []mine {
	var out []mine
	for i, mn := range ms {
		if !slices.Contains(idx, i) {
			out = append(out, mn)
		}
	}
	return out
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// concealMines shows other seats a minelayer's "lay mine" and "pick up
// mine" orders as the plain moves they are adjudicated as, without what
// became of the mine (mines are known to their owner and the game master
// only). The unit's card is not revealed by laying or picking up a mine.
func concealMines(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	if seat.GM {
		return
	}
	for i := range out.Results {
		r := &out.Results[i]
		if r.Order.Special != layMine && r.Order.Special != pickUpMine {
			continue
		}
		if r.Order.Power == seat.Power && seat.Power != "" {
			continue
		}
		r.DropSecret()
		if r.Code == engine.Illegal && powersActive(before.Phase) && !activeCard(before, r.Unit, minelayerID) {
			continue // not a minelayer: there is no card to keep secret
		}
		if mv, why := plainMove(before, r.Order); why == "" {
			r.Order = mv
		} else {
			r.Order = holdFor(before.Map, r.Order)
		}
	}
}

// holdOrder is o's unit holding, as other seats see an unreadable special
// order of a card they may not know.
func holdFor(m *engine.Map, o engine.Order) engine.Order {
	h := engine.Order{Power: o.Power, Kind: engine.Hold, Unit: o.Unit, Number: o.Number, At: o.At,
		To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
	h.Text = h.Format(m)
	return h
}

// plainMove rewrites a minelayer's special order as the move it stands
// for, with its text as a move is written.
func plainMove(s *engine.State, o engine.Order) (engine.Order, string) {
	to, via, why := destArgs(s.Map, o.Args)
	if why != "" {
		return o, why
	}
	mv := engine.Order{Power: o.Power, Kind: engine.Move, Unit: o.Unit, Number: o.Number, At: o.At, To: to,
		ViaConvoy: via, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
	mv.Text = mv.Format(s.Map)
	return mv, ""
}

// randomMinelayer gives a minelayer a move that lays a mine, or one that
// picks up its power's mine in a neighbouring province.
func randomMinelayer(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if s.Phase.Type != engine.Movement || !activeCard(s, u, minelayerID) {
		return engine.Order{}, false
	}
	to := neighbourLocs(s.Map, u)
	if len(to) == 0 {
		return engine.Order{}, false
	}
	l := to[rng.Intn(len(to), "where a random minelayer moves")]
	special := layMine
	if e, ok := s.Extra.(*extra); ok && slices.ContainsFunc(e.Effects.Mines, func(mn mine) bool {
		return mn.Power == u.Power && mn.Prov == s.Map.Provinces[l.P].Abbr
	}) {
		special = pickUpMine
	}
	return specialOrder(s.Map, u, special, s.Map.LocString(l)), true
}

// neighbourLocs lists where u may move by the map's links.
func neighbourLocs(m *engine.Map, u engine.Unit) []engine.Loc {
	if u.Type == engine.Army {
		var out []engine.Loc
		for _, p := range m.ArmyNeighbours(u.Loc.P) {
			out = append(out, engine.Loc{P: p})
		}
		return out
	}
	return m.FleetNeighbours(u.Loc)
}
