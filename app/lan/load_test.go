package lan

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/variants/standard"
)

// elevenPowers is the standard board with four more powers, one unit
// each in a neutral centre: a test's variant for a table of eleven.
func elevenPowers() *engine.Variant {
	v := *standard.Variant
	v.ID, v.Name = "lan-eleven", "Eleven powers (test)"
	v.Map = func() (*engine.Map, error) {
		base, err := standard.Map()
		if err != nil {
			return nil, err
		}
		m := base.Clone()
		err = m.Apply("eleven", strings.NewReader(`
power spain   "Spain"   Spanish S
power holland "Holland" Dutch   H
power sweden  "Sweden"  Swedish W
power greece  "Greece"  Greek   K
unit spain   A spa
unit holland A hol
unit sweden  F swe
unit greece  A gre
`))
		return m, err
	}
	return &v
}

// loadRounds is how many times each seat submits in TestLoad; the
// environment's DIPDESK_LAN_LOAD asks for a longer run.
func loadRounds() int {
	if n, err := strconv.Atoi(os.Getenv("DIPDESK_LAN_LOAD")); err == nil && n > 0 {
		return n
	}
	return 30
}

// loadTable hosts a game of eleven seats and fifty observers, all
// joined.
func loadTable(tb testing.TB) (*session.Game, map[engine.Power]*seatClient, []*seatClient) {
	v := elevenPowers()
	g, err := session.CreateWith(filepath.Join(tb.TempDir(), "eleven.dipdesk"), v, session.Options{Seed: 1})
	if err != nil {
		tb.Fatal(err)
	}
	// Sixty-one connections from one address, each seat submitting as
	// fast as the host answers: the load measures the host, not the
	// per-seat and per-address limits (TestFloodingSeat and
	// TestConnectionCap do).
	h := startHost(tb, g, HostConfig{Manual: true, MessageRate: -1, MaxConnsPerAddr: 100})
	powers := g.Map().PowerIDs()
	if len(powers) != 11 {
		tb.Fatalf("%d powers", len(powers))
	}
	seats := map[engine.Power]*seatClient{}
	for _, p := range powers {
		seats[p] = join(tb, h, string(p), false)
	}
	var watchers []*seatClient
	for range 50 {
		watchers = append(watchers, join(tb, h, ObserverSeat, false))
	}
	return g, seats, watchers
}

// TestLoad: eleven seats and fifty observers on one host; every seat
// submits orders again and again, all at once (loadRounds times; more
// with DIPDESK_LAN_LOAD), and every submission is acknowledged without
// error; every observer is told that all eleven powers are in, and never
// sees an order. The round trips are logged; the 20 ms target of the
// 99th percentile is held by BenchmarkLoadRoundTrip, not here: a timing
// in a test depends on what else the machine runs (docs/performance.md).
func TestLoad(t *testing.T) {
	g, seats, watchers := loadTable(t)
	rtts := measureRoundTrips(t, g.Map(), g.Map().PowerIDs(), seats, loadRounds())
	if want := loadRounds() * 11; len(rtts) != want {
		t.Fatalf("%d submissions measured, want %d", len(rtts), want)
	}
	p50, p99 := percentile(rtts, 50), percentile(rtts, 99)
	t.Logf("%d submissions by 11 seats with 50 observers: p50 %v, p99 %v, max %v", len(rtts), p50, p99, rtts[len(rtts)-1])
	for i, w := range watchers {
		w.in.waitFor(t, 0, "an observer's status with every power in", func(e Envelope) bool {
			st, _ := Decode[Status](e)
			return e.Type == TypeStatus && len(st.Submitted) == 11
		})
		for _, e := range w.in.messages() {
			if e.Type == TypeView {
				if v, _ := Decode[View](e); len(v.Pending) > 0 {
					t.Fatalf("observer %d sees orders %v", i, v.Pending)
				}
			}
		}
	}
}

// BenchmarkLoadRoundTrip: eleven seats and fifty observers on one host;
// one op is a round of all eleven seats submitting their orders at once.
// It reports the 50th and 99th percentiles of the round trips from
// sending to the host's acknowledgement (issue 8's target: p99 at most
// 20 ms); docs/performance.md has the figures.
func BenchmarkLoadRoundTrip(b *testing.B) {
	g, seats, _ := loadTable(b)
	powers := g.Map().PowerIDs()
	measureRoundTrips(b, g.Map(), powers, seats, 3) // warm caches
	var all []time.Duration
	b.ResetTimer()
	for b.Loop() {
		all = append(all, measureRoundTrips(b, g.Map(), powers, seats, 1)...)
	}
	slices.Sort(all)
	b.ReportMetric(float64(percentile(all, 50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(percentile(all, 99).Microseconds())/1000, "p99-ms")
}

// percentile returns the q-th percentile of sorted durations.
func percentile(sorted []time.Duration, q int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[(len(sorted)*q+99)/100-1]
}

// measureRoundTrips has every seat submit its orders rounds times, all at
// once, and returns the round trips, sorted.
func measureRoundTrips(t testing.TB, m *engine.Map, powers []engine.Power, seats map[engine.Power]*seatClient, rounds int) []time.Duration {
	var mu sync.Mutex
	var rtts []time.Duration
	var wg sync.WaitGroup
	errs := make(chan error, len(seats))
	for _, p := range powers {
		sc := seats[p]
		text := strings.Join(holds(m, p), "\n")
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range rounds {
				start := time.Now()
				ack, err := sc.c.Orders(ctxT(t), "S1901M", text)
				d := time.Since(start)
				if err != nil || len(ack.Errors) > 0 {
					errs <- fmt.Errorf("%s round %d: %v %v", p, i, err, ack.Errors)
					return
				}
				mu.Lock()
				rtts = append(rtts, d)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	slices.Sort(rtts)
	return rtts
}

// BenchmarkOrderRoundTrip: one seat submitting its orders and waiting
// for the acknowledgement, with the other six seats and ten observers
// connected.
func BenchmarkOrderRoundTrip(b *testing.B) {
	g := newGame(b, "standard", 1)
	h := startHost(b, g, HostConfig{Manual: true})
	var fr *seatClient
	for _, p := range g.Map().PowerIDs() {
		sc := join(b, h, string(p), false)
		if p == "france" {
			fr = sc
		}
	}
	for range 10 {
		join(b, h, ObserverSeat, false)
	}
	ctx := ctxT(b)
	b.ResetTimer()
	for b.Loop() {
		if _, err := fr.c.Orders(ctx, "S1901M", "A par - bur\nA mar - spa\nF bre - mao"); err != nil {
			b.Fatal(err)
		}
	}
}
