package store

import (
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// migration brings a file from version-1 to version. Its steps run in
// order inside one transaction together with every other pending
// migration, so a file is either fully upgraded or left as it was.
type migration struct {
	version int
	about   string
	// pre, when set, checks the file before the steps run and says in
	// words what keeps it from being upgraded (a constraint the new
	// format adds that the rows break), rather than SQLite's terse
	// complaint half-way.
	pre   func(*sql.Tx) error
	steps []string
}

// migrations is the ordered list of every format change since the first.
// Never edit a step that has shipped: add a migration instead. The schema
// a new file gets is the result of running all of them on an empty file.
var migrations = []migration{
	{version: 1, about: "first format", steps: schemaV1},
	{version: 2, about: "LAN play: press messages and seat-token hashes", steps: schemaV2},
	{version: 3, about: "the game's shape: unique live phase keys, draws' kind and who entered them, values a game master entered, the game's end",
		pre: checkV3, steps: schemaV3},
}

// SupportedVersion returns the newest save format version this DipDesk
// reads and writes (PRAGMA user_version of the files it creates).
func SupportedVersion() int { return migrations[len(migrations)-1].version }

// schemaV1 creates the tables of format version 1. See docs/save-format.md.
var schemaV1 = []string{
	fmt.Sprintf("PRAGMA application_id = %d", ApplicationID),
	`CREATE TABLE meta (
		key   TEXT PRIMARY KEY,
		value TEXT NOT NULL
	)`,
	`CREATE TABLE game (
		id      INTEGER PRIMARY KEY CHECK (id = 1),
		variant TEXT NOT NULL,
		options TEXT NOT NULL DEFAULT '{}',
		seed    TEXT NOT NULL,
		created TEXT NOT NULL,
		crc     INTEGER
	)`,
	`CREATE TABLE seats (
		idx      INTEGER PRIMARY KEY,
		power    TEXT NOT NULL UNIQUE,
		player   TEXT NOT NULL DEFAULT '',
		pin_hash TEXT NOT NULL DEFAULT '',
		crc      INTEGER
	)`,
	`CREATE TABLE phases (
		id          INTEGER PRIMARY KEY,
		seq         INTEGER NOT NULL CHECK (seq >= 0),
		name        TEXT NOT NULL,
		state       TEXT NOT NULL,
		parent      INTEGER REFERENCES phases(id),
		replaces    INTEGER REFERENCES phases(id),
		abandoned   INTEGER NOT NULL DEFAULT 0 CHECK (abandoned IN (0, 1)),
		adjudicated INTEGER NOT NULL DEFAULT 0 CHECK (adjudicated IN (0, 1)),
		created     TEXT NOT NULL,
		crc         INTEGER
	)`,
	`CREATE INDEX phases_live ON phases(abandoned, id)`,
	`CREATE TABLE orders (
		id          INTEGER PRIMARY KEY,
		phase_id    INTEGER NOT NULL REFERENCES phases(id),
		power       TEXT NOT NULL,
		typed       TEXT NOT NULL,
		parsed      TEXT NOT NULL,
		canonical   TEXT NOT NULL,
		current     INTEGER NOT NULL DEFAULT 1 CHECK (current IN (0, 1)),
		submitted   TEXT NOT NULL,
		copied_from INTEGER REFERENCES orders(id),
		crc         INTEGER
	)`,
	`CREATE INDEX orders_phase ON orders(phase_id, power, current)`,
	`CREATE TABLE results (
		id         INTEGER PRIMARY KEY,
		phase_id   INTEGER NOT NULL REFERENCES phases(id),
		idx        INTEGER NOT NULL,
		power      TEXT NOT NULL,
		order_text TEXT NOT NULL,
		ok         INTEGER NOT NULL CHECK (ok IN (0, 1)),
		code       TEXT NOT NULL DEFAULT '',
		reason     TEXT NOT NULL DEFAULT '',
		crc        INTEGER,
		UNIQUE (phase_id, idx)
	)`,
	`CREATE TABLE draws (
		id       INTEGER PRIMARY KEY,
		phase_id INTEGER NOT NULL REFERENCES phases(id),
		idx      INTEGER NOT NULL,
		why      TEXT NOT NULL,
		n        INTEGER NOT NULL,
		value    INTEGER NOT NULL,
		crc      INTEGER,
		UNIQUE (phase_id, idx)
	)`,
	`CREATE TABLE audit (
		id     INTEGER PRIMARY KEY,
		at     TEXT NOT NULL,
		kind   TEXT NOT NULL,
		phase  TEXT NOT NULL DEFAULT '',
		detail TEXT NOT NULL DEFAULT '',
		crc    INTEGER
	)`,
	// Nothing may be lost: the audit trail is append-only...
	guard("audit_no_update", "BEFORE UPDATE ON audit", "", "audit entries are never changed"),
	guard("audit_no_delete", "BEFORE DELETE ON audit", "", "audit entries are never deleted"),
	// ...and so is the rest of the history, except the few flags and the
	// one state that the store's own operations change.
	guard("game_no_delete", "BEFORE DELETE ON game", "", "the game row is never deleted"),
	guard("phases_no_delete", "BEFORE DELETE ON phases", "", "phases are never deleted (a rollback abandons them)"),
	guard("phases_keep", "BEFORE UPDATE ON phases",
		`NEW.id IS NOT OLD.id OR NEW.seq IS NOT OLD.seq OR NEW.name IS NOT OLD.name
		OR NEW.parent IS NOT OLD.parent OR NEW.replaces IS NOT OLD.replaces
		OR NEW.created IS NOT OLD.created
		OR NEW.abandoned < OLD.abandoned OR NEW.adjudicated < OLD.adjudicated
		OR (NEW.state IS NOT OLD.state AND (OLD.adjudicated = 1 OR OLD.abandoned = 1))`,
		"a phase's history is never rewritten"),
	guard("orders_no_delete", "BEFORE DELETE ON orders", "", "orders are never deleted (new ones replace them)"),
	guard("orders_keep", "BEFORE UPDATE ON orders",
		`NEW.id IS NOT OLD.id OR NEW.phase_id IS NOT OLD.phase_id OR NEW.power IS NOT OLD.power
		OR NEW.typed IS NOT OLD.typed OR NEW.parsed IS NOT OLD.parsed
		OR NEW.canonical IS NOT OLD.canonical OR NEW.submitted IS NOT OLD.submitted
		OR NEW.copied_from IS NOT OLD.copied_from OR NEW.crc IS NOT OLD.crc
		OR NEW.current > OLD.current`,
		"orders are never rewritten (new ones replace them)"),
	guard("orders_open_phase", "BEFORE INSERT ON orders",
		`(SELECT adjudicated + abandoned FROM phases WHERE id = NEW.phase_id) > 0`,
		"no orders for an adjudicated or abandoned phase"),
	guard("results_no_update", "BEFORE UPDATE ON results", "", "results are never changed"),
	guard("results_no_delete", "BEFORE DELETE ON results", "", "results are never deleted"),
	guard("results_open_phase", "BEFORE INSERT ON results",
		`(SELECT adjudicated FROM phases WHERE id = NEW.phase_id) = 1`,
		"the phase already has its results"),
	guard("draws_no_update", "BEFORE UPDATE ON draws", "", "draws are never changed"),
	guard("draws_no_delete", "BEFORE DELETE ON draws", "", "draws are never deleted"),
}

// schemaV2 adds what LAN play keeps (app/lan): the press messages sent
// between seats and the hashes of the seat tokens that let a player's
// machine take its seat back. Both are append-only like the rest of the
// history. See docs/save-format.md.
var schemaV2 = []string{
	`CREATE TABLE press (
		id         INTEGER PRIMARY KEY,
		phase      TEXT NOT NULL,
		sender     TEXT NOT NULL,
		recipients TEXT NOT NULL DEFAULT '',
		body       TEXT NOT NULL,
		sent       TEXT NOT NULL,
		crc        INTEGER
	)`,
	`CREATE TABLE seat_tokens (
		id         INTEGER PRIMARY KEY,
		power      TEXT NOT NULL,
		token_hash TEXT NOT NULL,
		issued     TEXT NOT NULL,
		crc        INTEGER
	)`,
	`CREATE INDEX seat_tokens_power ON seat_tokens(power, id)`,
	guard("press_no_update", "BEFORE UPDATE ON press", "", "press messages are never changed"),
	guard("press_no_delete", "BEFORE DELETE ON press", "", "press messages are never deleted"),
	guard("seat_tokens_no_update", "BEFORE UPDATE ON seat_tokens", "", "seat tokens are never changed (a new row replaces one)"),
	guard("seat_tokens_no_delete", "BEFORE DELETE ON seat_tokens", "", "seat tokens are never deleted (a new row replaces one)"),
}

// schemaV3 carries the game's shape (issue 14): phases are named by
// their keys (engine.Phase.Key: "S1901M" as before, "SU1901.muster@germany",
// "AU1901.borg"), unique on the live line, so a lookup finds the one phase
// of a key; a draw says what kind it is (hidden, die, pick) and whether a
// game master entered it (columns NULL on the rows written before, whose
// checksums stay as they were: see tableSpec.added); the values a game
// master enters wait, append-only, until their phase is adjudicated; and
// how a game ended is kept with the phase that ended it. See
// docs/save-format.md.
var schemaV3 = []string{
	`CREATE UNIQUE INDEX phases_live_key ON phases(name) WHERE abandoned = 0`,
	`ALTER TABLE draws ADD COLUMN kind TEXT CHECK (kind IN ('hidden', 'die', 'pick'))`,
	`ALTER TABLE draws ADD COLUMN entered INTEGER CHECK (entered IN (0, 1))`,
	`CREATE TABLE entered_draws (
		id       INTEGER PRIMARY KEY,
		phase_id INTEGER NOT NULL REFERENCES phases(id),
		idx      INTEGER NOT NULL CHECK (idx >= 0),
		why      TEXT NOT NULL,
		n        INTEGER NOT NULL CHECK (n > 0),
		value    INTEGER NOT NULL CHECK (value >= 0 AND value < n),
		kind     TEXT NOT NULL CHECK (kind IN ('hidden', 'die', 'pick')),
		at       TEXT NOT NULL,
		crc      INTEGER,
		UNIQUE (phase_id, idx)
	)`,
	guard("entered_draws_no_update", "BEFORE UPDATE ON entered_draws", "", "entered draws are never changed (roll the phase back to correct one)"),
	guard("entered_draws_no_delete", "BEFORE DELETE ON entered_draws", "", "entered draws are never deleted (roll the phase back to correct one)"),
	guard("entered_draws_open_phase", "BEFORE INSERT ON entered_draws",
		`(SELECT adjudicated + abandoned FROM phases WHERE id = NEW.phase_id) > 0`,
		"no draws entered for an adjudicated or abandoned phase"),
	`CREATE TABLE game_end (
		id       INTEGER PRIMARY KEY,
		phase_id INTEGER NOT NULL UNIQUE REFERENCES phases(id),
		outcome  TEXT NOT NULL,
		crc      INTEGER
	)`,
	guard("game_end_no_update", "BEFORE UPDATE ON game_end", "", "the end of a game is never changed (roll back to play on)"),
	guard("game_end_no_delete", "BEFORE DELETE ON game_end", "", "the end of a game is never deleted (roll back to play on)"),
	guard("game_end_adjudicated", "BEFORE INSERT ON game_end",
		`(SELECT adjudicated FROM phases WHERE id = NEW.phase_id) IS NOT 1`,
		"a game ends with the adjudication of a phase"),
}

// checkV3 refuses to upgrade a file whose live line names two phases
// alike: format 3 finds a phase by its key, and two would leave it
// guessing (the old "latest match" read a Summer step as a Spring one).
func checkV3(tx *sql.Tx) error {
	bad, err := duplicateKeys(tx)
	if err == nil && bad != "" {
		err = fmt.Errorf("%w: %s", ErrCorrupt, bad)
	}
	return err
}

// duplicateKeys says which key two live phases share, "" if none.
func duplicateKeys(q querier) (string, error) {
	var name string
	var first, second int64
	err := q.QueryRow(`SELECT name, min(id), max(id) FROM phases WHERE abandoned = 0
		GROUP BY name HAVING count(*) > 1 ORDER BY min(id) LIMIT 1`).Scan(&name, &first, &second)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("table phases, rows %d and %d: two phases %s on the live line of play", first, second, name), nil
}

// requiredTriggers are checked on every open: a file without them could
// lose its audit trail.
var requiredTriggers = []string{"audit_no_update", "audit_no_delete"}

// guard writes a trigger that aborts the statement with message when the
// condition (SQL, "" for always) holds.
func guard(name, event, when, message string) string {
	if when != "" {
		when = " WHEN " + when
	}
	return "CREATE TRIGGER " + name + " " + event + when +
		" BEGIN SELECT RAISE(ABORT, 'dipdesk: " + strings.ReplaceAll(message, "'", "''") + "'); END"
}

// tableSpec names the columns of a table whose row checksum (column crc)
// covers them; see rowSum.
type tableSpec struct {
	name   string
	cols   []string
	atOpen bool // every row is checked when the file is opened
	since  int  // the format version that added the table
	// added are columns a later format (addedIn) added to the table.
	// A row written before has them all NULL and its checksum covers
	// cols alone; a row written since covers cols and added. So the
	// checksums of old rows stay right without being recomputed (which
	// would bless a damaged row).
	added   []string
	addedIn int
}

// columns returns the columns of the spec in use: cols, and added once
// the format in use has them.
func (s tableSpec) columns() []string {
	if len(s.added) == 0 || s.addedIn > SupportedVersion() {
		return s.cols
	}
	return append(s.cols[:len(s.cols):len(s.cols)], s.added...)
}

// covered returns the values a row's checksum covers, of vals read in
// the order of columns(): without the added ones when they are all NULL.
func (s tableSpec) covered(vals []any) []any {
	if len(vals) <= len(s.cols) {
		return vals
	}
	for _, v := range vals[len(s.cols):] {
		if v != nil {
			return vals
		}
	}
	return vals[:len(s.cols)]
}

// checked lists every table whose rows carry a checksum, with the columns
// it covers. Flags that the store changes (abandoned, adjudicated,
// current) are not covered. Every row is checked when it is read; the
// tables marked atOpen are also checked whole at every open. Orders and
// results are not: reading every row through the driver costs about a
// microsecond a row (20 ms for 100 years of play), and the
// integrity_check done at open already vouches for their structure.
var checked = []tableSpec{
	{"game", []string{"variant", "options", "seed", "created"}, true, 1, nil, 0},
	{"seats", []string{"idx", "power", "player", "pin_hash"}, true, 1, nil, 0},
	{"phases", []string{"seq", "name", "state", "parent", "replaces", "created"}, true, 1, nil, 0},
	{"orders", []string{"phase_id", "power", "typed", "parsed", "canonical", "submitted", "copied_from"}, false, 1, nil, 0},
	{"results", []string{"phase_id", "idx", "power", "order_text", "ok", "code", "reason"}, false, 1, nil, 0},
	{"draws", []string{"phase_id", "idx", "why", "n", "value"}, false, 1, []string{"kind", "entered"}, 3},
	{"audit", []string{"at", "kind", "phase", "detail"}, true, 1, nil, 0},
	{"press", []string{"phase", "sender", "recipients", "body", "sent"}, false, 2, nil, 0},
	{"seat_tokens", []string{"power", "token_hash", "issued"}, false, 2, nil, 0},
	{"entered_draws", []string{"phase_id", "idx", "why", "n", "value", "kind", "at"}, false, 3, nil, 0},
	{"game_end", []string{"phase_id", "outcome"}, true, 3, nil, 0},
}

// specOf returns the checksum spec of a table.
func specOf(table string) tableSpec {
	for _, s := range checked {
		if s.name == table {
			return s
		}
	}
	panic("store: no table spec for " + table)
}

// migrate brings db from version from to the last version in list, in one
// transaction: either every step of every pending migration is applied,
// user_version says so and check (if not nil) approves the result, or
// nothing changed.
func migrate(db *sql.DB, from int, list []migration, at string, check func(*sql.Tx) error) error {
	return withTx(db, func(tx *sql.Tx) error {
		for _, m := range list {
			if m.version <= from {
				continue
			}
			if m.pre != nil {
				if err := m.pre(tx); err != nil {
					return fmt.Errorf("migration to version %d (%s): %w", m.version, m.about, err)
				}
			}
			for i, step := range m.steps {
				if _, err := tx.Exec(step); err != nil {
					return fmt.Errorf("migration to version %d (%s), step %d: %w", m.version, m.about, i+1, err)
				}
			}
			if _, err := tx.Exec("PRAGMA user_version = " + strconv.Itoa(m.version)); err != nil {
				return err
			}
			key := "migrated_to_" + strconv.Itoa(m.version)
			if _, err := tx.Exec("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", key, at); err != nil {
				return fmt.Errorf("migration to version %d: recording it in meta: %w", m.version, err)
			}
		}
		if check != nil {
			return check(tx)
		}
		return nil
	})
}
