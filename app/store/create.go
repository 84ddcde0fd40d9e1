package store

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Create makes a new save file at path holding the game, its seats and its
// first phase (Parent and Seq are taken as 0 and first.Seq), with the audit
// entry "create", and returns it open as by Open. It fails with ErrExists
// if anything exists at path. The file is written under a temporary name
// beside path and appears at path only when complete, so a crash while
// creating never leaves a half-made save.
func Create(path string, g Game, first Phase) (*File, error) {
	if _, err := os.Lstat(path); err == nil {
		return nil, fileErr(path, ErrExists, "choose another name, or open it", nil)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fileErr(path, nil, "cannot create the file", err)
	}
	if msg := checkNewGame(g, first); msg != "" {
		return nil, fileErr(path, nil, "cannot create the file: "+msg, nil)
	}
	// What a creation killed half-way left beside its save is removed
	// first: nothing else would ever clean those hidden files.
	cleanStale(filepath.Dir(path))
	now := time.Now()
	tmp, release, err := writeNew(path, g, first, now)
	if err == nil {
		err = publish(tmp, path)
	}
	if tmp != "" {
		removeWithSidecars(tmp)
		// The temporary name's lock goes before the save is opened: its
		// descriptor is of the same file, and closing it later would drop
		// the open save's SQLite locks (see inodeRef).
		release()
	}
	if err != nil {
		var fe *FileError
		if errors.As(err, &fe) {
			return nil, err
		}
		return nil, fileErr(path, nil, "cannot create the file", err)
	}
	return Open(path)
}

// creatingSuffix marks the temporary name of a save being created:
// ".NAME.dipdesk.creating-123" beside it, hidden.
const creatingSuffix = ".creating-"

// creating holds the temporary names this process is creating, which
// cleanStale must not touch (nor even open: see inodeRef).
var creating = struct {
	sync.Mutex
	m map[string]bool
}{m: map[string]bool{}}

// isCreating reports whether name is a temporary save name, or one of its
// SQLite side files, and returns the temporary name.
func isCreating(name string) (string, bool) {
	base := name
	for _, suffix := range []string{"-wal", "-shm", "-journal"} {
		base = strings.TrimSuffix(base, suffix)
	}
	i := strings.LastIndex(base, creatingSuffix)
	if !strings.HasPrefix(base, ".") || i < 2 { // "." NAME ".creating-" DIGITS
		return "", false
	}
	digits := base[i+len(creatingSuffix):]
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return "", false
	}
	return base, true
}

