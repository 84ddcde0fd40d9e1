package character2

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit"
)

// The Invisible Unit (Aces) and the Ghost (Trumps 10 and 11), and the
// variant's hidden-information layer: which units a seat's view, report
// and next position leave out (docs/rulings/parts/character2-c2hidden.md).
//
// Orders: "A mun invisible" becomes invisible and holds; any normal order
// may follow the word ("A mun invisible - ber", "F nth invisible C A lon -
// nwy"): the table's "This may be done in addition to a normal order", and
// the Rules Clarifications: "If either type of unit turns invisible and
// moves on the same turn, invisibility happens first". "A mun visible" and
// "A mun visible - ber" give up invisibility, from the start of the turn
// ("All of these effects end on the turn that the Ghost gives the order to
// become visible"). In a retreat phase "A mun invisible - ber" retreats
// and turns invisible (an Invisible Unit only; "if a Ghost is dislodged
// while visible, it may NOT turn invisible as a means of retreating").
const (
	specialInvisible = "invisible"
	specialVisible   = "visible"
	// hintInvisible is all others learn of the card of a unit that turns
	// invisible: "when a unit becomes invisible, other players are not
	// told whether it is a Ghost or just an Invisible Unit".
	hintInvisible = "an Invisible Unit or a Ghost"
	// optInvisibleRetreat: may a dislodged Invisible Unit turn invisible
	// as it retreats (ruling H7)?
	optInvisibleRetreat = "invisible_retreat"
	// toldPrefix starts an event told to some powers only:
	// "(told to england, italy) ...".
	toldPrefix = "(told to "
)

func hiddenParts(r *registry) {
	// Dropping the card on a province writes "A bur invisible pic": turn
	// invisible and move there.
	addSpecialDrag(r, "invisible", specialInvisible, []kind{invisible, ghost}, true, false, asInvisible)
	addSpecial(r, "visible", specialVisible, []kind{invisible, ghost}, asVisible)
	addOption(r, optInvisibleRetreat, "yes", "a dislodged Invisible Unit may turn invisible as it retreats "+
		"(\"A mun invisible - boh\"); a Ghost never may (Ghost card)", boolOption)
	r.Prepare(hiddenPrepare)
	r.Occupies(hiddenOccupies)
	r.Rewrite(priorityOf(invisible), hiddenRewrite)
	r.After(priorityOf(invisible), hiddenAfter)
	r.ConcealView(hiddenConcealView)
	r.ConcealOutcome(hiddenConcealOutcome)
	r.Mark(hiddenMarks)
	r.Note(hiddenNotes)
	r.Random(hiddenRandom)
	addEffect(r, "invisible", parseInvisibleEffect, invisibleEffectLines)
}

// canHide reports whether kind k may turn invisible.
func canHide(k kind) bool { return k == invisible || k == ghost }

// holdOrder is the hold of unit u, for an order with nothing after its
// special word.
func holdOrder(u engine.Unit, o engine.Order) engine.Order {
	return engine.Order{Power: u.Power, Kind: engine.Hold, Unit: u.Type, Number: o.Number, At: u.Loc,
		To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Text: o.Text}
}

// restOrder reads the normal order written after "invisible" or
// "visible": nothing is a hold.
func restOrder(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	if len(o.Args) == 0 {
		return holdOrder(u, o), ""
	}
	args := o.Args
	if len(args) == 1 {
		// A lone space is a move there (the card dropped on a province).
		if lookup(s.Map, args[0]) != engine.NoProvince {
			args = []string{"-", args[0]}
		}
	}
	text := u.Type.String() + " " + s.Map.LocString(u.Loc) + " " + strings.Join(args, " ")
	p := &engine.Parser{Map: s.Map, Specials: specials()}
	r, err := p.ParseOrder(u.Power, text)
	if err != nil {
		return engine.Order{}, fmt.Sprintf("after %q: %v", o.Special, err)
	}
	r.Power, r.Number, r.Text = o.Power, o.Number, o.Text
	if r.Kind == engine.Special {
		if r.Special == specialInvisible || r.Special == specialVisible {
			return engine.Order{}, "\"invisible\" or \"visible\" once in an order"
		}
		return special(s, u, r)
	}
	return r, ""
}

// asInvisible is the movement form of "invisible": the order written
// after it (the Invisible Unit and Ghost cards).
func asInvisible(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	if !canHide(kindAt(s, u)) {
		return engine.Order{}, "only an Invisible Unit or a Ghost may become invisible"
	}
	return restOrder(s, u, o)
}

// asVisible is the movement form of "visible": the order after it.
func asVisible(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	if !canHide(kindAt(s, u)) {
		return engine.Order{}, "only an Invisible Unit or a Ghost may become visible"
	}
	return restOrder(s, u, o)
}

