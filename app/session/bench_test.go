package session

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/engine"
)

// playRandom plays up to years years of seeded random orders through the
// session (every power submits, then the phase is processed).
func playRandom(tb testing.TB, g *Game, years int, seed uint64) {
	tb.Helper()
	rng := engine.NewRand(seed)
	for {
		cur, err := g.Current()
		if err != nil {
			tb.Fatal(err)
		}
		if cur.State.Phase.Year >= 1901+years {
			return
		}
		byPower := map[engine.Power][]string{}
		for _, o := range engine.RandomOrders(cur.State, rng) {
			byPower[o.Power] = append(byPower[o.Power], o.Format(g.Map()))
		}
		for p, lines := range byPower {
			if _, errs, err := g.SubmitOrders(phaseNow(g), p, strings.Join(lines, "\n")); err != nil || len(errs) > 0 {
				tb.Fatalf("%s: %v %v", p, err, errs)
			}
		}
		out, _, err := g.Process(phaseNow(g))
		if err != nil {
			tb.Fatal(err)
		}
		if out.Winner() != "" {
			return
		}
	}
}

var hundredYears string

// hundredYearGame makes (once per test binary) a saved game of 100 years
// of random play. Seed 4 plays the full century (328 phases) without a winner.
func hundredYearGame(b *testing.B) string {
	if hundredYears != "" {
		return hundredYears
	}
	dir, err := os.MkdirTemp("", "dipdesk-bench")
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(dir, "century.dipdesk")
	g, err := Create(path, Options{Seed: 4})
	if err != nil {
		b.Fatal(err)
	}
	playRandom(b, g, 100, 4)
	g.Close()
	hundredYears = path
	if fi, err := os.Stat(path); err == nil {
		phases := 0
		if g, err := OpenReadOnly(path); err == nil {
			ps, _ := g.History(false)
			phases = len(ps)
			g.Close()
		}
		fmt.Fprintf(os.Stderr, "100-year game: %d phases, %d bytes\n", phases, fi.Size())
	}
	return path
}

// BenchmarkOpenAndShow opens a saved 100-year game read-only and shows
// a phase (the game master's view, decoded), as reviewing a game does.
func BenchmarkOpenAndShow(b *testing.B) {
	path := hundredYearGame(b)
	g, err := OpenReadOnly(path)
	if err != nil {
		b.Fatal(err)
	}
	phases, _ := g.History(false)
	g.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g, err := OpenReadOnly(path)
		if err != nil {
			b.Fatal(err)
		}
		p := phases[(i*37)%len(phases)]
		if _, err := g.View(engine.Seat{GM: true}, p.Name); err != nil {
			b.Fatal(err)
		}
		g.Close()
	}
}

// BenchmarkProcess adjudicates and stores one Spring 1901 phase with the
// usual openings; compare with engine's BenchmarkSpring1901 for the cost
// of storing.
func BenchmarkProcess(b *testing.B) {
	dir := b.TempDir()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g, err := Create(filepath.Join(dir, fmt.Sprintf("g%d.dipdesk", i)), Options{Seed: 4})
		if err != nil {
			b.Fatal(err)
		}
		for p, text := range openings {
			if _, _, err := g.SubmitOrders(phaseNow(g), p, text); err != nil {
				b.Fatal(err)
			}
		}
		b.StartTimer()
		if _, _, err := g.Process(phaseNow(g)); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		g.Close()
	}
}

// BenchmarkSubmitOrders stores one power's orders for the current phase
// (replacing the ones before): the session's checks (the phase stated,
// the game not over, the seat acting in it) and one synced transaction.
func BenchmarkSubmitOrders(b *testing.B) {
	g, err := Create(filepath.Join(b.TempDir(), "g.dipdesk"), Options{Seed: 4})
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	phase := phaseNow(g)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := g.SubmitOrders(phase, "france", openings["france"]); err != nil {
			b.Fatal(err)
		}
	}
}
