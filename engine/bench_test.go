package engine

import "testing"

// Benchmarks of the adjudicator; docs/performance.md has the targets and
// the figures measured. Run them with
//
//	go test -run '^$' -bench . -benchmem -count 5 ./engine/...

// spring1901 is the standard start with the usual openings: all 22 units
// ordered, no two in conflict except the Black Sea bounce and Galicia.
const spring1901 = `
England: F lon - nth; F edi - nwg; A lvp - yor
France: F bre - mao; A par - bur; A mar - spa
Germany: F kie - den; A ber - kie; A mun - ruh
Italy: F nap - ion; A rom - apu; A ven H
Austria: A vie - gal; A bud - ser; F tri - alb
Russia: F stp/sc - bot; A mos - ukr; A war - gal; F sev - bla
Turkey: F ank - bla; A con - bul; A smy - con
`

// crowdedFall is a Fall position with 34 units (every centre's worth),
// 13 supports, three convoys (North Sea, Mid-Atlantic, Black Sea), a
// four-way fight for Belgium, bounces, a dislodgement in Trieste and
// attacks on two convoying fleets.
const crowdedFall = `
England: F nth C A yor - bel; A yor - bel; F eng S A yor - bel; F iri S F eng; F nwg S F nth
France: F mao C A bre - spa; A bre - spa; A gas S A bre - spa; A bur - bel; A pic S A bur - bel
Germany: A ruh - bel; A hol S A ruh - bel; F hel S A hol; F den - nth; F ska S F den - nth
Russia: A war - gal; A ukr S A war - gal; F sev - bla; A stp - nwy; F bot - swe
Austria: A vie - gal; A bud S A vie - gal; A ser - rum; F alb - gre; F tri H
Turkey: F bla C A ank - rum; A ank - rum; A bul S A ank - rum; F aeg - gre
Italy: A ven - tri; A tyr S A ven - tri; A rom - apu; F nap - ion; F tys S F nap - ion
`

// benchPosition parses a position written as orders (see
// positionFromOrders) and checks that no order is illegal or void, so
// that a benchmark measures real adjudication.
func benchPosition(b *testing.B, p Phase, text string) (*State, []Order) {
	b.Helper()
	s, orders := positionFromOrders(b, p, text)
	for _, r := range AdjudicateMovement(s, orders, nil).Results {
		switch r.Code {
		case Illegal, NoUnit, NotOwner, Void:
			b.Fatalf("%s: %q: %s (%s)", p.Key(), r.Order.Format(s.Map), r.Code, r.Reason)
		}
	}
	return s, orders
}

// BenchmarkSpring1901 adjudicates the usual 1901 openings.
func BenchmarkSpring1901(b *testing.B) {
	s, orders := benchPosition(b, Phase{Year: 1901, Season: Spring, Type: Movement}, spring1901)
	if len(s.Units) != 22 {
		b.Fatalf("%d units, want 22", len(s.Units))
	}
	b.ReportAllocs()
	for b.Loop() {
		AdjudicateMovement(s, orders, nil)
	}
}

// BenchmarkCrowdedFall adjudicates a full board of 34 units with many
// supports and three convoys.
func BenchmarkCrowdedFall(b *testing.B) {
	s, orders := benchPosition(b, Phase{Year: 1901, Season: Fall, Type: Movement}, crowdedFall)
	if len(s.Units) != 34 {
		b.Fatalf("%d units, want 34", len(s.Units))
	}
	b.ReportAllocs()
	for b.Loop() {
		AdjudicateMovement(s, orders, nil)
	}
}

// BenchmarkHundredYears plays a 100-year game of random legal orders
// (all phases, through Adjudicate, RandomOrders included) per op. The
// game goes on after a power reaches 18 centres, so every op plays the
// same 100 years.
func BenchmarkHundredYears(b *testing.B) {
	m := standardMap(b)
	phases := 0
	b.ReportAllocs()
	for b.Loop() {
		_, _, n := playRandomGame(m, 1, 100, nil)
		phases = n
	}
	b.ReportMetric(float64(phases), "phases/op")
}

// BenchmarkRandomOrders measures RandomOrders alone on the crowded Fall
// position, to tell its share of BenchmarkHundredYears.
func BenchmarkRandomOrders(b *testing.B) {
	s, _ := benchPosition(b, Phase{Year: 1901, Season: Fall, Type: Movement}, crowdedFall)
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		// A new source each op: one Rand records every draw, and its
		// record would otherwise grow across the whole run.
		seed++
		RandomOrders(s, NewRand(seed))
	}
}

// TestCrowdedFallPosition pins down what the crowded position does, so
// that the benchmark keeps measuring the same work: the three convoys
// hold, Trieste is dislodged, Belgium and Galicia stand off.
func TestCrowdedFallPosition(t *testing.T) {
	s, orders := positionFromOrders(t, Phase{Year: 1901, Season: Fall, Type: Movement}, crowdedFall)
	out := AdjudicateMovement(s, orders, nil)
	want := map[string]ResultCode{
		"F nth C A yor - bel": OK, "F mao C A bre - spa": OK, "F bla C A ank - rum": OK,
		"A bre - spa": OK, "A ven - tri": OK, "F tri H": Dislodged,
		"A yor - bel": Bounced, "A bur - bel": Bounced, "A ruh - bel": Bounced,
		"A war - gal": Bounced, "A vie - gal": Bounced, "F den - nth": Bounced,
	}
	for _, r := range out.Results {
		f := r.Order.Format(s.Map)
		if r.Code == Illegal || r.Code == Void {
			t.Errorf("%s: %s (%s)", f, r.Code, r.Reason)
		}
		if c, ok := want[f]; ok && c != r.Code {
			t.Errorf("%s: %s (%s), want %s", f, r.Code, r.Reason, c)
		}
	}
	if len(out.Results) != 34 {
		t.Errorf("%d results, want 34", len(out.Results))
	}
}
