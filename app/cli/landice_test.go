package cli

import (
	"bufio"
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"dipdesk/app/lan"
	"dipdesk/app/session"
	"dipdesk/engine"
)

// hostTerm is a "dipdesk host" run in this process with its terminal's
// input and output in the test's hands.
type hostTerm struct {
	t    *testing.T
	in   io.Writer
	mu   sync.Mutex
	out  strings.Builder
	done chan int
}

// startHostTerm runs "dipdesk host FILE" on a loopback port and waits for
// its list of commands.
func startHostTerm(t *testing.T, file string) *hostTerm {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ht := &hostTerm{t: t, in: inW, done: make(chan int, 1)}
	var errb bytes.Buffer
	go func() {
		c := &CLI{Stdout: outW, Stderr: &errb, Stdin: inR}
		ht.done <- c.Run([]string{"host", file, "--addr", "127.0.0.1:0", "--no-mdns"})
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			ht.mu.Lock()
			ht.out.WriteString(sc.Text() + "\n")
			ht.mu.Unlock()
		}
	}()
	ht.wait("commands:")
	return ht
}

// wait waits until the host has printed want, and returns all it printed.
func (ht *hostTerm) wait(want string) string {
	ht.t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		ht.mu.Lock()
		out := ht.out.String()
		ht.mu.Unlock()
		if strings.Contains(out, want) {
			return out
		}
		if time.Now().After(deadline) {
			ht.t.Fatalf("the host never printed %q:\n%s", want, out)
		}
	}
}

// count counts what the host printed of s.
func (ht *hostTerm) count(s string) int {
	ht.mu.Lock()
	defer ht.mu.Unlock()
	return strings.Count(ht.out.String(), s)
}

func (ht *hostTerm) typeLine(line string) { io.WriteString(ht.in, line+"\n") }

// hostFacts reads the address and the pairing codes the host printed.
func hostFacts(out string) (addr string, codes map[string]string) {
	codes = map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		switch {
		case strings.HasPrefix(line, "hosting "):
			addr = f[len(f)-1]
		case len(f) >= 2 && strings.HasPrefix(line, "  ") && strings.Count(f[1], "-") == 2:
			codes[f[0]] = f[1]
		}
	}
	return addr, codes
}

// mustAct asks the host's terminal who must act in step.
func (ht *hostTerm) mustAct(step string) []engine.Power {
	ht.t.Helper()
	n := ht.count("  must act: ")
	ht.typeLine("status")
	for ht.count("  must act: ") == n {
		time.Sleep(5 * time.Millisecond)
	}
	out := ht.wait("step " + step)
	i := strings.LastIndex(out, "  must act: ")
	line := out[i+len("  must act: "):]
	line = line[:strings.Index(line, ";")]
	var ps []engine.Power
	for _, p := range strings.Split(line, ", ") {
		ps = append(ps, engine.Power(p))
	}
	return ps
}

// TestHostAsksForEnteredDice: a game whose dice the game master rolls at
// the table, served by "dipdesk host", reaches the Borg's step (nobody
// acts) from "dipdesk join" processes' readies; the host's terminal names
// the roll and reads its value (a value out of range is refused and the
// roll asked again), the Borg goes where the die says, and the game goes
// on to its end with points, which the terminal prints.
func TestHostAsksForEnteredDice(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(lan.ConfigDirEnv, filepath.Join(dir, "host-config"))
	file := filepath.Join(dir, "s.dipdesk")
	g, err := session.Create(file, session.Options{Variant: "shapetest", Seed: 5,
		Options: map[string]string{"end_year": "1901", session.OptionDice: session.DiceEntered}})
	if err != nil {
		t.Fatal(err)
	}
	// Spring and the Summer turns through the session; the LAN takes over
	// in the Autumn.
	for _, st := range []struct {
		key    string
		orders map[engine.Power]string
	}{
		{"S1901M", map[engine.Power]string{"france": "A par - bur", "germany": "A mun - bur", "jester": "jest A par - pic"}},
		{"SU1901.muster@germany", map[engine.Power]string{"germany": "muster ber"}},
		{"SU1901.muster@austria", map[engine.Power]string{"austria": "muster vie", "italy": "object"}},
		{"SU1901.muster@england", map[engine.Power]string{"england": "muster lon"}},
	} {
		for p, text := range st.orders {
			if _, errs, err := g.SubmitOrders(st.key, p, text); err != nil || len(errs) > 0 {
				t.Fatalf("%s in %s: %v %v", p, st.key, err, errs)
			}
		}
		if _, _, err := g.Process(st.key); err != nil {
			t.Fatal(err)
		}
	}
	g.Close()

	ht := startHostTerm(t, file)
	out := ht.wait("the game's dice are rolled at the table: this terminal asks for each roll")
	addr, codes := hostFacts(out)
	if addr == "" || len(codes) != 12 {
		t.Fatalf("the host printed addr %q codes %v:\n%s", addr, codes, out)
	}
	sp := &seatProcs{t: t, addr: addr, dir: dir, codes: codes, joined: map[string]bool{}}

	const autumn, borg, winter = "AU1901M", "AU1901.borg", "W1901A"
	must := ht.mustAct(autumn)
	if len(must) != 8 {
		t.Fatalf("must act in the Autumn: %v", must)
	}
	sp.must("france", autumn, "A pic - bel", false, "your orders are due")
	sp.readyAll(autumn, must)
	prompt := "roll needed for AU1901.borg (Autumn 1901 Borg), draw 1: the Borg's way from Bohemia; a d6: 1 to 6. Type the value"
	ht.wait(prompt)
	// No seat decides the roll: the Borg's step is nobody's.
	if out, ok := sp.join("germany", borg, "", true); ok || !strings.Contains(out, "not_acting") {
		t.Errorf("a seat's ready while the game master rolls: %v\n%s", ok, out)
	}
	ht.typeLine("9")
	// The refusal, and the roll asked again just after it (waiting for
	// both: the test may read the output between two lines).
	ht.wait("roll: 9 is not a d6: 1 to 6\n" + prompt)
	if n := ht.count(prompt); n != 2 {
		t.Errorf("the roll was asked %d times after a value out of range", n)
	}
	ht.typeLine("3")
	ht.wait("entering 3 for draw 1 of AU1901.borg (the Borg's way from Bohemia)")
	ht.wait("now W1901A (Winter 1901 Adjustment)")

	// The Winter, and the end.
	must = ht.mustAct(winter)
	sp.must("france", winter, "build A par", false, "results AU1901.borg (Autumn 1901 Borg):", "the Borg rolled 3 and went from Bohemia to Silesia", "BORG sil")
	sp.readyAll(winter, must)
	ht.wait("the game is over: France and Russia win: the game ends after the 1901 adjustments; 4 points win; points: Austria 3, England 3, France 4")
	ht.typeLine("quit")
	if code := <-ht.done; code != 0 {
		t.Errorf("the host ended with %d", code)
	}
}
