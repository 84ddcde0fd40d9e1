package session

import (
	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/variants/character"
)

// BoardMarks returns the signs the cards left on the board of view v, for
// render.Options.Marks: the seat's own mines only (Davis #12: a mine is
// known to its layer and the game master; the view already dropped the
// others), closed spaces (#9 annihilated, #10 gassed), suspended centres
// and units in civil disorder, which the game master reports to all. An
// effect that has run out by v's turn is not drawn.
func BoardMarks(v engine.View) []render.Mark {
	e := cardsOf(v.State)
	if e == nil {
		return nil
	}
	m, now := v.State.Map, character.MoveIndex(v.State.Phase)
	var out []render.Mark
	lookup := func(abbr string) (engine.ProvinceID, bool) { return m.Lookup(abbr) }
	for _, c := range e.Effects.Closures {
		if p, ok := lookup(c.Prov); ok && c.Until >= now {
			out = append(out, render.Mark{Kind: render.MarkClosed, Prov: p, Why: c.Why})
		}
	}
	for _, c := range e.Effects.Suspended {
		if p, ok := lookup(c.Prov); ok && c.Until >= now {
			out = append(out, render.Mark{Kind: render.MarkSuspended, Prov: p, Why: c.Why})
		}
	}
	for _, mine := range e.Effects.Mines {
		if p, ok := lookup(mine.Prov); ok {
			out = append(out, render.Mark{Kind: render.MarkMine, Prov: p, Power: mine.Power, Why: "mine laid " + mine.Laid.Short()})
		}
	}
	for _, d := range e.Effects.Disorders {
		if d.Until < now {
			continue
		}
		for _, u := range v.State.Units {
			if character.IDOf(u) == d.Unit {
				out = append(out, render.Mark{Kind: render.MarkDisorder, Prov: u.Loc.P, Power: u.Power, Why: d.Why})
			}
		}
	}
	return out
}
