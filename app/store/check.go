package store

import (
	"bytes"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"
)

// sqliteMagic begins every SQLite 3 database file.
const sqliteMagic = "SQLite format 3\x00"

// header is what the store reads from the first 100 bytes of a file
// before SQLite is allowed near it.
type header struct {
	pageSize    int64
	pages       int64 // database size in pages; 0 when the header does not vouch for it
	userVersion int
}

// checkHeader reads the SQLite file header through fd without changing
// anything and rejects files that are not DipDesk saves (ErrNotDipDesk),
// truncated (ErrCorrupt) or from a newer DipDesk (ErrNewerVersion).
func checkHeader(path string, fd *os.File) (header, error) {
	st, err := fd.Stat()
	if err != nil {
		return header{}, fileErr(path, nil, "cannot read the file", err)
	}
	size := st.Size()
	buf := make([]byte, 100)
	n, err := fd.ReadAt(buf, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return header{}, fileErr(path, nil, "cannot read the file", err)
	}
	buf = buf[:n]
	if !bytes.HasPrefix(buf, []byte(sqliteMagic)) {
		if len(buf) > 0 && len(buf) < len(sqliteMagic) && strings.HasPrefix(sqliteMagic, string(buf)) {
			return header{}, fileErr(path, ErrCorrupt, fmt.Sprintf("truncated to %d bytes", len(buf)), nil)
		}
		return header{}, fileErr(path, ErrNotDipDesk, describe(buf), nil)
	}
	if n < 100 {
		return header{}, fileErr(path, ErrCorrupt, fmt.Sprintf("truncated to %d bytes", n), nil)
	}
	h, err := parseHeader(path, buf)
	if err != nil {
		return h, err
	}
	if h.pages > 0 && size < h.pages*h.pageSize && !hasWAL(path) {
		// With a non-empty -wal the main file may legitimately lag
		// behind its header (a checkpoint cut short); SQLite sorts
		// that out from the WAL.
		return h, fileErr(path, ErrCorrupt, fmt.Sprintf("truncated: it has %d bytes, its header says %d", size, h.pages*h.pageSize), nil)
	}
	return h, nil
}

// parseHeader reads the fields of a 100-byte SQLite header.
func parseHeader(path string, buf []byte) (header, error) {
	be32 := func(off int) uint32 { return binary.BigEndian.Uint32(buf[off:]) }
	var h header
	h.pageSize = int64(binary.BigEndian.Uint16(buf[16:]))
	if h.pageSize == 1 {
		h.pageSize = 65536
	}
	if h.pageSize < 512 || h.pageSize&(h.pageSize-1) != 0 {
		return h, fileErr(path, ErrCorrupt, fmt.Sprintf("bad page size %d in the header", h.pageSize), nil)
	}
	if app := be32(68); app != ApplicationID {
		return h, fileErr(path, ErrNotDipDesk, fmt.Sprintf("it is an SQLite database of another program (application_id %#08x)", app), nil)
	}
	if v := be32(60); v > uint32(SupportedVersion()) {
		return h, newerErr(path, int64(v))
	}
	h.userVersion = int(be32(60))
	// The page count is only valid when "version-valid-for" equals the
	// change counter (SQLite file format, section 1.3.7).
	if be32(92) == be32(24) {
		h.pages = int64(be32(28))
	}
	return h, nil
}

// newerErr says which version the file has and which this DipDesk reads.
func newerErr(path string, v int64) error {
	return fileErr(path, ErrNewerVersion, fmt.Sprintf(
		"the file has save format version %d, this DipDesk supports versions up to %d; update DipDesk to open it",
		v, SupportedVersion()), nil)
}

// describe says in a few words what a file that is not SQLite looks like.
func describe(b []byte) string {
	switch {
	case len(b) == 0:
		return "the file is empty"
	case bytes.HasPrefix(b, []byte("\x89PNG")):
		return "it begins like a PNG image"
	case bytes.HasPrefix(b, []byte("PK\x03\x04")):
		return "it begins like a zip archive"
	case bytes.HasPrefix(b, []byte("%PDF")):
		return "it begins like a PDF document"
	case utf8.Valid(b) && !bytes.ContainsRune(b, 0):
		return "it is a text file"
	}
	return "it does not begin with an SQLite header"
}

// hasWAL reports whether the file has a non-empty write-ahead log beside
// it, i.e. committed changes that may not be in the main file yet.
func hasWAL(path string) bool {
	st, err := os.Stat(path + "-wal")
	return err == nil && st.Size() > 0
}

// walExists reports whether a -wal file exists beside path, even empty.
func walExists(path string) bool {
	_, err := os.Stat(path + "-wal")
	return err == nil
}

