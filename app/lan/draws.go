package lan

import (
	"errors"
	"fmt"
	"slices"

	"dipdesk/engine"
)

// PendingDraw is a roll the host waits for its person to enter: in a game
// whose dice a game master rolls at the table (session.DiceEntered), the
// adjudication of a step stopped at a die or pick nobody entered
// (*engine.NeedDraw). The host is the game master: no seat ever decides a
// draw, and none is told what it is for.
type PendingDraw struct {
	Phase, Title string   // the step being adjudicated: its key and display name
	Index        int      // the draw's place among the step's draws, from 0
	Why          string   // what it is for: "the Borg's way from Bohemia"
	N            int      // its range: a die's sides, a pick's options
	Die          bool     // a die: the value entered is the face, 1..N
	Options      []string // a pick's options by name: the value entered is the index, 0..N-1
}

// Range says what values the draw takes, for a prompt: "a d6: 1 to 6",
// "one of 0 Paris, 1 Vienna".
func (d PendingDraw) Range() string {
	switch {
	case d.Die:
		return fmt.Sprintf("a d%d: 1 to %d", d.N, d.N)
	case len(d.Options) > 0:
		s := "one of"
		for i, o := range d.Options {
			if i > 0 {
				s += ","
			}
			s += fmt.Sprintf(" %d %s", i, o)
		}
		return s
	}
	return fmt.Sprintf("a number from 0 to %d", d.N-1)
}

// ErrNoDrawAwaited is EnterDraw when the host waits for no roll, or for
// another one.
var ErrNoDrawAwaited = errors.New("lan: no such roll is awaited")

// PendingDraw returns the roll the host waits for its person to enter,
// if any.
func (h *Host) PendingDraw() (PendingDraw, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.draw == nil {
		return PendingDraw{}, false
	}
	d := *h.draw
	d.Options = slices.Clone(d.Options)
	return d, true
}

// OnDraw registers f to be called (under no lock) with each roll the
// host comes to wait for; PendingDraw tells one awaited before f was
// registered.
func (h *Host) OnDraw(f func(PendingDraw)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.onDraw = append(h.onDraw, f)
}

// EnterDraw stores the value the host's person entered for the awaited
// roll index of step phase (a die's face 1..N, a pick's index), then goes
// on with the step's adjudication: it asks for the next roll, or
// adjudicates and sends every seat its results. A value refused (out of
// range, another roll, a step that moved on) changes nothing, and the
// roll is still awaited.
func (h *Host) EnterDraw(phase string, index, value int) error {
	h.gmu.Lock()
	defer h.gmu.Unlock()
	h.flush()
	h.mu.Lock()
	before := h.markLocked()
	err := h.enterDrawLocked(phase, index, value)
	n := h.noticeLocked(before)
	h.mu.Unlock()
	n.send()
	return err
}

func (h *Host) enterDrawLocked(phase string, index, value int) error {
	d := h.draw
	switch {
	case d == nil:
		return fmt.Errorf("%w: the host waits for no roll (in %s)", ErrNoDrawAwaited, h.phase)
	case phase != d.Phase || index != d.Index:
		return fmt.Errorf("%w: the roll awaited is draw %d of %s (%s), not draw %d of %s", ErrNoDrawAwaited, d.Index+1, d.Phase, d.Why, index+1, phase)
	}
	var err error
	h.unlocked(func() { err = h.g.EnterDraw(phase, index, value) })
	if err != nil {
		return err
	}
	h.draw = nil
	if err := h.adjudicateLocked("the game master entered the dice"); err != nil && !errors.Is(err, errDrawAwaited) {
		return err
	}
	h.maybeAdjudicate()
	return nil
}

// errDrawAwaited is an adjudication that stopped at a roll nobody
// entered: the host now waits for its person (h.draw).
var errDrawAwaited = errors.New("lan: waiting for the game master's roll")

// awaitDraw records the roll the adjudication of the current step
// stopped at (host lock held).
func (h *Host) awaitDraw(need *engine.NeedDraw) {
	h.draw = &PendingDraw{Phase: h.phase, Title: h.title, Index: need.Index, Why: need.Why, N: need.N, Die: need.Die,
		Options: slices.Clone(need.Options)}
	h.drawSeq++
	h.log.Info("waiting for a roll", "phase", h.phase, "draw", need.Index, "why", need.Why)
}

// mark is what the callbacks are told of: the step, and the roll awaited.
type mark struct {
	phase   string
	drawSeq int
}

func (h *Host) markLocked() mark { return mark{h.phase, h.drawSeq} }

// notice is the callbacks to call once the host's lock is let go, with
// what changed since a mark.
type notice struct {
	phase   string
	onPhase []func(string)
	draw    *PendingDraw
	onDraw  []func(PendingDraw)
}

// noticeLocked says what changed since before (host lock held).
func (h *Host) noticeLocked(before mark) notice {
	var n notice
	if h.phase != before.phase {
		n.phase, n.onPhase = h.phase, h.onPhase
	}
	if h.drawSeq != before.drawSeq && h.draw != nil {
		d := *h.draw
		n.draw, n.onDraw = &d, h.onDraw
	}
	return n
}

// send calls the callbacks (no lock held): the new step first, then the
// roll awaited in it.
func (n notice) send() {
	for _, f := range n.onPhase {
		f(n.phase)
	}
	if n.draw != nil {
		for _, f := range n.onDraw {
			f(*n.draw)
		}
	}
}
