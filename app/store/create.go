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
	now := time.Now()
	tmp, err := writeNew(path, g, first, now)
	if tmp != "" {
		defer removeWithSidecars(tmp)
	}
	if err != nil {
		return nil, fileErr(path, nil, "cannot create the file", err)
	}
	if err := publish(tmp, path); err != nil {
		return nil, err
	}
	return Open(path)
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
// folder of path and returns that name.
func writeNew(path string, g Game, first Phase, now time.Time) (string, error) {
	tmpFile, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".creating-*")
	if err != nil {
		return "", err
	}
	tmp := tmpFile.Name()
	tmpFile.Close()
	db, err := openDB(tmp, rwParams)
	if err != nil {
		return tmp, err
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
	return tmp, err
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
	detail := fmt.Sprintf("created a %s game, seed %d, %d seats (%s); first phase %s",
		g.Variant, g.Seed, len(g.Seats), strings.Join(powers, ", "), first.Name)
	return addAudit(tx, now, KindCreate, first.Name, detail)
}

// publish puts the finished temporary file at path without ever replacing
// something there: a hard link fails if path exists. Where the file system
// has no hard links, the name is reserved with O_EXCL, then replaced.
func publish(tmp, path string) error {
	if err := os.Chmod(tmp, 0o644); err != nil {
		return fileErr(path, nil, "cannot create the file", err)
	}
	err := os.Link(tmp, path)
	if errors.Is(err, fs.ErrExist) {
		return fileErr(path, ErrExists, "choose another name, or open it", nil)
	}
	if err != nil {
		reserved, rerr := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
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
