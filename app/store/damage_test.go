package store

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dump writes everything a File tells into one text, to compare files.
func dump(t testing.TB, f *File) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "%+v\n", f.Game())
	phases, err := f.Phases(true)
	if err != nil {
		return "", err
	}
	for _, p := range phases {
		fmt.Fprintf(&b, "%+v\n", p)
		orders, err := f.Orders(p.ID, false)
		if err != nil {
			return "", err
		}
		results, err := f.Results(p.ID)
		if err != nil {
			return "", err
		}
		draws, err := f.Draws(p.ID)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "%+v\n%+v\n%+v\n", orders, results, draws)
	}
	live, err := f.Phases(false)
	if err != nil {
		return "", err
	}
	for _, lp := range live {
		name := lp.Name
		p, err := f.PhaseByKey(name)
		if err != nil {
			return "", err
		}
		cur, err := f.Orders(p.ID, true)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "%s %d %+v\n", name, p.ID, cur)
	}
	cur, err := f.Current()
	if err != nil {
		return "", err
	}
	audit, err := f.Audit()
	if err != nil {
		return "", err
	}
	fmt.Fprintf(&b, "%+v\n%+v\n", cur, audit)
	return b.String(), nil
}

// TestDamageIsNeverSilent overwrites a few bytes at many places of a save:
// each time the file must either be rejected with ErrCorrupt (or, where
// the header is hit, another of the store's sentinels), or read back
// exactly as before (the bytes hit were unused space).
func TestDamageIsNeverSilent(t *testing.T) {
	save := realSave(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "game.dipdesk")
	os.WriteFile(path, save, 0o644)
	f, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := dump(t, f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	rejected, same := 0, 0
	for off := 0; off < len(save); off += 997 {
		data := append([]byte(nil), save...)
		for i := off; i < off+8 && i < len(data); i++ {
			data[i] = byte(r.UintN(256))
		}
		p := filepath.Join(dir, fmt.Sprintf("d%d.dipdesk", off))
		os.WriteFile(p, data, 0o644)
		f, err := OpenReadOnly(p)
		if err != nil {
			if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrNotDipDesk) && !errors.Is(err, ErrNewerVersion) {
				t.Errorf("offset %d: unexpected error %v", off, err)
			}
			rejected++
			continue
		}
		got, err := dump(t, f)
		f.Close()
		if err != nil && !errors.Is(err, ErrCorrupt) {
			t.Errorf("offset %d: opened, then reading failed with %v", off, err)
		} else if err == nil && got != want {
			t.Errorf("offset %d (page %d): opened and read back different data", off, off/4096+1)
		}
		same++
	}
	t.Logf("%d damaged copies rejected, %d read back unchanged", rejected, same)
}
