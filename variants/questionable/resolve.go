package questionable

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"dipdesk/engine"
	"dipdesk/variants/kit"
)

// resolver resolves one turn's characters, in rule 8's order, on a copy
// of the position it changes as it goes (a stolen unit is the thief's at
// once, rule 2), so that "the later resolved units [may] change the orders
// of previous types" (rule 8).
type resolver struct {
	s       *engine.State
	e       *extra
	m       *engine.Map
	rng     *engine.Rand
	opt     options
	intents []*intent
	results []engine.Result
	guards  []*guard
	// What the characters decided for the moves.
	nmr     map[engine.Power]string // a leader killed: why the country's orders are void
	court   map[engine.Power]string // its characters tried: why they are unordered
	bribes  map[int32][]*intent     // successful bribes, per unit
	forced  map[int32]forced        // orders units must carry out
	wants   map[int32]engine.Order  // orders given with a theft or a win (one deadline)
	seduced map[int32]string        // units that may not move, and by whom
	taken   map[int32]engine.Power  // units that changed country this turn
	events  []string
}

// forced is an order a unit must carry out, and why.
type forced struct {
	order engine.Order
	why   string
	by    kind // the Briber or the Dealer
}

// guard is a Thug's protection (rule 6): of a unit, or of a leader from
// the Killer; it stops one attack.
type guard struct {
	in     *intent
	unit   int32
	leader engine.Power
	used   string // the attack it stopped, once it has
}

// resolveCharacters resolves the characters' orders among orders on s,
// which it changes: the records of the characters (caught, dead,
// defected) in its extra, and the units' countries. It returns the
// resolver, whose fields say what the moves must do.
func resolveCharacters(s *engine.State, orders []engine.Order, rng *engine.Rand) *resolver {
	e := extraOf(s)
	r := &resolver{s: s, e: e, m: s.Map, rng: rng, opt: optionsOf(e),
		nmr: map[engine.Power]string{}, court: map[engine.Power]string{}, bribes: map[int32][]*intent{},
		forced: map[int32]forced{}, wants: map[int32]engine.Order{}, seduced: map[int32]string{}, taken: map[int32]engine.Power{}}
	r.intents = readIntents(s, e, orders, r.opt)
	for _, in := range r.intents {
		if in.why != "" {
			r.refuse(in, engine.Illegal, in.why)
			continue
		}
		if in.kind == thug {
			r.guards = append(r.guards, &guard{in: in, unit: in.target, leader: in.leader})
		}
	}
	for _, k := range resolution {
		r.resolveKind(k)
		if k == briber {
			r.tallyBribes()
		}
	}
	for _, g := range r.guards {
		r.thugResult(g)
	}
	return r
}

// resolveKind resolves the characters of kind k. Killers and Gamblers act
// one after another in an order drawn at random (drawnOrder): what one
// does changes what the next may do (a killed leader's country's Killer
// is void; a Gambler's working piece or target changes hands). The other
// kinds act target by target, and on one target in an order drawn at
// random (rule 8 D: "the order for the attack would be randomly
// determined"); characters acting on different units never change what
// another of their kind does, so the order of their targets is the
// units' (ruling Q10).
func (r *resolver) resolveKind(k kind) {
	if k == killer || k == gambler {
		for _, in := range r.drawnOrder(k) {
			r.act(in)
		}
		return
	}
	groups := map[string][]*intent{}
	var keys []string
	for _, in := range r.intents {
		if in.kind != k || in.done {
			continue
		}
		key := fmt.Sprintf("%d/%s", in.target, in.leader)
		if _, ok := groups[key]; !ok {
			keys = append(keys, key)
		}
		groups[key] = append(groups[key], in)
	}
	slices.Sort(keys)
	for _, key := range keys {
		ins := groups[key]
		if k != briber {
			ins = r.shuffled(ins)
		} else if len(ins) > 1 && r.guarded(ins[0]) {
			// Bribes are counted, not ordered (rule 8 D: "except the
			// briber"; rule 1), but which of them the Thug stops is drawn:
			// "If two attacks of the same type occur on the same unit, the
			// defense is randomly determined" (rule 6).
			ins = r.firstDrawn(ins)
		}
		for _, in := range ins {
			r.act(in)
		}
	}
}

