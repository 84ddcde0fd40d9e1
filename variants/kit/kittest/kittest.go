// Package kittest is the test scaffolding every card variant's tests
// share: the soak test's loop (seeded random games with the cards' special
// orders mixed in, every phase checked, the counts and seeds from the
// environment), a position's JSON round trip, and the case files' fuzz
// target. Each variant adds its own invariants.
package kittest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
	"dipdesk/variants/kit"
)

// Env returns the positive number environment variable name holds, or
// def when it is not set; any other value fails t.
func Env(t testing.TB, name string, def int) int {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		t.Fatalf("%s=%q: want a positive number", name, v)
	}
	return n
}

// Seeds are the seeds of n soak games, 1 to n, or the one that
// DIPDESK_SOAK_SEED names.
func Seeds(t testing.TB, n int) []uint64 {
	t.Helper()
	if v := os.Getenv("DIPDESK_SOAK_SEED"); v != "" {
		s, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("DIPDESK_SOAK_SEED=%q: %v", v, err)
		}
		return []uint64{s}
	}
	seeds := make([]uint64, n)
	for i := range seeds {
		seeds[i] = uint64(i + 1)
	}
	return seeds
}

// Soak is a soak test of a card variant: seeded random games from its
// Setup, random legal orders (engine.RandomOrders) with, for SpecialPct
// units in a hundred, a special order of the unit's card
// (Variant.RandomSpecial) in a movement phase, for Years game years;
// after every phase nothing may have panicked and Check must find
// nothing wrong. DIPDESK_SOAK_GAMES, DIPDESK_SOAK_YEARS and
// DIPDESK_SOAK_SEED (one game with that seed) play more.
type Soak struct {
	Variant *engine.Variant
	Options map[string]string // the game's options
	// GameOptions, if set, gives the options of the i-th game instead
	// (several rulings played in one soak).
	GameOptions func(i int) map[string]string
	// RandomOrders, if set, writes a step's orders instead of Orders (a
	// variant whose special orders are a seat's, not a unit's card's).
	RandomOrders func(s *engine.State, rng *engine.Rand) []engine.Order
	Games        int // games by default
	Years        int // years by default
	SpecialPct   int
	// Specials reports whether the cards give orders in s (nil: always).
	Specials func(s *engine.State) bool
	// Replaces reports whether x is the order of u that u's special order
	// replaces (nil: the order given in u's province by its power).
	Replaces func(x engine.Order, u engine.Unit) bool
	// Check returns what is wrong with next, the position after out was
	// adjudicated from before (both nil for the position Setup made).
	Check func(before *engine.State, out *engine.Outcome, next *engine.State) []string
	// Summary is logged at the end of a game.
	Summary func(s *engine.State, phases int) string
	// MinPhases is the fewest phases a game to s must have had (nil: two a
	// year).
	MinPhases func(s *engine.State, years int) int
}

// Run plays the games, one subtest each.
func (c Soak) Run(t *testing.T) {
	games := Env(t, "DIPDESK_SOAK_GAMES", c.Games)
	years := Env(t, "DIPDESK_SOAK_YEARS", c.Years)
	m, err := c.Variant.Map()
	if err != nil {
		t.Fatal(err)
	}
	for i, seed := range Seeds(t, games) {
		opts := c.Options
		if c.GameOptions != nil {
			opts = c.GameOptions(i)
		}
		name := fmt.Sprintf("seed %d", seed)
		if len(opts) > 0 {
			name += fmt.Sprint(" ", opts)
		}
		t.Run(name, func(t *testing.T) { c.game(t, m, seed, years, opts) })
	}
}

