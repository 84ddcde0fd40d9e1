package cli

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/engine/casefile"
	"dipdesk/variants"
)

type casefileSetup = casefile.Setup

// newSetup is the case runner for variant v on board m, with the
// variant's part of the case format (variants.CaseSetup).
func newSetup(v *engine.Variant, m *engine.Map) *casefile.Setup {
	su, err := variants.CaseSetup(v)
	if err != nil {
		return &casefile.Setup{Map: m, Rules: v.Rules, Parser: v.Parser(m), Name: v.Name}
	}
	su.Map, su.Parser = m, v.Parser(m)
	return su
}

func readCaseFile(c *CLI, name string) (*casefile.File, error) {
	r, err := openArg(c, name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return casefile.Parse(name, io.LimitReader(r, 64<<20))
}

// runCases runs case files and prints one line per failing case, then
// "cases: N passed, M failed".
func runCases(c *CLI, args []string) int {
	fs := newFlags(c, "cases")
	verbose := fs.Bool("v", false, "print every case with its order results")
	variant := fs.String("variant", "", "variant to run the cases in (default: the file's VARIANT_ALL, else standard)")
	conventionFlag := fs.String("convention", "", "how POSTSTATE_DISLODGED is written, whatever the files say: dipdesk (every dislodged unit) or jdip (jDip's and godip's suites: no unit without a retreat)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(c.Stderr, "usage: dipdesk cases [-v] [-variant id] [-convention dipdesk|jdip] FILE...")
		return 2
	}
	convention, err := casefile.ParseConvention(*conventionFlag)
	if err != nil {
		fmt.Fprintf(c.Stderr, "cases: -convention: %v\n", err)
		return 2
	}
	passed, failed := 0, 0
	for _, name := range fs.Args() {
		f, err := readCaseFile(c, name)
		if err != nil {
			fmt.Fprintf(c.Stderr, "cases: %v\n", err)
			failed++
			continue
		}
		for _, cs := range f.Cases {
			su, err := setup(*variant, cs.Variant)
			if err != nil {
				fmt.Fprintf(c.Stdout, "FAIL %s:%d %s: %v\n", name, cs.Line, cs.Name, err)
				failed++
				continue
			}
			su.Convention = convention
			rep := su.Run(name, cs)
			if *verbose {
				printReport(c.Stdout, su, rep)
			}
			switch {
			case rep.Err != nil:
				fmt.Fprintf(c.Stdout, "FAIL %s:%d %s: %v\n", name, cs.Line, cs.Name, rep.Err)
				failed++
			case !rep.Passed():
				fmt.Fprintf(c.Stdout, "FAIL %s:%d %s: %s\n", name, cs.Line, cs.Name, strings.Join(rep.Diffs, "; "))
				failed++
			default:
				passed++
			}
		}
	}
	fmt.Fprintf(c.Stdout, "cases: %d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}

// runAdjudicate adjudicates the cases of a file (normally one position
// with orders) and prints what happened.
func runAdjudicate(c *CLI, args []string) int {
	fs := newFlags(c, "adjudicate")
	variant := fs.String("variant", "", "variant (default: the file's VARIANT_ALL, else standard)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(c.Stderr, "usage: dipdesk adjudicate [-variant id] FILE")
		return 2
	}
	f, err := readCaseFile(c, fs.Arg(0))
	if err != nil {
		fmt.Fprintf(c.Stderr, "adjudicate: %v\n", err)
		return 1
	}
	status := 0
	for _, cs := range f.Cases {
		su, err := setup(*variant, cs.Variant)
		if err != nil {
			fmt.Fprintf(c.Stderr, "adjudicate: %v\n", err)
			return 1
		}
		rep := su.Run(fs.Arg(0), cs)
		printReport(c.Stdout, su, rep)
		if rep.Err != nil {
			fmt.Fprintf(c.Stderr, "adjudicate: %v\n", rep.Err)
			status = 1
		}
	}
	return status
}

func printReport(w io.Writer, su *casefile.Setup, rep *casefile.Report) {
	m := su.Map
	fmt.Fprintf(w, "== %s\n", rep.Case.Name)
	for _, st := range rep.Steps {
		out := st.Outcome
		fmt.Fprintf(w, "%s (%s)\n", out.Phase, out.Phase.Key())
		for _, r := range out.Results {
			mark := "ok  "
			if !r.OK {
				mark = "FAIL"
			}
			fmt.Fprintf(w, "  %s %-34s %s\n", mark, orderLine(m, r.Order), r.Reason)
		}
		for _, e := range out.Events {
			fmt.Fprintf(w, "  * %s\n", e)
		}
		printPosition(w, su, out.Next, nil)
	}
	if len(rep.Diffs) > 0 {
		fmt.Fprintf(w, "  differs from the expected position:\n")
		for _, d := range rep.Diffs {
			fmt.Fprintf(w, "    %s\n", d)
		}
	}
}

// printPosition lists s's units, each with note's words about it in
// brackets (nil: the variant's own UnitNote, if any).
func printPosition(w io.Writer, su *casefile.Setup, s *engine.State, note func(engine.Unit) string) {
	m := su.Map
	if note == nil {
		note = func(u engine.Unit) string { return unitNote(s, u) }
	}
	fmt.Fprintf(w, "Position, %s (%s):\n", s.Phase, s.Phase.Key())
	units := append([]engine.Unit(nil), s.Units...)
	sort.SliceStable(units, func(i, j int) bool {
		if units[i].Power != units[j].Power {
			return units[i].Power < units[j].Power
		}
		return m.LocString(units[i].Loc) < m.LocString(units[j].Loc)
	})
	for _, u := range units {
		fmt.Fprintf(w, "  %s: %s %s%s\n", seatName(m, u.Power), unitWord(m, u), m.LocString(u.Loc), note(u))
	}
	for _, d := range s.Dislodged {
		var opts []string
		for _, l := range engine.RetreatOptions(s, d, su.Rules) {
			opts = append(opts, m.LocString(l))
		}
		where := "none: it will be disbanded"
		if len(opts) > 0 {
			where = strings.Join(opts, ", ")
		}
		fmt.Fprintf(w, "  dislodged %s: %s %s%s (may retreat to %s)\n", seatName(m, d.Unit.Power), unitWord(m, d.Unit), m.LocString(d.Unit.Loc), note(d.Unit), where)
	}
	if s.Phase.Type == engine.Adjustment {
		adj := engine.Adjustments(s)
		powers := make([]engine.Power, 0, len(adj))
		for p := range adj {
			powers = append(powers, p)
		}
		sort.Slice(powers, func(i, j int) bool { return powers[i] < powers[j] })
		for _, p := range powers {
			if n := adj[p]; n > 0 {
				fmt.Fprintf(w, "  %s builds %d\n", m.PowerName(p), n)
			} else {
				fmt.Fprintf(w, "  %s disbands %d\n", m.PowerName(p), -n)
			}
		}
	}
}

// unitWord is a unit's type or its kind's code ("A", "F", "B", "BORG"),
// with its number when the variant numbers units (Character Diplomacy
// rule 10: "1A", "2F").
func unitWord(m *engine.Map, u engine.Unit) string {
	code := m.UnitCode(u.Type, u.Kind)
	if u.Number > 0 {
		return fmt.Sprintf("%d%s", u.Number, code)
	}
	return code
}

// seatName names a unit's seat: the power or role, or "No seat" for a
// piece the engine moves (the Borg).
func seatName(m *engine.Map, p engine.Power) string {
	if p == "" {
		return "No seat"
	}
	return m.PowerName(p)
}

// unitNoter is implemented by a variant's part of the position that has
// something to say about a unit: Character Diplomacy's card, when the
// position (a seat's view) holds it.
type unitNoter interface {
	UnitNote(u engine.Unit) string
}

// unitNote returns "  [note]" for u, or "".
func unitNote(s *engine.State, u engine.Unit) string {
	if n, ok := s.Extra.(unitNoter); ok {
		if note := n.UnitNote(u); note != "" {
			return "  [" + note + "]"
		}
	}
	return ""
}

// optionFlags collects "new --option NAME=VALUE" flags: the variant's
// game options (Character Diplomacy: add_cards, reshuffle_every).
type optionFlags map[string]string

func (o optionFlags) String() string { return fmt.Sprint(len(o), " options") }

func (o optionFlags) Set(v string) error {
	name, value, ok := strings.Cut(v, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return fmt.Errorf("want NAME=VALUE, as add_cards=X5,X8")
	}
	if _, dup := o[name]; dup {
		return fmt.Errorf("option %s given twice", name)
	}
	o[name] = strings.TrimSpace(value)
	return nil
}

// check refuses options for a variant that takes none (it has no Setup to
// read them), rather than ignoring them; the session's own (dice) every
// game takes.
func (o optionFlags) check(variant string) error {
	v, ok := variants.Lookup(variant)
	if !ok || v.Setup != nil {
		return nil // session.Create reports an unknown variant
	}
	for name := range o {
		if name != session.OptionDice {
			return fmt.Errorf("%s takes no options but %s (--option %s=...)", v.Name, session.OptionDice, name)
		}
	}
	return nil
}

// orNil returns nil for no options, so a game without any stores none.
func (o optionFlags) orNil() map[string]string {
	if len(o) == 0 {
		return nil
	}
	return o
}
