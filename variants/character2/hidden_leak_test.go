package character2

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// leakSeats are the public and every power.
func leakSeats(m *engine.Map) []engine.Seat {
	out := []engine.Seat{{}}
	for _, p := range m.Powers {
		out = append(out, engine.Seat{Power: p.ID})
	}
	return out
}

// hideGame gives the first unit of six powers the four Aces and the two
// Ghosts, so that random games hide units often.
func hideGame(t *testing.T, seed uint64) *engine.State {
	t.Helper()
	s := newGame(t, seed)
	e := extraOf(s)
	ids := []string{"WA", "CA", "SA", "PA", "T10", "T11"}
	done := map[engine.Power]bool{}
	for _, u := range s.Units {
		if len(ids) == 0 || done[u.Power] {
			continue
		}
		done[u.Power] = true
		c, ok := e.Deck.Take(ids[0])
		if !ok {
			// Dealt to another unit already: the two swap cards.
			c, _ = cardByID(ids[0])
			for id, h := range e.Cards {
				if h.Card.ID == c.ID {
					h.Card = e.Cards[idOf(u)].Card
					_ = id
				}
			}
		}
		ids = ids[1:]
		e.Give(idOf(u), c, s.Phase)
	}
	return s
}

// playHidden plays random orders, with "invisible" and "visible" orders
// for the units that may give them, and calls check after every phase.
func playHidden(t *testing.T, seed uint64, phases int, check func(before *engine.State, out *engine.Outcome)) {
	s := hideGame(t, seed)
	rng := engine.NewRand(seed * 7)
	for range phases {
		orders := engine.RandomOrders(s, rng)
		if s.Phase.Type == engine.Movement {
			for _, u := range s.Units {
				if rng.Intn(3, "test: a hidden order") == 0 {
					continue
				}
				o, ok := hiddenRandom(s, u, rng)
				if !ok {
					continue
				}
				orders = slices.DeleteFunc(orders, func(x engine.Order) bool { return x.Power == u.Power && x.At.P == u.Loc.P })
				orders = append(orders, o)
			}
		}
		out := engine.Adjudicate(s, orders, Variant.Rules, rng)
		check(s, out)
		if out.Winner() != "" {
			return
		}
		s = out.Next
	}
}

// TestC2hiddenLeak is the "Hidden information" test: in random
// games, after every phase, every seat's view of the new position and its
// report of the phase (engine.ViewFor, engine.OutcomeFor, serialised as
// the app and the network receive them) hold no invisible unit the seat
// may not know of: not the unit, not its card, and no result, order or
// event naming it where it stands unseen. DIPDESK_SOAK_GAMES plays more.
func TestC2hiddenLeak(t *testing.T) {
	games := 3
	if v := os.Getenv("DIPDESK_SOAK_GAMES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("DIPDESK_SOAK_GAMES=%q", v)
		}
		games = n
	}
	hidden, seen := 0, 0
	for g := range games {
		seed := uint64(1000 + g)
		playHidden(t, seed, 40, func(before *engine.State, out *engine.Outcome) {
			h, sn := checkLeaks(t, seed, before, out)
			hidden += h
			seen += sn
		})
	}
	if hidden == 0 || seen == 0 {
		t.Errorf("the games hid %d units from a seat and told %d sightings: the test proves nothing", hidden, seen)
	}
	t.Logf("%d games: %d unit-seat secrets checked, %d sightings", games, hidden, seen)
}

