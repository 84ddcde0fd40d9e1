package kit

import (
	"dipdesk/engine"
	"dipdesk/variants/cardgame"
)

// The signs of the special orders both character variants give, as a
// board draws them (cardgame.Sketcher); each variant's Sketch reads its
// own orders and calls these.

// SketchedUnit returns the unit special order o names in s (OrderUnit with
// the variant's rules r); ok false for an order that names none or is no
// special order.
func SketchedUnit(s *engine.State, o engine.Order, r *engine.Rules) (engine.Unit, bool) {
	i := OrderUnit(s, &o, r)
	if i < 0 || o.Kind != engine.Special {
		return engine.Unit{}, false
	}
	return s.Units[i], true
}

// TargetSign is a card acting from u on province p (label: the order's
// word, "annihilate").
func TargetSign(u engine.Unit, p engine.ProvinceID, label string) []cardgame.Sign {
	return []cardgame.Sign{{Kind: cardgame.SignTarget, From: u.Loc, Prov: p, Label: label}}
}

// MineSign is a mine laid or picked up in p (label: "lay mine", "pick up
// mine").
func MineSign(p engine.ProvinceID, label string) []cardgame.Sign {
	return []cardgame.Sign{{Kind: cardgame.SignMine, From: engine.Nowhere, Prov: p, Label: label}}
}

// DoubleMoveSign is a double move's second step, from first to second.
func DoubleMoveSign(first, second engine.Loc) []cardgame.Sign {
	return []cardgame.Sign{{Kind: cardgame.SignMove, From: first, Prov: second.P, Label: "double move"}}
}

// HypnosisSigns are a Hypnotist u's victim and the move it is made to
// give, when the written order is one.
func HypnosisSigns(u, victim engine.Unit, written engine.Order, label string) []cardgame.Sign {
	out := TargetSign(u, victim.Loc.P, label)
	if written.Kind == engine.Move && written.To.Valid() {
		out = append(out, cardgame.Sign{Kind: cardgame.SignMove, From: victim.Loc, Prov: written.To.P})
	}
	return out
}
