package character2

import (
	"fmt"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// DOUBLE MOVER (Sixes): "Unit may move two spaces each turn. If the second
// space is blocked, it moves just one space. (Can retreat only one space.)
// This is a single move, not an impulse move; each of the two parts is
// adjudicated as if it were the entire move. However, if the entire move
// is successful, then a second Double Mover may end its turn in the first
// unit's 'middle' space. Also, if a double move succeeds, the 'middle'
// space (if vacant) is open for retreats by any units (except units
// dislodged by the double move)."
//
// Rules Clarifications: "a Double Move order must name all three spaces.
// If you just say 'F Tri - Ion' I will rule it ambiguous." Supports name
// the Double Mover's start and the space supported into, and each supports
// one part: "F Ven S F Tri-Adr" the first, "F Gre S F Tri-Ion" the second.
// A second unit moving into the middle space bounces with the Double Mover
// ("neither unit will move"), unless both are Double Movers and the middle
// space is the second one's end space.
//
// Orders: "F tri - adr - ion" (Galt's form: a Double Mover's move naming
// three spaces, read by Rewrite) or "F tri via adr - ion". The model is
// two steps:
//
//  1. The turn is adjudicated with the double move as the move to the
//     middle space: it is supported ("S F tri - adr"), bounces, dislodges
//     and cuts support there like any move. So a second unit ordered into
//     the middle space bounces with it.
//  2. After the turn every Double Mover that reached its middle space moves
//     on together with the others, every other unit holding where the turn
//     left it, in a movement step of its own with the supports that named
//     the second part ("S F tri - ion"), unless the supporter was dislodged
//     or attacked in the turn (from elsewhere than the second space), and
//     the turn's supports to hold the unit in the end space that stood
//     (they count against the second part as against a plain move): the
//     second part may dislodge, with the middle space as the attacker's
//     origin, so a unit it dislodges may not retreat there. A space closed
//     this turn or left empty by a standoff of the turn blocks the second
//     part. A Double Mover may end in another's middle space when that
//     one moves on. The middle space, left empty, is open to retreats like
//     any empty space that saw no standoff.
func doublemoverParts(r *registry) {
	addOption(r, optDoubleMoveStandoff, "yes", "Double Mover: whether a space left empty by a standoff of the turn blocks the second part "+
		"of a double move (yes: the units that stood off there still contest it, as they would the whole move)", boolOption)
	addSpecial(r, "via", doubleMoveOrder, []kind{doubleMover}, doubleMoveAs)
	r.Rewrite(priorityOf(doubleMover), doubleMoveRewrite)
	r.ConcealOutcome(doubleMoveConceal)
	r.After(priorityOf(doubleMover), doubleMoveAfter)
	r.Random(doubleMoveRandom)
}

// optDoubleMoveStandoff is the option: does a standoff of the turn block
// a second part?
const optDoubleMoveStandoff = "double_move_standoff_blocks"

// doubleMoveOrder is the name of the Double Mover's special order.
const doubleMoveOrder = kit.DoubleMoveOrder

// ambiguousDoubleMove is the reason a Double Mover's two-space move naming
// only its end is refused.
const ambiguousDoubleMove = "ambiguous: a Double Move order must name all three spaces (Rules Clarifications: \"F Tri - Ion\" is ruled ambiguous)"

// doubleMove reads a double move's two spaces and checks both steps.
func doubleMove(s *engine.State, u engine.Unit, o engine.Order) (first, second engine.Loc, why string) {
	if !moverHas(s, u, doubleMover) {
		return first, second, fmt.Sprintf("%s is no Double Mover: it cannot move two spaces", moverWords(s.Map, u))
	}
	if s.Phase.Type != engine.Movement {
		return first, second, "a Double Mover can retreat only one space"
	}
	return doubleMovePath(s.Map, u, o.Args)
}

// doubleMovePath reads a double move's two spaces (args: middle, "-",
// end) and checks both steps for a unit of u's type at u's place,
// whatever its card.
func doubleMovePath(m *engine.Map, u engine.Unit, args []string) (first, second engine.Loc, why string) {
	locs, why := kit.ArgLocs(m, args)
	if why != "" {
		return first, second, why
	}
	if len(locs) == 1 {
		return first, second, ambiguousDoubleMove
	}
	if len(locs) != 2 {
		return first, second, "a double move names its middle and end spaces: \"F tri - adr - ion\""
	}
	first, ok := kit.StepTo(m, u.Type, u.Loc, locs[0])
	if !ok {
		return first, second, fmt.Sprintf("the middle space, %s, is not next to %s for %s", m.LocName(locs[0]), m.LocName(u.Loc), typeArticle(u.Type))
	}
	second, ok = kit.StepTo(m, u.Type, first, locs[1])
	if !ok {
		return first, second, fmt.Sprintf("the end space, %s, is not next to %s for %s", m.LocName(locs[1]), m.LocName(first), typeArticle(u.Type))
	}
	if second.P == u.Loc.P {
		return first, second, "a double move may not end where it began"
	}
	return first, second, ""
}

func doubleMoveAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	first, _, why := doubleMove(s, u, o)
	return kit.MoveUnless(u, o, first, why)
}

