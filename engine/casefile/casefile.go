// Package casefile reads and runs adjudication test cases in the DATC text
// format used by jDip and godip (CASE, PRESTATE_SETPHASE, PRESTATE, ORDERS,
// POSTSTATE, END ...), with the DipDesk extension of several steps in one
// case. docs/case-format.md describes the format.
package casefile

import (
	"bufio"
	"fmt"
	"io"
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
	Check         bool   // a POSTSTATE, POSTSTATE_SAME or POSTSTATE_DISLODGED block was given
}

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
	f := &File{Name: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxLine)
	var (
		cur     *Case
		block   *[]Line
		variant string
		n       int
	)
	errf := func(format string, args ...any) error {
		return &SyntaxError{File: name, Line: n, Msg: fmt.Sprintf(format, args...)}
	}
	step := func() *Step {
		if len(cur.Steps) == 0 {
			cur.Steps = append(cur.Steps, Step{})
		}
		return &cur.Steps[len(cur.Steps)-1]
	}
	for sc.Scan() {
		n++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
		if text == "" {
			continue
		}
		kw, rest, _ := strings.Cut(text, " ")
		kw = strings.ToUpper(strings.TrimSpace(kw))
		rest = strings.TrimSpace(rest)
		if cur == nil && kw != "CASE" && kw != "VARIANT_ALL" {
			return nil, errf("%q outside a case (want CASE first)", text)
		}
		switch kw {
		case "VARIANT_ALL":
			if cur != nil {
				return nil, errf("VARIANT_ALL inside case %q", cur.Name)
			}
			variant = rest
		case "CASE":
			if cur != nil {
				return nil, errf("CASE before END of case %q", cur.Name)
			}
			cur = &Case{Name: rest, Line: n, Variant: variant}
			block = nil
		case "PRESTATE_SETPHASE":
			cur.Phase, cur.PhaseLine = rest, n
			block = nil
		case "PRESTATE_SUPPLYCENTER_OWNERS":
			cur.HasOwners = true
			block = &cur.Owners
		case "PRESTATE":
			block = &cur.Pre
		case "PRESTATE_DISLODGED":
			block = &cur.Dislodged
		case "PRESTATE_RESULTS":
			block = &cur.PreResults
		case "ORDERS":
			if len(cur.Steps) > 0 && len(cur.Steps[len(cur.Steps)-1].Orders) == 0 && !cur.Steps[len(cur.Steps)-1].Check {
				block = &step().Orders
				break
			}
			cur.Steps = append(cur.Steps, Step{})
			block = &step().Orders
		case "POSTSTATE":
			s := step()
			s.Check = true
			block = &s.Post
		case "POSTSTATE_DISLODGED":
			s := step()
			s.Check = true
			block = &s.PostDislodged
		case "POSTSTATE_SAME":
			s := step()
			s.Check, s.PostSame = true, true
			block = nil
		case "END":
			if len(cur.Steps) == 0 {
				cur.Steps = append(cur.Steps, Step{})
			}
			f.Cases = append(f.Cases, cur)
			cur, block = nil, nil
		default:
			if !strings.Contains(text, ":") && strings.Contains(kw, "_") && kw == strings.ToUpper(kw) {
				return nil, errf("unknown keyword %q", kw)
			}
			if block == nil {
				return nil, errf("unexpected line %q in case %q (no block open)", text, cur.Name)
			}
			*block = append(*block, Line{N: n, Text: text})
		}
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, &SyntaxError{File: name, Line: n + 1, Msg: "line too long"}
		}
		return nil, fmt.Errorf("casefile: reading %s: %w", name, err)
	}
	if cur != nil {
		return nil, &SyntaxError{File: name, Line: n, Msg: fmt.Sprintf("case %q has no END", cur.Name)}
	}
	return f, nil
}
