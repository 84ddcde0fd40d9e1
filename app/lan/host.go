package lan

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// Path is the WebSocket endpoint of a host.
const Path = "/dipdesk/v1"

// readLimit is the transport's limit on one client frame: above it the
// connection is closed. Between MaxMessage and readLimit a message is
// answered with a too_large error and the connection stays.
const readLimit = 1 << 20

// JoinTimeout is how long a connection may stay without joining a seat.
const JoinTimeout = 30 * time.Second

// outQueue is how many messages may wait for a slow client before the
// host drops it (it reconnects and gets a fresh view). The press backlog
// of a join is one item of the queue, streamed (see backlog).
const outQueue = 512

// Per-seat limits (docs/lan-protocol.md, "Limits"): what one seat may
// cost the host, the other seats and the save file. Messages over a rate
// are answered rate_limited; orders and press over a phase's allowance
// over_limit. Either way nothing changes.
const (
	DefaultMessageRate  = 10        // messages a second a seat may send, once its burst is spent
	DefaultMessageBurst = 40        // messages a seat may send at once
	MaxOrdersPerPhase   = 256 << 10 // bytes of orders text a seat may submit in one phase
	MaxPressPerPhase    = 256 << 10 // bytes of press a seat may send in one phase
	DefaultMaxConns     = 256       // simultaneous connections to a host
	DefaultMaxConnsAddr = 32        // simultaneous connections from one address
)

// HostConfig configures a host.
type HostConfig struct {
	Name     string           // the game's name shown to joiners; default the file's name
	CertDir  string           // app storage holding the host's certificate (LoadOrCreateCert)
	Cert     *tls.Certificate // a certificate to use instead of CertDir's
	CodeTTL  time.Duration    // join codes' life; default DefaultTTL
	Deadline time.Duration    // each phase's deadline; 0 for none
	// Manual: adjudicate only on Adjudicate (or a game master's message),
	// never because every seat is ready.
	Manual bool
	Now    func() time.Time // default time.Now
	Rand   io.Reader        // randomness for codes and tokens; default crypto/rand
	Logger *slog.Logger     // default: discard
	// MessageRate and MessageBurst limit the messages of each seat (and
	// of each connection before it joins); 0 means the defaults, a
	// negative rate no limit (load tests).
	MessageRate  float64
	MessageBurst int
	// MaxConns and MaxConnsPerAddr cap the connections held at once;
	// more are closed as soon as they are accepted. 0: the defaults.
	MaxConns, MaxConnsPerAddr int
}

// Host serves one game to the machines of a LAN. It is the only
// authority: each connection receives only what its seat may see,
// computed by engine.ViewFor, engine.OutcomeFor (through
// session.Game.SeatOutcome) and session.HandsOf for that seat.
type Host struct {
	cfg  HostConfig
	g    *session.Game
	cert tls.Certificate
	fp   string
	log  *slog.Logger

	ln   net.Listener
	srv  *http.Server
	wg   sync.WaitGroup
	done chan struct{}

	// gmu serialises the uses of g (always taken before mu); mu guards
	// the host's state below. Orders only need mu to be queued, so they
	// keep arriving while a batch is being written (see commit).
	gmu        sync.Mutex
	mu         sync.Mutex
	queue      []queued
	committing bool
	codes      *codeBook
	shown      map[string]string // the codes as issued, by seat (for the host's screen)
	tokens     map[engine.Power]string
	conns      map[*conn]bool
	bySeat     map[string]*conn // power or "gm" -> its connection
	ready      map[engine.Power]bool
	phase      string        // the current step's key, "S1901M", "SU1901.muster@germany"
	title      string        // its display name, "Summer 1901 Muster (Germany)"
	acting     engine.Acting // who must and who may act in it (session.Game.WhoActs)
	deadline   time.Time
	timer      *time.Timer
	end        *engine.GameEnd // how the game ended; nil while it goes on
	closed     bool
	onPhase    []func(string)
	onDraw     []func(PendingDraw)
	draw       *PendingDraw // the roll the host waits for its person to enter, if any
	drawSeq    int          // counts the rolls awaited, for the callbacks
	onEvent    []func(Event)
	events     []Event            // the latest, for Events
	eventq     chan Event         // to the goroutine that calls onEvent
	buckets    map[string]*bucket // message rate, by seat key
	usage      map[string]*usage  // this phase's orders and press, by seat key
	lastPress  int64              // the newest press id in the save
	quiet      quieter            // refusals told once per address and interval
	// cur and pending cache the current phase and its orders between
	// adjudications (the host is the game's only writer): a batch of
	// orders then costs no re-reading of the save.
	cur     *session.PhaseState
	pending map[engine.Power][]engine.Order
}

