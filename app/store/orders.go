package store

import (
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// SubmitOrders records a power's orders for a phase in one transaction:
// the power's earlier orders for that phase stop being current, the new
// ones are inserted as current (an empty list clears the power's orders),
// and the audit trail gets an "orders" entry. Each order's ID, PhaseID,
// Power and Current are set by the store; a zero Submitted becomes now.
// It is refused for a phase that is adjudicated (ErrAdjudicated),
// abandoned (ErrAbandoned) or not current (ErrNotCurrent).
func (f *File) SubmitOrders(phaseID int64, power string, orders []Order) error {
	now := f.now()
	err := f.onCurrent(phaseID, func(tx *sql.Tx, p Phase) error {
		res, err := tx.Exec("UPDATE orders SET current = 0 WHERE phase_id = ? AND power = ? AND current = 1", phaseID, power)
		if err != nil {
			return err
		}
		replaced, _ := res.RowsAffected()
		if err := insertOrders(tx, phaseID, power, orders, f.now); err != nil {
			return err
		}
		return addAudit(tx, now, KindOrders, p.Name, ordersDetail(power, orders, replaced))
	})
	return f.sqlErr("storing orders", err)
}

// insertOrders adds orders as current orders of phaseID.
func insertOrders(tx *sql.Tx, phaseID int64, power string, orders []Order, now func() time.Time) error {
	in, err := newInserter(tx, "orders")
	if err != nil {
		return err
	}
	defer in.close()
	for _, o := range orders {
		if o.Submitted.IsZero() {
			o.Submitted = now()
		}
		_, err := in.insert(phaseID, power, o.Typed, string(o.Parsed), o.Canonical, formatTime(o.Submitted), nil)
		if err != nil {
			return err
		}
	}
	return nil
}

// ordersDetail is the audit text of a submission: who, how many, which.
func ordersDetail(power string, orders []Order, replaced int64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d order(s)", power, len(orders))
	if replaced > 0 {
		fmt.Fprintf(&b, ", replacing %d", replaced)
	}
	for _, o := range orders {
		text := o.Canonical
		if text == "" {
			text = o.Typed
		}
		b.WriteString("\n" + text)
	}
	return b.String()
}

// Orders returns the orders of a phase in the order they were stored:
// every submission, or with currentOnly only the current ones.
func (f *File) Orders(phaseID int64, currentOnly bool) ([]Order, error) {
	db, err := f.conn()
	if err != nil {
		return nil, err
	}
	if _, err := f.phaseByID(db, phaseID); err != nil {
		return nil, f.sqlErr("reading orders", err)
	}
	q := "SELECT " + orderCols + " FROM orders WHERE phase_id = ?"
	if currentOnly {
		q += " AND current = 1"
	}
	out, err := readOrders(db, q+" ORDER BY id", phaseID)
	return out, f.sqlErr("reading orders", err)
}

// orderCols are the columns readOrders reads, in its order.
const orderCols = "id, phase_id, power, typed, parsed, canonical, current, submitted, copied_from, crc"

// readOrders runs a query over orderCols and checks each row's checksum.
func readOrders(q querier, query string, args ...any) ([]Order, error) {
	rows, err := q.Query(query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Order
	for rows.Next() {
		var o Order
		var at string
		var copied, crc any
		if err := rows.Scan(&o.ID, &o.PhaseID, &o.Power, &o.Typed, &o.Parsed, &o.Canonical, &o.Current, &at, &copied, &crc); err != nil {
			return nil, err
		}
		if o.Parsed == nil {
			o.Parsed = []byte{}
		}
		if err := checkRow("orders", o.ID, crc, o.PhaseID, o.Power, o.Typed, o.Parsed, o.Canonical, at, copied); err != nil {
			return nil, err
		}
		if o.Submitted, err = parseTime(at); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// Results returns the results stored for a phase, in the adjudicator's order.
func (f *File) Results(phaseID int64) ([]Result, error) {
	db, err := f.conn()
	if err != nil {
		return nil, err
	}
	if _, err := f.phaseByID(db, phaseID); err != nil {
		return nil, f.sqlErr("reading results", err)
	}
	rows, err := db.Query("SELECT id, crc, phase_id, idx, power, order_text, ok, code, reason FROM results WHERE phase_id = ? ORDER BY idx", phaseID)
	if err != nil {
		return nil, f.sqlErr("reading results", err)
	}
	defer rows.Close()
	var out []Result
	for rows.Next() {
		var r Result
		var id, crc any
		if err := rows.Scan(&id, &crc, &r.PhaseID, &r.Index, &r.Power, &r.Order, &r.OK, &r.Code, &r.Reason); err != nil {
			return nil, f.sqlErr("reading results", err)
		}
		err := checkRow("results", id, crc, r.PhaseID, int64(r.Index), r.Power, r.Order, boolInt(r.OK), r.Code, r.Reason)
		if err != nil {
			return nil, f.sqlErr("reading results", err)
		}
		out = append(out, r)
	}
	return out, f.sqlErr("reading results", rows.Err())
}

// Draws returns the random draws stored for a phase, in the order drawn.
func (f *File) Draws(phaseID int64) ([]Draw, error) {
	db, err := f.conn()
	if err != nil {
		return nil, err
	}
	if _, err := f.phaseByID(db, phaseID); err != nil {
		return nil, f.sqlErr("reading draws", err)
	}
	spec := specOf("draws")
	cols := spec.columns()
	rows, err := db.Query("SELECT id, crc, "+strings.Join(cols, ", ")+" FROM draws WHERE phase_id = ? ORDER BY idx", phaseID)
	if err != nil {
		return nil, f.sqlErr("reading draws", err)
	}
	defer rows.Close()
	var out []Draw
	for rows.Next() {
		var d Draw
		var id, crc, kind, entered any
		dest := []any{&id, &crc, &d.PhaseID, &d.Index, &d.Why, &d.N, &d.Value}
		if len(cols) > len(spec.cols) {
			dest = append(dest, &kind, &entered)
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, f.sqlErr("reading draws", err)
		}
		vals := []any{d.PhaseID, int64(d.Index), d.Why, int64(d.N), int64(d.Value)}
		if len(cols) > len(spec.cols) {
			vals = append(vals, kind, entered)
		}
		if err := checkRow("draws", id, crc, spec.covered(vals)...); err != nil {
			return nil, f.sqlErr("reading draws", err)
		}
		if d.Kind, err = kindOf(kind); err != nil {
			return nil, f.sqlErr("reading draws", fmt.Errorf("table draws, row %v: %w", id, err))
		}
		d.Entered = entered == int64(1)
		out = append(out, d)
	}
	return out, f.sqlErr("reading draws", rows.Err())
}

// kindOf reads a stored draw kind: NULL (a row written before format 3)
// is "".
func kindOf(v any) (string, error) {
	switch k := v.(type) {
	case nil:
		return "", nil
	case string:
		return k, nil
	case []byte:
		return string(k), nil
	}
	return "", fmt.Errorf("draw kind %v is not a word", v)
}

// Audit returns the whole audit trail, oldest first.
func (f *File) Audit() ([]AuditEntry, error) {
	db, err := f.conn()
	if err != nil {
		return nil, err
	}
	rows, err := db.Query("SELECT id, at, kind, phase, detail, crc FROM audit ORDER BY id")
	if err != nil {
		return nil, f.sqlErr("reading the audit trail", err)
	}
	defer rows.Close()
	var out []AuditEntry
	for rows.Next() {
		var e AuditEntry
		var at string
		var crc any
		if err := rows.Scan(&e.ID, &at, &e.Kind, &e.Phase, &e.Detail, &crc); err != nil {
			return nil, f.sqlErr("reading the audit trail", err)
		}
		if err := checkRow("audit", e.ID, crc, at, e.Kind, e.Phase, e.Detail); err != nil {
			return nil, f.sqlErr("reading the audit trail", err)
		}
		if e.At, err = parseTime(at); err != nil {
			return nil, f.sqlErr("reading the audit trail", err)
		}
		out = append(out, e)
	}
	return out, f.sqlErr("reading the audit trail", rows.Err())
}
