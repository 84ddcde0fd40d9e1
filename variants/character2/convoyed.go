package character2

import (
	"slices"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// A plain move to a space the map does not link the unit to is, in the
// rulebook, a move by convoy. A card may make the same move another way: a
// Jumper's jump (over the convoying fleet itself), a Water Walker's
// crossing, a Superfleet's sea-to-sea move (into the Caspian too), an
// Explorer's strait, a Double Mover's two steps. When a convoy is ordered
// for that move and its convoying units make a route there, the move is a
// move by convoy: the player who wrote a plain move and had it convoyed
// means the convoy, so the card is not used (a convoy can be disrupted, a
// card's move cannot) and not revealed (rule 2 reveals a power's use). A
// card's move is still made when the order names it (a "jump"), or when
// no convoy ordered for the move makes a route.
//
// convoyedRewrite marks such a move "via convoy" before any card reads it
// (the Jumper's Rewrite reads a plain move only a jump makes as the jump;
// the Double Mover's reads a two-step move as its double move), so the
// engine takes the convoy route whoever's the convoy is (without the mark
// it does only for an army convoyed by its own power, DATC 4.A.3). An
// Amphibious unit "may not ... be convoyed": its own Rewrite drops the
// mark again.
func convoyedParts(r *registry) {
	r.Rewrite(priorityOf(jumper)-1, convoyedRewrite)
}

func convoyedRewrite(s *engine.State, orders []engine.Order, _ *engine.Rand) ([]engine.Order, []string) {
	if s.Phase.Type != engine.Movement {
		return orders, nil
	}
	out, copied := orders, false
	for k, o := range orders {
		if o.Kind != engine.Move || o.ViaConvoy || !o.To.Valid() || int(o.To.P) >= s.Map.NumProvinces() {
			continue
		}
		i := kit.OrderUnit(s, &o, reg.Rules())
		if i < 0 {
			continue
		}
		// Every unit, with a card or not, so that the mark tells no one
		// which units hold a card that could have made the move.
		if u := s.Units[i]; s.Map.Adjacent(u.Type, u.Loc, o.To.P) {
			continue
		}
		if convoyRoute(s, orders, k) {
			if !copied {
				out, copied = slices.Clone(orders), true // the caller's orders stay as given
			}
			out[k].ViaConvoy = true
		}
	}
	return out, nil
}

// convoyRoute reports whether the units ordered to convoy move k (the
// convoys a Neanderthal's rule leaves, neanderthalRewrite) make a route
// for it (kit.ConvoyRoute, judged by the variant's hooks without its
// Rewrite, After and phase parts).
func convoyRoute(s *engine.State, orders []engine.Order, k int) bool {
	r := *reg.Rules()
	r.Rewrite, r.After, r.Sequence, r.Phase, r.NextPhase = nil, nil, nil, nil, nil
	return kit.ConvoyRoute(s, orders, k, &r, func(trial []engine.Order) []engine.Order {
		trial, _ = neanderthalRewrite(s, slices.Clone(trial), nil)
		return trial
	})
}
