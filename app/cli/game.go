package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"dipdesk/app/session"
	"dipdesk/app/store"
	"dipdesk/engine"
	"dipdesk/variants"
)

// gameCommands are the game master's tools on a save file.
func gameCommands() []command {
	return []command{
		{"new", "new [--variant id] [--option NAME=VALUE] [--seat SEAT[=PLAYER][:PIN]] [--seed N] --out FILE", "create a new game file (--option dice=entered: a game master rolls real dice and enters them)", runNew},
		{"orders", "orders FILE --phase S1901M --power SEAT [TEXT-FILE|-]", "enter the orders a seat (a power, or a role such as a Jester) sent for the phase (replaces its earlier ones)", runOrders},
		{"process", "process FILE --phase S1901M [--dice 3,5,1]", "adjudicate the phase, which must be the current one; with entered dice, ask for each roll in order (or take them from --dice)", runProcess},
		{"show", "show FILE [--phase F1902M] [--as gm|public|SEAT]", "show a phase's position, who must act and who may, and the orders the seat may see", runShow},
		{"history", "history FILE [--all]", "list the phases played (--all: with abandoned branches and the audit log)", runHistory},
		{"report", "report FILE [--phase P] [--for gm|public|POWER] [--cards [--markdown]]", "write the report of a phase for mailing or a zine; --cards: the private Winter form of assigned character cards", runReport},
		{"rollback", "rollback FILE --to PHASE [--reason TEXT]", "return to an earlier phase; later ones are kept as an abandoned branch", runRollback},
		{"edit", "edit FILE [--phase P] add SEAT|none A|F|PIECE PROV [CARD] | remove PROV [SEAT] [PIECE] | move FROM TO [SEAT] [PIECE] | owner CENTRE SEAT|none | card POWER UNIT CARD", "correct the current position as game master", runEdit},
		{"standby", "standby FILE --power P [--player NAME] [--pin] [--out BRIEF.txt]", "hand a power's seat to a standby player: new name and PIN, its LAN token revoked, and the brief of every unit it controls with its card", runStandby},
		{"render", "render FILE --out board.png [--width 1600] [--no-orders] [--phase P] [--as SEAT]", "draw a case file's position or a saved game's phase, with orders and results, as a PNG", runRender},
	}
}

// splitArgs separates the FILE argument from flags written before or
// after it, so "orders game.dipdesk --power france" and "orders --power
// france game.dipdesk" both work.
func splitArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) > 0 {
			rest = append(rest, args[0])
			args = args[1:]
		}
	}
	return rest, nil
}

func (c *CLI) fail(cmd string, err error) int {
	// The command names itself once: "edit: no unit in Bohemia", not
	// "edit: session: edit: no unit in Bohemia".
	msg := strings.TrimPrefix(err.Error(), "session: ")
	msg = strings.TrimPrefix(msg, cmd+": ")
	fmt.Fprintf(c.Stderr, "%s: %s\n", cmd, msg)
	return 1
}

