// Package session is the one service every front end goes through: the
// command line, the desktop window and the LAN host create games, submit
// orders, adjudicate, roll back, edit and read views here, and the
// session keeps the save file (app/store) in step with the engine.
package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"dipdesk/app/store"
	"dipdesk/engine"
	"dipdesk/variants"
)

// Errors callers may test with errors.Is.
var (
	ErrReadOnly   = errors.New("session: the game is open read-only")
	ErrNoPhase    = errors.New("session: no such phase")
	ErrNotAllowed = errors.New("session: not allowed")
)

// Game is an open game: its save file, its variant and board.
type Game struct {
	file     *store.File
	variant  *engine.Variant
	m        *engine.Map
	parser   *engine.Parser
	readOnly bool
	now      func() time.Time
}

// Options configure a new game.
type Options struct {
	Variant string            // variant id, default "standard"
	Seed    uint64            // random seed; recorded in the file
	Options map[string]string // the variant's options, and the session's: OptionDice
	Seats   []store.Seat      // who plays; empty means one seat per power
	Now     func() time.Time  // clock for timestamps; default time.Now
}

// Create makes a new game file at path in the variant's first phase.
func Create(path string, o Options) (*Game, error) {
	if o.Variant == "" {
		o.Variant = "standard"
	}
	v, ok := variants.Lookup(o.Variant)
	if !ok {
		return nil, fmt.Errorf("session: unknown variant %q", o.Variant)
	}
	return CreateWith(path, v, o)
}

// CreateWith makes a new game file at path for variant v, which need not
// be registered in variants.All (a variant under construction, a test's
// own rules). o.Variant is ignored. Such a game can be played through the
// returned Game; reopening its file needs the variant registered.
func CreateWith(path string, v *engine.Variant, o Options) (*Game, error) {
	m, err := v.Map()
	if err != nil {
		return nil, err
	}
	now := o.Now
	if now == nil {
		now = time.Now
	}
	seats := o.Seats
	for _, st := range seats {
		if _, ok := m.Power(engine.Power(st.Power)); !ok && st.Power != "gm" {
			return nil, fmt.Errorf("session: seat for unknown power %q", st.Power)
		}
	}
	if len(seats) == 0 {
		for _, p := range m.Powers {
			seats = append(seats, store.Seat{Power: string(p.ID)})
		}
	}
	if err := checkDice(o.Options[OptionDice]); err != nil {
		return nil, err
	}
	// The variant's setup (a deal of cards, say) draws from its own
	// stream of the game's seed, apart from the phases' streams
	// (phaseRand), so it replays exactly. The session's own options
	// (dice) are not the variant's.
	s, err := v.NewGame(m, variantOptions(o.Options), engine.NewRand(o.Seed^setupStream))
	if err != nil {
		return nil, err
	}
	state, err := engine.MarshalState(s)
	if err != nil {
		return nil, err
	}
	meta := store.Game{Variant: v.ID, Options: o.Options, Seed: o.Seed, Created: now().UTC(), Seats: seats}
	f, err := store.Create(path, meta, store.Phase{Name: s.Phase.Key(), State: state, Created: now().UTC()})
	if err != nil {
		return nil, err
	}
	return &Game{file: f, variant: v, m: m, parser: v.Parser(m), now: now}, nil
}

// Open opens a game for play (exclusive: another process gets an error).
func Open(path string) (*Game, error) { return open(path, false) }

// OpenReadOnly opens a game for review; nothing can change it.
func OpenReadOnly(path string) (*Game, error) { return open(path, true) }

func open(path string, readOnly bool) (*Game, error) {
	var f *store.File
	var err error
	if readOnly {
		f, err = store.OpenReadOnly(path)
	} else {
		f, err = store.Open(path)
	}
	if err != nil {
		return nil, err
	}
	v, ok := variants.Lookup(f.Game().Variant)
	if !ok {
		f.Close()
		return nil, fmt.Errorf("session: %s: variant %q is not known to this DipDesk", path, f.Game().Variant)
	}
	m, err := v.Map()
	if err != nil {
		f.Close()
		return nil, err
	}
	g := &Game{file: f, variant: v, m: m, parser: v.Parser(m), readOnly: readOnly, now: time.Now}
	if err := g.checkOpen(); err != nil {
		f.Close()
		return nil, err
	}
	return g, nil
}

