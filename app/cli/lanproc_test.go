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

	"dipdesk/app/lan"
	"dipdesk/app/session"
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
