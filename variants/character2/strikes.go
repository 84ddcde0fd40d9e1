package character2

import (
	"fmt"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// The strike cards, the first five of the table: Annihilator, Gas
// Attacker, Hypnotist, Psychic and Doppelganger. Each keeps its order and
// its parts in its own file (annihilator.go, gasattacker.go, hypnotist.go,
// psychic.go, doppelganger.go); this file holds what they share: the plan
// of a movement turn's strikes, decided once from the orders in the
// table's order (rule 8), and the one Rewrite part that applies it.

// The special orders' names (Order.Special).
const (
	annihilateName = "annihilate"
	gasName        = "gas"
	hypnotiseName  = "hypnotise"
	readName       = "read"
	swapName       = "swap"
)

// The causes of the results the strike cards word (engine.Result.Cause):
// what a card decided that a turn adjudicated without it would not give,
// so the stance cards keep these words (concealStance).
const (
	// causeStrike: a strike card's own order (an annihilation that failed,
	// a gas attack, a hypnosis, a swap of powers), done, failed or
	// prevented, and the convoys of an Annihilator's strike.
	causeStrike = "strike"
	// causeDisorder: a unit gassed, holding in civil disorder.
	causeDisorder = "civil disorder"
)

// hypnotisedNote starts the reason of a hypnotised unit's result: its
// owner is told it was hypnotised, not by whom (Rules Clarifications:
// "The victim will be told that his/her unit was Hypnotized, but not by
// whom"); other seats see only the order it carried out (hypnotistConceal).
const hypnotisedNote = "hypnotised: this order was written for it by a Hypnotist; "

// annihilation is a legal annihilate order.
type annihilation struct {
	unit   engine.Unit
	target engine.ProvinceID
	convoy bool // the Annihilator is an army that reaches the province only by convoy
	why    string
}

// gassing is a legal gas order and whether it acts (rule 8).
type gassing struct {
	unit    engine.Unit
	target  engine.ProvinceID
	victims []engine.Unit
	ok      bool
	why     string
}

// hypnosis is a legal hypnotise order, the order written for the victim,
// and whether it acts.
type hypnosis struct {
	unit    engine.Unit
	victim  engine.Unit
	written engine.Order
	ok      bool
	why     string
}

// reading is a legal read order of a Psychic: what it read, and the order
// it carries out.
type reading struct {
	unit   engine.Unit
	victim engine.Unit
	order  engine.Order // the read order, as given or as a Hypnotist wrote it
	cond   bool
	branch engine.Order
	ok     bool
}

// swapping is a legal swap order of a Doppelganger and whether it may
// still act once the turn is decided (the After part checks the rest).
type swapping struct {
	unit   engine.Unit
	victim engine.Unit
	ok     bool
	why    string
}

// strikePlan is what the strike cards do in one movement turn, decided from
// the units' orders by rule 8 ("the power listed earlier in the table
// takes precedence"). The Rewrite part computes it from the orders as
// given; the Prepare, After and ConcealOutcome parts compute it again from
// the orders as rewritten, and get the same annihilations, gas attacks,
// hypnoses and swaps: the rewrite never replaces an annihilate, gas or
// swap order, replaces a hypnotise order only of a Hypnotist that is
// itself hypnotised (whose own hypnosis fails), and writes for a
// hypnotised unit no order of those three cards.
type strikePlan struct {
	annihilations []annihilation
	gases         []gassing
	hypnoses      []hypnosis
	reads         []reading
	swaps         []swapping
	// disorder holds the units in civil disorder from an acting gas
	// attack, with why.
	disorder map[unitID]string
}

// hypnotisedBy returns the acting hypnosis of unit id, if any.
func (p *strikePlan) hypnotisedBy(id unitID) (hypnosis, bool) {
	for _, h := range p.hypnoses {
		if h.ok && idOf(h.victim) == id {
			return h, true
		}
	}
	return hypnosis{}, false
}

// usesEarlier reports whether unit id uses a legal Annihilator or Gas
// Attacker order this turn (the powers listed before the Hypnotist's).
func (p *strikePlan) usesEarlier(id unitID, before kind) bool {
	for _, a := range p.annihilations {
		if idOf(a.unit) == id && annihilator < before {
			return true
		}
	}
	for _, g := range p.gases {
		if idOf(g.unit) == id && gasAttacker < before {
			return true
		}
	}
	return false
}

// planStrikes decides the strikes of a movement turn (rule 8, in the
// table's order):
//
//  1. Annihilator: every legal annihilate order acts (a move by convoy
//     may still be prevented: the After part checks the convoy), except
//     two Annihilators annihilating each other's spaces: both fail.
//  2. Gas Attacker: a gas attack fails when it and an Annihilator or
//     another Gas Attacker use their powers on each other (rule 8: the
//     Annihilator precedes; two Gas Attackers both fail). Every unit in an
//     acting gas attack's space is in civil disorder, except an
//     Annihilator using its power (the earlier power acts first).
//  3. Hypnotist: a hypnosis fails when the Hypnotist or its victim is in
//     civil disorder (the gas precedes), when the victim uses an earlier
//     power (Annihilator, Gas Attacker), when two Hypnotists write for one
//     victim, and when the Hypnotist is itself hypnotised by an acting
//     hypnosis; two Hypnotists hypnotising each other both fail (rule 8),
//     and so do all the Hypnotists of a longer circle.
//  4. Psychic (reads; only from the orders as given, orig set): see
//     psychic.go.
//  5. Doppelganger: a swap fails when the Doppelganger is in civil
//     disorder, when its victim is a Doppelganger swapping
//     with it (rule 8), and when its victim uses an earlier power on it;
//     the After part checks the rest.
func planStrikes(s *engine.State, by map[unitID]engine.Order, orig bool) *strikePlan {
	p := &strikePlan{disorder: map[unitID]string{}}
	if s.Phase.Type != engine.Movement || extraOf(s) == nil {
		return p
	}
	m := s.Map
	for _, x := range kit.Giving(s, by, annihilateName) {
		u, o := x.Unit, x.Order
		if t, convoy, why := annihilateTarget(s, u, o); why == "" {
			p.annihilations = append(p.annihilations, annihilation{unit: u, target: t, convoy: convoy})
		}
	}
	for k := range p.annihilations {
		a := &p.annihilations[k]
		for j, b := range p.annihilations {
			if j != k && b.unit.Loc.P == a.target && b.target == a.unit.Loc.P {
				a.why = "the Annihilator in " + m.Provinces[a.target].Name + " annihilated this unit's space at the same time: two units of the same type using their powers on each other both fail (rule 8)"
			}
		}
	}
	for _, g := range kit.Legal(s, by, gasName, gasTarget) {
		g.ok = true
		p.gases = append(p.gases, g)
	}
	for k := range p.gases {
		g := &p.gases[k]
		for _, a := range p.annihilations {
			if a.why == "" && a.unit.Loc.P == g.target && a.target == g.unit.Loc.P {
				g.ok, g.why = false, "the Annihilator in "+m.Provinces[g.target].Name+" annihilated the Gas Attacker's own space at the same time, and its power takes precedence (rule 8)"
			}
		}
		for j, h := range p.gases {
			if j != k && h.unit.Loc.P == g.target && h.target == g.unit.Loc.P {
				g.ok, g.why = false, "the Gas Attacker in "+m.Provinces[g.target].Name+" gassed this unit's space at the same time: two units of the same type using their powers on each other both fail (rule 8)"
			}
		}
	}
	for _, g := range p.gases {
		if !g.ok {
			continue
		}
		for _, v := range g.victims {
			if p.usesEarlier(idOf(v), gasAttacker) {
				continue
			}
			if _, dup := p.disorder[idOf(v)]; !dup {
				p.disorder[idOf(v)] = "gassed by the " + m.PowerName(g.unit.Power) + " Gas Attacker in " + m.Provinces[g.unit.Loc.P].Name
			}
		}
	}
	p.planHypnoses(s, by)
	if orig {
		p.planReads(s, by)
	}
	p.planSwaps(s, by)
	return p
}

// planHypnoses decides the hypnoses (step 3 of planStrikes).
func (p *strikePlan) planHypnoses(s *engine.State, by map[unitID]engine.Order) {
	p.hypnoses = append(p.hypnoses, kit.Legal(s, by, hypnotiseName, hypnotiseTarget)...)
	const unknown, acts, fails = 0, 1, 2
	state := make([]int, len(p.hypnoses))
	fail := func(k int, why string) {
		state[k] = fails
		p.hypnoses[k].why = why
	}
	for k := range p.hypnoses {
		h := &p.hypnoses[k]
		vid := idOf(h.victim)
		switch {
		case p.disorder[idOf(h.unit)] != "":
			fail(k, "the Hypnotist is in civil disorder ("+p.disorder[idOf(h.unit)]+"; rule 8: the Gas Attacker precedes)")
		case p.disorder[vid] != "":
			fail(k, "the victim is in civil disorder from a gas attack, which precedes hypnotism (rule 8)")
		case p.usesEarlier(vid, hypnotist):
			fail(k, "the victim used a power listed earlier in the table, which takes precedence (rule 8)")
		}
		for j := range p.hypnoses {
			if j != k && idOf(p.hypnoses[j].victim) == vid {
				fail(k, "another Hypnotist wrote orders for the same unit: both hypnoses fail")
			}
		}
	}
	// A Hypnotist hypnotised by an acting hypnosis does not hypnotise:
	// resolve from the Hypnotists no one hypnotises.
	for changed := true; changed; {
		changed = false
		for k := range p.hypnoses {
			if state[k] != unknown {
				continue
			}
			id := idOf(p.hypnoses[k].unit)
			pending := false
			for j := range p.hypnoses {
				if idOf(p.hypnoses[j].victim) != id {
					continue
				}
				switch state[j] {
				case acts:
					fail(k, "the Hypnotist was itself hypnotised")
					changed = true
				case unknown:
					pending = true
				}
			}
			if state[k] == unknown && !pending {
				state[k], changed = acts, true
			}
		}
	}
	for k := range p.hypnoses {
		switch state[k] {
		case unknown:
			p.hypnoses[k].why = "Hypnotists hypnotising each other both fail (rule 8)"
		case acts:
			p.hypnoses[k].ok = true
		}
	}
}

// planSwaps decides what can be known of the swaps before the turn is
// adjudicated (step 5 of planStrikes).
func (p *strikePlan) planSwaps(s *engine.State, by map[unitID]engine.Order) {
	for _, sw := range kit.Legal(s, by, swapName, swapTarget) {
		u := sw.unit
		sw.ok = true
		id, vid := idOf(u), idOf(sw.victim)
		vo, vok := by[vid]
		switch {
		case p.disorder[id] != "":
			sw.ok, sw.why = false, "the Doppelganger is in civil disorder ("+p.disorder[id]+")"
		case vok && vo.Kind == engine.Special && vo.Special == swapName && swapsWith(s, sw.victim, vo, u):
			sw.ok, sw.why = false, "the two Doppelgangers tried to swap with each other: both fail (rule 8)"
		case vok && usesPowerOn(s, sw.victim, vo, u):
			sw.ok, sw.why = false, "the victim used a power listed earlier in the table on the Doppelganger at the same time, and it takes precedence (rule 8)"
		}
		p.swaps = append(p.swaps, sw)
	}
}

// swapsWith reports whether v's order o is a legal swap with u.
func swapsWith(s *engine.State, v engine.Unit, o engine.Order, u engine.Unit) bool {
	sw, why := swapTarget(s, v, o)
	return why == "" && idOf(sw.victim) == idOf(u)
}

// usesPowerOn reports whether v's order o uses one of the strike powers
// listed before the Doppelganger on unit u (rule 8).
func usesPowerOn(s *engine.State, v engine.Unit, o engine.Order, u engine.Unit) bool {
	if o.Kind != engine.Special {
		return false
	}
	switch o.Special {
	case annihilateName:
		t, _, why := annihilateTarget(s, v, o)
		return why == "" && t == u.Loc.P
	case gasName:
		g, why := gasTarget(s, v, o)
		return why == "" && g.target == u.Loc.P
	case hypnotiseName:
		h, why := hypnotiseTarget(s, v, o)
		return why == "" && idOf(h.victim) == idOf(u)
	case readName:
		r, why := readTarget(s, v, o)
		return why == "" && idOf(r.victim) == idOf(u)
	}
	return false
}

// strikesRewrite is the Rewrite part of the strike cards, run before any
// other card's (its priority is the Annihilator's): it decides the plan
// from the orders as given and applies it. A hypnotised unit carries out
// the order written for it; a unit in civil disorder from gas holds
// (except a strike order, which holds anyway and whose failure the After
// parts report); a Psychic's read order becomes its resolved form, which
// the engine adjudicates as the branch it chose; a special order of a
// unit barred by a swap is replaced by a hold.
func strikesRewrite(s *engine.State, orders []engine.Order, _ *engine.Rand) ([]engine.Order, []string) {
	if extraOf(s) == nil {
		return orders, nil
	}
	var log []string
	m := s.Map
	for k := range orders {
		o := &orders[k]
		if o.Kind == engine.Special && o.Special == readName && len(o.Args) > 0 && o.Args[0] == resolvedMark {
			// A resolved form is written here alone, never by a player.
			o.Args = o.Args[1:]
		}
	}
	by := kit.UnitOrders(s, orders, reg.Rules())
	for _, u := range s.Units {
		o, ok := by[idOf(u)]
		if ok && o.Kind == engine.Special && powerBarred(s, u) {
			orders = kit.ReplaceOrders(s, orders, idOf(u), kit.HoldOrder(m, u), reg.Rules())
			log = append(log, fmt.Sprintf("%s %s may not use its new power on the turn after a Doppelganger's swap: its %q order is ignored and it holds",
				m.PowerName(u.Power), skUnitName(m, u), o.Special))
		}
	}
	if s.Phase.Type != engine.Movement {
		return orders, log
	}
	by = kit.UnitOrders(s, orders, reg.Rules())
	plan := planStrikes(s, by, true)
	for _, h := range plan.hypnoses {
		if h.ok {
			orders = kit.ReplaceOrders(s, orders, idOf(h.victim), h.written, reg.Rules())
		}
	}
	for _, u := range s.Units {
		why, gassed := plan.disorder[idOf(u)]
		if !gassed {
			continue
		}
		if o, ok := by[idOf(u)]; ok && o.Kind == engine.Special {
			switch o.Special {
			case annihilateName, gasName, hypnotiseName, swapName:
				continue
			}
		}
		// No log line: an event every seat sees must not name a unit that
		// may be invisible; the unit's own result says why it held.
		orders = kit.ReplaceOrders(s, orders, idOf(u), skDisorderHold(m, u, why), reg.Rules())
	}
	for _, r := range plan.reads {
		if plan.disorder[idOf(r.unit)] != "" {
			continue
		}
		orders = kit.ReplaceOrders(s, orders, idOf(r.unit), resolvedRead(r), reg.Rules())
	}
	return orders, log
}

// skDisorderHold is the hold a unit in civil disorder is given.
func skDisorderHold(m *engine.Map, u engine.Unit, why string) engine.Order {
	o := kit.HoldOrder(m, u)
	o.Text += " (civil disorder: " + why + ")"
	return o
}

// strikesPrepare is the Prepare part: the provinces closed this turn. In a
// movement turn: those still closed from an annihilation the turn before,
// and this turn's annihilated and gassed spaces ("any unit that tries to
// move in on the same turn as the explosion is merely stood off"; "Any
// unit trying to enter the gassed space on that turn is stood off"). In a
// retreat phase: the closures the After parts recorded, so nothing
// retreats into an annihilated or gassed space.
func strikesPrepare(s *engine.State, orders []engine.Order, t *engine.Turn) {
	e := extraOf(s)
	if e == nil {
		return
	}
	add := func(p engine.ProvinceID, why string) { kit.Block(t, p, why) }
	for p, why := range e.Effects.Strikes.closedAt(s.Map, kit.MoveIndex(s.Phase)) {
		add(p, why)
	}
	if s.Phase.Type != engine.Movement {
		return
	}
	plan := planStrikes(s, kit.UnitOrders(s, orders, reg.Rules()), false)
	var convoyed []annihilation
	for _, a := range plan.annihilations {
		if a.why != "" {
			continue
		}
		if a.convoy {
			convoyed = append(convoyed, a)
			continue
		}
		add(a.target, s.Map.Provinces[a.target].Name+" is annihilated this turn: a unit moving in is stood off (Annihilator)")
	}
	for _, g := range plan.gases {
		if g.ok {
			add(g.target, s.Map.Provinces[g.target].Name+" is gassed this turn: a unit trying to enter it is stood off (Gas Attacker)")
		}
	}
	if len(convoyed) == 0 {
		return
	}
	// An annihilation by convoy explodes only if no convoying fleet is
	// dislodged: the turn is adjudicated once without its province closed
	// to see whether the convoy holds, and only then is the province
	// closed to the moves into it.
	r := *reg.Rules()
	known := *t
	r.Prepare = func(*engine.State, []engine.Order) engine.Turn { return known }
	r.Sequence = nil
	trial := engine.AdjudicateMovement(s, orders, &r)
	for _, a := range convoyed {
		if skConvoyHolds(s, trial, a.unit, a.target) {
			add(a.target, s.Map.Provinces[a.target].Name+" is annihilated this turn: a unit moving in is stood off (Annihilator)")
		}
	}
}

// strikesExpire drops the effects that ended before this phase's turn.
func strikesExpire(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	if e := extraOf(out.Next); e != nil {
		e.Effects.Strikes.expire(kit.MoveIndex(s.Phase))
	}
}

func strikesParts(r *registry) {
	r.Rewrite(priorityOf(annihilator)-1, strikesRewrite)
	r.After(priorityOf(annihilator)-1, strikesExpire)
	r.Prepare(strikesPrepare)
	r.ConcealOutcome(hypnotistConceal)
}

// ---- helpers shared by the strike cards ----
//
// Their names start with "sk" so they never clash with the helpers the
// other groups of cards keep in this package.

// skTouches reports whether provinces a and b are adjacent by any link of
// either unit type, from any coast: the Gas Attacker, Hypnotist, Psychic
// and Doppelganger act on adjacent spaces they may not be able to move to.
func skTouches(m *engine.Map, a, b engine.ProvinceID) bool {
	if a == b || m.Provinces[a].Unlimited || m.Provinces[b].Unlimited {
		return false
	}
	return m.ArmyLinked(a, b) || kit.FleetStep(m, a, b)
}

// skSpecialOrder writes unit u's special order name with its words.
func skSpecialOrder(m *engine.Map, u engine.Unit, name string, words string) engine.Order {
	return engine.Order{Power: u.Power, Kind: engine.Special, Unit: u.Type, Number: u.Number, At: u.Loc,
		To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere, Special: name,
		Args: strings.Fields(strings.ToLower(words)), Text: skUnitName(m, u) + " " + name + " " + words}
}

// skUnitName is "1A Munich".
func skUnitName(m *engine.Map, u engine.Unit) string {
	return kit.Label(u.Number, u.Type) + " " + m.Provinces[u.Loc.P].Name
}

// skCardOK returns why unit u may not use the power of kind k now, or "".
func skCardOK(s *engine.State, u engine.Unit, k kind, verb string) string {
	switch {
	case kindAt(s, u) != k:
		return "only " + skArticle(k) + " may " + verb
	case powerBarred(s, u):
		return "the unit may not use its new power on the turn after a Doppelganger's swap"
	case s.Map.Provinces[u.Loc.P].Unlimited:
		return "no power is used from or on Hyperspace (Hyperspace Unit: \"No other special power can ever be used on Hyperspace or its occupants\")"
	}
	return ""
}

func skArticle(k kind) string {
	n := k.String()
	if strings.ContainsAny(n[:1], "AEIOU") {
		return "an " + n
	}
	return "a " + n
}

// skPowerWord reads a power's id, name or adjective (not its initial: "a"
// is an army).
func skPowerWord(m *engine.Map, w string) (engine.Power, bool) {
	w = strings.ToLower(w)
	for _, p := range m.Powers {
		if w == string(p.ID) || w == strings.ToLower(p.Name) || w == strings.ToLower(p.Adjective) {
			return p.ID, true
		}
	}
	return "", false
}

// victimSpec is a unit an order names: "A mun", "german A mun", "2F nth",
// "1Amp rom". Its location is the guess the text requires against an
// Invisible unit or a Ghost; text is the order as written, which tells a
// number written as an Amp label (amplabels.go).
type victimSpec struct {
	power  engine.Power
	typ    engine.UnitType
	number int
	prov   engine.ProvinceID
	text   string
}

// skFindVictim returns the unit of s the spec names, visible or not: the
// engine's one answer to which unit an order names (engine.UnitOf, with
// the variant's labels: a revealed Amphibious unit is "1Amp"), of the
// spec's power and type where given; when two units share the space (a
// Ghost), the one that occupies it first. Rule 5: a number written must be
// the unit's own, so a revealed Amphibious unit's old number names no one.
func skFindVictim(s *engine.State, v victimSpec) (engine.Unit, bool) {
	o := engine.Order{Kind: engine.Hold, Power: v.power, Unit: v.typ, Number: v.number, At: engine.Loc{P: v.prov}, Text: v.text}
	i := engine.UnitOf(s, &o, reg.Rules())
	if i < 0 {
		return engine.Unit{}, false
	}
	u := s.Units[i]
	if (v.power != "" && u.Power != v.power) || (v.typ != engine.NoUnitType && u.Type != v.typ) ||
		(v.number != 0 && !unitWritten(o).fits(extraOf(s), u)) {
		return engine.Unit{}, false
	}
	return u, true
}

// skNoVictim is the reason when no unit fits: it says nothing of units the
// seat may not see.
func skNoVictim(m *engine.Map, p engine.ProvinceID, what string) string {
	return fmt.Sprintf("found no such unit in %s to %s (a unit that is not there, or not as described, cannot be the victim)", m.Provinces[p].Name, what)
}
