package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"dipdesk/app/lan"
	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/variants"
)

// joinOpts are the join command's flags.
type joinOpts struct {
	addr, seat, code, fp, orders, config, say, to, step string
	ready, follow                                       bool
}

// runJoin joins a LAN game as a seat or observer, prints what the seat
// receives, and optionally submits orders from a file, sets the ready
// flag, sends press, and follows the game.
func runJoin(c *CLI, args []string) int {
	fs := newFlags(c, "join")
	var o joinOpts
	fs.StringVar(&o.seat, "seat", "", "the seat: a power, gm, or observer")
	fs.StringVar(&o.code, "code", "", "the seat's pairing code as the host shows it, ABCD-EFGH-JKMN (not needed once this machine has the seat's token)")
	fs.StringVar(&o.fp, "fingerprint", "", "the host certificate's fingerprint, as the host shows it (default: the one pinned at the first join, which the pairing code or this flag vouches for)")
	fs.StringVar(&o.orders, "orders", "", "submit the orders in this file (- for standard input) for the current step")
	fs.StringVar(&o.step, "phase", "", "the step the orders and ready are meant for, by its key (S1901M, SU1901.muster@germany); refused if the game is in another (default: the step the host is in at the join)")
	fs.BoolVar(&o.ready, "ready", false, "mark the seat ready after submitting")
	fs.StringVar(&o.say, "say", "", "send this press message")
	fs.StringVar(&o.to, "to", "", "press recipients, comma-separated powers (default: everyone)")
	fs.BoolVar(&o.follow, "follow", false, "stay connected and print everything until the game ends or an interrupt (reconnects by itself)")
	fs.StringVar(&o.config, "config", "", "folder for pinned fingerprints and seat tokens (default: $"+lan.ConfigDirEnv+" or the user's config folder)")
	rest, err := splitArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) != 1 || o.seat == "" {
		fmt.Fprintln(c.Stderr, "usage: dipdesk join ADDR --seat france --code ABCD-EFGH-JKMN [--orders FILE] [--ready] [--phase KEY] [--fingerprint FP] [--follow]")
		return 2
	}
	o.addr = rest[0]
	if o.config == "" {
		if o.config, err = lan.ConfigDir(); err != nil {
			return c.fail("join", err)
		}
	}
	return c.join(o)
}