func runNew(c *CLI, args []string) int {
	fs := newFlags(c, "new")
	variant := fs.String("variant", "standard", "variant id (see dipdesk variants)")
	seed := fs.Uint64("seed", 0, "random seed (recorded; 0 picks one from the clock)")
	out := fs.String("out", "", "the game file to create")
	var seats seatFlags
	fs.Var(&seats, "seat", "a seat: a power, a role or gm, SEAT[=PLAYER][:PIN] (repeat; the powers and roles not named get a seat of their own, no player or PIN; gm alone: the game master's game, one seat)")
	options := optionFlags{}
	fs.Var(options, "option", "a game option NAME=VALUE (repeat): dice=entered (a game master rolls real dice), or the variant's, e.g. add_cards=X5,X8 for Character Diplomacy")
	rest, err := splitArgs(fs, args)
	if err != nil {
		return 2
	}
	if *out == "" && len(rest) == 1 {
		*out = rest[0]
	}
	if *out == "" {
		fmt.Fprintln(c.Stderr, "usage: dipdesk new [--variant id] [--option NAME=VALUE] [--seat SEAT[=PLAYER][:PIN]] [--seed N] --out FILE")
		return 2
	}
	if err := options.check(*variant); err != nil {
		return c.fail("new", err)
	}
	picked := *seed == 0
	if picked {
		*seed = c.seed()
	}
	seats, err = everySeat(*variant, seats)
	if err != nil {
		return c.fail("new", err)
	}
	g, err := session.Create(*out, session.Options{Variant: *variant, Seed: *seed, Seats: seats, Options: options.orNil()})
	if err != nil {
		return c.fail("new", err)
	}
	defer g.Close()
	cur, err := g.Current()
	if err != nil {
		return c.fail("new", err)
	}
	if picked && hotSeat(seats) {
		// The seed alone recreates the deal and every draw: players at a
		// shared screen must not see it (the game master reads it from
		// the file, see docs/save-format.md).
		fmt.Fprintf(c.Stdout, "created %s: %s, %s (%s) (the seed is kept in the file, not shown: players share this screen)\n", *out, g.Variant().Name, cur.State.Phase, cur.State.Phase.Key())
		return 0
	}
	// The step's key is what --phase takes next.
	fmt.Fprintf(c.Stdout, "created %s: %s, seed %d, %s (%s)\n", *out, g.Variant().Name, *seed, cur.State.Phase, cur.State.Phase.Key())
	if g.DiceEntered() {
		fmt.Fprintln(c.Stdout, "the dice are entered: \"dipdesk process\" asks the game master for each roll")
	}
	return 0
}

// everySeat completes the seats named with --seat: naming a player or a
// PIN for some powers gives every other power (and role) of the variant
// its seat too, with no player or PIN; a game where only some powers sit
// would wait at a LAN host for orders nobody can send. The game master's
// seat alone (--seat gm) is the game master's game, one seat.
func everySeat(variant string, seats []store.Seat) ([]store.Seat, error) {
	if len(seats) == 0 || (len(seats) == 1 && seats[0].Power == "gm") {
		return seats, nil
	}
	v, ok := variants.Lookup(variant)
	if !ok {
		return seats, nil // session.Create names the unknown variant
	}
	m, err := v.Map()
	if err != nil {
		return nil, err
	}
	named := map[string]bool{}
	for _, s := range seats {
		named[s.Power] = true
	}
	for _, p := range m.Powers {
		if !named[string(p.ID)] {
			seats = append(seats, store.Seat{Power: string(p.ID)})
		}
	}
	return seats, nil
}

// hotSeat reports whether seats are those of players sharing one screen:
// some seat has a PIN, and there is no game master's seat.
func hotSeat(seats []store.Seat) bool {
	pins := false
	for _, s := range seats {
		if s.Power == "gm" {
			return false
		}
		pins = pins || s.PinHash != ""
	}
	return pins
}

// phaseFlag is the --phase flag of the commands that change the current
// phase: they state the phase they mean, and are refused if the game has
// moved on (two "process" runs never adjudicate two phases).
func phaseFlag(fs *flag.FlagSet, what string) *string {
	return fs.String("phase", "", "the phase "+what+", by its key (S1901M, SU1901.muster@germany, AU1901.borg); refused if it is not the current phase")
}

// needPhase says which phase to state when none was: the current one.
func (c *CLI) needPhase(cmd, file, what string) int {
	cur := "the current phase (dipdesk show " + file + ")"
	if g, err := session.OpenReadOnly(file); err == nil {
		if ps, err := g.Current(); err == nil {
			cur = ps.Phase.Name + ", the current phase"
		}
		g.Close()
	}
	fmt.Fprintf(c.Stderr, "%s: say which phase %s: --phase %s\n", cmd, what, cur)
	return 2
}

