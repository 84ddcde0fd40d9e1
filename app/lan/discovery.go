package lan

import (
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/mdns"
	"github.com/miekg/dns"
)

// Service is the DNS-SD service type DipDesk hosts advertise.
const Service = "_dipdesk._tcp"

// Found is a game advertised on the LAN: what anyone may know of it.
type Found struct {
	Name        string   // the game's name
	Variant     string   // variant id
	Phase       string   // current phase
	Free        []string // seats nobody has claimed
	Addr        string   // host:port to join
	Fingerprint string   // the host certificate's, to compare with what the host shows
	Version     int      // the host's protocol version: Joinable only when it is this one's
}

// Joinable reports whether this DipDesk speaks the found host's protocol
// version. A game of another version is still listed, saying so, rather
// than hidden: its players would otherwise see nothing and not know why.
func (f Found) Joinable() bool { return f.Version == Version }

// advertTXT is the TXT record of a host: the protocol version, the game's
// public facts and the certificate fingerprint. Never codes or tokens.
func advertTXT(gi GameInfo, fp string) []string {
	var free []string
	for _, s := range gi.Seats {
		if s.Free {
			free = append(free, s.Power)
		}
	}
	return []string{
		"v=" + strconv.Itoa(Version),
		"name=" + gi.Name,
		"variant=" + gi.Variant,
		"phase=" + gi.Phase,
		"free=" + strings.Join(free, ","),
		"fp=" + normFingerprint(fp),
	}
}

// parseAdvert reads an advertisement; ok is false for a record without a
// protocol version or an address. Another version's game is read, with
// its Version (Found.Joinable).
func parseAdvert(fields []string, ip net.IP, port int) (Found, bool) {
	f := Found{}
	v := 0
	for _, kv := range fields {
		k, val, _ := strings.Cut(kv, "=")
		switch k {
		case "v":
			v, _ = strconv.Atoi(val)
		case "name":
			f.Name = val
		case "variant":
			f.Variant = val
		case "phase":
			f.Phase = val
		case "free":
			if val != "" {
				f.Free = strings.Split(val, ",")
			}
		case "fp":
			f.Fingerprint = val
		}
	}
	if v < 1 || ip == nil || port == 0 {
		return Found{}, false
	}
	f.Version = v
	f.Addr = net.JoinHostPort(ip.String(), strconv.Itoa(port))
	return f, true
}

// liveZone answers mDNS queries with the host's current public facts, so
// the advertisement follows the phase and the seats taken.
type liveZone struct {
	h        *Host
	instance string
	host     string
	port     int
	ips      []net.IP
}

func (z *liveZone) Records(q dns.Question) []dns.RR {
	svc, err := mdns.NewMDNSService(z.instance, Service, "", z.host, z.port, z.ips, advertTXT(z.h.Info(), z.h.Fingerprint()))
	if err != nil {
		return nil
	}
	return svc.Records(q)
}

// Advertise announces h on the LAN by mDNS/DNS-SD until stop is called.
// It fails where multicast is unavailable; players then type the address.
func Advertise(h *Host) (stop func(), err error) {
	_, portStr, err := net.SplitHostPort(h.Addr())
	if err != nil {
		return nil, err
	}
	port, _ := strconv.Atoi(portStr)
	hostname, _ := os.Hostname()
	if hostname == "" {
		hostname = "dipdesk"
	}
	hostname = strings.TrimSuffix(strings.SplitN(hostname, ".", 2)[0], ".") + ".local."
	ips := lanIPs()
	if len(ips) == 0 {
		return nil, fmt.Errorf("lan: no network interface to advertise on")
	}
	zone := &liveZone{h: h, instance: instanceName(h.Info().Name), host: hostname, port: port, ips: ips}
	srv, err := mdns.NewServer(&mdns.Config{Zone: zone, Logger: log.New(io.Discard, "", 0)})
	if err != nil {
		return nil, fmt.Errorf("lan: advertising: %w", err)
	}
	var once sync.Once
	return func() { once.Do(func() { srv.Shutdown() }) }, nil
}

// instanceName makes a DNS-SD instance label of a game's name.
func instanceName(name string) string {
	r := strings.NewReplacer(".", " ", "\\", " ")
	s := strings.TrimSpace(r.Replace(name))
	if len(s) > 60 {
		s = s[:60]
	}
	if s == "" {
		s = "DipDesk game"
	}
	return s
}

// lanIPs lists the machine's non-loopback addresses on interfaces that
// are up.
func lanIPs() []net.IP {
	var out []net.IP
	ifs, _ := net.Interfaces()
	for _, ifc := range ifs {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, _ := ifc.Addrs()
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil {
				out = append(out, n.IP)
			}
		}
	}
	return out
}

// Discover lists the DipDesk games advertised on the LAN, asking for at
// most wait. An error means multicast is unavailable: type the address.
func Discover(ctx context.Context, wait time.Duration) ([]Found, error) {
	entries := make(chan *mdns.ServiceEntry, 64)
	params := mdns.DefaultParams(Service)
	params.Entries = entries
	params.Timeout = wait
	params.DisableIPv6 = true
	params.Logger = log.New(io.Discard, "", 0)
	done := make(chan error, 1)
	go func() {
		done <- mdns.QueryContext(ctx, params)
		close(entries)
	}()
	seen := map[string]Found{}
	for e := range entries {
		if f, ok := parseAdvert(e.InfoFields, e.AddrV4, e.Port); ok {
			seen[f.Addr] = f
		}
	}
	if err := <-done; err != nil {
		return nil, fmt.Errorf("lan: looking for games: %w", err)
	}
	out := make([]Found, 0, len(seen))
	for _, f := range seen {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}