// effective returns the standard order o stands for (the order after
// "invisible" or "visible"), or o.
func effective(s *engine.State, u engine.Unit, o engine.Order) engine.Order {
	if o.Kind == engine.Special && (o.Special == specialInvisible || o.Special == specialVisible) {
		if r, why := restOrder(s, u, o); why == "" {
			return r
		}
		return holdOrder(u, o)
	}
	return o
}

// hiddenOccupies is the Occupies part of the Ghost card: "the Ghost, when
// invisible, does not 'occupy' the space it is in" (it holds nothing, is
// never dislodged there, and "cannot affect the ownership of a supply
// center").
func hiddenOccupies(s *engine.State, u engine.Unit) bool {
	return !(kindAt(s, u) == ghost && invisibleIn(s, u))
}

// hiddenPrepare takes the invisible Ghosts out of the fight for the turn
// (engine.Turn.Intangible): a Ghost invisible at the start that does not
// order "visible", and one that orders "invisible" ("invisibility happens
// first"). A Ghost that orders "visible" is an ordinary unit holding its
// space, unless it shares the space with another unit: then it holds
// nothing this turn, and hiddenAfter settles who stays.
func hiddenPrepare(s *engine.State, orders []engine.Order, t *engine.Turn) {
	if s.Phase.Type != engine.Movement || extraOf(s) == nil {
		return
	}
	set := func(u engine.Unit, in bool) {
		if t.Intangible == nil {
			t.Intangible = map[engine.Unit]bool{}
		}
		t.Intangible[u] = in
	}
	for _, u := range s.Units {
		if kindAt(s, u) != ghost {
			continue
		}
		inv := invisibleIn(s, u)
		o, ok := kit.OrderOf(s, orders, u, reg.Rules())
		becomes := ok && o.Kind == engine.Special && o.Special == specialInvisible
		if becomes {
			if _, why := asInvisible(s, u, o); why != "" {
				becomes = false
			}
		}
		reveal := ok && o.Kind == engine.Special && o.Special == specialVisible
		switch {
		case (inv && !reveal) || (!inv && becomes):
			set(u, true)
		case inv && reveal && !sharing(s, u):
			set(u, false)
		}
	}
}

// sharing reports whether another unit that occupies its space stands in
// u's province.
func sharing(s *engine.State, u engine.Unit) bool {
	for _, v := range s.Units {
		if v != u && v.Loc.P == u.Loc.P && hiddenOccupies(s, v) {
			return true
		}
	}
	return false
}

// hiddenRewrite turns a retreat written with "invisible" into the plain
// retreat; hiddenAfter reads the word again in the order's text.
func hiddenRewrite(s *engine.State, orders []engine.Order, _ *engine.Rand) ([]engine.Order, []string) {
	if s.Phase.Type != engine.Retreat {
		return orders, nil
	}
	out := slices.Clone(orders)
	for k, o := range out {
		if o.Kind != engine.Special || (o.Special != specialInvisible && o.Special != specialVisible) {
			continue
		}
		for _, d := range s.Dislodged {
			u := d.Unit
			if u.Loc.P != o.At.P || u.Power != o.Power {
				continue
			}
			r, why := restOrder(s, u, o)
			if why != "" {
				break
			}
			r.Text = o.Text
			if !hasWord(r.Text, o.Special) {
				r.Text = o.Format(s.Map)
			}
			out[k] = r
			break
		}
	}
	return out, nil
}

// hasWord reports whether text has the word w.
func hasWord(text, w string) bool {
	return slices.Contains(strings.Fields(strings.ToLower(text)), w)
}

// unitPhrase is "France's 1A in Munich".
func unitPhrase(m *engine.Map, u engine.Unit, l engine.Loc) string {
	return fmt.Sprintf("%s's %s in %s", m.PowerName(u.Power), kit.Label(u.Number, u.Type), m.LocName(l))
}

// secret is a unit a seat may not see during a phase: naming it where it
// stood unseen (at) would tell the seat where it is.
type secret struct {
	unit engine.Unit
	kind kind
	at   []engine.ProvinceID
}

// named reports whether names (a result's or an event's, recorded by the
// part that wrote the words: engine.Result.Names, Outcome.EventNames)
// name the secret unit where it stood unseen.
func (sc secret) named(names []engine.Unit) bool {
	for _, u := range names {
		if idOf(u) == idOf(sc.unit) && slices.Contains(sc.at, u.Loc.P) {
			return true
		}
	}
	return false
}

// namedIn reports whether result r's words name the secret unit where it
// stood unseen.
func (sc secret) namedIn(r engine.Result) bool {
	for _, n := range r.Names() {
		if sc.named([]engine.Unit{n.Unit}) {
			return true
		}
	}
	return false
}