func runOrders(c *CLI, args []string) int {
	fs := newFlags(c, "orders")
	power := fs.String("power", "", "the seat whose orders these are: a power, or a role (jester)")
	phase := phaseFlag(fs, "the orders are for")
	rest, err := splitArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) < 1 || len(rest) > 2 || *power == "" {
		fmt.Fprintln(c.Stderr, "usage: dipdesk orders FILE --phase S1901M --power SEAT [TEXT-FILE|-]")
		return 2
	}
	if *phase == "" {
		return c.needPhase("orders", rest[0], "the orders are for")
	}
	src := "-"
	if len(rest) == 2 {
		src = rest[1]
	}
	r, err := openArg(c, src)
	if err != nil {
		return c.fail("orders", err)
	}
	name := src
	if src == "-" {
		name = "standard input"
	}
	text, err := readOrdersText(r, name, maxOrdersFile)
	r.Close()
	if err != nil {
		return c.fail("orders", err)
	}
	g, err := session.Open(rest[0])
	if err != nil {
		return c.fail("orders", err)
	}
	defer g.Close()
	p, ok := g.Map().LookupPower(*power)
	if !ok {
		return c.fail("orders", fmt.Errorf("no seat %q in this game (its seats: %s)", *power, seatList(g.Map())))
	}
	good, errs, err := g.SubmitOrders(*phase, p, text)
	for _, e := range errs {
		fmt.Fprintf(c.Stderr, "orders: %v\n", e)
	}
	if err != nil {
		return c.fail("orders", err)
	}
	fmt.Fprintf(c.Stdout, "%s: %d order%s stored for %s", g.Map().PowerName(p), len(good), plural(len(good)), *phase)
	if len(errs) > 0 {
		fmt.Fprintf(c.Stdout, ", %d line%s not understood (see above)", len(errs), plural(len(errs)))
	}
	fmt.Fprintln(c.Stdout)
	for _, o := range good {
		fmt.Fprintf(c.Stdout, "  %s\n", o.Format(g.Map()))
	}
	c.warnImpossible(g, *phase, p, text)
	if entered, err := g.EnteredDraws(*phase); err == nil && len(entered) > 0 {
		// The values belong to the orders they were entered with: new
		// orders that change what is rolled make process refuse them.
		was := "were"
		if len(entered) == 1 {
			was = "was"
		}
		fmt.Fprintf(c.Stderr, "orders: note: %d value%s of the dice of %s %s already entered; if these orders change what is rolled, process refuses them: roll the step back (dipdesk rollback --to %s) and enter the dice again\n",
			len(entered), plural(len(entered)), *phase, was, *phase)
	}
	if len(errs) > 0 {
		return 1
	}
	return 0
}

// warnImpossible names the stored orders the position makes impossible,
// as the window's order panel does (session.CheckOrders on the seat's
// view): a unit order in Questionable's characters' step, a character
// ordered in its moves, another power's unit. They stay stored, as the
// power sent them, and fail when the phase is adjudicated.
func (c *CLI) warnImpossible(g *session.Game, phase string, p engine.Power, text string) {
	v, err := g.View(engine.Seat{Power: p}, phase)
	if err != nil {
		return
	}
	for _, pr := range session.CheckOrders(g.Variant(), v, p, text).Problems {
		if pr.Order != nil {
			fmt.Fprintf(c.Stderr, "orders: warning: %v (stored as sent: it fails when the phase is adjudicated)\n", pr)
		}
	}
}

