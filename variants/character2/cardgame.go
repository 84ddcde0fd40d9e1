package character2

import (
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit"
)

var _ cardgame.Game = (*extra)(nil)

// Hand lists the cards of view v (already cut down for its seat) with the
// special orders among declared that each card's holder may give, the
// Tarot card beside each character (cardgame.Game).
func (e *extra) Hand(v engine.View, declared []engine.SpecialSyntax) cardgame.Hand {
	c := e.Counts()
	log := e.Log
	if e.Deck != nil {
		log = append(slices.Clone(log), e.Deck.Log()...)
	}
	return hand.Hand(v, e.Cards, declared, cardgame.Counts{Pile: c.Pile, Discards: c.Discards, Dealt: c.Dealt}, log, "")
}

// hand is how a seat's hand shows Galt's cards: the character by the
// holding unit's type beside its Tarot card, what the card does, the
// parts' notes of its state, and the special orders it gives (only to its
// owner and the game master).
var hand = kit.HandOf[card]{
	Face: func(id unitID, c card) kit.Face {
		return kit.Face{ID: c.ID, Name: c.NameFor(id.Type), Alias: c.Tarot, Text: c.Kind.Desc()}
	},
	Orders: func(c card, declared []engine.SpecialSyntax) []cardgame.Order {
		return reg.CardOrders(c.Kind.Word(), declared)
	},
	Notes: func(v engine.View, u engine.Unit) []string {
		e, _ := v.State.Extra.(*extra)
		return reg.Notes(v, e, u)
	},
}

// Marks are the signs the parts draw on v's board (cardgame.Game).
func (e *extra) Marks(v engine.View) []cardgame.Mark {
	out := reg.Marks(v, e)
	slices.SortStableFunc(out, func(a, b cardgame.Mark) int {
		if a.Kind != b.Kind {
			return int(a.Kind) - int(b.Kind)
		}
		if a.Prov != b.Prov {
			return int(a.Prov) - int(b.Prov)
		}
		return strings.Compare(string(a.Power), string(b.Power))
	})
	return out
}

// Sketcher and VoluntaryRetreater: how the special orders look on a board,
// and which units may retreat though not dislodged (the Retreater).
var (
	_ cardgame.Sketcher           = (*extra)(nil)
	_ cardgame.VoluntaryRetreater = (*extra)(nil)
)

// Sketch returns the signs of special order o in position s
// (cardgame.Sketcher): a unit turning invisible or visible (seen only by
// the seats that see the unit: the order is drawn from the seat's view),
// the mine a Minelayer lays where it leaves or picks up where it goes, a
// double move's second step, a Hypnotist's victim and the move it is made
// to give, a Psychic's subject, a conversion. The order itself is drawn as
// what it is adjudicated as (Special).
func (e *extra) Sketch(s *engine.State, o engine.Order) []cardgame.Sign {
	u, ok := kit.SketchedUnit(s, o, reg.Rules())
	if !ok {
		return nil
	}
	switch o.Special {
	case specialInvisible, specialVisible:
		return []cardgame.Sign{{Kind: cardgame.SignHidden, From: engine.Nowhere, Prov: u.Loc.P, Label: o.Special}}
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
	case hypnotiseName:
		if h, why := hypnotiseTarget(s, u, o); why == "" {
			return kit.HypnosisSigns(u, h.victim, h.written, "hypnotise")
		}
	case readName:
		if r, why := readTarget(s, u, o); why == "" {
			return kit.TargetSign(u, r.victim.Loc.P, "read")
		}
	case convertOrder:
		if _, why := convertAs(s, u, o); why == "" {
			return []cardgame.Sign{{Kind: cardgame.SignNote, From: engine.Nowhere, Prov: u.Loc.P, Label: "convert"}}
		}
	}
	return nil
}

// VoluntaryRetreats lists the Retreaters of view v not dislodged in its
// retreat phase, each with the spaces it may retreat to, standoff spaces
// included (cardgame.VoluntaryRetreater): the seat's own, the game
// master's every one.
func (e *extra) VoluntaryRetreats(v engine.View) []cardgame.Retreat {
	s := v.State
	if s == nil || s.Phase.Type != engine.Retreat {
		return nil
	}
	var out []cardgame.Retreat
	for _, u := range s.Units {
		if (!v.Seat.GM && u.Power != v.Seat.Power) || s.DislodgedAt(u.Loc.P) >= 0 || kindAt(s, u) != retreater {
			continue
		}
		opts := retreatOptions(s, engine.Dislodgement{Unit: u, From: engine.NoProvince}, true)
		if len(opts) > 0 {
			out = append(out, cardgame.Retreat{Unit: u, To: opts})
		}
	}
	return out
}
