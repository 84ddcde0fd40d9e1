package character2

import (
	"fmt"

	"dipdesk/engine"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit"
)

// What the strike cards show on a seat's board and beside its cards
// (cardgame.go): the closed provinces and suspended centres (public), and
// for a seat's own units when their limited powers may be used again and
// whether a swap bars them.

// skTurnPhase returns the movement phase of turn i.
func skTurnPhase(i int) engine.Phase {
	p := engine.Phase{Year: 1901 + i/2, Season: engine.Spring, Type: engine.Movement}
	if i%2 == 1 {
		p.Season = engine.Fall
	}
	return p
}

func strikesMarks(v engine.View, e *extra) []cardgame.Mark {
	if v.State == nil {
		return nil
	}
	m := v.State.Map
	i := kit.MoveIndex(v.State.Phase)
	var out []cardgame.Mark
	for p, why := range e.Effects.Strikes.closedAt(m, i) {
		out = append(out, cardgame.Mark{Kind: cardgame.MarkClosed, Prov: p, Why: why})
	}
	for _, sp := range e.Effects.Strikes.Suspended {
		if i > sp.Through {
			continue
		}
		if p, ok := m.Lookup(sp.Prov); ok {
			out = append(out, cardgame.Mark{Kind: cardgame.MarkSuspended, Prov: p,
				Why: fmt.Sprintf("no supply centre until %s (%s)", skTurnPhase(sp.Through+1).Key(), sp.Why)})
		}
	}
	return out
}

func strikesNotes(v engine.View, e *extra, u engine.Unit) []string {
	if v.State == nil {
		return nil
	}
	var out []string
	id := idOf(u)
	st := &e.Effects.Strikes
	if t, ok := st.Barred[id]; ok && t >= kit.MoveIndex(v.State.Phase) {
		out = append(out, "may not use its power in "+skTurnPhase(t).Key()+" (the turn after a Doppelganger's swap)")
	}
	last, used := st.LastUse[id]
	if !used || !e.KnownTo(id, v.Seat) {
		return out
	}
	next := -1
	switch e.KindOf(u) {
	case gasAttacker:
		next = last + gasEvery
	case hypnotist, psychic:
		next = (last/2 + 1) * 2
	}
	if next > kit.MoveIndex(v.State.Phase) {
		out = append(out, "used its power in "+skTurnPhase(last).Key()+"; may use it again from "+skTurnPhase(next).Key())
	}
	return out
}

func strikesMarksParts(r *registry) {
	r.Mark(strikesMarks)
	r.Note(strikesNotes)
}
