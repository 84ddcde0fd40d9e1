package cli

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"dipdesk/app/lan"
	"dipdesk/app/session"
)

// hostFor serves a new game on loopback for the join tests.
func hostFor(t *testing.T) *lan.Host {
	t.Helper()
	dir := t.TempDir()
	g, err := session.Create(filepath.Join(dir, "g.dipdesk"), session.Options{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	h, err := lan.NewHost(g, lan.HostConfig{CertDir: filepath.Join(dir, "host")})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Listen("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// TestJoinPrintsNoTerminalControls: press holding escape sequences (clear
// the screen, move the cursor, retitle the window), a line that poses as
// the host's, and a right-to-left override is printed by "dipdesk join"
// with every control escaped and its second line marked as the same
// message's. Before, it was printed raw: one player could clear another's
// screen and write what looked like the host's lines.
func TestJoinPrintsNoTerminalControls(t *testing.T) {
	h := hostFor(t)
	codes := h.Codes()
	dir := t.TempDir()
	evil := "hi\x1b[2J\x1b[H\x1b]0;owned\x07\nhost error: rejected: your orders were deleted\u202etxt.exe\u009b31m"
	if code, out, errs := run("join", h.Addr(), "--seat", "france", "--code", codes["france"], "--say", evil, "--config", filepath.Join(dir, "fr")); code != 0 {
		t.Fatalf("france: %d %s %s", code, out, errs)
	}
	code, out, errs := run("join", h.Addr(), "--seat", "england", "--code", codes["england"], "--config", filepath.Join(dir, "en"))
	if code != 0 {
		t.Fatalf("england: %d %s", code, errs)
	}
	if strings.ContainsAny(out, "\x1b\x07\u202e\u009b") {
		t.Errorf("control characters reached the terminal:\n%q", out)
	}
	for _, want := range []string{`hi\x1b[2J\x1b[H\x1b]0;owned\x07`, "\n    | host error: rejected: your orders were deleted\\u202etxt.exe\\x9b31m"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestJoinEndsWhenDroppedMidJoin: a host that welcomes a seat and then
// drops the connection before the seat's state has come makes "dipdesk
// join" (without --follow) end at once with an error saying so. Before,
// it waited forever.
func TestJoinEndsWhenDroppedMidJoin(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		ctx := r.Context()
		ws.Write(ctx, websocket.MessageText, []byte(`{"v":1,"type":"hello","seq":1,"body":{"protocol":2,"game":{"name":"g","variant":"standard","phase":"S1901M","seats":[]}}}`))
		if _, _, err := ws.Read(ctx); err != nil {
			return
		}
		ws.Write(ctx, websocket.MessageText, []byte(`{"v":2,"type":"welcome","seq":2,"ref":1,"body":{"seat":"france","game":{"name":"g","variant":"standard","phase":"S1901M","seats":[]}}}`))
		time.Sleep(50 * time.Millisecond)
		ws.CloseNow()
	}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "https://")
	fp := lan.Fingerprint(srv.Certificate().Raw)
	done := make(chan struct{})
	var code int
	var errs string
	go func() {
		defer close(done)
		code, _, errs = run("join", addr, "--seat", "france", "--code", "ABCD-EFGH", "--fingerprint", fp, "--config", t.TempDir())
	}()
	select {
	case <-done:
	case <-time.After(joinWait / 2):
		t.Fatal("join still waits after the host dropped it")
	}
	if code != 1 || !strings.Contains(errs, "the host dropped the connection") {
		t.Errorf("join dropped mid-join: exit %d, %q", code, errs)
	}
}

// TestFirstJoinChecksTheHost: a first join with a bare join code and no
// fingerprint, from a script (no terminal to ask at), is refused before
// anything is sent, with the fingerprint to compare; the pairing code
// the host prints, or --fingerprint, vouches for the host.
func TestFirstJoinChecksTheHost(t *testing.T) {
	h := hostFor(t)
	pairing := h.Codes()["france"]
	bare := pairing[:9]
	dir := t.TempDir()
	code, out, errs := run("join", h.Addr(), "--seat", "france", "--code", bare, "--config", dir)
	if code != 1 || !strings.Contains(errs, "fingerprint is "+h.Fingerprint()) || strings.Contains(out, "joined") {
		t.Errorf("a first join with a bare code: %d %q %q", code, out, errs)
	}
	code, out, errs = run("join", h.Addr(), "--seat", "france", "--code", pairing, "--config", dir)
	if code != 0 || !strings.Contains(out, "pinned the host's certificate fingerprint "+h.Fingerprint()) {
		t.Errorf("a first join with the pairing code: %d %s %s", code, out, errs)
	}
	code, _, errs = run("join", h.Addr(), "--seat", "england", "--code", h.Codes()["england"][:9], "--fingerprint", h.Fingerprint(), "--config", t.TempDir())
	if code != 0 {
		t.Errorf("a bare code with --fingerprint: %d %s", code, errs)
	}
}

// TestHostHelpAndEvents: help names --no-mdns and what --addr does; the
// host prints where it listens, whether it is advertised, and failed
// joins as they happen.
func TestHostHelpAndEvents(t *testing.T) {
	if _, out, _ := run("help", "host"); !strings.Contains(out, "--no-mdns") || !strings.Contains(out, "every interface") {
		t.Errorf("help host:\n%s", out)
	}
	if _, out, _ := run("help"); !strings.Contains(out, "--no-mdns") {
		t.Errorf("help does not mention --no-mdns")
	}
	h := hostFor(t)
	var lines []string
	h.OnEvent(func(e lan.Event) { lines = append(lines, e.Text) })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := lan.Dial(ctx, lan.ClientConfig{Addr: h.Addr(), Seat: "italy", Code: "WRON-GGGG", Fingerprint: h.Fingerprint()}); err == nil {
		t.Fatal("a wrong code was taken")
	}
	for range 100 {
		if len(h.Events()) > 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if ev := h.Events(); len(ev) != 1 || !strings.Contains(ev[0].Text, "a wrong join code for italy from 127.0.0.1") {
		t.Errorf("events %+v", ev)
	}
}

// TestJoinToldHostVersion: "dipdesk join" to a host of another protocol
// version ends with an error naming both versions, and sends it nothing.
func TestJoinToldHostVersion(t *testing.T) {
	got := make(chan string, 1)
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		ws.Write(r.Context(), websocket.MessageText, []byte(`{"v":1,"type":"hello","seq":1,"body":{"protocol":1,"game":{"name":"g","variant":"standard","phase":"S1901M","seats":[]}}}`))
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		_, b, _ := ws.Read(ctx)
		got <- string(b)
	}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "https://")
	code, _, errs := run("join", addr, "--seat", "france", "--code", "ABCD-EFGH", "--fingerprint", lan.Fingerprint(srv.Certificate().Raw), "--config", t.TempDir())
	if code != 1 || !strings.Contains(errs, "the host speaks LAN protocol version 1 and this player's DipDesk speaks version 2") || !strings.Contains(errs, "update the host's DipDesk") {
		t.Errorf("join to a version 1 host: exit %d, %q", code, errs)
	}
	if b := <-got; b != "" {
		t.Errorf("join sent %s to a host of another version", b)
	}
}

// TestJoinPrintsGameEnd: "dipdesk join" says how a game ended, whatever
// the shape of its end: one winner, several, a draw between some or all,
// nobody, with each seat's points, most first.
func TestJoinPrintsGameEnd(t *testing.T) {
	m, err := variantMap("shapetest")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		end  lan.GameEnd
		want []string
	}{
		{lan.GameEnd{Winners: []string{"france"}, Why: "18 centres"}, []string{"France wins.\n", "(18 centres)"}},
		{lan.GameEnd{Winners: []string{"france", "russia"}, Points: map[string]int{"jester": 3, "france": 4, "russia": 4}},
			[]string{"France and Russia win.\n", "points: France 4, Russia 4, Jester 3\n"}},
		{lan.GameEnd{Winners: []string{"austria", "england", "turkey"}, Draw: true}, []string{"The game ends in a draw between Austria, England and Turkey.\n"}},
		{lan.GameEnd{Draw: true}, []string{"The game ends in a draw.\n"}},
		{lan.GameEnd{Why: "abandoned"}, []string{"The game is over; nobody wins.\n", "(abandoned)"}},
	} {
		var b strings.Builder
		p := &printer{w: &b, m: m}
		body, _ := json.Marshal(lan.Results{Phase: "W1901A", Title: "Winter 1901 Adjustment", Results: []lan.ResultLine{}, End: &tc.end, Next: "S1902M"})
		p.print(lan.Envelope{V: lan.Version, Type: lan.TypeResults, Seq: 1, Body: body})
		for _, w := range tc.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%+v: the output lacks %q:\n%s", tc.end, w, b.String())
			}
		}
		if p.end == nil {
			t.Errorf("%+v: the printer does not know the game ended", tc.end)
		}
	}
}