// mainResults maps each unit's id to the index of its result (the first
// that names it).
func mainResults(results []engine.Result) map[unitID]int {
	out := map[unitID]int{}
	for i, r := range results {
		if r.Unit.Power == "" || r.Code == engine.NoUnit || r.Code == engine.NotOwner {
			continue
		}
		if _, ok := out[idOf(r.Unit)]; !ok {
			out[idOf(r.Unit)] = i
		}
	}
	return out
}

// whereNow returns where unit id stands in s, and whether it is dislodged.
func whereNow(s *engine.State, id unitID) (engine.Unit, bool, bool) {
	for _, u := range s.Units {
		if idOf(u) == id {
			return u, false, true
		}
	}
	for _, d := range s.Dislodged {
		if idOf(d.Unit) == id {
			return d.Unit, true, true
		}
	}
	return engine.Unit{}, false, false
}

// turnUnit is what one unit did in a movement turn, for the hidden units.
type turnUnit struct {
	unit     engine.Unit  // where it stood at the start
	res      int          // index of its result, or -1
	eff      engine.Order // its standard order
	was      bool         // invisible at the start
	becomes  bool         // ordered "invisible" (legally)
	reveal   bool         // ordered "visible" (legally)
	moved    bool         // its move succeeded
	hidden   bool         // unseen by others during the turn
	kind     kind
	finalLoc engine.Loc
}

// analyse reads a movement turn from its position and results.
func analyse(s *engine.State, results []engine.Result) map[unitID]*turnUnit {
	e := extraOf(s)
	main := mainResults(results)
	out := map[unitID]*turnUnit{}
	for _, u := range s.Units {
		id := idOf(u)
		t := &turnUnit{unit: u, res: -1, eff: holdOrder(u, engine.Order{}), kind: kindAt(s, u), finalLoc: u.Loc}
		if e != nil {
			_, t.was = e.Effects.Hidden.Units[id]
		}
		if i, ok := main[id]; ok {
			t.res = i
			r := results[i]
			legal := r.Code != engine.Illegal
			t.becomes = legal && r.Order.Kind == engine.Special && r.Order.Special == specialInvisible && canHide(t.kind)
			t.reveal = legal && r.Order.Kind == engine.Special && r.Order.Special == specialVisible && canHide(t.kind)
			if legal {
				t.eff = effective(s, u, r.Order)
			}
			t.moved = t.eff.Kind == engine.Move && r.OK && r.Code == engine.OK
			if t.moved {
				t.finalLoc = t.eff.To
			}
		}
		t.hidden = (t.was || t.becomes) && !t.reveal && !entersForeignCentre(s, t.unit, t.kind, t.moved, t.finalLoc)
		out[id] = t
	}
	return out
}

// entersForeignCentre reports whether the Invisible Unit u, moving to l,
// enters "a Supply Center which is not already owned by that player": it
// "becomes visible to everyone".
func entersForeignCentre(s *engine.State, u engine.Unit, k kind, moved bool, l engine.Loc) bool {
	return k == invisible && moved && l.P != u.Loc.P && s.Map.Provinces[l.P].SC && s.Owners[l.P] != u.Power
}

// retreatHides reports whether retreat result r of the unit dislodged in s
// turns it invisible (an Invisible Unit, with option invisible_retreat
// yes, not into a centre its power does not own).
func retreatHides(s *engine.State, r engine.Result) bool {
	if !hasWord(r.Order.Text, specialInvisible) || !r.OK || r.Order.Kind != engine.Move || kindAt(s, r.Unit) != invisible ||
		extraOf(s).option(optInvisibleRetreat) != "yes" {
		return false
	}
	return !entersForeignCentre(s, r.Unit, invisible, true, r.Order.To)
}

// learners returns the powers told where the invisible Invisible Unit t
// is after the turn (the table): the owners of the units that conflict
// with it, that successfully support or convoy it, or that it
// successfully supports or convoys (ruling H2).
func learners(s *engine.State, turn map[unitID]*turnUnit, t *turnUnit, results []engine.Result) map[engine.Power]string {
	out := map[engine.Power]string{}
	su := t.unit.Loc.P
	uMoves := t.eff.Kind == engine.Move
	uOK := t.res >= 0 && results[t.res].OK
	// In a fixed order (power, type, number): a power told for two reasons
	// is told the first, the same in every replay of the turn.
	for _, id := range sortedTurn(turn) {
		x := turn[id]
		if id == idOf(t.unit) || x.unit.Power == t.unit.Power {
			continue
		}
		sx := x.unit.Loc.P
		xOK := x.res >= 0 && results[x.res].OK
		why := ""
		switch {
		case x.eff.Kind == engine.Move && ((x.eff.To.P == su && !t.moved) || (uMoves && x.eff.To.P == t.eff.To.P)):
			why = "its unit met the invisible unit"
		case uMoves && t.eff.To.P == sx && !x.moved:
			why = "the invisible unit moved against its unit"
		case (x.eff.Kind == engine.Support || x.eff.Kind == engine.Convoy) && x.eff.AuxAt.P == su && xOK:
			why = "its unit supported or convoyed the invisible unit"
		case (t.eff.Kind == engine.Support || t.eff.Kind == engine.Convoy) && t.eff.AuxAt.P == sx && uOK:
			why = "the invisible unit supported or convoyed its unit"
		}
		if why != "" {
			if _, ok := out[x.unit.Power]; !ok {
				out[x.unit.Power] = why
			}
		}
	}
	return out
}

