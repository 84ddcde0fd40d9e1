package lan

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"dipdesk/app/session"
	"dipdesk/engine"
	"dipdesk/variants"
	"dipdesk/variants/cardgame"
	"dipdesk/variants/kit"
)

// player plays one seat from what its client receives: for each new
// phase in which its view says orders are due, random orders for its own
// units (engine.RandomOrders on its view), now and then press, then
// ready. It stops when the game ends or stop is closed.
type player struct {
	sc     *seatClient
	power  engine.Power
	g      *session.Game // only for the map and the variant's decoder, never the position
	rng    *engine.Rand
	orders func(s *engine.State, p engine.Power, rng *engine.Rand) []string
	powers []engine.Power
}

func (p *player) run(ctx context.Context, stop <-chan struct{}) error {
	handled := map[string]bool{}
	idx := 0
	for {
		msgs := p.sc.in.messages()
		if idx >= len(msgs) {
			p.sc.in.mu.Lock()
			cond, n := p.sc.in.cond, len(p.sc.in.all)
			p.sc.in.mu.Unlock()
			if n > idx {
				continue
			}
			select {
			case <-cond:
				continue
			case <-stop:
				return nil
			case <-ctx.Done():
				return fmt.Errorf("%s: %w", p.power, ctx.Err())
			}
		}
		env := msgs[idx]
		idx++
		switch env.Type {
		case TypeResults:
			if r, _ := Decode[Results](env); r.End != nil {
				return nil
			}
		case TypeView:
			v, err := Decode[View](env)
			if err != nil {
				return err
			}
			if !v.Due || handled[v.Phase] {
				continue
			}
			handled[v.Phase] = true
			if err := p.play(ctx, v); err != nil {
				return fmt.Errorf("%s in %s: %w", p.power, v.Phase, err)
			}
		}
	}
}

func (p *player) play(ctx context.Context, v View) error {
	s, err := engine.UnmarshalStateExtra(p.g.Map(), v.State, p.g.Variant().DecodeExtra)
	if err != nil {
		return err
	}
	lines := p.orders(s, p.power, p.rng)
	if len(lines) > 0 {
		if _, err := p.sc.c.Orders(ctx, v.Phase, strings.Join(lines, "\n")); err != nil {
			return err
		}
	}
	if p.rng != nil && p.rng.Intn(3, "press?") == 0 {
		to := p.powers[p.rng.Intn(len(p.powers), "press to")]
		var dest []string
		if to != p.power {
			dest = []string{string(to)}
		}
		if err := p.sc.c.Press(ctx, dest, fmt.Sprintf("%s to %v in %s", p.power, dest, v.Phase)); err != nil {
			return err
		}
	}
	return p.sc.c.Ready(ctx, v.Phase, true)
}

// randomOrders are engine.RandomOrders for power p's units.
func randomOrders(s *engine.State, p engine.Power, rng *engine.Rand) []string {
	var out []string
	for _, o := range engine.RandomOrders(s, rng) {
		if o.Power == p {
			out = append(out, o.Format(s.Map))
		}
	}
	return out
}

// galtVariant is Character Diplomacy II, found as the program finds it.
var galtVariant, _ = variants.Lookup("character2")

// randomGaltOrders are randomOrders with, for two units in five, a
// special order of the unit's Character Diplomacy II card (invisibility,
// strikes, double moves...), so hidden units cross the network.
func randomGaltOrders(s *engine.State, p engine.Power, rng *engine.Rand) []string {
	out := randomOrders(s, p, rng)
	if s.Phase.Type != engine.Movement {
		return out
	}
	for _, u := range s.Units {
		if u.Power != p || rng.Intn(5, "lan test: a special order?") >= 2 {
			continue
		}
		o, ok := galtVariant.RandomSpecial(s, u, rng)
		if !ok {
			continue
		}
		prefix := s.Map.LocString(u.Loc)
		out = slices.DeleteFunc(out, func(x string) bool {
			f := strings.Fields(x)
			return len(f) > 1 && (f[1] == prefix || strings.HasPrefix(f[1], prefix+"/"))
		})
		text := o.Text
		if text == "" {
			text = o.Format(s.Map)
		}
		out = append(out, text)
	}
	return out
}

