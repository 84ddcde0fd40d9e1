package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"dipdesk/app/lan"
	"dipdesk/app/session"
	"dipdesk/engine"
)

// TestMain lets a test start this binary as the dipdesk command: with
// DIPDESK_CLI_ARGS set (a JSON list of arguments) it runs them and exits.
func TestMain(m *testing.M) {
	if a := os.Getenv("DIPDESK_CLI_ARGS"); a != "" {
		var args []string
		if err := json.Unmarshal([]byte(a), &args); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(Main(args, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// dipdesk runs the command line in a process of its own.
func dipdesk(t *testing.T, env []string, args ...string) (string, error) {
	t.Helper()
	b, _ := json.Marshal(args)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), "DIPDESK_CLI_ARGS="+string(b)), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestJoinProcesses: seven "dipdesk join" processes, one per seat, each
// with its own configuration folder as on its own laptop, play two
// phases against a host: each submits its orders from a file and says it
// is ready, and the host adjudicates when the last is.
func TestJoinProcesses(t *testing.T) {
	dir := t.TempDir()
	g, err := session.Create(filepath.Join(dir, "g.dipdesk"), session.Options{Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	m := g.Map()
	h, err := lan.NewHost(g, lan.HostConfig{CertDir: filepath.Join(dir, "host")})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Listen("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	codes := h.Codes()
	for round, phase := range []string{"S1901M", "F1901M"} {
		var wg sync.WaitGroup
		for _, p := range m.PowerIDs() {
			var lines []string
			for _, u := range m.Start {
				if u.Power == p {
					lines = append(lines, u.Type.String()+" "+m.LocString(u.Loc)+" h")
				}
			}
			orders := filepath.Join(dir, string(p)+".txt")
			if err := os.WriteFile(orders, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"join", h.Addr(), "--seat", string(p), "--orders", orders, "--ready"}
			if round == 0 {
				args = append(args, "--code", codes[string(p)])
			}
			env := []string{lan.ConfigDirEnv + "=" + filepath.Join(dir, "laptop-"+string(p))}
			wg.Add(1)
			go func() {
				defer wg.Done()
				out, err := dipdesk(t, env, args...)
				if err != nil || !strings.Contains(out, "ready for "+phase) || !strings.Contains(out, "joined as "+string(p)) {
					t.Errorf("%s in %s: %v\n%s", p, phase, err, out)
				}
			}()
		}
		wg.Wait()
	}
	if info := h.Info(); info.Phase != "S1902M" {
		t.Errorf("after two rounds of seven processes the host is in %s", info.Phase)
	}
}

// TestJoinProcessesPlayCharacterToTheEnd is issue 8's done-when: a
// Character Diplomacy game played from the deal to the end by client
// processes, each seat's "dipdesk join" with a configuration folder of its
// own (its laptop: the pinned fingerprint, the seat token after the first
// join). Every phase, France's process submits greedy orders computed from
// France's own view, the other seats' processes only say they are ready,
// and the host adjudicates when the last is; the game ends in France's
// win. What each seat may see is checked message by message by app/lan's
// TestRandomGamesLeakNothing and TestCharacterGameToTheEnd; here each
// process must have joined as its seat and seen the phase it readied.
func TestJoinProcessesPlayCharacterToTheEnd(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.dipdesk")
	g, err := session.Create(path, session.Options{Variant: "character", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	m := g.Map()
	h, err := lan.NewHost(g, lan.HostConfig{CertDir: filepath.Join(dir, "host")})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Listen("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	codes := h.Codes()
	joined := map[string]bool{}
	for round := 0; round < 400; round++ {
		phase := h.Info().Phase
		if h.Winner() != "" {
			break
		}
		// France's orders come from France's view in the save, once the
		// save holds the host's current phase.
		var fr engine.View
		for wait := time.Now().Add(10 * time.Second); ; {
			rg, err := session.OpenReadOnly(path)
			if err != nil {
				t.Fatal(err)
			}
			fr, err = rg.View(engine.Seat{Power: "france"}, "")
			rg.Close()
			if err != nil {
				t.Fatal(err)
			}
			if fr.State.Phase.Key() == phase {
				break
			}
			if time.Now().After(wait) {
				t.Fatalf("the save is in %s, the host in %s", fr.State.Phase.Key(), phase)
			}
			time.Sleep(10 * time.Millisecond)
		}
		orders := filepath.Join(dir, "france.txt")
		if err := os.WriteFile(orders, []byte(strings.Join(greedy(fr.State, "france"), "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		// The other seats' processes say they are ready first, all at once;
		// France's comes last with its orders, so the host, adjudicating
		// when the last seat is ready, never leaves a late process asking
		// for a phase already past.
		run := func(p engine.Power) {
			args := []string{"join", h.Addr(), "--seat", string(p), "--ready"}
			if p == "france" {
				args = append(args, "--orders", orders)
			}
			if !joined[string(p)] {
				args = append(args, "--code", codes[string(p)])
			}
			env := []string{lan.ConfigDirEnv + "=" + filepath.Join(dir, "laptop-"+string(p))}
			out, err := dipdesk(t, env, args...)
			// A seat that does not act in a retreat or adjustment phase
			// (nothing to retreat, build or remove) is told so
			// (not_acting), or, the host not waiting for it, finds the
			// phase past. (A seat that must act is waited for, so the
			// phase cannot pass without it.) And a ready sent after the
			// winning phase finds the game over.
			late := strings.Contains(out, "stale_phase") || strings.Contains(out, "the game is over") || strings.Contains(out, "not_acting")
			if (err != nil && !late) || !strings.Contains(out, "joined as "+string(p)) {
				t.Errorf("%s in %s: %v\n%s", p, phase, err, out)
			}
		}
		var wg sync.WaitGroup
		for _, p := range m.PowerIDs() {
			if p != "france" {
				wg.Add(1)
				go func() { defer wg.Done(); run(p) }()
			}
		}
		wg.Wait()
		run("france")
		for _, p := range m.PowerIDs() {
			joined[string(p)] = true
		}
		if t.Failed() {
			return
		}
		// The host adjudicates once the last seat is ready.
		deadline := time.Now().Add(20 * time.Second)
		for h.Info().Phase == phase && h.Winner() == "" {
			if time.Now().After(deadline) {
				t.Fatalf("the host stayed in %s after every seat said it was ready", phase)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	if w := h.Winner(); w != "france" {
		t.Fatalf("the game ended without France's win (winner %q, phase %s)", w, h.Info().Phase)
	}
	t.Logf("France won by %s", h.Info().Phase)
}

// seatProcs runs "dipdesk join" processes against a host, each seat with
// a configuration folder of its own (its laptop): the first join of a
// seat gives its pairing code, later ones the kept seat token.
type seatProcs struct {
	t      *testing.T
	addr   string // the host's
	dir    string
	codes  map[string]string
	mu     sync.Mutex
	joined map[string]bool
}

// join runs one seat's process: with orders (written to a file) when
// given, "--ready" when ready, for the step stated (--phase); it returns
// the output and whether the process succeeded.
func (sp *seatProcs) join(seat, step, orders string, ready bool, extra ...string) (string, bool) {
	t := sp.t
	args := []string{"join", sp.addr, "--seat", seat}
	if step != "" {
		args = append(args, "--phase", step)
	}
	if orders != "" {
		file := filepath.Join(sp.dir, seat+"-"+strings.NewReplacer(".", "_", "@", "_").Replace(step)+".txt")
		if err := os.WriteFile(file, []byte(orders), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, "--orders", file)
	}
	if ready {
		args = append(args, "--ready")
	}
	sp.mu.Lock()
	if !sp.joined[seat] {
		args = append(args, "--code", sp.codes[seat])
		sp.joined[seat] = true
	}
	sp.mu.Unlock()
	env := []string{lan.ConfigDirEnv + "=" + filepath.Join(sp.dir, "laptop-"+seat)}
	out, err := dipdesk(t, env, append(args, extra...)...)
	return out, err == nil
}

// must runs join and fails the test unless the process succeeded and
// printed every one of want.
func (sp *seatProcs) must(seat, step, orders string, ready bool, want ...string) string {
	sp.t.Helper()
	out, ok := sp.join(seat, step, orders, ready)
	if !ok {
		sp.t.Errorf("%s in %s failed:\n%s", seat, step, out)
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			sp.t.Errorf("%s in %s: the output lacks %q:\n%s", seat, step, w, out)
		}
	}
	return out
}

// readyAll runs the processes of seats at once, each saying it is ready
// for step (the last of them makes the host adjudicate it).
func (sp *seatProcs) readyAll(step string, seats []engine.Power) {
	var wg sync.WaitGroup
	for _, p := range seats {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sp.must(string(p), step, "", true, "ready for "+step)
		}()
	}
	wg.Wait()
}

// waitStep waits until the host is past step, and returns the step it is
// in.
func waitStep(t *testing.T, h *lan.Host, step string) lan.Step {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); h.Step().Phase == step; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the host stayed in %s", step)
		}
	}
	return h.Step()
}

// TestJoinProcessesPlayShapeYear is issue 14's proof on the LAN: the
// test-only variant (eleven seats with four roles, Summer turns one power
// at a time, an Autumn, the Borg's step, points) played over the LAN by
// "dipdesk join" processes through a whole year to its end: Spring with a
// Jester's seat order, the three Summer turns with Italy's objection on
// Austria's turn (and the Jester, who may not act then, refused), the
// Autumn, the Borg's step played by the host at once with the engine's
// die, the Winter, and the end with points and two winners, which a seat
// joining afterwards prints. Each step is named by its key; who is waited
// for is the session's WhoActs.
func TestJoinProcessesPlayShapeYear(t *testing.T) {
	dir := t.TempDir()
	g, err := session.Create(filepath.Join(dir, "s.dipdesk"), session.Options{Variant: "shapetest", Seed: 11,
		Options: map[string]string{"end_year": "1901"}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	h, err := lan.NewHost(g, lan.HostConfig{CertDir: filepath.Join(dir, "host")})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Listen("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	sp := &seatProcs{t: t, addr: h.Addr(), dir: dir, codes: h.Codes(), joined: map[string]bool{}}
	if len(sp.codes) != 12 || sp.codes["soothsayer"] == "" {
		t.Fatalf("codes for %d seats and the observers: %v", len(sp.codes)-1, sp.codes)
	}

	// Spring: the Jester (who may act) overrides France's army; France and
	// Germany give orders; then every seat that must act says it is ready.
	const spring = "S1901M"
	st := h.Step()
	if st.Phase != spring || len(st.Must) != 8 || !slices.Equal(st.May, []engine.Power{"jester"}) {
		t.Fatalf("Spring: %+v", st)
	}
	sp.must("jester", spring, "jest A par - pic", true, "joined as jester", "view S1901M (Spring 1901 Movement)",
		"you may act in this step", "Doctor (role)", "B lon", "of no seat", "BORG boh", "orders stored for S1901M:", "  jest a par - pic", "ready for S1901M")
	sp.must("france", spring, "A par - bur", false, "your orders are due")
	sp.must("germany", spring, "A mun - bur", false)
	if out, ok := sp.join("mastermind", spring, "jest A mun - tyr", false); ok || !strings.Contains(out, "not_acting: Mastermind does not act in Spring 1901 Movement") ||
		!strings.Contains(out, "you do not act in this step") {
		t.Errorf("the Mastermind's orders in Spring: %v\n%s", ok, out)
	}
	sp.readyAll(spring, st.Must)
	if t.Failed() {
		return
	}

	// The Summer turns: Germany musters; Italy objects on Austria's turn,
	// where the Jester may not act; England musters.
	const gerTurn, ausTurn, engTurn = "SU1901.muster@germany", "SU1901.muster@austria", "SU1901.muster@england"
	if st = waitStep(t, h, spring); st.Phase != gerTurn {
		t.Fatalf("after Spring the host is in %s", st.Phase)
	}
	sp.must("germany", gerTurn, "muster ber", true, "view SU1901.muster@germany (Summer 1901 Muster (Germany))", "results S1901M (Spring 1901 Movement):",
		"the Jester ordered France army: A par - pic", "ready for "+gerTurn)
	waitStep(t, h, gerTurn)
	sp.must("italy", ausTurn, "object", true, "you may act in this step", "orders stored for SU1901.muster@austria:", "  object")
	if out, ok := sp.join("jester", ausTurn, "object", false); ok || !strings.Contains(out, "not_acting") {
		t.Errorf("the Jester objecting on Austria's turn: %v\n%s", ok, out)
	}
	sp.must("austria", ausTurn, "muster vie", true, "your orders are due", "ready for "+ausTurn)
	waitStep(t, h, ausTurn)
	sp.must("england", engTurn, "muster lon", true, "results SU1901.muster@austria (Summer 1901 Muster (Austria)):", "Italy objected: no birds")
	st = waitStep(t, h, engTurn)

	// Autumn, then the Borg's step, which the host plays at once.
	const autumn, winter = "AU1901M", "W1901A"
	if st.Phase != autumn {
		t.Fatalf("after the Summer the host is in %s", st.Phase)
	}
	sp.must("france", autumn, "A pic - bel", false, "view AU1901M (Autumn 1901 Movement)", "B ber")
	sp.readyAll(autumn, st.Must)
	if st = waitStep(t, h, autumn); st.Phase != winter {
		t.Fatalf("after the Autumn the host is in %s, not past the Borg's step", st.Phase)
	}

	// Winter: France builds; the game ends with points.
	sp.must("france", winter, "build A par", false, "results AU1901.borg (Autumn 1901 Borg):", "the Borg rolled")
	sp.readyAll(winter, st.Must)
	waitStep(t, h, winter)
	if e := h.End(); e == nil || !slices.Equal(e.Winners, []engine.Power{"france", "russia"}) {
		t.Fatalf("the end: %+v", e)
	}
	// A seat joining after the end prints it.
	sp.must("soothsayer", "", "", false, "the game is over", "results W1901A (Winter 1901 Adjustment):", "France and Russia win.", "points: France 4, Russia 4, ", "Jester 3")
}
