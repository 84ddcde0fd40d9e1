package lan

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// ErrClosed is returned by a closed client, and by requests made while
// the client is between connections.
var ErrClosed = errors.New("lan: not connected to the host")

// ErrPairing is a host whose certificate does not match the pairing code.
var ErrPairing = errors.New("lan: the host's certificate does not match the pairing code: check the code for a typo; typed right, it means this is not the host that showed it")

// UnverifiedError is a first join to a host whose certificate nothing
// vouched for: no pinned fingerprint, no pairing code, no confirmation.
// Nothing was sent to it.
type UnverifiedError struct{ Fingerprint string }

func (e *UnverifiedError) Error() string {
	return "lan: the host's certificate fingerprint is " + e.Fingerprint +
		"; compare it with the one the host shows and give it as the fingerprint, or use the pairing code the host shows (ABCD-EFGH-JKMN)"
}

// HostError is an error message the host answered a request with.
type HostError struct{ ErrorMsg }

func (e *HostError) Error() string { return "host: " + e.Code + ": " + e.Message }

// ClientConfig configures a client.
type ClientConfig struct {
	Addr string // the host, "192.168.1.20:7878"
	// Seat and Code join a seat the first time; Token (from an earlier
	// Welcome) takes it back and wins over them. Code is best the
	// pairing code the host shows ("ABCD-EFGH-JKMN"): its last four
	// letters let the client check the host's certificate before it
	// sends anything.
	Seat, Code, Token string
	// Fingerprint is the host certificate's pinned fingerprint. Without
	// it (a first join), the certificate must be vouched for by the
	// pairing code, or by ConfirmFingerprint; else Dial fails with an
	// *UnverifiedError and sends nothing. A certificate so checked is
	// reported to OnPin, to be pinned.
	Fingerprint string
	// ConfirmFingerprint asks the player to compare the fingerprint of
	// the host's certificate with the one the host shows; nil accepts
	// it. It is called before anything is sent to the host.
	ConfirmFingerprint func(fingerprint string) error
	OnPin              func(fingerprint string)
	OnToken            func(token string) // a new seat token to keep
	OnMessage          func(env Envelope) // every host message, in order, on the client's goroutine
	OnDrop             func(err error)    // the connection was lost
	Reconnect          bool               // reconnect with the seat token until Close
	Client             string             // "dipdesk join", for the host's log
	Backoff            time.Duration      // first wait before reconnecting; default 50 ms, doubling to 2 s
	DialTimeout        time.Duration      // default 10 s
	// NoSlowDown returns the host's slow_down answers to the caller
	// instead of sending the message again after a pause (tests that
	// look at the host's limits).
	NoSlowDown bool
	HTTPHeader http.Header // extra handshake headers (tests)
}

// Client is one seat's (or an observer's) connection to a host.
type Client struct {
	cfg  ClientConfig
	done chan struct{}

	mu      sync.Mutex
	ws      *websocket.Conn
	seq     uint64
	token   string
	fp      string
	waiters map[uint64]chan Envelope
	closed  bool
	lost    chan struct{} // closed when the current connection ends
	hello   chan error    // the check of the current connection's first message (CheckHello)
	ready   string        // the phase this seat said it is ready for, said again after a reconnect
	wg      sync.WaitGroup
}

// Dial connects to the host and joins; it returns once the host has
// welcomed the client, or with the host's refusal (*HostError).
func Dial(ctx context.Context, cfg ClientConfig) (*Client, error) {
	if cfg.Backoff == 0 {
		cfg.Backoff = 50 * time.Millisecond
	}
	if cfg.DialTimeout == 0 {
		cfg.DialTimeout = 10 * time.Second
	}
	c := &Client{cfg: cfg, done: make(chan struct{}), token: cfg.Token, fp: cfg.Fingerprint}
	if err := c.connect(ctx); err != nil {
		c.Close()
		return nil, err
	}
	if cfg.Reconnect {
		c.wg.Add(1)
		go c.keepConnected()
	}
	return c, nil
}

// Token returns the seat token (empty for observers).
func (c *Client) Token() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.token
}

// Fingerprint returns the host certificate's fingerprint as pinned.
func (c *Client) Fingerprint() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.fp
}

// connect dials, makes sure of the host and of its protocol version
// (its hello), and joins.
func (c *Client) connect(ctx context.Context) error {
	dctx, cancel := context.WithTimeout(ctx, c.cfg.DialTimeout)
	err := c.dialOnly(dctx)
	cancel()
	if err != nil {
		return err
	}
	c.mu.Lock()
	ws, hello := c.ws, c.hello
	c.mu.Unlock()
	jctx, cancel := context.WithTimeout(ctx, c.cfg.DialTimeout)
	defer cancel()
	// Nothing is sent before the hello says the host speaks this
	// DipDesk's version: a host of another one is told apart by name.
	select {
	case err = <-hello:
	case <-jctx.Done():
		err = fmt.Errorf("lan: %s sent no hello: %w", c.cfg.Addr, jctx.Err())
	}
	if err != nil {
		ws.CloseNow()
		return err
	}
	code, _ := splitPairing(c.cfg.Code)
	j := Join{Token: c.Token(), Client: c.cfg.Client}
	if j.Token == "" {
		j.Seat, j.Code = c.cfg.Seat, code
	}
	env, err := c.Request(jctx, TypeJoin, j)
	if err != nil {
		ws.CloseNow()
		return err
	}
	var w Welcome
	if err := Body(env, &w); err != nil {
		ws.CloseNow()
		return err
	}
	if w.Token != "" {
		c.mu.Lock()
		c.token = w.Token
		c.mu.Unlock()
		if c.cfg.OnToken != nil {
			c.cfg.OnToken(w.Token)
		}
	}
	return nil
}

