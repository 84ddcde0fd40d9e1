package casefile

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"dipdesk/engine"
)

// Setup is what a case runs against: a map, the variant's rules and a
// parser that knows its special orders.
type Setup struct {
	Map    *engine.Map
	Rules  *engine.Rules
	Parser *engine.Parser
	Seed   uint64
	// Name is the variant's name, for messages ("Character Diplomacy").
	Name string
	// Extension is what the variant adds to the format (nil: none, and a
	// case with OPTION lines or variant blocks fails).
	Extension *Extension
	// Convention, when set, is the CONVENTION every case runs in, whatever
	// its file says ("dipdesk cases -convention jdip": a peer's suite
	// read unchanged). ConventionDipDesk leaves each case's own.
	Convention string
}

// Extension is a variant's part of the case runner: it reads the OPTION
// lines and the variant blocks (PreBlocks, PostBlocks).
type Extension struct {
	// Blocks are the variant blocks the Extension checks: the runner
	// refuses a case with any other (a block nobody reads would be an
	// expectation that could never fail). Every one must be in PreBlocks
	// or PostBlocks.
	Blocks []string
	// Prepare completes the first position of case c from its options and
	// its PRESTATE blocks (s already holds the units, owners and
	// dislodged units), drawing only from rng: the runner's seeded source,
	// which the steps draw from next.
	Prepare func(su *Setup, file string, c *Case, s *engine.State, rng *engine.Rand) error
	// Check compares the position after a step with the step's variant
	// blocks, and may check the variant's invariants after every step,
	// checked or not. It returns the differences in words.
	Check func(su *Setup, file string, st Step, out *engine.Outcome) ([]string, error)
}

// StepReport is the adjudication of one step of a case.
type StepReport struct {
	Before  *engine.State
	Orders  []engine.Order
	Outcome *engine.Outcome
}

// Report is the result of running one case.
type Report struct {
	Case  *Case
	Steps []StepReport
	Diffs []string // what differed from the expected position; empty when passed
	Err   error    // the case could not be run (bad phase, bad unit line, bad order)
}

// Passed reports whether the case ran and matched its expectations.
func (r *Report) Passed() bool { return r.Err == nil && len(r.Diffs) == 0 }

func (su *Setup) parser() *engine.Parser {
	if su.Parser != nil {
		return su.Parser
	}
	return &engine.Parser{Map: su.Map}
}

// Run runs case c and compares each checked step with its expectations.
func (su *Setup) Run(file string, c *Case) (rep *Report) {
	rep = &Report{Case: c}
	// A case that makes the adjudicator (or a variant's hook) panic is a
	// failed case with the panic as its error, never the end of the run:
	// the other cases of the file are still judged and reported.
	defer func() {
		if r := recover(); r != nil {
			rep.Err = fmt.Errorf("%s:%d: case %s: the adjudicator panicked: %v", file, c.Line, c.Name, r)
		}
	}()
	if err := su.checkBlocks(file, c); err != nil {
		rep.Err = err
		return rep
	}
	s, placed, err := su.initial(file, c)
	if err != nil {
		rep.Err = err
		return rep
	}
	rng := engine.NewRand(su.Seed)
	if err := su.prepare(file, c, s, rng); err != nil {
		rep.Err = err
		return rep
	}
	if err := su.checkPlaces(file, s, placed); err != nil {
		rep.Err = err
		return rep
	}
	for k, st := range c.Steps {
		orders, err := su.orders(file, st.Orders)
		if err != nil {
			rep.Err = err
			return rep
		}
		out, err := su.adjudicate(file, st, s, orders, rng)
		if err != nil {
			rep.Err = err
			return rep
		}
		rep.Steps = append(rep.Steps, StepReport{Before: s, Orders: orders, Outcome: out})
		var diffs []string
		if st.CheckUnits {
			diffs, err = su.compare(file, su.convention(c), st, s, out.Next)
			if err != nil {
				rep.Err = err
				return rep
			}
		}
		for _, check := range []func(string, Step, *engine.Outcome) ([]string, error){su.compareResults, su.compareOwners, su.compareWinner} {
			more, err := check(file, st, out)
			if err != nil {
				rep.Err = err
				return rep
			}
			diffs = append(diffs, more...)
		}
		if err := su.variantStep(file, st, out, &diffs); err != nil {
			rep.Err = err
			return rep
		}
		for _, d := range diffs {
			if len(c.Steps) > 1 {
				d = fmt.Sprintf("step %d: %s", k+1, d)
			}
			rep.Diffs = append(rep.Diffs, d)
		}
		s = out.Next
	}
	return rep
}

