package store

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// EnterDraw stores the value a game master entered for draw d.Index of
// the current phase phaseID (a die rolled at the table, a card dealt by
// hand), with the audit entry "draw". The value waits in the table
// entered_draws until the phase is adjudicated, whose draws then say it
// was entered. Rows are only added: a draw that has a value already is
// refused (ErrDrawEntered), and so are a phase that is adjudicated,
// abandoned or not current; a mistyped value is corrected by rolling the
// phase back, which leaves it on the abandoned phase. d.Kind must be
// DrawHidden, DrawDie or DrawPick, and 0 <= d.Value < d.N.
func (f *File) EnterDraw(phaseID int64, d Draw) error {
	switch {
	case d.Index < 0:
		return fileErr(f.path, nil, fmt.Sprintf("draw %d: no such draw", d.Index), nil)
	case d.N <= 0 || d.Value < 0 || d.Value >= d.N:
		return fileErr(f.path, nil, fmt.Sprintf("draw %d: value %d is not in 0..%d", d.Index+1, d.Value, d.N-1), nil)
	case d.Kind != DrawHidden && d.Kind != DrawDie && d.Kind != DrawPick:
		return fileErr(f.path, nil, fmt.Sprintf("draw %d: unknown kind %q", d.Index+1, d.Kind), nil)
	}
	now := f.now()
	err := f.onCurrent(phaseID, func(tx *sql.Tx, p Phase) error {
		var have int64
		err := tx.QueryRow("SELECT value FROM entered_draws WHERE phase_id = ? AND idx = ?", phaseID, d.Index).Scan(&have)
		switch {
		case err == nil:
			return fileErr(f.path, ErrDrawEntered, fmt.Sprintf("draw %d of %s (%s) was entered as %d; roll the phase back to correct it",
				d.Index+1, p.Name, d.Why, shown(d.Kind, int(have))), nil)
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		if _, err := insertOne(tx, "entered_draws", phaseID, int64(d.Index), d.Why, int64(d.N), int64(d.Value), d.Kind, formatTime(now)); err != nil {
			return err
		}
		return addAudit(tx, now, KindDraw, p.Name, fmt.Sprintf("draw %d (%s): %d entered by the game master",
			d.Index+1, d.Why, shown(d.Kind, d.Value)))
	})
	return f.sqlErr("storing an entered draw", err)
}

// shown is a value as people read it: a die's face, else the value.
func shown(kind string, v int) int {
	if kind == DrawDie {
		return v + 1
	}
	return v
}

// EnteredDraws returns the values a game master entered for phase
// phaseID, by draw index (Entered set, At when it was entered).
func (f *File) EnteredDraws(phaseID int64) ([]Draw, error) {
	db, err := f.conn()
	if err != nil {
		return nil, err
	}
	if _, err := f.phaseByID(db, phaseID); err != nil {
		return nil, f.sqlErr("reading entered draws", err)
	}
	cols := specOf("entered_draws").cols
	rows, err := db.Query("SELECT id, crc, "+strings.Join(cols, ", ")+" FROM entered_draws WHERE phase_id = ? ORDER BY idx", phaseID)
	if err != nil {
		return nil, f.sqlErr("reading entered draws", err)
	}
	defer rows.Close()
	var out []Draw
	for rows.Next() {
		var d Draw
		var id, crc any
		var at string
		if err := rows.Scan(&id, &crc, &d.PhaseID, &d.Index, &d.Why, &d.N, &d.Value, &d.Kind, &at); err != nil {
			return nil, f.sqlErr("reading entered draws", err)
		}
		err := checkRow("entered_draws", id, crc, d.PhaseID, int64(d.Index), d.Why, int64(d.N), int64(d.Value), d.Kind, at)
		if err != nil {
			return nil, f.sqlErr("reading entered draws", err)
		}
		if d.At, err = parseTime(at); err != nil {
			return nil, f.sqlErr("reading entered draws", err)
		}
		d.Entered = true
		out = append(out, d)
	}
	return out, f.sqlErr("reading entered draws", rows.Err())
}

// End is how a game ended, as stored with the phase that ended it.
type End struct {
	PhaseID int64
	Phase   string // the key of the phase that ended the game
	Outcome []byte // JSON, opaque to the store
}

// End returns how the game ended, if a phase on the live line ended it
// (the first such phase: a later one cannot be adjudicated by the
// session). ok is false while the game goes on.
func (f *File) End() (End, bool, error) {
	db, err := f.conn()
	if err != nil {
		return End{}, false, err
	}
	var e End
	var id, crc any
	err = db.QueryRow(`SELECT e.id, e.crc, e.phase_id, p.name, e.outcome FROM game_end e JOIN phases p ON p.id = e.phase_id
		WHERE p.abandoned = 0 ORDER BY p.id LIMIT 1`).Scan(&id, &crc, &e.PhaseID, &e.Phase, &e.Outcome)
	if errors.Is(err, sql.ErrNoRows) {
		return End{}, false, nil
	}
	if err != nil {
		return End{}, false, f.sqlErr("reading the game's end", err)
	}
	if e.Outcome == nil {
		e.Outcome = []byte{}
	}
	if err := checkRow("game_end", id, crc, e.PhaseID, e.Outcome); err != nil {
		return End{}, false, f.sqlErr("reading the game's end", err)
	}
	return e, true, nil
}
