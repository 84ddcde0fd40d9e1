package ui

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"dipdesk/app/lan"
	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/render"
	"dipdesk/render/geometry"
	"dipdesk/variants"
	"dipdesk/variants/cardgame"
)

// LanSeatWindow is one seat of a LAN game: what the host sends the seat
// (its view, its cards, results, press) and the orders, ready flag and
// press it sends back.
type LanSeatWindow struct {
	win     fyne.Window
	c       *lan.Client
	variant string
	phase   string
	view    lan.View // the last view, its pending orders updated by acks

	title   *widget.Label
	picture *Board // the seat's view drawn; drags and menus give orders as in hot seat; nil until the host says the variant
	tabs    *container.AppTabs
	seat    engine.Seat
	board   *widget.Label
	hand    *widget.Label // the hand as the host words it
	cards   *CardsPanel   // the seat's cards from its view, with their orders and drags; nil until the variant is known
	// right is the side beside the tabs: the orders, and under them the
	// seat's cards once there are any, so a card is dragged onto the
	// board in view (ordersBox is the orders with Ready and the status).
	right     *fyne.Container
	ordersBox fyne.CanvasObject
	ghost     *cardGhost // a card being dragged, under the pointer
	results   *widget.Label
	press     *widget.Label
	orders    *OrderPanel // the seat's orders: checked against its view as typed, kept as a draft until sent
	typedIn   string      // the phase the text in orders was typed for ("" when loaded from the host)
	state     *engine.State
	ready     *widget.Check
	say       *widget.Entry
	to        *widget.Entry
	status    *widget.Label
	ui        *uiQueue
}

// joinSeat connects to a host (background goroutine) and makes the
// seat's window, which the caller shows on the UI goroutine.
func (d *Desk) joinSeat(mem *lan.ClientMemory, addr, seat, code string) (*LanSeatWindow, error) {
	return d.joinSeatFrom(nil, mem, addr, seat, code)
}

// errNotConfirmed is a first join the player stopped because the host's
// fingerprint did not match the one the host shows.
var errNotConfirmed = errors.New("the fingerprints differ, so nothing was sent to that host: check the address and ask the host for its pairing code")

// confirmFingerprint asks the player, on the window parent, whether the
// host shows fingerprint fp, and waits for the answer (it is called from
// the client's goroutine before anything is sent to the host, on a
// first join with a bare join code).
func (d *Desk) confirmFingerprint(parent fyne.Window, fp string) error {
	answer := make(chan bool, 1)
	d.lanQueue().do(func() {
		d.ask(parent, "Is this the host?", "This is the first time you join this host, and the code you typed does not "+
			"vouch for it. The host's window (or dipdesk host) shows its certificate fingerprint. Does it read:\n\n"+fp+
			"\n\nIf it does not, someone else on the network is answering: do not join.", []string{"It matches: join", "It differs: stop"},
			func(i int) { answer <- i == 0 })
	})
	if !<-answer {
		return errNotConfirmed
	}
	return nil
}

