package session

import (
	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/variants/cardgame"
)

// markKinds maps the card games' signs to the renderer's.
var markKinds = map[cardgame.MarkKind]render.MarkKind{
	cardgame.MarkMine:      render.MarkMine,
	cardgame.MarkClosed:    render.MarkClosed,
	cardgame.MarkSuspended: render.MarkSuspended,
	cardgame.MarkDisorder:  render.MarkDisorder,
	cardgame.MarkHidden:    render.MarkHidden,
	cardgame.MarkActedOn:   render.MarkActedOn,
}

// BoardMarks returns the signs the cards left on the board of view v, for
// render.Options.Marks, as the variant's cardgame.Game gives them for v's
// seat (Davis: the seat's own mines, closed spaces, suspended centres,
// civil disorder; Galt: also the invisible units the seat may see). A
// kind the renderer does not know is left out.
func BoardMarks(v engine.View) []render.Mark {
	cg := cardgame.Of(v.State)
	if cg == nil {
		return nil
	}
	var out []render.Mark
	for _, mk := range cg.Marks(v) {
		if k, ok := markKinds[mk.Kind]; ok {
			out = append(out, render.Mark{Kind: k, Prov: mk.Prov, Power: mk.Power, Why: mk.Why, Tag: mk.Tag})
		}
	}
	return out
}