// convention is the CONVENTION case c runs in.
func (su *Setup) convention(c *Case) string {
	if su.Convention != ConventionDipDesk {
		return su.Convention
	}
	return c.Convention
}

// variantName names the Setup's variant in messages.
func (su *Setup) variantName() string {
	if su.Name != "" {
		return su.Name
	}
	return "this case's variant"
}

// checkBlocks refuses a case with a variant block its variant does not
// check, naming the block, its line and the blocks the variant checks: a
// block nobody reads would be an expectation that could never fail.
func (su *Setup) checkBlocks(file string, c *Case) error {
	var declared []string
	if su.Extension != nil {
		declared = su.Extension.Blocks
	}
	refuse := func(kw string, line int) error {
		checks := "none"
		if len(declared) > 0 {
			checks = strings.Join(declared, ", ")
		}
		return &SyntaxError{File: file, Line: line, Msg: fmt.Sprintf("%s is not a block %s checks (its blocks: %s); a case of another variant must say VARIANT", kw, su.variantName(), checks)}
	}
	for _, kw := range sortedBlocks(c.VariantPre, c.VariantPreAt) {
		if !slices.Contains(declared, kw) {
			return refuse(kw, c.VariantPreAt[kw])
		}
	}
	for _, st := range c.Steps {
		for _, kw := range sortedBlocks(st.Variant, st.VariantAt) {
			if !slices.Contains(declared, kw) {
				return refuse(kw, st.VariantAt[kw])
			}
		}
	}
	return nil
}

// sortedBlocks returns the keywords of m in the order of their lines.
func sortedBlocks(m map[string][]Line, at map[string]int) []string {
	kws := make([]string, 0, len(m))
	for kw := range m {
		kws = append(kws, kw)
	}
	sort.Slice(kws, func(i, j int) bool { return at[kws[i]] < at[kws[j]] })
	return kws
}

// prepare hands the case's options and variant blocks to the Extension.
func (su *Setup) prepare(file string, c *Case, s *engine.State, rng *engine.Rand) error {
	if su.Extension == nil || su.Extension.Prepare == nil {
		if len(c.Options) > 0 {
			return su.lineErr(file, c.Options[0], "OPTION: %s has no options (a case of another variant must say VARIANT)", su.variantName())
		}
		return nil
	}
	return su.Extension.Prepare(su, file, c, s, rng)
}

// variantStep hands a step to the Extension (checkBlocks has refused any
// block it does not check).
func (su *Setup) variantStep(file string, st Step, out *engine.Outcome, diffs *[]string) error {
	if su.Extension == nil || su.Extension.Check == nil {
		return nil
	}
	more, err := su.Extension.Check(su, file, st, out)
	*diffs = append(*diffs, more...)
	return err
}

