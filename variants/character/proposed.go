package character

import (
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// proposedState is the state the proposed cards X1-X11 keep between phases beyond Effects'
// common fields. It is saved as JSON with the position.
type proposedState struct {
	// Defences are the X11 Special Engineers' border defences in place.
	Defences []defence `json:",omitempty"`

	// turn holds the orders of the movement phase under way, only in the
	// copy of the position proposedPhase judges (never saved): the X11
	// strength part needs to know where the attacks come from.
	turn []engine.Order
}

// defence is a border defence set up by an X11 Special Engineer: while a
// unit of Power holds Prov, an attack coming only across the named
// borders (the provinces on their other side) meets one more strength.
// The defences are public: a game master reports works built on the
// board (ruling "X11 Special Engineer").
type defence struct {
	Prov    string   // the engineer's province
	Borders []string // the provinces across the defended borders
	Power   engine.Power
	Built   engine.Phase
}

func (x proposedState) clone() proposedState {
	c := proposedState{Defences: make([]defence, len(x.Defences)), turn: x.turn}
	for i, d := range x.Defences {
		d.Borders = slices.Clone(d.Borders)
		c.Defences[i] = d
	}
	if len(c.Defences) == 0 {
		c.Defences = nil
	}
	return c
}

// conceal keeps what seat may know: everything the proposed cards leave
// on the board is public.
func (x *proposedState) conceal(seat engine.Seat) {}

func (x proposedState) empty() bool { return len(x.Defences) == 0 }

// targetProv reads a province named in a special order's arguments (a
// coast is ignored).
func targetProv(m *engine.Map, arg string) (engine.ProvinceID, bool) {
	name, _, _ := strings.Cut(arg, "/")
	name = strings.Trim(name, "()")
	return m.Lookup(name)
}

// adjacentUnit checks a special order aimed at the unit in the province
// args[0] names, which must touch u's province (rulings "X3", "X4":
// "adjacent" is a shared border, whatever the units' types, as for the
// Gasser, 16.c). It returns the target or why the order is impossible.
func adjacentUnit(s *engine.State, u engine.Unit, o engine.Order, verb string) (engine.Unit, string) {
	if len(o.Args) == 0 {
		return engine.Unit{}, "\"" + verb + "\" needs the province of the unit, as \"" + verb + " mun\""
	}
	p, ok := targetProv(s.Map, o.Args[0])
	if !ok {
		return engine.Unit{}, "no province \"" + o.Args[0] + "\" on the board"
	}
	if p == u.Loc.P {
		return engine.Unit{}, "a unit cannot " + verb + " itself"
	}
	if !touching(s.Map, u.Loc.P, p) {
		return engine.Unit{}, s.Map.Provinces[p].Name + " is not adjacent, so " + u.Type.String() + " " + s.Map.LocString(u.Loc) + " cannot " + verb + " there"
	}
	t, ok := unitIn(s, p)
	if !ok {
		return engine.Unit{}, "no unit in " + s.Map.Provinces[p].Name + " to " + verb
	}
	return t, ""
}

// beforeMovement is what the Thief (X3) and the Disbeliever (X4) do
// before movement occurs: the units that lose their power this turn, the
// cards that change hands, and a reason for each of their orders.
type beforeMovement struct {
	stripped map[kit.UnitID]bool       // units judged this turn without their card
	thefts   map[kit.UnitID]kit.UnitID // thief -> robbed unit
	reasons  map[int]string            // order index -> the reason its result gives
	failed   map[int]bool              // order index -> the special failed
	tell     []tellTo                  // private reports (rule 3)
}

type tellTo struct {
	id kit.UnitID
	to engine.Power
	// why is kept with the knowledge: "disbelieved by A bur".
	why string
}

// proposedPhase is the Phase part of X3, X4 and X11. When a Thief steals or a
// Disbeliever disbelieves in a movement phase, the phase is judged on a
// copy of the position in which the robbed and disbelieved units hold no
// card (they are ordinary units this turn), with the variant's other hooks;
// then the cards are given back to the disbelieved and moved from the
// robbed to the thief in the position after. It also takes a phase in
// which a province with X11 border defences is attacked, so that the
// strength part sees the turn's orders (the Strength hook sees no
// attacker).
func proposedPhase(s *engine.State, orders []engine.Order, rng *engine.Rand) (*engine.Outcome, bool) {
	if s.Phase.Type != engine.Movement || !powersActive(s.Phase) {
		return nil, false
	}
	e, ok := s.Extra.(*extra)
	if !ok {
		return nil, false
	}
	b := judgeBeforeMovement(s, orders)
	if len(b.stripped) == 0 && len(b.reasons) == 0 && !defencesAttacked(s, orders) {
		return nil, false
	}
	c := s.Clone()
	ce := c.Extra.(*extra)
	for id := range b.stripped {
		delete(ce.Cards, id)
	}
	ce.Effects.Proposed.turn = orders
	inner := *reg.Rules()
	inner.Phase, inner.Rewrite, inner.After = nil, nil, nil
	out := engine.Adjudicate(c, orders, &inner, rng)
	if out.End != nil {
		// The outer adjudication counts the centres again and reports it.
		out.End = nil
		out.Events = out.Events[:len(out.Events)-1]
	}
	ne := out.Next.Extra.(*extra)
	ne.Effects.Proposed.turn = nil
	for id := range b.stripped {
		if h, ok := e.Cards[id]; ok {
			ne.Cards[id] = h.Clone()
		}
	}
	for thief, victim := range b.thefts {
		stolen := e.Cards[victim].Clone()
		stolen.Dealt, stolen.Revealed, stolen.Told = s.Phase, nil, nil
		if old, ok := ne.Cards[thief]; ok && ne.Deck != nil {
			ne.Deck.Discard(old.Card)
		}
		ne.Cards[thief] = stolen
		ne.Cards[victim] = &held{Card: cardType{ID: ordinaryID, Name: "Ordinary Unit", Units: anyUnit, Set: regular, Blank: true}, Dealt: s.Phase}
	}
	for _, t := range b.tell {
		if _, ok := ne.Cards[t.id]; ok {
			_ = ne.Tell(t.id, t.to, s.Phase, t.why)
		}
	}
	for i := range out.Results {
		r := &out.Results[i]
		for k, o := range orders {
			if why, ok := b.reasons[k]; ok && sameOrder(r.Order, o) {
				if b.failed[k] && r.Code == engine.OK {
					r.OK, r.Code = false, engine.Void
				}
				r.Reason = why + "; " + r.Reason
			}
		}
	}
	return out, true
}

// sameOrder reports whether a result's order is order o.
func sameOrder(a, b engine.Order) bool {
	return a.Kind == b.Kind && a.At == b.At && a.Power == b.Power && a.Special == b.Special && slices.Equal(a.Args, b.Args)
}

// judgeBeforeMovement decides the thefts (priority 2) and then the
// disbeliefs (priority 3) of a movement phase.
func judgeBeforeMovement(s *engine.State, orders []engine.Order) beforeMovement {
	b := beforeMovement{stripped: map[kit.UnitID]bool{}, thefts: map[kit.UnitID]kit.UnitID{}, reasons: map[int]string{}, failed: map[int]bool{}}
	judgeThefts(s, orders, &b)
	judgeDisbeliefs(s, orders, &b)
	return b
}

// concealBeforeMovement is the ConcealOutcome part of X3 and X4: a steal
// or a disbelief is known to the game master, the power that ordered it
// and the power whose unit it aimed at; every other seat reads it as a
// hold (rule 3: it would name the cards involved).
func concealBeforeMovement(before *engine.State, seat engine.Seat, out *engine.Outcome) {
	if seat.GM {
		return
	}
	for i := range out.Results {
		r := &out.Results[i]
		o := r.Order
		if o.Kind != engine.Special || (o.Special != stealName && o.Special != disbelieveName) {
			continue
		}
		if seat.Power != "" && seat.Power == o.Power {
			continue
		}
		if len(o.Args) > 0 {
			if p, ok := targetProv(before.Map, o.Args[0]); ok {
				if t, ok := unitIn(before, p); ok && seat.Power != "" && t.Power == seat.Power {
					continue
				}
			}
		}
		h := engine.Order{Power: o.Power, Kind: engine.Hold, Unit: o.Unit, Number: o.Number, At: o.At, To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
		h.Text = h.Format(before.Map)
		r.Order = h
		if r.Code == engine.Void {
			r.OK, r.Code = true, engine.OK
		}
		// "held" and how it was dislodged, nothing else.
		r.DropNote()
		if r.Dislodged() == "" {
			r.DropSecret()
		}
		r.Reword("held")
	}
}

func proposedParts(r *registry) {
	r.Phase(proposedPhase)
	r.ConcealOutcome(concealBeforeMovement)
}

// revealPassive is the After part that marks the passive proposed cards
// revealed when their use shows in the public results (rule 3: "special
// actions taken by a unit will reveal its powers"):
//   - X2: a move judged in Move First's first step (the results list it
//     first, and others bounce off the province it took);
//   - X6: a support no unit of its type could give from there;
//   - X9: a support to hold of a moving unit that was not void (the X9
//     among the supporter and the supported unit).
//
// A unit disbelieved this turn (X4) used nothing and is not revealed.
func revealPassive(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
	if s.Phase.Type != engine.Movement || !powersActive(s.Phase) {
		return
	}
	ne, ok := out.Next.Extra.(*extra)
	if !ok {
		return
	}
	var orders []engine.Order
	for _, r := range out.Results {
		if r.Order.At.Valid() && r.Order.Text != "" {
			orders = append(orders, r.Order)
		}
	}
	off := judgeBeforeMovement(s, orders).stripped
	has := func(u engine.Unit, id string) bool {
		c, ok := cardAt(s, u)
		return ok && c.ID == id && !off[idOf(u)]
	}
	reveal := func(u engine.Unit, why string) {
		if _, ok := ne.Cards[idOf(u)]; ok {
			_ = ne.Reveal(idOf(u), s.Phase, why)
		}
	}
	moving := map[engine.ProvinceID]bool{}
	for _, o := range orders {
		if o.Kind == engine.Move {
			moving[o.At.P] = true
		}
	}
	for _, r := range out.Results {
		o, u := r.Order, r.Unit
		switch {
		case o.Kind == engine.Move && r.Code != engine.Illegal && has(u, moveFirstID):
			reveal(u, "moved first")
		case o.Kind == engine.Support && r.Code != engine.Illegal && r.Code != engine.Void:
			t := o.AuxAt.P
			if o.AuxTo.Valid() {
				t = o.AuxTo.P
			}
			if has(u, airUnitID) && !s.Map.Adjacent(u.Type, u.Loc, t) && !reachAny(s, u, engine.Loc{P: t}) {
				reveal(u, "supported from two spaces away")
			}
			if !o.AuxTo.Valid() && moving[o.AuxAt.P] {
				if has(u, fallbackSupporterID) {
					reveal(u, "supported a moving unit in place")
				}
				if v, ok := unitIn(s, o.AuxAt.P); ok && has(v, fallbackSupporterID) {
					reveal(v, "was supported in place while moving")
				}
			}
		}
	}
}

func proposedParts2(r *registry) {
	r.After(priorityOthers, revealPassive)
}
