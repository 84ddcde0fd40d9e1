package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"dipdesk/app/lan"
	"dipdesk/app/session"
	"dipdesk/engine"
)

// runHost serves a saved game to the LAN until "quit" on standard input
// or an interrupt.
func runHost(c *CLI, args []string) int {
	fs := newFlags(c, "host")
	addr := fs.String("addr", ":7878", "address to listen on, host:port: \":7878\" is every interface of this machine, \"192.168.1.20:7878\" one only (\":0\" picks a free port)")
	name := fs.String("name", "", "the game's name shown to players (default: the file's name)")
	deadline := fs.Duration("deadline", 0, "each phase's deadline, e.g. 48h (0: none)")
	manual := fs.Bool("manual", false, "adjudicate only on the adjudicate command, never when all are ready")
	certs := fs.String("config", "", "folder for the host certificate (default: $"+lan.ConfigDirEnv+" or the user's config folder)")
	noAdvertise := fs.Bool("no-mdns", false, "do not advertise the game on the LAN by mDNS (players then type the address)")
	verbose := fs.Bool("v", false, "log connections and adjudications to standard error")
	rest, err := splitArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) != 1 {
		fmt.Fprintln(c.Stderr, "usage: dipdesk host FILE [--addr :7878] [--no-mdns] [--deadline 48h] [--manual] [--name NAME]")
		return 2
	}
	if *certs == "" {
		if *certs, err = lan.ConfigDir(); err != nil {
			return c.fail("host", err)
		}
	}
	g, err := session.Open(rest[0])
	if err != nil {
		return c.fail("host", err)
	}
	defer g.Close()
	cfg := lan.HostConfig{Name: *name, CertDir: *certs, Deadline: *deadline, Manual: *manual}
	if *verbose {
		cfg.Logger = slog.New(slog.NewTextHandler(c.Stderr, nil))
	}
	h, err := lan.NewHost(g, cfg)
	if err != nil {
		return c.fail("host", err)
	}
	if err := h.Listen(*addr); err != nil {
		return c.fail("host", err)
	}
	defer h.Close()
	out := &lockedWriter{w: c.Stdout}
	info := h.Info()
	fmt.Fprintf(out, "hosting %q (%s, %d seats, %s: %s) at %s\n", info.Name, g.Variant().Name, len(info.Seats), info.Phase, info.Title, h.Addr())
	fmt.Fprintf(out, "players type: %s\n", strings.Join(h.DialAddrs(), " or "))
	fmt.Fprintf(out, "certificate fingerprint: %s\n", h.Fingerprint())
	if everyInterface(*addr) {
		fmt.Fprintln(out, "listening on every network interface of this machine; --addr IP:PORT listens on one only")
	}
	printCodes(out, h)
	if *noAdvertise {
		fmt.Fprintln(out, "not advertised on the LAN (--no-mdns); players type the address")
	} else if stop, err := lan.Advertise(h); err != nil {
		fmt.Fprintf(out, "not advertised on the LAN (%v); players type the address\n", err)
	} else {
		defer stop()
		fmt.Fprintln(out, "advertised on the LAN by mDNS (name, variant, phase, free seats; --no-mdns turns it off)")
	}
	fmt.Fprintln(out, `commands: adjudicate, codes, code SEAT (a new code; the seat's token stops working), status, events, roll N (a roll asked for), quit`)
	if g.DiceEntered() {
		fmt.Fprintln(out, "the game's dice are rolled at the table: this terminal asks for each roll, in order, and no seat decides one")
	}
	h.OnPhase(func(phase string) { printStep(out, h, g.Map(), phase) })
	h.OnDraw(func(d lan.PendingDraw) { printDraw(out, d) })
	if d, ok := h.PendingDraw(); ok {
		printDraw(out, d) // asked for when the host started
	}
	// Failed joins, burnt codes and refused connections are the host's
	// to know of at once (a burnt code needs "code SEAT").
	h.OnEvent(func(e lan.Event) { fmt.Fprintf(out, "%s %s\n", e.At.Local().Format("15:04:05"), e.Text) })
	return hostCommands(c, h, out)
}

// printDraw asks the host's person, the game master, for a roll: which
// step, which draw, what it is for and its range.
func printDraw(w io.Writer, d lan.PendingDraw) {
	fmt.Fprintf(w, "roll needed for %s (%s), draw %d: %s; %s. Type the value (or \"roll N\"):\n", d.Phase, d.Title, d.Index+1, d.Why, d.Range())
}

// enterRoll enters the value typed for the roll awaited, or says why not
// (the roll is asked for again).
func enterRoll(w io.Writer, h *lan.Host, word string) {
	d, ok := h.PendingDraw()
	if !ok {
		fmt.Fprintln(w, "roll: no roll is asked for")
		return
	}
	n, err := strconv.Atoi(word)
	lo, hi := 0, d.N-1
	if d.Die {
		lo, hi = 1, d.N
	}
	switch {
	case err != nil:
		err = fmt.Errorf("%q is not a number", word)
	case n < lo || n > hi:
		err = fmt.Errorf("%d is not %s", n, d.Range())
	}
	if err != nil {
		fmt.Fprintf(w, "roll: %v\n", err)
		printDraw(w, d)
		return
	}
	// Said before it is entered: entering it plays the step on, which
	// may ask for the next roll at once.
	fmt.Fprintf(w, "entering %d for draw %d of %s (%s)\n", n, d.Index+1, d.Phase, d.Why)
	if err := h.EnterDraw(d.Phase, d.Index, n); err != nil {
		fmt.Fprintf(w, "roll: %v; nothing was entered\n", err)
		if d, ok := h.PendingDraw(); ok {
			printDraw(w, d)
		}
	}
}

