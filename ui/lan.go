package ui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"dipdesk/app/lan"
	"dipdesk/app/session"
	"dipdesk/engine"
)

// lanEnv is what LAN play needs from the machine; tests replace parts
// (no multicast, loopback addresses, their own folder).
type lanEnv struct {
	addr      string                                         // where a host listens; default ":7878"
	configDir string                                         // certificates, pins, tokens; default lan.ConfigDir
	advertise func(h *lan.Host) (func(), error)              // default lan.Advertise
	discover  func(ctx context.Context) ([]lan.Found, error) // default lan.Discover for 2 s
	ui        *uiQueue                                       // made on first use
}

// lanQueue returns the one queue every LAN window's network goroutines
// update widgets through.
func (d *Desk) lanQueue() *uiQueue {
	if d.lan.ui == nil {
		d.lan.ui = newUIQueue()
	}
	return d.lan.ui
}

// uiQueue runs the updates that network goroutines make to the LAN
// windows one at a time and in order, through fyne.Do: the test driver
// runs fyne.Do on the calling goroutine, so without one queue two network
// goroutines could update widgets at once.
type uiQueue struct{ q chan func() }

func newUIQueue() *uiQueue {
	u := &uiQueue{q: make(chan func(), 1024)}
	go func() {
		for f := range u.q {
			fyne.DoAndWait(f)
		}
	}()
	return u
}

// do queues f.
func (u *uiQueue) do(f func()) { u.q <- f }

// wait runs f on the queue and waits for it (tests read widgets so).
func (u *uiQueue) wait(f func()) {
	ch := make(chan struct{})
	u.do(func() { f(); close(ch) })
	<-ch
}

func (e lanEnv) listenAddr() string {
	if e.addr == "" {
		return ":7878"
	}
	return e.addr
}

func (e lanEnv) dir() (string, error) {
	if e.configDir != "" {
		return e.configDir, nil
	}
	return lan.ConfigDir()
}

// LanHostWindow serves a saved game to the LAN and shows what players
// need to join: the address, the certificate fingerprint and the codes.
type LanHostWindow struct {
	win    fyne.Window
	h      *lan.Host
	g      *session.Game
	info   *widget.Label
	codes  *widget.Label
	status *widget.Label
	stop   func()
	done   chan struct{} // closed when the window closes: stops the refreshing
	ui     *uiQueue
}

// hostOnLAN asks whether to host a saved game or a new one made from
// the start window's form, then hosts it.
func (d *Desk) hostOnLAN(parent fyne.Window) {
	var dlg dialog.Dialog
	saved := widget.NewButton("A saved game…", func() { dlg.Hide(); d.hostSaved(parent) })
	fresh := widget.NewButton("A new game from the form…", func() { dlg.Hide(); d.hostNew(parent) })
	dlg = dialog.NewCustom("Host on LAN", "Cancel", container.NewVBox(saved, fresh), parent)
	dlg.Show()
}

// hostSaved asks for a saved game and hosts it.
func (d *Desk) hostSaved(parent fyne.Window) {
	d.chooseOpen(parent, func(path string) { d.hostReport(d.HostGame(path)) })
}

// hostNew creates a game from the start window's form where the player
// says, and hosts it.
func (d *Desk) hostNew(parent fyne.Window) {
	s := d.ShowStart()
	o, err := s.options()
	if err != nil {
		s.status.SetText(userWords(err))
		return
	}
	d.chooseSave(parent, "game.dipdesk", []string{".dipdesk"}, func(path string) {
		g, err := session.Create(withExt(path, ".dipdesk"), o)
		if err != nil {
			s.status.SetText(errText("New game", err))
			return
		}
		path = g.Path()
		g.Close()
		s.clearForm() // no PIN or seed stays in the form (see create)
		d.hostReport(d.HostGame(path))
	})
}

// hostReport shows a failure to host on the start window.
func (d *Desk) hostReport(_ *LanHostWindow, err error) {
	if err != nil && d.start != nil {
		d.start.status.SetText(errText("Host on LAN", err))
	}
}

