package cli

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"time"

	"dipdesk/app/session"
	"dipdesk/app/store"
	"dipdesk/engine"
)

// gameCommands are the game master's tools on a save file.
func gameCommands() []command {
	return []command{
		{"new", "new [--variant id] [--option NAME=VALUE] [--seed N] --out FILE", "create a new game file", runNew},
		{"orders", "orders FILE --phase S1901M --power P [TEXT-FILE|-]", "enter the orders a power sent for the phase (replaces its earlier ones)", runOrders},
		{"process", "process FILE --phase S1901M", "adjudicate the phase, which must be the current one", runProcess},
		{"show", "show FILE [--phase F1902M] [--as gm|public|POWER]", "show a phase's position and the orders the seat may see", runShow},
		{"history", "history FILE [--all]", "list the phases played (--all: with abandoned branches and the audit log)", runHistory},
		{"report", "report FILE [--phase P] [--for gm|public|POWER] [--cards [--markdown]]", "write the report of a phase for mailing or a zine; --cards: the private Winter form of assigned character cards", runReport},
		{"rollback", "rollback FILE --to PHASE [--reason TEXT]", "return to an earlier phase; later ones are kept as an abandoned branch", runRollback},
		{"edit", "edit FILE [--phase P] add POWER A|F PROV [CARD] | remove PROV | move FROM TO | owner CENTRE POWER|none | card POWER UNIT CARD", "correct the current position as game master", runEdit},
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
	fmt.Fprintf(c.Stderr, "%s: %v\n", cmd, err)
	return 1
}

func runNew(c *CLI, args []string) int {
	fs := newFlags(c, "new")
	variant := fs.String("variant", "standard", "variant id (see dipdesk variants)")
	seed := fs.Uint64("seed", 0, "random seed (recorded; 0 picks one from the clock)")
	out := fs.String("out", "", "the game file to create")
	var seats seatFlags
	fs.Var(&seats, "seat", "a seat: POWER[=PLAYER][:PIN] (repeat; default: one seat per power, no PINs)")
	options := optionFlags{}
	fs.Var(options, "option", "a variant option NAME=VALUE (repeat), e.g. add_cards=X5,X8 for Character Diplomacy")
	rest, err := splitArgs(fs, args)
	if err != nil {
		return 2
	}
	if *out == "" && len(rest) == 1 {
		*out = rest[0]
	}
	if *out == "" {
		fmt.Fprintln(c.Stderr, "usage: dipdesk new [--variant id] [--option NAME=VALUE] [--seed N] --out FILE")
		return 2
	}
	if err := options.check(*variant); err != nil {
		return c.fail("new", err)
	}
	picked := *seed == 0
	if picked {
		*seed = c.seed()
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
		fmt.Fprintf(c.Stdout, "created %s: %s, %s (the seed is kept in the file, not shown: players share this screen)\n", *out, g.Variant().Name, cur.State.Phase)
		return 0
	}
	fmt.Fprintf(c.Stdout, "created %s: %s, seed %d, %s\n", *out, g.Variant().Name, *seed, cur.State.Phase)
	return 0
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
	return fs.String("phase", "", "the phase "+what+", e.g. S1901M; refused if it is not the current phase")
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
	power := fs.String("power", "", "the power whose orders these are")
	phase := phaseFlag(fs, "the orders are for")
	rest, err := splitArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) < 1 || len(rest) > 2 || *power == "" {
		fmt.Fprintln(c.Stderr, "usage: dipdesk orders FILE --phase S1901M --power P [TEXT-FILE|-]")
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
		return c.fail("orders", fmt.Errorf("unknown power %q", *power))
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
	if len(errs) > 0 {
		return 1
	}
	return 0
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
	rest, err := splitArgs(fs, args)
	if err != nil || len(rest) != 1 {
		fmt.Fprintln(c.Stderr, "usage: dipdesk process FILE --phase S1901M")
		return 2
	}
	if *phase == "" {
		return c.needPhase("process", rest[0], "to adjudicate")
	}
	g, err := session.Open(rest[0])
	if err != nil {
		return c.fail("process", err)
	}
	defer g.Close()
	out, next, err := g.Process(*phase)
	if err != nil {
		return c.fail("process", err)
	}
	m := g.Map()
	fmt.Fprintf(c.Stdout, "%s (%s) adjudicated\n", out.Phase, out.Phase.Short())
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
	if out.Winner != "" {
		fmt.Fprintf(c.Stdout, "%s wins.\n", m.PowerName(out.Winner))
	}
	fmt.Fprintf(c.Stdout, "now %s (%s)\n", next.State.Phase, next.State.Phase.Short())
	return 0
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
	fmt.Fprintf(c.Stdout, "%s, %s (%s), as %s\n", g.Variant().Name, v.State.Phase, v.State.Phase.Short(), seat)
	if seat.GM {
		// The seed is the game master's: a hot-seat window never shows it.
		fmt.Fprintf(c.Stdout, "Seed: %d\n", g.Info().Seed)
	}
	printPosition(c.Stdout, &casefileSetup{Map: m, Rules: g.Variant().Rules}, v.State, cardNotes(v))
	centres := v.State.Centres()
	var line []string
	for _, p := range m.PowerIDs() {
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
	if len(v.Submitted) > 0 {
		names := make([]string, 0, len(v.Submitted))
		for _, p := range v.Submitted {
			names = append(names, m.PowerName(p))
		}
		sort.Strings(names)
		fmt.Fprintf(c.Stdout, "Orders in from: %s\n", strings.Join(names, ", "))
	}
	for _, o := range v.Pending {
		fmt.Fprintf(c.Stdout, "  %s\n", orderLine(m, o))
	}
	return 0
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
	for _, p := range phases {
		state := "adjudicated"
		switch {
		case p.Abandoned:
			state = "abandoned by a rollback"
		case !p.Adjudicated:
			state = "current"
		}
		ph, _ := engine.ParsePhase(p.Name)
		fmt.Fprintf(c.Stdout, "%3d  %-7s %-26s %s\n", p.Seq, p.Name, ph.String(), state)
	}
	if *all {
		audit, err := g.Audit()
		if err != nil {
			return c.fail("history", err)
		}
		fmt.Fprintln(c.Stdout, "\nAudit log:")
		for _, a := range audit {
			fmt.Fprintf(c.Stdout, "  %s  %-10s %-7s %s\n", a.At.UTC().Format("2006-01-02 15:04:05"), a.Kind, a.Phase, firstLine(a.Detail))
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
		ps.State.Phase, ps.State.Phase.Short(), len(orders), plural(len(orders)))
	return 0
}

func runEdit(c *CLI, args []string) int {
	phase, args := cutPhaseFlag(args)
	if len(args) < 2 {
		fmt.Fprintln(c.Stderr, "usage: dipdesk edit FILE [--phase P] add POWER A|F PROV [CARD] | remove PROV | move FROM TO | owner CENTRE POWER|none | card POWER UNIT CARD")
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
