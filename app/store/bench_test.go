package store

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// powers are the seven powers of the standard game.
var powers = []string{"austria", "england", "france", "germany", "italy", "russia", "turkey"}

// phaseNames returns n phase names in playing order: S1901M, F1901M, W1901A, ...
func phaseNames(n int) []string {
	var out []string
	for year := 1901; len(out) < n; year++ {
		for _, s := range []string{"S%dM", "F%dM", "W%dA"} {
			out = append(out, fmt.Sprintf(s, year))
		}
	}
	return out[:n]
}

// fullPhase submits 30 orders (spread over the seven powers) for the current
// phase and adjudicates it with 30 results and a state of about 5 KB.
func fullPhase(tb testing.TB, f *File, name string) Phase {
	tb.Helper()
	cur := mustCurrent(tb, f)
	for i, power := range powers {
		var orders []Order
		for j := i; j < 30; j += len(powers) {
			orders = append(orders, order(power, fmt.Sprintf("A Unit%02d - Prov%02d", j, j)))
		}
		if err := f.SubmitOrders(cur.ID, power, orders); err != nil {
			tb.Fatal(err)
		}
	}
	next, err := f.Adjudicated(cur.ID, results(30), nil, Phase{Name: name, State: testState(name, cur.Seq+1, 5000)})
	if err != nil {
		tb.Fatal(err)
	}
	return next
}

// bigSave writes a closed save of n phases (n/3 years) and returns its path.
func bigSave(tb testing.TB, n int) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "big.dipdesk")
	f, err := Create(path, testGame(), Phase{Name: "S1901M", State: testState("S1901M", 0, 5000)})
	if err != nil {
		tb.Fatal(err)
	}
	for _, name := range phaseNames(n)[1:] {
		fullPhase(tb, f, name)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return path
}

func BenchmarkAdjudicatedStore(b *testing.B) {
	f, _ := create(b)
	res := results(30)
	state := testState("F1901M", 1, 5000)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		cur := mustCurrent(b, f)
		if _, err := f.Adjudicated(cur.ID, res, nil, Phase{Name: "X", State: state}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOpenAndReadPhase(b *testing.B) {
	path := bigSave(b, 300)
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		open func(string) (*File, error)
	}{{"Open", Open}, {"OpenReadOnly", OpenReadOnly}} {
		b.Run(tc.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				f, err := tc.open(path)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := f.Phase(int64(1 + i*7%300)); err != nil {
					b.Fatal(err)
				}
				if err := f.Close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(st.Size()), "file-bytes")
		})
	}
}