// Close closes the save file.
func (g *Game) Close() error { return g.file.Close() }

// Path returns the save file's path.
func (g *Game) Path() string { return g.file.Path() }

// Variant returns the game's variant.
func (g *Game) Variant() *engine.Variant { return g.variant }

// Map returns the game's board.
func (g *Game) Map() *engine.Map { return g.m }

// Info returns the game's settings.
func (g *Game) Info() store.Game { return g.file.Game() }

// PhaseState is one phase of the game with its position decoded.
type PhaseState struct {
	Phase store.Phase
	State *engine.State
}

// decode reads the position of phase row p and checks it (checkState):
// a position no game can reach is refused, naming the row and why.
func (g *Game) decode(p store.Phase) (PhaseState, error) {
	s, err := engine.UnmarshalStateExtra(g.m, p.State, g.variant.DecodeExtra)
	if err != nil {
		return PhaseState{}, g.damaged("phases", p.ID, p.Name, err.Error())
	}
	if why := g.checkState(p, s); why != "" {
		return PhaseState{}, g.damaged("phases", p.ID, p.Name, why)
	}
	return PhaseState{Phase: p, State: s}, nil
}

// Current returns the phase being played.
func (g *Game) Current() (PhaseState, error) {
	p, err := g.file.Current()
	if err != nil {
		return PhaseState{}, err
	}
	return g.decode(p)
}

// Phase returns the phase of key name on the line of play ("S1901M",
// "SU1901.muster@germany", "AU1901.borg", or the standard phases in
// words: "Spring 1901 Movement"): the one live phase of that key; "" is
// the current phase.
func (g *Game) Phase(name string) (PhaseState, error) {
	if name == "" {
		return g.Current()
	}
	ph, err := engine.ParsePhase(name)
	if err != nil {
		return PhaseState{}, err
	}
	p, err := g.file.PhaseByKey(ph.Key())
	if err != nil {
		return PhaseState{}, fmt.Errorf("%w %s in %s (%v)", ErrNoPhase, ph.Key(), g.Path(), err)
	}
	return g.decode(p)
}

// History returns the phases in the order they were created; with
// abandoned set, also those of branches abandoned by rollbacks.
func (g *Game) History(abandoned bool) ([]store.Phase, error) { return g.file.Phases(abandoned) }

// Audit returns the file's audit log.
func (g *Game) Audit() ([]store.AuditEntry, error) { return g.file.Audit() }

// AuditNote is an audit entry's detail in words: its note when the
// detail is a record (an edit's, with the position before it), else its
// first line.
func AuditNote(detail string) string {
	var rec struct {
		Note string `json:"note"`
	}
	if strings.HasPrefix(detail, "{") && json.Unmarshal([]byte(detail), &rec) == nil && rec.Note != "" {
		return rec.Note
	}
	detail, _, _ = strings.Cut(detail, "\n")
	return detail
}

func (g *Game) writable() error {
	if g.readOnly {
		return ErrReadOnly
	}
	return nil
}

// SubmitOrders reads the orders a power sent (one or more per line) and
// stores the good ones as that power's orders for phase, which must be
// the current phase ("S1901M"; else ErrStalePhase and nothing changes),
// replacing any it sent before. A power that WhoActs says may not act in
// the phase is refused (ErrNotActing), and so is any order once the game
// has ended (ErrGameOver). Each bad line is returned as an error
// naming the line; the good orders are kept. A submission in which no
// line could be read (ErrNothingRead) or that holds more than
// MaxSubmission orders (ErrTooManyOrders) is refused whole: the power's
// earlier orders stay. An empty text clears the power's orders.
func (g *Game) SubmitOrders(phase string, power engine.Power, text string) ([]engine.Order, []error, error) {
	cur, err := g.expect(phase)
	if err != nil {
		return nil, nil, err
	}
	acting, err := g.playable(cur)
	if err != nil {
		return nil, nil, err
	}
	if skip, err := g.mayAct(cur, acting, power, text); skip || err != nil {
		return nil, nil, err
	}
	good, rows, errs, err := g.parseSubmission(power, text)
	if err != nil {
		return nil, errs, err
	}
	if err := g.file.SubmitOrders(cur.ID, string(power), rows); err != nil {
		return nil, nil, g.staleFromStore(phase, err)
	}
	return good, errs, nil
}

