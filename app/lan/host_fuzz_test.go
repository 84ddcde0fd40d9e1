package lan

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"dipdesk/app/session"
)

// fuzzDir is where the host sequence fuzzer keeps its saves: memory when
// the machine has it, so that a sequence costs no disk syncs.
func fuzzDir(tb testing.TB) string {
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		d, err := os.MkdirTemp("/dev/shm", "dipdesk-fuzz-")
		if err == nil {
			tb.Cleanup(func() { os.RemoveAll(d) })
			return d
		}
	}
	return tb.TempDir()
}

// fixedRand gives the codes and tokens of a fuzzed host: the same bytes
// every run, so a sequence replays exactly.
type fixedRand struct{ n byte }

func (r *fixedRand) Read(b []byte) (int, error) {
	for i := range b {
		r.n = r.n*31 + 7
		b[i] = r.n
	}
	return len(b), nil
}

// internalErrors counts the host's "internal error" logs: a panic the
// host's guard caught is a bug the fuzzer must report, not swallow.
type internalErrors struct {
	mu  sync.Mutex
	msg []string
}

func (h *internalErrors) Enabled(context.Context, slog.Level) bool { return true }
func (h *internalErrors) Handle(_ context.Context, r slog.Record) error {
	if r.Level >= slog.LevelError && strings.Contains(r.Message, "internal error") {
		var b strings.Builder
		b.WriteString(r.Message)
		r.Attrs(func(a slog.Attr) bool { fmt.Fprintf(&b, " %s=%v", a.Key, a.Value); return true })
		h.mu.Lock()
		h.msg = append(h.msg, b.String())
		h.mu.Unlock()
	}
	return nil
}
func (h *internalErrors) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *internalErrors) WithGroup(string) slog.Handler      { return h }

// knownCodes are the error codes of docs/lan-protocol.md.
var knownCodes = map[string]bool{CodeMalformed: true, CodeTooLarge: true, CodeVersion: true, CodeSequence: true,
	CodeUnknownType: true, CodeNotJoined: true, CodeJoined: true, CodeBadCode: true, CodeBadToken: true,
	CodeRateLimited: true, CodeSlowDown: true, CodeWrongSeat: true, CodeStalePhase: true, CodeRejected: true, CodeReplaced: true, CodeOverLimit: true, CodeNotActing: true}

// seqHost is a host with connections that are not sockets: the fuzzer
// hands their messages to the host's handler and reads what it queues.
type seqHost struct {
	t     *testing.T
	h     *Host
	g     *session.Game
	conns []*conn
	seqs  []uint64
	token map[int]string // seat token each connection was given
}

func (sh *seqHost) conn(i int) (*conn, int) {
	i %= len(sh.conns)
	return sh.conns[i], i
}

func (sh *seqHost) send(i int, typ string, body any) {
	_, i = sh.conn(i)
	sh.seqs[i]++
	b, err := encode(typ, sh.seqs[i], 0, body)
	if err != nil {
		sh.t.Fatal(err)
	}
	sh.raw(i, b)
}

func (sh *seqHost) raw(i int, b []byte) {
	c, i := sh.conn(i)
	sh.h.handle(c, b)
	sh.settle()
	sh.drain(i)
}

// settle stores the orders the host queued, as its committer would.
func (sh *seqHost) settle() {
	sh.h.gmu.Lock()
	sh.h.flush()
	sh.h.gmu.Unlock()
}

// drain reads what the host queued for connection i and checks it.
func (sh *seqHost) drain(i int) {
	c := sh.conns[i]
	for {
		select {
		case m, ok := <-c.out:
			if !ok {
				sh.renew(i) // the host ended it: a new connection takes its place
				return
			}
			if m.backlog != nil {
				continue
			}
			env, err := DecodeHost(m.b)
			if err != nil {
				sh.t.Fatalf("the host sent what its clients cannot read: %v: %s", err, m.b)
			}
			switch env.Type {
			case TypeError:
				e, err := Decode[ErrorMsg](env)
				if err != nil || !knownCodes[e.Code] {
					sh.t.Fatalf("an error with an unknown code: %s", env.Body)
				}
			case TypeWelcome:
				w, _ := Decode[Welcome](env)
				if w.Token != "" {
					sh.token[i] = w.Token
				}
			}
		default:
			return
		}
	}
}

