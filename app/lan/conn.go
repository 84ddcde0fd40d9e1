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

	out      chan []byte
	outDone  bool // out is closed (host lock)
	gone     chan struct{}
	goneOnce sync.Once
}

// send queues a message (host lock held). A client too slow to take its
// messages is disconnected: it reconnects and gets a fresh view.
func (c *conn) send(typ string, ref uint64, body any) {
	if c.outDone {
		return // ending: it gets nothing more
	}
	c.seq++
	b, err := encode(typ, c.seq, ref, body)
	if err != nil {
		c.h.log.Error("encoding a message", "type", typ, "err", err)
		return
	}
	select {
	case c.out <- b:
	default:
		c.h.log.Warn("client too slow, disconnecting", "seat", c.key)
		c.closeOut()
	}
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
	for b := range c.out {
		ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
		err := c.ws.Write(ctx, websocket.MessageText, b)
		cancel()
		if err != nil {
			c.ws.CloseNow()
			return
		}
	}
	c.ws.Close(websocket.StatusNormalClosure, "")
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
			c.fail(0, CodeMalformed, "messages are JSON text")
			c.h.mu.Unlock()
			continue
		}
		c.h.handle(c, b)
	}
}