// seatList names the seats of a board: "austria, england, ..., jester".
func seatList(m *engine.Map) string {
	ids := m.PowerIDs()
	out := make([]string, len(ids))
	for i, p := range ids {
		out[i] = string(p)
	}
	return strings.Join(out, ", ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func runProcess(c *CLI, args []string) int {
	fs := newFlags(c, "process")
	phase := phaseFlag(fs, "to adjudicate")
	diceArg := fs.String("dice", "", "with entered dice: the rolls, in the order asked, e.g. 3,5,1 (a die's face; a pick's number)")
	rest, err := splitArgs(fs, args)
	if err != nil || len(rest) != 1 {
		fmt.Fprintln(c.Stderr, "usage: dipdesk process FILE --phase S1901M [--dice 3,5,1]")
		return 2
	}
	if *phase == "" {
		return c.needPhase("process", rest[0], "to adjudicate")
	}
	dice, err := parseDice(*diceArg)
	if err != nil {
		return c.fail("process", err)
	}
	g, err := session.Open(rest[0])
	if err != nil {
		return c.fail("process", err)
	}
	defer g.Close()
	if *diceArg != "" && !g.DiceEntered() {
		return c.fail("process", fmt.Errorf("--dice: the dice of this game are the engine's (it was created without --option dice=entered); nothing was done"))
	}
	out, next, err := c.processEntering(g, *phase, &dice)
	if err != nil {
		return c.fail("process", err)
	}
	m := g.Map()
	fmt.Fprintf(c.Stdout, "%s (%s) adjudicated\n", out.Phase, out.Phase.Key())
	for _, r := range out.Results {
		mark := " "
		if !r.OK {
			mark = "*"
		}
		fmt.Fprintf(c.Stdout, " %s %-34s %s\n", mark, orderLine(m, r.Order), r.Reason)
	}
	for _, e := range out.Events {
		fmt.Fprintf(c.Stdout, "   %s\n", e)
	}
	if done, err := g.Phase(*phase); err == nil {
		if draws, err := g.PhaseDraws(done); err == nil {
			for i, d := range draws {
				// The dice and picks a person could make at the table (as
				// report --for gm lists them): a hidden draw's reason or
				// value may tell a secret to the screen this runs on.
				if d.Kind != engine.DrawHidden {
					fmt.Fprintf(c.Stdout, "   draw %d, %s: %s\n", i+1, d.Why, session.DrawWords(d))
				}
			}
		}
	}
	if e := out.End; e != nil {
		w := session.WinnersWords(m, e)
		fmt.Fprintf(c.Stdout, "%s%s.\n", strings.ToUpper(w[:1]), w[1:])
		if e.Why != "" {
			fmt.Fprintf(c.Stdout, "The game is over: %s.\n", e.Why)
		}
		printPoints(c, m, e)
	}
	fmt.Fprintf(c.Stdout, "now %s (%s)\n", next.State.Phase, next.State.Phase.Key())
	if len(dice) > 0 {
		fmt.Fprintf(c.Stderr, "process: %d value(s) of --dice were not needed: %s\n", len(dice), joinInts(dice))
	}
	return 0
}

// printPoints prints each seat's points at the end, most first.
func printPoints(c *CLI, m *engine.Map, e *engine.GameEnd) {
	seats := make([]engine.Power, 0, len(e.Points))
	for p := range e.Points {
		seats = append(seats, p)
	}
	sort.SliceStable(seats, func(i, j int) bool {
		if e.Points[seats[i]] != e.Points[seats[j]] {
			return e.Points[seats[i]] > e.Points[seats[j]]
		}
		return m.PowerName(seats[i]) < m.PowerName(seats[j])
	})
	for _, p := range seats {
		fmt.Fprintf(c.Stdout, "   %-12s %3d points\n", m.PowerName(p), e.Points[p])
	}
}

// processEntering adjudicates phase; when a die or pick is needed that
// nobody entered, it takes the next value of dice, or asks for it, stores
// it at once (so a process killed half-way loses nothing typed) and tries
// again.
func (c *CLI) processEntering(g *session.Game, phase string, dice *[]int) (*engine.Outcome, session.PhaseState, error) {
	var in *bufio.Reader
	for {
		out, next, err := g.Process(phase)
		var need *engine.NeedDraw
		if !errors.As(err, &need) {
			return out, next, err
		}
		if len(*dice) > 0 {
			v := (*dice)[0]
			*dice = (*dice)[1:]
			if err := g.EnterDraw(phase, need.Index, v); err != nil {
				return nil, session.PhaseState{}, fmt.Errorf("--dice: %w", err)
			}
			fmt.Fprintf(c.Stdout, "draw %d, %s: %d entered\n", need.Index+1, need.Why, v)
			continue
		}
		if in == nil {
			if c.Stdin == nil {
				return nil, session.PhaseState{}, fmt.Errorf("%w (give the rolls with --dice)", err)
			}
			in = bufio.NewReader(c.Stdin)
		}
		if err := c.askDraw(g, phase, need, in); err != nil {
			return nil, session.PhaseState{}, err
		}
	}
}

// askDraw asks the game master for the value of need, naming what it is
// for, until a value the session takes is typed, and stores it.
func (c *CLI) askDraw(g *session.Game, phase string, need *engine.NeedDraw, in *bufio.Reader) error {
	for {
		fmt.Fprint(c.Stderr, drawPrompt(g.Map(), need))
		line, err := in.ReadString('\n')
		text := strings.TrimSpace(line)
		if err != nil && text == "" {
			return fmt.Errorf("draw %d (%s) was not entered; the values entered before it are kept: run process again, or give them with --dice", need.Index+1, need.Why)
		}
		v, perr := drawValue(text, need)
		if perr == nil {
			perr = g.EnterDraw(phase, need.Index, v)
			if perr == nil {
				return nil
			}
			var stale *session.StalePhaseError
			if errors.As(perr, &stale) || errors.Is(perr, store.ErrDrawEntered) {
				return perr
			}
		}
		if msg := perr.Error(); strings.HasSuffix(msg, "nothing was stored") {
			fmt.Fprintln(c.Stderr, msg)
		} else {
			fmt.Fprintf(c.Stderr, "%s; nothing was stored\n", msg)
		}
		if err != nil {
			return fmt.Errorf("draw %d (%s) was not entered", need.Index+1, need.Why)
		}
	}
}

// drawPrompt names the roll asked for: "Roll a d6 for the Borg's way from
// Bohemia: ", "Pick one for a card (0 Ace, 1 King): ".
func drawPrompt(m *engine.Map, need *engine.NeedDraw) string {
	switch {
	case need.Die:
		return fmt.Sprintf("Roll a d%d for %s: ", need.N, need.Why)
	case need.Options != nil:
		opts := make([]string, len(need.Options))
		for i, o := range need.Options {
			opts[i] = fmt.Sprintf("%d %s", i, o)
		}
		return fmt.Sprintf("Pick one for %s (%s): ", need.Why, strings.Join(opts, ", "))
	}
	return fmt.Sprintf("A number from 0 to %d for %s: ", need.N-1, need.Why)
}

// drawValue reads a typed value: a number, or for a pick an option's name.
func drawValue(text string, need *engine.NeedDraw) (int, error) {
	if v, err := strconv.Atoi(text); err == nil {
		return v, nil
	}
	for i, o := range need.Options {
		if strings.EqualFold(strings.TrimSpace(o), text) {
			return i, nil
		}
	}
	if need.Die {
		return 0, fmt.Errorf("%q is not a roll of a d%d (1 to %d)", text, need.N, need.N)
	}
	return 0, fmt.Errorf("%q is not a number from 0 to %d", text, need.N-1)
}

// parseDice reads --dice 3,5,1.
func parseDice(s string) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []int
	for i, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("--dice: value %d, %q, is not a number (want e.g. --dice 3,5,1); nothing was done", i+1, f)
		}
		out = append(out, v)
	}
	return out, nil
}

