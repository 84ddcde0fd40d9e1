package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// pieceMap is the standard board with three kinds of piece declared as a
// variant's change file does (Rather Silly rules 2, 9, 15): female armies
// (no combat value, sharing a province), the TARDIS (sharing, needing no
// centre) and the Borg (no seat, no combat value, sharing).
func pieceMap(t *testing.T) *Map {
	t.Helper()
	m := standardMap(t).Clone()
	changes := `piece FA army "female army" nocombat shares
piece T army "TARDIS" shares free
piece BORG army "Borg" nocombat shares neutral
piece B army "birds" nocombat shares
`
	if err := m.Apply("pieces.changes", strings.NewReader(changes)); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestPieceDirectiveErrors: a bad piece line names what is wrong.
func TestPieceDirectiveErrors(t *testing.T) {
	for line, want := range map[string]string{
		`piece A army "again"`:                     `piece code "A" is an army's or a fleet's`,
		`piece FA bird "female army"`:              `moves as "bird"`,
		`piece FA army "f" fierce`:                 `unknown property "fierce"`,
		`piece FA army`:                            `want piece <code>`,
		"piece FA army \"x\"\npiece fa army \"y\"": `declared twice`,
		`piece F2 army "x"`:                        `want letters`,
	} {
		m := standardMap(t).Clone()
		err := m.Apply("x.changes", strings.NewReader(line+"\n"))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", line, err, want)
		}
	}
}

