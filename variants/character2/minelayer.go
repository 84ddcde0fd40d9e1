package character2

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit"
)

// MINELAYER (Eights): "Unit may leave a mine behind in any space as it
// leaves it. If it fails to leave, mine is NOT laid. The mine explodes the
// next time any unit enters the space, and destroys that unit, but does
// not make the space impassable. A standoff in the space will not set off
// the mine. A build will (and will still count)! The unit which laid the
// mine may reenter the space safely by saying "Picks up own mine"; this
// does NOT deactivate the mine for anyone who enters the space later. If
// more than one mine exists in a space, each entry will set off (at most)
// one of the mines. This power and its use are never reported to other
// players."
//
// Rules Clarifications: "What is reported when a mine destroys a unit? The
// unit will be listed as blown up by a mine. I will not tell who laid the
// mine. (The victim will be told whether it was his/her own mine.)" and
// "What happens if a Jumper, a Water Walker, Explorer, or Superfleet uses
// its special power to jump over a space that contains a mine? The mine
// does not go off. The unit has not "entered" the space containing the
// mine."
//
// Orders (a special order's words follow the unit, so the destination
// comes after them), each adjudicated as the move:
//
//	1F nth lay mine nwy            the move F nth - nwy, leaving a mine in nth
//	1A par picks up own mine bur   the move A par - bur, entering safely a space it mined
//
// What the mines do is applied once the phase is decided (mineAfter, at
// the Minelayer's place in the table): every unit that entered a space in
// the phase meets the mines that were there before it (an Engineer or
// Minesweeper deactivates them all, engineer.go; a layer that said "picks
// up own mine" passes its own; otherwise the oldest mine there explodes
// and destroys the unit), then the mines laid in the phase go down. A unit
// enters only the space it ends its move (or retreat, or build) in; a
// card's move that passes through a space enters it too only where its
// owner says so (enteredAlso).

// The special orders' names (Order.Special).
const (
	layMine    = "lay mine"
	pickUpMine = "picks up own mine"
)

// mineSecret starts the part of a result's reason only the minelayer's
// owner (and the game master) may read.
const mineSecret = "; mine: "

// enteredAlso lists the parts that name the spaces a unit entered in a
// phase besides the one it ends in: a Double Mover's middle space, whose
// owner (the movers group) appends a function here. r is the unit's
// result, s the position before the phase.
var enteredAlso []func(s *engine.State, r engine.Result) []engine.ProvinceID

func minelayerParts(r *registry) {
	minelayer := []kind{minelayerKind}
	addSpecialDrag(r, "lay mine", layMine, minelayer, true, false, minelayerMove)
	addSpecial(r, "lays mine", layMine, minelayer, minelayerMove)
	addSpecialDrag(r, "picks up own mine", pickUpMine, minelayer, true, false, minelayerMove)
	addSpecial(r, "pick up own mine", pickUpMine, minelayer, minelayerMove)
	addSpecial(r, "picks up mine", pickUpMine, minelayer, minelayerMove)
	r.After(priorityOf(minelayerKind), mineAfter)
	r.ConcealOutcome(concealMines)
	r.Mark(mineMarks)
	r.Note(mineNotes)
	r.Random(randomMinelayer)
	addEffect(r, "mine", parseMine(false), mineLines(false))
	addEffect(r, "swept", parseMine(true), mineLines(true))
	addEffect(r, "free", parseFree, freeLines)
	addOption(r, optGhostMines, "immune",
		"immune: a unit that does not occupy its space (an invisible Ghost: \"completely undetectable\", it \"does not occupy\" "+
			"its space) sets off no mine and deactivates none; explodes: it is blown up like any unit",
		func(v string) error {
			if v != "immune" && v != "explodes" {
				return fmt.Errorf("want immune or explodes, not %q", v)
			}
			return nil
		})
	addOption(r, optMineFollower, "explodes",
		"explodes: a unit entering the space a Minelayer leaves in the same turn sets off the mine just left (it enters after the mine is left behind); "+
			"safe: it arrives as the layer leaves and the mine goes down under it, for the next unit to enter",
		func(v string) error {
			if v != "explodes" && v != "safe" {
				return fmt.Errorf("want explodes or safe, not %q", v)
			}
			return nil
		})
}

// optGhostMines decides whether a unit that does not occupy its space (an
// invisible Ghost) sets off a mine.
const optGhostMines = "ghost_mines"

// optMineFollower decides whether a unit that enters the space a
// Minelayer leaves in the same turn meets the mine left there.
const optMineFollower = "mine_follower"