func joinInts(vs []int) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ",")
}

func runShow(c *CLI, args []string) int {
	fs := newFlags(c, "show")
	phase := fs.String("phase", "", "phase, e.g. F1902M or \"Fall 1902 Movement\" (default: current)")
	as := fs.String("as", "gm", "seat: gm, public or a power")
	rest, err := splitArgs(fs, args)
	if err != nil || len(rest) != 1 {
		fmt.Fprintln(c.Stderr, "usage: dipdesk show FILE [--phase P] [--as gm|public|POWER]")
		return 2
	}
	g, err := session.OpenReadOnly(rest[0])
	if err != nil {
		return c.fail("show", err)
	}
	defer g.Close()
	seat, err := g.ParseSeat(*as)
	if err != nil {
		return c.fail("show", err)
	}
	if err := c.checkSeatPIN(g, seat); err != nil {
		return c.fail("show", err)
	}
	v, err := g.View(seat, *phase)
	if err != nil {
		return c.fail("show", err)
	}
	m := g.Map()
	fmt.Fprintf(c.Stdout, "%s, %s (%s), as %s\n", g.Variant().Name, v.State.Phase, v.State.Phase.Key(), seat)
	if seat.GM {
		// The seed is the game master's: a hot-seat window never shows it.
		fmt.Fprintf(c.Stdout, "Seed: %d\n", g.Info().Seed)
	}
	printPosition(c.Stdout, &casefileSetup{Map: m, Rules: g.Variant().Rules}, v.State, cardNotes(v))
	centres := v.State.Centres()
	var line []string
	for _, p := range m.PowerIDs() {
		if pi, _ := m.Power(p); pi.Role && centres[p] == 0 {
			continue // a role owns no centre until it takes one
		}
		line = append(line, fmt.Sprintf("%s %d", m.PowerName(p), centres[p]))
	}
	fmt.Fprintf(c.Stdout, "Centres: %s\n", strings.Join(line, ", "))
	// What the cards left on the board that the seat may see (Davis #9,
	// #10, #12: mines only to their layer).
	for _, mk := range session.BoardMarks(v) {
		who := ""
		if mk.Power != "" {
			who = " (" + m.PowerName(mk.Power) + ")"
		}
		fmt.Fprintf(c.Stdout, "Mark: %s %s%s: %s\n", mk.Kind, m.Provinces[mk.Prov].Abbr, who, mk.Why)
	}
	printSeatHands(c.Stdout, v)
	if err := c.showActing(g, v, *phase); err != nil {
		return c.fail("show", err)
	}
	for _, o := range v.Pending {
		fmt.Fprintf(c.Stdout, "  %s\n", orderLine(m, o))
	}
	return 0
}

