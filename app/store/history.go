package store

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Adjudicated stores the outcome of adjudicating the current phase: see
// AdjudicatedWith (a game that did not end).
func (f *File) Adjudicated(phaseID int64, results []Result, draws []Draw, next Phase) (Phase, error) {
	return f.AdjudicatedWith(phaseID, Adjudication{Results: results, Draws: draws, Next: next})
}

// Adjudication is what adjudicating a phase gives the store.
type Adjudication struct {
	Results []Result
	Draws   []Draw
	// End is how the game ended with this phase (JSON, opaque to the
	// store), nil when it goes on. It is kept with the phase: a rollback
	// to the phase or before takes it off the live line.
	End  []byte
	Next Phase
}

// AdjudicatedWith stores the outcome of adjudicating the current phase in
// ONE transaction: its results and draws (Index and PhaseID are set from
// their position and phaseID), the phase marked adjudicated, the game's
// end if it ended, the next phase inserted (Parent = phaseID, Seq = the
// phase's Seq + 1, a zero Created becomes now) and an "adjudicate" audit
// entry. It returns next with its ID. It is refused for a phase already
// adjudicated (ErrAdjudicated), abandoned (ErrAbandoned) or not current
// (ErrNotCurrent), and for a next phase whose key a live phase has
// (ErrDuplicatePhase); then nothing is written.
func (f *File) AdjudicatedWith(phaseID int64, a Adjudication) (Phase, error) {
	next := a.Next
	if next.Name == "" {
		return Phase{}, fileErr(f.path, nil, "the next phase has no name", nil)
	}
	now := f.now()
	err := f.onCurrent(phaseID, func(tx *sql.Tx, p Phase) error {
		if err := insertOutcome(tx, phaseID, a.Results, a.Draws); err != nil {
			return err
		}
		if _, err := tx.Exec("UPDATE phases SET adjudicated = 1 WHERE id = ?", phaseID); err != nil {
			return err
		}
		if a.End != nil {
			if _, err := insertOne(tx, "game_end", phaseID, string(a.End)); err != nil {
				return err
			}
		}
		next = Phase{Seq: p.Seq + 1, Name: next.Name, State: next.State, Parent: phaseID, Created: next.Created}
		if next.Created.IsZero() {
			next.Created = now
		}
		next.Created = storedTime(next.Created)
		if err := f.keyFree(tx, next.Name); err != nil {
			return err
		}
		var err error
		if next.ID, err = insertPhase(tx, next, nil); err != nil {
			return err
		}
		return addAudit(tx, now, KindAdjudicate, p.Name, adjudicateDetail(p, a, next))
	})
	if err != nil {
		return Phase{}, f.sqlErr("storing the adjudication", err)
	}
	if next.State == nil {
		next.State = []byte{}
	}
	return next, nil
}

