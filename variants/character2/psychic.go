package character2

import (
	"fmt"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// PSYCHIC (Trumps 6 and 7). Card text: "Unit may give orders that are
// conditional on an adjacent unit's order for the same turn. (The Psychic
// is considered to be "reading the mind" of its victim.) The victim may be
// in a space the Psychic cannot move to, but not Hyperspace. If the victim
// is an Annihilator, Gas Attacker, Hypnotist, or another Psychic and is
// using its power on the same turn, the Psychic will "read" (falsely) that
// the other unit has been ordered to Hold. If the victim is being Gas
// Attacked or Hypnotized on the same turn, the Psychic will "read" the
// victim's original orders, not the ones imposed by the Gas Attack or
// Hypnotism. The unit may use its power only once per game year."
//
// Order: "1A mun read A ber - kie then A mun - ber else A mun H": after
// "read", the victim's order the Psychic expects (the victim's province is
// the guess the Invisible unit's text asks for; a power's name may come
// first to pick one of two units sharing a space); after "then", the
// Psychic's own order if the victim was ordered so; after "else" (which
// may be left out: the Psychic then holds), its order if not. The
// condition matches the victim's order by kind and places: "A ber H"
// skMatches a hold (and the false readings), "A ber - kie" a move to Kiel
// (any coast, by convoy or not), "A ber S A mun - kie" that support.
//
// The Rewrite part reads the victims' orders as given, before any
// hypnotism or gas changes them, and replaces the read order by its
// resolved form (resolvedMark, the outcome, the chosen branch), which the
// engine adjudicates as the branch. The Psychic's card is revealed by its
// use (rule 2); its order, with its condition, is reported to all.

// resolvedMark starts the words of a read order the Rewrite part has
// resolved. The parser never writes it (it lower-cases words, and the
// mark has capitals); a player's order starting with it has it removed.
const resolvedMark = "=Resolved="

// readParts splits a read order's words into the condition, the then
// branch and the else branch.
func readParts(args []string) (cond, then, els []string, ok bool) {
	ti := slices.Index(args, "then")
	if ti < 0 {
		return nil, nil, nil, false
	}
	cond, rest := args[:ti], args[ti+1:]
	if ei := slices.Index(rest, "else"); ei >= 0 {
		return cond, rest[:ei], rest[ei+1:], len(cond) > 0 && ei > 0 && ei < len(rest)-1
	}
	return cond, rest, nil, len(cond) > 0 && len(rest) > 0
}

// readForm is the order's syntax, for messages.
const readForm = "\"1A mun read A ber - kie then A mun - ber else A mun H\""

// psychicRead is a read order understood: the victim and the condition,
// and the two branches.
type psychicRead struct {
	victim     engine.Unit
	cond       engine.Order
	then, els  engine.Order
	victimProv engine.ProvinceID
}

// readTarget returns u's reading (victim and branches; cond, branch and
// ok are left for planReads), or why the read order is impossible.
func readTarget(s *engine.State, u engine.Unit, o engine.Order) (reading, string) {
	r, why := parseRead(s, u, o)
	if why != "" {
		return reading{}, why
	}
	return reading{unit: u, victim: r.victim}, ""
}

func parseRead(s *engine.State, u engine.Unit, o engine.Order) (psychicRead, string) {
	if why := skCardOK(s, u, psychic, "read a unit's mind"); why != "" {
		return psychicRead{}, why
	}
	m := s.Map
	if skSameYear(extraOf(s), idOf(u), kit.MoveIndex(s.Phase)) {
		return psychicRead{}, "the Psychic has read a mind this game year; it may use its power only once per game year"
	}
	args := o.Args
	if len(args) > 0 && args[0] == resolvedMark {
		return psychicRead{}, "a resolved read order is written by the adjudicator only"
	}
	condW, thenW, elseW, ok := readParts(args)
	if !ok {
		return psychicRead{}, "read needs a condition and orders, as " + readForm
	}
	var power engine.Power
	if p, ok := skPowerWord(m, condW[0]); ok {
		power, condW = p, condW[1:]
	}
	cond, err := parser(m).ParseOrder("", strings.Join(condW, " "))
	if err != nil || !cond.At.Valid() || int(cond.At.P) >= len(m.Provinces) {
		return psychicRead{}, fmt.Sprintf("the condition %q cannot be read as the victim's order (%v); write it as %s", strings.Join(condW, " "), err, readForm)
	}
	p := &m.Provinces[cond.At.P]
	if p.Unlimited {
		return psychicRead{}, "no unit in Hyperspace may be read (Psychic: \"but not Hyperspace\")"
	}
	if !skTouches(m, u.Loc.P, cond.At.P) {
		return psychicRead{}, fmt.Sprintf("%s is not adjacent to %s (Psychic: \"an adjacent unit\")", p.Name, m.Provinces[u.Loc.P].Name)
	}
	v, found := skFindVictim(s, victimSpec{power: power, typ: cond.Unit, number: cond.Number, prov: cond.At.P, text: cond.Text})
	if !found {
		return psychicRead{}, skNoVictim(m, cond.At.P, "read")
	}
	branch := func(w []string) (engine.Order, string) {
		if w == nil {
			return kit.HoldOrder(m, u), ""
		}
		b, err := parser(m).ParseOrder("", strings.Join(w, " "))
		if err != nil {
			return engine.Order{}, fmt.Sprintf("the Psychic's order %q cannot be read: %v", strings.Join(w, " "), err)
		}
		if b.At.P != u.Loc.P {
			return engine.Order{}, fmt.Sprintf("the Psychic's order %q must be for the Psychic itself, in %s", strings.Join(w, " "), m.Provinces[u.Loc.P].Name)
		}
		switch b.Kind {
		case engine.Hold, engine.Move, engine.Support, engine.Convoy:
		default:
			return engine.Order{}, "the Psychic's orders may be to hold, move, support or convoy"
		}
		b.Power, b.Number, b.Unit, b.At = u.Power, u.Number, u.Type, u.Loc
		b.Text = b.Format(m)
		return b, ""
	}
	then, why := branch(thenW)
	if why != "" {
		return psychicRead{}, why
	}
	els, why := branch(elseW)
	if why != "" {
		return psychicRead{}, why
	}
	return psychicRead{victim: v, cond: cond, then: then, els: els, victimProv: cond.At.P}, ""
}

// readAs is the movement form of a read order: once resolved, the branch
// it chose; unresolved (the Rewrite part did not run), a hold; or why it
// is impossible.
func readAs(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	if len(o.Args) >= 2 && o.Args[0] == resolvedMark {
		if len(o.Args) == 2 {
			return kit.HoldOrder(s.Map, u), ""
		}
		b, err := parser(s.Map).ParseOrder("", strings.Join(o.Args[2:], " "))
		if err != nil {
			return engine.Order{}, "the Psychic's chosen order cannot be read: " + err.Error()
		}
		b.Power, b.Number, b.Unit, b.At = u.Power, u.Number, u.Type, u.Loc
		return b, ""
	}
	if _, why := parseRead(s, u, o); why != "" {
		return engine.Order{}, why
	}
	return kit.HoldOrder(s.Map, u), ""
}

// strikeUse reports whether order o of unit v is a legal use of the power
// of an Annihilator, Gas Attacker, Hypnotist or Psychic (the Psychic's
// false "Hold" readings).
func strikeUse(s *engine.State, v engine.Unit, o engine.Order) bool {
	if o.Kind != engine.Special {
		return false
	}
	switch o.Special {
	case annihilateName:
		_, _, why := annihilateTarget(s, v, o)
		return why == ""
	case gasName:
		_, why := gasTarget(s, v, o)
		return why == ""
	case hypnotiseName:
		_, why := hypnotiseTarget(s, v, o)
		return why == ""
	case readName:
		_, why := parseRead(s, v, o)
		return why == ""
	}
	return false
}

// skMatches reports whether the order read, r, is the one the condition c
// names: the same kind and the same places.
func skMatches(r, c engine.Order) bool {
	if r.Kind != c.Kind {
		return false
	}
	switch r.Kind {
	case engine.Move:
		return r.To.P == c.To.P
	case engine.Support, engine.Convoy:
		return r.AuxAt.P == c.AuxAt.P && r.AuxTo.Valid() == c.AuxTo.Valid() && (!r.AuxTo.Valid() || r.AuxTo.P == c.AuxTo.P)
	case engine.Special:
		return r.Special == c.Special && slices.Equal(r.Args, c.Args)
	}
	return true
}

// planReads decides the readings (step 4 of planStrikes), from the orders
// as given: the victim's order, or a hold for a victim with no order or
// one using an Annihilator's, Gas Attacker's, Hypnotist's or Psychic's
// power.
func (p *strikePlan) planReads(s *engine.State, by map[unitID]engine.Order) {
	for _, u := range s.Units {
		o, ok := by[idOf(u)]
		if h, hyp := p.hypnotisedBy(idOf(u)); hyp {
			// A Psychic hypnotised to read (its power named exactly)
			// reads as the Hypnotist wrote.
			o, ok = h.written, true
		}
		if !ok || o.Kind != engine.Special || o.Special != readName {
			continue
		}
		pr, why := parseRead(s, u, o)
		if why != "" {
			continue
		}
		read := kit.HoldOrder(s.Map, pr.victim)
		if vo, ok := by[idOf(pr.victim)]; ok && !strikeUse(s, pr.victim, vo) {
			read = vo
		}
		r := reading{unit: u, victim: pr.victim, order: o, ok: true, cond: skMatches(read, pr.cond), branch: pr.els}
		if r.cond {
			r.branch = pr.then
		}
		p.reads = append(p.reads, r)
	}
}

// resolvedRead is the Psychic's read order, resolved by r.
func resolvedRead(r reading) engine.Order {
	out := r.order
	outcome := "false"
	if r.cond {
		outcome = "true"
	}
	out.Args = append([]string{resolvedMark, outcome}, strings.Fields(strings.ToLower(r.branch.Text))...)
	return out
}

// readAfter reports the readings: the Psychic's card is revealed by its
// use (rule 2), the use counted (once per game year), and its result says
// what it read and did.
func readAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	if s.Phase.Type != engine.Movement {
		return
	}
	e := extraOf(out.Next)
	m := s.Map
	for k := range out.Results {
		r := &out.Results[k]
		o := r.Order
		if o.Kind != engine.Special || o.Special != readName || len(o.Args) < 2 || o.Args[0] != resolvedMark || r.Unit.Type == engine.NoUnitType {
			continue
		}
		if e != nil {
			if e.Effects.Strikes.LastUse == nil {
				e.Effects.Strikes.LastUse = map[unitID]int{}
			}
			e.Effects.Strikes.LastUse[idOf(r.Unit)] = kit.MoveIndex(s.Phase)
			_ = e.Reveal(idOf(r.Unit), s.Phase, "read a unit's mind")
		}
		what := "the condition was not met"
		if o.Args[1] == "true" {
			what = "the condition was met"
		}
		chosen := kit.Label(r.Unit.Number, r.Unit.Type) + " " + m.LocString(r.Unit.Loc) + " H"
		if len(o.Args) > 2 {
			chosen = strings.Join(o.Args[2:], " ")
		}
		r.Prefix("read its victim's mind: " + what + ", so it carried out " + chosen + " (Psychic): ")
		// Players see the order as written, not its resolved form.
		o.Args = nil
		r.Order.Args = strings.Fields(strings.ToLower(strings.TrimSpace(skAfterVerb(o.Text, readName))))
		out.AddEvent(fmt.Sprintf("%s %s (Psychic) read the mind of an adjacent unit", m.PowerName(r.Unit.Power), skUnitName(m, r.Unit)), r.Unit)
	}
}