// showActing prints who must act and who may in the phase shown (the
// session's WhoActs), whose orders are in, the values a game master
// entered (to the game master), and how the game ended.
func (c *CLI) showActing(g *session.Game, v engine.View, phase string) error {
	m := g.Map()
	ps, err := g.Phase(phase)
	if err != nil {
		return err
	}
	if !ps.Phase.Adjudicated {
		a, err := g.WhoActs(phase)
		if err != nil {
			return err
		}
		fmt.Fprintf(c.Stdout, "Acting: %s\n", g.ActingWords(a))
	}
	names := make([]string, 0, len(v.Submitted))
	for _, p := range v.Submitted {
		names = append(names, m.PowerName(p))
	}
	sort.Strings(names)
	if len(names) > 0 || !ps.Phase.Adjudicated {
		in := strings.Join(names, ", ")
		if in == "" {
			in = "nobody"
		}
		fmt.Fprintf(c.Stdout, "Orders in from: %s\n", in)
	}
	if v.Seat.GM && !ps.Phase.Adjudicated {
		entered, err := g.EnteredDraws(phase)
		if err != nil {
			return err
		}
		for i, d := range entered {
			if d.N != 0 {
				fmt.Fprintf(c.Stdout, "Entered: draw %d, %s: %s\n", i+1, d.Why, session.DrawWords(d))
			}
		}
	}
	e, err := g.End()
	if err != nil {
		return err
	}
	if e != nil {
		key, _ := g.EndedIn()
		fmt.Fprintf(c.Stdout, "The game is over (%s): %s.\n", key, session.EndWords(m, e))
	}
	return nil
}

func runHistory(c *CLI, args []string) int {
	fs := newFlags(c, "history")
	all := fs.Bool("all", false, "include abandoned branches and the audit log")
	rest, err := splitArgs(fs, args)
	if err != nil || len(rest) != 1 {
		fmt.Fprintln(c.Stderr, "usage: dipdesk history FILE [--all]")
		return 2
	}
	g, err := session.OpenReadOnly(rest[0])
	if err != nil {
		return c.fail("history", err)
	}
	defer g.Close()
	phases, err := g.History(*all)
	if err != nil {
		return c.fail("history", err)
	}
	keyWidth, nameWidth := 7, 26
	for _, p := range phases {
		ph, _ := engine.ParsePhase(p.Name)
		keyWidth, nameWidth = max(keyWidth, len(p.Name)), max(nameWidth, len(g.Map().StepName(ph)))
	}
	for _, p := range phases {
		state := "adjudicated"
		switch {
		case p.Abandoned:
			state = "abandoned by a rollback"
		case !p.Adjudicated:
			state = "current"
		}
		ph, _ := engine.ParsePhase(p.Name)
		fmt.Fprintf(c.Stdout, "%3d  %-*s %-*s %s\n", p.Seq, keyWidth, p.Name, nameWidth, g.Map().StepName(ph), state)
	}
	if e, err := g.End(); err != nil {
		return c.fail("history", err)
	} else if e != nil {
		key, _ := g.EndedIn()
		fmt.Fprintf(c.Stdout, "The game ended in %s: %s.\n", key, session.EndWords(g.Map(), e))
	}
	if *all {
		audit, err := g.Audit()
		if err != nil {
			return c.fail("history", err)
		}
		fmt.Fprintln(c.Stdout, "\nAudit log:")
		for _, a := range audit {
			fmt.Fprintf(c.Stdout, "  %s  %-10s %-*s %s\n", a.At.UTC().Format("2006-01-02 15:04:05"), a.Kind, keyWidth, a.Phase, firstLine(session.AuditNote(a.Detail)))
		}
	}
	return 0
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 100 {
		s = s[:100] + "..."
	}
	return s
}

