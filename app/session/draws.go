package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"dipdesk/app/store"
	"dipdesk/engine"
)

// The game option that says who rolls the dice, and its values. It is
// the session's, not the variant's: it is kept with the game's options
// and never handed to the variant's setup.
const (
	// OptionDice is the game option "dice": DiceEngine (the default) or
	// DiceEntered.
	OptionDice = "dice"
	// DiceEngine: every draw comes from the game's seed.
	DiceEngine = "engine"
	// DiceEntered: a game master rolls real dice (deals real cards) and
	// enters each die or pick the rules ask for (EnterDraw); hidden
	// draws (a shuffle's swaps) still come from the seed.
	DiceEntered = "entered"
)

// Errors of play that cannot go on.
var (
	// ErrGameOver is returned by the writers of play (Process,
	// SubmitOrders, SubmitMany, EnterDraw) once a phase on the line of
	// play ended the game (End); rolling back before it plays on.
	ErrGameOver = errors.New("session: the game is over")
	// ErrNotActing is returned for orders of a seat that WhoActs says may
	// not act in the phase; nothing is stored.
	ErrNotActing = errors.New("session: that seat does not act in this phase")
)

// sessionOptions are the game options the session reads itself.
var sessionOptions = []string{OptionDice}

// checkDice refuses a value of the dice option other than those known.
func checkDice(v string) error {
	switch v {
	case "", DiceEngine, DiceEntered:
		return nil
	}
	return fmt.Errorf("session: option %s=%q: want %s (the seed rolls) or %s (a game master rolls real dice and enters them)",
		OptionDice, v, DiceEngine, DiceEntered)
}