// hiddenAfter keeps the invisible units of the next position: who turned
// invisible or visible, who was told where they are, an Invisible Unit
// entering a centre its power does not own, a Ghost turning visible where
// another unit stands; and it reports these.
func hiddenAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	se, ne := extraOf(s), extraOf(out.Next)
	if se == nil || ne == nil {
		return
	}
	ne.Effects.Hidden.Start = cloneUnseen(se.Effects.Hidden.Units)
	switch s.Phase.Type {
	case engine.Movement:
		afterMovement(s, out)
	case engine.Retreat:
		afterRetreat(s, out)
	}
	prune(out.Next)
}

// prune drops the invisible units gone from the board or whose card no
// longer hides ("or loses its power to a Doppelganger").
func prune(next *engine.State) {
	e := extraOf(next)
	for id := range e.Effects.Hidden.Units {
		u, _, ok := whereNow(next, id)
		if !ok || !canHide(kindAt(next, u)) {
			delete(e.Effects.Hidden.Units, id)
		}
	}
	if len(e.Effects.Hidden.Units) == 0 {
		e.Effects.Hidden.Units = nil
	}
}

func afterMovement(s *engine.State, out *engine.Outcome) {
	m, next, ne := s.Map, out.Next, extraOf(out.Next)
	phase := s.Phase.Key()
	turn := analyse(s, out.Results)
	units := map[unitID]*unseen{}
	ghostSharing(s, out, turn)
	for _, id := range sortedTurn(turn) {
		t := turn[id]
		now, dislodged, ok := whereNow(next, id)
		if !ok || !canHide(kindAt(next, now)) {
			continue
		}
		note := func(text string) {
			if t.res >= 0 {
				out.Results[t.res].Add("; " + text)
			}
		}
		if t.res >= 0 && out.Results[t.res].Code == engine.Illegal && out.Results[t.res].Cause() == engine.CauseOutOfFight {
			out.Results[t.res].Say("an invisible Ghost cannot support or convoy anything (Ghost card)")
		}
		switch {
		case t.reveal && t.was:
			note("became visible")
			out.AddEvent(unitPhrase(m, t.unit, t.unit.Loc)+" became visible", t.unit)
		case t.reveal:
			note("it was not invisible")
		}
		if (t.was || t.becomes) && !t.reveal && !dislodged && entersForeignCentre(s, t.unit, t.kind, t.moved, now.Loc) {
			// "If the unit enters a Supply Center which is not already
			// owned by that player, it becomes visible to everyone."
			note("entered a supply centre " + m.PowerName(now.Power) + " does not own and became visible to everyone")
			out.AddEvent(fmt.Sprintf("%s entered %s, a supply centre %s does not own, and became visible to everyone (Invisible Unit)",
				unitPhrase(m, t.unit, t.unit.Loc), m.LocName(now.Loc), m.PowerName(now.Power)), t.unit, now)
			_ = ne.Reveal(id, s.Phase, "an Invisible Unit entered a supply centre its power did not own")
			continue
		}
		if !t.hidden {
			continue
		}
		if t.becomes && !t.was {
			if dislodged {
				// Rule 7: "If a unit is dislodged while trying to use its
				// special power, the use of the power is prevented".
				note("dislodged, so it did not become invisible (rule 7)")
				continue
			}
			note("became invisible first")
			out.AddEvent(unitPhrase(m, t.unit, t.unit.Loc)+" became invisible", t.unit)
			_ = ne.RevealHint(id, s.Phase, "became invisible", hintInvisible)
		}
		x := &unseen{Since: phase}
		if old, ok := ne.Effects.Hidden.Start[id]; ok {
			x.Since = old.Since
		}
		if t.kind == invisible {
			who := learners(s, turn, t, out.Results)
			for _, p := range slices.Sorted(maps.Keys(who)) {
				if x.Seen == nil {
					x.Seen = map[engine.Power]sighting{}
				}
				x.Seen[p] = sighting{Loc: m.LocString(now.Loc), Phase: phase, Why: who[p]}
				out.AddEvent(fmt.Sprintf("%s%s, %s) the invisible %s is in %s (%s)", toldPrefix, p, now.Power,
					unitPhrase(m, now, now.Loc), m.LocName(now.Loc), who[p]), now)
			}
		}
		units[id] = x
	}
	ne.Effects.Hidden.Units = units
}