// drawnOrder returns the characters of kind k still to act, in an order
// drawn at random by picks a game master may make at the table: which
// acts next, among those left, until one is left (ruling Q10). The
// choices are listed by country in the map's order, then by character,
// so that a given seed or a given pick draws the same order whatever the
// order the orders came in.
func (r *resolver) drawnOrder(k kind) []*intent {
	var rest []*intent
	for _, in := range r.intents {
		if in.kind == k && !in.done {
			rest = append(rest, in)
		}
	}
	rank := func(p engine.Power) int {
		return slices.IndexFunc(r.m.Powers, func(pi engine.PowerInfo) bool { return pi.ID == p })
	}
	slices.SortStableFunc(rest, func(a, b *intent) int {
		if d := rank(a.power) - rank(b.power); d != 0 {
			return d
		}
		return a.char.ID - b.char.ID
	})
	var out []*intent
	for len(rest) > 1 {
		var names []string
		for _, in := range rest {
			names = append(names, in.char.label(r.m)+" on "+r.targetName(in))
		}
		i := r.rng.Pick(names, fmt.Sprintf("which %s acts next (rule 8 D)", k))
		out = append(out, rest[i])
		rest = slices.Delete(rest, i, i+1)
	}
	return append(out, rest...)
}

// shuffled orders several characters of one kind acting on one target at
// random, by picks a game master may make; one or none stays as it is.
func (r *resolver) shuffled(ins []*intent) []*intent {
	rest := slices.Clone(ins)
	var out []*intent
	for len(rest) > 1 {
		var names []string
		for _, in := range rest {
			names = append(names, in.char.label(r.m))
		}
		i := r.rng.Pick(names, fmt.Sprintf("which acts next on %s (rule 8 D)", r.targetName(rest[0])))
		out = append(out, rest[i])
		rest = slices.Delete(rest, i, i+1)
	}
	return append(out, rest...)
}

// guarded reports whether a Thug still guards in's target.
func (r *resolver) guarded(in *intent) bool {
	return slices.ContainsFunc(r.guards, func(g *guard) bool {
		return g.used == "" && ((in.target != 0 && g.unit == in.target) || (in.leader != "" && g.leader == in.leader))
	})
}

// firstDrawn puts first the one of ins a pick draws.
func (r *resolver) firstDrawn(ins []*intent) []*intent {
	var names []string
	for _, in := range ins {
		names = append(names, in.char.label(r.m))
	}
	i := r.rng.Pick(names, fmt.Sprintf("which attack on %s the Thug meets (rule 6)", r.targetName(ins[0])))
	out := append([]*intent{ins[i]}, ins[:i]...)
	return append(out, ins[i+1:]...)
}

// act resolves one character's order.
func (r *resolver) act(in *intent) {
	if why, void := r.nmr[in.power]; void {
		r.refuse(in, engine.Void, "void: "+why)
		return
	}
	if why, void := r.court[in.power]; void {
		r.refuse(in, engine.Void, "unordered: "+why)
		return
	}
	if in.kind == killer {
		r.kill(in)
		return
	}
	i := r.s.UnitByID(in.target)
	u := r.s.Units[i]
	if u.Power == in.power {
		r.refuse(in, engine.Void, fmt.Sprintf("%s is %s's own by now: nothing to do (rule 9)", r.unitName(u), r.m.PowerName(in.power)))
		return
	}
	if in.kind == gambler {
		if why, code := r.gambleCheck(in); why != "" {
			r.refuse(in, code, why)
			return
		}
	}
	info := kinds[in.kind]
	if !r.opt.thugOnSuccess && r.blocked(in, in.target, "") {
		return
	}
	roll := r.rng.Die(6, fmt.Sprintf("%s on %s (%s)", in.char.label(r.m), r.unitName(u), rollTable(in.kind)))
	success := roll <= info.succeeds
	if success && r.opt.thugOnSuccess && r.blocked(in, in.target, "", fmt.Sprintf(" (rolled %d)", roll)) {
		return
	}
	rolled := fmt.Sprintf("rolled %d: ", roll)
	switch {
	case success:
		r.succeed(in, i, u, rolled)
	case roll == 6 && info.caught:
		r.result(in, false, engine.Bounced, rolled+in.char.catch(r.s.Phase))
		r.cause(CauseCaught)
	case roll == 6 && in.kind == hooker:
		in.char.Dead = true
		r.result(in, false, engine.Bounced, rolled+"picked up a disease and died; the seduction fails (rule 5)")
	case in.kind == gambler:
		r.loseGamble(in, u, rolled)
	default:
		r.result(in, false, engine.Bounced, rolled+"no success")
	}
}

