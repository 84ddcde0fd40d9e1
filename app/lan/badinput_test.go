package lan

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock the test moves.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// errorAfter waits for the error answering a raw message sent after
// message index from, and returns its code.
func errorAfter(t *testing.T, sc *seatClient, from int) string {
	t.Helper()
	i := sc.in.waitFor(t, from, "an error", func(e Envelope) bool { return e.Type == TypeError })
	e, err := Decode[ErrorMsg](sc.in.messages()[i])
	if err != nil {
		t.Fatal(err)
	}
	return e.Code
}

// storedOrders returns what the save holds for the current phase.
func storedOrders(t *testing.T, h *Host) []string {
	t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	cur, err := h.g.Current()
	if err != nil {
		t.Fatal(err)
	}
	orders, err := h.g.Orders(cur.Phase)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, o := range orders {
		out = append(out, string(o.Power)+": "+o.Format(h.g.Map()))
	}
	return out
}

// TestBadInput: malformed, oversized, out-of-order, replayed and
// wrong-seat messages get an error and change nothing.
func TestBadInput(t *testing.T) {
	g := newGame(t, "standard", 2)
	h := startHost(t, g, HostConfig{})
	fr := join(t, h, "france", false)
	watcher := join(t, h, ObserverSeat, false)
	if _, err := fr.c.Orders(ctxT(t), "S1901M", "A par - bur"); err != nil {
		t.Fatal(err)
	}
	before := storedOrders(t, h)

	env := func(typ string, seq uint64, body string) string {
		return fmt.Sprintf(`{"v":2,"type":%q,"seq":%d,"body":%s}`, typ, seq, body)
	}
	big := strings.Repeat("A par h\n", MaxMessage/8+10)
	tests := []struct {
		name string
		raw  string
		code string
	}{
		{"not JSON", `{"v":2,"type":`, CodeMalformed},
		{"JSON but not an object", `[1,2,3]`, CodeMalformed},
		{"unknown field", `{"v":2,"type":"orders","seq":100,"body":{"phase":"S1901M","text":"A par h"},"admin":true}`, CodeMalformed},
		{"unknown body field", env("orders", 101, `{"phase":"S1901M","text":"A par h","power":"england"}`), CodeMalformed},
		{"trailing data", env("orders", 102, `{"phase":"S1901M","text":"A par h"}`) + `{}`, CodeMalformed},
		{"wrong version", `{"v":3,"type":"orders","seq":103,"body":{"phase":"S1901M","text":"A par h"}}`, CodeVersion},
		{"no sequence number", `{"v":2,"type":"orders","body":{"phase":"S1901M","text":"A par h"}}`, CodeMalformed},
		{"host-only type", env("view", 104, `{}`), CodeUnknownType},
		{"oversized message", env("orders", 105, fmt.Sprintf(`{"phase":"S1901M","text":%q}`, big)), CodeTooLarge},
		{"oversized field", env("orders", 106, fmt.Sprintf(`{"phase":%q,"text":"A par h"}`, strings.Repeat("S", MaxField+1))), CodeTooLarge},
		{"replayed", env("orders", 1, `{"phase":"S1901M","text":"A par h"}`), CodeSequence},
		{"out of order", env("orders", 50, `{"phase":"S1901M","text":"A par h"}`), CodeSequence},
		{"stale phase", env("orders", 200, `{"phase":"F1901M","text":"A par h"}`), CodeStalePhase},
		{"other seat named", env("orders", 201, `{"phase":"S1901M","seat":"england","text":"A par h"}`), CodeWrongSeat},
		{"join again", env("join", 202, `{"seat":"england","code":"AAAA-AAAA"}`), CodeJoined},
		{"press to nobody known", env("press", 203, `{"to":["atlantis"],"text":"hi"}`), CodeMalformed},
		{"empty press", env("press", 204, `{"text":"  "}`), CodeMalformed},
		{"adjudicate as a power", env("adjudicate", 205, `{"phase":"S1901M"}`), CodeWrongSeat},
		{"NUL in a phase", env("ready", 206, `{"phase":"S1901M\u0000","ready":true}`), CodeMalformed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// the "out of order" case needs a later number to have been seen
			if tc.name == "out of order" {
				if err := fr.c.SendRaw(ctxT(t), []byte(env("ready", 99, `{"phase":"S1901M","ready":false}`))); err != nil {
					t.Fatal(err)
				}
				fr.in.waitFor(t, len(fr.in.messages())-1, "the ack of seq 99", func(e Envelope) bool { return e.Ref == 99 })
			}
			from := len(fr.in.messages())
			if err := fr.c.SendRaw(ctxT(t), []byte(tc.raw)); err != nil {
				t.Fatal(err)
			}
			if code := errorAfter(t, fr, from); code != tc.code {
				t.Errorf("error code %q, want %q", code, tc.code)
			}
		})
	}
	// The client's own sequence numbers continue above the raw ones.
	fr.c.mu.Lock()
	fr.c.seq = 1000
	fr.c.mu.Unlock()

	// An observer may not order, be ready or send press.
	for _, typ := range []string{TypeOrders, TypeReady, TypePress} {
		var body any
		switch typ {
		case TypeOrders:
			body = OrdersMsg{Phase: "S1901M", Text: "A par h"}
		case TypeReady:
			body = ReadyMsg{Phase: "S1901M", Ready: true}
		default:
			body = PressSend{Text: "hello"}
		}
		var he *HostError
		if _, err := watcher.c.Request(ctxT(t), typ, body); !errors.As(err, &he) || he.Code != CodeWrongSeat {
			t.Errorf("observer %s: %v", typ, err)
		}
	}
	if after := storedOrders(t, h); strings.Join(after, "|") != strings.Join(before, "|") {
		t.Errorf("bad input changed the orders: %v, were %v", after, before)
	}
	// The transport's limit closes the connection; the host stays up.
	huge := make([]byte, readLimit+10)
	for i := range huge {
		huge[i] = ' '
	}
	_ = fr.c.SendRaw(ctxT(t), huge)
	en := join(t, h, "england", false)
	if _, err := en.c.Orders(ctxT(t), "S1901M", "F lon - nth"); err != nil {
		t.Errorf("the host after a huge message: %v", err)
	}
}

