package store

import (
	"database/sql"
	"encoding/binary"
	"errors"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"time"

	sqlite3 "github.com/mattn/go-sqlite3"
)

// driverName is go-sqlite3 with the connection settings every DipDesk
// connection gets: cell_size_check makes SQLite notice more damage while
// reading, and trusted_schema=OFF stops a crafted file's schema (views,
// triggers) from calling functions with side effects.
const driverName = "dipdesk-sqlite3"

func init() {
	sql.Register(driverName, &sqlite3.SQLiteDriver{
		ConnectHook: func(c *sqlite3.SQLiteConn) error {
			_, err := c.Exec("PRAGMA cell_size_check = ON; PRAGMA trusted_schema = OFF", nil)
			return err
		},
	})
}

// Connection parameters. Read-write: WAL, synchronous=FULL (a commit is
// on disk when it returns: a game master's evening must not vanish with
// the power), foreign keys, and BEGIN IMMEDIATE so that a transaction
// never fails half-way for want of the write lock.
const (
	rwParams       = "mode=rw&_journal_mode=WAL&_synchronous=FULL&_foreign_keys=1&_busy_timeout=5000&_txlock=immediate"
	roParams       = "mode=ro&_busy_timeout=5000"
	immutableParam = "&immutable=1"
)

// fileURI builds the SQLite URI of path, escaping the characters URIs
// reserve ("?", "#", "%", spaces) so that any file name works.
func fileURI(path, params string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	return u.String() + "?" + params, nil
}

// openDB opens a connection pool of one connection on path.
func openDB(path, params string) (*sql.DB, error) {
	uri, err := fileURI(path, params)
	if err != nil {
		return nil, err
	}
	db, err := sql.Open(driverName, uri)
	if err != nil {
		return nil, err
	}
	// One connection: the store's operations are short, and one writer
	// connection can never be busy against another of our own.
	db.SetMaxOpenConns(1)
	return db, nil
}

// Open opens a save file for reading and writing. It takes an exclusive
// lock that it holds until Close: a second Open, in this process or
// another, fails with ErrLocked (OpenReadOnly still works). A file that
// is not a DipDesk save (ErrNotDipDesk), is damaged (ErrCorrupt) or comes
// from a newer DipDesk (ErrNewerVersion) is rejected without being
// changed in any way. A file of an older format is upgraded in one
// transaction.
func Open(path string) (*File, error) { return open(path, false) }

// OpenReadOnly opens a save file for review. It never writes to the file
// and works while another process has it open with Open. If no one has
// the file open for writing, it reads it as an immutable snapshot
// (creating no -wal or -shm file beside it) until a writer appears; from
// then on it follows the writer's committed changes. A file of an older
// format is upgraded in a private temporary copy.
func OpenReadOnly(path string) (*File, error) { return open(path, true) }

// open checks and opens path; see Open and OpenReadOnly.
func open(path string, readOnly bool) (*File, error) {
	ref, err := acquireFile(path)
	if err != nil {
		return nil, err
	}
	f := &File{path: path, readOnly: readOnly, ref: ref, now: time.Now}
	if err := f.setUp(); err != nil {
		f.abort()
		return nil, err
	}
	return f, nil
}

// setUp locks (for Open), checks and connects a new File.
func (f *File) setUp() error {
	if !f.readOnly {
		if err := f.ref.lockWriter(f.path); err != nil {
			return err
		}
		f.locked = true
	}
	if _, err := checkHeader(f.path, f.ref.fd); err != nil {
		return err
	}
	version, err := f.openSnapshot()
	if err != nil {
		return err
	}
	if version < SupportedVersion() {
		// Upgraded (the file for Open, a private copy for review) and
		// checked in the same transaction.
		if f.readOnly {
			err = f.openUpgradedCopy()
		} else {
			err = f.openWritable(version)
		}
		if err != nil {
			return err
		}
		return f.loadGame()
	}
	// Everything is checked through the read-only snapshot before a
	// read-write connection exists.
	if err := checkTables(f.path, f.db); err != nil {
		return err
	}
	if err := f.loadGame(); err != nil {
		return err
	}
	if !f.readOnly {
		return f.openWritable(version)
	}
	return nil
}

// acquireFile gets the shared descriptor of path, with errors that name it.
func acquireFile(path string) (*inodeRef, error) {
	ref, err := acquire(path)
	switch {
	case err == nil:
		return ref, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, fileErr(path, nil, "no such file", err)
	case errors.Is(err, errNotRegular):
		return nil, fileErr(path, ErrNotDipDesk, "it is not a regular file", nil)
	}
	return nil, fileErr(path, nil, "cannot open the file", err)
}

// openSnapshot opens the read-only connection the checks go through and
// runs the SQLite-level checks. Without a -wal file it uses immutable=1:
// a plain read-only open of a WAL database would create -wal and -shm
// files beside it, which must not happen to a file we may reject.
func (f *File) openSnapshot() (int, error) {
	params := roParams
	immutable := !walExists(f.path)
	if immutable {
		params += immutableParam
		// Taken before the snapshot reads anything: a change after it
		// is seen by conn.
		f.snap, _ = f.stampNow()
	}
	db, err := openDB(f.path, params)
	if err != nil {
		return 0, fileErr(f.path, nil, "cannot open the file", err)
	}
	version, err := checkSQLite(f.path, db)
	if err != nil {
		db.Close()
		return 0, err
	}
	f.db, f.immutable = db, immutable
	return version, nil
}