func (c Soak) game(t *testing.T, m *engine.Map, seed uint64, years int, opts map[string]string) {
	s, err := c.Variant.NewGame(m, opts, engine.NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	if bad := c.Check(nil, nil, s); len(bad) > 0 {
		t.Fatalf("after Setup: %s", strings.Join(bad, "; "))
	}
	rng := engine.NewRand(seed * 7919)
	end := 1901 + years
	phases, over := 0, false
	for s.Phase.Year < end {
		var orders []engine.Order
		if c.RandomOrders != nil {
			orders = c.RandomOrders(s, rng)
		} else {
			orders = c.Orders(s, rng)
		}
		var out *engine.Outcome
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("%s: panic: %v\n%s\norders: %v", s.Phase.Key(), r, debug.Stack(), orders)
				}
			}()
			out = engine.Adjudicate(s, orders, c.Variant.Rules, rng)
		}()
		if bad := c.Check(s, out, out.Next); len(bad) > 0 {
			for _, r := range out.Results {
				t.Logf("%s: %s %s", r.Order.Text, r.Code, r.Reason)
			}
			t.Logf("events: %q", out.Events)
			t.Fatalf("after %s: %s", s.Phase.Key(), strings.Join(bad, "\n  "))
		}
		s = out.Next
		phases++
		if out.End != nil {
			over = true
			break
		}
	}
	if c.Summary != nil {
		t.Logf("%d phases to %s, %s", phases, s.Phase.Key(), c.Summary(s, phases))
	}
	least := 2 * years
	if c.MinPhases != nil {
		least = c.MinPhases(s, years)
	}
	if phases < least && !over {
		t.Errorf("only %d phases to %s in %d years", phases, s.Phase.Key(), years)
	}
}

// Orders are random standard orders for s with, in a movement phase, a
// special order of their card for some units in place of their own;
// supports and convoys naming them stay, as a player's might.
func (c Soak) Orders(s *engine.State, rng *engine.Rand) []engine.Order {
	orders := engine.RandomOrders(s, rng)
	if s.Phase.Type != engine.Movement || c.Variant.RandomSpecial == nil || (c.Specials != nil && !c.Specials(s)) {
		return orders
	}
	replaces := c.Replaces
	if replaces == nil {
		replaces = func(x engine.Order, u engine.Unit) bool { return x.Power == u.Power && x.At.P == u.Loc.P }
	}
	for _, u := range s.Units {
		if rng.Intn(100, "soak: a special order?") >= c.SpecialPct {
			continue
		}
		o, ok := c.Variant.RandomSpecial(s, u, rng)
		if !ok {
			continue
		}
		orders = slices.DeleteFunc(orders, func(x engine.Order) bool { return replaces(x, u) })
		orders = append(orders, o)
	}
	return orders
}

// RoundTrip returns what differs when position s is saved as JSON and read
// back with decode (the variant's DecodeExtra): its part of the position,
// its units, owners and phase, and the JSON saved again.
func RoundTrip(s *engine.State, decode func([]byte) (engine.Extra, error)) []string {
	b, err := engine.MarshalState(s)
	if err != nil {
		return []string{"saving: " + err.Error()}
	}
	back, err := engine.UnmarshalStateExtra(s.Map, b, decode)
	if err != nil {
		return []string{"reading back: " + err.Error()}
	}
	var bad []string
	// Equal as saved: an empty list and a missing one are the same
	// position (the JSON leaves empty effects out).
	x, _ := json.Marshal(back.Extra)
	y, _ := json.Marshal(s.Extra)
	if !bytes.Equal(x, y) {
		bad = append(bad, "the cards, deck or effects differ after the JSON round trip:\n"+string(x)+"\n"+string(y))
	}
	a, z := s.Clone(), back.Clone()
	a.SortUnits()
	z.SortUnits()
	if !reflect.DeepEqual(a.Units, z.Units) || !reflect.DeepEqual(a.Dislodged, z.Dislodged) || !reflect.DeepEqual(back.Owners, s.Owners) || back.Phase != s.Phase {
		bad = append(bad, "the units, owners or phase differ after the JSON round trip")
	}
	again, err := engine.MarshalState(back)
	if err != nil || !bytes.Equal(again, b) {
		bad = append(bad, "the JSON differs when saved again")
	}
	return bad
}