// TestNotJoined: game messages before a join are refused.
func TestNotJoined(t *testing.T) {
	g := newGame(t, "standard", 2)
	h := startHost(t, g, HostConfig{})
	c, in := rawConn(t, h)
	from := len(in.messages())
	if err := c.SendRaw(ctxT(t), []byte(`{"v":2,"type":"orders","seq":1,"body":{"phase":"S1901M","text":"A par h"}}`)); err != nil {
		t.Fatal(err)
	}
	i := in.waitFor(t, from, "an error", func(e Envelope) bool { return e.Type == TypeError })
	if e, _ := Decode[ErrorMsg](in.messages()[i]); e.Code != CodeNotJoined {
		t.Errorf("code %q", e.Code)
	}
}

// rawConn connects a client that does not join.
func rawConn(t *testing.T, h *Host) (*Client, *inbox) {
	t.Helper()
	in := newInbox()
	c := &Client{cfg: ClientConfig{Addr: h.Addr(), OnMessage: in.add, DialTimeout: testTimeout}, done: make(chan struct{}), fp: h.Fingerprint()}
	if err := c.dialOnly(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	in.waitFor(t, 0, "hello", func(e Envelope) bool { return e.Type == TypeHello })
	return c, in
}

// TestJoinCodesRateLimited: wrong codes burn a seat's code after
// CodeAttempts tries and lock an address out after FailLimit failures,
// even with the right code.
func TestJoinCodesRateLimited(t *testing.T) {
	g := newGame(t, "standard", 2)
	clock := &fakeClock{t: time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)}
	h := startHost(t, g, HostConfig{Now: clock.Now})
	dial := func(seat, code string) error {
		c, err := Dial(ctxT(t), ClientConfig{Addr: h.Addr(), Seat: seat, Code: code, Fingerprint: h.Fingerprint()})
		if err == nil {
			c.Close()
		}
		return err
	}
	codeOf := func(err error) string {
		var he *HostError
		if errors.As(err, &he) {
			return he.Code
		}
		return fmt.Sprint(err)
	}
	right := h.Codes()["italy"]
	for i := range CodeAttempts {
		if c := codeOf(dial("italy", "WRON-GGGG")); c != CodeBadCode {
			t.Fatalf("wrong code %d: %s", i, c)
		}
	}
	if c := codeOf(dial("italy", right)); c != CodeBadCode {
		t.Errorf("italy's code after %d wrong tries: %s, want it burnt", CodeAttempts, c)
	}
	for i := CodeAttempts + 1; i < FailLimit; i++ {
		dial("russia", "WRON-GGGG")
	}
	if c := codeOf(dial("turkey", h.Codes()["turkey"])); c != CodeRateLimited {
		t.Errorf("the right code from a locked-out address: %s", c)
	}
	clock.Add(FailWindow + 1)
	if err := dial("turkey", strings.ToLower(h.Codes()["turkey"])); err != nil {
		t.Errorf("after the window, the right code (lower case): %v", err)
	}
	if c := codeOf(dial("turkey", "ABCD-EFGH")); c != CodeBadCode {
		t.Errorf("a used code: %s", c)
	}
	// A code expires.
	code := h.Codes()["austria"]
	clock.Add(DefaultTTL + 1)
	if c := codeOf(dial("austria", code)); c != CodeBadCode {
		t.Errorf("an expired code: %s", c)
	}
	fresh, err := h.NewCode("austria")
	if err != nil {
		t.Fatal(err)
	}
	if err := dial("austria", fresh); err != nil {
		t.Errorf("a new code: %v", err)
	}
}