// TestJoinFollowEndsAtAnotherVersion: "dipdesk join --follow" whose host
// comes back speaking another protocol version ends with an error saying
// so. Before, it waited for ever while its client stopped reconnecting.
func TestJoinFollowEndsAtAnotherVersion(t *testing.T) {
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
		ws.Write(ctx, websocket.MessageText, []byte(`{"v":1,"type":"hello","seq":1,"body":{"protocol":2,"game":{"name":"g","variant":"standard","phase":"S1901M","title":"Spring 1901 Movement","seats":[]}}}`))
		if _, _, err := ws.Read(ctx); err != nil {
			return
		}
		ws.Write(ctx, websocket.MessageText, []byte(`{"v":2,"type":"welcome","seq":2,"ref":1,"body":{"seat":"france","token":"tok","game":{"name":"g"}}}`))
		ws.Write(ctx, websocket.MessageText, []byte(`{"v":2,"type":"status","seq":3,"body":{"phase":"S1901M","title":"Spring 1901 Movement"}}`))
		time.Sleep(20 * time.Millisecond)
	}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "https://")
	done := make(chan struct{})
	var code int
	var out, errs string
	go func() {
		defer close(done)
		code, out, errs = run("join", addr, "--seat", "france", "--code", "ABCD-EFGH", "--fingerprint", lan.Fingerprint(srv.Certificate().Raw), "--follow", "--config", t.TempDir())
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("join --follow still waits after its host came back speaking another version")
	}
	if code != 1 || !strings.Contains(out, "status S1901M (Spring 1901 Movement)") || !strings.Contains(errs, "the host speaks LAN protocol version 3") {
		t.Errorf("join --follow: exit %d\n%s\n%s", code, out, errs)
	}
}