// joinSeatFrom is joinSeat from window parent, where the player is asked
// to compare the host's fingerprint when nothing else vouches for it.
func (d *Desk) joinSeatFrom(parent fyne.Window, mem *lan.ClientMemory, addr, seat, code string) (*LanSeatWindow, error) {
	pin, err := mem.Pin(addr)
	if err != nil {
		return nil, err
	}
	token, err := mem.Token(addr, seat)
	if err != nil {
		return nil, err
	}
	sw := &LanSeatWindow{ui: d.lanQueue()}
	built := make(chan struct{})
	cfg := lan.ClientConfig{Addr: addr, Seat: seat, Code: code, Token: token, Fingerprint: pin, Reconnect: true, Client: "dipdesk desktop",
		ConfirmFingerprint: func(fp string) error { return d.confirmFingerprint(parent, fp) },
		OnPin:              func(fp string) { _ = mem.SetPin(addr, fp) },
		OnToken:            func(t string) { _ = mem.SetToken(addr, seat, t) },
		OnMessage: func(e lan.Envelope) {
			sw.ui.do(func() {
				<-built // messages before the window exists wait for it (the queue runs in order)
				sw.show(e)
			})
		},
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// The window is built first in the queue, before any message.
	sw.ui.do(func() { sw.build(d, addr, seat); close(built) })
	c, err := lan.Dial(ctx, cfg)
	if err != nil {
		return nil, err
	}
	sw.c = c
	sw.ui.wait(func() {})
	return sw, nil
}

func (sw *LanSeatWindow) build(d *Desk, addr, seat string) {
	sw.win = d.app.NewWindow("DipDesk: " + seat + " at " + addr)
	label := func() *widget.Label { l := widget.NewLabel(""); l.Wrapping = fyne.TextWrapWord; return l }
	sw.title, sw.board, sw.hand, sw.results, sw.press, sw.status = label(), label(), label(), label(), label(), label()
	sw.board.TextStyle = fyne.TextStyle{Monospace: true}
	sw.seat = engine.Seat{Power: engine.Power(seat)}
	switch seat {
	case lan.ObserverSeat:
		sw.seat = engine.Seat{}
	case "gm":
		sw.seat = engine.Seat{GM: true}
	}
	power := sw.seat.Power
	sw.orders = NewOrderPanel(power, func(text string) session.Checked {
		vr, ok := variants.Lookup(sw.variant)
		if !ok || sw.state == nil || power == "" {
			return session.Checked{}
		}
		return session.CheckOrders(vr, engine.View{Seat: sw.seat, State: sw.state}, power, text)
	})
	sw.orders.OnSave = func(*OrderPanel) { sw.Submit() }
	sw.orders.OnChanged = func(*OrderPanel) {
		if sw.typedIn == "" {
			sw.typedIn = sw.phase
		}
		sw.redraw()
	}
	sw.orders.SetReadOnly(power == "")
	sw.ready = widget.NewCheck("Ready", func(on bool) { sw.send(func(ctx context.Context) error { return sw.c.Ready(ctx, sw.phase, on) }) })
	sw.say, sw.to = widget.NewEntry(), widget.NewEntry()
	sw.say.SetPlaceHolder("press message")
	sw.to.SetPlaceHolder("to (powers, comma-separated; empty: everyone)")
	send := widget.NewButton("Send", sw.Say)
	tabs := container.NewAppTabs(container.NewTabItem("Units", container.NewVScroll(sw.board)))
	sw.tabs = tabs
	tabs.Items = append(tabs.Items,
		container.NewTabItem("Cards", container.NewVScroll(sw.hand)),
		container.NewTabItem("Results", container.NewVScroll(sw.results)),
		container.NewTabItem("Press", container.NewBorder(nil, container.NewVBox(sw.to, container.NewBorder(nil, nil, nil, send, sw.say)), nil, nil, container.NewVScroll(sw.press))))
	tabs.SelectIndex(0)
	sw.ordersBox = container.NewBorder(nil, container.NewVBox(sw.ready, sw.status), nil, nil, sw.orders)
	sw.right = container.NewStack(sw.ordersBox)
	split := container.NewHSplit(tabs, sw.right)
	split.Offset = 0.6
	sw.ghost = newCardGhost()
	layer := container.NewWithoutLayout(sw.ghost)
	sw.ghost.layer = layer
	sw.win.SetContent(container.NewStack(container.NewBorder(sw.title, nil, nil, nil, split), layer))
	sw.win.SetOnClosed(func() { go sw.c.Close() })
	sw.win.Resize(fyne.NewSize(1200, 800))
}

// send runs a request in the background and reports its failure.
func (sw *LanSeatWindow) send(f func(ctx context.Context) error) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := f(ctx); err != nil {
			sw.ui.do(func() { sw.status.SetText(err.Error()) })
		}
	}()
}

