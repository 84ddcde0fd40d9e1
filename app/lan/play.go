package lan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"dipdesk/app/session"
	"dipdesk/app/store"
	"dipdesk/engine"
)

// handle answers one client message. Everything it does happens under the
// host's lock, so messages are applied one at a time in arrival order;
// the lock is let go only while the save file is written (see unlocked).
func (h *Host) handle(c *conn, b []byte) {
	req, err := DecodeRequest(b)
	h.mu.Lock()
	if !h.allow(c) {
		h.rateLimited(c, req.Seq)
		h.mu.Unlock()
		return
	}
	if err == nil && req.Type == TypeOrders {
		h.guard(c, func() { h.queueOrders(c, req) })
		h.mu.Unlock()
		return
	}
	h.mu.Unlock()
	h.gmu.Lock()
	// Orders queued before this message are stored first, so a seat's
	// messages take effect in the order it sent them.
	h.flush()
	h.mu.Lock()
	before := h.markLocked()
	h.guard(c, func() {
		switch {
		case h.closed:
		case err != nil && errors.Is(err, ErrVersion):
			// Answered, like the hello, in version 1's envelope, which
			// every DipDesk reads: one of another version (version 1
			// looks at no hello) can say why it cannot play here.
			c.sendV(helloVersion, TypeError, req.Seq, ErrorMsg{Code: CodeVersion, Message: strings.TrimPrefix(err.Error(), "lan: ")})
		case err != nil:
			var pe *ProtocolError
			code := CodeMalformed
			if errors.As(err, &pe) {
				code = pe.Code
			}
			c.fail(req.Seq, code, err.Error())
		case req.Seq <= c.lastSeq:
			c.fail(req.Seq, CodeSequence, fmt.Sprintf("sequence number %d after %d: replayed or out of order", req.Seq, c.lastSeq))
		default:
			c.lastSeq = req.Seq
			h.dispatch(c, req)
		}
	})
	n := h.noticeLocked(before)
	h.mu.Unlock()
	h.gmu.Unlock()
	n.send()
}

// guard runs f (host lock held) so that a bug costs one connection,
// never the host's lock.
func (h *Host) guard(c *conn, f func()) {
	defer func() {
		if r := recover(); r != nil {
			h.log.Error("internal error handling a message", "seat", c.key, "panic", r)
			c.fail(0, CodeRejected, "internal error; the connection ends")
			c.closeOut()
		}
	}()
	f()
}

func (h *Host) dispatch(c *conn, req Request) {
	if j, ok := req.Body.(*Join); ok {
		h.join(c, req.Seq, j)
		return
	}
	if !c.joined {
		c.fail(req.Seq, CodeNotJoined, "join a seat first")
		return
	}
	switch body := req.Body.(type) {
	case *ReadyMsg:
		h.setReady(c, req.Seq, body)
	case *PressSend:
		h.press(c, req.Seq, body)
	case *AdjudicateMsg:
		switch {
		case !c.seat.GM:
			c.fail(req.Seq, CodeWrongSeat, "only the game master may adjudicate")
		case body.Phase != h.phase:
			c.fail(req.Seq, CodeStalePhase, fmt.Sprintf("the phase is %s, not %s", h.phase, body.Phase))
		default:
			phase := h.phase
			if err := h.adjudicateLocked("the game master"); err != nil && !errors.Is(err, errDrawAwaited) {
				c.fail(req.Seq, CodeRejected, err.Error())
				return
			}
			c.send(TypeAck, req.Seq, Ack{Phase: phase, Accepted: []string{}})
			h.maybeAdjudicate()
		}
	}
}