func runReport(c *CLI, args []string) int {
	fs := newFlags(c, "report")
	phase := fs.String("phase", "", "phase (default: the last adjudicated one)")
	who := fs.String("for", "public", "seat: gm, public or a power")
	seatFlag := fs.String("seat", "", "the same as --for")
	cards := fs.Bool("cards", false, "the form of the character cards assigned in a Winter or the initial deal (Character Diplomacy rules 5.a, 15)")
	md := fs.Bool("markdown", false, "with --cards: a Markdown table")
	rest, err := splitArgs(fs, args)
	if err != nil || len(rest) != 1 {
		fmt.Fprintln(c.Stderr, "usage: dipdesk report FILE [--phase P] [--for gm|public|POWER] [--cards [--markdown]]")
		return 2
	}
	g, err := session.OpenReadOnly(rest[0])
	if err != nil {
		return c.fail("report", err)
	}
	defer g.Close()
	if *seatFlag != "" {
		*who = *seatFlag
	}
	seat, err := g.ParseSeat(*who)
	if err != nil {
		return c.fail("report", err)
	}
	if err := c.checkSeatPIN(g, seat); err != nil {
		return c.fail("report", err)
	}
	report := g.Report
	if *cards {
		report = func(name string, seat engine.Seat) (string, error) { return g.CardReport(name, seat, *md) }
	}
	text, err := report(*phase, seat)
	if err != nil {
		return c.fail("report", err)
	}
	fmt.Fprint(c.Stdout, text)
	return 0
}

func runRollback(c *CLI, args []string) int {
	fs := newFlags(c, "rollback")
	to := fs.String("to", "", "the phase to return to, e.g. S1903M")
	reason := fs.String("reason", "", "why (kept in the audit log)")
	rest, err := splitArgs(fs, args)
	if err != nil || len(rest) != 1 || *to == "" {
		fmt.Fprintln(c.Stderr, "usage: dipdesk rollback FILE --to PHASE [--reason TEXT]")
		return 2
	}
	g, err := session.Open(rest[0])
	if err != nil {
		return c.fail("rollback", err)
	}
	defer g.Close()
	ps, err := g.Rollback(*to, *reason)
	if err != nil {
		return c.fail("rollback", err)
	}
	orders, err := g.Orders(ps.Phase)
	if err != nil {
		return c.fail("rollback", err)
	}
	fmt.Fprintf(c.Stdout, "back at %s (%s); %d order%s carried over; later phases kept as an abandoned branch\n",
		ps.State.Phase, ps.State.Phase.Key(), len(orders), plural(len(orders)))
	return 0
}

func runEdit(c *CLI, args []string) int {
	phase, args := cutPhaseFlag(args)
	if len(args) < 2 {
		fmt.Fprintln(c.Stderr, "usage: dipdesk edit FILE [--phase P] add SEAT|none A|F|PIECE PROV [CARD] | remove PROV [SEAT] [PIECE] | move FROM TO [SEAT] [PIECE] | owner CENTRE SEAT|none | card POWER UNIT CARD")
		return 2
	}
	g, err := session.Open(args[0])
	if err != nil {
		return c.fail("edit", err)
	}
	defer g.Close()
	e, err := g.ParseEdit(args[1:])
	if err != nil {
		return c.fail("edit", err)
	}
	if phase == "" {
		// Without --phase the edit is of the position as it is now, the
		// one the game master looked at (the file is theirs alone while
		// this runs); scripts state it.
		cur, err := g.Current()
		if err != nil {
			return c.fail("edit", err)
		}
		phase = cur.Phase.Name
	}
	if err := g.ApplyEdit(phase, e); err != nil {
		return c.fail("edit", err)
	}
	fmt.Fprintf(c.Stdout, "edited: %s\n", strings.Join(args[1:], " "))
	return 0
}

// cutPhaseFlag takes "--phase P" (or "-phase P", "--phase=P") out of
// the words of an edit.
func cutPhaseFlag(args []string) (string, []string) {
	var phase string
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case (a == "--phase" || a == "-phase") && i+1 < len(args):
			phase = args[i+1]
			i++
		case strings.HasPrefix(a, "--phase="), strings.HasPrefix(a, "-phase="):
			_, phase, _ = strings.Cut(a, "=")
		default:
			rest = append(rest, a)
		}
	}
	return phase, rest
}

