// Package casefile reads and runs adjudication test cases in the DATC text
// format used by jDip and godip (CASE, PRESTATE_SETPHASE, PRESTATE, ORDERS,
// POSTSTATE, END ...), with the DipDesk extensions: several steps in one
// case, POSTSTATE_RESULTS, unit numbers, and a variant's own lines and
// blocks (VARIANT, OPTION, PreBlocks, PostBlocks), which the variant's
// Extension reads. docs/case-format.md describes the format.
package casefile

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Line is one line of a block with its line number in the file.
type Line struct {
	N    int
	Text string
}

// Step is one ORDERS block and the checks that follow it.
type Step struct {
	Orders        []Line
	Post          []Line // POSTSTATE
	PostDislodged []Line // POSTSTATE_DISLODGED
	PostSame      bool   // POSTSTATE_SAME
	Check         bool   // a block checking the step was given (any POSTSTATE keyword)
	// CheckUnits is set when POSTSTATE, POSTSTATE_SAME or
	// POSTSTATE_DISLODGED was given: the units and the dislodged units
	// are compared (a block left out means none).
	CheckUnits bool
	// PostResults are POSTSTATE_RESULTS lines: "SUCCESS: Power: order" or
	// "FAILURE: Power: order", optionally followed by " | words" the
	// result's reason must contain.
	PostResults []Line
	// PostOwners are POSTSTATE_SUPPLYCENTER_OWNERS lines, "Power: lon":
	// every owned centre after the step (HasPostOwners: the block was
	// given, so an empty block says no centre is owned).
	PostOwners    []Line
	HasPostOwners bool
	// Winner is the POSTSTATE_WINNER line's power, or "none" (HasWinner:
	// the line was given, at WinnerLine).
	Winner     string
	WinnerLine int
	HasWinner  bool
	// Dice are the DICE block's lines: the values of the dice and picks
	// the step rolls, in order (a die's face, a pick's index), for
	// Rand.Dice. Every value must be rolled, and no more rolled.
	Dice    []Line
	HasDice bool // a DICE block was given, even an empty one
	// Variant holds the step's variant blocks (PostBlocks), by keyword,
	// and VariantAt the line of each block's keyword.
	Variant   map[string][]Line
	VariantAt map[string]int
}

// PreBlocks and PostBlocks are the variant blocks the parser accepts
// before the first ORDERS and after an ORDERS block. The runner hands them
// to the Setup's Extension, which declares the ones it checks
// (Extension.Blocks); a case with any other block fails, whatever its
// variant, so no expectation is ever skipped. A variant that needs another
// block adds its keyword here, declares it and reads it in its Extension.
var (
	PreBlocks = []string{
		"PRESTATE_CARDS",      // Character Diplomacy: the card each unit holds
		"PRESTATE_DECK",       // Character Diplomacy: the top of the pile, the next card first (scripted draws)
		"PRESTATE_EFFECTS",    // Character Diplomacy: mines, closures, suspended centres, disorders, uses, free units
		"PRESTATE_CHARACTERS", // Questionable Character Diplomacy: characters caught, barred, jailed, dead or defected
	}
	PostBlocks = []string{
		"POSTSTATE_CARDS",      // Character Diplomacy: every card on the board after the step
		"POSTSTATE_DISCARDS",   // Character Diplomacy: the discard pile after the step
		"POSTSTATE_EFFECTS",    // Character Diplomacy: every effect on the board after the step
		"POSTSTATE_SEEN",       // Character Diplomacy II: the units a seat's view shows after the step
		"POSTSTATE_REPORT",     // Character Diplomacy II: lines a seat's results must contain, or must not
		"POSTSTATE_KNOWN",      // Character Diplomacy II: what every player knows of a unit's card (public, hinted, secret)
		"POSTSTATE_CHARACTERS", // Questionable Character Diplomacy: every character not as it began
	}
)

// Case is one test case.
type Case struct {
	Name       string
	Line       int // line of the CASE keyword
	Variant    string
	Phase      string
	PhaseLine  int
	Owners     []Line // PRESTATE_SUPPLYCENTER_OWNERS
	HasOwners  bool
	Pre        []Line // PRESTATE
	Dislodged  []Line // PRESTATE_DISLODGED
	PreResults []Line // PRESTATE_RESULTS
	Steps      []Step
	// Options are OPTION lines, "name value": the variant's game options
	// (those of the file before its first CASE, then the case's own).
	Options []Line
	// VariantPre holds the case's variant blocks (PreBlocks), by keyword,
	// and VariantPreAt the line of each block's keyword.
	VariantPre   map[string][]Line
	VariantPreAt map[string]int
	// Convention is how the case's POSTSTATE_DISLODGED is written
	// (CONVENTION line): ConventionDipDesk ("") or ConventionJDip.
	Convention string
}