// FuzzCaseBlocks fuzzes a variant's case files: every case of the
// variant's testdata/cases is a seed, and no case text may make the runner
// panic, reported or not.
func FuzzCaseBlocks(f *testing.F, v *engine.Variant, ext *casefile.Extension) {
	names, err := filepath.Glob("testdata/cases/*.txt")
	if err != nil || len(names) == 0 {
		f.Fatal("no case files in testdata/cases")
	}
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for _, seed := range CaseSeeds(string(b)) {
			f.Add(seed)
		}
	}
	m, err := v.Map()
	if err != nil {
		f.Fatal(err)
	}
	su := &casefile.Setup{Map: m, Rules: v.Rules, Parser: v.Parser(m), Name: v.Name, Extension: ext}
	f.Fuzz(func(t *testing.T, text string) {
		cf, err := casefile.Parse("fuzz.txt", strings.NewReader(text))
		if err != nil {
			return
		}
		for _, c := range cf.Cases {
			if rep := su.Run("fuzz.txt", c); rep.Err != nil && strings.Contains(rep.Err.Error(), "panicked") {
				t.Fatal(rep.Err)
			}
		}
	})
}

// CaseSeeds splits a case file into one seed per case, each with the
// file's lines before its first CASE (VARIANT_ALL, OPTION, CONVENTION): a
// fuzzer mutates small inputs many times a second, a whole file a few
// times a minute.
func CaseSeeds(text string) []string {
	head, rest, found := strings.Cut(text, "\nCASE ")
	if !found {
		return []string{text}
	}
	var out []string
	for _, c := range strings.Split(rest, "\nCASE ") {
		out = append(out, head+"\nCASE "+c)
	}
	return out
}

// FuzzDecodeExtra feeds a variant's saved-cards loader arbitrary bytes,
// seeded with good (a game's cards as saved) and more: it must never
// panic, and what it accepts must save and load again to the same bytes.
func FuzzDecodeExtra(f *testing.F, decode func([]byte) (engine.Extra, error), good []byte, more ...[]byte) {
	f.Add(good)
	f.Add(good[:len(good)/2])
	for _, b := range more {
		f.Add(b)
	}
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, b []byte) {
		x, err := decode(b)
		if err != nil {
			return
		}
		once, err := json.Marshal(x)
		if err != nil {
			t.Fatalf("accepted %q but cannot save it: %v", b, err)
		}
		y, err := decode(once)
		if err != nil {
			t.Fatalf("saved %s but cannot load it again: %v", once, err)
		}
		twice, _ := json.Marshal(y)
		if !bytes.Equal(once, twice) {
			t.Fatalf("not stable:\n%s\n%s", once, twice)
		}
	})
}

