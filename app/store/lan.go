package store

import (
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Press is one press (chat) message between seats, as LAN play stores it.
type Press struct {
	ID    int64
	Phase string   // the phase it was sent in, "S1901M"
	From  string   // the sending power, or "gm"
	To    []string // the powers it was sent to; empty: everyone (public press)
	Body  string
	Sent  time.Time
}

// AddPress stores a press message and returns it with its ID. A zero Sent
// becomes now.
func (f *File) AddPress(p Press) (Press, error) {
	db, err := f.writer()
	if err != nil {
		return Press{}, err
	}
	if p.Sent.IsZero() {
		p.Sent = f.now()
	}
	p.Sent = storedTime(p.Sent)
	err = withTx(db, func(tx *sql.Tx) error {
		id, err := insertOne(tx, "press", p.Phase, p.From, strings.Join(p.To, ","), p.Body, formatTime(p.Sent))
		p.ID = id
		return err
	})
	return p, f.sqlErr("storing a press message", err)
}

// Press returns every press message of the game in the order sent. Who
// may read which is the caller's business (app/lan sends each seat only
// the messages addressed to it).
func (f *File) Press() ([]Press, error) {
	return f.pressRows("SELECT id, crc, phase, sender, recipients, body, sent FROM press ORDER BY id")
}

// PressPage returns at most limit press messages with ids above after and
// at most upTo, in the order sent: a long backlog is read a page at a
// time, never all at once.
func (f *File) PressPage(after, upTo int64, limit int) ([]Press, error) {
	return f.pressRows("SELECT id, crc, phase, sender, recipients, body, sent FROM press WHERE id > ? AND id <= ? ORDER BY id LIMIT ?",
		after, upTo, limit)
}

// LastPressID returns the id of the newest press message, 0 if none.
func (f *File) LastPressID() (int64, error) {
	db, err := f.conn()
	if err != nil {
		return 0, err
	}
	var id int64
	err = db.QueryRow("SELECT coalesce(max(id), 0) FROM press").Scan(&id)
	return id, f.sqlErr("reading press", err)
}

// pressRows runs a query over the press table's columns and checks each
// row's checksum.
func (f *File) pressRows(query string, args ...any) ([]Press, error) {
	db, err := f.conn()
	if err != nil {
		return nil, err
	}
	rows, err := db.Query(query, args...)
	if err != nil {
		return nil, f.sqlErr("reading press", err)
	}
	defer rows.Close()
	var out []Press
	for rows.Next() {
		var p Press
		var crc any
		var to, sent string
		if err := rows.Scan(&p.ID, &crc, &p.Phase, &p.From, &to, &p.Body, &sent); err != nil {
			return nil, f.sqlErr("reading press", err)
		}
		if err := checkRow("press", p.ID, crc, p.Phase, p.From, to, p.Body, sent); err != nil {
			return nil, f.sqlErr("reading press", err)
		}
		if to != "" {
			p.To = strings.Split(to, ",")
		}
		if p.Sent, err = parseTime(sent); err != nil {
			return nil, f.sqlErr("reading press", err)
		}
		out = append(out, p)
	}
	return out, f.sqlErr("reading press", rows.Err())
}

// SetSeatToken records hash as the seat token of power, replacing the one
// before (rows are only added: the newest row of a power is in force). An
// empty hash revokes the seat's token. The store never sees tokens, only
// the hashes app/lan makes of them.
func (f *File) SetSeatToken(power, hash string) error {
	db, err := f.writer()
	if err != nil {
		return err
	}
	err = withTx(db, func(tx *sql.Tx) error {
		_, err := insertOne(tx, "seat_tokens", power, hash, formatTime(f.now()))
		return err
	})
	return f.sqlErr("storing a seat token", err)
}

// SeatTokens returns the token hash in force for each power that has one.
func (f *File) SeatTokens() (map[string]string, error) {
	db, err := f.conn()
	if err != nil {
		return nil, err
	}
	rows, err := db.Query("SELECT id, crc, power, token_hash, issued FROM seat_tokens ORDER BY id")
	if err != nil {
		return nil, f.sqlErr("reading seat tokens", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var id int64
		var crc any
		var power, hash, issued string
		if err := rows.Scan(&id, &crc, &power, &hash, &issued); err != nil {
			return nil, f.sqlErr("reading seat tokens", err)
		}
		if err := checkRow("seat_tokens", id, crc, power, hash, issued); err != nil {
			return nil, f.sqlErr("reading seat tokens", err)
		}
		if hash == "" {
			delete(out, power)
		} else {
			out[power] = hash
		}
	}
	return out, f.sqlErr("reading seat tokens", rows.Err())
}

// Submission is one power's orders in a SubmitBatch.
type Submission struct {
	Power  string
	Orders []Order
}

// SubmitBatch records several submissions for a phase in ONE transaction,
// each exactly as SubmitOrders would, in order (a power may appear more
// than once: its last submission is then current). A LAN host gathers
// the submissions that arrive while the disk is busy and stores them
// together, so a table of players costs one disk sync, not one each.
// Nothing is stored if any fails.
func (f *File) SubmitBatch(phaseID int64, subs []Submission) error {
	now := f.now()
	err := f.onCurrent(phaseID, func(tx *sql.Tx, p Phase) error {
		for _, s := range subs {
			res, err := tx.Exec("UPDATE orders SET current = 0 WHERE phase_id = ? AND power = ? AND current = 1", phaseID, s.Power)
			if err != nil {
				return err
			}
			replaced, _ := res.RowsAffected()
			if err := insertOrders(tx, phaseID, s.Power, s.Orders, f.now); err != nil {
				return err
			}
			if err := addAudit(tx, now, KindOrders, p.Name, ordersDetail(s.Power, s.Orders, replaced)); err != nil {
				return err
			}
		}
		return nil
	})
	return f.sqlErr("storing orders", err)
}

// HandSeat gives power's seat to another player: a standby taking over a
// power whose player has gone (Galt's Rules Clarifications: "If a standby
// is called..."). The seat's player name and PIN hash change, its seat
// token is revoked so that the old player's machine can no longer take
// the seat back over the LAN, and the audit log keeps who held it before.
// In a game master's game, where the power has no seat of its own, only
// the token and the log change, and a PIN is refused (ErrNoSeat).
// Nothing else of the game changes.
func (f *File) HandSeat(power, player, pinHash string) error {
	db, err := f.writer()
	if err != nil {
		return err
	}
	now := f.now()
	var before Seat
	err = withTx(db, func(tx *sql.Tx) error {
		var idx int64
		err := tx.QueryRow("SELECT idx, player, pin_hash FROM seats WHERE power = ?", power).Scan(&idx, &before.Player, &before.PinHash)
		switch {
		case errors.Is(err, sql.ErrNoRows) && pinHash != "":
			// A game master's game: the power's orders come through the
			// game master or the LAN, and a PIN guards a seat at this
			// computer only.
			return fmt.Errorf("%w: %s plays through the game master here, so a PIN would guard nothing", ErrNoSeat, power)
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return err
		default:
			sum := rowSum(idx, power, player, pinHash)
			if _, err := tx.Exec("UPDATE seats SET player = ?, pin_hash = ?, crc = ? WHERE idx = ?", player, pinHash, sum, idx); err != nil {
				return err
			}
		}
		if _, err := insertOne(tx, "seat_tokens", power, "", formatTime(now)); err != nil {
			return err
		}
		pin := "without a PIN"
		if pinHash != "" {
			pin = "with a PIN"
		}
		return addAudit(tx, now, KindStandby, "", fmt.Sprintf("%s handed from %s to %s, %s; its LAN seat token revoked",
			power, playerName(before.Player), playerName(player), pin))
	})
	if errors.Is(err, ErrNoSeat) {
		return err
	}
	if err != nil {
		return f.sqlErr("handing a seat on", err)
	}
	f.gameMu.Lock()
	for i := range f.game.Seats {
		if f.game.Seats[i].Power == power {
			f.game.Seats[i].Player, f.game.Seats[i].PinHash = player, pinHash
		}
	}
	f.gameMu.Unlock()
	return nil
}

// playerName is a seat's player as the audit log words it.
func playerName(p string) string {
	if p == "" {
		return "a player with no name"
	}
	return strconv.Quote(p)
}