// renew replaces connection i with a new one from the same address.
func (sh *seqHost) renew(i int) {
	old := sh.conns[i]
	sh.h.drop(old)
	c := &conn{h: sh.h, addr: old.addr, out: make(chan outMsg, outQueue), gone: make(chan struct{})}
	sh.h.mu.Lock()
	sh.h.conns[c] = true
	sh.h.mu.Unlock()
	sh.conns[i], sh.seqs[i] = c, 0
}

// FuzzHostSequence drives a host with sequences of messages from four
// connections (joins with right and wrong codes and tokens, orders for
// the current or another phase, ready, press, adjudication, raw frames,
// the host's own commands, dropped connections): the host's state
// machine, not one frame at a time. No sequence may panic the host (its
// guard's "internal error" counts as one), every answer must be a
// message a client reads with a known error code, and the save must stay
// readable.
func FuzzHostSequence(f *testing.F) {
	fuzzHostSequence(f, session.Options{Seed: 3}, "F1901M")
}

// FuzzHostSequenceShape is FuzzHostSequence on the test-only variant with
// every shape of game (eleven seats with roles, Summer turns with
// answers from other powers, the Borg's step nobody acts in, an end with
// points) and dice a game master enters: rolls entered right and wrong
// come between the seats' messages.
func FuzzHostSequenceShape(f *testing.F) {
	// A year played to its end: every seat in turn takes connection 0
	// (a new code after its first join), says it is ready, and Germany
	// musters; the Borg's die is entered wrong, then right.
	var year []byte
	round := func(first bool, seats ...byte) {
		for _, i := range seats {
			if !first {
				year = append(year, 8, 0, 1, i) // a new code for the seat
			}
			year = append(year, 9, 0, 0, 1, 0, 1, i, 4, 0, 1, 1) // a new connection, the join, ready
		}
	}
	all := []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10} // austria ... soothsayer
	round(true, all...)
	year = append(year, 8, 0, 1, 3, 9, 0, 0, 1, 0, 1, 3, 3, 0, 10, 'm', 'u', 's', 't', 'e', 'r', ' ', 'b', 'e', 'r', 4, 0, 1, 1)
	round(false, 0, 1)
	round(false, all...)
	year = append(year, 10, 0, 1, 7, 10, 1, 1, 3, 10, 0, 1, 3)
	round(false, all...)
	fuzzHostSequence(f, session.Options{Variant: "shapetest", Seed: 3,
		Options: map[string]string{"end_year": "1901", session.OptionDice: session.DiceEntered}}, "SU1901", year)
}