// compareResults checks the POSTSTATE_RESULTS lines: each names an order
// by its power and unit's province, whether it succeeded, and optionally,
// after " | ", words its reason must contain.
func (su *Setup) compareResults(file string, st Step, out *engine.Outcome) ([]string, error) {
	var diffs []string
	for _, l := range st.PostResults {
		text, words, _ := strings.Cut(l.Text, "|")
		flag, rest, ok := strings.Cut(text, ":")
		flag = strings.ToUpper(strings.TrimSpace(flag))
		if !ok || (flag != "SUCCESS" && flag != "FAILURE") {
			return nil, su.lineErr(file, l, "want \"SUCCESS: Power: order\" or \"FAILURE: Power: order\", optionally \"| words of the reason\"")
		}
		o, err := su.orderLine(file, Line{N: l.N, Text: strings.TrimSpace(rest)})
		if err != nil {
			return nil, err
		}
		words = strings.TrimSpace(words)
		found := false
		for _, r := range out.Results {
			if r.Order.Power != o.Power || r.Order.At.P != o.At.P || KindWord(r.Order) != KindWord(o) {
				continue
			}
			if o.SeatOrder() && (!r.Order.SeatOrder() || !slices.Equal(r.Order.Args, o.Args)) {
				continue // a seat's orders of one kind differ by their words alone
			}
			found = true
			name := strings.TrimSpace(rest)
			if r.OK != (flag == "SUCCESS") {
				diffs = append(diffs, fmt.Sprintf("result of %s: %s (%s), expected %s", name, okWord(r.OK), r.Reason, flag))
			}
			if words != "" && !strings.Contains(r.Reason, words) {
				diffs = append(diffs, fmt.Sprintf("result of %s: reason %q, expected it to contain %q", name, r.Reason, words))
			}
			break
		}
		if !found {
			diffs = append(diffs, fmt.Sprintf("no result for %s", strings.TrimSpace(rest)))
		}
	}
	return diffs, nil
}

// KindWord is what a POSTSTATE_RESULTS line compares of an order besides
// its power and province: its kind ("-", "H", "S", "C", "build",
// "disband", "waive"), and for a variant's special order its name ("via",
// "jump", "annihilate"). A result keeps the order the variant adjudicated,
// which may not be the one written (a Jumper's move is a "jump"): the
// line names that one (docs/case-format.md lists every such word).
func KindWord(o engine.Order) string {
	switch o.Kind {
	case engine.Hold:
		return "H"
	case engine.Move:
		return "-"
	case engine.Support:
		return "S"
	case engine.Convoy:
		return "C"
	case engine.Build:
		return "build"
	case engine.Disband:
		return "disband"
	case engine.Waive:
		return "waive"
	case engine.Special:
		return o.Special
	}
	return o.Kind.String()
}

// compareOwners checks POSTSTATE_SUPPLYCENTER_OWNERS: every centre's owner
// after the step, a centre not listed owned by no one.
func (su *Setup) compareOwners(file string, st Step, out *engine.Outcome) ([]string, error) {
	if !st.HasPostOwners {
		return nil, nil
	}
	want := map[engine.ProvinceID]engine.Power{}
	for _, l := range st.PostOwners {
		u, err := su.ownerLine(file, l)
		if err != nil {
			return nil, err
		}
		if p, dup := want[u.Loc.P]; dup && p != u.Power {
			return nil, su.lineErr(file, l, "%s is listed for %s and %s", su.Map.Provinces[u.Loc.P].Name, su.Map.PowerName(p), su.Map.PowerName(u.Power))
		}
		want[u.Loc.P] = u.Power
	}
	owner := func(p engine.Power) string {
		if p == "" {
			return "no one"
		}
		return su.Map.PowerName(p)
	}
	var diffs []string
	for _, p := range su.Map.SupplyCentres() {
		var got engine.Power
		if int(p) < len(out.Next.Owners) {
			got = out.Next.Owners[p]
		}
		if got != want[p] {
			diffs = append(diffs, fmt.Sprintf("centre %s owned by %s, expected %s", su.Map.Provinces[p].Name, owner(got), owner(want[p])))
		}
	}
	sort.Strings(diffs)
	return diffs, nil
}

// compareWinner checks POSTSTATE_WINNER: the power that won with the step,
// or "none".
func (su *Setup) compareWinner(file string, st Step, out *engine.Outcome) ([]string, error) {
	if !st.HasWinner {
		return nil, nil
	}
	l := Line{N: st.WinnerLine, Text: st.Winner}
	var want engine.Power
	switch w := strings.TrimSpace(st.Winner); {
	case w == "":
		return nil, su.lineErr(file, l, "POSTSTATE_WINNER needs a power, or none")
	case strings.EqualFold(w, "none"):
	default:
		p, ok := su.Map.LookupPower(w)
		if !ok {
			return nil, su.lineErr(file, l, "%s", su.unknownPower(w))
		}
		want = p
	}
	if out.Winner() == want {
		return nil, nil
	}
	name := func(p engine.Power) string {
		if p == "" {
			return "none"
		}
		return su.Map.PowerName(p)
	}
	return []string{fmt.Sprintf("winner %s, expected %s", name(out.Winner()), name(want))}, nil
}