// join gives c a seat, by join code or by seat token, and sends it the
// seat's whole state.
func (h *Host) join(c *conn, ref uint64, j *Join) {
	if c.joined {
		c.fail(ref, CodeJoined, "this connection already holds a seat")
		return
	}
	var seat engine.Seat
	var token string
	var ok bool
	if j.Token != "" {
		seat, ok = h.seatByToken(c, ref, j.Token)
	} else {
		seat, token, ok = h.seatByCode(c, ref, j.Seat, j.Code)
	}
	if !ok {
		return
	}
	c.joined, c.seat, c.key = true, seat, seatKey(seat)
	if c.key != ObserverSeat {
		if old := h.bySeat[c.key]; old != nil && old != c {
			old.fail(0, CodeReplaced, "this seat joined again from another connection")
		}
		h.bySeat[c.key] = c
	}
	c.send(TypeWelcome, ref, Welcome{Seat: c.key, Token: token, Observer: c.key == ObserverSeat, Game: h.infoLocked()})
	h.log.Info("joined", "seat", c.key, "addr", c.addr, "client", j.Client)
	vs := newViews(h)
	h.sendState(c, vs)
	h.sendLastResults(c)
	c.sendBacklog(h.lastPress)
	// The status ends what a join sends: a client printing the seat's
	// state knows it has it all.
	if b, err := vs.statusMsg(c.seat); err == nil && vs.err == nil {
		c.send(TypeStatus, 0, b)
	}
}

// seatByToken finds the seat whose token the client holds. A right token
// is taken even from an address over the failed-join limit: a token has
// 256 random bits, so the limit has nothing to protect there, and it
// must never lock a player out of their own seat.
func (h *Host) seatByToken(c *conn, ref uint64, token string) (engine.Seat, bool) {
	hash := hashToken(token)
	for p, t := range h.tokens {
		if sameHash(t, hash) {
			return seatOf(string(p)), true
		}
	}
	if h.codes.limited(c.addr) {
		c.fail(ref, CodeRateLimited, ErrRateLimited.Error())
		return engine.Seat{}, false
	}
	h.codes.failed(c.addr)
	h.event(Event{Kind: EventJoinFailed, Addr: c.addr, Text: fmt.Sprintf("a join from %s with an unknown seat token was refused", c.addr)})
	c.fail(ref, CodeBadToken, ErrBadToken.Error())
	return engine.Seat{}, false
}

// seatByCode checks a join code and gives a power's seat a new token,
// whose hash is in the save before the client learns the token: a host
// that dies now still knows it.
func (h *Host) seatByCode(c *conn, ref uint64, asked, code string) (engine.Seat, string, bool) {
	name, ok := h.seatName(asked)
	if !ok {
		h.codes.failed(c.addr)
		h.event(Event{Kind: EventJoinFailed, Addr: c.addr, Text: fmt.Sprintf("a join from %s for %q, which is no seat of this game, was refused", c.addr, clip(asked))})
		c.fail(ref, CodeBadCode, fmt.Sprintf("no seat %q in this game", clip(asked)))
		return engine.Seat{}, "", false
	}
	if left, err := h.codes.use(name, code, c.addr); err != nil {
		errCode := CodeBadCode
		switch {
		case errors.Is(err, ErrRateLimited):
			errCode = CodeRateLimited
			h.event(Event{Kind: EventRefused, Seat: name, Addr: c.addr, Text: fmt.Sprintf("a join from %s for %s was refused: too many failed joins from that address", c.addr, name)})
		case left == 0:
			h.event(Event{Kind: EventCodeBurnt, Seat: name, Addr: c.addr, Text: fmt.Sprintf(
				"the join code of %s was used up by wrong codes (the last from %s); give the player a new one (code %s)", name, c.addr, name)})
		case left > 0:
			h.event(Event{Kind: EventJoinFailed, Seat: name, Addr: c.addr, Text: fmt.Sprintf("a wrong join code for %s from %s (%d more wrong tries burn the code)", name, c.addr, left)})
		default:
			h.event(Event{Kind: EventJoinFailed, Seat: name, Addr: c.addr, Text: fmt.Sprintf("a join for %s from %s with no live code (used, expired or burnt)", name, c.addr)})
		}
		c.fail(ref, errCode, err.Error())
		return engine.Seat{}, "", false
	}
	if name == ObserverSeat {
		return seatOf(name), "", true
	}
	token, err := newToken(h.cfg.Rand)
	if err == nil {
		h.unlocked(func() { err = h.g.SetSeatToken(engine.Power(name), hashToken(token)) })
	}
	if err != nil {
		c.fail(ref, CodeRejected, "storing the seat token: "+err.Error())
		return engine.Seat{}, "", false
	}
	h.tokens[engine.Power(name)] = hashToken(token)
	return seatOf(name), token, true
}