func fuzzHostSequence(f *testing.F, opts session.Options, stale string, seeds ...[]byte) {
	dir := fuzzDir(f)
	template := filepath.Join(dir, "template.dipdesk")
	g, err := session.Create(template, opts)
	if err != nil {
		f.Fatal(err)
	}
	g.Close()
	save, err := os.ReadFile(template)
	if err != nil {
		f.Fatal(err)
	}
	cert, err := testCert()
	if err != nil {
		f.Fatal(err)
	}
	// op, connection, length, payload...
	f.Add([]byte{1, 0, 1, 2, 3, 0, 11, 'A', ' ', 'p', 'a', 'r', ' ', '-', ' ', 'b', 'u', 'r', 4, 0, 1, 1})
	f.Add([]byte{1, 0, 1, 0, 1, 1, 1, 1, 5, 0, 3, 'h', 'i', '!', 5, 1, 2, 'y', 'o', 6, 0, 0, 7, 0, 0, 2, 1, 0})
	f.Add([]byte{0, 2, 30, '{', '"', 'v', '"', ':', '1', ',', '"', 't', 'y', 'p', 'e', '"', ':', '"', 'r', 'e', 'a', 'd', 'y', '"', ',', '"', 's', 'e', 'q', '"', ':', '9', '}', 9, 3, 1, 3})
	f.Add([]byte{1, 0, 1, 3, 9, 0, 0, 8, 0, 0, 2, 0, 0, 3, 0, 5, 'A', ' ', 'v', 'i', 'e'})
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, prog []byte) {
		path := filepath.Join(t.TempDir(), "g.dipdesk")
		if err := os.WriteFile(path, save, 0o600); err != nil {
			t.Fatal(err)
		}
		g, err := session.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		logs := &internalErrors{}
		h, err := NewHost(g, HostConfig{Cert: &cert, Rand: &fixedRand{}, Logger: slog.New(logs), MessageBurst: 1000})
		if err != nil {
			t.Fatal(err)
		}
		sh := &seqHost{t: t, h: h, g: g, token: map[int]string{}}
		codes := h.Codes()
		for i := range 4 {
			c := &conn{h: h, addr: fmt.Sprintf("10.0.0.%d", i%2+1), out: make(chan outMsg, outQueue), gone: make(chan struct{})}
			h.mu.Lock()
			h.conns[c] = true
			h.mu.Unlock()
			sh.conns, sh.seqs = append(sh.conns, c), append(sh.seqs, 0)
		}
		var seats []string
		for _, p := range g.Map().PowerIDs() {
			seats = append(seats, string(p))
		}
		seats = append(seats, ObserverSeat)
		phase := func(b byte) string {
			if b%4 == 3 {
				return stale
			}
			return h.Info().Phase
		}
		for len(prog) >= 3 {
			op, ci, n := prog[0]%11, int(prog[1]), int(prog[2])
			prog = prog[3:]
			n = min(n, len(prog))
			arg, text := byte(0), string(prog[:n])
			if n > 0 {
				arg = prog[0]
			}
			prog = prog[n:]
			switch op {
			case 0:
				sh.raw(ci%4, []byte(text))
			case 1:
				seat := seats[int(arg)%len(seats)]
				code := codes[seat]
				if arg&0x80 != 0 {
					code = "WRON-GGGG"
				}
				sh.send(ci, TypeJoin, Join{Seat: seat, Code: code})
			case 2:
				if tok := sh.token[ci%4]; tok != "" {
					sh.send(ci, TypeJoin, Join{Token: tok})
				} else {
					sh.send(ci, TypeJoin, Join{Token: strings.Repeat("x", 43)})
				}
			case 3:
				sh.send(ci, TypeOrders, OrdersMsg{Phase: phase(arg), Text: text})
			case 4:
				sh.send(ci, TypeReady, ReadyMsg{Phase: phase(arg), Ready: arg&1 == 1})
			case 5:
				var to []string
				for j, s := range seats[:len(seats)-1] {
					if arg&(1<<(j%8)) != 0 {
						to = append(to, s)
					}
				}
				sh.send(ci, TypePress, PressSend{To: to, Text: text})
			case 6:
				sh.send(ci, TypeAdjudicate, AdjudicateMsg{Phase: phase(arg)})
			case 7:
				h.Adjudicate()
				sh.drainAll()
			case 8:
				if c, err := h.NewCode(seats[int(arg)%len(seats)]); err == nil {
					codes[seats[int(arg)%len(seats)]] = c
				}
				sh.drainAll()
			case 9:
				sh.renew(ci % 4)
			case 10:
				// The host's person enters a roll: the one awaited, or
				// another (ci picks which), with a value from arg.
				d, ok := h.PendingDraw()
				step, index := d.Phase, d.Index
				if !ok || ci%3 == 1 {
					step, index = h.Info().Phase, ci%3
				}
				err := h.EnterDraw(step, index, int(arg%9))
				if ok && ci%3 != 1 && int(arg%9) >= 1 && int(arg%9) <= d.N && d.Die && err != nil {
					t.Fatalf("a fitting roll %d for %+v was refused: %v", arg%9, d, err)
				}
				sh.drainAll()
			}
		}
		sh.settle()
		sh.drainAll()
		logs.mu.Lock()
		if len(logs.msg) > 0 {
			t.Fatalf("the host caught a panic: %v", logs.msg)
		}
		logs.mu.Unlock()
		// The fake connections have no socket for Close to end.
		h.mu.Lock()
		for _, c := range sh.conns {
			delete(h.conns, c)
			c.closeOut()
		}
		h.mu.Unlock()
		h.Close()
		if _, err := g.Current(); err != nil {
			t.Fatalf("the save after the sequence: %v", err)
		}
	})
}

