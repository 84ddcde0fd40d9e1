package casefile

import (
	"fmt"
	"sort"
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
	// Extension is what the variant adds to the format (nil: none, and a
	// case with OPTION lines or variant blocks fails).
	Extension *Extension
}

// Extension is a variant's part of the case runner: it reads the OPTION
// lines and the variant blocks (PreBlocks, PostBlocks).
type Extension struct {
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
	s, err := su.initial(file, c)
	if err != nil {
		rep.Err = err
		return rep
	}
	rng := engine.NewRand(su.Seed)
	if err := su.prepare(file, c, s, rng); err != nil {
		rep.Err = err
		return rep
	}
	for k, st := range c.Steps {
		orders, err := su.orders(file, st.Orders)
		if err != nil {
			rep.Err = err
			return rep
		}
		out := engine.Adjudicate(s, orders, su.Rules, rng)
		rep.Steps = append(rep.Steps, StepReport{Before: s, Orders: orders, Outcome: out})
		var diffs []string
		if st.CheckUnits {
			diffs, err = su.compare(file, st, s, out.Next)
			if err != nil {
				rep.Err = err
				return rep
			}
		}
		more, err := su.compareResults(file, st, out)
		if err != nil {
			rep.Err = err
			return rep
		}
		diffs = append(diffs, more...)
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

// prepare hands the case's options and variant blocks to the Extension.
func (su *Setup) prepare(file string, c *Case, s *engine.State, rng *engine.Rand) error {
	if su.Extension == nil || su.Extension.Prepare == nil {
		if len(c.Options) > 0 {
			return su.lineErr(file, c.Options[0], "OPTION: this case runs as a variant without options (say VARIANT)")
		}
		for _, kw := range PreBlocks {
			if _, ok := c.VariantPre[kw]; ok {
				return &SyntaxError{File: file, Line: c.Line, Msg: kw + " is not a block of this case's variant (say VARIANT)"}
			}
		}
		return nil
	}
	return su.Extension.Prepare(su, file, c, s, rng)
}

// variantStep hands a step to the Extension, or fails when the step has
// variant blocks and there is none.
func (su *Setup) variantStep(file string, st Step, out *engine.Outcome, diffs *[]string) error {
	if su.Extension == nil || su.Extension.Check == nil {
		for _, kw := range PostBlocks {
			if ls, ok := st.Variant[kw]; ok {
				n := 0
				if len(ls) > 0 {
					n = ls[0].N
				}
				return &SyntaxError{File: file, Line: n, Msg: kw + " is not a block of this case's variant (say VARIANT)"}
			}
		}
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
			if r.Order.Power != o.Power || r.Order.At.P != o.At.P || r.Order.Kind != o.Kind {
				continue
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
		return engine.Unit{}, su.lineErr(file, l, "unknown power %q", strings.TrimSpace(who))
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

func (su *Setup) initial(file string, c *Case) (*engine.State, error) {
	phase := engine.Phase{Year: 1901, Season: engine.Spring, Type: engine.Movement}
	if c.Phase != "" {
		p, err := engine.ParsePhase(c.Phase)
		if err != nil {
			return nil, &SyntaxError{File: file, Line: c.PhaseLine, Msg: err.Error()}
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
				return nil, err
			}
			s.Owners[u.Loc.P] = u.Power
		}
	}
	for _, l := range c.Pre {
		u, err := su.unitLine(file, l)
		if err != nil {
			return nil, err
		}
		if err := su.place(s, u); err != nil {
			return nil, su.lineErr(file, l, "%v", err)
		}
	}
	for _, l := range c.Dislodged {
		u, err := su.unitLine(file, l)
		if err != nil {
			return nil, err
		}
		if u.Type == engine.NoUnitType {
			return nil, su.lineErr(file, l, "say A or F")
		}
		s.Dislodged = append(s.Dislodged, engine.Dislodgement{Unit: u, From: engine.NoProvince})
	}
	if err := su.priorResults(file, c, s); err != nil {
		return nil, err
	}
	return s, nil
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

func (su *Setup) place(s *engine.State, u engine.Unit) error {
	if u.Type == engine.NoUnitType {
		return fmt.Errorf("say A or F")
	}
	if u.Type == engine.Fleet && su.Map.MultiCoast(u.Loc.P) && u.Loc.C == engine.NoCoast {
		return fmt.Errorf("a fleet in %s needs its coast", su.Map.Provinces[u.Loc.P].Name)
	}
	if u.Type == engine.Army {
		u.Loc.C = engine.NoCoast
	}
	if !su.Map.CanHold(u.Type, u.Loc) {
		return fmt.Errorf("%s cannot stand in %s", u.Type.Noun(), su.Map.LocName(u.Loc))
	}
	if i := s.UnitAt(u.Loc.P); i >= 0 && !su.Map.Provinces[u.Loc.P].Unlimited {
		return fmt.Errorf("%s already holds a unit", su.Map.Provinces[u.Loc.P].Name)
	}
	s.Units = append(s.Units, u)
	return nil
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
		return engine.Order{}, su.lineErr(file, l, "unknown power %q", strings.TrimSpace(who))
	}
	o, err := su.parser().ParseOrder(p, what)
	if err != nil {
		return engine.Order{}, su.lineErr(file, l, "%v", err)
	}
	return o, nil
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

func (su *Setup) compare(file string, st Step, before, after *engine.State) ([]string, error) {
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
	for _, d := range after.Dislodged {
		gotD[su.unitKey(d.Unit)] = true
	}
	return append(diffs, DiffSets("dislodged", wantD, gotD)...), nil
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