// unknownPower is the message for an unknown power name, with the power
// it was probably meant to be.
func (su *Setup) unknownPower(who string) string {
	who = strings.TrimSpace(who)
	if sug := su.parser().SuggestPower(who); sug != "" {
		return fmt.Sprintf("unknown power %q (did you mean %s?)", who, sug)
	}
	return fmt.Sprintf("unknown power %q", who)
}

func okWord(ok bool) string {
	if ok {
		return "SUCCESS"
	}
	return "FAILURE"
}

// UnitLine reads a unit line, "England: F North Sea" or "England: 1F
// nth" (for Extensions).
func (su *Setup) UnitLine(file string, l Line) (engine.Unit, error) { return su.unitLine(file, l) }

// LineErr is an error at line l of file (for Extensions).
func (su *Setup) LineErr(file string, l Line, format string, args ...any) error {
	return su.lineErr(file, l, format, args...)
}

func (su *Setup) lineErr(file string, l Line, format string, args ...any) error {
	return &SyntaxError{File: file, Line: l.N, Msg: fmt.Sprintf(format, args...)}
}

// unitLine reads "England: F North Sea" (or "England F nth").
func (su *Setup) unitLine(file string, l Line) (engine.Unit, error) {
	who, what, ok := strings.Cut(l.Text, ":")
	if !ok {
		f := strings.Fields(l.Text)
		if len(f) < 2 {
			return engine.Unit{}, su.lineErr(file, l, "want \"Power: A province\", got %q", l.Text)
		}
		who, what = f[0], strings.Join(f[1:], " ")
	}
	p, ok := su.Map.LookupPower(who)
	if !ok {
		return engine.Unit{}, su.lineErr(file, l, "%s", su.unknownPower(who))
	}
	o, err := su.parser().ParseOrder(p, what)
	if err != nil {
		return engine.Unit{}, su.lineErr(file, l, "%v", err)
	}
	if o.Kind != engine.Hold || !o.At.Valid() {
		return engine.Unit{}, su.lineErr(file, l, "want a unit, got %q", l.Text)
	}
	return engine.Unit{Type: o.Unit, Power: p, Loc: o.At, Number: o.Number}, nil
}

// placed is a PRESTATE or PRESTATE_DISLODGED unit the map alone does not
// let stand where it is: checkPlaces asks the variant once the cards are
// dealt.
type placed struct {
	line      Line
	unit      engine.Unit
	dislodged bool
}

// initial builds the case's first position from its PRESTATE blocks. It
// returns the units standing where the map alone forbids (an army in
// Switzerland, at sea), for checkPlaces.
func (su *Setup) initial(file string, c *Case) (*engine.State, []placed, error) {
	phase := engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}
	if c.Phase != "" {
		p, err := engine.ParsePhase(c.Phase)
		if err != nil {
			return nil, nil, &SyntaxError{File: file, Line: c.PhaseLine, Msg: err.Error()}
		}
		phase = p
	}
	s := engine.NewState(su.Map, phase)
	s.Units = nil
	if c.HasOwners {
		for i := range s.Owners {
			s.Owners[i] = ""
		}
		for _, l := range c.Owners {
			u, err := su.ownerLine(file, l)
			if err != nil {
				return nil, nil, err
			}
			s.Owners[u.Loc.P] = u.Power
		}
	}
	var odd []placed
	for _, l := range c.Pre {
		u, err := su.unitLine(file, l)
		if err != nil {
			return nil, nil, err
		}
		u, err = su.place(s, u)
		if err != nil {
			return nil, nil, su.lineErr(file, l, "%v", err)
		}
		if !su.Map.CanHold(u.Type, u.Loc) {
			odd = append(odd, placed{l, u, false})
		}
	}
	for _, l := range c.Dislodged {
		u, err := su.unitLine(file, l)
		if err != nil {
			return nil, nil, err
		}
		if u.Type == engine.NoUnitType {
			return nil, nil, su.lineErr(file, l, "say A or F")
		}
		if u.Type == engine.Army {
			u.Loc.C = engine.NoCoast
		}
		if !su.Map.CanHold(u.Type, u.Loc) {
			odd = append(odd, placed{l, u, true})
		}
		s.Dislodged = append(s.Dislodged, engine.Dislodgement{Unit: u, From: engine.NoProvince})
	}
	if err := su.priorResults(file, c, s); err != nil {
		return nil, nil, err
	}
	s.GiveIDs()
	return s, odd, nil
}