// minelayerMove is the movement form of "lay mine" and "picks up own
// mine": the move to the space named. Only a Minelayer lays mines; a unit
// picks up only a mine it laid, so a unit that laid one and has since lost
// the card (a Doppelganger's swap) may still re-enter safely.
func minelayerMove(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	to, via, why := destination(s.Map, o.Args)
	if why != "" {
		return engine.Order{}, why
	}
	if notMinelayer(s, u, o, to) {
		return engine.Order{}, fmt.Sprintf("%s %s is not a Minelayer: only a Minelayer may %s", u.Type.Word(), s.Map.LocName(u.Loc), o.Special)
	}
	return engine.Order{Power: o.Power, Kind: engine.Move, Unit: o.Unit, Number: o.Number, At: o.At, To: to,
		ViaConvoy: via, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Text: o.Text}, ""
}

// notMinelayer reports whether u may not give order o, a move to to, for
// want of the card: only a Minelayer lays a mine, and picks one up unless
// it laid the mine there before it lost the card.
func notMinelayer(s *engine.State, u engine.Unit, o engine.Order, to engine.Loc) bool {
	if kindAt(s, u) == minelayerKind {
		return false
	}
	e := extraOf(s)
	laid := e != nil && slices.ContainsFunc(e.Effects.Life.Mines, func(m mine) bool {
		return m.Layer == idOf(u) && !m.LayerGone && m.Prov == s.Map.Provinces[to.P].Abbr
	})
	return o.Special == layMine || !laid
}

// destination reads the space a special move goes to from its words:
// "nwy", "- nwy", "spa nc", "bel via convoy".
func destination(m *engine.Map, args []string) (engine.Loc, bool, string) {
	var words []string
	via := false
	for i := 0; i < len(args); i++ {
		a := strings.ToLower(args[i])
		switch {
		case a == "-" || a == "->" || a == "to" || a == "into":
			continue
		case a == "via" && i+1 < len(args) && strings.ToLower(args[i+1]) == "convoy":
			via = true
			i++
			continue
		}
		words = append(words, strings.Trim(args[i], "()"))
	}
	if len(words) == 0 {
		return engine.Nowhere, false, "the order needs the space the unit moves to"
	}
	text := strings.Join(words, " ")
	if len(words) == 2 {
		if _, ok := engine.ParseCoast(words[1]); ok {
			text = words[0] + "/" + words[1]
		}
	}
	l, err := m.ParseLoc(text)
	if err != nil {
		return engine.Nowhere, false, fmt.Sprintf("no space %q to move to", text)
	}
	return l, via, ""
}

// entry is a unit that entered a space in the phase just decided.
type entry struct {
	id   unitID
	unit engine.Unit // where it stands now
	prov engine.ProvinceID
	res  int // index of its result, or -1
	// built: a unit built in the space ("A build will (and will still
	// count)!").
	built bool
}

// unitAt is the entering unit in the space it entered, as an event naming
// it there names it.
func (en entry) unitAt() engine.Unit {
	u := en.unit
	if u.Loc.P != en.prov {
		u.Loc = engine.Loc{P: en.prov}
	}
	return u
}

// entries lists the units that entered a space in the phase: every unit
// of next standing elsewhere than it stood in s (moves, retreats,
// voluntary retreats), every unit built, and the further spaces
// enteredAlso names.
func entries(s *engine.State, out *engine.Outcome) []entry {
	next := out.Next
	was := map[unitID]engine.ProvinceID{}
	for _, u := range s.Units {
		was[idOf(u)] = u.Loc.P
	}
	for _, d := range s.Dislodged {
		was[idOf(d.Unit)] = d.Unit.Loc.P
	}
	resOf := func(id unitID, at engine.ProvinceID) int {
		for i, r := range out.Results {
			if idOf(r.Unit) == id && r.Unit.Loc.P == at && r.Order.Kind != engine.Build {
				return i
			}
		}
		return -1
	}
	built := map[unitID]bool{}
	if s.Phase.Type == engine.Adjustment {
		for _, r := range out.Results {
			if r.OK && r.Order.Kind == engine.Build {
				built[idOf(r.Unit)] = true
			}
		}
	}
	var list []entry
	for _, u := range next.Units {
		id := idOf(u)
		if built[id] {
			list = append(list, entry{id: id, unit: u, prov: u.Loc.P, res: -1, built: true})
			continue
		}
		from, ok := was[id]
		if !ok || from == u.Loc.P {
			continue
		}
		ri := resOf(id, from)
		if ri >= 0 {
			for _, f := range enteredAlso {
				for _, p := range f(s, out.Results[ri]) {
					if p != u.Loc.P && p != from {
						list = append(list, entry{id: id, unit: u, prov: p, res: ri})
					}
				}
			}
		}
		list = append(list, entry{id: id, unit: u, prov: u.Loc.P, res: ri})
	}
	return list
}