// seatName reads a seat a client asked for: "observer", "gm" or a power.
func (h *Host) seatName(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == ObserverSeat || s == "public" {
		return ObserverSeat, true
	}
	if s == "gm" || s == "game master" {
		return "gm", h.isSeat("gm")
	}
	p, ok := h.g.Map().LookupPower(s)
	if !ok || !h.isSeat(string(p)) {
		return "", false
	}
	return string(p), true
}

func seatOf(name string) engine.Seat {
	switch name {
	case "gm":
		return engine.Seat{GM: true}
	case ObserverSeat:
		return engine.Seat{}
	}
	return engine.Seat{Power: engine.Power(name)}
}

// queued is a submission waiting to be stored.
type queued struct {
	c     *conn
	ref   uint64
	phase string
	sub   session.Submission
}

// queueOrders checks an orders message (host lock held) and queues it
// for the committer.
func (h *Host) queueOrders(c *conn, req Request) {
	o := req.Body.(*OrdersMsg)
	ref := req.Seq
	switch {
	case h.closed:
		return
	case req.Seq <= c.lastSeq:
		c.fail(req.Seq, CodeSequence, fmt.Sprintf("sequence number %d after %d: replayed or out of order", req.Seq, c.lastSeq))
		return
	}
	c.lastSeq = req.Seq
	switch {
	case !c.joined:
		c.fail(ref, CodeNotJoined, "join a seat first")
		return
	case c.seat.Power == "":
		c.fail(ref, CodeWrongSeat, "only a power's seat sends orders")
		return
	case o.Seat != "" && !strings.EqualFold(o.Seat, string(c.seat.Power)):
		c.fail(ref, CodeWrongSeat, fmt.Sprintf("this connection holds %s, not %s", c.seat.Power, clip(o.Seat)))
		return
	case h.end != nil:
		c.fail(ref, CodeRejected, "the game is over")
		return
	case o.Phase != h.phase:
		c.fail(ref, CodeStalePhase, fmt.Sprintf("the phase is %s, not %s", h.phase, o.Phase))
		return
	case !h.acting.Allows(c.seat.Power):
		c.fail(ref, CodeNotActing, h.notActing(c.seat.Power)+"; nothing was stored")
		return
	case h.draw != nil:
		c.fail(ref, CodeRejected, rolling(h.phase)+"; nothing was stored")
		return
	}
	if u := h.usageOf(c.key); u.orders+len(o.Text) > MaxOrdersPerPhase {
		c.fail(ref, CodeOverLimit, fmt.Sprintf("this seat has submitted %d KiB of orders this phase, the limit is %d KiB; the orders in force stay",
			u.orders>>10, MaxOrdersPerPhase>>10))
		return
	} else {
		u.orders += len(o.Text)
	}
	h.queue = append(h.queue, queued{c: c, ref: ref, phase: o.Phase, sub: session.Submission{Power: c.seat.Power, Text: o.Text}})
	if !h.committing {
		h.committing = true
		h.wg.Add(1)
		go h.commitLoop()
	}
}

// commitLoop stores queued orders until the queue is empty: each round
// writes everything queued in one transaction while new orders queue up
// behind it (group commit: one disk sync for a table of players).
func (h *Host) commitLoop() {
	defer h.wg.Done()
	for {
		h.gmu.Lock()
		h.flush()
		h.gmu.Unlock()
		h.mu.Lock()
		if len(h.queue) == 0 {
			h.committing = false
			h.mu.Unlock()
			return
		}
		h.mu.Unlock()
	}
}

