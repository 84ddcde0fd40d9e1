package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"dipdesk/app/lan"
	"dipdesk/app/session"
	"dipdesk/engine"
)

// eventually polls cond until it holds or the test's patience ends: the
// LAN windows are updated from network goroutines (through their
// uiQueue, which cond reads through too).
// quietLAN makes the desk host on a loopback port it picks, advertising
// nothing.
func (td *testDesk) quietLAN(t *testing.T) {
	td.lan = lanEnv{addr: "127.0.0.1:0", configDir: t.TempDir(), advertise: func(*lan.Host) (func(), error) { return func() {}, nil }}
}

// hostedSeat hosts the game at path from the desk and joins it as seat
// with its code; both are closed when the test ends.
func hostedSeat(t *testing.T, td *testDesk, path, seat string) (*LanHostWindow, *LanSeatWindow) {
	t.Helper()
	td.quietLAN(t)
	host, err := td.HostGame(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(host.Close)
	sw, err := td.joinSeat(lan.NewClientMemory(td.lan.configDir), host.h.Addr(), seat, host.h.Codes()[seat])
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sw.c.Close() })
	return host, sw
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		<-tick.C
	}
}

// TestHostAndJoinWindows: the start window's LAN entries host a saved
// game on loopback and join it; the seat's window shows the seat's view
// and submits orders that the host stores.
func TestHostAndJoinWindows(t *testing.T) {
	td := newTestDesk(t)
	path := filepath.Join(td.dir, "game.dipdesk")
	g, err := session.Create(path, session.Options{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
	advertised := false
	td.lan = lanEnv{addr: "127.0.0.1:0", configDir: t.TempDir(),
		advertise: func(*lan.Host) (func(), error) { advertised = true; return func() {}, nil },
		discover: func(context.Context) ([]lan.Found, error) {
			return []lan.Found{{Name: "game", Variant: "standard", Phase: "S1901M", Free: []string{"france"}, Addr: "127.0.0.1:1", Version: lan.Version},
				{Name: "old game", Variant: "standard", Phase: "F1903M", Addr: "127.0.0.1:2", Version: lan.Version - 1}}, nil
		}}
	start := td.ShowStart()
	start.desk.hostSaved(start.win)
	var hw *LanHostWindow
	for _, w := range td.app.Driver().AllWindows() {
		if strings.HasPrefix(w.Title(), "DipDesk: hosting") {
			hw = &LanHostWindow{win: w}
		}
	}
	if hw == nil || !advertised {
		t.Fatalf("no host window (advertised %v): %s", advertised, start.status.Text)
	}
	hw.win.Close()

	host, err := td.HostGame(path)
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	if !strings.Contains(host.info.Text, host.h.Fingerprint()) || !strings.Contains(host.info.Text, host.h.Addr()) {
		t.Errorf("the host window shows %q", host.info.Text)
	}
	code := host.h.Codes()["france"]
	if !strings.Contains(host.codes.Text, code) {
		t.Errorf("the host window's codes: %q", host.codes.Text)
	}

	jw := td.ShowJoin()
	eventually(t, "the games found", func() (ok bool) { jw.ui.wait(func() { ok = len(jw.found) == 2 }); return })
	var typed, status string
	// A game of another protocol version is listed, saying so, and
	// choosing it types nothing.
	jw.ui.wait(func() { jw.list.Select(1); typed, status = jw.addr.Text, jw.status.Text })
	if typed != "" || !strings.Contains(status, "another protocol version") {
		t.Errorf("choosing another version's game typed %q: %q", typed, status)
	}
	jw.ui.wait(func() { jw.list.Select(0); typed = jw.addr.Text })
	if typed != "127.0.0.1:1" {
		t.Errorf("choosing a found game typed %q", typed)
	}
	sw, err := td.joinSeat(lan.NewClientMemory(td.lan.configDir), host.h.Addr(), "france", code)
	if err != nil {
		t.Fatal(err)
	}
	defer sw.c.Close()
	eventually(t, "France's view", func() (ok bool) {
		sw.ui.wait(func() { ok = strings.Contains(sw.board.Text, "A mar") && sw.phase == "S1901M" })
		return
	})
	sw.ui.wait(func() {
		if sw.picture == nil || len(sw.picture.scene.View.State.Units) != 22 {
			t.Error("the seat window draws no board of the seat's view")
		}
		sw.orders.SetText("A par - bur\nA mar - spa")
		sw.Submit()
	})
	eventually(t, "the orders stored", func() (ok bool) {
		sw.ui.wait(func() {
			ok = strings.Contains(sw.board.Text, "Your orders:\n  A par - bur\n  A mar - spa") && len(sw.picture.scene.Orders) == 2
		})
		return
	})
	eventually(t, "the host stores two orders", func() bool {
		ro, err := session.OpenReadOnly(path)
		if err != nil {
			return false
		}
		defer ro.Close()
		cur, _ := ro.Current()
		orders, _ := ro.Orders(cur.Phase)
		return len(orders) == 2
	})
	// The host window says who plays, who must act and whose orders
	// are in (read again every two seconds: refreshed here at once).
	host.ui.wait(func() {
		host.refresh()
		if !strings.Contains(host.codes.Text, "France     playing · must act, orders in") || !strings.Contains(host.codes.Text, "England    join code") {
			t.Errorf("the host window's seats:\n%s", host.codes.Text)
		}
	})
	// The seat's board gives orders as in hot seat: France drags her
	// fleet in Brest to the Mid-Atlantic; what she types is checked.
	sw.ui.wait(func() {
		from, ok1 := provinceMiddle(sw.picture, "bre")
		to, ok2 := provinceMiddle(sw.picture, "mao")
		if !ok1 || !ok2 {
			t.Fatalf("the seat's board is not laid out (%v)", sw.picture.Size())
		}
		sw.picture.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: from}, Dragged: fyne.NewDelta(to.X-from.X, to.Y-from.Y)})
		sw.picture.DragEnd()
	})
	eventually(t, "the dragged order stored", func() (ok bool) {
		ro2, err := session.OpenReadOnly(path)
		if err != nil {
			return false
		}
		defer ro2.Close()
		cur, _ := ro2.Current()
		orders, _ := ro2.Orders(cur.Phase)
		return len(orders) == 3 && ordersText(orders, "france", ro2.Map()) == "A par - bur\nA mar - spa\nF bre - mao"
	})
	sw.ui.wait(func() {
		sw.orders.SetText("A bel - mos")
		if !strings.Contains(sw.orders.Errors(), "no unit in Belgium") || len(sw.picture.scene.Illegal) != 1 {
			t.Errorf("a typed order is not checked: %q", sw.orders.Errors())
		}
	})
	// Typed address, seat and code: the join window joins in the background.
	oc := host.h.Codes()[lan.ObserverSeat]
	jw.ui.wait(func() {
		jw.addr.SetText(host.h.Addr())
		jw.seat.SetText("observer")
		jw.code.SetText(oc)
		jw.Join()
	})
	eventually(t, "the observer's join", func() (ok bool) { jw.ui.wait(func() { ok = strings.HasPrefix(jw.status.Text, "Joined") }); return })
}

