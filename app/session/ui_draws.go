package session

import "dipdesk/engine"

// SeatDraws returns the draws made when ps was adjudicated that seat may
// read, in order: every one for the game master; for a seat and the
// public only the dice, rolled in the open, as the reports list them
// (writeDraws): a hidden draw (a shuffle's swaps) or a pick (a card dealt
// from a real deck) would tell a secret by its reason or its value. A
// seat from which the variant hides part of the step's results
// (Rules.ConcealOutcome: Questionable's characters with
// character_reports private) reads no draw at all: a die's reason names
// what it decided ("Germany's Embezzler on Russia's A war"), and which
// die goes with a result the seat may read is the variant's to say, in
// that result's words. nil for a phase not adjudicated.
func (g *Game) SeatDraws(ps PhaseState, seat engine.Seat) ([]engine.Draw, error) {
	draws, err := g.PhaseDraws(ps)
	if err != nil || seat.GM {
		return draws, err
	}
	var out []engine.Draw
	for _, d := range draws {
		if d.Kind == engine.DrawDie {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	if all, err := g.readsEveryResult(ps, seat); err != nil || !all {
		return nil, err
	}
	return out, nil
}

// readsEveryResult reports whether seat reads every result of the
// adjudicated phase ps, word for word, as the game master does.
func (g *Game) readsEveryResult(ps PhaseState, seat engine.Seat) (bool, error) {
	r := g.variant.Rules
	if r == nil || r.ConcealOutcome == nil {
		return true, nil
	}
	full, err := g.Replay(ps)
	if err != nil {
		return false, err
	}
	mine := engine.OutcomeFor(ps.State, full, seat, r)
	if len(mine.Results) != len(full.Results) {
		return false, nil
	}
	for i := range mine.Results {
		if mine.Results[i].Reason != full.Results[i].Reason {
			return false, nil
		}
	}
	return true, nil
}