// dialOnly opens the connection, checking the host's certificate
// against the pin or the pairing code (or asking the player), and starts
// reading. Nothing is sent before the certificate is vouched for.
func (c *Client) dialOnly(ctx context.Context) error {
	c.mu.Lock()
	pinned := c.fp
	c.mu.Unlock()
	code, check := splitPairing(c.cfg.Code)
	var seen string
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: pinnedTLS(pinned, code, check, &seen)}}
	ws, _, err := websocket.Dial(ctx, "wss://"+c.cfg.Addr+Path, &websocket.DialOptions{HTTPClient: hc, HTTPHeader: c.cfg.HTTPHeader})
	hc.CloseIdleConnections()
	if err != nil {
		if errors.Is(err, ErrPairing) || errors.Is(err, ErrFingerprint) {
			return fmt.Errorf("connecting to %s: %w", c.cfg.Addr, unwrapTo(err))
		}
		return fmt.Errorf("lan: connecting to %s: %w", c.cfg.Addr, err)
	}
	ws.SetReadLimit(MaxHostSent)
	if pinned == "" && seen != "" {
		if check == "" {
			if c.cfg.ConfirmFingerprint == nil {
				ws.CloseNow()
				return &UnverifiedError{Fingerprint: seen}
			}
			if err := c.cfg.ConfirmFingerprint(seen); err != nil {
				ws.CloseNow()
				return err
			}
		}
		c.mu.Lock()
		c.fp = seen
		c.mu.Unlock()
		if c.cfg.OnPin != nil {
			c.cfg.OnPin(seen)
		}
	}
	lost, hello := make(chan struct{}), make(chan error, 1)
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		ws.CloseNow()
		return ErrClosed
	}
	c.ws, c.seq, c.lost, c.hello, c.waiters = ws, 0, lost, hello, map[uint64]chan Envelope{}
	c.mu.Unlock()
	c.wg.Add(1)
	go c.readLoop(ws, lost, hello)
	return nil
}

// unwrapTo returns the pin or pairing error inside a dial error, whose
// other layers (the TLS and HTTP wrapping) say nothing more to a person.
func unwrapTo(err error) error {
	for _, target := range []error{ErrPairing, ErrFingerprint} {
		if errors.Is(err, target) {
			for e := err; e != nil; e = errors.Unwrap(e) {
				if strings.HasPrefix(e.Error(), target.Error()) {
					return e
				}
			}
			return target
		}
	}
	return err
}

// readLoop reads the host's messages until the connection ends. The first
// must be a hello in this DipDesk's version; its check goes to hello.
func (c *Client) readLoop(ws *websocket.Conn, lost chan struct{}, hello chan<- error) {
	defer c.wg.Done()
	var err error
	first := true
	defer func() {
		if first {
			if err == nil {
				err = ErrClosed
			}
			hello <- fmt.Errorf("lan: %s closed the connection before its hello: %w", c.cfg.Addr, err)
		}
		c.mu.Lock()
		for _, w := range c.waiters {
			close(w)
		}
		c.waiters = map[uint64]chan Envelope{}
		if c.ws == ws {
			c.ws = nil
		}
		c.mu.Unlock()
		close(lost)
		if c.cfg.OnDrop != nil {
			c.cfg.OnDrop(err)
		}
	}()
	for {
		var b []byte
		if _, b, err = ws.Read(context.Background()); err != nil {
			return
		}
		env, derr := DecodeHost(b)
		if first {
			if derr == nil {
				_, derr = CheckHello(env)
			}
			first = false
			hello <- derr
		}
		if derr != nil {
			err = derr
			ws.CloseNow()
			return
		}
		if c.cfg.OnMessage != nil {
			c.cfg.OnMessage(env)
		}
		if env.Ref != 0 {
			c.mu.Lock()
			w := c.waiters[env.Ref]
			delete(c.waiters, env.Ref)
			c.mu.Unlock()
			if w != nil {
				w <- env
			}
		}
	}
}