func sortedTurn(turn map[unitID]*turnUnit) []unitID {
	e := &extra{Holding: kit.NewHolding[card]()}
	for id := range turn {
		e.Cards[id] = nil
	}
	return e.sortedIDs()
}

// ghostSharing applies the Ghost card's "If a Ghost becomes visible while
// in the same space as another unit (except another Ghost which is
// invisible), and neither unit successfully moves out of the space, and
// both have equal strength in holding that space except for this rule,
// the Ghost is dislodged"; when the strengths differ the weaker is
// dislodged (ruling H5).
func ghostSharing(s *engine.State, out *engine.Outcome, turn map[unitID]*turnUnit) {
	next := out.Next
	for _, id := range sortedTurn(turn) {
		g := turn[id]
		if g.kind != ghost || !g.reveal || !g.was || g.moved {
			continue
		}
		gi := kit.UnitIndex(next, id)
		if gi < 0 {
			continue
		}
		for xi, x := range next.Units {
			if xi == gi || x.Loc.P != g.unit.Loc.P {
				continue
			}
			if kindAt(next, x) == ghost && invisibleIn(s, x) {
				if tx, ok := turn[idOf(x)]; ok && tx.hidden {
					continue
				}
			}
			tx := turn[idOf(x)]
			hg, hx := holdStrength(s, out.Results, g.unit, x), holdStrength(s, out.Results, x, g.unit)
			loser, li, winner := g.unit, gi, x
			if hg > hx {
				loser, li, winner = x, xi, g.unit
			}
			next.Dislodged = append(next.Dislodged, engine.Dislodgement{Unit: next.Units[li], From: g.unit.Loc.P})
			next.Units = slices.Delete(next.Units, li, li+1)
			why := fmt.Sprintf("dislodged: a Ghost became visible where %s stood (%d vs %d in holding the space; Ghost card)",
				s.Map.PowerName(winner.Power)+"'s "+winner.Type.String()+" "+s.Map.LocString(winner.Loc), max(hg, hx), min(hg, hx))
			if loser == g.unit {
				why = fmt.Sprintf("dislodged: it became visible where another unit stands, no stronger in holding the space, so the Ghost is dislodged (%d vs %d; Ghost card)", hx, hg)
			}
			idx := g.res
			if loser != g.unit && tx != nil {
				idx = tx.res
			}
			if idx >= 0 {
				r := &out.Results[idx]
				r.OK, r.Code = false, engine.Dislodged
				r.Add("; " + why)
				if r.Dislodged() == "" {
					r.SetDislodged(why)
				}
			}
			break
		}
	}
}

// holdStrength is u's strength in holding its space against other: its
// own and the successful supports to hold it (a support names a unit by
// its space; where two share it, the support counts for the one of the
// power it names, else for the unit that is not the Ghost).
func holdStrength(s *engine.State, results []engine.Result, u, other engine.Unit) int {
	n := strengthAll(s, u, engine.RoleHold)
	for _, r := range results {
		o := r.Order
		if !r.OK || o.Kind != engine.Support || o.AuxTo.Valid() || o.AuxAt.P != u.Loc.P {
			continue
		}
		named := o.AuxPower != "" && u.Power != other.Power
		if (named && o.AuxPower == u.Power) || (!named && kindAt(s, u) != ghost) {
			n += strengthAll(s, r.Unit, engine.RoleSupport)
		}
	}
	return n
}

