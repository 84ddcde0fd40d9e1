package session

import (
	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/variants/cardgame"
)

// signKinds maps the card games' signs to the renderer's.
var signKinds = map[cardgame.SignKind]render.SignKind{
	cardgame.SignTarget: render.SignTarget,
	cardgame.SignMine:   render.SignMine,
	cardgame.SignHidden: render.SignHidden,
	cardgame.SignMove:   render.SignMove,
	cardgame.SignNote:   render.SignNote,
}

// BoardOrders returns orders as a board draws them in view v, and the
// signs of the special orders among them. A special order (a card's) is
// drawn as the ordinary order the engine adjudicates it as (the variant's
// Rules.Special: a mine laid on the way is the move, an annihilation is
// the hold) and the variant's cardgame.Sketcher says what else it does
// (the mine, the province struck); an order with neither gets its word
// beside the unit. results, when given, have their orders replaced the
// same way, so that a result still finds its order on the board.
func BoardOrders(vr *engine.Variant, v engine.View, orders []engine.Order, results []engine.Result) ([]engine.Order, []engine.Result, []render.Sign) {
	if v.State == nil {
		return orders, results, nil
	}
	var signs []render.Sign
	drawn := make([]engine.Order, 0, len(orders))
	seen := map[string]bool{}
	for _, o := range orders {
		d, ss := drawOrder(vr, v.State, o)
		drawn = append(drawn, d)
		if key := o.Format(v.State.Map); !seen[key] {
			seen[key] = true
			signs = append(signs, ss...)
		}
	}
	if results != nil {
		out := make([]engine.Result, len(results))
		for i, r := range results {
			out[i] = r
			if r.Order.Kind == engine.Special {
				d, ss := drawOrder(vr, v.State, r.Order)
				out[i].Order = d
				if key := r.Order.Format(v.State.Map); !seen[key] {
					seen[key] = true
					signs = append(signs, ss...)
				}
			}
		}
		results = out
	}
	return drawn, results, signs
}

// drawOrder is one order as drawn, and its signs.
func drawOrder(vr *engine.Variant, s *engine.State, o engine.Order) (d engine.Order, signs []render.Sign) {
	if o.Kind != engine.Special {
		return o, nil
	}
	d = o
	defer func() {
		// A variant's hook that fails on a seat's cut-down position
		// leaves the order undrawn rather than the board.
		if recover() != nil {
			d, signs = o, nil
		}
	}()
	if u, ok := unitOfOrder(s, o, vr.Rules); ok && s.Phase.Type == engine.Movement && vr.Rules != nil && vr.Rules.Special != nil {
		if e, why := vr.Rules.Special(s, u, o); why == "" && e.Kind != engine.Special && e.Kind != engine.NoOrder {
			e.Power = o.Power
			d = e
		}
	}
	if sk, ok := cardgame.Of(s).(cardgame.Sketcher); ok {
		for _, sg := range sk.Sketch(s, o) {
			if k, ok := signKinds[sg.Kind]; ok {
				signs = append(signs, render.Sign{Kind: k, From: sg.From, At: sg.Prov, Power: o.Power, Label: sg.Label})
			}
		}
	}
	if len(signs) == 0 && o.At.Valid() {
		signs = append(signs, render.Sign{Kind: render.SignNote, From: engine.Nowhere, At: o.At.P, Power: o.Power, Label: o.Special})
	}
	return d, signs
}

// unitOfOrder returns the unit of s that o names (engine.UnitOf, the
// engine's one answer: several pieces may share a province), when it is
// of o's power.
func unitOfOrder(s *engine.State, o engine.Order, r *engine.Rules) (engine.Unit, bool) {
	if i := engine.UnitOf(s, &o, r); i >= 0 && (o.Power == "" || s.Units[i].Power == o.Power) {
		return s.Units[i], true
	}
	return engine.Unit{}, false
}