// NewHost prepares a host for game g, which it then owns for play: the
// caller must not use g while the host runs. Seats without a seat token
// get a join code; observers get one code between them.
func NewHost(g *session.Game, cfg HostConfig) (*Host, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.CodeTTL == 0 {
		cfg.CodeTTL = DefaultTTL
	}
	if cfg.MessageRate == 0 {
		cfg.MessageRate = DefaultMessageRate
	}
	if cfg.MessageBurst <= 0 {
		cfg.MessageBurst = DefaultMessageBurst
	}
	if cfg.MaxConns <= 0 {
		cfg.MaxConns = DefaultMaxConns
	}
	if cfg.MaxConnsPerAddr <= 0 {
		cfg.MaxConnsPerAddr = DefaultMaxConnsAddr
	}
	if cfg.Name == "" {
		cfg.Name = strings.TrimSuffix(filepath.Base(g.Path()), filepath.Ext(g.Path()))
	}
	cfg.Rand = defaultRand(cfg.Rand)
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	var cert tls.Certificate
	if cfg.Cert != nil {
		cert = *cfg.Cert
	} else {
		var err error
		if cert, err = LoadOrCreateCert(cfg.CertDir); err != nil {
			return nil, err
		}
	}
	tokens, err := g.SeatTokens()
	if err != nil {
		return nil, err
	}
	cur, err := g.Current()
	if err != nil {
		return nil, err
	}
	lastPress, err := g.LastPressID()
	if err != nil {
		return nil, err
	}
	h := &Host{cfg: cfg, g: g, cert: cert, fp: Fingerprint(cert.Certificate[0]), log: log,
		done: make(chan struct{}), codes: newCodeBook(cfg.Rand, cfg.Now, cfg.CodeTTL), shown: map[string]string{},
		tokens: tokens, conns: map[*conn]bool{}, bySeat: map[string]*conn{}, ready: map[engine.Power]bool{},
		eventq: make(chan Event, 256), buckets: map[string]*bucket{},
		usage: map[string]*usage{}, lastPress: lastPress}
	h.enterStep(cur)
	if h.end, err = g.End(); err != nil {
		return nil, err
	}
	resume, err := enteringDice(g)
	if err != nil {
		return nil, err
	}
	for _, s := range h.seatNames() {
		if _, taken := tokens[engine.Power(s)]; !taken {
			if _, err := h.issueLocked(s); err != nil {
				return nil, err
			}
		}
	}
	if _, err := h.issueLocked(ObserverSeat); err != nil {
		return nil, err
	}
	h.startPhaseLocked()
	h.wg.Add(1)
	go h.eventLoop()
	// A step nobody acts in (the engine moves the Borg) is played at
	// once, even when the game was left in one; so is a step whose dice
	// the game master was entering when the host stopped: it asks for
	// the next roll (PendingDraw).
	h.gmu.Lock()
	h.mu.Lock()
	if resume {
		if err := h.adjudicateLocked("the game master was entering its dice"); err != nil && !errors.Is(err, errDrawAwaited) {
			h.log.Error("resuming the dice entered", "err", err)
		}
	}
	h.maybeAdjudicate()
	h.mu.Unlock()
	h.gmu.Unlock()
	return h, nil
}

