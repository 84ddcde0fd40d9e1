package session

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"dipdesk/engine"
)

// Problem is one thing wrong with a line of a power's orders: a line the
// parser could not read, or an order the position makes impossible (no
// unit there, another power's unit, a move to a province out of reach, a
// build in an occupied or foreign centre).
type Problem struct {
	Line   int           // 1-based line of the text
	Order  *engine.Order // the order, nil when the line did not parse
	Code   engine.ResultCode
	Reason string // in words: "Belgium cannot reach Moscow"
}

// Error words the problem as the order panel shows it:
// `line 2: A bel - mos: Belgium cannot reach Moscow`.
func (p Problem) Error() string {
	if p.Order == nil {
		return p.Reason
	}
	return fmt.Sprintf("line %d: %s: %s", p.Line, strings.TrimSpace(p.Order.Text), p.Reason)
}

// Checked is what CheckOrders found in a power's orders text.
type Checked struct {
	Orders   []engine.Order // every order that parsed, legal or not
	Lines    []int          // the line of each order
	Problems []Problem      // bad lines and impossible orders, by line
}

// Illegal returns the orders the position makes impossible (the board
// draws them apart).
func (c Checked) Illegal() []engine.Order {
	var out []engine.Order
	for _, p := range c.Problems {
		if p.Order != nil {
			out = append(out, *p.Order)
		}
	}
	return out
}

// errString is how a parse error reaches Problem.Reason.
func errString(err error) string { return err.Error() }

// CheckOrders reads the orders power typed and checks each against the
// position of view v, which is all the seat may know: the engine
// adjudicates a trial of the phase with these orders alone, and every
// order it finds impossible (engine.Illegal, NoUnit, NotOwner, Refused)
// comes back with the engine's reason. Nothing is stored. One function
// answers "is this order legal" for the window, the LAN seat and the
// confirmation before adjudicating, and it is the engine's.
func CheckOrders(vr *engine.Variant, v engine.View, power engine.Power, text string) Checked {
	var c Checked
	if v.State == nil {
		return c
	}
	parser := vr.Parser(v.State.Map)
	orders, errs := parser.ParseOrders(power, text)
	for _, e := range errs {
		line := 0
		var pe *engine.ParseError
		if errors.As(e, &pe) {
			line = pe.Line
		}
		c.Problems = append(c.Problems, Problem{Line: line, Reason: errString(e)})
	}
	c.Orders = orders
	c.Lines = orderLines(parser, power, text, len(orders))
	for i := range orders {
		if o := &c.Orders[i]; o.Power != power {
			c.Problems = append(c.Problems, Problem{Line: c.Lines[i], Order: o, Code: engine.NotOwner,
				Reason: fmt.Sprintf("orders for %s must be given as %s's orders", v.State.Map.PowerName(o.Power), v.State.Map.PowerName(o.Power))})
		}
	}
	c.Problems = append(c.Problems, trial(vr, v.State, c.Orders, c.Lines)...)
	sortProblems(c.Problems)
	return c
}

// orderLines returns the line of each of the n orders of text, by parsing
// the text up to each line in turn (a header line "France:" changes the
// power of the lines after it, so lines are not read alone).
func orderLines(parser *engine.Parser, power engine.Power, text string, n int) []int {
	lines := make([]int, 0, n)
	rows := strings.Split(text, "\n")
	prev := 0
	for k := range rows {
		got, _ := parser.ParseOrders(power, strings.Join(rows[:k+1], "\n"))
		for ; prev < len(got) && len(lines) < n; prev++ {
			lines = append(lines, k+1)
		}
	}
	for len(lines) < n {
		lines = append(lines, len(rows))
	}
	return lines
}

// trialTag marks the orders of a trial so that results find their line.
const trialTag = "\x00trial "

// trial adjudicates a copy of s with orders alone and returns the orders
// the engine refused as impossible. A variant whose hooks fail on a
// seat's cut-down position (a panic) gives no finding rather than a
// crash: the order is then checked when the phase is adjudicated.
func trial(vr *engine.Variant, s *engine.State, orders []engine.Order, lines []int) (out []Problem) {
	if len(orders) == 0 {
		return nil
	}
	tagged := make([]engine.Order, len(orders))
	for i, o := range orders {
		o.Text = trialTag + strconv.Itoa(i)
		tagged[i] = o
	}
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	res := engine.Adjudicate(s.Clone(), tagged, vr.Rules, engine.NewRand(0))
	seen := map[int]bool{}
	for _, r := range res.Results {
		switch r.Code {
		case engine.Illegal, engine.NoUnit, engine.NotOwner, engine.Refused:
		default:
			continue
		}
		i, ok := trialIndex(r.Order.Text)
		if !ok || i >= len(orders) || seen[i] {
			continue
		}
		seen[i] = true
		o := orders[i]
		out = append(out, Problem{Line: lines[i], Order: &o, Code: r.Code, Reason: r.Reason})
	}
	return out
}

func trialIndex(text string) (int, bool) {
	s, ok := strings.CutPrefix(text, trialTag)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(s)
	return i, err == nil
}

// sortProblems orders problems by line, parse errors first on a line.
func sortProblems(ps []Problem) {
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && less(ps[j], ps[j-1]); j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}

func less(a, b Problem) bool {
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Order == nil && b.Order != nil
}
