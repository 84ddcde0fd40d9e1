package kit

import (
	"strings"
	"testing"

	"dipdesk/engine"
)

// TestMoverHelpers: the places a special order's words name, a jump's
// checks and landing, a conversion, one step, and the move or hold a
// special order is adjudicated as.
func TestMoverHelpers(t *testing.T) {
	m, err := CharacterBoard()
	if err != nil {
		t.Fatal(err)
	}
	locs, why := ArgLocs(m, []string{"tyr", "-", "spa", "(nc)", "TO", "bul/ec"})
	if why != "" || len(locs) != 3 || m.LocString(locs[1]) != "spa/nc" || m.LocString(locs[2]) != "bul/ec" {
		t.Fatalf("ArgLocs = %v %q", locs, why)
	}
	if _, why := ArgLocs(m, []string{"atlantis"}); !strings.Contains(why, "not a space") {
		t.Errorf("an unknown place: %q", why)
	}
	a := engine.Unit{Power: "germany", Type: engine.Army, Number: 1, Loc: engine.Loc{P: Lookup(m, "mun")}}
	if l, why := JumpTo(m, a, Lookup(m, "tyr"), engine.Loc{P: Lookup(m, "ven")}, true); why != "" || m.LocString(l) != "ven" {
		t.Errorf("a jump over Tyrolia to Venice: %v %q", l, why)
	}
	if _, why := JumpTo(m, a, Lookup(m, "tyr"), engine.Loc{P: Lookup(m, "ven")}, false); !strings.Contains(why, "no unit stands") {
		t.Errorf("a jump over an empty space: %q", why)
	}
	if _, why := JumpLanding(m, engine.Army, Lookup(m, "tyr"), engine.Loc{P: Lookup(m, "adr")}); why != "an army cannot land in Adriatic Sea" {
		t.Errorf("an army landing at sea: %q", why)
	}
	f := engine.Unit{Power: "france", Type: engine.Fleet, Number: 1, Loc: engine.Loc{P: Lookup(m, "mao")}}
	if l, why := JumpLanding(m, engine.Fleet, Lookup(m, "por"), engine.Loc{P: Lookup(m, "spa")}); why == "" {
		t.Errorf("a fleet landing in Spain without its coast from Portugal: %v", l)
	}
	if l, ok := StepTo(m, engine.Fleet, f.Loc, engine.Loc{P: Lookup(m, "bre")}); !ok || m.LocString(l) != "bre" {
		t.Errorf("StepTo = %v %v", l, ok)
	}
	if _, ok := StepTo(m, engine.Army, a.Loc, engine.Loc{P: Lookup(m, "par")}); ok {
		t.Error("an army stepped two spaces")
	}
	arm := engine.Unit{Power: "russia", Type: engine.Army, Number: 1, Loc: engine.Loc{P: Lookup(m, "arm")}}
	ec := func(c engine.Coast) (engine.Coast, string) { return c, "" }
	if v, why := Converted(m, arm, []string{"(ec)"}, ec); why != "" || v.Type != engine.Fleet || v.Loc.C != engine.EastCoast || v.Number != 0 {
		t.Errorf("Armenia's army to a Caspian fleet: %+v %q", v, why)
	}
	spaArmy := engine.Unit{Power: "france", Type: engine.Army, Number: 2, Loc: engine.Loc{P: Lookup(m, "spa")}}
	if _, why := Converted(m, spaArmy, nil, nil); !strings.Contains(why, "coast of Spain must be given") {
		t.Errorf("a conversion in Spain without a coast: %q", why)
	}
	o := engine.Order{Power: "germany", Kind: engine.Special, Special: "jump", Text: "1A mun jump tyr - ven"}
	if mv := MoveAs(a, o, engine.Loc{P: Lookup(m, "ven")}); mv.Kind != engine.Move || mv.Text != o.Text || mv.Number != 1 {
		t.Errorf("MoveAs = %+v", mv)
	}
	if h := HoldAs(a, o); h.Kind != engine.Hold || h.At != a.Loc {
		t.Errorf("HoldAs = %+v", h)
	}
	var turn engine.Turn
	Block(&turn, 3, "first")
	Block(&turn, 3, "second")
	if turn.Blocked[3] != "first" {
		t.Errorf("Block kept %q", turn.Blocked[3])
	}
}