// variantOptions returns the options meant for the variant's setup: all
// but the session's own.
func variantOptions(o map[string]string) map[string]string {
	if o == nil {
		return nil
	}
	out := map[string]string{}
	for k, v := range o {
		if !slices.Contains(sessionOptions, k) {
			out[k] = v
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// DiceEntered reports whether a game master enters the game's dice
// (game option dice=entered): Process then stops at each die or pick
// nobody entered with a *engine.NeedDraw, and EnterDraw stores it.
func (g *Game) DiceEntered() bool { return g.file.Game().Options[OptionDice] == DiceEntered }

// script turns draws stored by index into a script for engine.Rand: draw
// i at position i, holes (N 0) where nothing is stored.
func script(draws []store.Draw) []engine.Draw {
	n := 0
	for _, d := range draws {
		n = max(n, d.Index+1)
	}
	out := make([]engine.Draw, n)
	for _, d := range draws {
		out[d.Index] = engineDraw(d)
	}
	return out
}

// engineDraw is a stored draw as the engine's type. A draw stored before
// format 3 has no kind and was never entered by hand: it is taken as
// hidden (PhaseDraws learns its kind by replaying the phase).
func engineDraw(d store.Draw) engine.Draw {
	k, ok := engine.ParseDrawKind(d.Kind)
	if !ok {
		k = engine.DrawHidden
	}
	return engine.Draw{Why: d.Why, N: d.N, Value: d.Value, Kind: k, Entered: d.Entered}
}

// adjudicate runs the engine on ps with its stored orders and returns
// the outcome and the draws made. A phase that is played (play) draws
// from its seed, with the values a game master entered when the dice are
// entered, and stops at a draw nobody entered with a *engine.NeedDraw; a
// phase already adjudicated replays its stored draws and never rolls.
func (g *Game) adjudicate(ps PhaseState) (*engine.Outcome, []engine.Draw, error) {
	orders, err := g.Orders(ps.Phase)
	if err != nil {
		return nil, nil, err
	}
	rng := g.phaseRand(ps.Phase.Seq)
	var want []engine.Draw
	switch {
	case ps.Phase.Adjudicated:
		stored, err := g.file.Draws(ps.Phase.ID)
		if err != nil {
			return nil, nil, err
		}
		// Every draw is stored, in order: a gap or an empty range would
		// leave a hole the seed fills, a roll made again.
		for i, d := range stored {
			if d.Index != i || d.N <= 0 {
				return nil, nil, g.damaged("phases", ps.Phase.ID, ps.Phase.Name,
					fmt.Sprintf("its stored draw %d (%q, table draws, idx %d, n %d) is not the next draw of a range: a review would roll it again", i+1, d.Why, d.Index, d.N))
			}
		}
		want = script(stored)
		rng.Script(want)
	case g.DiceEntered():
		entered, err := g.file.EnteredDraws(ps.Phase.ID)
		if err != nil {
			return nil, nil, err
		}
		want = script(entered)
		rng.Script(want).Ask()
	}
	out, err := engine.AdjudicateStep(ps.State, orders, g.variant.Rules, rng)
	made := rng.Draws()
	var need *engine.NeedDraw
	var bad *engine.DrawError
	switch {
	case errors.As(err, &need):
		// The values entered so far must fit before another is asked for.
		if err := g.fits(ps, want[:min(len(want), len(made))], made); err != nil {
			return nil, nil, err
		}
		return nil, nil, fmt.Errorf("session: %s: %w", ps.Phase.Name, err)
	case errors.As(err, &bad):
		return nil, nil, g.drawErr(ps, err)
	case err != nil:
		return nil, nil, err
	}
	if err := g.fits(ps, want, made); err != nil {
		return nil, nil, err
	}
	return out, made, nil
}

// fits checks the draws made against those played from the file: an
// entered value must still be for what it was entered for (orders
// changed since would give it to another roll), and a replay must make
// exactly the draws stored (the variant's rules changed otherwise, and
// the outcome with them).
func (g *Game) fits(ps PhaseState, want, made []engine.Draw) error {
	for i, w := range want {
		if w.N == 0 {
			continue
		}
		if i >= len(made) {
			return g.drawErr(ps, fmt.Errorf("draw %d (%s) is in the file, but the phase makes only %d draw(s)", i+1, w.Why, len(made)))
		}
		if !ps.Phase.Adjudicated && made[i].Why != w.Why {
			return g.drawErr(ps, &engine.DrawError{Index: i, Want: made[i], Got: w})
		}
	}
	if ps.Phase.Adjudicated && len(made) != len(want) {
		return g.drawErr(ps, fmt.Errorf("the phase makes %d draw(s), the file stores %d", len(made), len(want)))
	}
	return nil
}

// drawErr explains a draw of the file that does not fit the phase.
func (g *Game) drawErr(ps PhaseState, err error) error {
	if ps.Phase.Adjudicated {
		return fmt.Errorf("session: %s: replaying %s from its stored draws: %w (were the variant's rules changed since it was played?)",
			g.Path(), ps.Phase.Name, err)
	}
	return fmt.Errorf("session: %s: the values entered for %s no longer fit its orders: %w; roll the phase back (dipdesk rollback --to %s) to enter them again",
		g.Path(), ps.Phase.Name, err, ps.Phase.Name)
}

// EnterDraw stores the value a game master entered for draw index of
// phase, which must be the current phase (else ErrStalePhase): the draw
// Process asked for (engine.NeedDraw.Index), with value as the person
// reads it: a die's face 1..N, a pick's index 0..N-1. It is refused, and
// nothing changes, when the game's dice are the engine's, when that draw
// has a value already (store.ErrDrawEntered: an entered value is never
// overwritten; roll the phase back to correct it), when the phase needs
// another draw first or none, and when the value is out of range. Each
// value is stored as it is entered, so nothing typed is lost.
func (g *Game) EnterDraw(phase string, index int, value int) error {
	p, err := g.expect(phase)
	if err != nil {
		return err
	}
	if !g.DiceEntered() {
		return fmt.Errorf("%w: the dice of this game are the engine's (game option %s=%s); nothing is entered", ErrNotAllowed, OptionDice, DiceEngine)
	}
	if err := g.notOver(); err != nil {
		return err
	}
	cur, err := g.decode(p)
	if err != nil {
		return err
	}
	entered, err := g.file.EnteredDraws(p.ID)
	if err != nil {
		return err
	}
	for _, d := range entered {
		if d.Index == index {
			return fmt.Errorf("%w: draw %d of %s (%s) was entered as %d; roll the phase back to correct it",
				store.ErrDrawEntered, index+1, p.Name, d.Why, engineDraw(d).Shown())
		}
	}
	_, _, err = g.adjudicate(cur)
	var need *engine.NeedDraw
	switch {
	case err == nil:
		return fmt.Errorf("session: %s needs no more draws: process it", p.Name)
	case !errors.As(err, &need):
		return err
	case need.Index != index:
		return fmt.Errorf("session: %s needs draw %d (%s) next, not draw %d", p.Name, need.Index+1, need.Why, index+1)
	}
	d := store.Draw{Index: index, Why: need.Why, N: need.N, Value: value, Kind: store.DrawPick}
	switch {
	case need.Die:
		d.Kind, d.Value = store.DrawDie, value-1
		if value < 1 || value > need.N {
			return fmt.Errorf("session: draw %d (%s) is a d%d: a roll is 1 to %d, not %d; nothing was stored", index+1, need.Why, need.N, need.N, value)
		}
	case value < 0 || value >= need.N:
		return fmt.Errorf("session: draw %d (%s): a value from 0 to %d, not %d; nothing was stored", index+1, need.Why, need.N-1, value)
	}
	return g.staleFromStore(phase, g.file.EnterDraw(p.ID, d))
}

// EnteredDraws returns the values a game master entered for phase (any
// key; "" the current phase): for a phase not adjudicated yet, those
// waiting; for an adjudicated one, its draws that were entered. Draw i
// is at position i and draws nobody entered are holes (N 0), as
// engine.Rand.Script takes them; Shown gives a die's face.
func (g *Game) EnteredDraws(phase string) ([]engine.Draw, error) {
	ps, err := g.Phase(phase)
	if err != nil {
		return nil, err
	}
	if !ps.Phase.Adjudicated {
		rows, err := g.file.EnteredDraws(ps.Phase.ID)
		if err != nil {
			return nil, err
		}
		return script(rows), nil
	}
	rows, err := g.file.Draws(ps.Phase.ID)
	if err != nil {
		return nil, err
	}
	rows = slices.DeleteFunc(rows, func(d store.Draw) bool { return !d.Entered })
	return script(rows), nil
}

// PhaseDraws returns every draw made when ps was adjudicated, in order,
// with what it was for, its kind and whether a game master entered it
// (nil for a phase not adjudicated). A file written before format 3 did
// not store the kind: the phase is replayed from its stored draws to
// learn it (a die the seed rolled then reads as a die).
func (g *Game) PhaseDraws(ps PhaseState) ([]engine.Draw, error) {
	if !ps.Phase.Adjudicated {
		return nil, nil
	}
	rows, err := g.file.Draws(ps.Phase.ID)
	if err != nil {
		return nil, err
	}
	out := make([]engine.Draw, len(rows))
	unknown := false
	for i, d := range rows {
		out[i] = engineDraw(d)
		unknown = unknown || d.Kind == ""
	}
	if unknown {
		_, made, err := g.adjudicate(ps)
		if err != nil {
			return nil, err
		}
		for i := range out {
			if rows[i].Kind == "" {
				out[i].Kind = made[i].Kind
			}
		}
	}
	return out, nil
}

// endRecord is a GameEnd as the file keeps it (table game_end).
type endRecord struct {
	Winners []string       `json:"winners,omitempty"`
	Draw    bool           `json:"draw,omitempty"`
	Points  map[string]int `json:"points,omitempty"`
	Why     string         `json:"why,omitempty"`
}

func marshalEnd(e *engine.GameEnd) ([]byte, error) {
	if e == nil {
		return nil, nil
	}
	r := endRecord{Draw: e.Draw, Why: e.Why}
	for _, w := range e.Winners {
		r.Winners = append(r.Winners, string(w))
	}
	if len(e.Points) > 0 {
		r.Points = map[string]int{}
		for p, n := range e.Points {
			r.Points[string(p)] = n
		}
	}
	return json.Marshal(r)
}

// End returns how the game ended, nil while it goes on: winners (several
// where the variant lets them share), a draw, points per seat and why,
// as stored with the phase that ended it (EndedIn). Process refuses to go
// on once a game has ended; a rollback to that phase or before plays on.
func (g *Game) End() (*engine.GameEnd, error) {
	e, _, err := g.end()
	return e, err
}

// EndedIn returns the key of the phase that ended the game, "" while it
// goes on.
func (g *Game) EndedIn() (string, error) {
	_, key, err := g.end()
	return key, err
}

func (g *Game) end() (*engine.GameEnd, string, error) {
	row, ok, err := g.file.End()
	if err != nil || !ok {
		return nil, "", err
	}
	var r endRecord
	if err := json.Unmarshal(row.Outcome, &r); err != nil {
		return nil, "", g.damaged("game_end", row.PhaseID, row.Phase, "the game's end: "+err.Error())
	}
	e := &engine.GameEnd{Draw: r.Draw, Why: r.Why}
	seat := func(p string) (engine.Power, error) {
		if _, ok := g.m.Power(engine.Power(p)); !ok {
			return "", g.damaged("game_end", row.PhaseID, row.Phase, fmt.Sprintf("the game's end names %q, which is no seat of %s", p, g.variant.Name))
		}
		return engine.Power(p), nil
	}
	for _, w := range r.Winners {
		p, err := seat(w)
		if err != nil {
			return nil, "", err
		}
		e.Winners = append(e.Winners, p)
	}
	if len(r.Points) > 0 {
		e.Points = map[engine.Power]int{}
		for k, n := range r.Points {
			p, err := seat(k)
			if err != nil {
				return nil, "", err
			}
			e.Points[p] = n
		}
	}
	return e, row.Phase, nil
}

// notOver refuses play once the game has ended.
func (g *Game) notOver() error {
	e, key, err := g.end()
	if err != nil || e == nil {
		return err
	}
	return fmt.Errorf("%w: it ended in %s (%s); roll back to play on", ErrGameOver, key, EndWords(g.m, e))
}

// EndWords says how a game ended in a line: "France and Russia win:
// the game ends after the 1901 adjustments", "a draw between France and
// Germany": WinnersWords with the variant's why.
func EndWords(m *engine.Map, e *engine.GameEnd) string {
	s := WinnersWords(m, e)
	if e.Why != "" {
		s += ": " + e.Why
	}
	return s
}

// WinnersWords says who won: "France wins", "France and Russia win", "a
// draw between France and Germany", "a draw".
func WinnersWords(m *engine.Map, e *engine.GameEnd) string {
	names := make([]string, len(e.Winners))
	for i, w := range e.Winners {
		names[i] = m.PowerName(w)
	}
	switch {
	case e.Draw && len(names) == 0:
		return "a draw"
	case e.Draw:
		return "a draw between " + joinAnd(names)
	case len(names) == 1:
		return names[0] + " wins"
	case len(names) > 1:
		return joinAnd(names) + " win"
	}
	return "no winner"
}

func joinAnd(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