// succeed applies a successful character's effect on unit i (u).
func (r *resolver) succeed(in *intent, i int, u engine.Unit, rolled string) {
	switch in.kind {
	case embezzler:
		r.changeCountry(i, in.power, in.wants)
		r.result(in, true, engine.OK, fmt.Sprintf("%sstole %s: it is %s's for good (rule 2)", rolled, r.unitName(u), r.m.PowerName(in.power)), u)
	case gambler:
		r.changeCountry(i, in.power, in.wants)
		r.result(in, true, engine.OK, fmt.Sprintf("%swon %s (rule 4)", rolled, r.unitName(u)), u)
	case briber:
		r.bribes[in.target] = append(r.bribes[in.target], in)
		r.result(in, true, engine.OK, fmt.Sprintf("%sbribed %s to %s (rule 1)", rolled, r.unitName(u), in.wants.Format(r.m)))
	case dealer:
		o := r.randomOrder(u)
		r.forced[u.ID] = forced{order: o, why: "a free sample from " + r.m.PowerName(in.power), by: dealer}
		r.result(in, true, engine.OK, fmt.Sprintf("%sgave %s a free sample: its move is drawn at random, %s (rule 3)", rolled, r.unitName(u), o.Format(r.m)))
	case hooker:
		r.seduced[u.ID] = r.m.PowerName(in.power) + "'s Hooker"
		r.result(in, true, engine.OK, fmt.Sprintf("%sseduced %s: it may not move this turn (rule 5)", rolled, r.unitName(u)))
	}
}

// loseGamble: "otherwise the piece it is working with is given to the
// other player" (rule 4).
func (r *resolver) loseGamble(in *intent, target engine.Unit, rolled string) {
	w := r.s.UnitByID(in.working)
	name := r.unitName(r.s.Units[w])
	r.changeCountry(w, target.Power, nil)
	r.result(in, false, engine.Bounced, fmt.Sprintf("%slost: its working piece, %s, goes to %s (rule 4)", rolled, name, r.m.PowerName(target.Power)))
}

// gambleCheck: the working piece is still the gambler's country's (rule 8
// example A); a piece taken by an earlier character leaves the order with
// nothing to do (Void). That it touches the target was checked when the
// order was read (intent.read): no unit moves before the moves.
func (r *resolver) gambleCheck(in *intent) (string, engine.ResultCode) {
	w := r.s.UnitByID(in.working)
	if w < 0 || r.s.Units[w].Power != in.power {
		return "its working piece is no longer " + r.m.PowerName(in.power) + "'s (rule 8 A)", engine.Void
	}
	return "", 0
}

// touches reports whether piece w touches target t (rule 4: "That piece
// must touch the gambling target unit"): their provinces border, by any
// link (ruling Q6), or, with the option gambler_touch reach, w may move
// into t's province.
func touches(m *engine.Map, w, t engine.Unit, opt options) bool {
	into := func(u engine.Unit) bool {
		return slices.ContainsFunc(m.Destinations(u), func(l engine.Loc) bool { return l.P == t.Loc.P })
	}
	if opt.touchReach {
		return into(w)
	}
	return m.Adjacent(engine.Army, engine.Loc{P: w.Loc.P}, t.Loc.P) || m.Adjacent(engine.Fleet, w.Loc, t.Loc.P) ||
		into(engine.Unit{Type: engine.Fleet, Loc: w.Loc.Prov()})
}

// changeCountry gives unit i to power p at once, keeping its id; wants is
// the order its new country gave it with the theft (one deadline).
func (r *resolver) changeCountry(i int, p engine.Power, wants *engine.Order) {
	u := &r.s.Units[i]
	u.Power = p
	r.taken[u.ID] = p
	delete(r.wants, u.ID)
	if wants != nil {
		o := *wants
		o.Power = p
		r.wants[u.ID] = o
	}
}