// playable returns who acts in the current phase p, or ErrGameOver.
func (g *Game) playable(p store.Phase) (engine.Acting, error) {
	if err := g.notOver(); err != nil {
		return engine.Acting{}, err
	}
	ps, err := g.decode(p)
	if err != nil {
		return engine.Acting{}, err
	}
	return g.acting(ps.State), nil
}

// mayAct refuses the orders text of a seat that may not act in phase p
// (a seat's order, a Jester's jest, is the seat's like any other). An
// empty text from such a seat says it has nothing to order, which is
// true: skip is set and nothing is stored (unless it has orders stored,
// which the empty text then clears).
func (g *Game) mayAct(p store.Phase, a engine.Acting, power engine.Power, text string) (skip bool, err error) {
	if _, ok := g.m.Power(power); !ok {
		return false, fmt.Errorf("session: unknown power %q", power)
	}
	if a.Allows(power) {
		return false, nil
	}
	if strings.TrimSpace(text) == "" {
		rows, err := g.file.Orders(p.ID, true)
		if err != nil {
			return false, err
		}
		return !slices.ContainsFunc(rows, func(o store.Order) bool { return o.Power == string(power) }), nil
	}
	return false, fmt.Errorf("%w: %s gives no orders in %s (%s); nothing was stored", ErrNotActing, g.m.PowerName(power), p.Name, g.ActingWords(a))
}

// ActingWords says who acts in words: "France and Germany must act;
// the Jester may", "nobody acts: the engine plays it".
func (g *Game) ActingWords(a engine.Acting) string {
	names := func(ps []engine.Power) string {
		out := make([]string, len(ps))
		for i, p := range ps {
			out[i] = g.m.PowerName(p)
		}
		return joinAnd(out)
	}
	var parts []string
	if len(a.Must) > 0 {
		parts = append(parts, names(a.Must)+" must act")
	}
	if a.GM {
		parts = append(parts, "the game master must act")
	}
	if len(a.May) > 0 {
		parts = append(parts, names(a.May)+" may")
	}
	if len(parts) == 0 {
		return "nobody acts: the engine plays it"
	}
	return strings.Join(parts, "; ")
}

// MaxSubmission is the most orders one submission may hold: far above
// what any power can give (34 units, each with one order and a card's
// special order), low enough that a hostile seat cannot grow the save by
// megabytes a message.
const MaxSubmission = 100

// Errors of a submission refused whole (nothing stored).
var (
	ErrNothingRead   = errors.New("session: no order could be read; the earlier orders are kept")
	ErrTooManyOrders = fmt.Errorf("session: more than %d orders in one submission; nothing was stored", MaxSubmission)
)

// parseSubmission reads the orders a power sent into the orders to keep,
// their rows for the store, and an error per bad line; a submission to
// refuse whole is ErrNothingRead or ErrTooManyOrders (with the bad lines).
func (g *Game) parseSubmission(power engine.Power, text string) ([]engine.Order, []store.Order, []error, error) {
	if _, ok := g.m.Power(power); !ok {
		return nil, nil, nil, fmt.Errorf("session: unknown power %q", power)
	}
	orders, errs := g.parser.ParseOrders(power, text)
	var good []engine.Order
	var rows []store.Order
	for _, o := range orders {
		if o.Power != power {
			errs = append(errs, fmt.Errorf("%q: orders for %s must be sent as %s's orders", o.Text, g.m.PowerName(o.Power), g.m.PowerName(o.Power)))
			continue
		}
		parsed, err := json.Marshal(o.Record(g.m))
		if err != nil {
			return nil, nil, nil, err
		}
		good = append(good, o)
		rows = append(rows, store.Order{Power: string(power), Typed: o.Text, Parsed: parsed,
			Canonical: o.Format(g.m), Submitted: g.now().UTC()})
	}
	switch {
	case len(good) > MaxSubmission:
		return nil, nil, errs, ErrTooManyOrders
	case len(good) == 0 && len(errs) > 0:
		// What the player sent was not understood at all: keeping the
		// orders they had is the only answer that loses nothing.
		return nil, nil, errs, ErrNothingRead
	}
	return good, rows, errs, nil
}