// flush stores the queued orders (game lock held, host lock not), then
// acknowledges each, sends each submitter its view and everyone the
// status. Each submission is stored for the phase it named or refused as
// stale: an adjudication may have run between its queueing and now.
func (h *Host) flush() {
	h.mu.Lock()
	batch := h.queue
	h.queue = nil
	h.mu.Unlock()
	for len(batch) > 0 {
		// Submissions naming one phase are stored together (one disk
		// sync); the queue holds at most the phase before an
		// adjudication and the one after it.
		n := 1
		for n < len(batch) && batch[n].phase == batch[0].phase {
			n++
		}
		h.store(batch[:n])
		batch = batch[n:]
	}
}

// store writes submissions that all name one phase and answers each.
func (h *Host) store(batch []queued) {
	phase := batch[0].phase
	// Orders queued while the step was being adjudicated, which then
	// stopped at a roll to enter: the step's orders are closed (the game
	// lock is held, so the roll awaited cannot change meanwhile).
	h.mu.Lock()
	if h.draw != nil && h.draw.Phase == phase {
		for _, q := range batch {
			q.c.fail(q.ref, CodeRejected, rolling(phase)+"; nothing was stored")
		}
		h.mu.Unlock()
		return
	}
	h.mu.Unlock()
	subs := make([]session.Submission, len(batch))
	for i, q := range batch {
		subs[i] = q.sub
	}
	done, err := h.g.SubmitMany(phase, subs)
	h.mu.Lock()
	defer h.mu.Unlock()
	if err != nil {
		code := CodeRejected
		if errors.Is(err, session.ErrStalePhase) {
			code = CodeStalePhase
			err = fmt.Errorf("the phase is %s, not %s: the orders were not stored", h.phase, phase)
		}
		for _, q := range batch {
			q.c.fail(q.ref, code, err.Error())
		}
		h.cur = nil // read the save again
		return
	}
	if h.cur != nil && h.cur.Phase.Name == phase {
		for i, q := range batch {
			if done[i].Refused == nil {
				h.pending[q.sub.Power] = done[i].Orders // a submission replaces the power's orders
			}
		}
	} else {
		h.cur = nil
	}
	vs := newViews(h)
	for i, q := range batch {
		if done[i].Refused != nil {
			code := CodeRejected
			if errors.Is(done[i].Refused, session.ErrNotActing) {
				code = CodeNotActing // the host checks first; the session too
			}
			q.c.fail(q.ref, code, refusal(done[i]))
			continue
		}
		ack := Ack{Phase: phase, Accepted: []string{}}
		for _, o := range done[i].Orders {
			ack.Accepted = append(ack.Accepted, o.Format(h.g.Map()))
		}
		for _, e := range done[i].Errors {
			ack.Errors = append(ack.Errors, e.Error())
		}
		// The ack says what the seat's orders now are (a submission
		// replaces the earlier ones): no need to send the whole view.
		q.c.send(TypeAck, q.ref, ack)
	}
	h.broadcastStatus(vs, nil)
}

// refusal is the error text of a submission refused whole: why, and the
// first bad lines.
func refusal(s session.Submitted) string {
	msg := strings.TrimPrefix(s.Refused.Error(), "session: ")
	for i, e := range s.Errors {
		if i == 5 {
			msg += fmt.Sprintf("; and %d more", len(s.Errors)-i)
			break
		}
		msg += "; " + e.Error()
	}
	return msg
}

// rolling says why orders and ready are closed while the game master
// enters a roll: the values entered belong to the orders they were
// entered with (the session refuses them otherwise).
func rolling(phase string) string {
	return fmt.Sprintf("%s is being adjudicated: the game master is entering the dice, and its orders are closed", phase)
}