// blocked reports whether a Thug's protection stops in's attack on unit
// target (0: on leader), writing the result when it does.
func (r *resolver) blocked(in *intent, target int32, leader engine.Power, more ...string) bool {
	for _, g := range r.guards {
		if g.used != "" || r.nmr[g.in.power] != "" || r.court[g.in.power] != "" {
			continue // used, or its country's characters are void this turn
		}
		if (target != 0 && g.unit == target) || (leader != "" && g.leader == leader) {
			g.used = in.char.label(r.m)
			r.result(in, false, engine.Bounced, "stopped by "+g.in.char.label(r.m)+strings.Join(more, "")+" (rule 6)")
			return true
		}
	}
	return false
}

// tallyBribes: "If multiple bribes go to the same unit, the move with the
// most bribes goes. If the event of a tie, the original order happens"
// (rule 1). A bribe whose order is not carried out, outvoted or tied,
// fails, and its result says why (CauseOutvoted, CauseTied), though its
// die succeeded.
func (r *resolver) tallyBribes() {
	ids := slices.Sorted(maps.Keys(r.bribes))
	for _, id := range ids {
		bs := r.bribes[id]
		count := map[string]int{}
		for _, b := range bs {
			count[b.wants.Format(r.m)]++
		}
		best, most, tie := "", 0, false
		for o, n := range count {
			switch {
			case n > most:
				best, most, tie = o, n, false
			case n == most:
				tie = true
			}
		}
		u := r.s.Units[r.s.UnitByID(id)]
		if tie {
			var tied []string
			for o, n := range count {
				if n == most {
					tied = append(tied, o)
				}
			}
			slices.Sort(tied)
			for _, b := range bs {
				r.lose(b, CauseTied, fmt.Sprintf("; tied: %s each for %s, so the owner's order stands", bribes(most), strings.Join(tied, " and ")))
			}
			ev := fmt.Sprintf("%s: the bribes tie, so its own order stands (rule 1)", r.unitName(u))
			if r.opt.private {
				ev = kit.PrivateEvent(r.m, u.Power, ev)
			}
			r.events = append(r.events, ev)
			continue
		}
		var who []string
		var order engine.Order
		for _, b := range bs {
			if b.wants.Format(r.m) == best {
				who = append(who, r.m.PowerName(b.power))
				order = *b.wants
				continue
			}
			r.lose(b, CauseOutvoted, fmt.Sprintf("; outvoted: %s for %s", bribes(most), best))
		}
		r.forced[id] = forced{order: order, why: "bribed by " + strings.Join(who, " and "), by: briber}
	}
}

// bribes words a count of bribes: "1 bribe", "2 bribes".
func bribes(n int) string {
	return fmt.Sprintf("%d bribe%s", n, plural(n))
}

// lose makes the result of bribe b, whose die succeeded, a failure: its
// order is not carried out, for the reason words say.
func (r *resolver) lose(b *intent, cause, words string) {
	res := &r.results[b.res]
	res.OK, res.Code = false, engine.Bounced
	res.Add(words)
	res.SetCause(cause)
}

// randomOrder draws a wasted unit's move: a hold or a move to one of the
// places the map lets it go (rule 3: "will have its move randomly
// determined"; ruling Q-3).
func (r *resolver) randomOrder(u engine.Unit) engine.Order {
	hold := engine.Order{Power: u.Power, Kind: engine.Hold, Unit: u.Type, At: u.Loc, To: engine.Nowhere, AuxAt: engine.Nowhere, AuxTo: engine.Nowhere}
	choices := []engine.Order{hold}
	for _, l := range r.m.Destinations(u) {
		o := hold
		o.Kind, o.To = engine.Move, l
		choices = append(choices, o)
	}
	var names []string
	for _, o := range choices {
		names = append(names, o.Format(r.m))
	}
	return choices[r.rng.Pick(names, "the move of the wasted "+r.unitName(u)+" (rule 3)")]
}