func checkLeaks(t *testing.T, seed uint64, before *engine.State, out *engine.Outcome) (int, int) {
	t.Helper()
	m := before.Map
	ne, be := extraOf(out.Next), extraOf(before)
	nsecrets, nseen := 0, 0
	for _, seat := range leakSeats(m) {
		v := engine.ViewFor(out.Next, nil, seat, Variant.Rules)
		c := engine.OutcomeFor(before, out, seat, Variant.Rules)
		bv := engine.ViewFor(before, nil, seat, Variant.Rules)
		vj, err := engine.MarshalState(v.State)
		if err != nil {
			t.Fatal(err)
		}
		cj, err := engine.MarshalState(c.Next)
		if err != nil {
			t.Fatal(err)
		}
		if string(vj) != string(cj) {
			t.Fatalf("seed %d %s %s: the report's next position differs from the view", seed, before.Phase.Key(), seat)
		}
		visible := map[string]bool{} // "A mun": a unit the seat sees there
		for _, st := range []*engine.State{v.State, bv.State} {
			for _, u := range st.Units {
				visible[u.Type.String()+" "+m.LocString(u.Loc)] = true
			}
			for _, d := range st.Dislodged {
				visible[d.Unit.Type.String()+" "+m.LocString(d.Unit.Loc)] = true
			}
		}
		for _, r := range c.Results {
			if r.Unit.Power != "" {
				// A unit whose result the seat sees, where it stood.
				visible[r.Unit.Type.String()+" "+m.LocString(r.Unit.Loc)] = true
			}
		}
		var texts []string
		for _, r := range c.Results {
			if r.Order.Power != seat.Power || seat.Power == "" {
				// A seat's own orders say what it guessed, not what it
				// was told.
				texts = append(texts, r.Order.Text, r.Order.Format(m))
			}
			texts = append(texts, r.Reason)
		}
		texts = append(texts, c.Events...)
		all := strings.Join(texts, "\n")
		for id, x := range ne.Effects.Hidden.Units {
			sees := seat.Power == id.Power
			if s, told := x.Seen[seat.Power]; told && seat.Power != "" {
				if now, _, _ := whereNow(out.Next, id); s.Loc == m.LocString(now.Loc) {
					sees = true
				}
				nseen++
			}
			if sees {
				// Those who may see it do: "shown to those who may see them".
				if _, _, ok := whereNow(v.State, id); !ok {
					t.Fatalf("seed %d %s %s %s: the unit is missing from a view that may show it", seed, before.Phase.Key(), seat, id)
				}
				continue
			}
			nsecrets++
			where := before.Phase.Key() + " " + seat.String() + " " + id.String()
			now, _, _ := whereNow(out.Next, id)
			for _, u := range v.State.Units {
				if idOf(u) == id {
					t.Fatalf("seed %d %s: the view shows the unit at %s", seed, where, m.LocString(u.Loc))
				}
			}
			for _, d := range v.State.Dislodged {
				if idOf(d.Unit) == id {
					t.Fatalf("seed %d %s: the view shows the unit dislodged", seed, where)
				}
				if start, _, ok := whereNow(before, id); ok && d.Unit.Loc.P == now.Loc.P && d.From == start.Loc.P && start.Loc.P != now.Loc.P {
					if _, was := be.Effects.Hidden.Units[id]; was {
						t.Fatalf("seed %d %s: the view says the unit's attack came from %s", seed, where, m.LocString(start.Loc))
					}
				}
			}
			for _, r := range c.Results {
				if r.Unit.Power != "" && idOf(r.Unit) == id {
					t.Fatalf("seed %d %s: the report has its result %q", seed, where, r.Reason)
				}
			}
			if h, ok := extraOf(v.State).Cards[id]; ok && h.Card.Kind != 0 && !be.KnownTo(id, seat) && !ne.KnownTo(id, seat) {
				t.Fatalf("seed %d %s: the view holds its card %s", seed, where, h.Card.ID)
			}
			if h, ok := ne.Cards[id]; ok && !ne.KnownTo(id, seat) {
				ej, _ := json.Marshal(extraOf(v.State))
				if strings.Contains(string(ej), `"card":"`+h.Card.ID+`"`) {
					t.Fatalf("seed %d %s: the view's JSON names its card %s", seed, where, h.Card.ID)
				}
			}
			// Where it stands unseen: its place now, and where it stood
			// unseen at the start (a unit turning invisible this turn was
			// seen where it started).
			var names []string
			start, _, wasThere := whereNow(before, id)
			_, wasHidden := be.Effects.Hidden.Units[id]
			if !(wasThere && !wasHidden && start.Loc.P == now.Loc.P) {
				names = append(names, namesAt(m, now, now.Loc)...)
			}
			if wasThere && wasHidden {
				names = append(names, namesAt(m, start, start.Loc)...)
			}
			for _, n := range names {
				short := strings.SplitN(n, " ", 2)
				if visible[now.Type.String()+" "+short[len(short)-1]] {
					continue
				}
				if namesUnseen(m, all, n, id.Power) {
					var us []string
					for _, u := range before.Units {
						us = append(us, u.Type.String()+" "+m.LocString(u.Loc)+" "+string(u.Power))
					}
					var gm []string
					for _, r := range out.Results {
						gm = append(gm, r.Unit.Type.String()+" "+m.LocString(r.Unit.Loc)+" "+string(r.Unit.Power)+": "+r.Order.Text+" | "+r.Reason)
					}
					t.Fatalf("seed %d %s: the report names %q:\n%s\nbefore: %v\nhidden before: %v\nGM results:\n%s", seed, where, n, all, us, be.Effects.Hidden.Units, strings.Join(gm, "\n"))
				}
			}
		}
	}
	return nsecrets, nseen
}

// namesAt lists the ways a report's words may name unit u standing at l:
// "A mun", "1A mun", "1A in Munich" (the test reads the words a seat
// gets; the variant decides from the names its parts record).
func namesAt(m *engine.Map, u engine.Unit, l engine.Loc) []string {
	ls := m.LocString(l)
	return []string{u.Type.String() + " " + ls, kit.Label(u.Number, u.Type) + " " + ls,
		kit.Label(u.Number, u.Type) + " in " + m.LocName(l)}
}

// namesUnseen reports whether text names a unit of power p as n ("1F in
// Finland"): an occurrence that another power's name owns ("Germany's 1F
// in Finland") speaks of that power's unit, not of p's.
func namesUnseen(m *engine.Map, text, n string, p engine.Power) bool {
	for i := 0; ; {
		k := strings.Index(text[i:], n)
		if k < 0 {
			return false
		}
		at := i + k
		other := false
		for _, pw := range m.Powers {
			if pw.ID != p && strings.HasSuffix(text[:at], pw.Name+"'s ") {
				other = true
			}
		}
		if !other {
			return true
		}
		i = at + len(n)
	}
}