func afterRetreat(s *engine.State, out *engine.Outcome) {
	m, next, ne := s.Map, out.Next, extraOf(out.Next)
	units := cloneUnseen(extraOf(s).Effects.Hidden.Units)
	if units == nil {
		units = map[unitID]*unseen{}
	}
	for i := range out.Results {
		r := &out.Results[i]
		if r.Unit.Power == "" {
			continue
		}
		id := idOf(r.Unit)
		now, _, ok := whereNow(next, id)
		if !ok {
			continue
		}
		k := kindAt(next, now)
		if hasWord(r.Order.Text, specialInvisible) && r.OK && canHide(k) {
			switch {
			case k == ghost:
				r.Add("; a Ghost dislodged while visible may NOT turn invisible as a means of retreating (Ghost card)")
			case extraOf(s).option(optInvisibleRetreat) != "yes":
				r.Add("; it may not turn invisible as it retreats (option " + optInvisibleRetreat + ")")
			case units[id] == nil:
				r.Add("; became invisible")
				units[id] = &unseen{Since: s.Phase.Key()}
				out.AddEvent(unitPhrase(m, r.Unit, r.Unit.Loc)+" became invisible as it retreated", r.Unit)
				_ = ne.RevealHint(id, s.Phase, "became invisible", hintInvisible)
			}
		}
		x := units[id]
		if x == nil {
			continue
		}
		if hasWord(r.Order.Text, specialVisible) && r.OK {
			delete(units, id)
			r.Add("; became visible")
			out.AddEvent(unitPhrase(m, r.Unit, r.Unit.Loc)+" became visible as it retreated", r.Unit)
			continue
		}
		for p, seen := range x.Seen {
			if seen.Loc != m.LocString(now.Loc) {
				delete(x.Seen, p)
			}
		}
		if entersForeignCentre(s, r.Unit, k, r.OK, now.Loc) {
			delete(units, id)
			r.Add("; entered a supply centre " + m.PowerName(now.Power) + " does not own and became visible to everyone")
			out.AddEvent(fmt.Sprintf("%s retreated to %s, a supply centre %s does not own, and became visible to everyone (Invisible Unit)",
				unitPhrase(m, r.Unit, r.Unit.Loc), m.LocName(now.Loc), m.PowerName(now.Power)), r.Unit, now)
			_ = ne.Reveal(id, s.Phase, "an Invisible Unit entered a supply centre its power did not own")
		}
	}
	ne.Effects.Hidden.Units = units
}

// mayView reports whether seat may see the invisible unit id standing at
// l: the game master, its owner, and a power told it stands there.
func mayView(x *unseen, id unitID, seat engine.Seat, m *engine.Map, l engine.Loc) bool {
	if seat.GM || (seat.Power != "" && seat.Power == id.Power) {
		return true
	}
	if seat.Power == "" || x == nil {
		return false
	}
	s, ok := x.Seen[seat.Power]
	return ok && s.Loc == m.LocString(l)
}

// hiddenConcealView removes from a seat's view the invisible units it may
// not see, with their pending orders.
func hiddenConcealView(v *engine.View) {
	e := extraOf(v.State)
	if e == nil || len(e.Effects.Hidden.Units) == 0 {
		return
	}
	m := v.State.Map
	hide := func(u engine.Unit) bool {
		x, ok := e.Effects.Hidden.Units[idOf(u)]
		return ok && !mayView(x, idOf(u), v.Seat, m, u.Loc)
	}
	// A unit dislodged by an unseen one: where the attacker came from is
	// not the seat's to know.
	for i, d := range v.State.Dislodged {
		for _, u := range v.State.Units {
			if u.Loc.P == d.Unit.Loc.P && hide(u) {
				v.State.Dislodged[i].From, v.State.Dislodged[i].ByConvoy = d.Unit.Loc.P, false
			}
		}
	}
	var gone []engine.Unit
	v.State.Units = slices.DeleteFunc(v.State.Units, func(u engine.Unit) bool {
		if hide(u) {
			gone = append(gone, u)
			return true
		}
		return false
	})
	v.State.Dislodged = slices.DeleteFunc(v.State.Dislodged, func(d engine.Dislodgement) bool {
		if hide(d.Unit) {
			gone = append(gone, d.Unit)
			return true
		}
		return false
	})
	v.Pending = slices.DeleteFunc(v.Pending, func(o engine.Order) bool {
		for _, u := range gone {
			if o.Power == u.Power && o.At.P == u.Loc.P {
				return true
			}
		}
		return false
	})
}

