package character

import (
	"maps"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// The strike cards (rule 9): #9 Annihilator, #10 Gasser, #11 Hypnotist.
// Each card keeps its special order and its parts in its own file
// (annihilator.go, gasser.go, hypnotist.go); this file holds what they
// share: the plan of a movement turn's strikes, decided once from the
// orders by the priorities of rule 9.b, and the state kept between phases.
const (
	annihilatorID = "9"
	gasserID      = "10"
	hypnotistID   = "11"
)

// strikeUse records one use of a strike card's power, for the game
// master's record and the owner's: the phase, the unit, its card, the
// province struck and what came of it.
type strikeUse struct {
	Phase  engine.Phase
	Unit   kit.UnitID
	Card   string // annihilatorID, gasserID, hypnotistID
	Target string // province abbreviation
	Done   bool   // the power acted (false: it failed, Why says why)
	Why    string `json:",omitempty"`
}

// strikesState is the state #9 Annihilator, #10 Gasser, #11 Hypnotist keep
// between phases beyond Effects' common fields (closures, suspensions,
// civil disorder, LastUsed, Hypnotised). It is saved as JSON with the
// position.
type strikesState struct {
	// Uses lists every use of a strike power, oldest first. Annihilations
	// and gas attacks are public (the game master reports them); a
	// hypnosis is known only to the hypnotist's owner and the game master
	// (card #11: "The GM will not identify the unit doing the
	// hypnotizing").
	Uses []strikeUse `json:",omitempty"`
}

func (x strikesState) clone() strikesState {
	return strikesState{Uses: slices.Clone(x.Uses)}
}

// conceal keeps what seat may know: every annihilation and gas attack,
// and the seat's own hypnoses.
func (x *strikesState) conceal(seat engine.Seat) {
	if seat.GM {
		return
	}
	x.Uses = slices.DeleteFunc(x.Uses, func(u strikeUse) bool {
		return u.Card == hypnotistID && (seat.Power == "" || u.Unit.Power != seat.Power)
	})
	for i, u := range x.Uses {
		if u.Why == gasOnHypnotist || u.Why == gasOnHypnotised {
			x.Uses[i].Why = gasFailedSecret
		}
	}
	if len(x.Uses) == 0 {
		x.Uses = nil
	}
}

func (x strikesState) empty() bool { return len(x.Uses) == 0 }

// strikeCard returns whether u holds card id and may use it in s (rule 7),
// and the variant's part of s.
func strikeCard(s *engine.State, u engine.Unit, id string) (*extra, bool) {
	c, ok := cardAt(s, u)
	if !ok || c.ID != id {
		return nil, false
	}
	e, _ := s.Extra.(*extra)
	return e, e != nil
}

// strikeExtra returns the variant's part of s, or nil.
func strikeExtra(s *engine.State) *extra {
	e, _ := s.Extra.(*extra)
	return e
}

// neighbours reports whether provinces a and b touch by any link of
// either unit type, from any coast (rule 16.c: "An Army may gas an
// adjacent Fleet, and vice-versa, even if the unit cannot move there").

// annihilation is a legal annihilate order: the Annihilator and the
// province it destroys.
type annihilation struct {
	unit   engine.Unit
	target engine.ProvinceID
}

// hypnosis is a hypnotise order allowed by the card (hypnotiseAs), with
// the victim, the order written for it and whether it takes effect
// (rule 9: ok false and why when it fails).
type hypnosis struct {
	unit    engine.Unit
	victim  engine.Unit
	written engine.Order
	ok      bool
	why     string
}

// gassing is a gas order allowed by the card (gasAs): the gassed unit
// (victim nil for a vacant centre), the province, and whether it takes
// effect.
type gassing struct {
	unit   engine.Unit
	victim *engine.Unit
	target engine.ProvinceID
	ok     bool
	why    string
}

// strikePlan is what the strike cards do in one movement turn, decided by
// rule 9 from the units' orders. It is a function of the position and the
// orders alone, so the Rewrite, Prepare, After and ConcealOutcome parts
// each compute the same plan: the orders the Rewrite parts change never
// change it (see planStrikes).
type strikePlan struct {
	annihilations []annihilation
	annihilated   map[engine.ProvinceID]engine.Unit // province destroyed -> the first Annihilator
	hypnoses      []hypnosis
	gases         []gassing
}

// hypnotisedBy returns the hypnosis that takes effect on the unit id, if
// any.
func (p *strikePlan) hypnotisedBy(id kit.UnitID) (hypnosis, bool) {
	for _, h := range p.hypnoses {
		if h.ok && idOf(h.victim) == id {
			return h, true
		}
	}
	return hypnosis{}, false
}

// hypnotising reports whether unit id is a hypnotist whose hypnosis
// was written legally this turn (whether or not it takes effect).
func (p *strikePlan) hypnotising(id kit.UnitID) bool {
	for _, h := range p.hypnoses {
		if idOf(h.unit) == id {
			return true
		}
	}
	return false
}

// annihilating reports whether unit id gives a legal annihilate order.
func (p *strikePlan) annihilating(id kit.UnitID) bool {
	for _, a := range p.annihilations {
		if idOf(a.unit) == id {
			return true
		}
	}
	return false
}

// planStrikes decides the strikes of a movement turn by rule 9.b's order:
//
//  1. Annihilator: every legal annihilate order acts (9.a: "always
//     succeeds"); nothing replaces it.
//  2. Hypnotist: a hypnosis fails when the victim annihilates, when the
//     hypnotist's own province is annihilated, when two hypnotists write
//     for the same unit, and when the victim is itself a hypnotist writing
//     a hypnosis (card #11: two hypnotising one another "both fail"; in a
//     chain, H1 on H2 and H2 on a third unit, H2 acts and H1 fails).
//  3. Gasser: a gas attack fails when the gasser's province is
//     annihilated, when the victim annihilates, when the victim is a
//     hypnotist writing a hypnosis this turn, or is hypnotised this turn.
//
// The plan is the same whether it is computed from the orders as written,
// after the hypnotist's rewrite, after the gasser's, or from the results:
// annihilate and hypnotise orders are never replaced (a unit giving one is
// neither hypnotised nor gassed); a hypnotised unit's written order is
// never an annihilation or a hypnosis; a gas victim's order is replaced by
// a hold only when it is neither of these nor a gas attack; units in civil
// disorder from an earlier turn give no strike at all.
func planStrikes(s *engine.State, by map[kit.UnitID]engine.Order) *strikePlan {
	p := &strikePlan{annihilated: map[engine.ProvinceID]engine.Unit{}}
	if !powersActive(s.Phase) || s.Phase.Type != engine.Movement {
		return p
	}
	s = withoutStolenCards(s, by)
	for _, x := range kit.Giving(s, by, annihilateName) {
		u, o := x.Unit, x.Order
		if t, why := annihilateTarget(s, u, o); why == "" {
			p.annihilations = append(p.annihilations, annihilation{u, t})
			if _, dup := p.annihilated[t]; !dup {
				p.annihilated[t] = u
			}
		}
	}
	p.planHypnoses(s, by)
	for _, g := range kit.Legal(s, by, gasName, gasTarget) {
		u := g.unit
		g.ok = true
		switch {
		case p.annihilatedHere(u.Loc.P):
			g.ok, g.why = false, "its own province was annihilated: the Annihilator overrules the Gasser (rule 9.b)"
		case g.victim != nil && p.annihilating(idOf(*g.victim)):
			g.ok, g.why = false, "the Annihilator's annihilation overrules the gas attack (rule 9.b)"
		case g.victim != nil && p.hypnotising(idOf(*g.victim)):
			g.ok, g.why = false, gasOnHypnotist
		}
		if g.ok && g.victim != nil {
			if _, hyp := p.hypnotisedBy(idOf(*g.victim)); hyp {
				g.ok, g.why = false, gasOnHypnotised
			}
		}
		p.gases = append(p.gases, g)
	}
	return p
}

// Why a gas attack fails against hypnosis (rule 9.b). Told as they are to
// the game master and the hypnotist's owner; to everyone else as
// gasFailedSecret, which names no hypnosis (card #11: the hypnotist is not
// identified).
const (
	gasOnHypnotist  = "the Hypnotist ranks above the Gasser: the gas has no effect on it (rule 9.b)"
	gasOnHypnotised = "the unit is under hypnosis this turn, which ranks above the gas attack (rule 9.b)"
	gasFailedSecret = "a power of higher rank acted on the unit this turn (rule 9.b)"
)

func (p *strikePlan) annihilatedHere(prov engine.ProvinceID) bool {
	_, ok := p.annihilated[prov]
	return ok
}

// planHypnoses decides which hypnoses act (planStrikes, step 2).
func (p *strikePlan) planHypnoses(s *engine.State, by map[kit.UnitID]engine.Order) {
	for _, h := range kit.Legal(s, by, hypnotiseName, hypnotiseTarget) {
		u := h.unit
		h.ok = true
		switch {
		case p.annihilatedHere(u.Loc.P):
			h.ok, h.why = false, "its own province was annihilated: the Annihilator overrules the Hypnotist (rule 9.b)"
		case p.annihilating(idOf(h.victim)):
			h.ok, h.why = false, "the victim annihilates a province, which overrules hypnosis (rule 9.b)"
		}
		p.hypnoses = append(p.hypnoses, h)
	}
	// A hypnotist writing a hypnosis is not hypnotised itself: the card's
	// "If two Hypnotists try to simultaneously hypnotize one another, both
	// orders will fail", generalised to chains and rings. So no hypnotise
	// order is ever replaced, which keeps the plan the same after the
	// rewrite.
	for i := range p.hypnoses {
		h := &p.hypnoses[i]
		if h.ok && p.hypnotising(idOf(h.victim)) {
			h.ok, h.why = false, hypnotistOnHypnotist
		}
	}
	// Two hypnotists writing for one unit: both fail.
	count := map[kit.UnitID]int{}
	for _, h := range p.hypnoses {
		if h.ok {
			count[idOf(h.victim)]++
		}
	}
	for i := range p.hypnoses {
		h := &p.hypnoses[i]
		if h.ok && count[idOf(h.victim)] > 1 {
			h.ok, h.why = false, "two hypnotists wrote orders for the same unit; both fail"
		}
	}
}

// hypnotistOnHypnotist is why a hypnosis of a hypnotist that hypnotises
// fails.
const hypnotistOnHypnotist = "the victim is a Hypnotist hypnotising in its turn: hypnotists hypnotising one another fail (card #11)"

// strikesPrepare is the Prepare part of the strike cards: provinces
// annihilated this turn (16.b: moves in are "merely stood off"), closed
// after an annihilation (card #9: "impassable on the following turn") or
// gassed this turn (16.c: "any unit attempting to move into such a space
// would be blocked by the gas"). In a retreat phase (no orders) the
// closures in force shut provinces to retreats.
func strikesPrepare(s *engine.State, orders []engine.Order, t *engine.Turn) {
	e := strikeExtra(s)
	if e == nil {
		return
	}
	block := func(p engine.ProvinceID, why string) { kit.Block(t, p, why) }
	i := kit.MoveIndex(s.Phase)
	if s.Phase.Type == engine.Movement && orders != nil {
		plan := planStrikes(s, kit.UnitOrders(s, orders, reg.Rules()))
		for _, a := range plan.annihilations {
			block(a.target, "stood off: "+s.Map.Provinces[a.target].Name+" was annihilated (16.b)")
		}
		for _, g := range plan.gases {
			if g.ok {
				block(g.target, "stood off: "+s.Map.Provinces[g.target].Name+" was gassed (16.c)")
			}
		}
	}
	for _, c := range e.Effects.Closures {
		if i > c.Until {
			continue
		}
		if p, ok := s.Map.Lookup(c.Prov); ok {
			block(p, "stood off: "+s.Map.Provinces[p].Name+" is "+c.Why)
		}
	}
}

// strikesAfter keeps the strike cards' effects tidy after every phase:
// the civil disorder and last uses of units no longer on the board are
// dropped (a later unit may take the same number, rule 10).
func strikesAfter(s *engine.State, out *engine.Outcome, _ *engine.Rand) {
	e := strikeExtra(out.Next)
	if e == nil {
		return
	}
	// Effects end by the life cycle part (lifecycle.go), which knows the
	// phase that follows.
	on := map[kit.UnitID]bool{}
	for _, u := range out.Next.Units {
		on[idOf(u)] = true
	}
	for _, d := range out.Next.Dislodged {
		on[idOf(d.Unit)] = true
	}
	e.Effects.Disorders = slices.DeleteFunc(e.Effects.Disorders, func(d disorder) bool { return !on[d.Unit] })
	for id := range e.Effects.LastUsed {
		if !on[id] {
			delete(e.Effects.LastUsed, id)
		}
	}
}

func strikesParts(r *registry) {
	r.Prepare(strikesPrepare)
	r.After(priorityLifecycle-1, strikesAfter)
}

// withoutStolenCards returns s, or a copy of it in which the units a Thief
// robs or a Disbeliever disbelieves this turn hold no card: the proposed
// cards X3 and X4 act before the strikes (the recommended order of
// priority: Thief, Disbeliever, Annihilator, Hypnotist, Gasser), so a
// robbed or disbelieved strike unit strikes nothing (proposedPhase judges
// the turn on the same copy).
func withoutStolenCards(s *engine.State, by map[kit.UnitID]engine.Order) *engine.State {
	if _, ok := s.Extra.(*extra); !ok || len(by) == 0 {
		return s
	}
	ids := slices.SortedFunc(maps.Keys(by), compareUnitIDs)
	orders := make([]engine.Order, 0, len(ids))
	for _, id := range ids {
		orders = append(orders, by[id])
	}
	b := judgeBeforeMovement(s, orders)
	if len(b.stripped) == 0 {
		return s
	}
	c := s.Clone()
	ce := c.Extra.(*extra)
	for id := range b.stripped {
		delete(ce.Cards, id)
	}
	return c
}