// TestPieceOrders: orders name pieces by their codes, with or without a
// number, and write them back the same way; a plain "A" still names the
// plain army beside a female army.
func TestPieceOrders(t *testing.T) {
	m := pieceMap(t)
	p := &Parser{Map: m}
	for text, want := range map[string]string{
		"FA bur - mun":        "FA bur - mun",
		"2fa bur H":           "2FA bur H",
		"build FA par":        "build FA par",
		"A par S FA bur":      "A par S A bur",
		"T lon - nth":         "T lon - nth",
		"disband 1t lon":      "1T lon disband",
		"France: A bur - mun": "A bur - mun",
		"B lon - wal":         "B lon - wal", // birds, not "build lon"
		"build B lon":         "build B lon",
		"b lon H":             "B lon H",
	} {
		o, err := p.ParseOrder("france", text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if got := o.Format(m); got != want {
			t.Errorf("%q: Format %q, want %q", text, got, want)
		}
		rec := o.Record(m)
		back, err := rec.Order(m)
		if err != nil || back.Format(m) != o.Format(m) || back.Piece != o.Piece {
			t.Errorf("%q: record round trip %+v, %v", text, back, err)
		}
	}
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	bur := mustLookup(t, m, "bur")
	s.Units = append(s.Units, Unit{Power: "france", Type: Army, Loc: Loc{P: bur}}, Unit{Power: "france", Type: Army, Kind: 1, Loc: Loc{P: bur}})
	s.GiveIDs()
	for text, kind := range map[string]PieceKind{"A bur H": 0, "FA bur H": 1} {
		o, _ := p.ParseOrder("france", text)
		if i := UnitOf(s, &o, nil); i < 0 || s.Units[i].Kind != kind {
			t.Errorf("%q names unit %d", text, i)
		}
	}
}

// TestPiecesShareAndHaveNoCombat: a female army moves into a province an
// army holds and stands beside it; an attack on that province ignores her
// (she holds nothing, and is not dislodged); her support weighs nothing.
func TestPiecesShareAndHaveNoCombat(t *testing.T) {
	m := pieceMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	s.Units = nil
	add := func(p Power, k PieceKind, at string) {
		s.Units = append(s.Units, Unit{Power: p, Type: Army, Kind: k, Loc: Loc{P: mustLookup(t, m, at)}})
	}
	add("france", 0, "bur")
	add("france", 1, "pic") // female army
	add("germany", 0, "mun")
	add("germany", 0, "ruh")
	add("france", 1, "gas") // a female army's support weighs nothing
	s.GiveIDs()
	orders, errs := (&Parser{Map: m}).ParseOrders("", `France: FA pic - bur
France: FA gas S A bur
Germany: A mun - bur
Germany: A ruh S A mun - bur`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	out := Adjudicate(s, orders, nil, nil)
	for _, r := range out.Results {
		switch r.Order.Format(m) {
		case "FA pic - bur":
			if !r.OK {
				t.Errorf("the female army's move: %+v", r)
			}
		case "A mun - bur":
			if !r.OK {
				t.Errorf("Germany's supported attack failed: %+v", r)
			}
		}
	}
	if len(out.Next.Dislodged) != 1 || out.Next.Dislodged[0].Unit.Kind != 0 {
		t.Fatalf("dislodged %+v: want France's plain army only", out.Next.Dislodged)
	}
	n := 0
	for _, i := range out.Next.UnitsAt(mustLookup(t, m, "bur")) {
		n++
		_ = i
	}
	if n != 2 {
		t.Fatalf("Burgundy holds %d units, want the German army and the female army", n)
	}
}

// TestUnitIDs: ids are given once and kept for a unit's life: through a
// move, a dislodgement and its retreat, and a save; a build takes a new
// one, never an old one; a record from before ids gets them; two units
// with one id are refused.
func TestUnitIDs(t *testing.T) {
	m := standardMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	seen := map[int32]bool{}
	for _, u := range s.Units {
		if u.ID == 0 || seen[u.ID] {
			t.Fatalf("start unit %+v", u)
		}
		seen[u.ID] = true
	}
	par := s.Units[s.UnitAt(mustLookup(t, m, "par"))]
	orders, _ := ParseOrders(m, "france", "A par - bur")
	out := Adjudicate(s, orders, nil, nil)
	if i := out.Next.UnitAt(mustLookup(t, m, "bur")); i < 0 || out.Next.Units[i].ID != par.ID {
		t.Fatalf("the army that moved to Burgundy lost its id %d", par.ID)
	}
	b, err := MarshalState(out.Next)
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalState(m, b)
	if err != nil || back.Units[back.UnitAt(mustLookup(t, m, "bur"))].ID != par.ID || back.NextID != out.Next.NextID {
		t.Fatalf("after a save: %v", err)
	}
	// A build takes the next id.
	w := back.Clone()
	w.Phase = Phase{Year: 1901, Season: Winter, Type: Adjustment}
	w.Owners[mustLookup(t, m, "bel")] = "france"
	builds, _ := ParseOrders(m, "france", "build A par")
	wout := Adjudicate(w, builds, nil, nil)
	if i := wout.Next.UnitAt(mustLookup(t, m, "par")); i < 0 || wout.Next.Units[i].ID != w.NextID {
		t.Fatalf("the build's id: %+v (next %d)", wout.Next.Units, w.NextID)
	}
	// A record from before ids.
	var rec map[string]json.RawMessage
	_ = json.Unmarshal(b, &rec)
	var units []map[string]any
	_ = json.Unmarshal(rec["units"], &units)
	for _, u := range units {
		delete(u, "id")
	}
	rec["units"], _ = json.Marshal(units)
	delete(rec, "next_id")
	old, _ := json.Marshal(rec)
	s2, err := UnmarshalState(m, old)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[int32]bool{}
	for _, u := range s2.Units {
		if u.ID == 0 || ids[u.ID] {
			t.Fatalf("an old record's unit got id %d", u.ID)
		}
		ids[u.ID] = true
	}
	// Two units with one id.
	units[1]["id"], units[2]["id"] = 5, 5
	rec["units"], _ = json.Marshal(units)
	dup, _ := json.Marshal(rec)
	if _, err := UnmarshalState(m, dup); err == nil || !strings.Contains(err.Error(), "another unit's") {
		t.Fatalf("two units with one id: %v", err)
	}
}

// TestNeutralPieces: a piece of no seat is saved and read back with no
// power, makes no one act, and needs no centre; a plain unit with no
// power, or a neutral piece with one, is refused.
func TestNeutralPieces(t *testing.T) {
	m := pieceMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	s.Units = append(s.Units, Unit{Type: Army, Kind: 3, Loc: Loc{P: mustLookup(t, m, "boh")}})
	s.GiveIDs()
	b, err := MarshalState(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalState(m, b)
	if err != nil {
		t.Fatal(err)
	}
	borg := back.Units[back.UnitAt(mustLookup(t, m, "boh"))]
	if borg.Power != "" || borg.Kind != 3 || m.UnitCode(borg.Type, borg.Kind) != "BORG" {
		t.Fatalf("the Borg read back as %+v", borg)
	}
	if a := WhoActs(back, nil); len(a.Must) != 7 {
		t.Fatalf("who acts: %+v", a)
	}
	if adj := Adjustments(back); len(adj) != 0 {
		t.Fatalf("adjustments with the Borg: %v", adj)
	}
	for _, bad := range []string{`{"type":"A","power":"","loc":"boh"}`, `{"type":"BORG","power":"france","loc":"boh"}`, `{"type":"Q","power":"france","loc":"boh"}`} {
		text := strings.Replace(string(b), `"units":[`, `"units":[`+bad+`,`, 1)
		if _, err := UnmarshalState(m, []byte(text)); err == nil {
			t.Errorf("%s read back", bad)
		}
	}
	// The TARDIS needs no centre.
	t2 := NewState(m, Phase{Year: 1901, Season: Winter, Type: Adjustment})
	t2.Units = append(t2.Units, Unit{Power: "france", Type: Army, Kind: 2, Loc: Loc{P: mustLookup(t, m, "gas")}})
	if adj := Adjustments(t2); adj["france"] != 0 {
		t.Fatalf("the TARDIS needs a centre: %v", adj)
	}
}

// TestDefaultOrdersNamePieces: the orders the engine gives a piece that
// was given none (a hold, a disband) name its kind: "FA bur H".
func TestDefaultOrdersNamePieces(t *testing.T) {
	m := pieceMap(t)
	s := NewState(m, Phase{Year: 1901, Season: Spring, Type: Movement})
	s.Units = []Unit{{Power: "france", Type: Army, Kind: 1, Loc: Loc{P: mustLookup(t, m, "bur")}}}
	s.GiveIDs()
	out := Adjudicate(s, nil, nil, nil)
	if len(out.Results) != 1 || out.Results[0].Order.Format(m) != "FA bur H" {
		t.Fatalf("results %+v", out.Results)
	}
	w := NewState(m, Phase{Year: 1901, Season: Winter, Type: Adjustment})
	w.Units = append(w.Units, Unit{Power: "france", Type: Army, Kind: 1, Loc: Loc{P: mustLookup(t, m, "bur")}})
	w.Owners[mustLookup(t, m, "par")] = ""
	w.Owners[mustLookup(t, m, "bre")] = ""
	w.Owners[mustLookup(t, m, "mar")] = ""
	w.GiveIDs()
	wout := Adjudicate(w, nil, nil, nil)
	found := false
	for _, r := range wout.Results {
		if r.Order.Power == "france" && r.Order.Kind == Disband && strings.HasPrefix(r.Order.Format(m), "FA ") {
			found = true
		}
	}
	if !found {
		var got []string
		for _, r := range wout.Results {
			got = append(got, r.Order.Format(m))
		}
		t.Fatalf("no disband of the female army by civil disorder: %v", got)
	}
}