// TestHostNewGame: "Host on LAN…" with a new game creates it from the
// start window's form and serves it.
func TestHostNewGame(t *testing.T) {
	td := newTestDesk(t)
	td.quietLAN(t)
	start := td.ShowStart()
	start.variant.SetSelectedIndex(1) // Character Diplomacy
	start.newSeed = func() uint64 { return 77 }
	start.seats[1].pin.SetText("2468")
	start.desk.hostOnLAN(start.win) // the dialog
	td.hostNew(start.win)
	var found bool
	for _, w := range td.app.Driver().AllWindows() {
		if strings.HasPrefix(w.Title(), "DipDesk: hosting game") {
			found = true
			w.Close()
		}
	}
	if !found {
		t.Fatalf("no host window: %s", start.status.Text)
	}
	g, err := session.OpenReadOnly(filepath.Join(td.dir, "game.dipdesk"))
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if info := g.Info(); info.Variant != "character" || info.Seed != 77 {
		t.Errorf("hosted %s seed %d", info.Variant, info.Seed)
	}
	if start.seats[1].pin.Text != "" {
		t.Error("the PIN stays in the form after hosting")
	}
}

// TestLanSeatCards: a LAN seat of a card game gets the hot-seat Cards
// panel, filled from its own view: its own cards only, and dragging one
// shows it under the pointer.
func TestLanSeatCards(t *testing.T) {
	td := newTestDesk(t)
	path := filepath.Join(td.dir, "cards.dipdesk")
	var power engine.Power
	for seed := uint64(1); power == "" && seed < 200; seed++ {
		os.Remove(path)
		g, err := session.Create(path, session.Options{Variant: "character", Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		h, _, err := g.Hands(engine.Seat{GM: true}, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range h.Cards {
			if c.Name == "Annihilator" {
				power = c.Unit.Power
			}
		}
		for power != "" { // to Spring 1902, when the cards act (rule 7)
			cur, err := g.Current()
			if err != nil {
				t.Fatal(err)
			}
			if cur.State.Phase.Year == 1902 {
				break
			}
			if _, _, err := g.Process(cur.State.Phase.Key()); err != nil {
				t.Fatal(err)
			}
		}
		g.Close()
	}
	_, sw := hostedSeat(t, td, path, string(power))
	eventually(t, "the seat's cards", func() (ok bool) {
		sw.ui.wait(func() { ok = sw.cards != nil && len(sw.cards.Lines()) > 0 })
		return
	})
	var problems []string
	sw.ui.wait(func() {
		var v *cardView
		for _, x := range sw.cards.views {
			if x.card.Unit.Power != power {
				problems = append(problems, fmt.Sprintf("%s's LAN seat shows %s's card %s", power, x.card.Unit.Power, x.title()))
			}
			if x.card.Name == "Annihilator" {
				v = x
			}
		}
		if v == nil {
			problems = append(problems, "no Annihilator among the seat's cards")
			return
		}
		v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{AbsolutePosition: fyne.NewPos(300, 200)}, Dragged: fyne.NewDelta(-50, 20)})
		if !sw.ghost.Visible() || len(sw.picture.targets) == 0 {
			problems = append(problems, "a dragged card is not shown under the pointer, or no province is lit")
		}
		v.DragEnd()
		if sw.ghost.Visible() {
			problems = append(problems, "the card stays after the drop")
		}
	})
	for _, p := range problems {
		t.Error(p)
	}
}

// TestFirstJoinAsksForTheFingerprint: joining a host for the first time
// with a bare join code (nothing vouches for the host's certificate),
// the window shows the fingerprint and asks whether the host shows the
// same; "it differs" stops before anything is sent or pinned, "it
// matches" joins and pins it.
func TestFirstJoinAsksForTheFingerprint(t *testing.T) {
	td := newTestDesk(t)
	path := filepath.Join(td.dir, "game.dipdesk")
	g, err := session.Create(path, session.Options{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
	td.quietLAN(t)
	host, err := td.HostGame(path)
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	parts := strings.Split(host.h.Codes()["france"], "-")
	bare := strings.Join(parts[:2], "-")
	mem := lan.NewClientMemory(td.lan.configDir)
	td.answer = 1 // It differs: stop
	if _, err := td.joinSeatFrom(nil, mem, host.h.Addr(), "france", bare); !errors.Is(err, errNotConfirmed) {
		t.Fatalf("a refused fingerprint: %v", err)
	}
	if len(td.asked) != 1 || !strings.Contains(td.asked[0], host.h.Fingerprint()) {
		t.Fatalf("asked %q", td.asked)
	}
	if pin, _ := mem.Pin(host.h.Addr()); pin != "" {
		t.Fatalf("a refused host was pinned: %q", pin)
	}
	td.answer = 0 // It matches: join
	sw, err := td.joinSeatFrom(nil, mem, host.h.Addr(), "france", bare)
	if err != nil {
		t.Fatal(err)
	}
	defer sw.c.Close()
	if pin, _ := mem.Pin(host.h.Addr()); pin != host.h.Fingerprint() {
		t.Fatalf("pinned %q, want the host's %q", pin, host.h.Fingerprint())
	}
}

// TestLanSeatOrders: a LAN seat of the test-only variant gives its seat
// orders from the panel's Seat orders menu as in the game window: on its
// Summer turn Germany's muster in Berlin is chosen and sent to the host.
func TestLanSeatOrders(t *testing.T) {
	td := newTestDesk(t)
	path := filepath.Join(td.dir, "shape.dipdesk")
	g, err := session.Create(path, session.Options{Variant: "shapetest", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.Process("S1901M"); err != nil {
		t.Fatal(err)
	}
	g.Close()
	host, sw := hostedSeat(t, td, path, "germany")
	eventually(t, "the seat's board", func() (ok bool) {
		sw.ui.wait(func() { ok = sw.picture != nil && sw.state != nil && sw.orders.SeatOrders != nil })
		return
	})
	var labels []string
	sw.ui.wait(func() {
		sw.orders.ShowSeatOrders()
		for _, it := range sw.orders.seatMenu.Items {
			labels = append(labels, it.Label)
			if it.Label == "Muster" {
				it.ChildMenu.Items[0].Action() // Berlin
			}
		}
	})
	if !slices.Contains(labels, "Muster") {
		t.Fatalf("Germany's seat orders over the LAN: %q", labels)
	}
	eventually(t, "the muster stored by the host", func() bool {
		cur, err := host.g.Current()
		if err != nil {
			return false
		}
		orders, _ := host.g.Orders(cur.Phase)
		return ordersText(orders, "germany", host.g.Map()) == "muster ber"
	})
}