// enteringDice reports whether the game master had begun entering the
// dice of the current step (values are waiting for it): its adjudication
// was under way.
func enteringDice(g *session.Game) (bool, error) {
	if !g.DiceEntered() {
		return false, nil
	}
	entered, err := g.EnteredDraws("")
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(entered, func(d engine.Draw) bool { return d.N != 0 }), nil
}

// enterStep makes cur the host's current step: its key, its display name
// and who acts in it, as the session says (session.Game.WhoActs, the one
// answer every front end asks; never "the powers with units").
func (h *Host) enterStep(cur session.PhaseState) {
	h.phase = cur.State.Phase.Key()
	h.title = StepTitle(h.g.Map(), cur.State.Phase)
	a, err := h.g.WhoActs(h.phase)
	if err != nil {
		// The step was just read or written: the engine's answer on it is
		// the same question asked without the save.
		h.log.Error("asking who acts", "phase", h.phase, "err", err)
		a = engine.WhoActs(cur.State, h.g.Variant().Rules)
	}
	h.acting = a
}

// StepTitle is a step's display name as a person reads it: "Spring 1901
// Movement", "Autumn 1901 Borg", "Summer 1901 Muster (Germany)", the
// acting power by its name on the map.
func StepTitle(m *engine.Map, ph engine.Phase) string { return m.StepName(ph) }

// KeyTitle is StepTitle of a step's key ("SU1901.muster@germany"), or
// the key itself when it does not read as one.
func KeyTitle(m *engine.Map, key string) string {
	ph, err := engine.ParsePhase(key)
	if err != nil || ph.Key() != key {
		return key
	}
	return StepTitle(m, ph)
}

// seatNames lists the game's seats: its powers, and "gm" when it has a
// game master's seat.
func (h *Host) seatNames() []string {
	var out []string
	for _, s := range h.g.Info().Seats {
		out = append(out, s.Power)
	}
	return out
}

// Listen starts serving on addr ("host:port"; ":0" picks a port).
func (h *Host) Listen(addr string) error {
	raw, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("lan: %w", err)
	}
	ln := newCapListener(raw, h.cfg.MaxConns, h.cfg.MaxConnsPerAddr, func(addr string) {
		h.event(Event{Kind: EventRefused, Addr: addr,
			Text: fmt.Sprintf("refused a connection from %s: too many connections (at most %d, %d from one address)", addr, h.cfg.MaxConns, h.cfg.MaxConnsPerAddr)})
	})
	h.ln = ln
	mux := http.NewServeMux()
	mux.HandleFunc(Path, h.serveWS)
	h.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:  slog.NewLogLogger(h.log.Handler(), slog.LevelDebug),
		TLSConfig: &tls.Config{Certificates: []tls.Certificate{h.cert}, MinVersion: tls.VersionTLS13}}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		if err := h.srv.ServeTLS(ln, "", ""); err != nil && !errors.Is(err, http.ErrServerClosed) {
			h.log.Error("lan host stopped", "err", err)
		}
	}()
	return nil
}

// Addr returns the address the host listens on.
func (h *Host) Addr() string {
	if h.ln == nil {
		return ""
	}
	return h.ln.Addr().String()
}

// DialAddrs returns the addresses a player may type to reach the host:
// its listening address when that names one interface, else one for each
// address of this machine's interfaces that are up, the LAN's before the
// machine's own loopback ("192.168.1.20:7878", "127.0.0.1:7878"); a
// listener on every interface reports "[::]:7878", which no player can
// type.
func (h *Host) DialAddrs() []string {
	if h.ln == nil {
		return nil
	}
	tcp, ok := h.ln.Addr().(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return []string{h.ln.Addr().String()}
	}
	port := strconv.Itoa(tcp.Port)
	var lanAddrs, local []string
	ifaces, _ := net.Interfaces()
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 {
			continue
		}
		addrs, _ := ifc.Addrs()
		for _, a := range addrs {
			ipn, ok := a.(*net.IPNet)
			if !ok || ipn.IP.IsLinkLocalUnicast() || ipn.IP.IsMulticast() {
				continue
			}
			hp := net.JoinHostPort(ipn.IP.String(), port)
			if ipn.IP.IsLoopback() {
				local = append(local, hp)
			} else {
				lanAddrs = append(lanAddrs, hp)
			}
		}
	}
	all := append(lanAddrs, local...)
	if len(all) == 0 {
		return []string{net.JoinHostPort("127.0.0.1", port)}
	}
	return all
}

