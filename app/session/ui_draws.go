package session

import "dipdesk/engine"

// SeatDraws returns the draws made when ps was adjudicated that seat may
// read, in order: every one for the game master; for a seat and the
// public only the dice, rolled in the open, as the reports list them
// (writeDraws): a hidden draw (a shuffle's swaps) or a pick (a card dealt
// from a real deck) would tell a secret by its reason or its value. nil
// for a phase not adjudicated.
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
	return out, nil
}
