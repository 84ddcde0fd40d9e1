package kit

import "dipdesk/engine"

// Rules returns the engine hooks composed from the parts, built once: the
// variant's Rules. A hook no part gives is left nil, the standard rule.
// How parts compose: any may say yes (Enter, Reach, SupportReach, the
// convoy hooks), all must (Cuts, Occupies), the first that decides wins
// (CanConvoy, Phase, Special by its words), or each changes what the ones
// before gave (Strength, HoldStrength, Prepare, Rewrite and After in
// priority order, the Conceal parts).
func (r *Registry[E]) Rules() *engine.Rules {
	if r.rules != nil {
		return r.rules
	}
	x := &engine.Rules{
		Special:         r.special,
		SupportLost:     r.supportLost,
		SelfDislodge:    r.selfDislodge,
		Swap:            r.swap,
		FallbackSupport: r.fallbackSupport,
		Label:           r.label,
		NextPhase:       r.nextPhase,
		Acting:          r.acting,
		Sequence:        r.sequence,
		NumberUnits:     r.numberUnits,
		SequenceMovesOn: r.sequenceMovesOn,
		VictoryCentres:  r.victory,
	}
	if len(r.prepare) > 0 {
		x.Prepare = r.composedPrepare
	}
	if len(r.rewrite) > 0 {
		x.Rewrite = r.composedRewrite
	}
	if len(r.after) > 0 {
		x.After = r.composedAfter
	}
	if len(r.enter) > 0 {
		x.Enter = func(s *engine.State, u engine.Unit, l engine.Loc) bool { return anyLoc(r.enter, s, u, l) }
	}
	if len(r.reach) > 0 {
		x.Reach = func(s *engine.State, u engine.Unit, l engine.Loc) bool { return anyLoc(r.reach, s, u, l) }
	}
	if len(r.supportReach) > 0 {
		x.SupportReach = func(s *engine.State, u engine.Unit, l engine.Loc) bool { return anyLoc(r.supportReach, s, u, l) }
	}
	if len(r.strength) > 0 {
		x.Strength = r.composedStrength
	}
	if len(r.holdStrength) > 0 {
		x.HoldStrength = r.composedHoldStrength
	}
	if len(r.cuts) > 0 {
		x.Cuts = r.composedCuts
	}
	if len(r.occupies) > 0 {
		x.Occupies = r.composedOccupies
	}
	if len(r.canConvoy) > 0 {
		x.CanConvoy = r.composedCanConvoy
	}
	if len(r.convoySupport) > 0 {
		x.ConvoySupport = r.composedConvoySupport
	}
	if len(r.convoyReach) > 0 {
		x.ConvoyReach = r.composedConvoyReach
	}
	if len(r.convoyFleet) > 0 {
		x.ConvoyFleet = r.composedConvoyFleet
	}
	if len(r.convoyChain) > 0 {
		x.ConvoyChain = r.composedConvoyChain
	}
	if len(r.concealView) > 0 {
		x.Conceal = r.composedConceal
	}
	if len(r.concealOutcome) > 0 {
		x.ConcealOutcome = r.composedConcealOutcome
	}
	if len(r.phase) > 0 {
		x.Phase = r.composedPhase
	}
	r.rules = x
	return x
}

// special is the Rules.Special hook: the part that owns the order says
// what it is adjudicated as. No card's order is possible while Inactive
// says why; the orders of the rules themselves are.
func (r *Registry[E]) special(s *engine.State, u engine.Unit, o engine.Order) (engine.Order, string) {
	why := ""
	if r.Inactive != nil {
		why = r.Inactive(s)
	}
	for _, p := range r.specials {
		if p.Syntax.Name != o.Special || p.As == nil {
			continue
		}
		if !p.Rule && why != "" {
			return engine.Order{}, why
		}
		return p.As(s, u, o)
	}
	if why != "" {
		return engine.Order{}, why
	}
	return engine.Order{}, "\"" + o.Special + "\" is not an order of this game"
}

func (r *Registry[E]) composedPrepare(s *engine.State, orders []engine.Order) engine.Turn {
	var t engine.Turn
	for _, p := range r.prepare {
		p.f(s, orders, &t)
	}
	return t
}

