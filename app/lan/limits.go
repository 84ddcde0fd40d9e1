package lan

import (
	"fmt"
	"net"
	"sync"
	"time"
)

// Event is something the person running the host should know of as it
// happens: a failed join, a join code burnt by wrong guesses, a
// connection refused at the cap, a seat over its limits. The command
// line prints events; the host window shows them.
type Event struct {
	At   time.Time
	Kind string // one of the Event* kinds
	Seat string // the seat concerned, or ""
	Addr string // the remote address concerned, or ""
	Text string // one line for a person
}

// Kinds of events.
const (
	EventJoinFailed = "join_failed" // a wrong code or token
	EventCodeBurnt  = "code_burnt"  // a seat's code used up by wrong guesses: give a new one
	EventRefused    = "refused"     // a connection or message refused by a limit
)

// maxEvents is how many events Events keeps.
const maxEvents = 100

// OnEvent registers f to be called, in order and from one goroutine of
// the host (never under its lock), with each event.
func (h *Host) OnEvent(f func(Event)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.onEvent = append(h.onEvent, f)
}

// Events returns the latest events, oldest first.
func (h *Host) Events() []Event {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]Event(nil), h.events...)
}

// event records e and hands it to the OnEvent callbacks. It may be called
// with or without the host's lock (the connection cap calls it without);
// it never blocks: should the callbacks fall behind by more than the
// queue, later events are only kept for Events.
func (h *Host) event(e Event) {
	if e.At.IsZero() {
		e.At = h.cfg.Now()
	}
	if e.Kind == EventRefused {
		// A machine hammering the host would bury the other events
		// under its refusals: one notice per address every
		// refusalQuiet, saying how many it stands for.
		more, ok := h.quiet.allow(e.Addr, e.At)
		if !ok {
			return
		}
		if more > 0 {
			e.Text += fmt.Sprintf(" (and %d more from that address since the last notice)", more)
		}
	}
	h.log.Info("event", "kind", e.Kind, "seat", e.Seat, "addr", e.Addr, "text", e.Text)
	select {
	case h.eventq <- e:
	default:
	}
}

// eventLoop keeps the events and calls the callbacks.
func (h *Host) eventLoop() {
	defer h.wg.Done()
	for {
		select {
		case <-h.done:
			return
		case e := <-h.eventq:
			h.mu.Lock()
			h.events = append(h.events, e)
			if len(h.events) > maxEvents {
				h.events = h.events[len(h.events)-maxEvents:]
			}
			fs := h.onEvent
			h.mu.Unlock()
			for _, f := range fs {
				f(e)
			}
		}
	}
}

// unlocked runs f with the host's lock released (the game lock held):
// every write to the save file happens so, so that no seat ever waits on
// a disk sync to have a message looked at. The lock is taken again even
// if f panics, for guard.
func (h *Host) unlocked(f func()) {
	h.mu.Unlock()
	defer h.mu.Lock()
	if testHookUnlocked != nil {
		testHookUnlocked(h)
	}
	f()
}

// testHookUnlocked, set by tests, is called by unlocked before it writes.
var testHookUnlocked func(h *Host)

// allow spends one of the message allowance of c's seat (of c itself
// before it joins); false when it is spent (host lock held).
func (h *Host) allow(c *conn) bool {
	if h.cfg.MessageRate < 0 {
		return true
	}
	b := &c.rate
	if c.joined && c.key != ObserverSeat {
		if b = h.buckets[c.key]; b == nil {
			b = &bucket{}
			h.buckets[c.key] = b
		}
	}
	if b.take(h.cfg.Now(), h.cfg.MessageRate, h.cfg.MessageBurst) {
		return true
	}
	return false
}

// rateLimited answers a message over the rate (host lock held).
func (h *Host) rateLimited(c *conn, ref uint64) {
	c.fail(ref, CodeSlowDown, fmt.Sprintf("more than %d messages at once or %g a second from this seat; this one was ignored, send it again in a moment",
		h.cfg.MessageBurst, h.cfg.MessageRate))
}

// usage is what a seat has stored in the current phase.
type usage struct {
	orders int // bytes of orders text submitted
	press  int // bytes of press sent
}

// usageOf returns the seat's usage of the current phase (host lock held).
func (h *Host) usageOf(key string) *usage {
	u := h.usage[key]
	if u == nil {
		u = &usage{}
		h.usage[key] = u
	}
	return u
}

// capListener closes, as soon as they are accepted, the connections
// beyond max in all or perAddr from one address: idle connections cannot
// eat the host's memory (each costs its buffers and a queue).
type capListener struct {
	net.Listener
	max, perAddr int
	refused      func(addr string)

	mu     sync.Mutex
	n      int
	byAddr map[string]int
}

func newCapListener(ln net.Listener, max, perAddr int, refused func(string)) *capListener {
	return &capListener{Listener: ln, max: max, perAddr: perAddr, refused: refused, byAddr: map[string]int{}}
}

// Accept returns the next connection within the caps.
func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr, _, _ := net.SplitHostPort(c.RemoteAddr().String())
		l.mu.Lock()
		ok := l.n < l.max && l.byAddr[addr] < l.perAddr
		if ok {
			l.n++
			l.byAddr[addr]++
		}
		l.mu.Unlock()
		if ok {
			return &cappedConn{Conn: c, l: l, addr: addr}, nil
		}
		c.Close()
		if l.refused != nil {
			l.refused(addr)
		}
	}
}

// open returns how many connections are held.
func (l *capListener) open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.n
}

func (l *capListener) release(addr string) {
	l.mu.Lock()
	l.n--
	if l.byAddr[addr]--; l.byAddr[addr] <= 0 {
		delete(l.byAddr, addr)
	}
	l.mu.Unlock()
}

// cappedConn gives its place back when closed.
type cappedConn struct {
	net.Conn
	l    *capListener
	addr string
	once sync.Once
}

func (c *cappedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.addr) })
	return err
}

// refusalQuiet is how long refusals from one address are counted, not
// told one by one.
const refusalQuiet = 10 * time.Second

// quieter lets one notice per key through every refusalQuiet and counts
// the others. Safe for concurrent use (the connection cap calls it
// without the host's lock).
type quieter struct {
	mu   sync.Mutex
	last map[string]time.Time
	held map[string]int
}

// allow reports whether a notice for key may go out at now, and how many
// were held back since the last one.
func (q *quieter) allow(key string, now time.Time) (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.last == nil {
		q.last, q.held = map[string]time.Time{}, map[string]int{}
	}
	if len(q.last) > 1024 {
		for k, t := range q.last {
			if now.Sub(t) >= refusalQuiet {
				delete(q.last, k)
				delete(q.held, k)
			}
		}
	}
	if t, ok := q.last[key]; ok && now.Sub(t) < refusalQuiet {
		q.held[key]++
		return 0, false
	}
	n := q.held[key]
	q.last[key] = now
	delete(q.held, key)
	return n, true
}
