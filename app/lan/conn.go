package lan

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/coder/websocket"

	"dipdesk/engine"
)

// conn is one client connection on the host. Its fields below mu-guarded
// are guarded by the host's lock.
type conn struct {
	h    *Host
	ws   *websocket.Conn
	addr string // the remote IP, for rate limiting

	joined  bool
	seat    engine.Seat
	key     string // seatKey(seat)
	lastSeq uint64 // the client's last accepted sequence number
	seq     uint64 // the host's last sequence number on this connection
	status  []byte // the last status body sent: an unchanged status is not sent again
	rate    bucket // messages of a connection that has no seat yet

	out      chan outMsg
	outDone  bool // out is closed (host lock)
	gone     chan struct{}
	goneOnce sync.Once
}

// outMsg is one item of a connection's queue: an encoded message, or the
// press backlog to stream in its place.
type outMsg struct {
	b       []byte
	backlog *backlog
}

// backlog is the press a joining seat may read, up to the newest message
// stored when it joined. It is read from the save a page at a time and
// written as fast as the client takes it, never queued whole: a game of
// 100,000 messages joins like a new one.
type backlog struct {
	seat engine.Seat
	upTo int64  // the newest press id it covers
	base uint64 // press message n goes out with sequence number base+n
}

// backlogPage is how many press rows the writer reads from the save at a
// time when it streams a backlog.
const backlogPage = 256

// send queues a message (host lock held). A client too slow to take its
// messages is disconnected: it reconnects and gets a fresh view.
func (c *conn) send(typ string, ref uint64, body any) {
	c.sendV(Version, typ, ref, body)
}

// sendV queues a message in an envelope of version v (the hello, and the
// answer to a message of another version).
func (c *conn) sendV(v int, typ string, ref uint64, body any) {
	if c.outDone {
		return // ending: it gets nothing more
	}
	c.seq++
	b, err := encodeV(v, typ, c.seq, ref, body)
	if err != nil {
		c.h.log.Error("encoding a message", "type", typ, "err", err)
		return
	}
	c.queue(outMsg{b: b})
}

func (c *conn) queue(m outMsg) {
	select {
	case c.out <- m:
	default:
		c.h.log.Warn("client too slow, disconnecting", "seat", c.key)
		c.closeOut()
	}
}

// sendBacklog queues the press backlog up to press id upTo (host lock
// held). Sequence numbers base+1 .. base+upTo are kept for it, so the
// envelopes stay in increasing order (gaps allowed).
func (c *conn) sendBacklog(upTo int64) {
	if c.outDone || upTo <= 0 {
		return
	}
	base := c.seq
	c.seq += uint64(upTo)
	c.queue(outMsg{backlog: &backlog{seat: c.seat, upTo: upTo, base: base}})
}

// fail answers a refused message with an error (host lock held). For
// CodeReplaced the connection then ends.
func (c *conn) fail(ref uint64, code, msg string) {
	c.send(TypeError, ref, ErrorMsg{Code: code, Message: msg})
	if code == CodeReplaced {
		c.closeOut()
	}
}

// closeOut ends the write loop after what is queued, which then closes
// the connection (host lock held).
func (c *conn) closeOut() {
	if !c.outDone {
		c.outDone = true
		close(c.out)
	}
}

// writeTimeout bounds one write: a client that stops reading is dropped.
const writeTimeout = 10 * time.Second

func (c *conn) writeLoop() {
	defer c.goneOnce.Do(func() { close(c.gone) })
	for m := range c.out {
		var err error
		if m.backlog != nil {
			err = c.streamBacklog(m.backlog)
		} else {
			err = c.write(m.b)
		}
		if err != nil {
			c.ws.CloseNow()
			return
		}
	}
	c.ws.Close(websocket.StatusNormalClosure, "")
}

func (c *conn) write(b []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
	defer cancel()
	return c.ws.Write(ctx, websocket.MessageText, b)
}

// errHostClosing ends a backlog stream when the host closes.
var errHostClosing = errors.New("lan: the host is closing")

// streamBacklog writes the press of bl the seat may read, a page at a
// time, each message only once the one before was taken: the client's
// pace is the flow control, and no lock is held.
func (c *conn) streamBacklog(bl *backlog) error {
	after := int64(0)
	for after < bl.upTo {
		select {
		case <-c.h.done:
			return errHostClosing
		default:
		}
		page, err := c.h.g.PressPage(after, bl.upTo, backlogPage)
		if err != nil {
			c.h.log.Error("reading press", "err", err)
			return err
		}
		if len(page) == 0 {
			return nil
		}
		for _, p := range page {
			after = p.ID
			m := PressMsg{ID: p.ID, Phase: p.Phase, From: p.From, To: p.To, Text: p.Body, Sent: p.Sent}
			if !mayRead(bl.seat, m) {
				continue
			}
			b, err := encode(TypePress, bl.base+uint64(p.ID), 0, m)
			if err != nil {
				return err
			}
			if err := c.write(b); err != nil {
				return err
			}
		}
	}
	return nil
}

func (c *conn) readLoop(ctx context.Context) {
	for {
		typ, b, err := c.ws.Read(ctx)
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) && ce.Code == websocket.StatusMessageTooBig {
				c.h.log.Info("client sent a message over the transport limit", "addr", c.addr)
			}
			return
		}
		if typ != websocket.MessageText {
			c.h.mu.Lock()
			if c.h.allow(c) {
				c.fail(0, CodeMalformed, "messages are JSON text")
			}
			c.h.mu.Unlock()
			continue
		}
		c.h.handle(c, b)
	}
}

// bucket is a token bucket: a seat may send MessageBurst messages at
// once and MessageRate a second after that.
type bucket struct {
	tokens float64
	last   time.Time
}

// take spends one token at now; false when none is left.
func (b *bucket) take(now time.Time, rate float64, burst int) bool {
	if b.last.IsZero() {
		b.tokens = float64(burst)
	} else if d := now.Sub(b.last).Seconds(); d > 0 {
		b.tokens = min(float64(burst), b.tokens+d*rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