// Submit sends the orders typed, for the phase they were typed in: the
// host refuses them if the game has moved on, and the text stays.
func (sw *LanSeatWindow) Submit() {
	text, phase := sw.orders.Text(), sw.typedIn
	if phase == "" {
		phase = sw.phase
	}
	sw.send(func(ctx context.Context) error {
		ack, err := sw.c.Orders(ctx, phase, text)
		if err == nil {
			msg := fmt.Sprintf("%d order(s) stored for %s", len(ack.Accepted), ack.Phase)
			if len(ack.Errors) > 0 {
				msg += "; refused: " + strings.Join(ack.Errors, "; ")
			}
			sw.ui.do(func() {
				sw.status.SetText(msg)
				if sw.orders.Text() == text {
					sw.orders.MarkSaved()
				}
				if sw.view.Phase == ack.Phase {
					sw.view.Pending = ack.Accepted
					sw.showView(sw.view)
				}
			})
		}
		return err
	})
}

// boardOrder takes an order made on the board: it replaces the unit's
// order in the seat's text, which is sent.
func (sw *LanSeatWindow) boardOrder(o engine.Order) {
	vr, ok := variants.Lookup(sw.variant)
	if !ok || sw.seat.Power == "" || sw.state == nil {
		return
	}
	o.Power = sw.seat.Power
	sw.orders.SetText(replaceUnitOrder(vr.Parser(sw.state.Map), sw.seat.Power, sw.orders.Text(), o))
	sw.Submit()
}

// Say sends the press message typed.
func (sw *LanSeatWindow) Say() {
	text := strings.TrimSpace(sw.say.Text)
	var to []string
	for _, p := range strings.Split(sw.to.Text, ",") {
		if p = strings.TrimSpace(p); p != "" {
			to = append(to, p)
		}
	}
	if text == "" {
		return
	}
	sw.say.SetText("")
	sw.send(func(ctx context.Context) error { return sw.c.Press(ctx, to, text) })
}

// show applies one message from the host.
func (sw *LanSeatWindow) show(e lan.Envelope) {
	switch e.Type {
	case lan.TypeHello:
		if h, err := lan.Decode[lan.Hello](e); err == nil {
			sw.variant = h.Game.Variant
			sw.addPicture()
		}
	case lan.TypeView:
		if v, err := lan.Decode[lan.View](e); err == nil {
			newPhase := v.Phase != sw.phase
			if newPhase {
				sw.ready.SetChecked(false)
			}
			sw.phase = v.Phase
			// A new phase shows the orders the host holds for it; text
			// typed for the phase before stays until it is sent or
			// replaced, and is never sent for this one.
			if newPhase && (sw.typedIn == "" || !sw.orders.Dirty()) {
				text := strings.Join(v.Pending, "\n")
				sw.orders.Load(text, text)
				sw.typedIn = ""
			}
			sw.showView(v)
		}
	case lan.TypeHand:
		if h, err := lan.Decode[lan.Hand](e); err == nil {
			var b strings.Builder
			fmt.Fprintf(&b, "%d cards in the pile, %d discarded\n\n", h.Pile, h.Discards)
			for _, c := range h.Cards {
				fmt.Fprintf(&b, "%s %s %s: #%s %s\n  %s\n", c.Power, c.Label, c.Unit, c.ID, c.Name, c.Text)
				if c.Revealed != "" {
					fmt.Fprintf(&b, "  %s\n", c.Revealed)
				}
				if len(c.Orders) > 0 {
					fmt.Fprintf(&b, "  orders: %s\n", strings.Join(c.Orders, ", "))
				}
			}
			sw.hand.SetText(b.String())
		}
	case lan.TypeResults:
		if r, err := lan.Decode[lan.Results](e); err == nil {
			var b strings.Builder
			fmt.Fprintf(&b, "%s\n", r.Phase)
			for _, x := range r.Results {
				mark := " "
				if !x.OK {
					mark = "*"
				}
				fmt.Fprintf(&b, "%s %s: %s  %s\n", mark, x.Power, x.Order, x.Reason)
			}
			for _, ev := range r.Events {
				fmt.Fprintf(&b, "  %s\n", ev)
			}
			if r.End != nil && sw.state != nil {
				fmt.Fprintf(&b, "\n%s\n", gameEndText(sw.state.Map, lanEnd(r.End)))
			}
			sw.results.SetText(b.String())
		}
	case lan.TypePress:
		if m, err := lan.Decode[lan.PressMsg](e); err == nil {
			to := "everyone"
			if len(m.To) > 0 {
				to = strings.Join(m.To, ", ")
			}
			sw.press.SetText(sw.press.Text + fmt.Sprintf("%s, %s to %s: %s\n", m.Phase, m.From, to, m.Text))
		}
	case lan.TypeStatus:
		if s, err := lan.Decode[lan.Status](e); err == nil {
			sw.status.SetText(fmt.Sprintf("Orders in from: %s. Ready: %s.", orNobody(s.Submitted), orNobody(s.Ready)))
		}
	case lan.TypeError:
		if m, err := lan.Decode[lan.ErrorMsg](e); err == nil && e.Ref == 0 {
			sw.status.SetText("Host: " + m.Message)
		}
	}
}