func (sh *seqHost) drainAll() {
	for i := range sh.conns {
		sh.drain(i)
	}
}

// FuzzDecodeHost reads any bytes as a host message, as a client does:
// the envelope, then the body as each type's: no panic, and a message
// that decodes writes back the same.
func FuzzDecodeHost(f *testing.F) {
	for _, s := range []string{
		`{"v":2,"type":"view","seq":3,"body":{"phase":"S1901M","title":"Spring 1901 Movement","state":{},"pending":["A par - bur"]}}`,
		`{"v":2,"type":"press","seq":9,"body":{"id":1,"phase":"S1901M","from":"france","to":["england"],"text":"hi","sent":"2026-01-01T00:00:00Z"}}`,
		`{"v":2,"type":"error","seq":2,"ref":1,"body":{"code":"bad_code","message":"no"}}`,
		`{"v":2,"type":"results","seq":4,"body":{"phase":"S1901M","results":[{"power":"france","order":"A par - bur","ok":true,"code":"ok","reason":""}],"next":"F1901M"}}`,
		`{"v":2,"type":"results","seq":5,"body":{"phase":"W1901A","title":"Winter 1901 Adjustment","results":[],"end":{"winners":["france","russia"],"points":{"france":4,"jester":3},"why":"points"},"next":"S1902M","next_title":"Spring 1902 Movement"}}`,
		`{"v":1,"type":"hello","seq":1,"body":{"protocol":2,"game":{"name":"g","variant":"shapetest","phase":"SU1901.muster@germany","title":"Summer 1901 Muster (Germany)","seats":[{"power":"jester","name":"Jester","role":true}]}}}`,
		`{"v":1,"type":"error","seq":2,"ref":1,"body":{"code":"version","message":"no"}}`,
		`{"v":1,"type":"view","seq":3,"body":{}}`, `{"v":3,"type":"hello","seq":1,"body":{"protocol":3}}`,
		`{"v":2}`, `[]`, `{"v":2,"body":"\u0000"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		env, err := DecodeHost(b)
		if err != nil {
			return
		}
		bodies := []any{&Hello{}, &Welcome{}, &View{}, &Hand{}, &Ack{}, &Status{}, &Results{}, &PressMsg{}, &ErrorMsg{}}
		for _, v := range bodies {
			if Body(env, v) != nil {
				continue
			}
			out, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("%T read but does not write: %v", v, err)
			}
			again := newLike(v)
			if err := json.Unmarshal(out, again); err != nil {
				t.Fatalf("%T written as %s does not read: %v", v, out, err)
			}
		}
	})
}

func newLike(v any) any {
	switch v.(type) {
	case *Hello:
		return &Hello{}
	case *Welcome:
		return &Welcome{}
	case *View:
		return &View{}
	case *Hand:
		return &Hand{}
	case *Ack:
		return &Ack{}
	case *Status:
		return &Status{}
	case *Results:
		return &Results{}
	case *PressMsg:
		return &PressMsg{}
	}
	return &ErrorMsg{}
}

// FuzzParseAdvert reads any TXT record as a LAN advertisement (anyone on
// the network may send one): no panic, and a record it accepts names an
// address and carries only short public facts.
func FuzzParseAdvert(f *testing.F) {
	gi := GameInfo{Name: "Friday game", Variant: "standard", Phase: "S1901M", Seats: []SeatInfo{{Power: "france", Free: true}}}
	f.Add(strings.Join(advertTXT(gi, strings.Repeat("AB:", 31)+"AB"), "\x00"), []byte{192, 168, 1, 20}, uint16(7878))
	f.Add("v=1\x00name=\x00free=,,,\x00fp=zz", []byte{}, uint16(0))
	f.Add("v=2\x00name=x", []byte{10, 0, 0, 1}, uint16(1))
	f.Fuzz(func(t *testing.T, txt string, ip []byte, port uint16) {
		found, ok := parseAdvert(strings.Split(txt, "\x00"), net.IP(ip), int(port))
		if !ok {
			return
		}
		if _, _, err := net.SplitHostPort(found.Addr); err != nil || port == 0 {
			t.Fatalf("accepted an advert without an address: %+v", found)
		}
	})
}

// FuzzClientMemory reads any bytes as a player's lan-client.json: no
// panic; a file it cannot read is an error naming it, and is never
// overwritten by a later update (the player's pins and tokens are kept).
func FuzzClientMemory(f *testing.F) {
	f.Add([]byte(`{"pins":{"192.168.1.20:7878":"AB:CD"},"tokens":{"192.168.1.20:7878 france":"tok"}}`))
	f.Add([]byte(`{"pins":null}`))
	f.Add([]byte(`not json`))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		dir := t.TempDir()
		file := filepath.Join(dir, clientFile)
		if err := os.WriteFile(file, b, 0o600); err != nil {
			t.Fatal(err)
		}
		m := NewClientMemory(dir)
		_, perr := m.Pin("h:1")
		_, terr := m.Token("h:1", "france")
		err := m.SetPin("h:1", "AB")
		after, _ := os.ReadFile(file)
		if perr != nil || terr != nil {
			if err == nil || !bytes.Equal(after, b) {
				t.Fatalf("an unreadable memory file was overwritten (%v)", err)
			}
			if !strings.Contains(perr.Error(), clientFile) {
				t.Fatalf("the error does not name the file: %v", perr)
			}
			return
		}
		if err != nil {
			t.Fatalf("a readable memory file cannot be updated: %v", err)
		}
		if pin, err := m.Pin("h:1"); err != nil || pin != "AB" {
			t.Fatalf("pin after the update: %q %v", pin, err)
		}
	})
}

// FuzzLoadCert reads any bytes as the host's certificate and key files:
// no panic, and files it cannot read are an error naming the folder,
// never replaced by a new certificate (players pinned the old one).
func FuzzLoadCert(f *testing.F) {
	dir := f.TempDir()
	if _, err := LoadOrCreateCert(dir); err != nil {
		f.Fatal(err)
	}
	cert, _ := os.ReadFile(filepath.Join(dir, certFile))
	key, _ := os.ReadFile(filepath.Join(dir, keyFile))
	f.Add(cert, key)
	f.Add(cert, cert)
	f.Add([]byte("-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n"), key)
	f.Add(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: []byte{0x30, 0x03, 0x02, 0x01, 0x01}}), []byte{})
	f.Fuzz(func(t *testing.T, c, k []byte) {
		d := t.TempDir()
		os.WriteFile(filepath.Join(d, certFile), c, 0o644)
		os.WriteFile(filepath.Join(d, keyFile), k, 0o600)
		got, err := LoadOrCreateCert(d)
		c2, _ := os.ReadFile(filepath.Join(d, certFile))
		k2, _ := os.ReadFile(filepath.Join(d, keyFile))
		if !bytes.Equal(c, c2) || !bytes.Equal(k, k2) {
			t.Fatal("the certificate files were replaced")
		}
		if err != nil {
			if !strings.Contains(err.Error(), d) {
				t.Fatalf("the error does not name the folder: %v", err)
			}
			return
		}
		if len(got.Certificate) == 0 {
			t.Fatal("a certificate without its DER bytes")
		}
		Fingerprint(got.Certificate[0])
	})
}
