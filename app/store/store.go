// Package store keeps one DipDesk game in one SQLite file (extension
// .dipdesk): the game's settings, its seats, every phase on every line of
// play, every order ever submitted, the adjudicator's results and draws,
// and an audit trail that is never rewritten.
//
// The store knows nothing of Diplomacy: positions and parsed orders arrive
// as JSON produced by the session layer and are kept as they came. What the
// store does care about is that nothing is ever lost: rows are only added
// (a rollback marks a branch abandoned instead of deleting it), SQL
// triggers refuse deletions and forbidden updates, every row carries a
// checksum, and a file that is damaged or belongs to another program is
// rejected before SQLite is allowed to write to it.
//
// The file layout is described in docs/save-format.md.
package store

import (
	"database/sql"
	"sync"
	"time"
)

// Game is what a save file knows about the game as a whole.
type Game struct {
	Variant string            // "standard"
	Options map[string]string // game options
	Seed    uint64            // random seed of the game
	Created time.Time
	Seats   []Seat
}

// Seat is one place at the table: a power, or the game master.
type Seat struct {
	Power   string // "france", or "gm"
	Player  string // display name, may be ""
	PinHash string // optional hash of a PIN (the session hashes; store only stores)
}

// Phase is one phase of play as stored: its position before adjudication
// and where it sits in the history of the game.
type Phase struct {
	ID          int64     // row id
	Seq         int       // 0,1,2... position on its line of play
	Name        string    // "S1901M"
	State       []byte    // JSON of the whole position (opaque to the store)
	Parent      int64     // the phase this one follows (0 for the first)
	Abandoned   bool      // on a branch abandoned by a rollback
	Adjudicated bool      // results were stored for it
	Created     time.Time // when the row was written
}

// Order is one order as a player submitted it.
type Order struct {
	ID        int64
	PhaseID   int64
	Power     string
	Typed     string // the order as the player wrote it (one order)
	Parsed    []byte // JSON of the parsed order (opaque)
	Canonical string // the order in canonical notation, e.g. "A par - bur"
	Current   bool   // false once replaced by a later submission for the same power and phase
	Submitted time.Time
}

// Result is the adjudicator's verdict on one order.
type Result struct {
	PhaseID int64
	Index   int // order of the results as the adjudicator gave them
	Power   string
	Order   string // canonical order text
	OK      bool
	Code    string // "bounced", "cut", ...
	Reason  string
}

// Draw is one random draw (a die, a card) made while adjudicating a
// phase, or a value a game master entered for one before it was
// adjudicated (EnterDraw).
type Draw struct {
	PhaseID int64
	Index   int
	Why     string
	N       int
	Value   int // 0..N-1 (a die shows Value+1)
	// Kind is DrawHidden, DrawDie or DrawPick; "" for a draw stored
	// before format 3, when every draw was one nobody made by hand.
	Kind    string
	Entered bool      // a game master entered it rather than the seed drawing it
	At      time.Time // EnteredDraws: when it was entered
}

// The kinds of draw (engine.DrawKind's words).
const (
	DrawHidden = "hidden"
	DrawDie    = "die"
	DrawPick   = "pick"
)

// AuditEntry is one line of the audit trail. Entries are only ever added.
type AuditEntry struct {
	ID     int64
	At     time.Time
	Kind   string // "create", "orders", "adjudicate", "edit", "rollback"
	Phase  string // phase name concerned
	Detail string // human-readable text or JSON
}

// Audit kinds written by the store.
const (
	KindCreate     = "create"
	KindOrders     = "orders"
	KindAdjudicate = "adjudicate"
	KindEdit       = "edit"
	KindRollback   = "rollback"
	KindStandby    = "standby"
	KindDraw       = "draw" // a value a game master entered for a draw
)

// Extension is the file name extension of DipDesk save files.
const Extension = ".dipdesk"

// ApplicationID is the value of PRAGMA application_id in every DipDesk
// save file: the bytes "DipD" read as a big-endian number. It tells a
// DipDesk save apart from any other SQLite database.
const ApplicationID = 0x44697044

// File is an open save file. Its methods may be called from several
// goroutines. A File opened with OpenReadOnly refuses every method that
// writes with ErrReadOnly.
type File struct {
	path     string
	readOnly bool
	gameMu   sync.Mutex // guards game, which HandSeat changes
	game     Game
	ref      *inodeRef // the process-wide descriptor of the file (locks)
	locked   bool      // this File holds the writer's lock
	now      func() time.Time

	mu        sync.Mutex // guards db, immutable and closed
	db        *sql.DB
	retired   []*sql.DB // connections replaced while open, closed by Close
	immutable bool      // read-only snapshot opened with immutable=1 (no -wal existed)
	snap      stamp     // the file as it was when the immutable snapshot was opened
	tmpCopy   string    // read-only view of an older format: migrated private copy
	closed    bool
}

// Path returns the path the file was opened with.
func (f *File) Path() string { return f.path }

// Game returns the game's settings and seats as stored when the file was
// opened, with the seats this File has handed on since (HandSeat).
func (f *File) Game() Game {
	f.gameMu.Lock()
	defer f.gameMu.Unlock()
	g := f.game
	g.Options = make(map[string]string, len(f.game.Options))
	for k, v := range f.game.Options {
		g.Options[k] = v
	}
	g.Seats = append([]Seat(nil), f.game.Seats...)
	return g
}

// ReadOnly reports whether the file was opened with OpenReadOnly.
func (f *File) ReadOnly() bool { return f.readOnly }
