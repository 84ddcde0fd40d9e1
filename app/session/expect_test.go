package session

import (
	"errors"
	"strings"
	"testing"

	"dipdesk/engine"
)

// TestWritersStateTheirPhase: every writer of the current phase names
// the phase it means; once the game has moved on, each is refused with
// ErrStalePhase, naming both phases, and changes nothing.
func TestWritersStateTheirPhase(t *testing.T) {
	g := newGame(t)
	if _, _, err := g.SubmitOrders("S1901M", "france", "A par - bur"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.Process("Spring 1901 Movement"); err != nil { // any form ParsePhase reads
		t.Fatal(err)
	}
	audit := func() int {
		a, err := g.Audit()
		if err != nil {
			t.Fatal(err)
		}
		return len(a)
	}
	before := audit()
	e, err := g.ParseEdit([]string{"remove", "bur"})
	if err != nil {
		t.Fatal(err)
	}
	for name, write := range map[string]func() error{
		"SubmitOrders": func() error { _, _, err := g.SubmitOrders("S1901M", "france", "A bur - mun"); return err },
		"SubmitMany": func() error {
			_, err := g.SubmitMany("S1901M", []Submission{{Power: "france", Text: "A bur - mun"}})
			return err
		},
		"Process":   func() error { _, _, err := g.Process("S1901M"); return err },
		"ApplyEdit": func() error { return g.ApplyEdit("S1901M", e) },
		"no phase":  func() error { _, _, err := g.Process(""); return err },
		"not a phase": func() error {
			_, _, err := g.SubmitOrders("tomorrow", "france", "A bur - mun")
			return err
		},
	} {
		err := write()
		var se *StalePhaseError
		if !errors.Is(err, ErrStalePhase) || !errors.As(err, &se) || se.Current != "F1901M" {
			t.Errorf("%s for a past phase: %v", name, err)
			continue
		}
		if !strings.Contains(err.Error(), "F1901M") || !strings.Contains(err.Error(), "nothing was changed") {
			t.Errorf("%s: the error %q does not say what happened", name, err)
		}
	}
	if n := audit(); n != before {
		t.Errorf("refused writers changed the file: %d audit entries, %d before", n, before)
	}
	cur, err := g.Current()
	if err != nil || cur.Phase.Name != "F1901M" || unitAt(t, cur.State, "bur") != "france A" {
		t.Fatalf("after refused writers the game is at %s with %q in Burgundy (%v)", cur.Phase.Name, unitAt(t, cur.State, "bur"), err)
	}
	pending, err := g.Orders(cur.Phase)
	if err != nil || len(pending) != 0 {
		t.Errorf("orders for S1901M were filed under F1901M: %v %v", pending, err)
	}
	// The current phase is accepted, in either form.
	if _, _, err := g.SubmitOrders("f1901m", "france", "A bur - mun"); err != nil {
		t.Errorf("orders for the current phase: %v", err)
	}
	if err := g.ApplyEdit("Fall 1901", e); err != nil {
		t.Errorf("an edit of the current phase: %v", err)
	}
}

// TestRefusedSubmissionChangesNothing: a submission in which nothing
// could be read, or with more orders than any power gives, is refused
// whole and the power's earlier orders stay; an empty one still clears
// them.
func TestRefusedSubmissionChangesNothing(t *testing.T) {
	g := newGame(t)
	if _, _, err := g.SubmitOrders("S1901M", "france", "A par - bur\nF bre - mao"); err != nil {
		t.Fatal(err)
	}
	pending := func() []string {
		t.Helper()
		v, err := g.View(engine.Seat{Power: "france"}, "")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, o := range v.Pending {
			out = append(out, o.Format(g.Map()))
		}
		return out
	}
	good, errs, err := g.SubmitOrders("S1901M", "france", "A par - Bugundy\nflee to Spain")
	if !errors.Is(err, ErrNothingRead) || len(good) != 0 || len(errs) != 2 {
		t.Errorf("a submission nothing of which is read: %v %v %v", good, errs, err)
	}
	if got := pending(); len(got) != 2 {
		t.Errorf("after a refused submission France's orders are %v", got)
	}
	huge := strings.Repeat("A par H\n", MaxSubmission+1)
	if _, _, err := g.SubmitOrders("S1901M", "france", huge); !errors.Is(err, ErrTooManyOrders) {
		t.Errorf("%d orders: %v", MaxSubmission+1, err)
	}
	done, err := g.SubmitMany("S1901M", []Submission{{Power: "france", Text: "Bugundy"}, {Power: "england", Text: "F lon - nth"}})
	if err != nil || !errors.Is(done[0].Refused, ErrNothingRead) || done[1].Refused != nil || len(done[1].Orders) != 1 {
		t.Errorf("a batch with one refused submission: %+v %v", done, err)
	}
	if got := pending(); len(got) != 2 {
		t.Errorf("after a refused submission in a batch France's orders are %v", got)
	}
	if _, _, err := g.SubmitOrders("S1901M", "france", ""); err != nil || len(pending()) != 0 {
		t.Errorf("an empty submission: %v, orders %v", err, pending())
	}
	// The most a power may give is accepted.
	if _, _, err := g.SubmitOrders("S1901M", "france", strings.Repeat("A par H\n", MaxSubmission)); err != nil {
		t.Errorf("%d orders: %v", MaxSubmission, err)
	}
}