// Orders returns the current orders of phase p (all powers).
func (g *Game) Orders(p store.Phase) ([]engine.Order, error) {
	rows, err := g.file.Orders(p.ID, true)
	if err != nil {
		return nil, err
	}
	out := make([]engine.Order, 0, len(rows))
	for _, r := range rows {
		var rec engine.OrderRecord
		if err := json.Unmarshal(r.Parsed, &rec); err != nil {
			return nil, g.damaged("orders", r.ID, r.Typed, "the parsed order: "+err.Error())
		}
		if err := g.checkOrder(r, rec); err != nil {
			return nil, err
		}
		o, err := rec.Order(g.m)
		if err != nil {
			return nil, g.damaged("orders", r.ID, r.Typed, err.Error())
		}
		out = append(out, o)
	}
	return out, nil
}

// Results returns the stored results of an adjudicated phase: the game
// master's record. What a seat may read of them is SeatOutcome's.
func (g *Game) Results(p store.Phase) ([]store.Result, error) { return g.file.Results(p.ID) }

// Draws returns the random draws made when p was adjudicated.
func (g *Game) Draws(p store.Phase) ([]store.Draw, error) { return g.file.Draws(p.ID) }

// setupStream separates the setup's random stream from the phases'.
const setupStream = 0x5e7a9d3c1b0f4e21

// phaseRand is the seeded source for adjudicating phase number seq: one
// stream per phase, so any phase replays on its own.
func (g *Game) phaseRand(seq int) *engine.Rand {
	return engine.NewRand(g.file.Game().Seed + uint64(seq)*0x9e3779b97f4a7c15)
}

// Process adjudicates phase, which must be the current phase ("S1901M",
// "SU1901.muster@germany", any key; else ErrStalePhase and nothing
// changes), with the orders stored for it and stores the results, the
// draws, the game's end if it ended, and the next phase in one
// transaction. Stating the phase is what keeps two adjudications, by two
// processes or two windows, from both running: the second one names a
// phase that is no longer current.
//
// When the game's dice are entered (DiceEntered), the values a game
// master entered are played and a die or pick nobody entered stops it
// with an error wrapping *engine.NeedDraw (errors.As), having changed
// nothing: EnterDraw stores the value and Process runs again. Once the
// game has ended it is refused (ErrGameOver).
func (g *Game) Process(phase string) (*engine.Outcome, PhaseState, error) {
	p, err := g.expect(phase)
	if err != nil {
		return nil, PhaseState{}, err
	}
	if err := g.notOver(); err != nil {
		return nil, PhaseState{}, err
	}
	cur, err := g.decode(p)
	if err != nil {
		return nil, PhaseState{}, err
	}
	out, made, err := g.adjudicate(cur)
	if err != nil {
		return nil, PhaseState{}, err
	}
	next, err := engine.MarshalState(out.Next)
	if err != nil {
		return nil, PhaseState{}, err
	}
	end, err := marshalEnd(out.End)
	if err != nil {
		return nil, PhaseState{}, err
	}
	draws := make([]store.Draw, len(made))
	for i, d := range made {
		draws[i] = store.Draw{Index: i, Why: d.Why, N: d.N, Value: d.Value, Kind: d.Kind.String(), Entered: d.Entered}
	}
	np, err := g.file.AdjudicatedWith(cur.Phase.ID, store.Adjudication{Results: storedResults(g.m, out), Draws: draws, End: end,
		Next: store.Phase{Name: out.Next.Phase.Key(), State: next, Created: g.now().UTC()}})
	if err != nil {
		return nil, PhaseState{}, g.staleFromStore(phase, err)
	}
	return out, PhaseState{Phase: np, State: out.Next}, nil
}