// countResults counts the results in g's saved phases whose order text
// contains word.
func countResults(t *testing.T, g *session.Game, word string) int {
	t.Helper()
	phases, err := g.History(false)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range phases {
		rs, err := g.Results(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			if strings.Contains(r.Order, word) && r.OK {
				n++
			}
		}
	}
	return n
}

// cardFacts is what the checker reads of a card variant's game master
// position, whichever variant it is (kit.Records).
type cardFacts struct {
	ids   []kit.UnitID
	known func(id kit.UnitID, seat engine.Seat) bool
	hint  func(id kit.UnitID, seat engine.Seat) string
	card  func(id kit.UnitID) (string, bool)
}

func cardFactsOf(x engine.Extra) (cardFacts, bool) {
	e, ok := x.(kit.Records)
	if !ok {
		return cardFacts{}, false
	}
	return cardFacts{ids: e.Holders(), known: e.KnownTo, hint: e.HintTo, card: e.CardID}, true
}

// table is a host with every power's seat and one observer connected.
type table struct {
	h       *Host
	g       *session.Game
	seats   map[engine.Power]*seatClient
	watcher *seatClient
}

func newTable(t *testing.T, g *session.Game, cfg HostConfig) *table {
	if cfg.MessageRate == 0 {
		// The table's players are programs playing at machine speed, far
		// above a person's messages a second; TestFloodingSeat tests the
		// limit.
		cfg.MessageRate = -1
	}
	tb := &table{h: startHost(t, g, cfg), g: g, seats: map[engine.Power]*seatClient{}}
	for _, p := range g.Map().PowerIDs() {
		tb.seats[p] = join(t, tb.h, string(p), false)
	}
	tb.watcher = join(t, tb.h, ObserverSeat, false)
	return tb
}