// keyFree refuses a new live phase whose key a live phase has: a key
// names one phase of the line of play (the unique index phases_live_key
// would refuse it too, in SQLite's words).
func (f *File) keyFree(q querier, name string) error {
	var id int64
	err := q.QueryRow("SELECT id FROM phases WHERE name = ? AND abandoned = 0", name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	return fileErr(f.path, ErrDuplicatePhase, fmt.Sprintf("phase %d is %s already; the variant's next step must have a key of its own", id, name), nil)
}

// insertOutcome stores the results and draws of a phase.
func insertOutcome(tx *sql.Tx, phaseID int64, results []Result, draws []Draw) error {
	in, err := newInserter(tx, "results")
	if err != nil {
		return err
	}
	defer in.close()
	for i, r := range results {
		if _, err := in.insert(phaseID, int64(i), r.Power, r.Order, boolInt(r.OK), r.Code, r.Reason); err != nil {
			return err
		}
	}
	if len(draws) == 0 {
		return nil
	}
	dr, err := newInserter(tx, "draws")
	if err != nil {
		return err
	}
	defer dr.close()
	withKind := len(specOf("draws").columns()) > len(specOf("draws").cols)
	for i, d := range draws {
		vals := []any{phaseID, int64(i), d.Why, int64(d.N), int64(d.Value)}
		if withKind {
			vals = append(vals, drawKind(d.Kind), boolInt(d.Entered))
		}
		if _, err := dr.insert(vals...); err != nil {
			return err
		}
	}
	return nil
}

// drawKind is the kind a new draw row stores: a draw given without one
// is hidden (a draw nobody makes by hand).
func drawKind(k string) string {
	if k == "" {
		return DrawHidden
	}
	return k
}

// adjudicateDetail is the audit text of an adjudication.
func adjudicateDetail(p Phase, a Adjudication, next Phase) string {
	failed, entered := 0, 0
	for _, r := range a.Results {
		if !r.OK {
			failed++
		}
	}
	for _, d := range a.Draws {
		if d.Entered {
			entered++
		}
	}
	draws := fmt.Sprintf("%d draw(s)", len(a.Draws))
	if entered > 0 {
		draws += fmt.Sprintf(" (%d entered by the game master)", entered)
	}
	end := ""
	if a.End != nil {
		end = "; the game ended"
	}
	return fmt.Sprintf("%s adjudicated: %d result(s), %d failed, %s%s; next phase %s (id %d)",
		p.Name, len(a.Results), failed, draws, end, next.Name, next.ID)
}

// editDetail is the audit text of an edit: JSON keeping the note and the
// old and new states byte for byte (as JSON strings), so nothing is lost.
type editDetail struct {
	Note  string `json:"note"`
	Phase int64  `json:"phase_id"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// Edit replaces the state of the current phase (a game master's
// correction). The "edit" audit entry's Detail is a JSON object with the
// note (detail), the phase id and the old and new states as strings, so
// the old position is never lost. It is refused for a phase that is
// adjudicated, abandoned or not current: roll back to change the past.
func (f *File) Edit(phaseID int64, newState []byte, detail string) error {
	now := f.now()
	err := f.onCurrent(phaseID, func(tx *sql.Tx, p Phase) error {
		// The checksum covers the stored texts, read back as they are.
		var parent, replaces any
		var created string
		err := tx.QueryRow("SELECT parent, replaces, created FROM phases WHERE id = ?", phaseID).Scan(&parent, &replaces, &created)
		if err != nil {
			return err
		}
		sum := rowSum(int64(p.Seq), p.Name, string(newState), parent, replaces, created)
		if _, err := tx.Exec("UPDATE phases SET state = ?, crc = ? WHERE id = ?", string(newState), sum, phaseID); err != nil {
			return err
		}
		text, err := json.Marshal(editDetail{Note: detail, Phase: p.ID, Old: string(p.State), New: string(newState)})
		if err != nil {
			return err
		}
		return addAudit(tx, now, KindEdit, p.Name, string(text))
	})
	return f.sqlErr("editing the phase", err)
}

// Rollback goes back to a phase on the live line so that it can be played
// again: that phase and every later live phase are marked abandoned (they
// stay in the file and in Phases(true)), a new phase row copying its
// Name, State, Seq and Parent is inserted, the old phase's current orders
// are copied onto it (so the game master can correct one power and
// adjudicate again), and a "rollback" audit entry records the reason. It
// returns the new phase. Rolling back to an abandoned phase is refused
// with ErrAbandoned.
func (f *File) Rollback(toPhaseID int64, reason string) (Phase, error) {
	db, err := f.writer()
	if err != nil {
		return Phase{}, err
	}
	now := f.now()
	var fresh Phase
	err = withTx(db, func(tx *sql.Tx) error {
		to, err := f.phaseByID(tx, toPhaseID)
		if err != nil {
			return err
		}
		if to.Abandoned {
			return fileErr(f.path, ErrAbandoned, fmt.Sprintf("phase %d (%s) is not on the live line", to.ID, to.Name), nil)
		}
		abandoned, err := abandonFrom(tx, to.ID)
		if err != nil {
			return err
		}
		fresh = Phase{Seq: to.Seq, Name: to.Name, State: to.State, Parent: to.Parent, Created: storedTime(now)}
		if fresh.ID, err = insertPhase(tx, fresh, to.ID); err != nil {
			return err
		}
		copied, err := copyOrders(tx, to.ID, fresh.ID)
		if err != nil {
			return err
		}
		detail := fmt.Sprintf("rolled back to %s (phase %d): %s\nabandoned: %s\nnew phase %d with %d order(s) copied",
			to.Name, to.ID, reason, strings.Join(abandoned, ", "), fresh.ID, copied)
		return addAudit(tx, now, KindRollback, to.Name, detail)
	})
	if err != nil {
		return Phase{}, f.sqlErr("rolling back", err)
	}
	return fresh, nil
}

// abandonFrom marks phase id and every later live phase abandoned and
// returns them as "name (id)".
func abandonFrom(tx *sql.Tx, id int64) ([]string, error) {
	rows, err := tx.Query("SELECT id, name FROM phases WHERE abandoned = 0 AND id >= ? ORDER BY id", id)
	if err != nil {
		return nil, err
	}
	var names []string
	for rows.Next() {
		var pid int64
		var name string
		if err := rows.Scan(&pid, &name); err != nil {
			rows.Close()
			return nil, err
		}
		names = append(names, fmt.Sprintf("%s (%d)", name, pid))
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	_, err = tx.Exec("UPDATE phases SET abandoned = 1 WHERE abandoned = 0 AND id >= ?", id)
	return names, err
}

// copyOrders copies the current orders of phase from onto phase to,
// keeping their submission time and noting where each came from.
func copyOrders(tx *sql.Tx, from, to int64) (int, error) {
	orders, err := readOrders(tx, "SELECT "+orderCols+" FROM orders WHERE phase_id = ? AND current = 1 ORDER BY id", from)
	if err != nil {
		return 0, err
	}
	in, err := newInserter(tx, "orders")
	if err != nil {
		return 0, err
	}
	defer in.close()
	for _, o := range orders {
		_, err := in.insert(to, o.Power, o.Typed, string(o.Parsed), o.Canonical, formatTime(o.Submitted), o.ID)
		if err != nil {
			return 0, err
		}
	}
	return len(orders), nil
}
