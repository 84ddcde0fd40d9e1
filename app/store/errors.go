package store

import (
	"errors"
	"path/filepath"
	"strings"

	sqlite3 "github.com/mattn/go-sqlite3"
)

// Sentinel errors. Callers test them with errors.Is; the errors the store
// returns are *FileError values that name the file and say what to do.
var (
	// ErrExists is returned by Create when something already exists at the path.
	ErrExists = errors.New("store: file already exists")
	// ErrNotDipDesk is returned when a file is not a DipDesk save file at
	// all (empty, text, an image, another program's SQLite database...).
	ErrNotDipDesk = errors.New("store: not a DipDesk save file")
	// ErrNewerVersion is returned for a save written by a newer DipDesk
	// whose format this one does not know.
	ErrNewerVersion = errors.New("store: saved by a newer version of DipDesk")
	// ErrLocked is returned by Open when the file is already open for
	// writing, in this program or another.
	ErrLocked = errors.New("store: file is open elsewhere")
	// ErrCorrupt is returned for a DipDesk save file that is truncated or damaged.
	ErrCorrupt = errors.New("store: file is damaged")
	// ErrReadOnly is returned by the writing methods of a file opened with
	// OpenReadOnly.
	ErrReadOnly = errors.New("store: file is open read-only")
	// ErrClosed is returned by the methods of a closed File.
	ErrClosed = errors.New("store: file is closed")
	// ErrNoPhase is returned when a phase id or name is not in the file
	// (or, for names, not on the live line of play).
	ErrNoPhase = errors.New("store: no such phase")
	// ErrNotCurrent is returned when an operation needs the current phase
	// (the last one on the live line) and was given another.
	ErrNotCurrent = errors.New("store: not the current phase")
	// ErrAdjudicated is returned when a phase that was already adjudicated
	// would be changed.
	ErrAdjudicated = errors.New("store: phase already adjudicated")

	// ErrDuplicatePhase is returned when a new phase would have the key
	// of a phase already on the live line.
	ErrDuplicatePhase = errors.New("store: a phase of that key is on the live line")
	// ErrDrawEntered is returned when a value is entered for a draw that
	// has one already: an entered value is never overwritten.
	ErrDrawEntered = errors.New("store: that draw has a value already")

	// ErrNoSeat is returned for a seat the game does not have.
	ErrNoSeat = errors.New("store: no such seat")
	// ErrAbandoned is returned when a phase on a branch abandoned by a
	// rollback would be changed or rolled back to.
	ErrAbandoned = errors.New("store: phase is on an abandoned branch")
)

// FileError is the error the store returns for anything that goes wrong
// with a file. Its message names the file:
//
//	store: game.dipdesk: not a DipDesk save file: it begins like a PNG image
//
// errors.Is matches both the sentinel (Kind) and the underlying cause.
type FileError struct {
	Path   string // the file concerned, as given by the caller
	Kind   error  // one of the sentinel errors, or nil
	Detail string // what exactly, in words a person can act on
	Cause  error  // the underlying error, or nil
}

// Error returns "store: NAME: WHAT (DETAIL)".
func (e *FileError) Error() string {
	var b strings.Builder
	b.WriteString("store: ")
	b.WriteString(filepath.Base(e.Path))
	b.WriteString(": ")
	what := ""
	if e.Kind != nil {
		what = strings.TrimPrefix(e.Kind.Error(), "store: ")
	}
	switch {
	case what != "" && e.Detail != "":
		b.WriteString(what + ": " + e.Detail)
	case what != "":
		b.WriteString(what)
	default:
		b.WriteString(e.Detail)
	}
	if e.Cause != nil {
		b.WriteString(" (" + e.Cause.Error() + ")")
	}
	return b.String()
}

// Unwrap returns the sentinel and the cause, for errors.Is and errors.As.
func (e *FileError) Unwrap() []error {
	var errs []error
	if e.Kind != nil {
		errs = append(errs, e.Kind)
	}
	if e.Cause != nil {
		errs = append(errs, e.Cause)
	}
	return errs
}

// fileErr builds a *FileError.
func fileErr(path string, kind error, detail string, cause error) error {
	return &FileError{Path: path, Kind: kind, Detail: detail, Cause: cause}
}

// isCorruption reports whether an SQLite error means the file is damaged
// rather than that something else (the disk, permissions) went wrong.
func isCorruption(err error) bool {
	var se sqlite3.Error
	if errors.As(err, &se) {
		switch se.Code {
		case sqlite3.ErrCorrupt, sqlite3.ErrNotADB, sqlite3.ErrFormat, sqlite3.ErrSchema:
			return true
		}
	}
	return false
}

// sqlErr wraps an error from SQLite met while using an already open file.
func (f *File) sqlErr(doing string, err error) error {
	if err == nil {
		return nil
	}
	var fe *FileError
	if errors.As(err, &fe) {
		return err
	}
	if isCorruption(err) || errors.As(err, new(damagedRow)) {
		return fileErr(f.path, ErrCorrupt, doing, err)
	}
	return fileErr(f.path, nil, doing, err)
}