// hostCommands reads the host's commands until quit, the end of input
// followed by an interrupt, or an interrupt.
func hostCommands(c *CLI, h *lan.Host, out io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(c.Stdin)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	for {
		var line string
		var ok bool
		select {
		case <-ctx.Done():
			fmt.Fprintln(out, "stopping")
			return 0
		case line, ok = <-lines:
			if !ok {
				lines = nil // no more input (a headless host): serve until interrupted
				continue
			}
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if _, err := strconv.Atoi(f[0]); err == nil && len(f) == 1 {
			enterRoll(out, h, f[0]) // a bare number answers the roll asked for
			continue
		}
		switch f[0] {
		case "roll":
			if len(f) != 2 {
				fmt.Fprintln(out, "usage: roll N")
				continue
			}
			enterRoll(out, h, f[1])
		case "quit", "exit":
			fmt.Fprintln(out, "stopping")
			return 0
		case "adjudicate", "process":
			if err := h.Adjudicate(); err != nil {
				fmt.Fprintf(out, "adjudicate: %v\n", err)
			}
		case "codes":
			printCodes(out, h)
		case "code":
			if len(f) != 2 {
				fmt.Fprintln(out, "usage: code SEAT")
				continue
			}
			code, err := h.NewCode(f[1])
			if err != nil {
				fmt.Fprintf(out, "code: %v\n", err)
				continue
			}
			fmt.Fprintf(out, "pairing code for %s: %s\n", f[1], code)
		case "events":
			for _, e := range h.Events() {
				fmt.Fprintf(out, "%s %s\n", e.At.Local().Format("15:04:05"), e.Text)
			}
		case "status":
			info := h.Info()
			fmt.Fprintf(out, "%s, step %s (%s)\n", info.Name, info.Phase, info.Title)
			printActing(out, h.Step())
			if d, ok := h.PendingDraw(); ok {
				printDraw(out, d)
			}
			for _, s := range info.Seats {
				role := ""
				if s.Role {
					role = " (role)"
				}
				fmt.Fprintf(out, "  %-10s free=%v connected=%v%s\n", s.Power, s.Free, s.Connected, role)
			}
		default:
			fmt.Fprintf(out, "unknown command %q\n", f[0])
		}
	}
}

// printStep tells the host's person the game moved to step phase: its
// key and display name and who acts in it, or how the game ended.
func printStep(w io.Writer, h *lan.Host, m *engine.Map, phase string) {
	fmt.Fprintf(w, "now %s (%s)\n", phase, lan.KeyTitle(m, phase))
	if e := h.End(); e != nil {
		fmt.Fprintf(w, "the game is over: %s\n", endWords(m, e))
		return
	}
	if st := h.Step(); st.Phase == phase {
		printActing(w, st)
	}
}

// printActing says who must act in a step, who may, and who is ready.
func printActing(w io.Writer, st lan.Step) {
	names := func(ps []engine.Power) string {
		var out []string
		for _, p := range ps {
			out = append(out, string(p))
		}
		return list(out)
	}
	must := names(st.Must)
	if st.GM {
		must += "; the game master (adjudicate)"
	}
	fmt.Fprintf(w, "  must act: %s; may act: %s; ready: %s\n", must, names(st.May), names(st.Ready))
}

// endWords says how a game ended (session.EndWords: winners, a draw,
// why) with each seat's points.
func endWords(m *engine.Map, e *engine.GameEnd) string {
	s := session.EndWords(m, e)
	var parts []string
	for _, p := range m.PowerIDs() {
		if n, ok := e.Points[p]; ok {
			parts = append(parts, fmt.Sprintf("%s %d", m.PowerName(p), n))
		}
	}
	if len(parts) > 0 {
		s += "; points: " + strings.Join(parts, ", ")
	}
	return s
}

func printCodes(w io.Writer, h *lan.Host) {
	codes := h.Codes()
	var seats []string
	for s := range codes {
		if s != lan.ObserverSeat {
			seats = append(seats, s)
		}
	}
	sort.Strings(seats)
	fmt.Fprintf(w, "pairing codes (valid %s, one use each; the last four letters let the player's DipDesk check it reached this host):\n", lan.DefaultTTL)
	for _, s := range seats {
		fmt.Fprintf(w, "  %-10s %s\n", s, codes[s])
	}
	if len(seats) == 0 {
		fmt.Fprintln(w, "  (every seat is taken; \"code SEAT\" gives a seat a new code)")
	}
	if oc := codes[lan.ObserverSeat]; oc != "" {
		fmt.Fprintf(w, "  %-10s %s (any number of observers)\n", lan.ObserverSeat, oc)
	}
}

// everyInterface reports whether addr listens on every interface (no
// host, or an unspecified address).
func everyInterface(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return host == "" || (ip != nil && ip.IsUnspecified())
}

// lockedWriter serialises writes from the host's goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// joinWait bounds how long join waits for the host's answers.
const joinWait = 30 * time.Second