// mineAfter applies the mines after a phase: entries first, in the order
// of the board, then the mines laid in a movement phase.
func mineAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	e := extraOf(out.Next)
	if e == nil {
		return
	}
	m := s.Map
	life := &e.Effects.Life
	layFirst := s.Phase.Type == engine.Movement && e.option(optMineFollower) == "explodes"
	if layFirst {
		layMines(s, out, life)
	}
	before := slices.Clone(life.Mines)
	destroyed := map[unitID]bool{}
	for _, en := range entries(s, out) {
		if destroyed[en.id] {
			continue
		}
		abbr := m.Provinces[en.prov].Abbr
		name := m.Provinces[en.prov].Name
		here := func(keep func(mine) bool) []int {
			var idx []int
			for i, mn := range life.Mines {
				if mn.Prov == abbr && slices.Contains(before, mn) && keep(mn) {
					idx = append(idx, i)
				}
			}
			return idx
		}
		// A unit of the layer's power entering a swept space learns that
		// nothing is there: the swept mine drops out of its view.
		life.Swept = slices.DeleteFunc(life.Swept, func(mn mine) bool { return mn.Prov == abbr && mn.Layer.Power == en.id.Power })
		if !en.built && e.option(optGhostMines) == "immune" && !occupiesAll(out.Next, en.unit) {
			continue // an invisible Ghost passes unseen and unharmed
		}
		if !en.built && kindAt(s, en.unit) == engineer {
			engineerSweeps(m, life, en, here(func(mine) bool { return true }), out)
			continue
		}
		safe := func(mine) bool { return false }
		if en.res >= 0 && out.Results[en.res].Order.Special == pickUpMine && en.prov == en.unit.Loc.P {
			safe = func(mn mine) bool { return mn.Layer == en.id && !mn.LayerGone }
			r := &out.Results[en.res]
			if len(here(safe)) > 0 {
				r.AddSecret(mineSecret + "re-entered " + name + " safely past its own mine, which stays for anyone entering later")
			} else {
				r.AddSecret(mineSecret + "no mine of its own in " + name)
			}
		}
		idx := here(func(mn mine) bool { return !safe(mn) })
		if len(idx) == 0 {
			continue
		}
		// "each entry will set off (at most) one of the mines": the
		// oldest (the first laid of those laid in the same turn).
		first := idx[0]
		for _, i := range idx[1:] {
			if phaseCompare(life.Mines[i].Laid, life.Mines[first].Laid) < 0 {
				first = i
			}
		}
		mn := life.Mines[first]
		life.Mines = slices.Delete(life.Mines, first, first+1)
		destroyed[en.id] = true
		blowUp(s, out, e, en, mn)
	}
	if len(destroyed) > 0 {
		out.Next.Units = slices.DeleteFunc(out.Next.Units, func(u engine.Unit) bool { return destroyed[idOf(u)] })
	}
	if s.Phase.Type == engine.Movement && !layFirst {
		layMines(s, out, life)
	}
}

// blowUp reports unit en destroyed by mine mn and discards its card. The
// report names the unit, never the layer; the victim's owner is told
// whether it was its own mine; the layer's owner, that its mine went off.
func blowUp(s *engine.State, out *engine.Outcome, e *extra, en entry, mn mine) {
	m := s.Map
	name := m.Provinces[en.prov].Name
	label := kit.Label(en.id.Number, en.id.Type)
	victim := en.unitAt()
	out.AddEvent(fmt.Sprintf("%s's %s was blown up by a mine in %s", m.PowerName(en.id.Power), label, name), victim)
	if mn.Layer.Power == en.id.Power {
		out.AddEvent(kit.PrivateEvent(m, en.id.Power, fmt.Sprintf("the mine that blew up your %s in %s was your own, laid by your %s in %s",
			label, name, kit.Label(mn.Layer.Number, mn.Layer.Type), mn.Laid)), victim)
	} else {
		out.AddEvent(kit.PrivateEvent(m, en.id.Power, fmt.Sprintf("the mine that blew up your %s in %s was not yours", label, name)), victim)
		out.AddEvent(kit.PrivateEvent(m, mn.Layer.Power, fmt.Sprintf("your mine in %s, laid by your %s in %s, went off", name, kit.Label(mn.Layer.Number, mn.Layer.Type), mn.Laid)))
	}
	if en.res >= 0 {
		r := &out.Results[en.res]
		r.Add("; blown up by a mine in " + name)
	}
	for i := range out.Results {
		r := &out.Results[i]
		if en.built && r.OK && r.Order.Kind == engine.Build && idOf(r.Unit) == en.id {
			r.Add("; blown up by a mine in " + name + " (the build still counts)")
		}
	}
	if !en.built {
		// A unit built holds no card yet (the deal comes after the
		// mines); a card under its id is that of a unit disbanded this
		// Winter, which the life cycle discards as such.
		e.discard(en.id, s.Phase, "blown up by a mine")
	}
}