func (sw *LanSeatWindow) showView(v lan.View) {
	sw.view = v
	sw.title.SetText(v.Title + (map[bool]string{true: " — your orders are due", false: ""})[v.Due])
	var b strings.Builder
	if s, err := lanState(sw.variant, v); err == nil {
		sw.draw(s, v)
		by := map[engine.Power][]string{}
		for _, u := range s.Units {
			by[u.Power] = append(by[u.Power], u.Type.String()+" "+s.Map.LocString(u.Loc))
		}
		centres := s.Centres()
		for _, p := range s.Map.PowerIDs() {
			sort.Strings(by[p])
			fmt.Fprintf(&b, "%-8s %2d  %s\n", s.Map.PowerName(p), centres[p], strings.Join(by[p], ", "))
		}
	}
	if len(v.Pending) > 0 {
		fmt.Fprintf(&b, "\nYour orders:\n  %s\n", strings.Join(v.Pending, "\n  "))
	}
	sw.board.SetText(b.String())
}

// addPicture adds the board tab once the variant is known.
func (sw *LanSeatWindow) addPicture() {
	if sw.picture != nil {
		return
	}
	vr, ok := variants.Lookup(sw.variant)
	if !ok {
		return
	}
	m, err := vr.Map()
	if err != nil {
		return
	}
	gb, err := geometry.Load()
	if err != nil {
		return
	}
	sw.picture = NewBoard(render.New(gb, m), m)
	sw.picture.OnOrder = sw.boardOrder
	sw.picture.OnMessage = func(text string) { sw.status.SetText(text) }
	sw.picture.OnTemplate = func(_ engine.Power, template string) { sw.orders.Append(template) }
	sw.picture.Parser = vr.Parser(m)
	if power := sw.seat.Power; power != "" && len(seatSpecials(vr)) > 0 {
		// The variant's orders of a seat (a Jester's jest, a muster), as
		// in the game window: given at once and sent, or started in the
		// panel.
		sw.orders.EnableSeatOrders(func() []*fyne.MenuItem {
			return seatOrderMenu(vr, engine.View{Seat: sw.seat, State: sw.state}, power,
				func(text string) {
					if sw.orders.addLine(text) {
						sw.Submit()
					}
				},
				func(start string) { sw.orders.startLine(start, sw.win.Canvas()) })
		})
	}
	sw.tabs.Items = append([]*container.TabItem{container.NewTabItem("Board", sw.picture)}, sw.tabs.Items...)
	sw.tabs.SelectIndex(0)
	sw.tabs.Refresh()
}

// draw shows the seat's view on the board, with its orders as typed.
func (sw *LanSeatWindow) draw(s *engine.State, v lan.View) {
	sw.state = s
	sw.orders.Recheck()
	sw.redraw()
}

