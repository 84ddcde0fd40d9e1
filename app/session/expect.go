package session

import (
	"errors"
	"fmt"

	"dipdesk/app/store"
	"dipdesk/engine"
)

// ErrStalePhase is returned by every writer of the current phase
// (SubmitOrders, SubmitMany, Process, ApplyEdit) when the phase it was
// told to act on is not the current one: the game has moved on (another
// seat's ready, the game master, a deadline, another process), and
// nothing was changed. Test for it with errors.Is; the error is a
// *StalePhaseError naming both phases.
var ErrStalePhase = errors.New("session: not the current phase")

// StalePhaseError says which phase a writer stated and which is current.
type StalePhaseError struct {
	Stated  string // the phase the caller named, as given
	Current string // the current phase, "F1901M"
}

func (e *StalePhaseError) Error() string {
	return fmt.Sprintf("session: %s is not the current phase (the game is at %s); nothing was changed", e.Stated, e.Current)
}

// Is makes errors.Is(err, ErrStalePhase) true.
func (e *StalePhaseError) Is(target error) bool { return target == ErrStalePhase }

// expect returns the current phase if it is the one the caller states
// ("S1901M", or any form engine.ParsePhase reads), else a
// *StalePhaseError. It is the session's one check of a writer's phase;
// the store then refuses, inside the writing transaction, a phase that
// stopped being current in between (store.ErrNotCurrent,
// store.ErrAdjudicated), so a writer can never act on a later phase than
// the one it named.
func (g *Game) expect(stated string) (store.Phase, error) {
	if err := g.writable(); err != nil {
		return store.Phase{}, err
	}
	cur, err := g.file.Current()
	if err != nil {
		return store.Phase{}, err
	}
	want, err := engine.ParsePhase(stated)
	if err != nil || want.Key() != cur.Name {
		return store.Phase{}, &StalePhaseError{Stated: phaseWords(stated), Current: cur.Name}
	}
	return cur, nil
}

// phaseWords names a stated phase in an error: its short form, or the
// text as given when it is no phase at all.
func phaseWords(stated string) string {
	if p, err := engine.ParsePhase(stated); err == nil {
		return p.Key()
	}
	if stated == "" {
		return "no phase"
	}
	return fmt.Sprintf("%q", stated)
}

// staleFromStore turns the store's refusal of a phase that stopped being
// current during a write into ErrStalePhase for the caller.
func (g *Game) staleFromStore(stated string, err error) error {
	if errors.Is(err, store.ErrNotCurrent) || errors.Is(err, store.ErrAdjudicated) || errors.Is(err, store.ErrAbandoned) {
		cur := "a later phase"
		if p, cerr := g.file.Current(); cerr == nil {
			cur = p.Name
		}
		return fmt.Errorf("%w (%v)", &StalePhaseError{Stated: phaseWords(stated), Current: cur}, err)
	}
	return err
}