// TestTokenReconnect: a seat's token takes the seat back on a new
// connection (the old one is closed), a wrong token is refused, and a
// client that loses its connection reconnects by itself.
func TestTokenReconnect(t *testing.T) {
	g := newGame(t, "standard", 2)
	h := startHost(t, g, HostConfig{})
	fr := join(t, h, "france", true)
	if _, err := fr.c.Orders(ctxT(t), "S1901M", "A par - bur"); err != nil {
		t.Fatal(err)
	}
	tok := fr.c.Token()
	// A token one character off (never the token itself: a random token
	// may begin with the letter put in its place).
	first := "x"
	if tok[:1] == first {
		first = "y"
	}
	if _, err := Dial(ctxT(t), ClientConfig{Addr: h.Addr(), Token: first + tok[1:], Fingerprint: h.Fingerprint()}); err == nil {
		t.Error("a wrong token was accepted")
	}
	// The server side drops the connection: the client comes back alone.
	welcomes := func(sc *seatClient) int {
		n := 0
		for _, e := range sc.in.messages() {
			if e.Type == TypeWelcome {
				n++
			}
		}
		return n
	}
	from := len(fr.in.messages())
	h.mu.Lock()
	h.bySeat["france"].ws.CloseNow()
	h.mu.Unlock()
	fr.in.waitFor(t, from, "the welcome after reconnecting", func(e Envelope) bool { return e.Type == TypeWelcome })
	i := fr.in.waitFor(t, from, "the view after reconnecting", func(e Envelope) bool { return e.Type == TypeView })
	v, _ := Decode[View](fr.in.messages()[i])
	if len(v.Pending) != 1 || v.Pending[0] != "A par - bur" {
		t.Errorf("after reconnecting France sees %v", v.Pending)
	}
	if welcomes(fr) != 2 {
		t.Errorf("%d welcomes", welcomes(fr))
	}
	// The same token from another machine takes the seat; the first is told.
	other := joinWith(t, ClientConfig{Addr: h.Addr(), Token: tok, Fingerprint: h.Fingerprint()})
	if _, err := other.c.Orders(ctxT(t), "S1901M", "A par - pic"); err != nil {
		t.Fatal(err)
	}
	fr.in.waitFor(t, from, "the replaced error", func(e Envelope) bool {
		er, _ := Decode[ErrorMsg](e)
		return e.Type == TypeError && er.Code == CodeReplaced
	})
	fr.c.Close()
	if got := storedOrders(t, h); len(got) != 1 || got[0] != "france: A par - pic" {
		t.Errorf("stored %v", got)
	}
}

// TestPinnedFingerprint: a client pinned to another certificate refuses
// the host; an unpinned one learns the fingerprint.
func TestPinnedFingerprint(t *testing.T) {
	g := newGame(t, "standard", 2)
	h := startHost(t, g, HostConfig{})
	_, err := Dial(ctxT(t), ClientConfig{Addr: h.Addr(), Seat: ObserverSeat, Code: h.Codes()[ObserverSeat],
		Fingerprint: strings.Repeat("AB:", 31) + "AB"})
	if !errors.Is(err, ErrFingerprint) && (err == nil || !strings.Contains(err.Error(), "fingerprint")) {
		t.Errorf("a wrong pin: %v", err)
	}
	var pinned string
	sc := joinWith(t, ClientConfig{Addr: h.Addr(), Seat: ObserverSeat, Code: h.Codes()[ObserverSeat], OnPin: func(fp string) { pinned = fp }})
	if pinned != h.Fingerprint() || sc.c.Fingerprint() != h.Fingerprint() {
		t.Errorf("pinned %q, host shows %q", pinned, h.Fingerprint())
	}
}
