package engine

// Seat is who looks at a game: a power, the game master, or, when both
// are zero, the public.
type Seat struct {
	Power Power
	GM    bool
}

// String returns "gm", "public" or the power's id.
func (s Seat) String() string {
	switch {
	case s.GM:
		return "gm"
	case s.Power == "":
		return "public"
	}
	return string(s.Power)
}

// View is what one seat may see of a game: the position and the orders
// not yet adjudicated. Screens, save-file exports, reports and the network
// only ever receive views.
type View struct {
	Seat  Seat
	State *State
	// Pending are the orders submitted for the current phase that the seat
	// may see: all of them for the game master, its own for a power, none
	// for the public.
	Pending []Order
	// Submitted lists the powers whose orders are in, without saying what
	// they are (a table may know who has written orders).
	Submitted []Power
}

// ViewFor computes seat's view of state s with the pending orders of the
// current phase. The standard game hides only other powers' orders; a
// variant's Conceal hook hides more (cards, invisible units).
func ViewFor(s *State, pending []Order, seat Seat, r *Rules) View {
	v := View{Seat: seat, State: s.Clone()}
	seen := map[Power]bool{}
	for _, o := range pending {
		if seat.GM || (seat.Power != "" && o.Power == seat.Power) {
			v.Pending = append(v.Pending, o)
		}
		if !seen[o.Power] {
			seen[o.Power] = true
			v.Submitted = append(v.Submitted, o.Power)
		}
	}
	if r != nil && r.Conceal != nil {
		r.Conceal(&v)
	}
	return v
}

// OutcomeFor returns what seat may know of out, the adjudication of the
// phase whose position was before: a copy, with the variant's
// ConcealOutcome applied and the next position cut down by Conceal.
func OutcomeFor(before *State, out *Outcome, seat Seat, r *Rules) *Outcome {
	c := *out
	c.Results = make([]Result, len(out.Results))
	for i, res := range out.Results {
		res.Order.Args = append([]string(nil), res.Order.Args...)
		c.Results[i] = res
	}
	c.Events = append([]string(nil), out.Events...)
	if out.Next != nil {
		v := ViewFor(out.Next, nil, seat, r)
		c.Next = v.State
	}
	if r != nil && r.ConcealOutcome != nil {
		r.ConcealOutcome(before, seat, &c)
	}
	return &c
}