// textPath returns the provinces an order's text names after its unit, in
// order: "F tri - adr - ion" gives Trieste, Adriatic, Ionian.
func textPath(m *engine.Map, text string) []string {
	if _, after, ok := strings.Cut(text, ":"); ok {
		text = after
	}
	f := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return r == ' ' || r == '-' || r == '>' || r == '\t' })
	var out []string
	for _, w := range f {
		name := w
		if i := strings.IndexAny(w, "/("); i > 0 {
			name = w[:i]
		}
		if _, ok := m.Lookup(name); ok {
			out = append(out, w)
		}
	}
	return out
}

// doubleMoveRewrite reads a Double Mover's move that names three spaces
// as the double move when the parser took it for a convoy's path to its
// end (the unit's type left out, "tri - adr - ion", or an army's path
// across seas; a fleet's path, or one through land, the parser reads as
// the double move itself), and one that names two spaces not next to
// each other as the ambiguous double move the Rules Clarifications
// refuse.
func doubleMoveRewrite(s *engine.State, orders []engine.Order, rng *engine.Rand) ([]engine.Order, []string) {
	if s.Phase.Type != engine.Movement {
		return orders, nil
	}
	var log []string
	for k, o := range orders {
		if o.Kind == engine.Support {
			if part, ambiguous, ok := doubleSupportPart(s, o); ok {
				if ambiguous {
					orders[k] = engine.Order{Power: o.Power, Kind: engine.Hold, Unit: o.Unit, Number: o.Number, At: o.At,
						To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Text: o.Text}
					log = append(log, fmt.Sprintf("%q is ambiguous: it could support either part of the double move; the unit holds", o.Text))
				} else {
					orders[k].AuxTo = part
				}
			}
			continue
		}
		if o.Kind != engine.Move || o.ViaConvoy {
			continue
		}
		i := kit.OrderUnit(s, &o, reg.Rules())
		if i < 0 || !moverHas(s, s.Units[i], doubleMover) {
			continue
		}
		u := s.Units[i]
		path := textPath(s.Map, o.Text)
		d := o
		d.Kind, d.Special, d.To = engine.Special, doubleMoveOrder, engine.Nowhere
		switch {
		case len(path) == 3:
			d.Args = []string{path[1], "-", path[2]}
			if _, _, why := doubleMove(s, u, d); why != "" {
				continue // a convoy's path ("A yor - nth - bel", DATC 4.A.6), not a double move
			}
		case !s.Map.Adjacent(u.Type, u.Loc, o.To.P) && twoSteps(s.Map, u, o.To):
			d.Args = []string{s.Map.LocString(o.To)}
		default:
			continue
		}
		orders[k] = d
		if _, _, why := doubleMove(s, u, d); why == "" {
			// An ambiguous order is refused without a word of the card
			// (doubleMoveConceal): only a judged double move reveals it.
			log = append(log, fmt.Sprintf("%s's move is read as a double move (Double Mover)", moverWords(s.Map, u)))
		}
	}
	return orders, log
}

