package character

import (
	"reflect"
	"testing"

	"dipdesk/engine"
	"dipdesk/variants/kit"
	"dipdesk/variants/kit/kittest"
)

func sampleEffects() effects {
	fr1A := kit.UnitID{Power: "france", Type: engine.Army, Number: 1}
	de2F := kit.UnitID{Power: "germany", Type: engine.Fleet, Number: 2}
	return effects{
		Mines:     []mine{{Prov: "nth", Power: "france", Laid: engine.Phase{Year: 1902, Season: engine.Spring, Type: engine.Movement}}, {Prov: "hel", Power: "germany"}},
		Closures:  []closure{{Prov: "mun", Until: 4, Why: "annihilated"}},
		Suspended: []suspension{{Prov: "mun", ID: 3, Until: 6, Why: "annihilated"}},
		Disorders: []disorder{{Unit: de2F, Until: 5, Why: "gassed"}},
		LastUsed:  map[kit.UnitID]int{fr1A: 2, de2F: 3},
		FreeUnits: []kit.UnitID{fr1A, de2F},
		SpringOTB: []kit.UnitID{de2F},
	}
}

// Effects survive a save: JSON out and back gives the same value.
func TestEffectsJSONRoundTrip(t *testing.T) {
	e := newExtra(nil)
	e.Effects = sampleEffects()
	got := kittest.Reload(t, e, decodeExtra)
	if !reflect.DeepEqual(got.(*extra).Effects, e.Effects) {
		t.Fatalf("round trip:\n got %+v\nwant %+v", got.(*extra).Effects, e.Effects)
	}
	c := e.CloneExtra().(*extra)
	c.Effects.Mines[0].Prov, c.Effects.LastUsed[kit.UnitID{Power: "france", Type: engine.Army, Number: 1}] = "xxx", 9
	if e.Effects.Mines[0].Prov != "nth" || e.Effects.LastUsed[kit.UnitID{Power: "france", Type: engine.Army, Number: 1}] != 2 {
		t.Fatal("a clone shares the effects of the original")
	}
	if err := new(kit.UnitID).UnmarshalText([]byte("france")); err == nil {
		t.Fatal("a unit without a label was read")
	}
}

// A power sees its own mines, uses and free units, and the public effects;
// the public sees only the public effects (rules 3, 12, 16.h).
func TestEffectsConceal(t *testing.T) {
	for _, tt := range []struct {
		seat                engine.Seat
		mines, used, free   int
		closures, disorders int
	}{
		{engine.Seat{GM: true}, 2, 2, 2, 1, 1},
		{engine.Seat{Power: "france"}, 1, 1, 1, 1, 1},
		{engine.Seat{}, 0, 0, 0, 1, 1},
	} {
		f := sampleEffects()
		f.conceal(tt.seat)
		if len(f.Mines) != tt.mines || len(f.LastUsed) != tt.used || len(f.FreeUnits) != tt.free ||
			len(f.Closures) != tt.closures || len(f.Disorders) != tt.disorders {
			t.Errorf("%s sees %+v", tt.seat, f)
		}
		if !tt.seat.GM && len(f.SpringOTB) != 0 {
			t.Errorf("%s sees germany's standing OTB order", tt.seat)
		}
	}
}

// The engine's economy interfaces read the effects.
func TestEffectsEconomy(t *testing.T) {
	e := newExtra(nil)
	e.Effects = sampleEffects()
	at := engine.Phase{Year: 1903, Season: engine.Fall, Type: engine.Movement}    // turn 5
	after := engine.Phase{Year: 1904, Season: engine.Fall, Type: engine.Movement} // turn 7
	if !e.CentreSuspended(3, at) || e.CentreSuspended(4, at) || e.CentreSuspended(3, after) {
		t.Fatal("CentreSuspended does not follow Suspended")
	}
	if !e.FreeUnit(engine.Unit{Power: "france", Type: engine.Army, Number: 1}) || e.FreeUnit(engine.Unit{Power: "france", Type: engine.Army, Number: 2}) {
		t.Fatal("FreeUnit does not follow FreeUnits")
	}
	if kit.MoveIndex(engine.Phase{Year: 1902, Season: engine.Fall, Type: engine.Retreat}) != 3 || kit.MoveIndex(engine.Phase{Year: 1901, Season: engine.Spring}) != 0 {
		t.Fatal("MoveIndex")
	}
}