// Fingerprint returns the host certificate's fingerprint, for players to
// compare with what their client pins.
func (h *Host) Fingerprint() string { return h.fp }

// Codes returns the live join codes by seat (powers, "gm", "observer"),
// as pairing codes: the join code and four letters made from it and the
// certificate's fingerprint, "ABCD-EFGH-JKMN", with which the joining
// DipDesk checks it reached this host before it sends the code
// (docs/lan-protocol.md, "Trust").
func (h *Host) Codes() map[string]string {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := map[string]string{}
	for s, c := range h.shown {
		if h.codes.has(s) {
			out[s] = PairingCode(c, h.fp)
		}
	}
	return out
}

// NewCode issues a new join code for seat (returned as a pairing code,
// see Codes), for a player who lost their machine or a code burnt by
// wrong guesses: the seat's token stops working and its connection is
// closed.
func (h *Host) NewCode(seat string) (string, error) {
	h.gmu.Lock()
	defer h.gmu.Unlock()
	h.mu.Lock()
	defer h.mu.Unlock()
	if seat != ObserverSeat && !h.isSeat(seat) {
		return "", fmt.Errorf("lan: no seat %q in this game", seat)
	}
	if seat != ObserverSeat {
		if _, ok := h.tokens[engine.Power(seat)]; ok {
			var err error
			h.unlocked(func() { err = h.g.SetSeatToken(engine.Power(seat), "") })
			if err != nil {
				return "", err
			}
			delete(h.tokens, engine.Power(seat))
		}
		if c := h.bySeat[seat]; c != nil {
			c.fail(0, CodeReplaced, "the host gave this seat a new join code")
		}
	}
	c, err := h.issueLocked(seat)
	if err != nil {
		return "", err
	}
	return PairingCode(c, h.fp), nil
}

func (h *Host) issueLocked(seat string) (string, error) {
	c, err := h.codes.issue(seat)
	if err == nil {
		h.shown[seat] = c
	}
	return c, err
}

func (h *Host) isSeat(s string) bool {
	for _, n := range h.seatNames() {
		if n == s {
			return true
		}
	}
	return false
}

// Winner returns the sole winner of the game, or "" while it goes on
// or when it ended otherwise (End says how).
func (h *Host) Winner() engine.Power {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.end != nil && len(h.end.Winners) == 1 && !h.end.Draw {
		return h.end.Winners[0]
	}
	return ""
}

// End returns how the game ended (its winners, a draw, points), or nil
// while it goes on.
func (h *Host) End() *engine.GameEnd {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.end == nil {
		return nil
	}
	e := *h.end
	e.Winners = slices.Clone(e.Winners)
	e.Points = maps.Clone(e.Points)
	return &e
}

// Step is the current step as the host's person (the game master) sees
// it: its key and display name, who must act and who may (the session's
// WhoActs), who is ready, and whether the game master must act.
type Step struct {
	Phase, Title string
	Must, May    []engine.Power
	Ready        []engine.Power
	Submitted    []engine.Power // the seats whose orders the host holds for the step
	GM           bool
}

// Step returns the current step and who acts in it.
func (h *Host) Step() Step {
	h.mu.Lock()
	defer h.mu.Unlock()
	st := Step{Phase: h.phase, Title: h.title, Must: slices.Clone(h.acting.Must), May: slices.Clone(h.acting.May), GM: h.acting.GM}
	loaded := h.loadCurrent() == nil
	for _, p := range h.g.Map().PowerIDs() {
		if h.ready[p] {
			st.Ready = append(st.Ready, p)
		}
		if loaded && len(h.pending[p]) > 0 {
			st.Submitted = append(st.Submitted, p)
		}
	}
	return st
}