// notActing says that seat p neither must nor may act in the current
// step.
func (h *Host) notActing(p engine.Power) string {
	return fmt.Sprintf("%s does not act in %s (%s): only the seats that must or may act in a step send orders or say they are ready",
		h.g.Map().PowerName(p), h.title, h.phase)
}

// setReady sets a seat's ready flag and adjudicates when every seat that
// must act is ready.
func (h *Host) setReady(c *conn, ref uint64, r *ReadyMsg) {
	switch {
	case c.seat.Power == "":
		c.fail(ref, CodeWrongSeat, "only a power's seat is ready or not")
		return
	case h.end != nil:
		c.fail(ref, CodeRejected, "the game is over")
		return
	case r.Phase != h.phase:
		c.fail(ref, CodeStalePhase, fmt.Sprintf("the phase is %s, not %s", h.phase, r.Phase))
		return
	case !h.acting.Allows(c.seat.Power):
		c.fail(ref, CodeNotActing, h.notActing(c.seat.Power))
		return
	case h.draw != nil:
		c.fail(ref, CodeRejected, rolling(h.phase))
		return
	}
	h.ready[c.seat.Power] = r.Ready
	c.send(TypeAck, ref, Ack{Phase: h.phase, Accepted: []string{}})
	h.broadcastStatus(newViews(h), nil)
	h.maybeAdjudicate()
}

// maxUnattended bounds the steps the host plays in a row because nobody
// must act in them: far above any variant's (the Borg's step, a Winter
// with nothing to build), it only stops a variant that never asks anyone.
const maxUnattended = 64

// maybeAdjudicate adjudicates when every seat that must act in the step
// is ready (the session's WhoActs; seats that may act are not waited
// for), and at once a step in which nobody must act, unless the game
// master must (Acting.GM: the host's adjudicate command, or the game
// master's seat) or the host is in manual mode.
func (h *Host) maybeAdjudicate() {
	for range maxUnattended {
		if h.cfg.Manual || h.end != nil || h.closed || h.acting.GM || h.draw != nil {
			return
		}
		for _, p := range h.acting.Must {
			if !h.ready[p] {
				return
			}
		}
		why := "every seat that must act is ready"
		if len(h.acting.Must) == 0 {
			why = "nobody acts in this step"
		}
		if err := h.adjudicateLocked(why); err != nil {
			if !errors.Is(err, errDrawAwaited) {
				h.log.Error("adjudicating", "err", err)
			}
			return
		}
	}
	h.log.Error("stopped after steps in a row in which nobody acts", "steps", maxUnattended, "phase", h.phase)
}

// press stores a press message and delivers it to whom it is addressed.
func (h *Host) press(c *conn, ref uint64, p *PressSend) {
	if c.seat.Power == "" && !c.seat.GM {
		c.fail(ref, CodeWrongSeat, "observers send no press")
		return
	}
	var to []engine.Power
	for _, name := range p.To {
		q, ok := h.g.Map().LookupPower(name)
		if !ok {
			c.fail(ref, CodeMalformed, fmt.Sprintf("no power %q", clip(name)))
			return
		}
		if q != c.seat.Power && !slices.Contains(to, q) {
			to = append(to, q)
		}
	}
	if len(p.To) > 0 && len(to) == 0 {
		c.fail(ref, CodeMalformed, "press to nobody but yourself")
		return
	}
	u := h.usageOf(c.key)
	if u.press+len(p.Text) > MaxPressPerPhase {
		c.fail(ref, CodeOverLimit, fmt.Sprintf("this seat has sent %d KiB of press this phase, the limit is %d KiB", u.press>>10, MaxPressPerPhase>>10))
		return
	}
	var stored store.Press
	var err error
	h.unlocked(func() { stored, err = h.g.AddPress(c.key, to, p.Text) })
	if err != nil {
		c.fail(ref, CodeRejected, err.Error())
		return
	}
	u.press += len(p.Text)
	h.lastPress = max(h.lastPress, stored.ID)
	msg := PressMsg{ID: stored.ID, Phase: stored.Phase, From: stored.From, To: stored.To, Text: stored.Body, Sent: stored.Sent}
	for d := range h.conns {
		if d.joined && mayRead(d.seat, msg) {
			d.send(TypePress, 0, msg)
		}
	}
	// The ack follows the message, so the sender has its own copy by then.
	c.send(TypeAck, ref, Ack{Phase: h.phase, Accepted: []string{}})
}