// NewGame returns the first position of a game of v from seed.
func NewGame(t testing.TB, v *engine.Variant, seed uint64) *engine.State {
	t.Helper()
	m, err := v.Map()
	if err != nil {
		t.Fatal(err)
	}
	s, err := v.NewGame(m, nil, engine.NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Reload saves e as JSON and reads it back with decode (the variant's
// DecodeExtra), failing t on an error.
func Reload(t testing.TB, e engine.Extra, decode func([]byte) (engine.Extra, error)) engine.Extra {
	t.Helper()
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	back, err := decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// CaseCheckWithoutCards checks that a step's variant blocks are never
// skipped on a position that somehow holds no cards: ext's check fails
// saying so, and a step without blocks passes.
func CaseCheckWithoutCards(t *testing.T, v *engine.Variant, ext *casefile.Extension) {
	t.Helper()
	m, err := v.Map()
	if err != nil {
		t.Fatal(err)
	}
	su := &casefile.Setup{Map: m, Rules: v.Rules, Parser: v.Parser(m), Extension: ext}
	out := &engine.Outcome{Next: engine.NewState(m, v.Start)}
	st := casefile.Step{Variant: map[string][]casefile.Line{"POSTSTATE_CARDS": {{N: 3, Text: "France: 1A par 20"}}}}
	if _, err := ext.Check(su, "c.txt", st, out); err == nil || !strings.Contains(err.Error(), "holds no cards, so its POSTSTATE_CARDS cannot be checked") {
		t.Errorf("error %v", err)
	}
	if _, err := ext.Check(su, "c.txt", casefile.Step{}, out); err != nil {
		t.Errorf("a step without blocks: %v", err)
	}
}

// BenchGame plays a seeded game of v from the deal (options, seed 3)
// until 1921 or a win, each phase's orders from orders: one op is the
// whole game, and the phases of a game are reported. The variants'
// whole-game benchmarks.
func BenchGame(b *testing.B, v *engine.Variant, options map[string]string, orders func(*engine.State, *engine.Rand) []engine.Order) {
	m, err := v.Map()
	if err != nil {
		b.Fatal(err)
	}
	phases := 0
	for b.Loop() {
		s, err := v.NewGame(m, options, engine.NewRand(3))
		if err != nil {
			b.Fatal(err)
		}
		rng := engine.NewRand(3 * 7919)
		phases = 0
		for s.Phase.Year < 1921 {
			out := engine.Adjudicate(s, orders(s, rng), v.Rules, rng)
			s = out.Next
			phases++
			if out.End != nil {
				break
			}
		}
	}
	b.ReportMetric(float64(phases), "phases/op")
}

// Prov returns the province abbr names on s's board.
func Prov(t testing.TB, s *engine.State, abbr string) engine.ProvinceID {
	t.Helper()
	p, ok := s.Map.Lookup(abbr)
	if !ok {
		t.Fatalf("no province %q", abbr)
	}
	return p
}

// WithSpecials returns random orders for s with, in a movement phase,
// every unit's random special order (random: the variant's, nil for none)
// in place of its own (kit.ReplaceOrders with the variant's rules r).
func WithSpecials(s *engine.State, rng *engine.Rand, random func(*engine.State, engine.Unit, *engine.Rand) (engine.Order, bool), r *engine.Rules) []engine.Order {
	orders := engine.RandomOrders(s, rng)
	if s.Phase.Type != engine.Movement {
		return orders
	}
	for _, u := range s.Units {
		if o, ok := random(s, u, rng); ok {
			orders = kit.ReplaceOrders(s, orders, kit.IDOf(u), o, r)
		}
	}
	return orders
}

// Replays plays the seeded game of v (options, seed; each phase's orders
// from orders) runs times for years years and fails at the first phase
// whose position, results or events differ between two plays: everything
// random draws from the game's seeded source, so a saved game replays
// exactly (a map's order or the clock would break it).
func Replays(t *testing.T, v *engine.Variant, options map[string]string, seed uint64, years, runs int,
	orders func(*engine.State, *engine.Rand) []engine.Order) {
	t.Helper()
	m, err := v.Map()
	if err != nil {
		t.Fatal(err)
	}
	var first []string
	for run := range runs {
		s, err := v.NewGame(m, options, engine.NewRand(seed))
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRand(seed * 7919)
		var trace []string
		for s.Phase.Year < 1901+years {
			out := engine.Adjudicate(s, orders(s, rng), v.Rules, rng)
			b, err := engine.MarshalState(out.Next)
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, r := range out.Results {
				lines = append(lines, r.Order.Format(m)+" | "+r.Code.String()+" | "+r.Reason)
			}
			trace = append(trace, s.Phase.Key()+"\n"+string(b)+"\n"+strings.Join(append(lines, out.Events...), "\n"))
			s = out.Next
			if out.End != nil {
				break
			}
		}
		if run == 0 {
			first = trace
			continue
		}
		for i := range min(len(first), len(trace)) {
			if first[i] != trace[i] {
				t.Fatalf("play %d differs from the first at phase %d:\n%s\n---\n%s", run+1, i+1, first[i], trace[i])
			}
		}
		if len(first) != len(trace) {
			t.Fatalf("play %d has %d phases, the first %d", run+1, len(trace), len(first))
		}
	}
}