// openWritable replaces the checked snapshot with a read-write connection
// and upgrades a file of an older format (checking the result).
func (f *File) openWritable(version int) error {
	f.db.Close()
	f.db, f.immutable = nil, false
	db, err := openDB(f.path, rwParams)
	if err != nil {
		return fileErr(f.path, nil, "cannot open the file for writing", err)
	}
	f.db = db
	// Make sure the file is really writable (permissions, a read-only
	// disk) before promising so: take the write lock and let it go.
	tx, err := db.Begin()
	if err == nil {
		err = tx.Rollback()
	}
	if err != nil {
		return fileErr(f.path, nil, "cannot open the file for writing; open it read-only to review it", err)
	}
	if version < SupportedVersion() {
		// The upgraded tables are checked before the upgrade commits:
		// a file that fails is left exactly as it was.
		check := func(tx *sql.Tx) error { return checkTables(f.path, tx) }
		if err := migrate(db, version, migrations, formatTime(f.now()), check); err != nil {
			return upgradeErr(f.path, "cannot upgrade the file to the current format; it was left as it was", err)
		}
	}
	return nil
}

// openUpgradedCopy serves a read-only File of an older format from a
// private copy, upgraded, in the temporary folder: the file itself is
// never written by OpenReadOnly.
func (f *File) openUpgradedCopy() error {
	// The copy holds every secret of the game: it goes in a folder of
	// its own that only this user may enter (VACUUM INTO makes the file
	// itself with the umask's permissions).
	dir, err := os.MkdirTemp("", "dipdesk-review-*")
	if err != nil {
		return fileErr(f.path, nil, "cannot make a copy to upgrade", err)
	}
	f.tmpCopy = filepath.Join(dir, "review"+Extension)
	if _, err := f.db.Exec("VACUUM INTO ?", f.tmpCopy); err != nil {
		return checkErr(f.path, "copying it to upgrade it", err)
	}
	f.retire(f.db)
	db, err := openDB(f.tmpCopy, "mode=rw&_foreign_keys=1&_busy_timeout=5000")
	if err != nil {
		return fileErr(f.path, nil, "cannot open the upgraded copy", err)
	}
	f.db, f.immutable = db, false
	var version int
	if err := db.QueryRow("PRAGMA user_version").Scan(&version); err != nil {
		return checkErr(f.path, "reading the copy", err)
	}
	check := func(tx *sql.Tx) error { return checkTables(f.path, tx) }
	if err := migrate(db, version, migrations, formatTime(f.now()), check); err != nil {
		return upgradeErr(f.path, "cannot upgrade a copy of the file to the current format", err)
	}
	return nil
}

// upgradeErr keeps the verdict of checkTables, or says the upgrade failed.
func upgradeErr(path, doing string, err error) error {
	var fe *FileError
	if errors.As(err, &fe) {
		return err
	}
	return fileErr(path, nil, doing, err)
}

// Close closes the file and releases its lock. A File must not be used
// after Close; closing twice is harmless.
func (f *File) Close() error {
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return nil
	}
	f.closed = true
	f.mu.Unlock()
	err := f.abort()
	if err != nil {
		return fileErr(f.path, nil, "closing the file", err)
	}
	return nil
}

// abort closes every connection, then the lock and descriptor (in that
// order: see inodeRef), and removes a private upgraded copy.
func (f *File) abort() error {
	var first error
	for _, db := range append(f.retired, f.db) {
		if db == nil {
			continue
		}
		if err := db.Close(); err != nil && first == nil {
			first = err
		}
	}
	f.db, f.retired = nil, nil
	if f.tmpCopy != "" {
		for _, suffix := range []string{"", "-journal", "-wal", "-shm"} {
			os.Remove(f.tmpCopy + suffix)
		}
		os.Remove(filepath.Dir(f.tmpCopy))
	}
	if f.locked {
		f.ref.unlockWriter()
		f.locked = false
	}
	f.ref.release()
	return first
}

// retire keeps a connection that was replaced open until Close: another
// goroutine may still be using it.
func (f *File) retire(db *sql.DB) { f.retired = append(f.retired, db) }

// conn returns the connection to use, after checking the File is open.
// A read-only snapshot (immutable=1) switches to a live read-only
// connection as soon as a writer has created a -wal file: from then on
// the main file may change under an immutable reader.
func (f *File) conn() (*sql.DB, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return nil, fileErr(f.path, ErrClosed, "", nil)
	}
	if f.immutable && walExists(f.path) {
		if db, err := openDB(f.path, roParams); err == nil {
			f.retire(f.db)
			f.db, f.immutable = db, false
		}
	} else if f.immutable {
		// A writer may have opened the file, written and closed it (its
		// -wal gone with it) since the snapshot was opened: an immutable
		// connection would never see that, so a changed file gets a new
		// snapshot.
		if st, err := f.stampNow(); err == nil && st != f.snap {
			if db, err := openDB(f.path, roParams+immutableParam); err == nil {
				old := f.db
				f.db, f.snap = db, st
				go old.Close() // once the queries begun on it are done
			}
		}
	}
	return f.db, nil
}

// stamp is what tells that a file changed: its size, its modification
// time and the change counter of its header.
type stamp struct {
	size, mtime int64
	counter     uint32
}

// stampNow reads the file's stamp through the shared descriptor (no new
// descriptor: see inodeRef).
func (f *File) stampNow() (stamp, error) {
	st, err := f.ref.fd.Stat()
	if err != nil {
		return stamp{}, err
	}
	var b [4]byte
	if _, err := f.ref.fd.ReadAt(b[:], 24); err != nil {
		return stamp{}, err
	}
	return stamp{size: st.Size(), mtime: st.ModTime().UnixNano(), counter: binary.BigEndian.Uint32(b[:])}, nil
}

// writer returns the connection for an operation that writes.
func (f *File) writer() (*sql.DB, error) {
	if f.readOnly {
		return nil, fileErr(f.path, ErrReadOnly, "open it with Open to change it", nil)
	}
	return f.conn()
}