// kill resolves a Killer (rule 7).
func (r *resolver) kill(in *intent) {
	// Its target killed earlier this turn by another Killer: there is
	// no leader to attack, and nothing is rolled (ruling Q9).
	if r.nmr[in.leader] != "" {
		r.result(in, false, engine.Bounced, r.m.PowerName(in.leader)+"'s leader was already killed this turn: nobody to attack (rule 7)")
		return
	}
	if !r.opt.thugOnSuccess && r.blocked(in, 0, in.leader) {
		return
	}
	owner := in.power
	roll := r.rng.Die(6, fmt.Sprintf("%s on %s's leader (%s)", in.char.label(r.m), r.m.PowerName(in.leader), rollTable(killer)))
	if roll <= 2 && r.opt.thugOnSuccess && r.blocked(in, 0, in.leader, fmt.Sprintf(" (rolled %d)", roll)) {
		return
	}
	rolled := fmt.Sprintf("rolled %d: ", roll)
	switch roll {
	case 1, 2:
		r.nmr[in.leader] = r.m.PowerName(in.leader) + "'s leader was killed"
		r.result(in, true, engine.OK, rolled+"killed "+r.m.PowerName(in.leader)+"'s leader: "+r.m.PowerName(in.leader)+" is treated as having sent no orders this turn (rule 7)")
	case 3:
		r.court[owner] = "all of " + r.m.PowerName(owner) + "'s characters are in court"
		r.result(in, false, engine.Bounced, rolled+"caught in a trial: all of "+r.m.PowerName(owner)+"'s characters go to court and are unordered this turn (rule 7)")
	case 4:
		r.killAnother(in, rolled)
	case 5:
		r.killOwn(in, rolled)
	case 6:
		from := in.char.Owner
		in.char.Owner, in.char.From = in.leader, from
		in.char.FreeFrom = kit.MoveIndex(r.s.Phase) + 1
		r.result(in, false, engine.Bounced, rolled+"quit and joined "+r.m.PowerName(in.leader)+" (rule 7)")
	}
}

// killAnother: "it screws up and will randomly attempt to kill a
// different leader in Europe excluding the owning country. At that point
// it succeeds on a roll of one" (rule 7, a 4). The leader is drawn among
// those still alive this turn, of the countries still in the game, its
// own country's and its target's excepted (ruling Q9): a leader killed
// earlier in the turn is no leader to attack.
func (r *resolver) killAnother(in *intent, rolled string) {
	var others []engine.Power
	var names []string
	for _, p := range r.m.Powers {
		if !p.Role && p.ID != in.power && p.ID != in.leader && r.nmr[p.ID] == "" && r.inGame(p.ID) {
			others = append(others, p.ID)
			names = append(names, p.Name)
		}
	}
	if len(others) == 0 {
		r.result(in, false, engine.Bounced, rolled+"screwed up, but there is no other leader alive to attack (rule 7)")
		return
	}
	victim := others[r.rng.Pick(names, in.char.label(r.m)+"'s other leader (rule 7, a 4)")]
	instead := otherLeaderWords(r.m, victim)
	if r.blocked(in, 0, victim, " after it screwed up and "+instead) {
		return
	}
	second := r.rng.Die(6, fmt.Sprintf("%s on %s's leader (1 kills)", in.char.label(r.m), r.m.PowerName(victim)))
	if second == 1 {
		r.nmr[victim] = r.m.PowerName(victim) + "'s leader was killed"
		r.result(in, true, engine.OK, fmt.Sprintf("%sscrewed up and %s, then rolled 1: killed; %s is treated as having sent no orders this turn (rule 7)", rolled, instead, r.m.PowerName(victim)))
		return
	}
	r.result(in, false, engine.Bounced, fmt.Sprintf("%sscrewed up and %s, then rolled %d: missed (rule 7)", rolled, instead, second))
}

// otherLeaderWords are the words of a Killer's result that name the
// leader its 4 turned on (rule 7): that leader's country reads the
// result (ruling Q12; leadersOf).
func otherLeaderWords(m *engine.Map, victim engine.Power) string {
	return "attacked " + m.PowerName(victim) + "'s leader instead"
}

