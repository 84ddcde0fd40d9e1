package lan

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"dipdesk/app/session"
)

// testTmp is the test binary's own temporary folder.
var testTmp string

// TestMain also runs the host of the crash test: the test binary starts
// itself with DIPDESK_LAN_CHILD set, serves the game named by the
// environment, prints the host's address, fingerprint and codes as one
// JSON line, and serves until it is killed.
func TestMain(m *testing.M) {
	if os.Getenv("DIPDESK_LAN_CHILD") != "" {
		os.Exit(childHost())
	}
	dir, err := os.MkdirTemp("", "dipdesk-lan-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testTmp = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// childInfo is what the child host prints.
type childInfo struct {
	Addr        string
	Fingerprint string
	Codes       map[string]string
}

func childHost() int {
	g, err := session.Open(os.Getenv("DIPDESK_LAN_FILE"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	h, err := NewHost(g, HostConfig{CertDir: os.Getenv("DIPDESK_LAN_CERTS")})
	if err == nil {
		err = h.Listen(os.Getenv("DIPDESK_LAN_ADDR"))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	b, _ := json.Marshal(childInfo{Addr: h.Addr(), Fingerprint: h.Fingerprint(), Codes: h.Codes()})
	fmt.Println(string(b))
	select {} // until killed
}
