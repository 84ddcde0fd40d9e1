package engine

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// FuzzParsePhase reads any text as a phase: it must not panic, and a
// phase it reads must read back the same from its short and long forms.
// (The short form has a four-digit year: ParsePhase takes "Spring 5" but
// not its "S5M", which the fuzzer found; games start in 1901, and saves
// refuse a year before 1, so only four-digit years must go both ways.)
func FuzzParsePhase(f *testing.F) {
	for _, s := range []string{"S1901M", "F1901R", "W1901A", "Spring 1901, Movement", "fall 1905 retreats",
		"Winter 1901 builds", "autumn 1902", "s1901m", "S-1M", "X1901M", "S99999999999999999999M", "Spring", "", "W1901M"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePhase(s)
		if err != nil || p.Year < 1000 || p.Year > 9999 {
			return
		}
		for _, form := range []string{p.Key(), p.String()} {
			q, err := ParsePhase(form)
			if err != nil || q != p {
				t.Fatalf("%q read as %+v; its form %q reads as %+v (%v)", s, p, form, q, err)
			}
		}
	})
}

// FuzzUnmarshalState reads any bytes as a saved position of the standard
// board (what a save's phases.state and a LAN view's state hold): it must
// not panic, and a position it reads must write and read back the same.
func FuzzUnmarshalState(f *testing.F) {
	m := standardMap(f)
	start, err := MarshalState(NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement}))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(start)
	f.Add([]byte(`{"phase":{"name":"F1901R","year":1901,"season":3,"type":2},"units":[{"type":"F","power":"england","loc":"stp/nc"}],` +
		`"owners":{"lon":"england"},"dislodged":[{"unit":{"type":"A","power":"france","loc":"bur"},"from":"mun","by_convoy":true}],"standoffs":["pic"]}`))
	f.Add([]byte(`{"phase":{"year":-1,"season":9,"type":9},"units":[{"type":"A","power":"narnia","loc":"xyz/nc"}],"extra":{"cards":[]}}`))
	f.Add([]byte(`{}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := UnmarshalState(m, b)
		if err != nil {
			return
		}
		out, err := MarshalState(s)
		if err != nil {
			t.Fatalf("read, but cannot be written: %v", err)
		}
		s2, err := UnmarshalState(m, out)
		if err != nil {
			t.Fatalf("written as %s, which does not read: %v", out, err)
		}
		again, _ := MarshalState(s2)
		if !bytes.Equal(out, again) {
			t.Fatalf("not stable:\n%s\n%s", out, again)
		}
		// What every screen asks of a position.
		s.Centres()
		s.UnitCounts()
		ViewFor(s, nil, Seat{Power: "france"}, nil)
	})
}

// FuzzApplyMapChanges applies any text as a variant's change file to the
// standard board (as variants/character does with its own): it must not
// panic, and a board it changes must still answer every question.
func FuzzApplyMapChanges(f *testing.F) {
	m := standardMap(f)
	for _, name := range []string{"../resources/maps/character/character.changes", "../resources/maps/character2/character2.changes"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("passable swi\nprovince cas sea \"Caspian Sea\" \"Caspian\"\nfleet cas arm sev\nunlink army pie ven\nunlimited cas\n")
	f.Add("power spain \"Spain\" Spanish S\nunit spain A spa\n")
	f.Add("unlink fleet spa/nc mao\ncoast par nc\nfleet par/nc eng\n")
	f.Add("province \"\nunlimited\n")
	f.Fuzz(func(t *testing.T, text string) {
		c := m.Clone()
		if err := c.Apply("fuzz.changes", strings.NewReader(text)); err != nil {
			return
		}
		for i := range c.Provinces {
			p := ProvinceID(i)
			c.ArmyNeighbours(p)
			for _, co := range append([]Coast{NoCoast}, c.Provinces[i].Coasts...) {
				c.FleetNeighbours(Loc{p, co})
			}
		}
		s := NewState(c, Phase{Year: 1901, Season: Spring, Type: Movement})
		AdjudicateMovement(s, nil, nil)
		if _, err := MarshalState(s); err != nil {
			t.Fatal(err)
		}
	})
}