// hiddenConcealOutcome cuts a seat's report of a phase down to what it
// may know of the units unseen during it: their own results go, other
// results naming them say only what became of the order, the orders that
// support or convoy them read as holds, and the events naming them go;
// a Ghost convoyed or supported by another power is "no such unit" (the
// Ghost card). The owner, the powers told where the unit is, and the game
// master see everything.
func hiddenConcealOutcome(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	if before == nil || extraOf(before) == nil {
		return
	}
	m := before.Map
	var secrets []secret
	switch before.Phase.Type {
	case engine.Movement:
		turn := analyse(before, out.Results)
		var told map[unitID]bool
		if ne := extraOf(out.Next); ne != nil && seat.Power != "" {
			told = map[unitID]bool{}
			for id, x := range ne.Effects.Hidden.Units {
				if s, ok := x.Seen[seat.Power]; ok && s.Phase == before.Phase.Key() {
					told[id] = true
				}
			}
		}
		for _, id := range sortedTurn(turn) {
			t := turn[id]
			if !t.hidden || seat.Power == id.Power || told[id] {
				continue
			}
			sc := secret{unit: t.unit, kind: t.kind}
			if t.was {
				sc.at = append(sc.at, t.unit.Loc.P)
			}
			if t.finalLoc != t.unit.Loc {
				sc.at = append(sc.at, t.finalLoc.P)
			}
			secrets = append(secrets, sc)
		}
	case engine.Retreat:
		hs := extraOf(before).Effects.Hidden.Units
		hides := map[unitID]bool{}
		for _, r := range out.Results {
			if r.Unit.Power != "" && retreatHides(before, r) {
				hides[idOf(r.Unit)] = true
			}
		}
		shown := map[unitID]bool{}
		for _, r := range out.Results {
			if r.Unit.Power != "" && r.OK && r.Order.Kind == engine.Move &&
				(hasWord(r.Order.Text, specialVisible) || entersForeignCentre(before, r.Unit, kindAt(before, r.Unit), true, r.Order.To)) {
				shown[idOf(r.Unit)] = true
			}
		}
		for _, d := range before.Dislodged {
			id := idOf(d.Unit)
			if _, ok := hs[id]; (!ok && !hides[id]) || shown[id] || seat.Power == id.Power {
				continue
			}
			sc := secret{unit: d.Unit, kind: kindAt(before, d.Unit)}
			if _, ok := hs[id]; ok {
				sc.at = append(sc.at, d.Unit.Loc.P)
			}
			for _, r := range out.Results {
				if r.Unit.Power != "" && idOf(r.Unit) == id && r.OK && r.Order.Kind == engine.Move {
					sc.at = append(sc.at, r.Order.To.P)
				}
			}
			secrets = append(secrets, sc)
		}
	}
	if before.Phase.Type == engine.Adjustment {
		// A hidden unit disbanded in Winter: its removal is its owner's
		// (the Clarifications: a disbanded unit's power is not revealed;
		// ruling H9: nor where the unseen unit stood).
		hs := extraOf(before).Effects.Hidden.Units
		for _, u := range before.Units {
			if _, ok := hs[idOf(u)]; ok && seat.Power != u.Power {
				secrets = append(secrets, secret{unit: u, kind: kindAt(before, u), at: []engine.ProvinceID{u.Loc.P}})
			}
		}
	}
	// A Ghost convoyed or supported by another power: "no such unit",
	// even to that power.
	noSuch := func(r *engine.Result) {
		r.OK, r.Code = false, engine.NoUnit
		r.Plain("no such unit")
	}
	for _, sc := range secrets {
		id := idOf(sc.unit)
		alone := true
		for _, u := range before.Units {
			if u.Loc.P == sc.unit.Loc.P && idOf(u) != id {
				alone = false
			}
		}
		out.Results = slices.DeleteFunc(out.Results, func(r engine.Result) bool {
			return r.Unit.Power != "" && idOf(r.Unit) == id
		})
		for i := range out.Results {
			r := &out.Results[i]
			o := r.Order
			names := (o.Kind == engine.Support || o.Kind == engine.Convoy) && o.AuxAt.P == sc.unit.Loc.P
			// Beside a unit the seat sees, an order naming the space may be
			// meant for the unseen one when its power or type says so.
			if names && (alone || r.Unit.Power == sc.unit.Power || o.AuxUnit == sc.unit.Type) {
				switch {
				case seat.Power != r.Unit.Power:
					r.Order = holdOrder(r.Unit, engine.Order{Number: r.Unit.Number})
					r.Plain("its order concerned a unit you cannot see")
				case sc.kind == ghost && r.OK:
					noSuch(r)
				case r.Code == engine.Void && alone && o.Kind == engine.Support:
					// As if no unit stood there: a support that fails
					// teaches nothing (ruling H2).
					r.Plain(fmt.Sprintf("no unit in %s to support", m.LocName(o.AuxAt.Prov())))
				case r.Code == engine.Void && alone:
					r.Plain(fmt.Sprintf("no army in %s to convoy", m.LocName(o.AuxAt.Prov())))
				case sc.namedIn(*r):
					r.Plain(generic(r.Code))
				}
				continue
			}
			if sc.namedIn(*r) {
				r.Plain(generic(r.Code))
			}
		}
		out.Events = slices.DeleteFunc(out.Events, func(ev string) bool { return sc.named(out.EventNames[ev]) })
	}

	// Events told to some powers only.
	out.Events = slices.DeleteFunc(out.Events, func(ev string) bool {
		rest, ok := strings.CutPrefix(ev, toldPrefix)
		if !ok || seat.GM {
			return false
		}
		to, _, _ := strings.Cut(rest, ")")
		return seat.Power == "" || !slices.Contains(strings.Split(to, ", "), string(seat.Power))
	})
	// The owner's and the game master's reports keep everything; a Ghost
	// convoyed by another power reads "no such unit" to that power too.
	if seat.Power != "" {
		turn := map[unitID]*turnUnit{}
		if before.Phase.Type == engine.Movement {
			turn = analyse(before, out.Results)
		}
		for i := range out.Results {
			r := &out.Results[i]
			o := r.Order
			if !r.OK || (o.Kind != engine.Convoy && o.Kind != engine.Support) || r.Unit.Power != seat.Power {
				continue
			}
			for _, t := range turn {
				if t.kind == ghost && t.hidden && t.unit.Loc.P == o.AuxAt.P && t.unit.Power != seat.Power && onlyUnitAt(before, t.unit) {
					noSuch(r)
				}
			}
		}
	}
}

