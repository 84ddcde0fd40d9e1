package lan

import (
	"net"
	"strings"
	"testing"
)

// TestDialAddrs: a host listening on every interface tells the players
// addresses they can type (this machine's, loopback last), never
// "[::]:port"; a host on one address tells that one.
func TestDialAddrs(t *testing.T) {
	cert, err := testCert()
	if err != nil {
		t.Fatal(err)
	}
	h, err := NewHost(newGame(t, "standard", 1), HostConfig{Cert: &cert})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.Listen(":0"); err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(h.Addr())
	addrs := h.DialAddrs()
	if len(addrs) == 0 || !strings.Contains(strings.Join(addrs, " "), "127.0.0.1:"+port) {
		t.Fatalf("every interface: %v", addrs)
	}
	seenLoopback := false
	for _, a := range addrs {
		host, p, err := net.SplitHostPort(a)
		ip := net.ParseIP(host)
		switch {
		case err != nil || p != port || ip == nil || ip.IsUnspecified():
			t.Errorf("not an address to type: %q", a)
		case ip.IsLoopback():
			seenLoopback = true
		case seenLoopback:
			t.Errorf("a LAN address after this machine's loopback: %v", addrs)
		}
	}
	one := startHost(t, newGame(t, "standard", 2), HostConfig{})
	if got := one.DialAddrs(); len(got) != 1 || got[0] != one.Addr() {
		t.Errorf("one interface: %v, want %s", got, one.Addr())
	}
}