// checkSQLite asks SQLite, through a read-only connection, what the
// header already told: that this is a DipDesk file of a version we read
// (the WAL may hold a newer header than the main file), and that it is
// sound (PRAGMA integrity_check). It returns the file's format version.
func checkSQLite(path string, db *sql.DB) (int, error) {
	var app, version int64
	if err := db.QueryRow("PRAGMA application_id").Scan(&app); err != nil {
		return 0, checkErr(path, "reading its header", err)
	}
	if app != ApplicationID {
		return 0, fileErr(path, ErrNotDipDesk, fmt.Sprintf("it is an SQLite database of another program (application_id %#08x)", app), nil)
	}
	if err := db.QueryRow("PRAGMA user_version").Scan(&version); err != nil {
		return 0, checkErr(path, "reading its version", err)
	}
	if version > int64(SupportedVersion()) || version < 0 {
		return 0, newerErr(path, version)
	}
	if version == 0 {
		// Create builds a file under a temporary name and only shows it
		// at its path with its tables made: a version 0 file at a real
		// path is something unfinished, never a save.
		return 0, fileErr(path, ErrCorrupt, "it has DipDesk's mark but no save format version (an unfinished file)", nil)
	}
	problems, err := integrityCheck(db)
	if err != nil {
		return 0, checkErr(path, "checking it", err)
	}
	if problems != "" {
		return 0, fileErr(path, ErrCorrupt, "SQLite's check found: "+problems, nil)
	}
	return int(version), nil
}

// integrityCheck runs PRAGMA integrity_check and returns its complaints,
// "" if none. Not quick_check: that one does not compare the indexes with
// their tables, and a damaged index makes queries silently miss rows.
func integrityCheck(db *sql.DB) (string, error) {
	rows, err := db.Query("PRAGMA integrity_check(5)")
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var msgs []string
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			return "", err
		}
		if m != "ok" {
			msgs = append(msgs, m)
		}
	}
	return strings.Join(msgs, "; "), rows.Err()
}

// checkTables checks that a file of the current format has the tables,
// columns and triggers of that format, one game, a live phase, and that
// the rows of the tables checked at open match their checksums (the
// others are checked as they are read).
func checkTables(path string, q querier) error {
	var n int
	err := q.QueryRow("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN (?, ?)",
		requiredTriggers[0], requiredTriggers[1]).Scan(&n)
	if err != nil {
		return checkErr(path, "reading its schema", err)
	}
	if n != len(requiredTriggers) {
		return fileErr(path, ErrCorrupt, "the triggers that protect the audit trail are missing", nil)
	}
	if err := q.QueryRow("SELECT count(*) FROM game").Scan(&n); err != nil || n != 1 {
		return checkErr(path, "it has no game row", err)
	}
	if err := q.QueryRow("SELECT count(*) FROM phases WHERE abandoned = 0").Scan(&n); err != nil || n == 0 {
		return checkErr(path, "it has no phase on the live line", err)
	}
	if err := checkLiveLine(path, q); err != nil {
		return err
	}
	bad, err := verifyRows(q)
	if err != nil {
		return checkErr(path, "checking its rows", err)
	}
	if bad != "" {
		return fileErr(path, ErrCorrupt, bad, nil)
	}
	return nil
}

// checkErr turns an error met while checking a file into ErrCorrupt:
// whatever stops SQLite reading a file that claims to be ours (a missing
// table, a malformed page) means it is damaged. Errors of the system (a
// disk error, no permission) stay what they are. A nil err means the
// check itself failed: doing says how.
func checkErr(path, doing string, err error) error {
	if err == nil {
		return fileErr(path, ErrCorrupt, doing, nil)
	}
	var fe *FileError
	if errors.As(err, &fe) {
		return err
	}
	if isCorruption(err) || isSchemaError(err) {
		return fileErr(path, ErrCorrupt, doing, err)
	}
	return fileErr(path, nil, doing, err)
}

// isSchemaError reports SQLite's complaint about a missing table or column.
func isSchemaError(err error) bool {
	s := err.Error()
	return strings.Contains(s, "no such table") || strings.Contains(s, "no such column")
}

// checkLiveLine checks that the live line has exactly one current phase,
// its last: every live phase before it adjudicated. (The current phase is
// what orders are entered for; two would let a game be played on from
// either.)
func checkLiveLine(path string, q querier) error {
	rows, err := q.Query("SELECT id, name FROM phases WHERE abandoned = 0 AND adjudicated = 0 ORDER BY id")
	if err != nil {
		return checkErr(path, "reading the phases", err)
	}
	type open struct {
		id   int64
		name string
	}
	var opens []open
	for rows.Next() {
		var o open
		if err := rows.Scan(&o.id, &o.name); err != nil {
			rows.Close()
			return checkErr(path, "reading the phases", err)
		}
		opens = append(opens, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return checkErr(path, "reading the phases", err)
	}
	var last int64
	if err := q.QueryRow("SELECT max(id) FROM phases WHERE abandoned = 0").Scan(&last); err != nil {
		return checkErr(path, "reading the phases", err)
	}
	switch {
	case len(opens) == 0:
		return fileErr(path, ErrCorrupt, fmt.Sprintf("table phases, row %d: the last live phase is adjudicated, and no phase follows it", last), nil)
	case len(opens) > 1:
		return fileErr(path, ErrCorrupt, fmt.Sprintf("table phases, row %d (%s): a second current phase (not adjudicated, not abandoned), after row %d (%s)",
			opens[1].id, opens[1].name, opens[0].id, opens[0].name), nil)
	case opens[0].id != last:
		return fileErr(path, ErrCorrupt, fmt.Sprintf("table phases, row %d (%s): not adjudicated, yet a later live phase (row %d) follows it",
			opens[0].id, opens[0].name, last), nil)
	}
	bad, err := duplicateKeys(q)
	if err != nil {
		return checkErr(path, "reading the phases", err)
	}
	if bad != "" {
		return fileErr(path, ErrCorrupt, bad, nil)
	}
	return nil
}