// keepConnected reconnects with the seat token whenever the connection
// is lost, waiting longer after each failure, until Close.
func (c *Client) keepConnected() {
	defer c.wg.Done()
	for {
		c.mu.Lock()
		lost := c.lost
		c.mu.Unlock()
		select {
		case <-c.done:
			return
		case <-lost:
		}
		wait := c.cfg.Backoff
		for {
			t := time.NewTimer(wait)
			select {
			case <-c.done:
				t.Stop()
				return
			case <-t.C:
			}
			err := c.connect(context.Background())
			if err == nil {
				c.resendReady()
				break
			}
			var he *HostError
			if errors.As(err, &he) && (he.Code == CodeBadToken || he.Code == CodeBadCode) {
				return // the seat was given to someone else: nothing to retry
			}
			if errors.Is(err, ErrVersion) {
				// The host now runs a DipDesk of another version (the
				// connection's OnDrop said so): no retry will join it.
				return
			}
			wait = min(wait*2, 2*time.Second)
		}
	}
}

// Request sends a message and waits for the host's answer to it (the
// ack, welcome or error whose ref is its sequence number). An error
// answer is returned as *HostError. A message the host ignored because
// the seat sent too many too fast (slow_down) is sent again after a
// pause, until ctx ends: a player's client never fails on the host's
// rate alone.
func (c *Client) Request(ctx context.Context, typ string, body any) (Envelope, error) {
	wait := 100 * time.Millisecond
	for {
		env, err := c.request(ctx, typ, body)
		var he *HostError
		if c.cfg.NoSlowDown || !errors.As(err, &he) || he.Code != CodeSlowDown {
			return env, err
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return env, err
		}
		wait = min(wait*2, 2*time.Second)
	}
}

// request sends a message once and waits for its answer.
func (c *Client) request(ctx context.Context, typ string, body any) (Envelope, error) {
	ch := make(chan Envelope, 1)
	if err := c.send(ctx, typ, body, ch); err != nil {
		return Envelope{}, err
	}
	select {
	case env, ok := <-ch:
		if !ok {
			return Envelope{}, ErrClosed
		}
		if env.Type == TypeError {
			var e HostError
			if err := Body(env, &e.ErrorMsg); err != nil {
				return Envelope{}, err
			}
			return env, &e
		}
		return env, nil
	case <-ctx.Done():
		return Envelope{}, ctx.Err()
	}
}

func (c *Client) send(ctx context.Context, typ string, body any, wait chan Envelope) error {
	c.mu.Lock()
	if c.closed || c.ws == nil {
		c.mu.Unlock()
		return ErrClosed
	}
	c.seq++
	seq, ws := c.seq, c.ws
	b, err := encode(typ, seq, 0, body)
	if err != nil {
		c.mu.Unlock()
		return err
	}
	if wait != nil {
		c.waiters[seq] = wait
	}
	// Written under the lock so that sequence numbers leave in order.
	err = ws.Write(ctx, websocket.MessageText, b)
	c.mu.Unlock()
	return err
}

// SendRaw writes bytes as one message, as they are (tests of bad input).
func (c *Client) SendRaw(ctx context.Context, b []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ws == nil {
		return ErrClosed
	}
	return c.ws.Write(ctx, websocket.MessageText, b)
}

// Orders submits the seat's orders for phase, replacing earlier ones.
func (c *Client) Orders(ctx context.Context, phase, text string) (Ack, error) {
	return c.acked(ctx, TypeOrders, OrdersMsg{Phase: phase, Text: text})
}

// Ready sets the seat's ready flag for phase. The host keeps ready
// flags in memory only, so the client says it again after a reconnect.
func (c *Client) Ready(ctx context.Context, phase string, ready bool) error {
	_, err := c.acked(ctx, TypeReady, ReadyMsg{Phase: phase, Ready: ready})
	if err == nil {
		c.mu.Lock()
		c.ready = ""
		if ready {
			c.ready = phase
		}
		c.mu.Unlock()
	}
	return err
}

// resendReady says the seat is ready again after a reconnect; a host
// that has moved on answers stale_phase, which is fine.
func (c *Client) resendReady() {
	c.mu.Lock()
	phase := c.ready
	c.mu.Unlock()
	if phase == "" {
		return
	}
	ch := make(chan Envelope, 1)
	_ = c.send(context.Background(), TypeReady, ReadyMsg{Phase: phase, Ready: true}, ch)
}

// Press sends a press message to the powers in to (none: everyone).
func (c *Client) Press(ctx context.Context, to []string, text string) error {
	_, err := c.acked(ctx, TypePress, PressSend{To: to, Text: text})
	return err
}

func (c *Client) acked(ctx context.Context, typ string, body any) (Ack, error) {
	env, err := c.Request(ctx, typ, body)
	if err != nil {
		return Ack{}, err
	}
	var a Ack
	err = Body(env, &a)
	return a, err
}

// Close ends the connection and stops reconnecting.
func (c *Client) Close() error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	close(c.done)
	ws := c.ws
	c.mu.Unlock()
	if ws != nil {
		ws.Close(websocket.StatusNormalClosure, "")
	}
	c.wg.Wait()
	return nil
}

// Decode is a helper for OnMessage handlers: the body of env as T.
func Decode[T any](env Envelope) (T, error) {
	var v T
	err := json.Unmarshal(env.Body, &v)
	return v, err
}
