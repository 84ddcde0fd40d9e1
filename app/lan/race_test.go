package lan

import (
	"errors"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// raceTrials is how many games TestOrdersNeverFiledUnderNextPhase plays;
// DIPDESK_LAN_TRIALS asks for more.
func raceTrials() int {
	if n, err := strconv.Atoi(os.Getenv("DIPDESK_LAN_TRIALS")); err == nil && n > 0 {
		return n
	}
	return 6
}

// TestOrdersNeverFiledUnderNextPhase: seats that are ready keep changing
// their orders while the last seat sends its orders and says it is
// ready, so the adjudication runs while orders for Spring 1901 are
// queued. Each submission is stored for the phase it named, or refused
// as stale_phase, always: no order ever lands in Fall 1901 (nobody sent
// any for it), and every acknowledgement names Spring 1901. Before the
// fix, orders queued for S1901M were written into F1901M and
// acknowledged as S1901M in most trials (15 of 20 against the binary).
func TestOrdersNeverFiledUnderNextPhase(t *testing.T) {
	for trial := range raceTrials() {
		g := newGame(t, "standard", uint64(trial+1))
		h := startHost(t, g, HostConfig{MessageRate: -1})
		m := g.Map()
		seats := map[engine.Power]*seatClient{}
		for _, p := range m.PowerIDs() {
			seats[p] = join(t, h, string(p), false)
		}
		ctx := ctxT(t)
		for _, p := range m.PowerIDs() {
			if p == "france" {
				continue
			}
			if _, err := seats[p].c.Orders(ctx, "S1901M", joinLines(holds(m, p))); err != nil {
				t.Fatal(err)
			}
			if err := seats[p].c.Ready(ctx, "S1901M", true); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		var problems []string
		start := make(chan struct{})
		for _, p := range []engine.Power{"russia", "turkey", "england"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				for range 30 {
					ack, err := seats[p].c.Orders(ctx, "S1901M", joinLines(holds(m, p)))
					var he *HostError
					switch {
					case errors.As(err, &he) && he.Code == CodeStalePhase:
						return // the game moved on: refused, as it should be
					case err != nil:
						mu.Lock()
						problems = append(problems, string(p)+": "+err.Error())
						mu.Unlock()
						return
					case ack.Phase != "S1901M":
						mu.Lock()
						problems = append(problems, string(p)+": acknowledged for "+ack.Phase)
						mu.Unlock()
					}
				}
			}()
		}
		close(start)
		fr := seats["france"]
		if _, err := fr.c.Orders(ctx, "S1901M", "A par - bur\nA mar - spa\nF bre - mao"); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
		if err := fr.c.Ready(ctx, "S1901M", true); err != nil {
			t.Fatal(err)
		}
		wg.Wait()
		for _, p := range problems {
			t.Errorf("trial %d: %s", trial, p)
		}
		// The game master's view of the save, after the host let go.
		for h.Info().Phase == "S1901M" {
			time.Sleep(time.Millisecond)
		}
		h.Close()
		if filed := ordersOf(t, g, "F1901M"); len(filed) > 0 {
			t.Fatalf("trial %d: orders sent for S1901M were filed under F1901M: %v", trial, filed)
		}
		g.Close()
	}
}

// ordersOf returns every order stored for a live phase, replaced or not.
func ordersOf(t *testing.T, g *session.Game, phase string) []string {
	t.Helper()
	ps, err := g.Phase(phase)
	if err != nil {
		t.Fatal(err)
	}
	orders, err := g.Orders(ps.Phase)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, o := range orders {
		out = append(out, string(o.Power)+": "+o.Format(g.Map()))
	}
	return out
}

func joinLines(lines []string) string {
	s := ""
	for i, l := range lines {
		if i > 0 {
			s += "\n"
		}
		s += l
	}
	return s
}