// mayRead reports whether seat may read press message m: public press,
// press it sent or was sent, and everything for the game master.
func mayRead(seat engine.Seat, m PressMsg) bool {
	if seat.GM || len(m.To) == 0 {
		return true
	}
	if seat.Power == "" {
		return false
	}
	return m.From == string(seat.Power) || slices.Contains(m.To, string(seat.Power))
}

// adjudicateLocked processes the current phase and sends every seat its
// results, view and hand.
func (h *Host) adjudicateLocked(why string) error {
	if h.end != nil {
		return errors.New("lan: the game is over")
	}
	phase := h.phase
	var out *engine.Outcome
	var next session.PhaseState
	var err error
	h.unlocked(func() { out, next, err = h.g.Process(phase) })
	h.cur = nil
	var need *engine.NeedDraw
	if errors.As(err, &need) {
		// Nothing changed: the host's person enters the roll
		// (EnterDraw), and the step is adjudicated again.
		h.awaitDraw(need)
		return errDrawAwaited
	}
	if err != nil {
		return err
	}
	h.log.Info("adjudicated", "phase", phase, "why", why, "next", next.State.Phase.Key())
	h.end = out.End
	done, err := h.g.Phase(phase)
	if err != nil {
		return err
	}
	h.enterStep(next)
	clear(h.ready)
	h.startPhaseLocked()
	results := map[string]json.RawMessage{}
	vs := newViews(h)
	for c := range h.conns {
		if !c.joined {
			continue
		}
		b, ok := results[c.key]
		if !ok {
			if b, err = h.seatResults(done, c.seat); err != nil {
				return err
			}
			results[c.key] = b
		}
		c.send(TypeResults, 0, b)
		h.sendState(c, vs)
	}
	return nil
}

// seatResults encodes what seat may know of the adjudication of ps.
func (h *Host) seatResults(ps session.PhaseState, seat engine.Seat) (json.RawMessage, error) {
	out, err := h.g.SeatOutcome(ps, seat)
	if err != nil {
		return nil, err
	}
	m := h.g.Map()
	r := Results{Phase: ps.Phase.Name, Title: StepTitle(m, ps.State.Phase), Results: []ResultLine{}, Events: out.Events,
		Winner: string(out.Winner()), End: gameEnd(out.End)}
	if out.Next != nil {
		r.Next, r.NextTitle = out.Next.Phase.Key(), StepTitle(m, out.Next.Phase)
	}
	for _, x := range out.Results {
		r.Results = append(r.Results, ResultLine{Power: string(x.Order.Power), Order: x.Order.Format(m), OK: x.OK, Code: x.Code.String(), Reason: x.Reason})
	}
	return json.Marshal(r)
}

// gameEnd is e as the protocol writes it.
func gameEnd(e *engine.GameEnd) *GameEnd {
	if e == nil {
		return nil
	}
	out := &GameEnd{Draw: e.Draw, Why: e.Why}
	for _, w := range e.Winners {
		out.Winners = append(out.Winners, string(w))
	}
	if len(e.Points) > 0 {
		out.Points = map[string]int{}
		for p, n := range e.Points {
			out.Points[string(p)] = n
		}
	}
	return out
}

