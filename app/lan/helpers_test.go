package lan

import (
	"context"
	"crypto/tls"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"dipdesk/app/session"
)

// testCert is one certificate for the whole test binary (making one
// costs a few milliseconds; the tests of the store itself make their own).
var testCert = sync.OnceValues(func() (tls.Certificate, error) {
	dir, err := tempDir()
	if err != nil {
		return tls.Certificate{}, err
	}
	return LoadOrCreateCert(dir)
})

// testTimeout bounds every wait of the tests; nothing waits on time
// otherwise.
const testTimeout = 20 * time.Second

func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	return ctx
}

// newGame creates a game in a temporary folder.
func newGame(t testing.TB, variant string, seed uint64) *session.Game {
	t.Helper()
	g, err := session.Create(filepath.Join(t.TempDir(), "lan.dipdesk"), session.Options{Variant: variant, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// startHost serves g on a loopback port.
func startHost(t testing.TB, g *session.Game, cfg HostConfig) *Host {
	t.Helper()
	cert, err := testCert()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Cert = &cert
	h, err := NewHost(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Listen("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// inbox records every message a client receives, and lets a test wait
// for one of a type.
type inbox struct {
	mu   sync.Mutex
	all  []Envelope
	cond chan struct{} // closed and replaced at every message
}

func newInbox() *inbox { return &inbox{cond: make(chan struct{})} }

func (b *inbox) add(env Envelope) {
	b.mu.Lock()
	b.all = append(b.all, env)
	close(b.cond)
	b.cond = make(chan struct{})
	b.mu.Unlock()
}

func (b *inbox) messages() []Envelope {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]Envelope(nil), b.all...)
}

// waitFor waits until a message from index from on satisfies ok and
// returns its index.
func (b *inbox) waitFor(t testing.TB, from int, what string, ok func(Envelope) bool) int {
	t.Helper()
	deadline := time.NewTimer(testTimeout)
	defer deadline.Stop()
	for {
		b.mu.Lock()
		for i := from; i < len(b.all); i++ {
			if ok(b.all[i]) {
				b.mu.Unlock()
				return i
			}
		}
		from = len(b.all)
		cond := b.cond
		b.mu.Unlock()
		select {
		case <-cond:
		case <-deadline.C:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// seatClient is a test client with its inbox.
type seatClient struct {
	seat string
	c    *Client
	in   *inbox
}

// join connects a client to seat with its code.
func join(t testing.TB, h *Host, seat string, reconnect bool) *seatClient {
	t.Helper()
	code := h.Codes()[seat]
	if code == "" {
		t.Fatalf("no join code for %s", seat)
	}
	return joinWith(t, ClientConfig{Addr: h.Addr(), Seat: seat, Code: code, Fingerprint: h.Fingerprint(), Reconnect: reconnect})
}

func joinWith(t testing.TB, cfg ClientConfig) *seatClient {
	t.Helper()
	in := newInbox()
	cfg.OnMessage = in.add
	c, err := Dial(ctxT(t), cfg)
	if err != nil {
		t.Fatalf("joining %s: %v", cfg.Seat, err)
	}
	t.Cleanup(func() { c.Close() })
	return &seatClient{seat: cfg.Seat, c: c, in: in}
}

func tempDir() (string, error) {
	dir := filepath.Join(testTmp, fmt.Sprintf("lan-%d", time.Now().UnixNano()))
	return dir, nil
}
