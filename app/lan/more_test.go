package lan

import (
	"errors"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"dipdesk/app/session"
	"dipdesk/app/store"
)

// TestAdvertisementHoldsNoSecret: the mDNS record carries the game's
// public facts and reads back, never a join code or a token.
func TestAdvertisementHoldsNoSecret(t *testing.T) {
	g := newGame(t, "standard", 1)
	h := startHost(t, g, HostConfig{Name: "Friday game"})
	fr := join(t, h, "france", false)
	txt := advertTXT(h.Info(), h.Fingerprint())
	all := strings.Join(txt, "\n")
	for seat, code := range h.Codes() {
		if strings.Contains(all, normCode(code)) || strings.Contains(all, code) {
			t.Errorf("the advertisement holds %s's code", seat)
		}
	}
	if strings.Contains(all, fr.c.Token()) || strings.Contains(all, hashToken(fr.c.Token())) {
		t.Error("the advertisement holds a seat token or its hash")
	}
	f, ok := parseAdvert(txt, net.IPv4(192, 168, 1, 20), 7878)
	if !ok || f.Name != "Friday game" || f.Variant != "standard" || f.Addr != "192.168.1.20:7878" ||
		slices.Contains(f.Free, "france") || !slices.Contains(f.Free, "england") || f.Fingerprint != normFingerprint(h.Fingerprint()) {
		t.Errorf("read back %+v (%v)", f, ok)
	}
	if !f.Joinable() {
		t.Errorf("this version's game is not joinable: %+v", f)
	}
	// Another protocol version's game is listed, not joinable; a record
	// with no version is no game.
	for _, v := range []string{"v=1", "v=3"} {
		if g, ok := parseAdvert(append(txt[1:], v), net.IPv4(1, 2, 3, 4), 1); !ok || g.Joinable() || g.Name != "Friday game" {
			t.Errorf("another protocol version (%s): %+v %v", v, g, ok)
		}
	}
	if _, ok := parseAdvert(txt[1:], net.IPv4(1, 2, 3, 4), 1); ok {
		t.Error("a record without a version was read as a game")
	}
}

// TestDeadline: with nobody ready, the host adjudicates when the phase's
// deadline passes, and the next phase gets a deadline of its own.
func TestDeadline(t *testing.T) {
	g := newGame(t, "standard", 1)
	h := startHost(t, g, HostConfig{Deadline: 100 * time.Millisecond})
	fr := join(t, h, "france", false)
	if _, err := fr.c.Orders(ctxT(t), "S1901M", "A par - bur"); err != nil {
		t.Fatal(err)
	}
	i := fr.in.waitFor(t, 0, "the results at the deadline", func(e Envelope) bool { return e.Type == TypeResults })
	r, _ := Decode[Results](fr.in.messages()[i])
	if r.Phase != "S1901M" || r.Next != "F1901M" {
		t.Errorf("results %+v", r)
	}
	j := fr.in.waitFor(t, i, "the next view", isView("F1901M"))
	if v, _ := Decode[View](fr.in.messages()[j]); v.Deadline == nil {
		t.Error("the next phase has no deadline")
	}
}

// TestGameMasterSeat: a game master's seat sees every pending order and
// adjudicates; a power may not.
func TestGameMasterSeat(t *testing.T) {
	m := newGame(t, "standard", 1).Map()
	seats := []store.Seat{{Power: "gm"}}
	for _, p := range m.PowerIDs() {
		seats = append(seats, store.Seat{Power: string(p)})
	}
	g, err := session.Create(filepath.Join(t.TempDir(), "gm.dipdesk"), session.Options{Seed: 1, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	h := startHost(t, g, HostConfig{Manual: true})
	gm := join(t, h, "gm", false)
	fr := join(t, h, "france", false)
	en := join(t, h, "england", false)
	for _, o := range []struct {
		sc   *seatClient
		text string
	}{{fr, "A par - bur"}, {en, "F lon - nth"}} {
		if _, err := o.sc.c.Orders(ctxT(t), "S1901M", o.text); err != nil {
			t.Fatal(err)
		}
	}
	var he *HostError
	if _, err := en.c.Request(ctxT(t), TypeAdjudicate, AdjudicateMsg{Phase: "S1901M"}); !errors.As(err, &he) || he.Code != CodeWrongSeat {
		t.Errorf("a power adjudicating: %v", err)
	}
	if _, err := gm.c.Request(ctxT(t), TypeStatus, struct{}{}); !errors.As(err, &he) || he.Code != CodeUnknownType {
		t.Errorf("a host-only type: %v", err)
	}
	// The game master's view after a fresh join holds both powers' orders.
	gm2 := joinWith(t, ClientConfig{Addr: h.Addr(), Token: gm.c.Token(), Fingerprint: h.Fingerprint()})
	i := gm2.in.waitFor(t, 0, "the game master's view", func(e Envelope) bool { return e.Type == TypeView })
	v, _ := Decode[View](gm2.in.messages()[i])
	if !slices.Contains(v.Pending, "A par - bur") || !slices.Contains(v.Pending, "F lon - nth") {
		t.Errorf("the game master sees %v", v.Pending)
	}
	if _, err := gm2.c.Request(ctxT(t), TypeAdjudicate, AdjudicateMsg{Phase: "S1901M"}); err != nil {
		t.Fatal(err)
	}
	fr.in.waitFor(t, 0, "France's results", func(e Envelope) bool { return e.Type == TypeResults })
}

// TestPressReachesOnlyItsReaders: private press reaches its sender and
// recipient only, group press its group, public press everyone; all of
// it is in the save, and a seat joining later gets exactly its share.
func TestPressReachesOnlyItsReaders(t *testing.T) {
	g := newGame(t, "standard", 1)
	h := startHost(t, g, HostConfig{})
	fr, en, ge := join(t, h, "france", false), join(t, h, "england", false), join(t, h, "germany", false)
	watcher := join(t, h, ObserverSeat, false)
	send := []struct {
		from *seatClient
		to   []string
		text string
	}{
		{fr, []string{"england"}, "private to England"},
		{en, []string{"france", "germany"}, "group of three"},
		{ge, nil, "public from Germany"},
	}
	for _, s := range send {
		if err := s.from.c.Press(ctxT(t), s.to, s.text); err != nil {
			t.Fatal(err)
		}
	}
	it := join(t, h, "italy", false) // joins later: gets the backlog
	want := map[*seatClient][]string{
		fr:      {"private to England", "group of three", "public from Germany"},
		en:      {"private to England", "group of three", "public from Germany"},
		ge:      {"group of three", "public from Germany"},
		watcher: {"public from Germany"},
		it:      {"public from Germany"},
	}
	for sc, texts := range want {
		sc.in.waitFor(t, 0, sc.seat+"'s last press", func(e Envelope) bool {
			m, _ := Decode[PressMsg](e)
			return e.Type == TypePress && m.Text == texts[len(texts)-1]
		})
		var got []string
		for _, e := range sc.in.messages() {
			if e.Type == TypePress {
				m, _ := Decode[PressMsg](e)
				got = append(got, m.Text)
			}
		}
		if !slices.Equal(got, texts) {
			t.Errorf("%s received %q, want %q", sc.seat, got, texts)
		}
	}
	stored, err := g.Press()
	if err != nil || len(stored) != 3 || stored[0].From != "france" || !slices.Equal(stored[0].To, []string{"england"}) {
		t.Errorf("stored press %+v, %v", stored, err)
	}
}
