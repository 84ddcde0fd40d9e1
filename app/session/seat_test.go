package session

import (
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants"
)

// secretVariant is the standard game with a variant's secret: After adds
// an event only the game master may read and marks France's results with
// a secret reason; ConcealOutcome (as Davis #11's hypnotist would) cuts
// both from every other seat's outcome.
func secretVariant(t *testing.T) *engine.Variant {
	t.Helper()
	std, ok := variants.Lookup("standard")
	if !ok {
		t.Fatal("no standard variant")
	}
	v := *std
	v.ID = "secret-test"
	v.Rules = &engine.Rules{
		After: func(s *engine.State, out *engine.Outcome, rng *engine.Rand) {
			out.Events = append(out.Events, "SECRET: France's 1A holds the Annihilator")
			for i := range out.Results {
				if out.Results[i].Order.Power == "france" {
					out.Results[i].Reason += " (SECRET hypnotised by Germany)"
				}
			}
		},
		ConcealOutcome: func(before *engine.State, seat engine.Seat, out *engine.Outcome) {
			if seat.GM {
				return
			}
			kept := out.Events[:0]
			for _, e := range out.Events {
				if !strings.Contains(e, "SECRET") {
					kept = append(kept, e)
				}
			}
			out.Events = kept
			for i := range out.Results {
				if r, _, ok := strings.Cut(out.Results[i].Reason, " (SECRET"); ok {
					out.Results[i].Reason = r
				}
			}
		},
	}
	return &v
}

// TestReportConcealsPerSeat: a report shows each seat only what it may
// know (Davis rule 3), through engine.OutcomeFor and the variant's
// ConcealOutcome; the game master's report has the secret.
func TestReportConcealsPerSeat(t *testing.T) {
	g, err := CreateWith(filepath.Join(t.TempDir(), "g.dipdesk"), secretVariant(t), Options{Seed: 7, Now: fixedClock()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	submitAll(t, g, openings)
	if _, _, err := g.Process(phaseNow(g)); err != nil {
		t.Fatal(err)
	}
	gm, err := g.Report("S1901M", engine.Seat{GM: true})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(gm, "SECRET") != 4 { // the event and France's three results
		t.Errorf("the game master's report lacks the secrets:\n%s", gm)
	}
	for _, seat := range []engine.Seat{{Power: "france"}, {Power: "germany"}, {}} {
		rep, err := g.Report("S1901M", seat)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(rep, "SECRET") {
			t.Errorf("%s's report prints a secret:\n%s", seat, rep)
		}
		if !strings.Contains(rep, "A par - bur") || !strings.Contains(rep, "Supply centres:") {
			t.Errorf("%s's report lost the public part:\n%s", seat, rep)
		}
	}
	// The stored results (the game master's record) still hold it all.
	ps, err := g.Phase("S1901M")
	if err != nil {
		t.Fatal(err)
	}
	out, err := g.SeatOutcome(ps, engine.Seat{Power: "germany"})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range out.Events {
		if strings.Contains(e, "SECRET") {
			t.Errorf("SeatOutcome for germany keeps event %q", e)
		}
	}
	if len(out.Results) != 22 {
		t.Errorf("%d results, want 22", len(out.Results))
	}
}