// redraw draws the board: the seat's view, its orders as typed (or as
// the host holds them), impossible ones apart; a seat that may order
// drags and right-clicks as in hot seat.
func (sw *LanSeatWindow) redraw() {
	if sw.picture == nil || sw.state == nil {
		return
	}
	vr, ok := variants.Lookup(sw.variant)
	if !ok {
		return
	}
	view := engine.View{Seat: sw.seat, State: sw.state}
	c := sw.orders.Checked()
	sc := Scene{View: view, Orders: c.Orders, Illegal: c.Illegal(), Power: sw.seat.Power, ReadOnly: sw.seat.Power == "",
		Marks: session.BoardMarks(view)}
	sc.View.Pending = c.Orders
	if r, ok := cardgame.Of(sw.state).(cardgame.VoluntaryRetreater); ok {
		for _, x := range r.VoluntaryRetreats(view) {
			sc.Retreaters = append(sc.Retreaters, Retreater{Unit: x.Unit, To: x.To})
		}
	}
	if h, ok := session.HandsOf(view, vr.Specials); ok && h.Active && sw.seat.Power != "" {
		for _, card := range h.Cards {
			for _, o := range card.Orders {
				if card.Space == "" || card.Unit.Power != sw.seat.Power {
					continue
				}
				sc.Specials = append(sc.Specials, UnitSpecial{Unit: card.Unit, Template: card.Template(o),
					Label:    fmt.Sprintf("%s… (#%s %s)", o.Verb, card.ID, card.Name),
					Complete: func() []session.Completion { return session.CardCompletions(vr, view, card, o) }})
			}
		}
	}
	sc.Orders, _, sc.Signs = session.BoardOrders(vr, view, sc.Orders, nil)
	sw.picture.SetScene(sc)
	sw.showCards(vr, view)
}

// showCards fills the seat's Cards panel from its view (a card game
// only): the same cards, order buttons and drags as in hot seat.
func (sw *LanSeatWindow) showCards(vr *engine.Variant, view engine.View) {
	h, ok := session.HandsOf(view, vr.Specials)
	if !ok {
		return
	}
	if sw.cards == nil {
		sw.cards = NewCardsPanel(view.State.Map)
		sw.cards.OnTemplate = func(_ engine.Power, template string) { sw.orders.Append(template) }
		sw.cards.OnSeatOrder = func(c session.HandCard, o session.CardOrder, abs fyne.Position) {
			seatCardButton(vr, sw.view0(), c, o, abs, sw.seatActs())
		}
		sw.cards.OnDragMove = func(c session.HandCard, o session.CardOrder, abs fyne.Position, first bool) {
			if first && c.Seat {
				targets := session.SeatCardTargets(vr, sw.view0(), c, o)
				sw.picture.SetDropTargets(targets)
				sw.ghost.SetWords(seatTitle(view.State.Map, c), seatGhostWords(o, len(targets) > 0))
			} else if first {
				var targets []engine.Loc
				for _, x := range session.CardCompletions(vr, sw.view0(), c, o) {
					if x.Target.Valid() {
						targets = append(targets, x.Target)
					}
				}
				sw.picture.SetDropTargets(targets)
				sw.ghost.Set(fmt.Sprintf("%s: #%s %s", c.Label, c.ID, c.Name), o.Verb, len(targets) > 0)
			}
			sw.ghost.Follow(abs)
		}
		sw.cards.OnDragEnd = func() {
			sw.ghost.Hide()
			sw.picture.SetDropTargets(nil)
		}
		sw.cards.OnDrop = sw.cardDropped
		side := container.NewVSplit(sw.ordersBox, sw.cards)
		side.Offset = 0.45
		sw.right.Objects = []fyne.CanvasObject{side}
		sw.right.Refresh()
		// The panel replaces the host's words for the hand (the Cards
		// tab): the same cards, from the same view, with their states.
		for i, it := range sw.tabs.Items {
			if it.Text == "Cards" {
				sw.tabs.RemoveIndex(i)
				break
			}
		}
	}
	sw.cards.Set(h, sw.seat.Power != "")
}