func onlyUnitAt(s *engine.State, u engine.Unit) bool {
	for _, v := range s.Units {
		if v.Loc.P == u.Loc.P && idOf(v) != idOf(u) {
			return false
		}
	}
	return true
}

// generic says what became of an order without naming the units it met.
func generic(c engine.ResultCode) string {
	switch c {
	case engine.OK:
		return "succeeded"
	case engine.Bounced:
		return "bounced"
	case engine.Cut:
		return "support cut"
	case engine.Dislodged:
		return "dislodged"
	}
	return c.String()
}

// hiddenMarks marks the invisible units a seat's view shows it: its own,
// and those it was told of.
func hiddenMarks(v engine.View, e *extra) []cardgame.Mark {
	if v.State == nil {
		return nil
	}
	var out []cardgame.Mark
	for _, u := range v.State.Units {
		x, ok := e.Effects.Hidden.Units[idOf(u)]
		if !ok {
			continue
		}
		why := "invisible"
		if s, told := x.Seen[v.Seat.Power]; told && v.Seat.Power != u.Power {
			why = "invisible; you were told it is here (" + s.Phase + ")"
		}
		out = append(out, cardgame.Mark{Kind: cardgame.MarkHidden, Prov: u.Loc.P, Power: u.Power, Why: why})
	}
	return out
}

// hiddenNotes notes "invisible" on the card of an invisible unit.
func hiddenNotes(v engine.View, e *extra, u engine.Unit) []string {
	x, ok := e.Effects.Hidden.Units[idOf(u)]
	if !ok {
		return nil
	}
	return []string{"invisible since " + x.Since}
}

// hiddenRandom gives an Invisible Unit or a Ghost a random "invisible" or
// "visible" order, holding or moving to a neighbour (the soak tests).
func hiddenRandom(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if s.Phase.Type != engine.Movement || !canHide(kindAt(s, u)) {
		return engine.Order{}, false
	}
	o := engine.Order{Power: u.Power, Kind: engine.Special, Unit: u.Type, Number: u.Number, At: u.Loc, To: engine.Nowhere,
		AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Special: specialInvisible}
	if invisibleIn(s, u) && rng.Intn(4, "an invisible unit turns visible") == 0 {
		o.Special = specialVisible
	}
	if dests := kit.Steps(s.Map, u.Type, u.Loc); len(dests) > 0 && rng.Intn(2, "an invisible unit moves") == 0 {
		o.Args = []string{"-", s.Map.LocString(dests[rng.Intn(len(dests), "where the invisible unit moves")])}
	}
	o.Text = o.Format(s.Map)
	return o, true
}

// parseInvisibleEffect reads "invisible france 1A [seen england italy]":
// the unit is invisible, told to the powers after "seen" where it stands.
func parseInvisibleEffect(s *engine.State, e *extra, args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("want \"invisible france 1A [seen england ...]\"")
	}
	var id unitID
	if err := id.UnmarshalText([]byte(args[0] + " " + args[1])); err != nil {
		return err
	}
	u, _, ok := whereNow(s, id)
	if !ok {
		return fmt.Errorf("no unit %s on the board", id)
	}
	x := &unseen{Since: s.Phase.Key()}
	rest := args[2:]
	if len(rest) > 0 {
		if !strings.EqualFold(rest[0], "seen") {
			return fmt.Errorf("unexpected %q (want \"seen\" and powers)", rest[0])
		}
		x.Seen = map[engine.Power]sighting{}
		for _, p := range rest[1:] {
			x.Seen[engine.Power(strings.ToLower(p))] = sighting{Loc: s.Map.LocString(u.Loc), Phase: s.Phase.Key(), Why: "set by the case"}
		}
	}
	if e.Effects.Hidden.Units == nil {
		e.Effects.Hidden.Units = map[unitID]*unseen{}
	}
	e.Effects.Hidden.Units[id] = x
	return nil
}

// invisibleEffectLines lists the invisible units: "france 1A seen
// england".
func invisibleEffectLines(s *engine.State, e *extra) []string {
	var out []string
	for id, x := range e.Effects.Hidden.Units {
		l := id.String()
		if len(x.Seen) > 0 {
			ps := make([]string, 0, len(x.Seen))
			for p := range x.Seen {
				ps = append(ps, string(p))
			}
			slices.Sort(ps)
			l += " seen " + strings.Join(ps, " ")
		}
		out = append(out, l)
	}
	slices.Sort(out)
	return out
}
