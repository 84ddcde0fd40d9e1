package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