// ambiguousDoubleSupport is the reason a support naming a whole double
// move that could support either part is refused.
const ambiguousDoubleSupport = "ambiguous: it could give support into either space of the double move (Rules Clarifications: \"F Apu S F Tri-Adr-Ion\" is ambiguous); the unit holds"

// doubleSupportPart reads a support naming a Double Mover's whole move
// ("F Gre S F Tri-Adr-Ion"): the usual concept of ambiguity applies, so
// it supports the part into the one space the supporter can support
// into, and is ambiguous when it can support into both. ok is false for
// any other support.
func doubleSupportPart(s *engine.State, o engine.Order) (part engine.Loc, ambiguous, ok bool) {
	path := textPath(s.Map, o.Text)
	if len(path) != 4 {
		return part, false, false
	}
	j := kit.OrderUnit(s, &engine.Order{At: o.AuxAt}, reg.Rules())
	i := kit.OrderUnit(s, &o, reg.Rules())
	if i < 0 || j < 0 || !moverHas(s, s.Units[j], doubleMover) {
		return part, false, false
	}
	locs, why := kit.ArgLocs(s.Map, path[2:])
	if why != "" || len(locs) != 2 {
		return part, false, false
	}
	sup := s.Units[i]
	can := func(l engine.Loc) bool {
		return l.P != sup.Loc.P && (s.Map.Adjacent(sup.Type, sup.Loc, l.P) || reachAny(s, sup, engine.Loc{P: l.P}) || supportReachAny(s, sup, engine.Loc{P: l.P}))
	}
	a, b := can(locs[0]), can(locs[1])
	switch {
	case a && b:
		return part, true, true
	case a:
		return engine.Loc{P: locs[0].P}, false, true
	case b:
		return engine.Loc{P: locs[1].P}, false, true
	}
	return part, false, false
}

// ambiguous reports whether r is the refusal of an ambiguous double move
// (the plain move it looks like, naming only its end).
func ambiguous(before *engine.State, r engine.Result) bool {
	if r.Code != engine.Illegal || r.Cause() != "" || r.Order.Kind != engine.Special || r.Order.Special != doubleMoveOrder {
		return false
	}
	_, _, why := doubleMove(before, r.Unit, r.Order)
	return why == ambiguousDoubleMove
}

// doubleMoveConceal: the refusal of an ambiguous double move ("F Tri -
// Ion") would tell every seat the unit is a Double Mover, a card not used
// (rule 2 reveals a power's use); other seats read it as the plain move it
// looks like, which no other unit could make either.
func doubleMoveConceal(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	for i, r := range out.Results {
		if !ambiguous(before, r) || r.Unit.Power == seat.Power {
			continue
		}
		to := r.Order.Text
		if path := textPath(before.Map, r.Order.Text); len(path) > 0 {
			if locs, why := kit.ArgLocs(before.Map, path[len(path)-1:]); why == "" && len(locs) == 1 {
				to = before.Map.LocName(locs[0])
			}
		}
		out.Results[i].Say(fmt.Sprintf("%s cannot reach %s", moverWords(before.Map, r.Unit), to))
	}
}

// twoSteps reports whether a unit reaches l in two ordinary steps.
func twoSteps(m *engine.Map, u engine.Unit, l engine.Loc) bool {
	for _, f := range kit.Steps(m, u.Type, u.Loc) {
		if _, ok := kit.StepTo(m, u.Type, f, l); ok {
			return true
		}
	}
	return false
}

