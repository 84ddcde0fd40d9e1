package lan

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// ConfigDirEnv overrides where DipDesk keeps its LAN files (the host's
// certificate, the client's pins and seat tokens): tests and portable
// installs set it.
const ConfigDirEnv = "DIPDESK_CONFIG_DIR"

// ConfigDir returns the folder for DipDesk's LAN files: $DIPDESK_CONFIG_DIR,
// or "dipdesk" in the user's configuration folder.
func ConfigDir() (string, error) {
	if d := os.Getenv(ConfigDirEnv); d != "" {
		return d, nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("lan: no configuration folder (set %s): %w", ConfigDirEnv, err)
	}
	return filepath.Join(d, "dipdesk"), nil
}

// clientFile is the client's memory of hosts, readable by its owner only
// (seat tokens are as good as the seat).
const clientFile = "lan-client.json"

// ClientMemory is what a player's machine remembers of the hosts it
// joined: each host's pinned certificate fingerprint and the seat tokens
// it was given. Safe for concurrent use within one program.
type ClientMemory struct {
	path string
	mu   sync.Mutex
}

type clientData struct {
	Pins   map[string]string `json:"pins"`   // host address -> fingerprint
	Tokens map[string]string `json:"tokens"` // "address seat" -> token
}

// NewClientMemory keeps the memory in dir.
func NewClientMemory(dir string) *ClientMemory {
	return &ClientMemory{path: filepath.Join(dir, clientFile)}
}

func (m *ClientMemory) load() (clientData, error) {
	d := clientData{Pins: map[string]string{}, Tokens: map[string]string{}}
	b, err := os.ReadFile(m.path)
	if errors.Is(err, os.ErrNotExist) {
		return d, nil
	}
	if err != nil {
		return d, fmt.Errorf("lan: %w", err)
	}
	if err := json.Unmarshal(b, &d); err != nil {
		return d, fmt.Errorf("lan: %s: %w (delete it to forget every host)", m.path, err)
	}
	if d.Pins == nil {
		d.Pins = map[string]string{}
	}
	if d.Tokens == nil {
		d.Tokens = map[string]string{}
	}
	return d, nil
}

func (m *ClientMemory) update(f func(*clientData)) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, err := m.load()
	if err != nil {
		return err
	}
	f(&d)
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(m.path), 0o700); err != nil {
		return fmt.Errorf("lan: %w", err)
	}
	tmp := m.path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("lan: %w", err)
	}
	return os.Rename(tmp, m.path)
}

// Pin returns the fingerprint pinned for addr, or "".
func (m *ClientMemory) Pin(addr string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, err := m.load()
	return d.Pins[addr], err
}

// SetPin pins fp for addr.
func (m *ClientMemory) SetPin(addr, fp string) error {
	return m.update(func(d *clientData) { d.Pins[addr] = fp })
}

// Token returns the seat token kept for seat at addr, or "".
func (m *ClientMemory) Token(addr, seat string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, err := m.load()
	return d.Tokens[addr+" "+seat], err
}

// SetToken keeps tok for seat at addr ("" forgets it).
func (m *ClientMemory) SetToken(addr, seat, tok string) error {
	return m.update(func(d *clientData) {
		if tok == "" {
			delete(d.Tokens, addr+" "+seat)
		} else {
			d.Tokens[addr+" "+seat] = tok
		}
	})
}
