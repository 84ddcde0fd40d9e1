package lan

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"dipdesk/app/session"
	"dipdesk/engine"
)

// child is a host running in a process of its own (the test binary, see
// TestMain), so that killing it is a real crash.
type child struct {
	cmd  *exec.Cmd
	info childInfo
}

func startChild(t *testing.T, file, certs, addr string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "DIPDESK_LAN_CHILD=1", "DIPDESK_LAN_FILE="+file, "DIPDESK_LAN_CERTS="+certs, "DIPDESK_LAN_ADDR="+addr)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("the child host said nothing: %v", err)
	}
	c := &child{cmd: cmd}
	if err := json.Unmarshal([]byte(line), &c.info); err != nil {
		t.Fatalf("child host: %q: %v", line, err)
	}
	return c
}

// kill ends the host without any clean shutdown: SIGKILL.
func (c *child) kill(t *testing.T) {
	if err := c.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	c.cmd.Wait()
}

// TestHostCrashLosesNothing kills the host process mid-game (SIGKILL,
// no clean shutdown), starts it again from the save file on the same
// address, and checks that every acknowledged order is still there, that
// every client reconnected by itself with its seat token, and that the
// game goes on.
func TestHostCrashLosesNothing(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "crash.dipdesk")
	g, err := session.Create(file, session.Options{Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	m := g.Map()
	g.Close()
	certs := filepath.Join(dir, "certs")
	host := startChild(t, file, certs, "127.0.0.1:0")

	seats := map[engine.Power]*seatClient{}
	for _, p := range m.PowerIDs() {
		seats[p] = joinWith(t, ClientConfig{Addr: host.info.Addr, Seat: string(p), Code: host.info.Codes[string(p)],
			Fingerprint: host.info.Fingerprint, Reconnect: true})
	}
	// Spring 1901: everyone holds and is ready, so the host adjudicates.
	for p, sc := range seats {
		if _, err := sc.c.Orders(ctxT(t), "S1901M", strings.Join(holds(m, p), "\n")); err != nil {
			t.Fatal(err)
		}
		if err := sc.c.Ready(ctxT(t), "S1901M", true); err != nil {
			t.Fatal(err)
		}
	}
	for _, sc := range seats {
		sc.in.waitFor(t, 0, "the view of F1901M", isView("F1901M"))
	}
	// Fall 1901: orders in, nobody ready; then the crash.
	acked := map[engine.Power][]string{}
	rng := engine.NewRand(4)
	for p, sc := range seats {
		s := viewState(t, m, sc, "F1901M")
		ack, err := sc.c.Orders(ctxT(t), "F1901M", strings.Join(randomOrders(s, p, rng), "\n"))
		if err != nil {
			t.Fatal(err)
		}
		acked[p] = ack.Accepted
	}
	// Three seats say they are ready before the crash: their clients say
	// it again by themselves after reconnecting (the host keeps ready
	// flags in memory only).
	readyBefore := map[engine.Power]bool{"austria": true, "england": true, "france": true}
	for p := range readyBefore {
		if err := seats[p].c.Ready(ctxT(t), "F1901M", true); err != nil {
			t.Fatal(err)
		}
	}
	marks := map[engine.Power]int{}
	for p, sc := range seats {
		marks[p] = len(sc.in.messages())
	}
	host.kill(t)
	host = startChild(t, file, certs, host.info.Addr)
	if len(host.info.Codes) != 1 {
		t.Errorf("after the restart the host offers codes %v; every seat has its token", host.info.Codes)
	}
	for p, sc := range seats {
		sc.in.waitFor(t, marks[p], string(p)+"'s welcome after the restart", func(e Envelope) bool { return e.Type == TypeWelcome })
		i := sc.in.waitFor(t, marks[p], string(p)+"'s view after the restart", isView("F1901M"))
		v, _ := Decode[View](sc.in.messages()[i])
		if !slices.Equal(sortedCopy(v.Pending), sortedCopy(acked[p])) {
			t.Errorf("%s's orders after the crash: %v, acknowledged %v", p, v.Pending, acked[p])
		}
	}
	ro, err := session.OpenReadOnly(file)
	if err != nil {
		t.Fatal(err)
	}
	cur, _ := ro.Current()
	stored, _ := ro.Orders(cur.Phase)
	ro.Close()
	n := 0
	for _, a := range acked {
		n += len(a)
	}
	if len(stored) != n {
		t.Errorf("the save holds %d orders for F1901M, %d were acknowledged", len(stored), n)
	}
	// The game goes on with the restarted host: the other four say they
	// are ready, and that is everyone.
	for p, sc := range seats {
		if readyBefore[p] {
			continue
		}
		if err := sc.c.Ready(ctxT(t), "F1901M", true); err != nil {
			t.Fatal(err)
		}
	}
	for p, sc := range seats {
		sc.in.waitFor(t, marks[p], "the results of F1901M", func(e Envelope) bool {
			r, _ := Decode[Results](e)
			return e.Type == TypeResults && r.Phase == "F1901M"
		})
	}
}

func holds(m *engine.Map, p engine.Power) []string {
	var out []string
	for _, u := range m.Start {
		if u.Power == p {
			out = append(out, u.Type.String()+" "+m.LocString(u.Loc)+" h")
		}
	}
	return out
}

func isView(phase string) func(Envelope) bool {
	return func(e Envelope) bool {
		if e.Type != TypeView {
			return false
		}
		v, _ := Decode[View](e)
		return v.Phase == phase
	}
}

// viewState decodes the seat's last view of phase.
func viewState(t *testing.T, m *engine.Map, sc *seatClient, phase string) *engine.State {
	t.Helper()
	i := sc.in.waitFor(t, 0, "a view of "+phase, isView(phase))
	v, _ := Decode[View](sc.in.messages()[i])
	s, err := engine.UnmarshalState(m, v.State)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func sortedCopy(xs []string) []string {
	out := slices.Clone(xs)
	slices.Sort(out)
	return out
}