// seed picks a seed for a new game when none is given; the seed is
// recorded in the file, so the game still replays exactly.
func (c *CLI) seed() uint64 {
	if c.Seed != nil {
		return c.Seed()
	}
	return uint64(time.Now().UnixNano())
}

// seatFlags collects --seat POWER[=PLAYER][:PIN] flags.
type seatFlags []store.Seat

func (s *seatFlags) String() string { return fmt.Sprint(len(*s), " seats") }

func (s *seatFlags) Set(v string) error {
	v, pin, hasPIN := strings.Cut(v, ":")
	power, player, _ := strings.Cut(v, "=")
	if strings.TrimSpace(power) == "" {
		return fmt.Errorf("want POWER[=PLAYER][:PIN]")
	}
	seat := store.Seat{Power: strings.ToLower(strings.TrimSpace(power)), Player: strings.TrimSpace(player)}
	if hasPIN {
		if pin == "" {
			return fmt.Errorf("empty PIN for %s", power)
		}
		seat.PinHash = session.HashPIN(pin)
	}
	*s = append(*s, seat)
	return nil
}

// unitKey names a unit by power, type and number, as a card game does.
type unitKey struct {
	p engine.Power
	t engine.UnitType
	n int
}

// cardNotes returns the words printed after each unit of view v by show:
// the variant's own UnitNote if it has one (Davis), else the card as the
// seat's hand knows it ("#9 Annihilator, revealed S1902M: used"), with the
// physical card dealt for it (its alias, "The Fool") beside the name and
// the card's notes after a semicolon. nil when v has no cards.
func cardNotes(v engine.View) func(engine.Unit) string {
	h, ok := session.HandsOf(v, nil)
	if !ok {
		return nil
	}
	cards := map[unitKey]session.HandCard{}
	for _, c := range h.Cards {
		cards[unitKey{c.Unit.Power, c.Unit.Type, c.Unit.Number}] = c
	}
	return func(u engine.Unit) string {
		c, ok := cards[unitKey{u.Power, u.Type, u.Number}]
		if !ok {
			return unitNote(v.State, u)
		}
		name := "#" + c.ID + " " + c.Name
		if c.Alias != "" {
			name += " (" + c.Alias + ")"
		}
		note := ""
		if n, ok := v.State.Extra.(unitNoter); ok {
			note = n.UnitNote(u)
			note = strings.Replace(note, "#"+c.ID+" "+c.Name, name, 1)
		}
		if note == "" {
			note = name
			if c.Revealed != "" {
				note += ", " + c.Revealed
			}
			if len(c.Told) > 0 {
				note += ", told to " + strings.Join(c.Told, ", ")
			}
		}
		if len(c.Notes) > 0 {
			note += "; " + strings.Join(c.Notes, "; ")
		}
		return "  [" + note + "]"
	}
}

// printSeatHands prints the cards the seats hold in their hands, no unit
// (Questionable's characters), as view v may know them: one line a seat,
// each card with its state ("Briber: barred until Spring 1904 (3 game years left)"). Nothing for a
// game whose cards are its units'.
func printSeatHands(w io.Writer, v engine.View) {
	h, ok := session.HandsOf(v, nil)
	if !ok {
		return
	}
	var seats []string
	cards := map[string][]string{}
	for _, c := range h.Cards {
		if !c.Seat {
			continue
		}
		if _, seen := cards[c.Label]; !seen {
			seats = append(seats, c.Label)
		}
		card := c.Name
		if len(c.Notes) > 0 {
			card += ": " + strings.Join(c.Notes, ", ")
		}
		cards[c.Label] = append(cards[c.Label], card)
	}
	if len(seats) == 0 {
		return
	}
	fmt.Fprintln(w, "Hands:")
	for _, s := range seats {
		fmt.Fprintf(w, "  %s: %s\n", s, strings.Join(cards[s], "; "))
	}
	if !h.Active && h.Inactive != "" {
		fmt.Fprintf(w, "  (%s.)\n", h.Inactive)
	}
}