// sendLastResults sends a joining seat the results of the last
// adjudicated phase, if there is one.
func (h *Host) sendLastResults(c *conn) {
	phases, err := h.g.History(false)
	if err != nil || len(phases) < 2 {
		return
	}
	last := phases[len(phases)-2]
	ps, err := h.g.Phase(last.Name)
	if err != nil || !ps.Phase.Adjudicated {
		return
	}
	if b, err := h.seatResults(ps, c.seat); err == nil {
		c.send(TypeResults, 0, b)
	}
}

// startPhaseLocked sets the new phase's deadline.
func (h *Host) startPhaseLocked() {
	if h.timer != nil {
		h.timer.Stop()
		h.timer = nil
	}
	h.deadline = time.Time{}
	clear(h.usage) // the allowances are per phase
	if h.cfg.Deadline <= 0 || h.end != nil {
		return
	}
	h.deadline = h.cfg.Now().Add(h.cfg.Deadline)
	phase := h.phase
	h.timer = time.AfterFunc(h.cfg.Deadline, func() {
		h.gmu.Lock()
		defer h.gmu.Unlock()
		h.flush()
		h.mu.Lock()
		before := h.markLocked()
		if !h.closed && h.phase == phase && h.draw == nil {
			switch err := h.adjudicateLocked("the deadline passed"); {
			case err == nil:
				h.maybeAdjudicate()
			case !errors.Is(err, errDrawAwaited):
				h.log.Error("adjudicating at the deadline", "err", err)
			}
		}
		n := h.noticeLocked(before)
		h.mu.Unlock()
		n.send()
	})
}

// views computes each seat's view of the current phase once per event:
// the position and the pending orders are read once, then engine.ViewFor
// cuts them down for each seat asked for, exactly as session.Game.View
// does.
type views struct {
	h       *Host
	cur     session.PhaseState
	pending []engine.Order
	err     error
	acting  engine.Acting
	byKey   map[string]engine.View
	enc     map[string]json.RawMessage
	hands   map[string]json.RawMessage
	status  map[string]json.RawMessage
}

func newViews(h *Host) *views {
	vs := &views{h: h, byKey: map[string]engine.View{}, enc: map[string]json.RawMessage{},
		hands: map[string]json.RawMessage{}, status: map[string]json.RawMessage{}}
	if vs.err = h.loadCurrent(); vs.err == nil {
		vs.cur = *h.cur
		for _, p := range h.g.Map().PowerIDs() {
			vs.pending = append(vs.pending, h.pending[p]...)
		}
		vs.acting = h.acting
	}
	return vs
}

// loadCurrent reads the current phase and its orders into the cache if
// it is empty (host lock held).
func (h *Host) loadCurrent() error {
	if h.cur != nil {
		return nil
	}
	cur, err := h.g.Current()
	if err != nil {
		return err
	}
	orders, err := h.g.Orders(cur.Phase)
	if err != nil {
		return err
	}
	h.pending = map[engine.Power][]engine.Order{}
	for _, o := range orders {
		h.pending[o.Power] = append(h.pending[o.Power], o)
	}
	h.cur = &cur
	return nil
}

func (vs *views) view(seat engine.Seat) engine.View {
	k := seatKey(seat)
	v, ok := vs.byKey[k]
	if !ok {
		v = engine.ViewFor(vs.cur.State, vs.pending, seat, vs.h.g.Variant().Rules)
		vs.byKey[k] = v
	}
	return v
}

func (vs *views) deadline() *time.Time {
	if vs.h.deadline.IsZero() {
		return nil
	}
	d := vs.h.deadline.UTC()
	return &d
}

