package character

import (
	"strings"
	"testing"

	"dipdesk/engine"
)

// TestJumper: card #5 and rule 16.i.
func TestJumper(t *testing.T) {
	runCardCases(t, []cardCase{
		{"a jump over a friendly unit", s1902,
			[]string{"Germany: A mun #5", "Germany: A tyr #20"},
			"Germany: 1A mun jump tyr - ven",
			"germany A tyr, germany A ven", "moved to Venice"},
		{"a jump over an alien unit, words optional", s1902,
			[]string{"Germany: A mun #5", "Austria: A tyr #20"},
			"Germany: 1A mun jumps over tyr to ven",
			"austria A tyr, germany A ven", "moved to Venice"},
		{"rule 7: not in 1901", s1901,
			[]string{"Germany: A mun #5", "Austria: A tyr #20"},
			"Germany: 1A mun jump tyr - ven",
			"austria A tyr, germany A mun", "rule 7"},
		{"only the card's holder", s1902,
			[]string{"Germany: A mun #20", "Austria: A tyr #20"},
			"Germany: 1A mun jump tyr - ven",
			"austria A tyr, germany A mun", "no Jumper card"},
		{"nothing to jump over", s1902,
			[]string{"Germany: A mun #5"},
			"Germany: 1A mun jump tyr - ven",
			"germany A mun", "no unit stands in Tyrolia"},
		{"the jumped space must touch the jumper", s1902,
			[]string{"Germany: A mun #5", "Austria: A vie #20"},
			"Germany: 1A mun jump vie - gal",
			"austria A vie, germany A mun", "does not touch"},
		{"the landing must be beyond the jumped space", s1902,
			[]string{"Germany: A mun #5", "Austria: A tyr #20"},
			"Germany: 1A mun jump tyr - war",
			"austria A tyr, germany A mun", "not a space beyond"},
		{"an army lands on land only", s1902,
			[]string{"Italy: A nap #5", "Italy: F ion #20"},
			"Italy: 1A nap jump ion - aeg",
			"italy F ion, italy A nap", "cannot land"},
		{"an army jumps a fleet at sea to a coast", s1902,
			[]string{"Italy: A nap #5", "Italy: F ion #20"},
			"Italy: 1A nap jump ion - gre",
			"italy A gre, italy F ion", "moved to Greece"},
		{"the jumped unit's move becomes a hold", s1902,
			[]string{"Austria: A tyr #20", "Germany: A mun #5"},
			"Germany: 1A mun jump tyr - ven\nAustria: A tyr - pie",
			"austria A tyr, germany A ven", "held"},
		{"the jumped unit may still support", s1902,
			[]string{"Austria: A tyr #20", "Germany: A mun #5", "Austria: A tri #20", "Italy: A ven #20"},
			"Germany: 1A mun jump tyr - pie\nAustria: A tri - ven\nAustria: A tyr S A tri - ven",
			"austria A tyr, austria A ven, germany A pie, *italy A ven", "support given"},
		{"the landing is fought for like any move", s1902,
			[]string{"Germany: A mun #5", "Austria: A tyr #20", "Italy: A ven #20"},
			"Germany: 1A mun jump tyr - ven",
			"austria A tyr, germany A mun, italy A ven", "bounced"},
		{"16.i: two jumps over one unit both succeed", s1902,
			[]string{"Germany: A mun #5", "Italy: A pie #5", "Austria: A tyr #20"},
			"Germany: 1A mun jump tyr - ven\nItaly: 1A pie jump tyr - vie",
			"austria A tyr, germany A ven, italy A vie", "moved to Venice"},
		{"a jump over an explorer in Switzerland", s1902,
			[]string{"France: A mar #5", "Germany: A swi #7"},
			"France: 1A mar jump swi - mun",
			"france A mun, germany A swi", "moved to Munich"},
		{"no jump over an empty Switzerland", s1902,
			[]string{"France: A mar #5"},
			"France: 1A mar jump swi - mun",
			"france A mar", "no unit stands in Switzerland"},
		{"a jump over a unit in the Caspian", s1902,
			[]string{"Turkey: A arm #5", "Russia: A cas #7"},
			"Turkey: 1A arm jump cas - mos",
			"russia A cas, turkey A mos", "moved to Moscow"},
		{"a jumped unit's move to Hyperspace becomes a hold", s1902,
			[]string{"Germany: A mun #5", "Austria: A tyr #8"},
			"Germany: 1A mun jump tyr - ven\nAustria: A tyr - hyp",
			"austria A tyr, germany A ven", "moved to Venice"},
		{"a plain move only a jump makes is a jump", s1902,
			[]string{"Germany: A mun #5", "Austria: A tyr #20"},
			"Germany: A mun - ven\nAustria: A tyr - pie",
			"austria A tyr, germany A ven", "moved to Venice"},
		{"another power's jump order for my unit holds no one", s1902,
			[]string{"Austria: A tyr #20", "Germany: A mun #5"},
			"Austria: 1A mun jump tyr - ven\nAustria: A tyr - pie",
			"austria A pie, germany A mun", "moved to Piedmont"},
		{"a fleet jumps and names its coast", s1902,
			[]string{"France: F mao #5", "France: F por #20"},
			"France: F mao jump por - spa/nc",
			"france F por, france F spa/nc", "moved to Spain (north coast)"},
	})
}