// checkPlaces refuses each unit of odd that stands where the map forbids
// unless the variant lets it stand there (Rules.Enter: an Explorer in
// Switzerland or the Caspian, an Amphibious army at sea), asked once the
// Extension has dealt the cards, and says why.
func (su *Setup) checkPlaces(file string, s *engine.State, odd []placed) error {
	for _, o := range odd {
		u := o.unit
		// The unit as the Extension left it (numbered, with its card).
		if o.dislodged {
			if i := s.DislodgedAt(u.Loc.P); i >= 0 {
				u = s.Dislodged[i].Unit
			}
		} else if i := s.UnitAt(u.Loc.P); i >= 0 {
			u = s.Units[i]
		}
		if su.Rules != nil && su.Rules.Enter != nil && su.Rules.Enter(s, u, u.Loc) {
			continue
		}
		why := fmt.Sprintf("%s cannot stand in %s", u.Type.Noun(), su.Map.LocName(u.Loc))
		if su.Map.Provinces[u.Loc.P].Impassable {
			why = fmt.Sprintf("%s is impassable: %s cannot stand there", su.Map.Provinces[u.Loc.P].Name, u.Type.Noun())
		}
		if su.Rules != nil && su.Rules.Enter != nil {
			// The variant could let a unit stand there: say what this one
			// holds.
			if n, ok := s.Extra.(interface{ UnitNote(engine.Unit) string }); ok && n.UnitNote(u) != "" {
				why += fmt.Sprintf(", and what this one holds (%s) does not let it", n.UnitNote(u))
			} else {
				why += ", and nothing this one holds lets it (its card is given in PRESTATE_CARDS)"
			}
		}
		return su.lineErr(file, o.line, "%s", why)
	}
	return nil
}

// ownerLine reads a centre owner: "France: F lon" (type ignored) or
// "France: lon".
func (su *Setup) ownerLine(file string, l Line) (engine.Unit, error) {
	u, err := su.unitLine(file, l)
	if err != nil {
		return u, err
	}
	if !su.Map.Provinces[u.Loc.P].SC {
		return u, su.lineErr(file, l, "%s is not a supply centre", su.Map.Provinces[u.Loc.P].Name)
	}
	return u, nil
}

// place puts u on the board of s and returns it as placed. Whether the
// map lets it stand there is checkPlaces' question, asked once the cards
// are known.
func (su *Setup) place(s *engine.State, u engine.Unit) (engine.Unit, error) {
	if u.Type == engine.NoUnitType {
		return u, fmt.Errorf("say A or F")
	}
	if u.Type == engine.Fleet && su.Map.MultiCoast(u.Loc.P) && u.Loc.C == engine.NoCoast {
		return u, fmt.Errorf("a fleet in %s needs its coast", su.Map.Provinces[u.Loc.P].Name)
	}
	if u.Type == engine.Army {
		u.Loc.C = engine.NoCoast
	}
	if i := s.UnitAt(u.Loc.P); i >= 0 && !su.Map.Provinces[u.Loc.P].Unlimited {
		return u, fmt.Errorf("%s already holds a unit", su.Map.Provinces[u.Loc.P].Name)
	}
	s.Units = append(s.Units, u)
	return u, nil
}