// play runs a player per seat until the host reaches a phase of year
// until, or someone wins.
func (tb *table) play(t *testing.T, until int, seed uint64, orders func(*engine.State, engine.Power, *engine.Rand) []string) {
	stop := make(chan struct{})
	var once sync.Once
	tb.h.OnPhase(func(phase string) {
		ph, err := engine.ParsePhase(phase)
		if err != nil || ph.Year >= until {
			once.Do(func() { close(stop) })
		}
	})
	errs := make(chan error, len(tb.seats))
	var wg sync.WaitGroup
	ctx := ctxT(t)
	for i, p := range tb.g.Map().PowerIDs() {
		pl := &player{sc: tb.seats[p], power: p, g: tb.g, rng: engine.NewRand(seed + uint64(i)), orders: orders, powers: tb.g.Map().PowerIDs()}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := pl.run(ctx, stop); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// checkAll checks every message every client received against what its
// seat may know, recomputed from the save file (read-only) with the
// engine's own view functions.
func (tb *table) checkAll(t *testing.T, expected ...string) {
	ro, err := session.OpenReadOnly(tb.g.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	ck := &checker{t: t, g: ro, expected: expected}
	for p, sc := range tb.seats {
		ck.check(engine.Seat{Power: p}, sc.in.messages())
	}
	ck.check(engine.Seat{}, tb.watcher.in.messages())
	if ck.views == 0 || ck.results == 0 {
		t.Errorf("checked %d views and %d results: the game did not run", ck.views, ck.results)
	}
	t.Logf("checked %d messages: %d views, %d hands, %d results, %d press", ck.msgs, ck.views, ck.hands, ck.results, ck.press)
}

type checker struct {
	t                                  *testing.T
	g                                  *session.Game
	msgs, views, hands, results, press int
	expected                           []string // error codes the test provoked
}

func (ck *checker) check(seat engine.Seat, msgs []Envelope) {
	t := ck.t
	accepted := map[string][]string{} // phase -> orders this seat had stored
	var lastSeq uint64
	for _, env := range msgs {
		ck.msgs++
		if env.Seq <= lastSeq {
			t.Errorf("%s: host sequence %d after %d", seat, env.Seq, lastSeq)
		}
		lastSeq = env.Seq
		switch env.Type {
		case TypeAck:
			a, _ := Decode[Ack](env)
			accepted[a.Phase] = append(accepted[a.Phase], a.Accepted...)
		case TypeView:
			ck.view(seat, env, accepted)
		case TypeHand:
			ck.hand(seat, env)
		case TypeResults:
			ck.result(seat, env)
		case TypePress:
			ck.press++
			m, _ := Decode[PressMsg](env)
			if !mayReadIndependent(seat, m) {
				t.Errorf("%s received press %+v", seat, m)
			}
		case TypeError:
			if e, _ := Decode[ErrorMsg](env); !slices.Contains(ck.expected, e.Code) {
				t.Errorf("%s: error from the host: %+v", seat, e)
			}
		}
	}
}

// mayReadIndependent restates the press rule without the host's code.
func mayReadIndependent(seat engine.Seat, m PressMsg) bool {
	if len(m.To) == 0 {
		return true
	}
	for _, to := range m.To {
		if to == string(seat.Power) && to != "" {
			return true
		}
	}
	return seat.Power != "" && m.From == string(seat.Power)
}

func (ck *checker) phase(name string) session.PhaseState {
	ps, err := ck.g.Phase(name)
	if err != nil {
		ck.t.Fatal(err)
	}
	return ps
}

func (ck *checker) view(seat engine.Seat, env Envelope, accepted map[string][]string) {
	ck.views++
	v, err := Decode[View](env)
	if err != nil {
		ck.t.Fatal(err)
	}
	ps := ck.phase(v.Phase)
	want, err := engine.MarshalState(engine.ViewFor(ps.State, nil, seat, ck.g.Variant().Rules).State)
	if err != nil {
		ck.t.Fatal(err)
	}
	var got bytes.Buffer
	json.Compact(&got, v.State)
	if !bytes.Equal(got.Bytes(), want) {
		ck.t.Errorf("%s's view of %s differs from ViewFor:\n got %.300s\nwant %.300s", seat, v.Phase, got.Bytes(), want)
	}
	for _, o := range v.Pending {
		if seat.Power == "" || !slices.Contains(accepted[v.Phase], o) {
			ck.t.Errorf("%s's view of %s shows pending order %q it never sent", seat, v.Phase, o)
		}
	}
}

func (ck *checker) hand(seat engine.Seat, env Envelope) {
	ck.hands++
	h, err := Decode[Hand](env)
	if err != nil {
		ck.t.Fatal(err)
	}
	if slices.ContainsFunc(h.Cards, func(c Card) bool { return c.Seat }) {
		ck.seatHand(seat, h)
		return
	}
	cards, ok := cardFactsOf(ck.phase(h.Phase).State.Extra)
	if !ok {
		ck.t.Errorf("%s got a hand in a game without cards", seat)
		return
	}
	known := 0
	for _, id := range cards.ids {
		if cards.known(id, seat) || cards.hint(id, seat) != "" {
			known++
		}
	}
	if len(h.Cards) != known {
		ck.t.Errorf("%s's hand in %s has %d cards, the seat knows %d", seat, h.Phase, len(h.Cards), known)
	}
	for _, c := range h.Cards {
		n, typ, _, err := cardgame.ParseLabel(c.Label)
		if err != nil {
			ck.t.Fatal(err)
		}
		id := kit.UnitID{Power: engine.Power(c.Power), Type: typ, Number: n}
		held, ok := cards.card(id)
		switch {
		case !ok:
			ck.t.Errorf("%s's hand in %s shows a card for %s, which holds none", seat, h.Phase, id)
		case cards.known(id, seat) && held != c.ID:
			ck.t.Errorf("%s's hand in %s: %s holds card %s, not %s", seat, h.Phase, id, held, c.ID)
		case !cards.known(id, seat) && (cards.hint(id, seat) == "" || c.ID != ""):
			ck.t.Errorf("%s's hand in %s shows %s's card %s (%s), which it may not know", seat, h.Phase, c.Power, c.Label, c.ID)
		}
		if len(c.Orders) > 0 && c.Power != string(seat.Power) {
			ck.t.Errorf("%s is offered the special orders of %s's card", seat, c.Power)
		}
	}
}

func (ck *checker) result(seat engine.Seat, env Envelope) {
	ck.results++
	r, err := Decode[Results](env)
	if err != nil {
		ck.t.Fatal(err)
	}
	out, err := ck.g.SeatOutcome(ck.phase(r.Phase), seat)
	if err != nil {
		ck.t.Fatal(err)
	}
	var want []string
	for _, x := range out.Results {
		want = append(want, fmt.Sprintf("%s %s %v %s %s", x.Order.Power, x.Order.Format(ck.g.Map()), x.OK, x.Code, x.Reason))
	}
	var got []string
	for _, x := range r.Results {
		got = append(got, fmt.Sprintf("%s %s %v %s %s", x.Power, x.Order, x.OK, x.Code, x.Reason))
	}
	if !slices.Equal(got, want) || !slices.Equal(r.Events, out.Events) {
		ck.t.Errorf("%s's results of %s differ from SeatOutcome:\n got %q %q\nwant %q %q", seat, r.Phase, got, r.Events, want, out.Events)
	}
	if !sameEnd(r.End, out.End) {
		ck.t.Errorf("%s's results of %s end the game as %+v, the engine %+v", seat, r.Phase, r.End, out.End)
	}
}

// seatHand checks a hand of cards the seats hold, no unit
// (Questionable's characters, whose records are public, ruling Q12): every
// card is such a card, with its state; only the seat's own offer orders.
func (ck *checker) seatHand(seat engine.Seat, h Hand) {
	for _, c := range h.Cards {
		switch {
		case !c.Seat || c.Unit != "":
			ck.t.Errorf("%s's hand in %s mixes a unit's card %+v with the seats'", seat, h.Phase, c)
		case len(c.Notes) == 0:
			ck.t.Errorf("%s's hand in %s: %s's %s has no state", seat, h.Phase, c.Power, c.Name)
		case len(c.Orders) > 0 && c.Power != string(seat.Power):
			ck.t.Errorf("%s is offered the orders of %s's %s", seat, c.Power, c.Name)
		}
	}
}

// sameEnd reports whether the end a message says is the engine's.
func sameEnd(got *GameEnd, want *engine.GameEnd) bool {
	if got == nil || want == nil {
		return got == nil && want == nil
	}
	if got.Draw != want.Draw || got.Why != want.Why || len(got.Winners) != len(want.Winners) || len(got.Points) != len(want.Points) {
		return false
	}
	for i, w := range want.Winners {
		if got.Winners[i] != string(w) {
			return false
		}
	}
	for p, n := range want.Points {
		if m, ok := got.Points[string(p)]; !ok || m != n {
			return false
		}
	}
	return true
}

// TestRandomGamesLeakNothing plays random games over loopback with every
// seat and an observer connected, and checks every message each client
// received against what its seat may know.
func TestRandomGamesLeakNothing(t *testing.T) {
	for _, tc := range []struct {
		variant string
		seed    uint64
		until   int
	}{
		{"standard", 3, 1904},
		{"character", 5, 1904},
		{"character2", 8, 1904}, // seed 8 deals three units able to turn invisible
		{"shapetest", 4, 1903},  // ends after the 1902 adjustments, with points
	} {
		t.Run(tc.variant, func(t *testing.T) {
			g := newGame(t, tc.variant, tc.seed)
			tb := newTable(t, g, HostConfig{})
			orders := randomOrders
			if tc.variant == "character2" {
				orders = randomGaltOrders
			}
			tb.play(t, tc.until, tc.seed, orders)
			tb.h.Close()
			tb.checkAll(t)
			if e := tb.h.End(); tc.variant == "shapetest" && (e == nil || e.Points["jester"] != 3 || len(e.Winners) == 0) {
				t.Errorf("the game did not end with points: %+v", e)
			}
			if tc.variant == "character2" {
				// The test is worth something only if units went unseen.
				if n := countResults(t, g, "invisible"); n == 0 {
					t.Error("no unit turned invisible: the hidden units never crossed the network")
				} else {
					t.Logf("%d invisibility orders adjudicated", n)
				}
			}
		})
	}
}