// skAfterVerb returns the words of text after the verb.
func skAfterVerb(text, verb string) string {
	if i := strings.Index(strings.ToLower(text), verb); i >= 0 {
		return text[i+len(verb):]
	}
	return text
}

// randomRead gives a Psychic a random read order on an adjacent unit: if
// it holds, support it; else hold.
func randomRead(s *engine.State, u engine.Unit, rng *engine.Rand) (engine.Order, bool) {
	if kindAt(s, u) != psychic || s.Phase.Type != engine.Movement || rng.Intn(3, "does the Psychic read") != 0 {
		return engine.Order{}, false
	}
	v, ok := kit.RandomNear(s, u, rng, skTouches, nil, "which unit the Psychic reads")
	if !ok {
		return engine.Order{}, false
	}
	vt := v.Type.String() + " " + s.Map.LocString(v.Loc)
	me := u.Type.String() + " " + s.Map.LocString(u.Loc)
	o := skSpecialOrder(s.Map, u, readName, vt+" H then "+me+" S "+vt+" else "+me+" H")
	if _, why := parseRead(s, u, o); why != "" {
		return engine.Order{}, false
	}
	return o, true
}

func psychicParts(r *registry) {
	addSpecial(r, "read", readName, []kind{psychic}, readAs)
	r.After(priorityOf(psychic), readAfter)
	r.Random(randomRead)
}