// HostGame opens the game at path and serves it to the LAN.
func (d *Desk) HostGame(path string) (*LanHostWindow, error) {
	dir, err := d.lan.dir()
	if err != nil {
		return nil, err
	}
	g, err := session.Open(path)
	if err != nil {
		return nil, err
	}
	h, err := lan.NewHost(g, lan.HostConfig{CertDir: dir})
	if err == nil {
		err = h.Listen(d.lan.listenAddr())
	}
	if err != nil {
		g.Close()
		return nil, err
	}
	hw := &LanHostWindow{win: d.app.NewWindow("DipDesk: hosting " + h.Info().Name), h: h, g: g,
		info: widget.NewLabel(""), codes: widget.NewLabel(""), status: widget.NewLabel(""), ui: d.lanQueue()}
	advertise := d.lan.advertise
	if advertise == nil {
		advertise = lan.Advertise
	}
	note := "Players on this network find the game under Join LAN game…, or type the address."
	if stop, err := advertise(h); err != nil {
		note = "Not advertised on the network (" + err.Error() + "): players type the address."
	} else {
		hw.stop = stop
	}
	hw.info.SetText(fmt.Sprintf("Address: %s\nCertificate fingerprint (players compare it):\n%s\n%s", strings.Join(h.DialAddrs(), " or "), h.Fingerprint(), note))
	hw.info.Wrapping = fyne.TextWrapWord
	h.OnPhase(func(string) {
		hw.ui.do(func() {
			if hw.h != nil {
				hw.refresh()
			}
		})
	})
	// Failed joins and burnt codes (app/lan events) show at once: a burnt
	// code needs "New code for seat".
	h.OnEvent(func(e lan.Event) { hw.ui.do(func() { hw.status.SetText(e.Text) }) })
	adjudicate := widget.NewButton("Adjudicate now", func() {
		if err := h.Adjudicate(); err != nil {
			hw.status.SetText(errText("Adjudicate", err))
		}
		hw.refresh()
	})
	seats := widget.NewSelect(nil, nil)
	for _, s := range h.Info().Seats {
		seats.Options = append(seats.Options, s.Power)
	}
	newCode := widget.NewButton("New code for seat", func() {
		if seats.Selected == "" {
			return
		}
		if _, err := h.NewCode(seats.Selected); err != nil {
			hw.status.SetText(errText("New code", err))
		}
		hw.refresh()
	})
	hw.win.SetContent(container.NewBorder(hw.info, container.NewVBox(container.NewHBox(adjudicate, seats, newCode), hw.status),
		nil, nil, container.NewVScroll(hw.codes)))
	hw.win.SetOnClosed(hw.Close)
	hw.win.Resize(fyne.NewSize(560, 480))
	hw.refresh()
	// Joins, orders and ready come without an event: the seats' states
	// are read again every two seconds while the window is open.
	hw.done = make(chan struct{})
	go func(done <-chan struct{}) {
		t := time.NewTicker(2 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				hw.ui.do(func() {
					if hw.h != nil {
						hw.refresh()
					}
				})
			}
		}
	}(hw.done)
	hw.win.Show()
	return hw, nil
}

// refresh shows the codes and seats as they are now: who is connected,
// who must or may act in the step, whose orders are in and who is ready.
func (hw *LanHostWindow) refresh() {
	info := hw.h.Info()
	codes := hw.h.Codes()
	st := hw.h.Step()
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s, %s (%s)\n", info.Name, info.Variant, st.Title, info.Phase)
	if d, ok := hw.h.PendingDraw(); ok {
		fmt.Fprintf(&b, "The game master's roll is awaited: %s\n", d.Why)
	} else if st.GM {
		b.WriteString("The game master must act\n")
	}
	b.WriteString("\n")
	for _, s := range info.Seats {
		state := "taken, not connected"
		switch {
		case s.Connected:
			state = "playing"
		case codes[s.Power] != "":
			state = "join code " + codes[s.Power]
		}
		p := engine.Power(s.Power)
		var acts []string
		switch {
		case slices.Contains(st.Must, p):
			acts = append(acts, "must act")
		case slices.Contains(st.May, p):
			acts = append(acts, "may act")
		}
		if slices.Contains(st.Submitted, p) {
			acts = append(acts, "orders in")
		}
		if slices.Contains(st.Ready, p) {
			acts = append(acts, "ready")
		}
		if len(acts) > 0 {
			state += " · " + strings.Join(acts, ", ")
		}
		fmt.Fprintf(&b, "%-10s %s\n", s.Name, state)
	}
	if c := codes[lan.ObserverSeat]; c != "" {
		fmt.Fprintf(&b, "\nObservers: join code %s\n", c)
	}
	hw.codes.SetText(b.String())
}

// Close stops hosting and closes the game.
func (hw *LanHostWindow) Close() {
	if hw.done != nil {
		close(hw.done)
		hw.done = nil
	}
	if hw.stop != nil {
		hw.stop()
		hw.stop = nil
	}
	if hw.h != nil {
		hw.h.Close()
		hw.g.Close()
		hw.h = nil
	}
}