// TestPrivateEvents: an event for one power is read by that power and the
// game master only.
func TestPrivateEvents(t *testing.T) {
	m, _ := CharacterBoard()
	s := engine.NewState(m, s1902)
	out := func() *engine.Outcome {
		return &engine.Outcome{Events: []string{"public", PrivateEvent(m, "france", "your mine went off")}}
	}
	for seat, want := range map[engine.Seat]int{{GM: true}: 2, {Power: "france"}: 2, {Power: "england"}: 1, {}: 1} {
		o := out()
		ConcealPrivate(s, seat, o)
		if len(o.Events) != want {
			t.Errorf("%s reads %q", seat, o.Events)
		}
	}
}

// TestConvoyRoute: a plain move goes by convoy when the convoys ordered
// for it make a route, whoever's fleets they are.
func TestConvoyRoute(t *testing.T) {
	m, _ := CharacterBoard()
	s := engine.NewState(m, s1902)
	s.Units = []engine.Unit{
		{Power: "england", Type: engine.Army, Number: 1, Loc: engine.Loc{P: Lookup(m, "lon")}},
		{Power: "france", Type: engine.Fleet, Number: 1, Loc: engine.Loc{P: Lookup(m, "eng")}},
	}
	move := engine.Order{Power: "england", Kind: engine.Move, At: engine.Loc{P: Lookup(m, "lon")}, To: engine.Loc{P: Lookup(m, "bre")}}
	convoy := engine.Order{Power: "france", Kind: engine.Convoy, At: engine.Loc{P: Lookup(m, "eng")},
		AuxAt: engine.Loc{P: Lookup(m, "lon")}, AuxTo: engine.Loc{P: Lookup(m, "bre")}}
	if !ConvoyRoute(s, []engine.Order{move, convoy}, 0, nil, nil) {
		t.Error("France's convoy makes a route for England's army")
	}
	if ConvoyRoute(s, []engine.Order{move}, 0, nil, nil) {
		t.Error("a route without a convoy ordered")
	}
	prepared := false
	ConvoyRoute(s, []engine.Order{move, convoy}, 0, nil, func(o []engine.Order) []engine.Order { prepared = true; return o })
	if !prepared {
		t.Error("prepare was not asked")
	}
}

// TestOpenRetreats: in a retreat phase every power with units may act
// (who holds a Retreater is a secret), the dislodged unit's owner must;
// in a movement phase the answer is the standard one.
func TestOpenRetreats(t *testing.T) {
	m, err := CharacterBoard()
	if err != nil {
		t.Fatal(err)
	}
	s := &engine.State{Map: m, Phase: engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Retreat}}
	s.Units = []engine.Unit{
		{Power: "france", Type: engine.Army, Loc: engine.Loc{P: Lookup(m, "par")}},
		{Power: "england", Type: engine.Fleet, Loc: engine.Loc{P: Lookup(m, "lon")}},
	}
	s.Dislodged = []engine.Dislodgement{{Unit: engine.Unit{Power: "germany", Type: engine.Army, Loc: engine.Loc{P: Lookup(m, "mun")}}}}
	a := engine.WhoActs(s, &engine.Rules{Acting: OpenRetreats})
	if !a.Waits("germany") || a.Waits("france") || !a.Allows("france") || !a.Allows("england") || a.Allows("italy") {
		t.Errorf("retreat phase: %+v", a)
	}
	s.Phase.Type = engine.Movement
	a = engine.WhoActs(s, &engine.Rules{Acting: OpenRetreats})
	if !a.Waits("france") || !a.Waits("england") || a.Allows("germany") || len(a.May) != 0 {
		t.Errorf("movement phase: %+v", a)
	}
}