// layMines puts down the mines of the minelayers that left their space in
// the movement phase just decided. A unit entering the space the layer
// leaves arrives as it leaves, and meets only the mines there before.
func layMines(s *engine.State, out *engine.Outcome, life *lifeState) {
	m := s.Map
	now := map[unitID]engine.ProvinceID{}
	for _, u := range out.Next.Units {
		now[idOf(u)] = u.Loc.P
	}
	for _, d := range out.Next.Dislodged {
		now[idOf(d.Unit)] = d.Unit.Loc.P
	}
	for i := range out.Results {
		r := &out.Results[i]
		if r.Order.Kind != engine.Special || r.Order.Special != layMine || r.Code == engine.Illegal || r.Code == engine.NoUnit || r.Code == engine.NotOwner {
			continue
		}
		id := idOf(r.Unit)
		from := r.Unit.Loc.P
		to, still := now[id]
		prov := m.Provinces[from]
		switch {
		case !still && !r.OK:
			r.AddSecret(mineSecret + "no mine laid: the unit did not leave " + prov.Name)
		case still && (to == from || slices.ContainsFunc(out.Next.Dislodged, func(d engine.Dislodgement) bool { return idOf(d.Unit) == id })):
			r.AddSecret(mineSecret + "no mine laid: the unit did not leave " + prov.Name)
		case prov.Unlimited:
			r.AddSecret(mineSecret + "no mine laid: " + prov.Name + " is no space of the board")
		default:
			life.Mines = append(life.Mines, mine{Prov: prov.Abbr, Layer: id, Laid: s.Phase.Key()})
			r.AddSecret(mineSecret + "left a mine in " + prov.Name)
		}
	}
}