func (c *CLI) join(o joinOpts) int {
	var text string
	if o.orders != "" {
		r, err := openArg(c, o.orders)
		if err != nil {
			return c.fail("join", err)
		}
		name := o.orders
		if name == "-" {
			name = "standard input"
		}
		text, err = readOrdersText(r, name, lan.MaxOrders)
		r.Close()
		if err != nil {
			return c.fail("join", err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	p := &printer{w: &cleanWriter{w: &lockedWriter{w: c.Stdout}}, msgs: make(chan lan.Envelope, 1024), lost: make(chan error, 1), fatal: make(chan error, 1)}
	cl, err := c.dialSeat(ctx, o, p)
	if err != nil {
		return c.fail("join", err)
	}
	defer cl.Close()
	// Print what the join brought, up to the status that ends it.
	idle := joinWait
	if o.follow {
		idle = 0 // it reconnects by itself, and waits as long as it must
	}
	if err := p.until(ctx, lan.TypeStatus, !o.follow, idle); err != nil {
		return c.fail("join", fmt.Errorf("before the host had sent the seat's state: %w", err))
	}
	status := 0
	step := p.phase
	if o.step != "" {
		step = o.step
	}
	if o.orders != "" {
		status = c.submit(ctx, cl, p, step, text)
	}
	if status == 0 && o.ready {
		if err := cl.Ready(ctx, step, true); err != nil {
			return c.fail("join", err)
		}
		fmt.Fprintf(p.w, "ready for %s\n", step)
	}
	if status == 0 && o.say != "" {
		var to []string
		if o.to != "" {
			to = strings.Split(o.to, ",")
		}
		if err := cl.Press(ctx, to, o.say); err != nil {
			return c.fail("join", err)
		}
	}
	if o.follow {
		if err := p.until(ctx, "", false, 0); err != nil && ctx.Err() == nil {
			return c.fail("join", err)
		}
	} else {
		p.drain()
	}
	return status
}

// dialSeat connects with the pin and the seat token this machine keeps
// (or the code), pinning the fingerprint and keeping a new token.
func (c *CLI) dialSeat(ctx context.Context, o joinOpts, p *printer) (*lan.Client, error) {
	mem := lan.NewClientMemory(o.config)
	pinned, err := mem.Pin(o.addr)
	if err != nil {
		return nil, err
	}
	if o.fp != "" {
		pinned = o.fp
	}
	seat := strings.ToLower(o.seat)
	token, err := mem.Token(o.addr, seat)
	if err != nil {
		return nil, err
	}
	if token == "" && o.code == "" {
		return nil, fmt.Errorf("no join code given and no seat token kept for %s at %s", seat, o.addr)
	}
	cfg := lan.ClientConfig{Addr: o.addr, Seat: seat, Code: o.code, Token: token, Fingerprint: pinned,
		Reconnect: o.follow, Client: "dipdesk join", OnMessage: func(e lan.Envelope) { p.msgs <- e },
		OnDrop: func(err error) {
			if errors.Is(err, lan.ErrVersion) {
				select {
				case p.fatal <- err: // the client reconnects no more
				default:
				}
			}
			select {
			case p.lost <- err:
			default:
			}
		},
		ConfirmFingerprint: c.confirmFingerprint,
		OnPin: func(fp string) {
			fmt.Fprintf(p.w, "pinned the host's certificate fingerprint %s\n", fp)
			if err := mem.SetPin(o.addr, fp); err != nil {
				fmt.Fprintf(c.Stderr, "join: %v\n", err)
			}
		},
		OnToken: func(tok string) {
			if err := mem.SetToken(o.addr, seat, tok); err != nil {
				fmt.Fprintf(c.Stderr, "join: keeping the seat token: %v\n", err)
			}
		}}
	dctx, cancel := context.WithTimeout(ctx, joinWait)
	defer cancel()
	cl, err := lan.Dial(dctx, cfg)
	var he *lan.HostError
	if errors.As(err, &he) && he.Code == lan.CodeBadToken {
		_ = mem.SetToken(o.addr, seat, "")
		err = fmt.Errorf("%w; the kept token was forgotten: ask the host for a new join code", err)
	}
	return cl, err
}

// submit sends the orders for step and prints the host's answer.
func (c *CLI) submit(ctx context.Context, cl *lan.Client, p *printer, step, text string) int {
	ack, err := cl.Orders(ctx, step, text)
	if err != nil {
		return c.fail("join", err)
	}
	p.drain()
	fmt.Fprintf(p.w, "orders stored for %s:\n", ack.Phase)
	for _, a := range ack.Accepted {
		fmt.Fprintf(p.w, "  %s\n", a)
	}
	for _, e := range ack.Errors {
		fmt.Fprintf(p.w, "  refused: %s\n", e)
	}
	if len(ack.Errors) > 0 {
		return 1
	}
	p.warnImpossible(text)
	return 0
}

// warnImpossible names the orders sent that the seat's view makes
// impossible, as the window's order panel does (session.CheckOrders):
// another power's unit, a unit's order in Questionable's characters'
// step. The host stored them as sent; they fail when the step is
// adjudicated.
func (p *printer) warnImpossible(text string) {
	vr, ok := variants.Lookup(p.variant)
	if !ok || p.view == nil || p.m == nil {
		return
	}
	st, err := engine.UnmarshalStateExtra(p.m, p.view.State, vr.DecodeExtra)
	if err != nil {
		return
	}
	power := engine.Power(p.seat)
	for _, pr := range session.CheckOrders(vr, engine.View{Seat: engine.Seat{Power: power}, State: st}, power, text).Problems {
		if pr.Order != nil {
			fmt.Fprintf(p.w, "  warning: %v (stored as sent: it fails when the step is adjudicated)\n", pr)
		}
	}
}

// confirmFingerprint asks the player, at a terminal, to compare the
// host's fingerprint with the one the host shows, before anything is sent
// to it. Elsewhere (a script) there is no one to ask: the join is refused
// with the fingerprint to check and pass as --fingerprint.
func (c *CLI) confirmFingerprint(fp string) error {
	in, ok := c.Stdin.(*os.File)
	if !ok {
		return &lan.UnverifiedError{Fingerprint: fp}
	}
	if st, err := in.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return &lan.UnverifiedError{Fingerprint: fp}
	}
	fmt.Fprintf(c.Stderr, "The host's certificate fingerprint is\n  %s\nDoes it read exactly as the host shows it? Type yes to go on: ", fp)
	line, _ := bufio.NewReader(in).ReadString('\n')
	if strings.ToLower(strings.TrimSpace(line)) != "yes" {
		return errors.New("the fingerprint was not confirmed; nothing was sent to the host")
	}
	return nil
}

// printer prints the host's messages as a player reads them. Everything
// the host sends is printed through clean: a player's press (or a hostile
// host) cannot move the cursor, clear the screen or fake a line.
type printer struct {
	w       io.Writer
	msgs    chan lan.Envelope
	lost    chan error // the connection ended (OnDrop)
	fatal   chan error // it ended for good: the host speaks another protocol version now
	phase   string
	end     *lan.GameEnd // how the game ended, once a result says
	variant string       // from the host's hello
	m       *engine.Map  // the variant's board, when this DipDesk knows it
	seat    string       // from the welcome
	view    *lan.View    // the seat's last view
}

// until prints messages until one of type typ ("" for the game's end) or
// ctx's end; with stopOnDrop, also when the connection is lost (a client
// that does not reconnect), and when the host sends nothing for idle (0:
// no bound). It returns nil when typ came. The bound is on silence, not
// on the whole wait: a long press backlog streams for as long as it takes.
func (p *printer) until(ctx context.Context, typ string, stopOnDrop bool, idle time.Duration) error {
	lost := p.lost
	if !stopOnDrop {
		lost = nil
	}
	var quiet <-chan time.Time
	var timer *time.Timer
	if idle > 0 {
		timer = time.NewTimer(idle)
		defer timer.Stop()
		quiet = timer.C
	}
	for {
		select {
		case e := <-p.msgs:
			p.print(e)
			if (typ != "" && e.Type == typ) || (typ == "" && p.end != nil) {
				return nil
			}
			if timer != nil {
				timer.Reset(idle)
			}
		case err := <-lost:
			// What arrived before the connection ended is printed
			// first: the message waited for may be among it.
			for {
				select {
				case e := <-p.msgs:
					p.print(e)
					if typ != "" && e.Type == typ {
						return nil
					}
					continue
				default:
				}
				break
			}
			if err == nil {
				err = errors.New("the connection closed")
			}
			return fmt.Errorf("the host dropped the connection (%v)", err)
		case err := <-p.fatal:
			return err
		case <-quiet:
			return fmt.Errorf("the host sent nothing for %s", idle)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// drain prints what has arrived.
func (p *printer) drain() {
	for {
		select {
		case e := <-p.msgs:
			p.print(e)
		default:
			return
		}
	}
}

func (p *printer) print(e lan.Envelope) {
	w := p.w
	switch e.Type {
	case lan.TypeHello:
		if h, err := lan.Decode[lan.Hello](e); err == nil {
			p.variant = h.Game.Variant
			p.m, _ = variantMap(h.Game.Variant)
			fmt.Fprintf(w, "host: %q, %s, %s (%s), %d seats\n", h.Game.Name, h.Game.Variant, h.Game.Phase, h.Game.Title, len(h.Game.Seats))
		}
	case lan.TypeWelcome:
		if m, err := lan.Decode[lan.Welcome](e); err == nil {
			p.seat = m.Seat
			fmt.Fprintf(w, "joined as %s\n", m.Seat)
		}
	case lan.TypeView:
		if v, err := lan.Decode[lan.View](e); err == nil {
			p.phase = v.Phase
			p.view = &v
			p.printView(v)
		}
	case lan.TypeHand:
		if h, err := lan.Decode[lan.Hand](e); err == nil {
			if printSeatCards(w, h) {
				break
			}
			fmt.Fprintf(w, "cards (%d in the pile, %d discarded):\n", h.Pile, h.Discards)
			for _, c := range h.Cards {
				fmt.Fprintf(w, "  %s %-7s %-8s #%s %s", c.Power, c.Label, c.Unit, c.ID, c.Name)
				if c.Revealed != "" {
					fmt.Fprintf(w, " (%s)", c.Revealed)
				}
				fmt.Fprintln(w)
			}
		}
	case lan.TypeStatus:
		if s, err := lan.Decode[lan.Status](e); err == nil {
			fmt.Fprintf(w, "status %s (%s): orders in from %s; ready: %s\n", s.Phase, s.Title, list(s.Submitted), list(s.Ready))
		}
	case lan.TypeResults:
		if r, err := lan.Decode[lan.Results](e); err == nil {
			p.printResults(r)
		}
	case lan.TypePress:
		if m, err := lan.Decode[lan.PressMsg](e); err == nil {
			to := "everyone"
			if len(m.To) > 0 {
				to = strings.Join(m.To, ", ")
			}
			fmt.Fprintf(w, "press %s from %s to %s: %s\n", oneLine(m.Phase), oneLine(m.From), oneLine(to), continued(m.Text))
		}
	case lan.TypeError:
		if m, err := lan.Decode[lan.ErrorMsg](e); err == nil && e.Ref == 0 {
			fmt.Fprintf(w, "host error: %s: %s\n", oneLine(m.Code), oneLine(m.Message))
		}
	}
}

func (p *printer) printView(v lan.View) {
	w := p.w
	fmt.Fprintf(w, "view %s (%s)\n", v.Phase, v.Title)
	if s, err := decodeState(p.variant, v); err == nil {
		printSeatPosition(w, s)
	}
	switch {
	case v.Over:
		fmt.Fprintln(w, "  the game is over")
	case v.Due:
		fmt.Fprintln(w, "  your orders are due")
	case v.May:
		fmt.Fprintln(w, "  you may act in this step (the host does not wait for you)")
	case p.seat != "" && p.seat != lan.ObserverSeat && p.seat != "gm":
		fmt.Fprintln(w, "  you do not act in this step")
	}
	for _, o := range v.Pending {
		fmt.Fprintf(w, "  your order: %s\n", o)
	}
	fmt.Fprintf(w, "  orders in from %s; ready: %s\n", list(v.Submitted), list(v.Ready))
	if v.Deadline != nil {
		fmt.Fprintf(w, "  deadline %s\n", v.Deadline.Local().Format("Mon 2 Jan 15:04"))
	}
}

// printSeatPosition prints every seat's centres and pieces (the roles' too,
// each piece by its kind's code: "A", "F", "B"), the pieces of no seat
// and the dislodged units.
func printSeatPosition(w io.Writer, s *engine.State) {
	m := s.Map
	unit := func(u engine.Unit) string { return m.UnitCode(u.Type, u.Kind) + " " + m.LocString(u.Loc) }
	by := map[engine.Power][]string{}
	for _, u := range s.Units {
		by[u.Power] = append(by[u.Power], unit(u))
	}
	centres := s.Centres()
	for _, pw := range m.PowerIDs() {
		sort.Strings(by[pw])
		name := m.PowerName(pw)
		if pi, _ := m.Power(pw); pi.Role {
			name += " (role)"
		}
		if len(by[pw]) == 0 {
			fmt.Fprintf(w, "  %-17s %2d centres\n", name, centres[pw])
			continue
		}
		fmt.Fprintf(w, "  %-17s %2d centres: %s\n", name, centres[pw], strings.Join(by[pw], ", "))
	}
	if none := by[""]; len(none) > 0 {
		sort.Strings(none)
		fmt.Fprintf(w, "  %-17s             %s\n", "of no seat", strings.Join(none, ", "))
	}
	for _, d := range s.Dislodged {
		fmt.Fprintf(w, "  dislodged: %s %s\n", m.PowerName(d.Unit.Power), unit(d.Unit))
	}
}

func (p *printer) printResults(r lan.Results) {
	w := p.w
	fmt.Fprintf(w, "results %s (%s):\n", r.Phase, r.Title)
	for _, x := range r.Results {
		mark := " "
		if !x.OK {
			mark = "*"
		}
		fmt.Fprintf(w, " %s %-8s %-24s %s\n", mark, x.Power, x.Order, x.Reason)
	}
	for _, ev := range r.Events {
		fmt.Fprintf(w, "   %s\n", ev)
	}
	if r.Next != "" && r.End == nil {
		fmt.Fprintf(w, "next: %s (%s)\n", r.Next, r.NextTitle)
	}
	if r.End != nil {
		p.end = r.End
		p.printEnd(r.End)
	}
}

// printEnd says how the game ended: its winners (one, several or none),
// a draw, the points of each seat, most first, and why.
func (p *printer) printEnd(e *lan.GameEnd) {
	w := p.w
	name := func(s string) string {
		if p.m != nil {
			return p.m.PowerName(engine.Power(s))
		}
		return s
	}
	var names []string
	for _, s := range e.Winners {
		names = append(names, name(s))
	}
	switch {
	case e.Draw && len(names) > 0:
		fmt.Fprintf(w, "The game ends in a draw between %s.\n", andList(names))
	case e.Draw:
		fmt.Fprintln(w, "The game ends in a draw.")
	case len(names) == 1:
		fmt.Fprintf(w, "%s wins.\n", names[0])
	case len(names) > 1:
		fmt.Fprintf(w, "%s win.\n", andList(names))
	default:
		fmt.Fprintln(w, "The game is over; nobody wins.")
	}
	if len(e.Points) > 0 {
		seats := make([]string, 0, len(e.Points))
		for s := range e.Points {
			seats = append(seats, s)
		}
		sort.Slice(seats, func(i, j int) bool {
			a, b := seats[i], seats[j]
			if e.Points[a] != e.Points[b] {
				return e.Points[a] > e.Points[b]
			}
			return a < b
		})
		var parts []string
		for _, s := range seats {
			parts = append(parts, fmt.Sprintf("%s %d", name(s), e.Points[s]))
		}
		fmt.Fprintf(w, "points: %s\n", strings.Join(parts, ", "))
	}
	if e.Why != "" {
		fmt.Fprintf(w, "(%s)\n", e.Why)
	}
}

// andList joins names as a sentence does: "A", "A and B", "A, B and C".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// decodeState reads a view's position with the variant's decoder.
func decodeState(variant string, v lan.View) (*engine.State, error) {
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

// variantMap is the board of a variant this DipDesk knows.
func variantMap(variant string) (*engine.Map, error) {
	vr, ok := variants.Lookup(variant)
	if !ok {
		return nil, fmt.Errorf("variant %q is not known to this DipDesk", variant)
	}
	return vr.Map()
}

func list(xs []string) string {
	if len(xs) == 0 {
		return "nobody"
	}
	return strings.Join(xs, ", ")
}

// continued marks the second and later lines of a player's text, so that
// a press message cannot pass a line of its own for one of the host's.
func continued(s string) string {
	return strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    | ")
}

// oneLine shows the line ends of a field that should have none.
func oneLine(s string) string { return strings.ReplaceAll(s, "\n", `\n`) }

// cleanWriter escapes what a terminal would act on instead of printing:
// control characters but the line end and tab (ESC sequences move the
// cursor, clear the screen, retitle the window), the C1 controls, the
// Unicode line separators and bidirectional overrides (which make text
// read backwards), and bytes that are not UTF-8. Each shows as \x1b,
// \u202e and the like.
type cleanWriter struct{ w io.Writer }

func (c *cleanWriter) Write(b []byte) (int, error) {
	if _, err := io.WriteString(c.w, clean(string(b))); err != nil {
		return 0, err
	}
	return len(b), nil
}

// clean is the text of s with every character a terminal would act on
// escaped (see cleanWriter).
func clean(s string) string {
	ok := true
	for _, r := range s {
		if unsafeRune(r) {
			ok = false
			break
		}
	}
	if ok && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case unsafeRune(r) && r < 0x100:
			fmt.Fprintf(&b, "\\x%02x", r)
		case unsafeRune(r):
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// unsafeRune reports whether a terminal may act on r rather than show it.
func unsafeRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return true
	case r == 0x2028 || r == 0x2029, // line and paragraph separators
		r == 0x200e || r == 0x200f || r == 0x061c, // direction marks
		r >= 0x202a && r <= 0x202e,                // embeddings and overrides
		r >= 0x2066 && r <= 0x2069:                // isolates
		return true
	}
	return false
}

// printSeatCards prints a hand of cards the seats hold, no unit
// (Questionable's characters), one line a seat with each card's state,
// as "show" does; it reports whether h was such a hand.
func printSeatCards(w io.Writer, h lan.Hand) bool {
	var seats []string
	cards := map[string][]string{}
	for _, c := range h.Cards {
		if !c.Seat {
			return false
		}
		if _, seen := cards[c.Label]; !seen {
			seats = append(seats, c.Label)
		}
		card := oneLine(c.Name)
		if len(c.Notes) > 0 {
			card += ": " + oneLine(strings.Join(c.Notes, ", "))
		}
		cards[c.Label] = append(cards[c.Label], card)
	}
	if len(seats) == 0 {
		return false
	}
	fmt.Fprintln(w, "hands:")
	for _, s := range seats {
		fmt.Fprintf(w, "  %s: %s\n", oneLine(s), strings.Join(cards[s], "; "))
	}
	return true
}
