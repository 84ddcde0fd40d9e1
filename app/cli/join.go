package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"

	"dipdesk/app/lan"
	"dipdesk/engine"
	"dipdesk/variants"
)

// joinOpts are the join command's flags.
type joinOpts struct {
	addr, seat, code, fp, orders, config, say, to string
	ready, follow                                 bool
}

// runJoin joins a LAN game as a seat or observer, prints what the seat
// receives, and optionally submits orders from a file, sets the ready
// flag, sends press, and follows the game.
func runJoin(c *CLI, args []string) int {
	fs := newFlags(c, "join")
	var o joinOpts
	fs.StringVar(&o.seat, "seat", "", "the seat: a power, gm, or observer")
	fs.StringVar(&o.code, "code", "", "the seat's join code (not needed once this machine has the seat's token)")
	fs.StringVar(&o.fp, "fingerprint", "", "the host certificate's fingerprint, as the host shows it (default: the pinned one, or pin the first seen)")
	fs.StringVar(&o.orders, "orders", "", "submit the orders in this file (- for standard input) for the current phase")
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
		fmt.Fprintln(c.Stderr, "usage: dipdesk join ADDR --seat france --code CODE [--orders FILE] [--ready] [--fingerprint FP] [--follow]")
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
	var text []byte
	if o.orders != "" {
		r, err := openArg(c, o.orders)
		if err != nil {
			return c.fail("join", err)
		}
		text, err = io.ReadAll(io.LimitReader(r, lan.MaxOrders+1))
		r.Close()
		if err != nil {
			return c.fail("join", err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	p := &printer{w: &lockedWriter{w: c.Stdout}, msgs: make(chan lan.Envelope, 1024)}
	cl, err := c.dialSeat(ctx, o, p)
	if err != nil {
		return c.fail("join", err)
	}
	defer cl.Close()
	// Print what the join brought, up to the status that ends it.
	if !p.until(ctx, lan.TypeStatus) {
		return c.fail("join", errors.New("the host closed the connection"))
	}
	status := 0
	if o.orders != "" {
		status = c.submit(ctx, cl, p, string(text))
	}
	if status == 0 && o.ready {
		if err := cl.Ready(ctx, p.phase, true); err != nil {
			return c.fail("join", err)
		}
		fmt.Fprintf(p.w, "ready for %s\n", p.phase)
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
		p.until(ctx, "")
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

// submit sends the orders and prints the host's answer.
func (c *CLI) submit(ctx context.Context, cl *lan.Client, p *printer, text string) int {
	ack, err := cl.Orders(ctx, p.phase, text)
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
	return 0
}

// printer prints the host's messages as a player reads them.
type printer struct {
	w       io.Writer
	msgs    chan lan.Envelope
	phase   string
	winner  string
	variant string // from the host's hello
}

// until prints messages until one of type typ ("" for the game's end),
// the connection's end or ctx's; it reports whether typ came.
func (p *printer) until(ctx context.Context, typ string) bool {
	for {
		select {
		case e := <-p.msgs:
			p.print(e)
			if (typ != "" && e.Type == typ) || (typ == "" && p.winner != "") {
				return true
			}
		case <-ctx.Done():
			return false
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
			fmt.Fprintf(w, "host: %q, %s, %s\n", h.Game.Name, h.Game.Variant, h.Game.Phase)
		}
	case lan.TypeWelcome:
		if m, err := lan.Decode[lan.Welcome](e); err == nil {
			fmt.Fprintf(w, "joined as %s\n", m.Seat)
		}
	case lan.TypeView:
		if v, err := lan.Decode[lan.View](e); err == nil {
			p.phase = v.Phase
			p.printView(v)
		}
	case lan.TypeHand:
		if h, err := lan.Decode[lan.Hand](e); err == nil {
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
			fmt.Fprintf(w, "status %s: orders in from %s; ready: %s\n", s.Phase, list(s.Submitted), list(s.Ready))
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
			fmt.Fprintf(w, "press %s from %s to %s: %s\n", m.Phase, m.From, to, m.Text)
		}
	case lan.TypeError:
		if m, err := lan.Decode[lan.ErrorMsg](e); err == nil && e.Ref == 0 {
			fmt.Fprintf(w, "host error: %s: %s\n", m.Code, m.Message)
		}
	}
}

func (p *printer) printView(v lan.View) {
	w := p.w
	fmt.Fprintf(w, "view %s (%s)\n", v.Phase, v.Title)
	if s, err := decodeState(p.variant, v); err == nil {
		by := map[engine.Power][]string{}
		for _, u := range s.Units {
			by[u.Power] = append(by[u.Power], u.Type.String()+" "+s.Map.LocString(u.Loc))
		}
		centres := s.Centres()
		for _, pw := range s.Map.PowerIDs() {
			sort.Strings(by[pw])
			fmt.Fprintf(w, "  %-8s %2d centres: %s\n", s.Map.PowerName(pw), centres[pw], strings.Join(by[pw], ", "))
		}
		for _, d := range s.Dislodged {
			fmt.Fprintf(w, "  dislodged: %s %s %s\n", d.Unit.Power, d.Unit.Type, s.Map.LocString(d.Unit.Loc))
		}
	}
	if v.Due {
		fmt.Fprintln(w, "  your orders are due")
	}
	for _, o := range v.Pending {
		fmt.Fprintf(w, "  your order: %s\n", o)
	}
	fmt.Fprintf(w, "  orders in from %s; ready: %s\n", list(v.Submitted), list(v.Ready))
	if v.Deadline != nil {
		fmt.Fprintf(w, "  deadline %s\n", v.Deadline.Local().Format("Mon 2 Jan 15:04"))
	}
}

func (p *printer) printResults(r lan.Results) {
	w := p.w
	fmt.Fprintf(w, "results %s:\n", r.Phase)
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
	if r.Winner != "" {
		p.winner = r.Winner
		fmt.Fprintf(w, "%s wins.\n", r.Winner)
	}
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

func list(xs []string) string {
	if len(xs) == 0 {
		return "nobody"
	}
	return strings.Join(xs, ", ")
}
