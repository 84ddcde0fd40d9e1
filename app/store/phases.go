package store

import (
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// phaseCols are the columns scanPhase reads, in its order.
const phaseCols = "id, seq, name, state, parent, abandoned, adjudicated, created, replaces, crc"

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

// scanPhase reads one row of phaseCols and checks its checksum.
func scanPhase(sc scanner) (Phase, error) {
	var p Phase
	var parent, replaces, crc any
	var created string
	err := sc.Scan(&p.ID, &p.Seq, &p.Name, &p.State, &parent, &p.Abandoned, &p.Adjudicated, &created, &replaces, &crc)
	if err != nil {
		return Phase{}, err
	}
	if p.State == nil {
		p.State = []byte{}
	}
	if err := checkRow("phases", p.ID, crc, int64(p.Seq), p.Name, p.State, parent, replaces, created); err != nil {
		return Phase{}, err
	}
	p.Parent, _ = parent.(int64)
	p.Created, err = parseTime(created)
	return p, err
}

// withTx runs fn in one transaction (BEGIN IMMEDIATE, see rwParams) and
// commits it, or rolls it back if fn fails.
func withTx(db *sql.DB, fn func(*sql.Tx) error) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// onCurrent runs fn in one write transaction on phase phaseID, which must
// be the current phase (not adjudicated, not abandoned); otherwise nothing
// is written and the error says why.
func (f *File) onCurrent(phaseID int64, fn func(tx *sql.Tx, p Phase) error) error {
	db, err := f.writer()
	if err != nil {
		return err
	}
	return withTx(db, func(tx *sql.Tx) error {
		p, err := f.phaseByID(tx, phaseID)
		if err != nil {
			return err
		}
		if err := f.requireCurrent(tx, p); err != nil {
			return err
		}
		return fn(tx, p)
	})
}

// insertPhase adds a phase row (not abandoned, not adjudicated); replaces
// is the id of the row a rollback replaced, or nil.
func insertPhase(tx *sql.Tx, p Phase, replaces any) (int64, error) {
	return insertOne(tx, "phases", int64(p.Seq), p.Name, string(p.State), nullID(p.Parent), replaces, formatTime(p.Created))
}

// addAudit appends an entry to the audit trail.
func addAudit(tx *sql.Tx, at time.Time, kind, phase, detail string) error {
	_, err := insertOne(tx, "audit", formatTime(at), kind, phase, detail)
	return err
}

// currentPhase reads the last phase on the live line.
func currentPhase(q querier) (Phase, error) {
	return scanPhase(q.QueryRow("SELECT " + phaseCols + " FROM phases WHERE abandoned = 0 ORDER BY id DESC LIMIT 1"))
}

// phaseByID reads one phase; a missing one is ErrNoPhase.
func (f *File) phaseByID(q querier, id int64) (Phase, error) {
	p, err := scanPhase(q.QueryRow("SELECT "+phaseCols+" FROM phases WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return p, fileErr(f.path, ErrNoPhase, fmt.Sprintf("no phase with id %d", id), nil)
	}
	return p, err
}

// Current returns the last phase on the live line of play (the one not
// abandoned by a rollback): the phase orders are entered for.
func (f *File) Current() (Phase, error) {
	db, err := f.conn()
	if err != nil {
		return Phase{}, err
	}
	p, err := currentPhase(db)
	if errors.Is(err, sql.ErrNoRows) {
		return p, fileErr(f.path, ErrCorrupt, "no phase on the live line", nil)
	}
	return p, f.sqlErr("reading the current phase", err)
}

// Phases returns the phases in the order they were created (ID order):
// only the live line, or with includeAbandoned every branch a rollback
// abandoned as well.
func (f *File) Phases(includeAbandoned bool) ([]Phase, error) {
	db, err := f.conn()
	if err != nil {
		return nil, err
	}
	q := "SELECT " + phaseCols + " FROM phases WHERE abandoned = 0 ORDER BY id"
	if includeAbandoned {
		q = "SELECT " + phaseCols + " FROM phases ORDER BY id"
	}
	rows, err := db.Query(q)
	if err != nil {
		return nil, f.sqlErr("reading the phases", err)
	}
	defer rows.Close()
	var out []Phase
	for rows.Next() {
		p, err := scanPhase(rows)
		if err != nil {
			return nil, f.sqlErr("reading the phases", err)
		}
		out = append(out, p)
	}
	return out, f.sqlErr("reading the phases", rows.Err())
}

// Phase returns the phase with the given row id, abandoned or not.
func (f *File) Phase(id int64) (Phase, error) {
	db, err := f.conn()
	if err != nil {
		return Phase{}, err
	}
	p, err := f.phaseByID(db, id)
	return p, f.sqlErr("reading a phase", err)
}

// PhaseByKey returns the one phase of that key ("S1901M",
// "SU1901.muster@germany") on the live line. Keys are unique there (the
// index phases_live_key): a file where two live phases share one is
// damaged (ErrCorrupt), never answered with a guess.
func (f *File) PhaseByKey(key string) (Phase, error) {
	db, err := f.conn()
	if err != nil {
		return Phase{}, err
	}
	rows, err := db.Query("SELECT "+phaseCols+" FROM phases WHERE name = ? AND abandoned = 0 ORDER BY id", key)
	if err != nil {
		return Phase{}, f.sqlErr("reading a phase", err)
	}
	defer rows.Close()
	var found []Phase
	for rows.Next() {
		p, err := scanPhase(rows)
		if err != nil {
			return Phase{}, f.sqlErr("reading a phase", err)
		}
		found = append(found, p)
	}
	if err := rows.Err(); err != nil {
		return Phase{}, f.sqlErr("reading a phase", err)
	}
	switch len(found) {
	case 0:
		return Phase{}, fileErr(f.path, ErrNoPhase, fmt.Sprintf("no phase %q on the live line", key), nil)
	case 1:
		return found[0], nil
	}
	return Phase{}, fileErr(f.path, ErrCorrupt, fmt.Sprintf("table phases, rows %d and %d: two phases %s on the live line of play",
		found[0].ID, found[1].ID, key), nil)
}

// requireCurrent refuses to change a phase that is adjudicated, abandoned
// or not the current one, in that order of precedence.
func (f *File) requireCurrent(q querier, p Phase) error {
	what := fmt.Sprintf("phase %d (%s)", p.ID, p.Name)
	if p.Adjudicated {
		return fileErr(f.path, ErrAdjudicated, what+" already has its results; roll back to it to change it", nil)
	}
	if p.Abandoned {
		return fileErr(f.path, ErrAbandoned, what+" was abandoned by a rollback", nil)
	}
	cur, err := currentPhase(q)
	if err != nil {
		return err
	}
	if cur.ID != p.ID {
		return fileErr(f.path, ErrNotCurrent, fmt.Sprintf("%s is not the current phase %d (%s)", what, cur.ID, cur.Name), nil)
	}
	return nil
}