// cleanStale removes from dir the temporary files of creations that
// ended without finishing (a killed "dipdesk new"): a creation holds an
// exclusive flock on its temporary file until it is done, so one whose
// lock can be taken is dead. Best effort: what cannot be removed stays.
func cleanStale(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	seen := map[string]bool{}
	for _, e := range entries {
		tmp, ok := isCreating(e.Name())
		if !ok || seen[tmp] {
			continue
		}
		seen[tmp] = true
		full := filepath.Join(dir, tmp)
		creating.Lock()
		ours := creating.m[full]
		creating.Unlock()
		if ours {
			continue
		}
		st, err := os.Lstat(full)
		if errors.Is(err, fs.ErrNotExist) {
			removeWithSidecars(full) // side files whose database is gone
			continue
		}
		if err != nil || !st.Mode().IsRegular() {
			continue
		}
		fd, err := os.OpenFile(full, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			continue
		}
		if syscall.Flock(int(fd.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			removeWithSidecars(full)
		}
		fd.Close()
	}
}

// checkNewGame returns what is wrong with a new game, or "".
func checkNewGame(g Game, first Phase) string {
	if g.Variant == "" {
		return "the game has no variant"
	}
	if first.Name == "" {
		return "the first phase has no name"
	}
	seen := map[string]bool{}
	for i, s := range g.Seats {
		if s.Power == "" {
			return fmt.Sprintf("seat %d has no power", i+1)
		}
		if seen[s.Power] {
			return fmt.Sprintf("power %q has two seats", s.Power)
		}
		seen[s.Power] = true
	}
	return ""
}

// writeNew writes the complete new file under a temporary name in the
// folder of path, created readable by its owner only, and returns that
// name and the release of the flock that marks it as being created.
func writeNew(path string, g Game, first Phase, now time.Time) (string, func(), error) {
	tmpFile, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+creatingSuffix+"*")
	if err != nil {
		return "", nil, err
	}
	tmp := tmpFile.Name()
	creating.Lock()
	creating.m[tmp] = true
	creating.Unlock()
	release := func() {
		tmpFile.Close()
		creating.Lock()
		delete(creating.m, tmp)
		creating.Unlock()
	}
	if err := syscall.Flock(int(tmpFile.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return tmp, release, fmt.Errorf("locking the new file: %w", err)
	}
	if err := tmpFile.Chmod(0o600); err != nil {
		return tmp, release, err
	}
	db, err := openDB(tmp, rwParams)
	if err != nil {
		return tmp, release, err
	}
	err = migrate(db, 0, migrations, formatTime(now), nil)
	if err == nil {
		err = fillNew(db, g, first, now)
	}
	// Closing the only connection checkpoints the WAL into the file
	// (synchronous=FULL: and syncs it) and removes the -wal.
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	return tmp, release, err
}

// fillNew writes the game, its seats, the first phase and the audit entry.
func fillNew(db *sql.DB, g Game, first Phase, now time.Time) error {
	opts := g.Options
	if opts == nil {
		opts = map[string]string{}
	}
	optJSON, err := json.Marshal(opts)
	if err != nil {
		return err
	}
	created := g.Created
	if created.IsZero() {
		created = now
	}
	return withTx(db, func(tx *sql.Tx) error {
		_, err := insertOne(tx, "game", g.Variant, string(optJSON), strconv.FormatUint(g.Seed, 10), formatTime(created))
		if err != nil {
			return err
		}
		return fillSeatsAndPhase(tx, g, first, now)
	})
}

// fillSeatsAndPhase writes the seats, the first phase and the audit entry.
func fillSeatsAndPhase(tx *sql.Tx, g Game, first Phase, now time.Time) error {
	in, err := newInserter(tx, "seats")
	if err != nil {
		return err
	}
	defer in.close()
	var powers []string
	for i, s := range g.Seats {
		if _, err := in.insert(int64(i), s.Power, s.Player, s.PinHash); err != nil {
			return err
		}
		powers = append(powers, s.Power)
	}
	if first.Created.IsZero() {
		first.Created = now
	}
	first.Parent = 0
	if _, err := insertPhase(tx, first, nil); err != nil {
		return err
	}
	// Not the seed: the audit trail is shown on screens players share,
	// and the seed alone recreates the deal and every draw (it is in
	// game.seed, for the game master).
	detail := fmt.Sprintf("created a %s game, %d seats (%s); first phase %s",
		g.Variant, len(g.Seats), strings.Join(powers, ", "), first.Name)
	return addAudit(tx, now, KindCreate, first.Name, detail)
}

// publish puts the finished temporary file at path without ever replacing
// something there: a hard link fails if path exists. Where the file system
// has no hard links, the name is reserved with O_EXCL, then replaced. The
// save is readable by its owner only, whatever the umask: it holds every
// secret of the game (docs/save-format.md, "What a save file reveals").
func publish(tmp, path string) error {
	err := os.Link(tmp, path)
	if errors.Is(err, fs.ErrExist) {
		return fileErr(path, ErrExists, "choose another name, or open it", nil)
	}
	if err != nil {
		reserved, rerr := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(rerr, fs.ErrExist) {
			return fileErr(path, ErrExists, "choose another name, or open it", nil)
		}
		if rerr != nil {
			return fileErr(path, nil, "cannot create the file", rerr)
		}
		reserved.Close()
		if err := os.Rename(tmp, path); err != nil {
			os.Remove(path)
			return fileErr(path, nil, "cannot create the file", err)
		}
	}
	syncDir(filepath.Dir(path))
	return nil
}

// syncDir makes a new name in dir durable (best effort).
func syncDir(dir string) {
	d, err := os.OpenFile(dir, os.O_RDONLY|syscall.O_DIRECTORY, 0)
	if err != nil {
		return
	}
	_ = d.Sync()
	d.Close()
}

// removeWithSidecars removes a temporary database and its SQLite files.
func removeWithSidecars(name string) {
	for _, suffix := range []string{"", "-journal", "-wal", "-shm"} {
		os.Remove(name + suffix)
	}
}

// loadGame reads the game and its seats into f.game.
func (f *File) loadGame() error {
	var g Game
	var opts, seed, created string
	err := f.db.QueryRow("SELECT variant, options, seed, created FROM game WHERE id = 1").
		Scan(&g.Variant, &opts, &seed, &created)
	if err != nil {
		return checkErr(f.path, "reading the game", err)
	}
	if err := json.Unmarshal([]byte(opts), &g.Options); err != nil {
		return fileErr(f.path, ErrCorrupt, "the game options are not a JSON object of strings", err)
	}
	if g.Seed, err = strconv.ParseUint(seed, 10, 64); err != nil {
		return fileErr(f.path, ErrCorrupt, "the game seed is not a number", err)
	}
	if g.Created, err = parseTime(created); err != nil {
		return fileErr(f.path, ErrCorrupt, "the game's creation time", err)
	}
	rows, err := f.db.Query("SELECT power, player, pin_hash FROM seats ORDER BY idx")
	if err != nil {
		return checkErr(f.path, "reading the seats", err)
	}
	defer rows.Close()
	for rows.Next() {
		var s Seat
		if err := rows.Scan(&s.Power, &s.Player, &s.PinHash); err != nil {
			return checkErr(f.path, "reading the seats", err)
		}
		g.Seats = append(g.Seats, s)
	}
	if err := rows.Err(); err != nil {
		return checkErr(f.path, "reading the seats", err)
	}
	if g.Options == nil {
		g.Options = map[string]string{}
	}
	f.game = g
	return nil
}