// viewMsg encodes seat's view message.
func (vs *views) viewMsg(seat engine.Seat) (json.RawMessage, error) {
	k := seatKey(seat)
	if b, ok := vs.enc[k]; ok {
		return b, nil
	}
	v := vs.view(seat)
	state, err := engine.MarshalState(v.State)
	if err != nil {
		return nil, err
	}
	m := vs.h.g.Map()
	msg := View{Phase: v.State.Phase.Key(), Title: StepTitle(m, v.State.Phase), State: state,
		Ready: sortedPowers(vs.h.ready), Deadline: vs.deadline()}
	msg.Over = vs.h.end != nil
	if seat.Power != "" && !msg.Over {
		msg.Due = vs.acting.Waits(seat.Power)
		msg.May = !msg.Due && vs.acting.Allows(seat.Power)
	}
	for _, o := range v.Pending {
		msg.Pending = append(msg.Pending, o.Format(m))
	}
	for _, p := range v.Submitted {
		msg.Submitted = append(msg.Submitted, string(p))
	}
	b, err := json.Marshal(msg)
	vs.enc[k] = b
	return b, err
}

// handMsg encodes seat's hand, or nil when the game has no cards.
func (vs *views) handMsg(seat engine.Seat) (json.RawMessage, error) {
	k := seatKey(seat)
	if b, ok := vs.hands[k]; ok {
		return b, nil
	}
	hs, ok := session.HandsOf(vs.view(seat), vs.h.g.Variant().Specials)
	if !ok {
		vs.hands[k] = nil
		return nil, nil
	}
	msg := Hand{Phase: vs.cur.State.Phase.Key(), Cards: []Card{}, Pile: hs.Deck.Pile, Discards: hs.Deck.Discards, Active: hs.Active}
	for _, c := range hs.Cards {
		card := Card{Power: string(c.Unit.Power), Label: c.Label, ID: c.ID, Name: c.Name, Text: c.Text, Revealed: c.Revealed, Told: c.Told,
			Seat: c.Seat, Notes: c.Notes}
		if c.Space != "" {
			card.Unit = c.Unit.Type.String() + " " + c.Space
		}
		for _, o := range c.Orders {
			card.Orders = append(card.Orders, o.Verb)
		}
		msg.Cards = append(msg.Cards, card)
	}
	b, err := json.Marshal(msg)
	vs.hands[k] = b
	return b, err
}

// statusMsg encodes who has orders in (as seat's view says) and who is
// ready.
func (vs *views) statusMsg(seat engine.Seat) (json.RawMessage, error) {
	k := seatKey(seat)
	if b, ok := vs.status[k]; ok {
		return b, nil
	}
	st := Status{Phase: vs.cur.State.Phase.Key(), Title: StepTitle(vs.h.g.Map(), vs.cur.State.Phase), Ready: sortedPowers(vs.h.ready), Deadline: vs.deadline()}
	for _, p := range vs.view(seat).Submitted {
		st.Submitted = append(st.Submitted, string(p))
	}
	b, err := json.Marshal(st)
	vs.status[k] = b
	return b, err
}

// sendState sends c its view and, in a game with cards, its hand.
func (h *Host) sendState(c *conn, vs *views) {
	if vs.err != nil {
		c.fail(0, CodeRejected, vs.err.Error())
		return
	}
	h.sendView(c, vs)
	hand, err := vs.handMsg(c.seat)
	if err != nil {
		h.log.Error("encoding a hand", "err", err)
		return
	}
	if hand != nil {
		c.send(TypeHand, 0, hand)
	}
}

func (h *Host) sendView(c *conn, vs *views) {
	if vs.err != nil {
		c.fail(0, CodeRejected, vs.err.Error())
		return
	}
	b, err := vs.viewMsg(c.seat)
	if err != nil {
		h.log.Error("encoding a view", "err", err)
		return
	}
	c.send(TypeView, 0, b)
}

// broadcastStatus sends every joined connection but skip its status.
func (h *Host) broadcastStatus(vs *views, skip *conn) {
	if vs.err != nil {
		return
	}
	for c := range h.conns {
		if !c.joined || c == skip {
			continue
		}
		b, err := vs.statusMsg(c.seat)
		if err != nil {
			h.log.Error("encoding a status", "err", err)
			return
		}
		if !bytes.Equal(b, c.status) {
			c.status = b
			c.send(TypeStatus, 0, b)
		}
	}
}
