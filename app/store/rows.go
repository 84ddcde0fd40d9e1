package store

import (
	"database/sql"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"strconv"
	"strings"
	"time"
)

// timeLayout writes timestamps as ISO-8601 UTC text of fixed width, so
// that they sort as text and SQLite's date functions read them.
const timeLayout = "2006-01-02T15:04:05.000000000Z"

// formatTime returns t as stored in the file.
func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

// parseTime reads a stored timestamp; it also accepts any RFC 3339 time a
// person may have typed with the sqlite3 shell.
func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("bad timestamp %q", s)
	}
	return t.UTC(), nil
}

// storedTime returns t as it reads back from the file (UTC, no
// monotonic clock reading), so that what a method returns equals what a
// later read gives.
func storedTime(t time.Time) time.Time { return t.UTC().Round(0) }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// rowSum is the checksum kept in the crc column of a row: CRC-32C over the
// covered columns in order, each written as a 4-byte big-endian length
// followed by its text (integers in decimal), NULL as the length
// 0xFFFFFFFF with no text. The same bytes come out whether a value is
// read back as an integer or as text, so a row can be checked without
// knowing its column types.
func rowSum(vals ...any) int64 {
	var sum uint32
	var n [4]byte
	var num []byte
	for _, v := range vals {
		var b []byte
		switch x := v.(type) {
		case nil:
			binary.BigEndian.PutUint32(n[:], 0xFFFFFFFF)
			sum = crc32.Update(sum, castagnoli, n[:])
			continue
		case string:
			b = []byte(x)
		case []byte:
			b = x
		case int64:
			b = strconv.AppendInt(num[:0], x, 10)
		case int:
			b = strconv.AppendInt(num[:0], int64(x), 10)
		case float64:
			b = strconv.AppendFloat(num[:0], x, 'g', -1, 64)
		default:
			b = []byte(fmt.Sprint(x))
		}
		binary.BigEndian.PutUint32(n[:], uint32(len(b)))
		sum = crc32.Update(sum, castagnoli, n[:])
		sum = crc32.Update(sum, castagnoli, b)
	}
	return int64(sum)
}

// inserter adds rows to one table with their checksum.
type inserter struct {
	stmt *sql.Stmt
}

// newInserter prepares "INSERT INTO table(cols..., crc)" in tx. The
// columns are those of the table's spec in use (tableSpec.columns), in
// order.
func newInserter(tx *sql.Tx, table string) (*inserter, error) {
	spec := specOf(table)
	cols := spec.columns()
	q := "INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ", crc) VALUES (" +
		strings.Repeat("?, ", len(cols)) + "?)"
	stmt, err := tx.Prepare(q)
	if err != nil {
		return nil, err
	}
	return &inserter{stmt: stmt}, nil
}

// insert adds one row (values as string, int64 or nil) and returns its rowid.
func (in *inserter) insert(vals ...any) (int64, error) {
	args := append(vals[:len(vals):len(vals)], rowSum(vals...))
	res, err := in.stmt.Exec(args...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// close releases the prepared statement.
func (in *inserter) close() { _ = in.stmt.Close() }

// insertOne adds a single row to table in tx.
func insertOne(tx *sql.Tx, table string, vals ...any) (int64, error) {
	in, err := newInserter(tx, table)
	if err != nil {
		return 0, err
	}
	defer in.close()
	return in.insert(vals...)
}

// querier is what *sql.DB and *sql.Tx have in common for reading.
type querier interface {
	QueryRow(query string, args ...any) *sql.Row
	Query(query string, args ...any) (*sql.Rows, error)
}

// nullID stores 0 as NULL (no such row).
func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// boolInt stores a bool as 0 or 1.
func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// verifyRows recomputes the checksum of every row of the tables checked at
// open and returns a description of the first mismatch, or "" if all
// match. Rows whose crc is NULL (edited by hand, see docs/save-format.md)
// are skipped. A missing table or column is an error; the tables not
// checked whole are probed for their columns.
func verifyRows(db querier) (string, error) {
	for _, spec := range checked {
		if spec.since > SupportedVersion() {
			continue // a table of a newer format than the one in use (tests of older formats)
		}
		if !spec.atOpen {
			rows, err := db.Query("SELECT crc, " + strings.Join(spec.columns(), ", ") + " FROM " + spec.name + " LIMIT 0")
			if err != nil {
				return "", fmt.Errorf("table %s: %w", spec.name, err)
			}
			rows.Close()
			continue
		}
		bad, err := verifyTable(db, spec)
		if err != nil || bad != "" {
			return bad, err
		}
	}
	return "", nil
}

// verifyTable checks the rows of one table.
func verifyTable(db querier, spec tableSpec) (string, error) {
	cols := spec.columns()
	rows, err := db.Query("SELECT rowid, crc, " + strings.Join(cols, ", ") + " FROM " + spec.name)
	if err != nil {
		return "", fmt.Errorf("table %s: %w", spec.name, err)
	}
	defer rows.Close()
	vals := make([]any, len(cols)+2)
	ptrs := make([]any, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return "", err
		}
		if vals[1] == nil {
			continue
		}
		if err := checkRow(spec.name, vals[0], vals[1], spec.covered(vals[2:])...); err != nil {
			return err.Error(), nil
		}
	}
	return "", rows.Err()
}

// damagedRow is the error of a row whose checksum does not match.
type damagedRow struct {
	table string
	id    any
}

func (e damagedRow) Error() string {
	return fmt.Sprintf("table %s, row %v: checksum mismatch (the row is damaged, or was edited by hand)", e.table, e.id)
}

// checkRow compares a row's crc with the checksum of its covered values
// (in the order of its spec). A NULL crc is not checked.
func checkRow(table string, id, crc any, vals ...any) error {
	if crc == nil {
		return nil
	}
	if want, ok := crc.(int64); ok && want == rowSum(vals...) {
		return nil
	}
	return damagedRow{table, id}
}