// The conventions of POSTSTATE_DISLODGED, named by a CONVENTION line.
const (
	// ConventionDipDesk (the default, also written "dipdesk"): every unit
	// the step dislodged is listed, with or without a retreat.
	ConventionDipDesk = ""
	// ConventionJDip: a dislodged unit with no retreat is disbanded at
	// once and listed nowhere, as jDip's and godip's DATC v2.4 suites
	// write it.
	ConventionJDip = "jdip"
)

// ParseConvention reads a CONVENTION value: "dipdesk" or "jdip" (godip's
// suites, which reuse jDip's, are "jdip" too).
func ParseConvention(v string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "dipdesk", "":
		return ConventionDipDesk, nil
	case "jdip", "godip":
		return ConventionJDip, nil
	}
	return "", fmt.Errorf("unknown convention %q (known: dipdesk, jdip)", strings.TrimSpace(v))
}

// File is a parsed case file.
type File struct {
	Name  string
	Cases []*Case
}

// SyntaxError is a malformed case file, with the place it was found.
type SyntaxError struct {
	File string
	Line int
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// maxLine bounds a line, so a damaged file cannot exhaust memory.
const maxLine = 64 * 1024

// Parse reads a case file. name is used in error messages.
func Parse(name string, r io.Reader) (*File, error) {
	p := &fileParser{f: &File{Name: name}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxLine)
	for sc.Scan() {
		p.n++
		text := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		// A case's name is the whole rest of its CASE line: "#9" in
		// "CASE 9.1 the Annihilator (card #9)" is part of it.
		if i := strings.IndexByte(text, '#'); i >= 0 && !isCaseLine(text) {
			text = strings.TrimSpace(text[:i])
		}
		if text == "" {
			continue
		}
		if err := p.line(text); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, &SyntaxError{File: name, Line: p.n + 1, Msg: "line too long"}
		}
		return nil, fmt.Errorf("casefile: reading %s: %w", name, err)
	}
	if p.cur != nil {
		return nil, &SyntaxError{File: name, Line: p.n, Msg: fmt.Sprintf("case %q has no END", p.cur.Name)}
	}
	return p.f, nil
}

// isCaseLine reports whether text is a CASE line.
func isCaseLine(text string) bool {
	f := strings.Fields(text)
	return len(f) > 0 && strings.EqualFold(f[0], "CASE")
}

// fileParser is the state of Parse between lines.
type fileParser struct {
	f          *File
	cur        *Case
	block      *[]Line
	variant    string
	convention string // CONVENTION before the first CASE
	options    []Line // OPTION lines before the first CASE
	// vmap and vkey are the open variant block, when one is open.
	vmap map[string][]Line
	vkey string
	n    int
}

func (p *fileParser) errf(format string, args ...any) error {
	return &SyntaxError{File: p.f.Name, Line: p.n, Msg: fmt.Sprintf(format, args...)}
}

// step returns the current step of the case, starting one if needed.
func (p *fileParser) step() *Step {
	if len(p.cur.Steps) == 0 {
		p.cur.Steps = append(p.cur.Steps, Step{})
	}
	return &p.cur.Steps[len(p.cur.Steps)-1]
}