// priorResults rebuilds, from PRESTATE_RESULTS, where each dislodged
// unit's attacker came from and which provinces a standoff left vacant.
func (su *Setup) priorResults(file string, c *Case, s *engine.State) error {
	type prior struct {
		ok bool
		o  engine.Order
	}
	var res []prior
	for _, l := range c.PreResults {
		flag, rest, ok := strings.Cut(l.Text, ":")
		flag = strings.ToUpper(strings.TrimSpace(flag))
		if !ok || (flag != "SUCCESS" && flag != "FAILURE") {
			return su.lineErr(file, l, "want \"SUCCESS: Power: order\" or \"FAILURE: Power: order\"")
		}
		o, err := su.orderLine(file, Line{N: l.N, Text: strings.TrimSpace(rest)})
		if err != nil {
			return err
		}
		res = append(res, prior{flag == "SUCCESS", o})
	}
	for i := range s.Dislodged {
		d := &s.Dislodged[i]
		for _, r := range res {
			if r.ok && r.o.Kind == engine.Move && r.o.To.P == d.Unit.Loc.P {
				d.From = r.o.At.P
				d.ByConvoy = r.o.ViaConvoy
			}
		}
	}
	for _, r := range res {
		if r.ok || r.o.Kind != engine.Move || s.UnitAt(r.o.To.P) >= 0 || s.Standoff(r.o.To.P) {
			continue
		}
		// A unit beaten head-to-head leaves no standoff behind it.
		if j := s.DislodgedAt(r.o.At.P); j >= 0 && s.Dislodged[j].From == r.o.To.P {
			continue
		}
		s.Standoffs = append(s.Standoffs, r.o.To.P)
	}
	return nil
}

func (su *Setup) orderLine(file string, l Line) (engine.Order, error) {
	who, what, ok := strings.Cut(l.Text, ":")
	if !ok {
		return engine.Order{}, su.lineErr(file, l, "want \"Power: order\", got %q", l.Text)
	}
	p, ok := su.Map.LookupPower(who)
	if !ok {
		return engine.Order{}, su.lineErr(file, l, "%s", su.unknownPower(who))
	}
	o, err := su.parser().ParseOrder(p, what)
	if err != nil {
		return engine.Order{}, su.lineErr(file, l, "%v", err)
	}
	return o, nil
}

// adjudicate adjudicates one step with its DICE (none: the seed's), and
// refuses a step that rolls more dice than given, or fewer.
func (su *Setup) adjudicate(file string, st Step, s *engine.State, orders []engine.Order, rng *engine.Rand) (*engine.Outcome, error) {
	var dice []int
	for _, l := range st.Dice {
		for _, w := range strings.Fields(l.Text) {
			v, err := strconv.Atoi(w)
			if err != nil || v < 0 {
				return nil, su.lineErr(file, l, "DICE: %q is no die's face or pick's number", w)
			}
			dice = append(dice, v)
		}
	}
	rng.Dice(dice).SetAsk(st.HasDice)
	if !st.HasDice {
		return engine.Adjudicate(s, orders, su.Rules, rng), nil
	}
	out, err := engine.AdjudicateStep(s, orders, su.Rules, rng)
	var nd *engine.NeedDraw
	var de *engine.DrawError
	switch {
	case errors.As(err, &nd):
		return nil, su.caseErr(file, st, "DICE gives %d values, but the step rolls more: the next is %s (1-%d)", len(dice), nd.Why, nd.N)
	case errors.As(err, &de):
		return nil, su.caseErr(file, st, "DICE: a value does not fit %s (%d possible)", de.Want.Why, de.Want.N)
	case err != nil:
		return nil, err
	case rng.DiceLeft() > 0:
		return nil, su.caseErr(file, st, "DICE gives %d values, but the step rolled only %d", len(dice), len(dice)-rng.DiceLeft())
	}
	return out, nil
}