// storedResults are an outcome's results as the file keeps them: one row
// per order's result, then one per event.
func storedResults(m *engine.Map, out *engine.Outcome) []store.Result {
	var results []store.Result
	for i, r := range out.Results {
		results = append(results, store.Result{Index: i, Power: string(r.Order.Power), Order: r.Order.Format(m),
			OK: r.OK, Code: r.Code.String(), Reason: r.Reason})
	}
	for _, e := range out.Events {
		results = append(results, store.Result{Index: len(results), Order: "", OK: true, Code: "event", Reason: e})
	}
	return results
}

// Rollback returns the game to phase name (on the line of play): later
// phases are kept in the file as an abandoned branch, and the orders that
// phase had are carried over so the game master can correct and process
// again.
func (g *Game) Rollback(name, reason string) (PhaseState, error) {
	if err := g.writable(); err != nil {
		return PhaseState{}, err
	}
	target, err := g.Phase(name)
	if err != nil {
		return PhaseState{}, err
	}
	p, err := g.file.Rollback(target.Phase.ID, reason)
	if err != nil {
		return PhaseState{}, err
	}
	return g.decode(p)
}

// View returns what seat may see of phase name ("" for the current one).
func (g *Game) View(seat engine.Seat, name string) (engine.View, error) {
	ps, err := g.Phase(name)
	if err != nil {
		return engine.View{}, err
	}
	var pending []engine.Order
	if !ps.Phase.Adjudicated {
		if pending, err = g.Orders(ps.Phase); err != nil {
			return engine.View{}, err
		}
	}
	return engine.ViewFor(ps.State, pending, seat, g.variant.Rules), nil
}

// WhoActs says who must act and who may in phase name ("" the current
// one): the variant's answer (engine.WhoActs), the one every front end
// asks (the LAN host's wait, the curtain, the game master's list, show).
func (g *Game) WhoActs(name string) (engine.Acting, error) {
	ps, err := g.Phase(name)
	if err != nil {
		return engine.Acting{}, err
	}
	return g.acting(ps.State), nil
}

// acting is WhoActs for position s: the variant's answer.
func (g *Game) acting(s *engine.State) engine.Acting {
	return engine.WhoActs(s, g.variant.Rules)
}

// ParseSeat reads "gm", "public" or a power's name.
func (g *Game) ParseSeat(s string) (engine.Seat, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "gm", "master", "game master":
		return engine.Seat{GM: true}, nil
	case "", "public", "all":
		return engine.Seat{}, nil
	}
	p, ok := g.m.LookupPower(s)
	if !ok {
		return engine.Seat{}, fmt.Errorf("session: no seat %q (say gm, public or a power)", s)
	}
	return engine.Seat{Power: p}, nil
}

// Replay adjudicates an adjudicated phase again from its stored
// position, orders and draws: it reads the draws the file stores (dice a
// game master entered among them) and never rolls, so it gives exactly
// the outcome that was stored; it lets a screen or a board image show the
// results with the engine's own types. A stored draw that no longer fits
// the rules fails it with the engine's *engine.DrawError (errors.As), and
// so does a phase that makes more or fewer draws than stored, with an
// error saying so.
func (g *Game) Replay(ps PhaseState) (*engine.Outcome, error) {
	if !ps.Phase.Adjudicated {
		return nil, fmt.Errorf("session: %s: %s is not adjudicated yet", g.Path(), ps.Phase.Name)
	}
	out, _, err := g.adjudicate(ps)
	return out, err
}

// SeatOutcome returns what seat may know of the adjudication of ps: the
// replayed outcome cut down by engine.OutcomeFor, so the variant's
// ConcealOutcome applies (Davis #11: a hypnotist reported as holding to
// everyone but its owner and the game master) and the next position is
// the seat's view. Every screen, report and file showing results to a
// seat goes through here, never through the stored results.
func (g *Game) SeatOutcome(ps PhaseState, seat engine.Seat) (*engine.Outcome, error) {
	out, err := g.Replay(ps)
	if err != nil {
		return nil, err
	}
	return engine.OutcomeFor(ps.State, out, seat, g.variant.Rules), nil
}