// killOwn: "it attempts to kill its own country's leader and succeeds on
// a roll of one to four" (rule 7, a 5).
func (r *resolver) killOwn(in *intent, rolled string) {
	own := in.power
	if r.blocked(in, 0, own, " after it turned on its own leader") {
		return
	}
	second := r.rng.Die(6, fmt.Sprintf("%s on its own leader (1-4 kills)", in.char.label(r.m)))
	if second <= 4 {
		r.nmr[own] = r.m.PowerName(own) + "'s leader was killed by its own Killer"
		r.result(in, false, engine.Bounced, fmt.Sprintf("%sturned on its own leader, then rolled %d: killed; %s is treated as having sent no orders this turn (rule 7)", rolled, second, r.m.PowerName(own)))
		return
	}
	r.result(in, false, engine.Bounced, fmt.Sprintf("%sturned on its own leader, then rolled %d: missed (rule 7)", rolled, second))
}

// inGame reports whether power p still has a unit or a centre.
func (r *resolver) inGame(p engine.Power) bool {
	return slices.ContainsFunc(r.s.Units, func(u engine.Unit) bool { return u.Power == p }) || r.s.Centres()[p] > 0
}

// thugResult writes a Thug's result: what it stopped, or that nothing
// came.
func (r *resolver) thugResult(g *guard) {
	if g.in.done {
		return
	}
	if why := r.nmr[g.in.power] + r.court[g.in.power]; why != "" && g.used == "" {
		r.refuse(g.in, engine.Void, "void: "+why)
		return
	}
	what := "the leader of " + r.m.PowerName(g.leader)
	if g.leader == "" {
		what = r.unitName(r.s.Units[r.s.UnitByID(g.unit)])
	}
	if g.used != "" {
		r.result(g.in, true, engine.OK, fmt.Sprintf("protected %s from %s (rule 6)", what, g.used))
		return
	}
	r.result(g.in, true, engine.OK, fmt.Sprintf("protected %s; no attack came", what))
}

// refuse writes the result of an order that does nothing.
func (r *resolver) refuse(in *intent, code engine.ResultCode, why string) {
	r.result(in, false, code, why)
}

// result writes in's result, once; names are the units its words name as
// they stood when named (a stolen unit as its old country's), for the
// seats the result concerns (concealOutcome).
func (r *resolver) result(in *intent, ok bool, code engine.ResultCode, why string, names ...engine.Unit) {
	if in.done {
		return
	}
	in.done, in.res = true, len(r.results)
	res := engine.Result{Order: in.order, OK: ok, Code: code}
	res.Say(why, names...)
	if in.target != 0 {
		if i := r.s.UnitByID(in.target); i >= 0 {
			res.Unit = r.s.Units[i]
		}
	}
	r.results = append(r.results, res)
}

// CauseCaught is the cause word (engine.Result.Cause) of a character's
// order whose character was caught: rule 1, 2 or 3's 6, with its sentence
// in the words.
const CauseCaught = "caught"

// CauseOutvoted and CauseTied are the cause words of a bribe whose die
// succeeded but whose order the unit does not carry out: another order
// had more bribes, or the most bribes were tied and the owner's order
// stands (rule 1).
const (
	CauseOutvoted = "outvoted"
	CauseTied     = "tied"
)

// cause sets the cause word of the result written last.
func (r *resolver) cause(word string) {
	r.results[len(r.results)-1].SetCause(word)
}

// unitName names a unit: "Russia's A war".
func (r *resolver) unitName(u engine.Unit) string { return unitLabel(r.m, u) }

// unitLabel names a unit of map m: "Russia's A war".
func unitLabel(m *engine.Map, u engine.Unit) string {
	return m.PowerName(u.Power) + "'s " + m.UnitCode(u.Type, u.Kind) + " " + m.LocString(u.Loc)
}

// targetName names what in acts on.
func (r *resolver) targetName(in *intent) string {
	if in.target == 0 {
		return r.m.PowerName(in.leader) + "'s leader"
	}
	return r.unitName(r.s.Units[r.s.UnitByID(in.target)])
}

// rollTable says a character's die table in brief.
func rollTable(k kind) string {
	switch k {
	case briber:
		return "1-4 succeeds, 6 caught"
	case embezzler, dealer:
		return "1-3 succeeds, 6 caught"
	case gambler:
		return "1-3 wins, otherwise the working piece is lost"
	case hooker:
		return "a 6 kills the Hooker"
	case killer:
		return "1-2 kills, 3 trial, 4 another leader, 5 its own, 6 defects"
	}
	return ""
}
