package character

import (
	"fmt"
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit"
)

// Extra is a card game: the session, the window and the network see
// Character Diplomacy through cardgame.Game only.
var _ cardgame.Game = (*extra)(nil)

// Hand lists the cards of view v (already cut down for its seat by
// engine.ViewFor): rule 3, a power's own units' cards, those revealed and
// those it was told of; the game master's every card, the deck's log. The
// special orders are those of specialsOf among declared, so a variant
// built without one of them (a test's) offers only what its parser reads.
func (e *extra) Hand(v engine.View, declared []engine.SpecialSyntax) cardgame.Hand {
	inactive := ""
	if !powersActive(v.State.Phase) {
		inactive = fmt.Sprintf("Cards act from Spring %d (rule 7)", firstPowerYear)
	}
	return hand.Hand(v, e.Cards, declared, cardgame.Counts(e.Counts()), e.Log, inactive)
}

// hand is how a seat's hand shows Davis's cards: the card's number and
// name, its text, and the special orders it gives (rule 3: only its owner
// and the game master see those).
var hand = kit.HandOf[cardType]{
	Face: func(_ kit.UnitID, c cardType) kit.Face { return kit.Face{ID: c.ID, Name: c.Name, Text: c.Desc} },
	Orders: func(c cardType, declared []engine.SpecialSyntax) []cardgame.Order {
		return reg.CardOrders(c.ID, declared)
	},
}

// Marks returns the signs the cards left on the board of view v: the
// seat's own mines only (#12: a mine is known to its layer and the game
// master; the view already dropped the others), closed spaces (#9
// annihilated, #10 gassed), suspended centres and units in civil
// disorder, which the game master reports to all. An effect that has run
// out by v's turn is not drawn. Davis has no hidden units.
func (e *extra) Marks(v engine.View) []cardgame.Mark {
	m, now := v.State.Map, kit.MoveIndex(v.State.Phase)
	var out []cardgame.Mark
	for _, c := range e.Effects.Closures {
		if p, ok := m.Lookup(c.Prov); ok && c.Until >= now {
			out = append(out, cardgame.Mark{Kind: cardgame.MarkClosed, Prov: p, Why: c.Why})
		}
	}
	for _, c := range e.Effects.Suspended {
		if p, ok := m.Lookup(c.Prov); ok && c.Until >= now {
			out = append(out, cardgame.Mark{Kind: cardgame.MarkSuspended, Prov: p, Why: c.Why})
		}
	}
	for _, mine := range e.Effects.Mines {
		if p, ok := m.Lookup(mine.Prov); ok {
			out = append(out, cardgame.Mark{Kind: cardgame.MarkMine, Prov: p, Power: mine.Power, Why: "mine laid " + mine.Laid.Key()})
		}
	}
	for _, d := range e.Effects.Disorders {
		if d.Until < now {
			continue
		}
		for _, u := range v.State.Units {
			if idOf(u) == d.Unit {
				out = append(out, cardgame.Mark{Kind: cardgame.MarkDisorder, Prov: u.Loc.P, Power: u.Power, Why: d.Why})
			}
		}
	}
	return out
}

// DealByHand is cardgame.Game's face of DealCardByHand: the game master
// dealt the physical card id to unit u; it returns the card's name.
func (e *extra) DealByHand(s *engine.State, u engine.Unit, id string, start engine.Phase, rng *engine.Rand) (string, error) {
	c, err := e.DealCardByHand(s, u, id, start, rng)
	return c.Name, err
}

// Sketcher and VoluntaryRetreater: how the special orders look on a board,
// and which units may retreat though not dislodged (#14).
var (
	_ cardgame.Sketcher           = (*extra)(nil)
	_ cardgame.VoluntaryRetreater = (*extra)(nil)
)

// Sketch returns the signs of special order o in position s
// (cardgame.Sketcher): the province an Annihilator, a Gasser, an
// Exchanger, a Thief, a Disbeliever or a Special Engineer acts on; the
// mine a Minelayer lays where it leaves (or picks up where it goes); a
// double move's second step; the space a Jumper jumps; a Hypnotist's
// victim and the move it is made to give; a Redeplier's Winter move. The
// order itself is drawn as what it is adjudicated as (Special).
func (e *extra) Sketch(s *engine.State, o engine.Order) []cardgame.Sign {
	u, ok := kit.SketchedUnit(s, o, reg.Rules())
	if !ok {
		return nil
	}
	target := func(p engine.ProvinceID) []cardgame.Sign { return kit.TargetSign(u, p, o.Special) }
	switch o.Special {
	case annihilateName:
		if p, why := annihilateTarget(s, u, o); why == "" {
			return target(p)
		}
	case gasName:
		if g, why := gasTarget(s, u, o); why == "" {
			return target(g.target)
		}
	case exchangeName, stealName, disbelieveName, fortifyName:
		if p, ok := kit.LookupProvince(s.Map, o.Args); ok {
			return target(p)
		}
	case layMine:
		if _, why := minelayerMove(s, u, o); why == "" {
			return kit.MineSign(u.Loc.P, "lay mine")
		}
	case pickUpMine:
		if mv, why := minelayerMove(s, u, o); why == "" {
			return kit.MineSign(mv.To.P, "pick up mine")
		}
	case doubleMoveOrder:
		if first, second, why := doubleMove(s, u, o); why == "" {
			return kit.DoubleMoveSign(first, second)
		}
	case jumpOrder:
		if over, _, why := jump(s, u, o); why == "" {
			return []cardgame.Sign{{Kind: cardgame.SignNote, From: engine.Nowhere, Prov: over, Label: "jumped"}}
		}
	case hypnotiseName:
		if h, why := hypnotiseTarget(s, u, o); why == "" {
			return kit.HypnosisSigns(u, h.victim, h.written, o.Special)
		}
	case redeployName:
		if r, why := parseRedeploy(s, u, o); why == "" {
			from := u.Loc
			var out []cardgame.Sign
			if r.via.Valid() {
				out = append(out, cardgame.Sign{Kind: cardgame.SignMove, From: from, Prov: r.via.P})
				from = r.via
			}
			return append(out, cardgame.Sign{Kind: cardgame.SignMove, From: from, Prov: r.to.P, Label: "redeploy"})
		}
	}
	return nil
}

// VoluntaryRetreats lists the Retreaters (#14) of view v that may retreat
// though not dislodged in its retreat phase, each with the spaces its
// retreat may go to (cardgame.VoluntaryRetreater): the seat's own, the
// game master's every one.
func (e *extra) VoluntaryRetreats(v engine.View) []cardgame.Retreat {
	s := v.State
	if s == nil || s.Phase.Type != engine.Retreat {
		return nil
	}
	var blocked map[engine.ProvinceID]string
	if rules := reg.Rules(); rules.Prepare != nil {
		blocked = rules.Prepare(s, nil).Blocked
	}
	var out []cardgame.Retreat
	for _, u := range s.Units {
		if !slices.Contains(e.Effects.Voluntary, idOf(u)) || !activeCard(s, u, retreaterID) || (!v.Seat.GM && u.Power != v.Seat.Power) {
			continue
		}
		r := cardgame.Retreat{Unit: u}
		for _, l := range kit.Steps(s.Map, u.Type, u.Loc) {
			o := engine.Order{Power: u.Power, Kind: engine.Move, Unit: u.Type, At: u.Loc, To: l}
			if to, why := voluntaryDest(s, u, o, blocked); why == "" {
				r.To = append(r.To, to)
			}
		}
		if len(r.To) > 0 {
			out = append(out, r)
		}
	}
	return out
}