// caseErr is an error at a step's DICE block, or at its orders when the
// block is empty.
func (su *Setup) caseErr(file string, st Step, format string, args ...any) error {
	l := Line{}
	switch {
	case len(st.Dice) > 0:
		l = st.Dice[0]
	case len(st.Orders) > 0:
		l = st.Orders[0]
	}
	return su.lineErr(file, l, format, args...)
}

func (su *Setup) orders(file string, lines []Line) ([]engine.Order, error) {
	out := make([]engine.Order, 0, len(lines))
	for _, l := range lines {
		o, err := su.orderLine(file, l)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

func (su *Setup) unitKey(u engine.Unit) string {
	return fmt.Sprintf("%s %s %s", su.Map.PowerName(u.Power), u.Type, su.Map.LocString(u.Loc))
}

// compare checks the units and the dislodged units after a step. In
// ConventionJDip a dislodged unit with no retreat is disbanded at once and
// listed nowhere; otherwise every dislodged unit is listed, and one with
// no retreat that a case leaves out is reported with the convention that
// would explain it.
func (su *Setup) compare(file, convention string, st Step, before, after *engine.State) ([]string, error) {
	want := map[string]bool{}
	if st.PostSame {
		for _, u := range before.Units {
			want[su.unitKey(u)] = true
		}
	}
	for _, l := range st.Post {
		u, err := su.unitLine(file, l)
		if err != nil {
			return nil, err
		}
		if u.Type == engine.Army {
			u.Loc.C = engine.NoCoast
		}
		want[su.unitKey(u)] = true
	}
	got := map[string]bool{}
	number := map[string]int{}
	for _, u := range after.Units {
		got[su.unitKey(u)] = true
		number[su.unitKey(u)] = u.Number
	}
	diffs := DiffSets("unit", want, got)
	// A unit number written in POSTSTATE (rule 10 of Character
	// Diplomacy: "France: 3A par") is compared too.
	for _, l := range st.Post {
		u, _ := su.unitLine(file, l)
		if u.Type == engine.Army {
			u.Loc.C = engine.NoCoast
		}
		if k := su.unitKey(u); u.Number > 0 && got[k] && number[k] != u.Number {
			diffs = append(diffs, fmt.Sprintf("unit %s is number %d, expected %d", k, number[k], u.Number))
		}
	}
	wantD := map[string]bool{}
	for _, l := range st.PostDislodged {
		u, err := su.unitLine(file, l)
		if err != nil {
			return nil, err
		}
		if u.Type == engine.Army {
			u.Loc.C = engine.NoCoast
		}
		wantD[su.unitKey(u)] = true
	}
	gotD := map[string]bool{}
	stuck := map[string]bool{} // dislodged units with no retreat
	for _, d := range after.Dislodged {
		k := su.unitKey(d.Unit)
		if after.Phase.Type == engine.Retreat && len(engine.RetreatOptions(after, d, su.Rules)) == 0 {
			stuck[k] = true
			if convention == ConventionJDip {
				continue
			}
		}
		gotD[k] = true
	}
	for _, d := range DiffSets("dislodged", wantD, gotD) {
		for k := range stuck {
			switch {
			case convention == ConventionJDip && d == "expected dislodged "+k+", missing":
				d = "dislodged " + k + " has no retreat: in CONVENTION jdip it is disbanded and not listed"
			case convention != ConventionJDip && d == "unexpected dislodged "+k:
				d += " (it has no retreat; jDip's and godip's suites leave such a unit out: for them say CONVENTION jdip, or run them with -convention jdip)"
			}
		}
		diffs = append(diffs, d)
	}
	return diffs, nil
}

// DiffSets lists, sorted, what want holds that got lacks ("expected WHAT
// K, missing") and what got holds that want lacks ("unexpected WHAT K"):
// how a case reports a position's differences, for variant blocks too.
func DiffSets(what string, want, got map[string]bool) []string {
	var out []string
	for k := range want {
		if !got[k] {
			out = append(out, fmt.Sprintf("expected %s %s, missing", what, k))
		}
	}
	for k := range got {
		if !want[k] {
			out = append(out, fmt.Sprintf("unexpected %s %s", what, k))
		}
	}
	sort.Strings(out)
	return out
}