// doubleMoveAfter moves the Double Movers on to their end spaces (step 2).
func doubleMoveAfter(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	if s.Phase.Type != engine.Movement {
		return
	}
	for i, r := range out.Results {
		if r.Order.Kind == engine.Hold && r.Code != engine.Dislodged {
			if _, ambiguous, ok := doubleSupportPart(s, engine.Order{Kind: engine.Support, Power: r.Order.Power, Unit: r.Order.Unit,
				Number: r.Order.Number, At: r.Order.At, AuxAt: auxFromText(s, r.Order.Text), Text: r.Order.Text}); ok && ambiguous {
				out.Results[i].OK, out.Results[i].Code = false, engine.Illegal
				out.Results[i].Say(ambiguousDoubleSupport)
			}
		}
	}
	legs := kit.Legs(s, out, doubleMoveOrder, doubleMove, "; the middle space was not reached, so the double move does not take place")
	if len(legs) == 0 {
		return
	}
	standoff := ""
	if extraOf(s).option(optDoubleMoveStandoff) == "yes" {
		standoff = "a standoff took place there this turn"
	}
	blocked := kit.LegsBlocked(s, out, prepare, standoff)
	step, moves := kit.LegsStep(out, legs)
	// The supports of the second parts: "S F tri - ion", from a supporter
	// still in place, neither dislodged nor attacked this turn.
	var sups []endSupport
	for i, r := range out.Results {
		o := r.Order
		if o.Kind != engine.Support || !o.AuxTo.Valid() || r.Code == engine.Illegal || r.Code == engine.NotOwner || r.Code == engine.NoUnit {
			continue
		}
		for k, l := range legs {
			if o.AuxAt.P != l.Start.P || o.AuxTo.P != l.Second.P {
				continue
			}
			j := kit.UnitIndex(step, idOf(r.Unit))
			if j < 0 || step.Units[j].Loc != r.Unit.Loc {
				out.Results[i].Say("dislodged: its support of the second part fails")
				out.Results[i].SetDislodged(out.Results[i].Reason)
				break
			}
			if attackedFromElsewhere(s, out, r.Unit, l.Second.P) {
				out.Results[i].OK, out.Results[i].Code = false, engine.Cut
				out.Results[i].Say("cut: attacked this turn, so it cannot support the second part of the double move")
				break
			}
			so := engine.Order{Power: r.Unit.Power, Kind: engine.Support, Unit: r.Unit.Type, Number: r.Unit.Number, At: r.Unit.Loc,
				To: engine.Nowhere, AuxAt: moves[k].At, AuxTo: l.Second}
			// The support's index in moves is the length before it is
			// appended (the soak test found len(moves)+len(sups) counting
			// earlier supports twice, past the end with two of them).
			sups = append(sups, endSupport{i, len(moves)})
			moves = append(moves, so)
			break
		}
	}
	holds := holdEndSupports(out, step, legs, &moves)
	rules := *reg.Rules()
	rules.Prepare = func(*engine.State, []engine.Order) engine.Turn { return engine.Turn{Blocked: blocked} }
	rules.Rewrite, rules.After, rules.Sequence, rules.Phase, rules.Special = nil, nil, nil, nil, nil
	o2 := engine.AdjudicateMovement(step, moves, &rules)
	for k, l := range legs {
		r2 := resultFor(o2, moves[k])
		if r2.OK {
			out.Results[l.Res].Add(", then to " + s.Map.LocName(l.Second) + " (Double Mover)")
		} else {
			out.Results[l.Res].Add(fmt.Sprintf("; the end space, %s, was blocked (%s), so it moves just one space, to %s (Double Mover)",
				s.Map.LocName(l.Second), r2.Reason, s.Map.LocName(l.First)), kit.NamedIn(r2)...)
		}
	}
	for _, sp := range sups {
		r2 := resultFor(o2, moves[sp.order])
		out.Results[sp.res].OK, out.Results[sp.res].Code = r2.OK, r2.Code
		out.Results[sp.res].Say("supports the second part of the double move: "+r2.Reason, kit.NamedIn(r2)...)
	}
	for _, h := range holds {
		if r2 := resultFor(o2, moves[h.order]); !r2.OK {
			out.Results[h.res].OK, out.Results[h.res].Code = false, r2.Code
			out.Results[h.res].Say("against the second part of a double move: "+r2.Reason, kit.NamedIn(r2)...)
		}
	}
	out.Next.Units = o2.Next.Units
	out.Next.Dislodged = append(out.Next.Dislodged, o2.Next.Dislodged...)
	for _, p := range o2.Next.Standoffs {
		if !out.Next.Standoff(p) {
			out.Next.Standoffs = append(out.Next.Standoffs, p)
		}
	}
	for _, d := range o2.Next.Dislodged {
		for k, r := range out.Results {
			if idOf(r.Unit) == idOf(d.Unit) {
				out.Results[k].OK, out.Results[k].Code = false, engine.Dislodged
				out.Results[k].Say("dislodged by the second part of a double move")
				out.Results[k].SetDislodged(out.Results[k].Reason)
			}
		}
	}
}