// cardDropped completes a card's one-province order with the province
// the card was dropped on (as in hot seat), and sends it.
func (sw *LanSeatWindow) cardDropped(c session.HandCard, o session.CardOrder, abs fyne.Position) {
	vr, ok := variants.Lookup(sw.variant)
	if !ok || sw.state == nil {
		return
	}
	loc, ok := sw.picture.LocAt(abs.Subtract(fyne.CurrentApp().Driver().AbsolutePositionForObject(sw.picture)))
	if !ok {
		sw.status.SetText("Drop the card on a province")
		return
	}
	if c.Seat {
		dropSeatCard(vr, sw.view0(), c, o, loc, abs, sw.seatActs())
		return
	}
	text := c.Template(o) + sw.state.Map.Provinces[loc.P].Abbr
	if o.TakesUnit {
		sw.orders.Append(c.Template(o))
		return
	}
	orders, errs := vr.Parser(sw.state.Map).ParseOrders(c.Unit.Power, text)
	if len(errs) > 0 || len(orders) != 1 {
		sw.status.SetText(fmt.Sprintf("%s: %v", text, errs))
		return
	}
	sw.boardOrder(orders[0])
}

// view0 is the seat's view of the position the host sent last.
func (sw *LanSeatWindow) view0() engine.View { return engine.View{Seat: sw.seat, State: sw.state} }

// seatActs are the LAN seat window's answers for its characters' orders
// (as in hot seat): an order goes into the seat's text, in place of the
// one the same character had, and is sent.
func (sw *LanSeatWindow) seatActs() seatActs {
	return seatActs{
		give: func(p engine.Power, text string) {
			h, _ := session.HandsOf(sw.view0(), sw.specials())
			verb, _, _ := strings.Cut(text, " ")
			t, changed := replaceSeatLine(sw.orders.Text(), text, onlyCharacter(h, p, verb))
			if !changed {
				sw.status.SetText("Ordered already: " + text)
				return
			}
			sw.orders.SetText(t)
			sw.Submit()
		},
		write: func(_ engine.Power, start string) { sw.orders.startLine(start, sw.win.Canvas()) },
		say:   func(text string) { sw.status.SetText(text) },
		menu: func(items []*fyne.MenuItem, abs fyne.Position) {
			if sw.picture != nil {
				sw.picture.ShowMenuItems(items, abs)
			}
		},
	}
}

// specials are the special orders of the seat's variant.
func (sw *LanSeatWindow) specials() []engine.SpecialSyntax {
	if vr, ok := variants.Lookup(sw.variant); ok {
		return vr.Specials
	}
	return nil
}

// lanState decodes a view's position with its variant.
func lanState(variant string, v lan.View) (*engine.State, error) {
	vr, ok := variants.Lookup(variant)
	if !ok {
		return nil, fmt.Errorf("variant %q is not known to this DipDesk", variant)
	}
	m, err := vr.Map()
	if err != nil {
		return nil, err
	}
	return engine.UnmarshalStateExtra(m, v.State, vr.DecodeExtra)
}

func orNobody(xs []string) string {
	if len(xs) == 0 {
		return "nobody"
	}
	return strings.Join(xs, ", ")
}

// lanEnd is the game's end a host sent, in the engine's type (several
// winners, a draw, points).
func lanEnd(e *lan.GameEnd) *engine.GameEnd {
	end := &engine.GameEnd{Draw: e.Draw, Why: e.Why}
	for _, w := range e.Winners {
		end.Winners = append(end.Winners, engine.Power(w))
	}
	if len(e.Points) > 0 {
		end.Points = map[engine.Power]int{}
		for p, n := range e.Points {
			end.Points[engine.Power(p)] = n
		}
	}
	return end
}