// Info returns what anyone may know of the game: its name, variant,
// phase and seats (the LAN advertisement carries it).
func (h *Host) Info() GameInfo {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.infoLocked()
}

func (h *Host) infoLocked() GameInfo {
	gi := GameInfo{Name: h.cfg.Name, Variant: h.g.Variant().ID, Phase: h.phase, Title: h.title}
	for _, s := range h.seatNames() {
		si := SeatInfo{Power: s, Name: "Game master", Connected: h.bySeat[s] != nil}
		if pi, ok := h.g.Map().Power(engine.Power(s)); ok {
			si.Name, si.Role = pi.Name, pi.Role
		}
		_, taken := h.tokens[engine.Power(s)]
		si.Free = !taken
		gi.Seats = append(gi.Seats, si)
	}
	return gi
}

// OnPhase registers f to be called (under no lock, from the host's
// goroutine) with the name of each new current phase.
func (h *Host) OnPhase(f func(phase string)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.onPhase = append(h.onPhase, f)
}

// Adjudicate adjudicates the current phase now, with the orders in (the
// host's or game master's command). In a game whose dice are entered it
// may stop at a roll to enter (PendingDraw, OnDraw): that is no error.
func (h *Host) Adjudicate() error {
	h.gmu.Lock()
	defer h.gmu.Unlock()
	h.flush()
	h.mu.Lock()
	before := h.markLocked()
	err := h.adjudicateLocked("the host")
	switch {
	case errors.Is(err, errDrawAwaited):
		err = nil
	case err == nil:
		h.maybeAdjudicate() // a following phase with nothing due
	}
	n := h.noticeLocked(before)
	h.mu.Unlock()
	n.send()
	return err
}

// Close ends every connection and stops the host; the game stays open
// for the caller to close.
func (h *Host) Close() error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	close(h.done)
	if h.timer != nil {
		h.timer.Stop()
	}
	conns := make([]*conn, 0, len(h.conns))
	for c := range h.conns {
		conns = append(conns, c)
	}
	h.mu.Unlock()
	for _, c := range conns {
		c.ws.Close(websocket.StatusGoingAway, "the host is closing")
	}
	var err error
	if h.srv != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		err = h.srv.Shutdown(ctx)
		cancel()
	}
	h.wg.Wait()
	return err
}

// serveWS upgrades a request and runs the connection.
func (h *Host) serveWS(w http.ResponseWriter, r *http.Request) {
	ws, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	ws.SetReadLimit(readLimit)
	addr, _, _ := net.SplitHostPort(r.RemoteAddr)
	c := &conn{h: h, ws: ws, addr: addr, out: make(chan outMsg, outQueue), gone: make(chan struct{})}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		ws.Close(websocket.StatusGoingAway, "the host is closing")
		return
	}
	h.conns[c] = true
	c.sendV(helloVersion, TypeHello, 0, Hello{Protocol: Version, Game: h.infoLocked()})
	h.mu.Unlock()
	// A connection that does not join in time is closed.
	joinTimer := time.AfterFunc(JoinTimeout, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if !c.joined {
			c.fail(0, CodeNotJoined, "no join in time; the connection ends")
			c.closeOut()
		}
	})
	defer joinTimer.Stop()
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		c.writeLoop()
	}()
	c.readLoop(r.Context())
	h.drop(c)
}

// drop forgets a connection that ended.
func (h *Host) drop(c *conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.conns, c)
	if c.joined && h.bySeat[c.key] == c {
		delete(h.bySeat, c.key)
	}
	c.closeOut()
}

// seatKey names a seat in bySeat and in messages.
func seatKey(s engine.Seat) string {
	switch {
	case s.GM:
		return "gm"
	case s.Power == "":
		return ObserverSeat
	}
	return string(s.Power)
}

// sortedPowers returns the powers set in m, sorted.
func sortedPowers(m map[engine.Power]bool) []string {
	var out []string
	for p, ok := range m {
		if ok {
			out = append(out, string(p))
		}
	}
	sort.Strings(out)
	return out
}
