package store

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzOpen feeds arbitrary bytes to Open and OpenReadOnly: they must never
// panic, and either fail or return a File that works.
func FuzzOpen(f *testing.F) {
	save := realSave(f)
	f.Add(save)
	for _, n := range []int{0, 15, 16, 99, 100, 1000, 4096, 8192, len(save) / 2, len(save) - 1} {
		f.Add(save[:n])
	}
	f.Add(damaged(save, 64))
	f.Add([]byte("garbage"))
	f.Add([]byte(sqliteMagic))
	f.Add(append([]byte(sqliteMagic), make([]byte, 200)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "fuzz.dipdesk")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, open := range []func(string) (*File, error){OpenReadOnly, Open} {
			g, err := open(path)
			if err != nil {
				continue
			}
			// An accepted file passed every check: it must be usable.
			if _, err := g.Current(); err != nil {
				t.Errorf("opened, but Current: %v", err)
			}
			_ = g.Game()
			g.Phases(true)
			g.Audit()
			if err := g.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		}
	})
}