// endSupport is a support of the turn carried into the second step: its
// index in the turn's results and in the step's orders.
type endSupport struct{ res, order int }

// holdEndSupports adds to the second step's orders the turn's supports to
// hold a unit standing in a leg's end space. "Each of the two parts is
// adjudicated as if it were the entire move", so they count against the
// second part exactly as they count against a plain move into that space:
// those given in the turn (neither cut nor void) by a supporter still in
// place, to a unit still there.
func holdEndSupports(out *engine.Outcome, step *engine.State, legs []kit.Leg, moves *[]engine.Order) []endSupport {
	ends := map[engine.ProvinceID]bool{}
	for _, l := range legs {
		ends[l.Second.P] = true
	}
	var holds []endSupport
	for i, r := range out.Results {
		o := r.Order
		if o.Kind != engine.Support || o.AuxTo.Valid() || !r.OK || !o.AuxAt.Valid() || !ends[o.AuxAt.P] {
			continue
		}
		j := kit.UnitIndex(step, idOf(r.Unit))
		if j < 0 || step.Units[j].Loc != r.Unit.Loc {
			continue
		}
		held := -1
		for k, u := range step.Units {
			if u.Loc.P == o.AuxAt.P && (o.AuxPower == "" || u.Power == o.AuxPower) {
				held = k
			}
		}
		if held < 0 {
			continue
		}
		holds = append(holds, endSupport{i, len(*moves)})
		*moves = append(*moves, engine.Order{Power: r.Unit.Power, Kind: engine.Support, Unit: r.Unit.Type, Number: r.Unit.Number,
			At: r.Unit.Loc, To: engine.Nowhere, AuxPower: o.AuxPower, AuxAt: step.Units[held].Loc, AuxTo: engine.Nowhere})
	}
	return holds
}

// attackedFromElsewhere reports whether a unit of another power was
// ordered this turn to move into u's province from another province than
// from.
func attackedFromElsewhere(s *engine.State, out *engine.Outcome, u engine.Unit, from engine.ProvinceID) bool {
	for _, r := range out.Results {
		if r.Unit.Power == u.Power || r.Code == engine.Illegal || r.Code == engine.NoUnit || r.Code == engine.NotOwner {
			continue
		}
		to := engine.NoProvince
		switch {
		case r.Order.Kind == engine.Move:
			to = r.Order.To.P
		case r.Order.Kind == engine.Special:
			if as, why := special(s, r.Unit, r.Order); why == "" && as.Kind == engine.Move {
				to = as.To.P
			}
		}
		if to == u.Loc.P && r.Unit.Loc.P != from {
			return true
		}
	}
	return false
}

// auxFromText returns the second place an order's text names (the
// supported unit's), or Nowhere.
func auxFromText(s *engine.State, text string) engine.Loc {
	path := textPath(s.Map, text)
	if len(path) < 2 {
		return engine.Nowhere
	}
	locs, why := kit.ArgLocs(s.Map, path[1:2])
	if why != "" || len(locs) != 1 {
		return engine.Nowhere
	}
	return locs[0]
}

// resultFor finds the result of order m in o.
func resultFor(o *engine.Outcome, m engine.Order) engine.Result {
	for _, r := range o.Results {
		if r.Order.Kind == m.Kind && r.Order.At == m.At && r.Order.To == m.To && r.Order.AuxTo == m.AuxTo && r.Unit.Number == m.Number {
			return r
		}
	}
	return engine.Result{Reason: "no result"}
}

func doubleMoverUses(s *engine.State, u engine.Unit, o engine.Order) (string, bool) {
	if o.Kind == engine.Special && o.Special == doubleMoveOrder {
		return "made a double move", true
	}
	return "", false
}

// doubleMoveRandom gives a Double Mover a random double move (the same
// generator as the Davis variant's, by this card's steps).
func doubleMoveRandom(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if !moverHas(s, u, doubleMover) {
		return engine.Order{}, false
	}
	return kit.RandomDoubleMove(s, u, rng, kit.Steps)
}