// LanJoinWindow lists the games found on the LAN and joins one.
type LanJoinWindow struct {
	d      *Desk
	win    fyne.Window
	found  []lan.Found
	list   *widget.List
	addr   *widget.Entry
	seat   *widget.Entry
	code   *widget.Entry
	status *widget.Label
	ui     *uiQueue
}

// ShowJoin opens the join window and looks for games on the LAN.
func (d *Desk) ShowJoin() *LanJoinWindow {
	jw := &LanJoinWindow{d: d, win: d.app.NewWindow("DipDesk: join a LAN game"), addr: widget.NewEntry(),
		seat: widget.NewEntry(), code: widget.NewEntry(), status: widget.NewLabel("Looking for games on the network…"), ui: d.lanQueue()}
	jw.addr.SetPlaceHolder("host:port, e.g. 192.168.1.20:7878")
	jw.seat.SetPlaceHolder("france, or observer")
	jw.code.SetPlaceHolder("pairing code the host shows, ABCD-EFGH-JKMN (not needed to come back to a seat)")
	jw.status.Wrapping = fyne.TextWrapWord
	jw.list = widget.NewList(func() int { return len(jw.found) },
		func() fyne.CanvasObject { return widget.NewLabel("game") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			f := jw.found[i]
			if !f.Joinable() {
				o.(*widget.Label).SetText(fmt.Sprintf("%s (%s) at %s: another DipDesk (protocol %d, this one speaks %d)", f.Name, f.Variant, f.Addr, f.Version, lan.Version))
				return
			}
			o.(*widget.Label).SetText(fmt.Sprintf("%s (%s, %s) at %s; free: %s", f.Name, f.Variant, f.Phase, f.Addr, strings.Join(f.Free, ", ")))
		})
	jw.list.OnSelected = func(i widget.ListItemID) {
		if i < len(jw.found) && !jw.found[i].Joinable() {
			jw.status.SetText(fmt.Sprintf("%s is hosted by a DipDesk of another protocol version (%d; this one speaks %d): the host and its players need the same DipDesk.", jw.found[i].Name, jw.found[i].Version, lan.Version))
			return
		}
		if i < len(jw.found) {
			jw.addr.SetText(jw.found[i].Addr)
			jw.status.SetText("This host says its fingerprint is " + jw.found[i].Fingerprint + ". Anyone on the network can " +
				"say so: type the pairing code the host shows (it checks the host for you), or compare the fingerprint with the host's screen when asked.")
		}
	}
	form := widget.NewForm(widget.NewFormItem("Address", jw.addr), widget.NewFormItem("Seat", jw.seat), widget.NewFormItem("Join code", jw.code))
	join := widget.NewButton("Join", func() { jw.Join() })
	join.Importance = widget.HighImportance
	jw.win.SetContent(container.NewBorder(widget.NewLabel("Games on this network"), container.NewVBox(form, join, jw.status), nil, nil, jw.list))
	jw.win.Resize(fyne.NewSize(600, 460))
	jw.win.Show()
	discover := d.lan.discover
	if discover == nil {
		discover = func(ctx context.Context) ([]lan.Found, error) { return lan.Discover(ctx, 2*time.Second) }
	}
	go func() {
		found, err := discover(context.Background())
		jw.ui.do(func() {
			switch {
			case err != nil:
				jw.status.SetText("Cannot look for games here (" + err.Error() + "): type the host's address.")
			case len(found) == 0:
				jw.status.SetText("No game found on the network: type the host's address.")
			default:
				jw.status.SetText(fmt.Sprintf("%d game(s) found.", len(found)))
			}
			jw.found = found
			jw.list.Refresh()
		})
	}()
	return jw
}

// Join connects to the address typed or chosen and opens the seat's
// window. The network work runs in the background.
func (jw *LanJoinWindow) Join() {
	addr, seat, code := strings.TrimSpace(jw.addr.Text), strings.ToLower(strings.TrimSpace(jw.seat.Text)), strings.TrimSpace(jw.code.Text)
	if addr == "" || seat == "" {
		jw.status.SetText("Type the host's address and your seat.")
		return
	}
	dir, err := jw.d.lan.dir()
	if err != nil {
		jw.status.SetText(err.Error())
		return
	}
	jw.status.SetText("Joining " + addr + "…")
	go func() {
		sw, err := jw.d.joinSeatFrom(jw.win, lan.NewClientMemory(dir), addr, seat, code)
		jw.ui.do(func() {
			if err != nil {
				jw.status.SetText(errText("Join", err))
				return
			}
			jw.status.SetText("Joined " + addr + " as " + seat)
			sw.win.Show()
		})
	}()
}