func (r *Registry[E]) composedRewrite(s *engine.State, orders []engine.Order, rng *engine.Rand) ([]engine.Order, []string) {
	var log []string
	for _, p := range r.rewrite {
		var l []string
		orders, l = p.f(s, orders, rng)
		log = append(log, l...)
	}
	return orders, log
}

func (r *Registry[E]) composedAfter(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	for _, p := range r.after {
		p.f(s, out, rng)
	}
}

func anyLoc(fs []LocFunc, s *engine.State, u engine.Unit, l engine.Loc) bool {
	for _, f := range fs {
		if f(s, u, l) {
			return true
		}
	}
	return false
}

func (r *Registry[E]) composedStrength(s *engine.State, u engine.Unit, role engine.Role) int {
	n := 1
	for _, f := range r.strength {
		n = f(s, u, role, n)
	}
	return n
}

func (r *Registry[E]) composedHoldStrength(s *engine.State, u engine.Unit, kind engine.OrderKind, n int) int {
	for _, f := range r.holdStrength {
		n = f(s, u, kind, n)
	}
	return n
}

func (r *Registry[E]) composedCuts(s *engine.State, attacker, supporter engine.Unit) bool {
	for _, f := range r.cuts {
		if !f(s, attacker, supporter) {
			return false
		}
	}
	return true
}

func (r *Registry[E]) composedOccupies(s *engine.State, u engine.Unit) bool {
	for _, f := range r.occupies {
		if !f(s, u) {
			return false
		}
	}
	return true
}

func (r *Registry[E]) composedCanConvoy(s *engine.State, u engine.Unit) bool {
	for _, f := range r.canConvoy {
		if ok, decided := f(s, u); decided {
			return ok
		}
	}
	return u.Type == engine.Fleet && s.Map.Provinces[u.Loc.P].Kind == engine.Sea
}

func (r *Registry[E]) composedConvoySupport(s *engine.State, fleet, army engine.Unit) bool {
	for _, f := range r.convoySupport {
		if f(s, fleet, army) {
			return true
		}
	}
	return false
}

func (r *Registry[E]) composedConvoyReach(s *engine.State, f engine.Unit, p engine.ProvinceID) bool {
	for _, g := range r.convoyReach {
		if g(s, f, p) {
			return true
		}
	}
	return false
}

func (r *Registry[E]) composedConvoyFleet(s *engine.State, f engine.Unit) bool {
	for _, g := range r.convoyFleet {
		if g(s, f) {
			return true
		}
	}
	return false
}

func (r *Registry[E]) composedConvoyChain(s *engine.State, x, y engine.Unit) bool {
	for _, g := range r.convoyChain {
		if g(s, x, y) {
			return true
		}
	}
	return false
}

func (r *Registry[E]) composedConceal(v *engine.View) {
	if v.State == nil || (r.GMSeesAll && v.Seat.GM) {
		return
	}
	for _, f := range r.concealView {
		f(v)
	}
}

func (r *Registry[E]) composedConcealOutcome(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	if r.GMSeesAll && seat.GM {
		return
	}
	for _, f := range r.concealOutcome {
		f(before, seat, out)
	}
	KeepEventNames(out)
}

// KeepEventNames cuts a seat's copy of an outcome's EventNames down to the
// events the copy still holds: the names of an event a part dropped for
// the seat (a private event, one naming a unit it may not see) go with
// it. The map is replaced, never changed: the copies share it.
func KeepEventNames(out *engine.Outcome) {
	if len(out.EventNames) == 0 {
		return
	}
	kept := map[string][]engine.Unit{}
	for _, ev := range out.Events {
		if n, ok := out.EventNames[ev]; ok {
			kept[ev] = n
		}
	}
	out.EventNames = kept
}

func (r *Registry[E]) composedPhase(s *engine.State, orders []engine.Order, rng *engine.Rand) (*engine.Outcome, bool) {
	for _, f := range r.phase {
		if out, ok := f(s, orders, rng); ok {
			return out, true
		}
	}
	return nil, false
}