// concealMines shows other seats a minelayer's special orders as the plain
// moves they are adjudicated as, without what became of the mine ("This
// power and its use are never reported to other players").
func concealMines(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	for i := range out.Results {
		r := &out.Results[i]
		if r.Order.Kind != engine.Special || (r.Order.Special != layMine && r.Order.Special != pickUpMine) {
			continue
		}
		if seat.Power != "" && r.Order.Power == seat.Power {
			continue
		}
		r.DropSecret()
		to, via, why := destination(before.Map, r.Order.Args)
		refused := r.Code == engine.Illegal && r.Cause() == "" && why == "" && notMinelayer(before, r.Unit, r.Order, to)
		mv := engine.Order{Power: r.Order.Power, Kind: engine.Move, Unit: r.Order.Unit, Number: r.Order.Number, At: r.Order.At,
			To: to, ViaConvoy: via, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
		if why != "" {
			mv = engine.Order{Power: r.Order.Power, Kind: engine.Hold, Unit: r.Order.Unit, Number: r.Order.Number, At: r.Order.At,
				To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
		}
		mv.Text = mv.Format(before.Map)
		r.Order = mv
		if refused {
			r.Say("illegal order")
		}
	}
}

// mineMarks shows the mines of the seat's view (its own; all for the game
// master) on its board.
func mineMarks(v engine.View, e *extra) []cardgame.Mark {
	if v.State == nil {
		return nil
	}
	var out []cardgame.Mark
	for _, mn := range e.Effects.Life.Mines {
		p := lookup(v.State.Map, mn.Prov)
		if p == engine.NoProvince {
			continue
		}
		out = append(out, cardgame.Mark{Kind: cardgame.MarkMine, Prov: p, Power: mn.Layer.Power,
			Why: fmt.Sprintf("mine laid by %s %s in %s", mn.Layer.Power, kit.Label(mn.Layer.Number, mn.Layer.Type), mn.Laid)})
	}
	return out
}

// mineNotes lists, on a unit's card in the hand, the live mines it laid
// that the seat's view holds.
func mineNotes(v engine.View, e *extra, u engine.Unit) []string {
	if v.State == nil {
		return nil
	}
	var where []string
	for _, mn := range e.Effects.Life.Mines {
		if mn.Layer == idOf(u) && !mn.LayerGone {
			where = append(where, fmt.Sprintf("%s (%s)", provName(v.State.Map, mn.Prov), mn.Laid))
		}
	}
	if len(where) == 0 {
		return nil
	}
	return []string{"mines laid: " + strings.Join(where, ", ")}
}

// randomMinelayer gives a Minelayer a move that lays a mine, or one that
// re-enters a space it mined.
func randomMinelayer(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if s.Phase.Type != engine.Movement || kindAt(s, u) != minelayerKind {
		return engine.Order{}, false
	}
	to := kit.Steps(s.Map, u.Type, u.Loc)
	if len(to) == 0 {
		return engine.Order{}, false
	}
	l := to[rng.Intn(len(to), "where a random Minelayer moves")]
	special := layMine
	if e := extraOf(s); e != nil && slices.ContainsFunc(e.Effects.Life.Mines, func(mn mine) bool {
		return mn.Layer == idOf(u) && mn.Prov == s.Map.Provinces[l.P].Abbr
	}) {
		special = pickUpMine
	}
	o := engine.Order{Power: u.Power, Kind: engine.Special, Unit: u.Type, Number: u.Number, At: u.Loc,
		To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Special: special, Args: []string{s.Map.LocString(l)}}
	o.Text = o.Format(s.Map)
	return o, true
}

// parseMine reads an effect line "mine bur france 1F [S1902M] [gone]" (or
// "swept ...": a mine an Engineer deactivated, its layer not told; "gone":
// the layer has left the board).
func parseMine(swept bool) func(s *engine.State, e *extra, args []string) error {
	return func(s *engine.State, e *extra, args []string) error {
		gone := len(args) > 0 && strings.EqualFold(args[len(args)-1], "gone")
		if gone {
			args = args[:len(args)-1]
		}
		if len(args) < 3 || len(args) > 4 {
			return fmt.Errorf("want \"mine province power label [phase] [gone]\", as \"mine bur france 1F\"")
		}
		p := lookup(s.Map, args[0])
		if p == engine.NoProvince {
			return fmt.Errorf("no province %q", args[0])
		}
		id, err := parseID(s, args[1], args[2])
		if err != nil {
			return err
		}
		laid := s.Phase.Key()
		if len(args) == 4 {
			ph, err := engine.ParsePhase(args[3])
			if err != nil {
				return err
			}
			laid = ph.Key()
		}
		mn := mine{Prov: s.Map.Provinces[p].Abbr, Layer: id, Laid: laid, LayerGone: gone}
		if swept {
			e.Effects.Life.Swept = append(e.Effects.Life.Swept, mn)
		} else {
			e.Effects.Life.Mines = append(e.Effects.Life.Mines, mn)
		}
		return nil
	}
}

func mineLines(swept bool) func(s *engine.State, e *extra) []string {
	return func(s *engine.State, e *extra) []string {
		list := e.Effects.Life.Mines
		if swept {
			list = e.Effects.Life.Swept
		}
		var out []string
		for _, mn := range list {
			line := fmt.Sprintf("%s %s %s", mn.Prov, mn.Layer.Power, kit.Label(mn.Layer.Number, mn.Layer.Type))
			if mn.LayerGone {
				line += " gone"
			}
			out = append(out, line)
		}
		return out
	}
}

// parseID reads a power and a unit label ("france", "1F").
func parseID(s *engine.State, power, label string) (unitID, error) {
	p, ok := s.Map.LookupPower(power)
	if !ok {
		return unitID{}, fmt.Errorf("no power %q", power)
	}
	var id unitID
	if err := id.UnmarshalText([]byte(string(p) + " " + label)); err != nil {
		return unitID{}, fmt.Errorf("bad unit %q: %v", label, err)
	}
	return id, nil
}

// parseFree reads "free france 1A": the unit needs no centre now.
func parseFree(s *engine.State, e *extra, args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("want \"free power label\", as \"free france 1A\"")
	}
	id, err := parseID(s, args[0], args[1])
	if err != nil {
		return err
	}
	e.Effects.Life.Free = append(e.Effects.Life.Free, id)
	return nil
}

func freeLines(_ *engine.State, e *extra) []string {
	var out []string
	for _, id := range e.Effects.Life.Free {
		out = append(out, fmt.Sprintf("%s %s", id.Power, kit.Label(id.Number, id.Type)))
	}
	return out
}