// line handles one non-empty line: a keyword, or a line of the open block.
func (p *fileParser) line(text string) error {
	kw, rest, _ := strings.Cut(text, " ")
	kw = strings.ToUpper(strings.TrimSpace(kw))
	rest = strings.TrimSpace(rest)
	if p.cur == nil && kw != "CASE" && kw != "VARIANT_ALL" && kw != "VARIANT" && kw != "OPTION" && kw != "CONVENTION" {
		return p.errf("%q outside a case (want CASE first)", text)
	}
	if kw == "VARIANT_ALL" || kw == "VARIANT" || kw == "OPTION" || kw == "CASE" || kw == "END" || kw == "CONVENTION" {
		p.vmap = nil
	}
	switch kw {
	case "CONVENTION":
		// Before a case: every case of the file; inside one: that case.
		cv, err := ParseConvention(rest)
		if err != nil || rest == "" {
			return p.errf("CONVENTION: want dipdesk or jdip, got %q", rest)
		}
		if p.cur == nil {
			p.convention = cv
		} else {
			p.cur.Convention, p.block = cv, nil
		}
	case "VARIANT_ALL":
		if p.cur != nil {
			return p.errf("VARIANT_ALL inside case %q", p.cur.Name)
		}
		p.variant = rest
	case "VARIANT":
		// Before a case: as VARIANT_ALL; inside one: that case's variant.
		if rest == "" {
			return p.errf("VARIANT needs a variant id")
		}
		if p.cur == nil {
			p.variant = rest
		} else {
			p.cur.Variant, p.block = rest, nil
		}
	case "OPTION":
		if f := strings.Fields(rest); len(f) < 2 {
			return p.errf("OPTION needs a name and a value, as in \"OPTION add_cards X5,X8\"")
		}
		l := Line{N: p.n, Text: rest}
		if p.cur == nil {
			p.options = append(p.options, l)
		} else {
			p.cur.Options, p.block = append(p.cur.Options, l), nil
		}
	case "CASE":
		if p.cur != nil {
			return p.errf("CASE before END of case %q", p.cur.Name)
		}
		p.cur, p.block = &Case{Name: rest, Line: p.n, Variant: p.variant, Convention: p.convention, Options: append([]Line(nil), p.options...)}, nil
	case "DICE":
		// The step's dice follow its orders, so they never fall to the
		// step before by mistake.
		if n := len(p.cur.Steps); n == 0 || len(p.cur.Steps[n-1].Orders) == 0 {
			return p.errf("DICE comes after the ORDERS of the step that rolls them")
		}
		st := p.step()
		if st.HasDice {
			return p.errf("a second DICE block in one step")
		}
		p.block, p.vmap, st.HasDice = &st.Dice, nil, true
		if rest != "" {
			st.Dice = append(st.Dice, Line{N: p.n, Text: rest})
		}
	case "END":
		p.step()
		p.f.Cases = append(p.f.Cases, p.cur)
		p.cur, p.block = nil, nil
	default:
		open := p.vmap
		p.vmap = nil
		if p.blockKeyword(kw, rest) {
			return nil
		}
		p.vmap = open
		if !strings.Contains(text, ":") && strings.Contains(kw, "_") && kw == strings.ToUpper(kw) {
			return p.errf("unknown keyword %q", kw)
		}
		if p.vmap != nil {
			p.vmap[p.vkey] = append(p.vmap[p.vkey], Line{N: p.n, Text: text})
			return nil
		}
		if p.block == nil {
			return p.errf("unexpected line %q in case %q (no block open)", text, p.cur.Name)
		}
		*p.block = append(*p.block, Line{N: p.n, Text: text})
	}
	return nil
}

// blockKeyword handles the keywords inside a case; it reports whether kw
// was one.
func (p *fileParser) blockKeyword(kw, rest string) bool {
	c := p.cur
	switch kw {
	case "PRESTATE_SETPHASE":
		c.Phase, c.PhaseLine, p.block = rest, p.n, nil
	case "PRESTATE_SUPPLYCENTER_OWNERS":
		c.HasOwners, p.block = true, &c.Owners
	case "PRESTATE":
		p.block = &c.Pre
	case "PRESTATE_DISLODGED":
		p.block = &c.Dislodged
	case "PRESTATE_RESULTS":
		p.block = &c.PreResults
	case "ORDERS":
		// A new step, unless the current one has neither orders nor checks.
		if n := len(c.Steps); n == 0 || len(c.Steps[n-1].Orders) > 0 || c.Steps[n-1].Check {
			c.Steps = append(c.Steps, Step{})
		}
		p.block = &p.step().Orders
	case "POSTSTATE":
		st := p.step()
		st.Check, st.CheckUnits, p.block = true, true, &st.Post
	case "POSTSTATE_DISLODGED":
		st := p.step()
		st.Check, st.CheckUnits, p.block = true, true, &st.PostDislodged
	case "POSTSTATE_SAME":
		st := p.step()
		st.Check, st.CheckUnits, st.PostSame, p.block = true, true, true, nil
	case "POSTSTATE_RESULTS":
		st := p.step()
		st.Check, p.block = true, &st.PostResults
	case "POSTSTATE_SUPPLYCENTER_OWNERS":
		st := p.step()
		st.Check, st.HasPostOwners, p.block = true, true, &st.PostOwners
	case "POSTSTATE_WINNER":
		st := p.step()
		st.Check, st.HasWinner, st.Winner, st.WinnerLine, p.block = true, true, rest, p.n, nil
	default:
		return p.variantBlock(kw)
	}
	return true
}

// variantBlock opens a variant block (PreBlocks, PostBlocks); it reports
// whether kw was one.
func (p *fileParser) variantBlock(kw string) bool {
	var m map[string][]Line
	var at map[string]int
	switch {
	case slices.Contains(PreBlocks, kw):
		if p.cur.VariantPre == nil {
			p.cur.VariantPre, p.cur.VariantPreAt = map[string][]Line{}, map[string]int{}
		}
		m, at = p.cur.VariantPre, p.cur.VariantPreAt
	case slices.Contains(PostBlocks, kw):
		st := p.step()
		st.Check = true
		if st.Variant == nil {
			st.Variant, st.VariantAt = map[string][]Line{}, map[string]int{}
		}
		m, at = st.Variant, st.VariantAt
	default:
		return false
	}
	if _, ok := m[kw]; !ok {
		m[kw] = []Line{}
		at[kw] = p.n
	}
	p.vmap, p.vkey, p.block = m, kw, nil
	return true
}
