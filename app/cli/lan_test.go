package cli

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dipdesk/app/lan"
)

// TestHostAndJoin: "dipdesk host" serves a game on loopback and prints
// its codes; "dipdesk join" pins the fingerprint, submits orders from a
// file, keeps the seat token, and joins again with it alone.
func TestHostAndJoin(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(lan.ConfigDirEnv, filepath.Join(dir, "host-config"))
	file := filepath.Join(dir, "g.dipdesk")
	if code, _, errs := run("new", "--seed", "3", "--out", file); code != 0 {
		t.Fatal(errs)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errb bytes.Buffer
	done := make(chan int)
	go func() {
		c := &CLI{Stdout: outW, Stderr: &errb, Stdin: inR}
		done <- c.Run([]string{"host", file, "--addr", "127.0.0.1:0", "--no-mdns"})
		outW.Close()
	}()
	sc := bufio.NewScanner(outR)
	var addr, fp string
	codes := map[string]string{}
	for sc.Scan() {
		line := sc.Text()
		f := strings.Fields(line)
		switch {
		case strings.HasPrefix(line, "hosting "):
			addr = f[len(f)-1]
		case strings.HasPrefix(line, "certificate fingerprint: "):
			fp = f[2]
		case len(f) >= 2 && strings.HasPrefix(line, "  "):
			codes[f[0]] = f[1]
		}
		if strings.HasPrefix(line, "commands:") {
			break
		}
	}
	go io.Copy(io.Discard, outR)
	if addr == "" || fp == "" || len(codes) != 8 || codes["france"] == "" || codes["observer"] == "" {
		t.Fatalf("host printed addr %q fp %q codes %v (stderr %s)", addr, fp, codes, errb.String())
	}
	orders := filepath.Join(dir, "orders.txt")
	os.WriteFile(orders, []byte("A par - bur\nA mar - spa\nF bre - mao\n"), 0o644)
	client := filepath.Join(dir, "client-config")
	code, out, errs := run("join", addr, "--seat", "france", "--code", codes["france"], "--orders", orders, "--ready", "--config", client)
	if code != 0 {
		t.Fatalf("join: %d %s\n%s", code, errs, out)
	}
	for _, want := range []string{"pinned the host's certificate fingerprint " + fp, "joined as france", "view S1901M", "orders stored for S1901M:", "  A par - bur", "ready for S1901M"} {
		if !strings.Contains(out, want) {
			t.Errorf("join output lacks %q:\n%s", want, out)
		}
	}
	// Again, with the kept token and pin: the seat's orders are there.
	code, out, errs = run("join", addr, "--seat", "france", "--config", client)
	if code != 0 || !strings.Contains(out, "your order: A mar - spa") {
		t.Errorf("join with the token: %d %s\n%s", code, errs, out)
	}
	// Another seat sees that France's orders are in, not what they are.
	code, out, _ = run("join", addr, "--seat", "england", "--code", codes["england"], "--fingerprint", fp, "--config", client)
	if code != 0 || !strings.Contains(out, "orders in from france") || strings.Contains(out, "bur") {
		t.Errorf("england: %d\n%s", code, out)
	}
	// An order for another power's unit is stored as sent, with a
	// warning from the seat's own view (the window's check).
	theirs := filepath.Join(dir, "theirs.txt")
	os.WriteFile(theirs, []byte("F lon - nth\nA par - pic\n"), 0o644)
	code, out, errs = run("join", addr, "--seat", "england", "--orders", theirs, "--config", client)
	if code != 0 || !strings.Contains(out, "  A par - pic") || !strings.Contains(out, "warning: line 2: A par - pic:") || strings.Contains(out, "warning: line 1") {
		t.Errorf("england's order for a French army: %d %s\n%s", code, errs, out)
	}
	// A wrong pin is refused.
	if code, _, errs := run("join", addr, "--seat", "observer", "--code", codes["observer"], "--fingerprint", strings.Repeat("00", 32), "--config", client); code == 0 || !strings.Contains(errs, "fingerprint") {
		t.Errorf("wrong pin: %d %s", code, errs)
	}
	io.WriteString(inW, "adjudicate\nquit\n")
	if code := <-done; code != 0 {
		t.Errorf("host exit %d: %s", code, errb.String())
	}
}
