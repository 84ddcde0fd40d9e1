package lan

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestOldClientToldTheVersion: a DipDesk of protocol version 1 (which
// reads only envelopes of version 1 and never looks at the hello's
// protocol) reads the host's hello, sends its join, and is answered with
// an error it can read, naming both versions; its join code is not used.
func TestOldClientToldTheVersion(t *testing.T) {
	g := newGame(t, "standard", 1)
	h := startHost(t, g, HostConfig{})
	code := h.Codes()["france"]
	ctx := ctxT(t)
	ws, _, err := websocket.Dial(ctx, "wss://"+h.Addr()+Path, &websocket.DialOptions{HTTPClient: &http.Client{
		Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}}) // the test's own host
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	// Version 1's reading of a host message: an envelope of version 1.
	readV1 := func() (Envelope, map[string]any) {
		t.Helper()
		_, b, err := ws.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var env Envelope
		if err := json.Unmarshal(b, &env); err != nil || env.V != 1 {
			t.Fatalf("a version 1 client cannot read %s (%v)", b, err)
		}
		var body map[string]any
		json.Unmarshal(env.Body, &body)
		return env, body
	}
	env, body := readV1()
	if env.Type != TypeHello || body["protocol"] != float64(Version) {
		t.Fatalf("the first message: %+v %v", env, body)
	}
	join := fmt.Sprintf(`{"v":1,"type":"join","seq":1,"body":{"seat":"france","code":%q}}`, code)
	if err := ws.Write(ctx, websocket.MessageText, []byte(join)); err != nil {
		t.Fatal(err)
	}
	env, body = readV1()
	msg, _ := body["message"].(string)
	if env.Type != TypeError || env.Ref != 1 || body["code"] != CodeVersion ||
		!strings.Contains(msg, "the host speaks LAN protocol version 2 and this player's DipDesk speaks version 1") ||
		!strings.Contains(msg, "update the player's DipDesk") {
		t.Fatalf("the answer to a version 1 join: %+v %v", env, body)
	}
	if h.Codes()["france"] != code {
		t.Error("the join of another version used France's code")
	}
}

// fakeHost serves one hello and records whether the client sent anything.
func fakeHost(t *testing.T, hello string) (addr, fp string, got chan string) {
	t.Helper()
	got = make(chan string, 1)
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		ws.Write(r.Context(), websocket.MessageText, []byte(hello))
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		_, b, err := ws.Read(ctx)
		if err != nil {
			got <- ""
			return
		}
		got <- string(b)
	}))
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "https://"), Fingerprint(srv.Certificate().Raw), got
}

// TestClientRefusesHostOfAnotherVersion: a client reads the host's hello
// before it sends anything, and a host of another version (older or
// newer) is refused with an error naming both versions and which side to
// update; the join code never leaves the machine.
func TestClientRefusesHostOfAnotherVersion(t *testing.T) {
	for _, tc := range []struct {
		hello, want string
		host        int
	}{
		// Version 1's hello, as version 1 hosts send it.
		{`{"v":1,"type":"hello","seq":1,"body":{"protocol":1,"game":{"name":"g","variant":"standard","phase":"S1901M","seats":[]}}}`,
			"the host speaks LAN protocol version 1 and this player's DipDesk speaks version 2", 1},
		{`{"v":1,"type":"hello","seq":1,"body":{"protocol":3,"game":{"name":"g"}}}`,
			"update the player's DipDesk", 3},
	} {
		addr, fp, got := fakeHost(t, tc.hello)
		_, err := Dial(ctxT(t), ClientConfig{Addr: addr, Seat: "france", Code: "ABCD-EFGH", Fingerprint: fp})
		var ve *VersionError
		if !errors.As(err, &ve) || ve.Host != tc.host || ve.Client != Version || !errors.Is(err, ErrVersion) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("a host of version %d: %v", tc.host, err)
		}
		if b := <-got; b != "" {
			t.Errorf("the client sent %s to a host of version %d", b, tc.host)
		}
	}
	// A first message that is no hello is refused too, and nothing sent.
	addr, fp, got := fakeHost(t, `{"v":2,"type":"view","seq":1,"body":{}}`)
	if _, err := Dial(ctxT(t), ClientConfig{Addr: addr, Seat: "france", Code: "ABCD-EFGH", Fingerprint: fp}); err == nil || !strings.Contains(err.Error(), "not its hello") {
		t.Errorf("a host whose first message is a view: %v", err)
	}
	if b := <-got; b != "" {
		t.Errorf("the client sent %s to a host that sent no hello", b)
	}
}

// TestReconnectStopsAtAnotherVersion: a client that lost its host and
// finds, reconnecting, a host of another version (updated meanwhile)
// stops trying and says why, instead of retrying for ever.
func TestReconnectStopsAtAnotherVersion(t *testing.T) {
	var mu sync.Mutex
	conns := 0
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		mu.Lock()
		conns++
		first := conns == 1
		mu.Unlock()
		ctx := r.Context()
		if !first {
			ws.Write(ctx, websocket.MessageText, []byte(`{"v":1,"type":"hello","seq":1,"body":{"protocol":3,"game":{"name":"g"}}}`))
			ws.Read(ctx)
			return
		}
		ws.Write(ctx, websocket.MessageText, []byte(`{"v":1,"type":"hello","seq":1,"body":{"protocol":2,"game":{"name":"g","variant":"standard","phase":"S1901M","seats":[]}}}`))
		if _, _, err := ws.Read(ctx); err != nil {
			return
		}
		ws.Write(ctx, websocket.MessageText, []byte(`{"v":2,"type":"welcome","seq":2,"ref":1,"body":{"seat":"france","token":"tok","game":{"name":"g"}}}`))
		time.Sleep(20 * time.Millisecond)
	}))
	defer srv.Close()
	drops := make(chan error, 8)
	c, err := Dial(ctxT(t), ClientConfig{Addr: strings.TrimPrefix(srv.URL, "https://"), Seat: "france", Code: "ABCD-EFGH",
		Fingerprint: Fingerprint(srv.Certificate().Raw), Reconnect: true, Backoff: 5 * time.Millisecond,
		OnDrop: func(err error) { drops <- err }})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	deadline := time.After(testTimeout)
	for {
		select {
		case err := <-drops:
			if !errors.Is(err, ErrVersion) {
				continue // the first connection's end
			}
			time.Sleep(100 * time.Millisecond) // twenty backoffs: a retry would show
			mu.Lock()
			n := conns
			mu.Unlock()
			if n != 2 {
				t.Errorf("%d connections: the client went on retrying a host of another version", n)
			}
			return
		case <-deadline:
			t.Fatal("the client never said the host speaks another version")
		}
	}
}
