package lan

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"dipdesk/app/session"
)

// BenchmarkJoinPressBacklog: one op is an observer joining a game whose
// save holds 10,000 press messages (2,000 of them public, which it is
// sent) and receiving everything up to the status that ends the join.
func BenchmarkJoinPressBacklog(b *testing.B) {
	path := chattyGame(b, 10000)
	g, err := session.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { g.Close() })
	h := startHost(b, g, HostConfig{MessageRate: -1, MaxConnsPerAddr: 1 << 20})
	code := h.Codes()[ObserverSeat]
	b.ResetTimer()
	for b.Loop() {
		done := make(chan struct{})
		var once sync.Once
		c, err := Dial(context.Background(), ClientConfig{Addr: h.Addr(), Seat: ObserverSeat, Code: code, Fingerprint: h.Fingerprint(),
			OnMessage: func(e Envelope) {
				if e.Type == TypeStatus {
					once.Do(func() { close(done) })
				}
			}})
		if err != nil {
			b.Fatal(err)
		}
		select {
		case <-done:
		case <-time.After(time.Minute):
			b.Fatal("no status")
		}
		c.Close()
	}
}

// BenchmarkAckUnderFlood: one op is France submitting its orders and
// waiting for the acknowledgement while England sends the largest orders
// messages (16 KiB, 2,048 orders) as fast as the host answers. It reports
// France's round trips (p50, p99).
func BenchmarkAckUnderFlood(b *testing.B) {
	g := newGame(b, "standard", 1)
	h := startHost(b, g, HostConfig{})
	fr, en := join(b, h, "france", false), join(b, h, "england", false)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	huge := strings.Repeat("F lon H\n", MaxOrders/8)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				_, err := en.c.Orders(context.Background(), "S1901M", huge)
				var he *HostError
				if err != nil && !errors.As(err, &he) {
					return
				}
			}
		}()
	}
	var rtts []time.Duration
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		if _, err := fr.c.Orders(context.Background(), "S1901M", "A par - bur\nA mar - spa\nF bre - mao"); err != nil {
			var he *HostError
			if errors.As(err, &he) && he.Code == CodeSlowDown {
				time.Sleep(time.Second / DefaultMessageRate)
				continue
			}
			b.Fatal(err)
		}
		rtts = append(rtts, time.Since(start))
		time.Sleep(time.Second / DefaultMessageRate) // a person's pace, within France's rate
	}
	b.StopTimer()
	close(stop)
	en.c.Close()
	wg.Wait()
	slices.Sort(rtts)
	b.ReportMetric(float64(percentile(rtts, 50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(percentile(rtts, 99).Microseconds())/1000, "p99-ms")
}