// TestJumperNoRetreat: a jumper retreats one space only (rule 8).
func TestJumperNoRetreat(t *testing.T) {
	s := cardPosition(t, s1902, "Germany: A mun #5", "Austria: A tyr #20")
	s.Phase.Type = engine.Retreat
	ven, _ := s.Map.Lookup("ven")
	if Variant.Rules.Reach(s, s.Units[0], engine.Loc{P: ven}) {
		t.Error("a jumper retreats by a jump")
	}
}

// TestMoverOrdersFormat: the special orders written back (Order.Format,
// for reports and save files) parse to the same order.
func TestMoverOrdersFormat(t *testing.T) {
	m := mustMap(t)
	p := Variant.Parser(m)
	for _, text := range []string{
		"1A par via bur - mun",
		"1F bre via mao - spa/nc",
		"1A mun jump tyr - ven",
		"1A arm convert (ec)",
		"1A spa convert nc",
		"1F nth - hyp",
	} {
		o, err := p.ParseOrder("france", text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		back, err := p.ParseOrder("france", o.Format(m))
		if err != nil {
			t.Fatalf("%q formatted %q: %v", text, o.Format(m), err)
		}
		if o.Format(m) != back.Format(m) || o.Special != back.Special {
			t.Errorf("%q: %q, then %q", text, o.Format(m), back.Format(m))
		}
	}
}

// TestJumperConvoyed: a jumper's plain move with a convoy ordered for it
// and a route is a move by convoy (rule 8: the regular rules when no
// power is used), whoever's fleet convoys: it is not read as a jump, the
// convoying fleet is not jumped, nothing is logged and the card stays
// secret (rule 3). Other seats read the order as it was written.
func TestJumperConvoyed(t *testing.T) {
	for _, convoy := range []string{"France: F eng C A bre - lon", "England: F eng C A bre - lon"} {
		fleet := strings.SplitN(convoy, ":", 2)[0] + ": F eng #20"
		s := cardPosition(t, s1902, "France: A bre #5", fleet)
		orders, errs := Variant.Parser(s.Map).ParseOrders("", "France: A bre - lon\n"+convoy)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		out := engine.Adjudicate(s, orders, Variant.Rules, engine.NewRand(1))
		lon, _ := s.Map.Lookup("lon")
		if i := out.Next.UnitAt(lon); i < 0 || out.Next.Units[i].Power != "france" {
			t.Errorf("%s: the army did not land in London: %v", convoy, out.Results)
		}
		for _, r := range out.Results {
			if r.Order.Special == jumpOrder || r.Unit.Power == "france" && r.Unit.Type == engine.Army && !r.Order.ViaConvoy {
				t.Errorf("%s: the army's order was judged as %q", convoy, r.Order.Format(s.Map))
			}
			if r.Unit.Type == engine.Fleet && !r.OK {
				t.Errorf("%s: the fleet's convoy %s: %s", convoy, r.Code, r.Reason)
			}
		}
		if len(out.Events) > 0 {
			t.Errorf("%s: events %q", convoy, out.Events)
		}
		if h := out.Next.Extra.(*extra).Cards[idOf(s.Units[0])]; h.Revealed != nil {
			t.Errorf("%s: the Jumper was revealed: %+v", convoy, h.Revealed)
		}
		for _, seat := range []engine.Seat{{}, {Power: "germany"}, {Power: "england"}} {
			for _, r := range engine.OutcomeFor(s, out, seat, Variant.Rules).Results {
				if r.Unit.Power == "france" && r.Unit.Type == engine.Army && r.Order.ViaConvoy {
					t.Errorf("%s: seat %+v reads %q, not the order written", convoy, seat, r.Order.Format(s.Map))
				}
			}
		}
	}
}
