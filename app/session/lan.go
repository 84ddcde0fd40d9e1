package session

import (
	"errors"
	"fmt"

	"dipdesk/app/store"
	"dipdesk/engine"
)

// AddPress stores a press message sent in the current phase by from (a
// power, or "gm") to the powers in to (none: everyone). What a seat may
// read of the stored press is for the caller to decide (app/lan sends a
// seat only what is addressed to it or public).
func (g *Game) AddPress(from string, to []engine.Power, body string) (store.Press, error) {
	if err := g.writable(); err != nil {
		return store.Press{}, err
	}
	if _, ok := g.m.Power(engine.Power(from)); !ok && from != "gm" {
		return store.Press{}, fmt.Errorf("session: press from unknown power %q", from)
	}
	var names []string
	for _, p := range to {
		if _, ok := g.m.Power(p); !ok {
			return store.Press{}, fmt.Errorf("session: press to unknown power %q", p)
		}
		names = append(names, string(p))
	}
	cur, err := g.file.Current()
	if err != nil {
		return store.Press{}, err
	}
	return g.file.AddPress(store.Press{Phase: cur.Name, From: from, To: names, Body: body, Sent: g.now().UTC()})
}

// Press returns every press message of the game, in the order sent.
func (g *Game) Press() ([]store.Press, error) { return g.file.Press() }

// PressPage returns at most limit press messages with ids in (after,
// upTo], in the order sent (a backlog read a page at a time).
func (g *Game) PressPage(after, upTo int64, limit int) ([]store.Press, error) {
	return g.file.PressPage(after, upTo, limit)
}

// LastPressID returns the id of the newest press message, 0 if none.
func (g *Game) LastPressID() (int64, error) { return g.file.LastPressID() }

// SetSeatToken records the hash of power's seat token (app/lan makes
// it; "" revokes the seat's token).
func (g *Game) SetSeatToken(power engine.Power, hash string) error {
	if err := g.writable(); err != nil {
		return err
	}
	return g.file.SetSeatToken(string(power), hash)
}

// SeatTokens returns the hash of the seat token in force for each power
// that has one.
func (g *Game) SeatTokens() (map[engine.Power]string, error) {
	rows, err := g.file.SeatTokens()
	if err != nil {
		return nil, err
	}
	out := make(map[engine.Power]string, len(rows))
	for p, h := range rows {
		out[engine.Power(p)] = h
	}
	return out, nil
}

// Submission is one power's orders text for SubmitMany.
type Submission struct {
	Power engine.Power
	Text  string
}

// Submitted is what SubmitMany did with one submission: the orders kept
// and the bad lines, as SubmitOrders returns them. Refused is set when
// the submission was refused whole (ErrNothingRead, ErrTooManyOrders):
// nothing of it was stored and the power's earlier orders stay.
type Submitted struct {
	Orders  []engine.Order
	Errors  []error
	Refused error
}

// SubmitMany stores several powers' orders for phase, which must be the
// current phase (else ErrStalePhase and nothing is stored), in one
// transaction (one disk sync), each as SubmitOrders would. err is for
// the whole batch (nothing stored; ErrGameOver once the game has ended);
// a submission naming an unknown power makes the whole batch fail, so
// callers check powers first. A submission refused on its own
// (Submitted.Refused: a seat WhoActs says may not act, ErrNotActing; or
// ErrNothingRead, ErrTooManyOrders) does not stop the others.
func (g *Game) SubmitMany(phase string, subs []Submission) ([]Submitted, error) {
	cur, err := g.expect(phase)
	if err != nil {
		return nil, err
	}
	acting, err := g.playable(cur)
	if err != nil {
		return nil, err
	}
	out := make([]Submitted, len(subs))
	batch := make([]store.Submission, 0, len(subs))
	for i, s := range subs {
		if _, ok := g.m.Power(s.Power); ok && !acting.Allows(s.Power) {
			skip, err := g.mayAct(cur, acting, s.Power, s.Text)
			if skip || err != nil {
				out[i] = Submitted{Refused: err}
				continue
			}
		}
		good, rows, errs, err := g.parseSubmission(s.Power, s.Text)
		switch {
		case errors.Is(err, ErrNothingRead) || errors.Is(err, ErrTooManyOrders):
			out[i] = Submitted{Errors: errs, Refused: err}
			continue
		case err != nil:
			return nil, err
		}
		out[i] = Submitted{Orders: good, Errors: errs}
		batch = append(batch, store.Submission{Power: string(s.Power), Orders: rows})
	}
	if len(batch) == 0 {
		return out, nil
	}
	if err := g.file.SubmitBatch(cur.ID, batch); err != nil {
		return nil, g.staleFromStore(phase, err)
	}
	return out, nil
}
