package engine

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// StateRecord is the stable, readable form of a State that save files and
// the network carry: provinces by abbreviation, powers by id, so a record
// stays meaningful without the engine's internal numbering.
type StateRecord struct {
	Phase     PhaseRecord       `json:"phase"`
	Units     []UnitRecord      `json:"units"`
	Owners    map[string]string `json:"owners"` // centre abbreviation -> power
	Dislodged []DislodgedRecord `json:"dislodged,omitempty"`
	Standoffs []string          `json:"standoffs,omitempty"`
	Extra     json.RawMessage   `json:"extra,omitempty"` // the variant's State.Extra, as it marshals itself
	// NextID is the id the next new unit takes (State.NextID); 0 in a
	// record from before units had ids.
	NextID int32 `json:"next_id,omitempty"`
}

// PhaseRecord is a Phase in a record. Name is its key, for people.
type PhaseRecord struct {
	Name   string `json:"name"`
	Year   int    `json:"year"`
	Season int    `json:"season"`
	Type   int    `json:"type"`
	Step   string `json:"step,omitempty"`
	Actor  string `json:"actor,omitempty"`
}

// phaseRecord returns the record of p.
func phaseRecord(p Phase) PhaseRecord {
	return PhaseRecord{Name: p.Key(), Year: p.Year, Season: int(p.Season), Type: int(p.Type), Step: p.Step, Actor: string(p.Actor)}
}

// Phase returns the phase r records, or an error naming what is wrong.
func (r PhaseRecord) Phase() (Phase, error) {
	p := Phase{Year: r.Year, Season: Season(r.Season), Type: PhaseType(r.Type), Step: r.Step, Actor: Power(r.Actor)}
	switch {
	case r.Year < 0:
		return p, fmt.Errorf("engine: phase: the year %d", r.Year)
	case r.Season < int(Spring) || r.Season > int(Winter):
		return p, fmt.Errorf("engine: phase: no season %d", r.Season)
	case r.Type < int(Movement) || r.Type > int(Custom):
		return p, fmt.Errorf("engine: phase: no phase type %d", r.Type)
	case !p.Valid():
		return p, fmt.Errorf("engine: phase: a step name %q or a power %q a key cannot hold", r.Step, r.Actor)
	}
	return p, nil
}

// UnitRecord is a Unit in a record: "A", "france", "par". Type is "A",
// "F" or a variant's piece code ("FA"); Power is "" for a piece of no
// seat; ID is the unit's id (0 in a record from before units had ids).
type UnitRecord struct {
	Type   string `json:"type"`
	Power  string `json:"power"`
	Loc    string `json:"loc"`
	Number int    `json:"number,omitempty"`
	ID     int32  `json:"id,omitempty"`
}

// DislodgedRecord is a Dislodgement in a record.
type DislodgedRecord struct {
	Unit     UnitRecord `json:"unit"`
	From     string     `json:"from,omitempty"`
	ByConvoy bool       `json:"by_convoy,omitempty"`
}

// Record returns the record of s.
func (s *State) Record() StateRecord {
	m := s.Map
	r := StateRecord{
		Phase:  phaseRecord(s.Phase),
		Owners: map[string]string{},
	}
	for _, u := range s.Units {
		r.Units = append(r.Units, unitRecord(m, u))
	}
	// Records are canonical: the same position always gives the same text.
	sort.Slice(r.Units, func(i, j int) bool {
		a, b := r.Units[i], r.Units[j]
		switch {
		case a.Power != b.Power:
			return a.Power < b.Power
		case a.Loc != b.Loc:
			return a.Loc < b.Loc
		case a.Type != b.Type:
			return a.Type < b.Type
		}
		return a.ID < b.ID
	})
	for id, o := range s.Owners {
		if o != "" {
			r.Owners[m.Provinces[id].Abbr] = string(o)
		}
	}
	for _, d := range s.Dislodged {
		dr := DislodgedRecord{Unit: unitRecord(m, d.Unit), ByConvoy: d.ByConvoy}
		if d.From >= 0 && int(d.From) < len(m.Provinces) {
			dr.From = m.Provinces[d.From].Abbr
		}
		r.Dislodged = append(r.Dislodged, dr)
	}
	for _, p := range s.Standoffs {
		r.Standoffs = append(r.Standoffs, m.Provinces[p].Abbr)
	}
	sort.Strings(r.Standoffs)
	r.giveIDs(s.NextID)
	return r
}

// giveIDs gives the record's units that have no id yet (a unit a hook or
// an edit added since the state last gave ids) the next ones, in the
// record's order, so the position saved names every unit by its id.
func (r *StateRecord) giveIDs(next int32) {
	next = max(next, 1)
	for _, u := range r.Units {
		next = max(next, u.ID+1)
	}
	for _, d := range r.Dislodged {
		next = max(next, d.Unit.ID+1)
	}
	for i := range r.Units {
		if r.Units[i].ID == 0 {
			r.Units[i].ID, next = next, next+1
		}
	}
	for i := range r.Dislodged {
		if r.Dislodged[i].Unit.ID == 0 {
			r.Dislodged[i].Unit.ID, next = next, next+1
		}
	}
	r.NextID = next
}

func unitRecord(m *Map, u Unit) UnitRecord {
	return UnitRecord{Type: m.UnitCode(u.Type, u.Kind), Power: string(u.Power), Loc: m.LocString(u.Loc), Number: u.Number, ID: u.ID}
}

// MarshalState encodes s as JSON, with the variant's Extra as it marshals
// itself.
func MarshalState(s *State) ([]byte, error) {
	r := s.Record()
	if s.Extra != nil {
		b, err := json.Marshal(s.Extra)
		if err != nil {
			return nil, fmt.Errorf("engine: state: variant data: %w", err)
		}
		r.Extra = b
	}
	return json.Marshal(r)
}

// UnmarshalState decodes a state encoded by MarshalState for map m,
// checking every name and position; the error says what is wrong. A
// state holding variant data needs UnmarshalStateExtra.
func UnmarshalState(m *Map, b []byte) (*State, error) {
	return UnmarshalStateExtra(m, b, nil)
}

// UnmarshalStateExtra decodes a state encoded by MarshalState, reading the
// variant's part with decode (Variant.DecodeExtra). Variant data with no
// decoder is an error, never silently dropped.
func UnmarshalStateExtra(m *Map, b []byte, decode func([]byte) (Extra, error)) (*State, error) {
	var r StateRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("engine: state: %w", err)
	}
	s, err := r.State(m)
	if err != nil {
		return nil, err
	}
	if len(r.Extra) > 0 && string(r.Extra) != "null" {
		if decode == nil {
			return nil, fmt.Errorf("engine: state: it holds variant data but no variant decoder was given")
		}
		if s.Extra, err = decode(r.Extra); err != nil {
			return nil, fmt.Errorf("engine: state: variant data: %w", err)
		}
	}
	return s, nil
}

// State rebuilds the State a record describes on map m.
//
// A unit must stand where its type may (an army on land, a fleet at sea or
// on a coast), except in a variant's position (one with Extra data), where
// a hook may have let it stand elsewhere (Rules.Enter: an amphibious army
// at sea, an explorer in Switzerland); a coast must still exist.
func (r StateRecord) State(m *Map) (*State, error) {
	s := &State{Map: m, Owners: make([]Power, len(m.Provinces))}
	ph, err := r.Phase.Phase()
	if err != nil {
		return nil, fmt.Errorf("engine: state: %s", strings.TrimPrefix(err.Error(), "engine: "))
	}
	if ph.Actor != "" {
		if _, ok := m.Power(ph.Actor); !ok {
			return nil, fmt.Errorf("engine: state: phase %s: unknown power %q", ph.Key(), ph.Actor)
		}
	}
	s.Phase = ph
	ids := map[int32]bool{}
	for i, ur := range r.Units {
		u, err := ur.unit(m, r.Extra != nil)
		if err == nil && u.ID != 0 && ids[u.ID] {
			err = fmt.Errorf("id %d is another unit's", u.ID)
		}
		if err != nil {
			return nil, fmt.Errorf("engine: state: unit %d: %w", i+1, err)
		}
		ids[u.ID] = true
		s.Units = append(s.Units, u)
	}
	if r.NextID < 0 {
		return nil, fmt.Errorf("engine: state: next unit id %d", r.NextID)
	}
	s.NextID = r.NextID
	for abbr, pw := range r.Owners {
		p, ok := m.Lookup(abbr)
		if !ok || !m.Provinces[p].SC {
			return nil, fmt.Errorf("engine: state: owner of %q: no such supply centre", abbr)
		}
		if _, ok := m.Power(Power(pw)); !ok {
			return nil, fmt.Errorf("engine: state: owner of %s: unknown power %q", abbr, pw)
		}
		s.Owners[p] = Power(pw)
	}
	for i, dr := range r.Dislodged {
		u, err := dr.Unit.unit(m, r.Extra != nil)
		if err == nil && u.ID != 0 && ids[u.ID] {
			err = fmt.Errorf("id %d is another unit's", u.ID)
		}
		if err != nil {
			return nil, fmt.Errorf("engine: state: dislodged unit %d: %w", i+1, err)
		}
		ids[u.ID] = true
		d := Dislodgement{Unit: u, From: NoProvince, ByConvoy: dr.ByConvoy}
		if dr.From != "" {
			p, ok := m.Lookup(dr.From)
			if !ok {
				return nil, fmt.Errorf("engine: state: dislodged unit %d: no province %q", i+1, dr.From)
			}
			d.From = p
		}
		s.Dislodged = append(s.Dislodged, d)
	}
	for _, abbr := range r.Standoffs {
		p, ok := m.Lookup(abbr)
		if !ok {
			return nil, fmt.Errorf("engine: state: standoff in unknown province %q", abbr)
		}
		s.Standoffs = append(s.Standoffs, p)
	}
	s.GiveIDs()
	return s, nil
}

func (ur UnitRecord) unit(m *Map, lenient bool) (Unit, error) {
	u := Unit{Power: Power(ur.Power), Number: ur.Number, ID: ur.ID}
	if ur.ID < 0 {
		return u, fmt.Errorf("bad id %d", ur.ID)
	}
	switch ur.Type {
	case "A":
		u.Type = Army
	case "F":
		u.Type = Fleet
	default:
		p, ok := m.PieceByCode(ur.Type)
		if !ok || p.Code != ur.Type {
			return u, fmt.Errorf("unknown unit type %q", ur.Type)
		}
		u.Type, u.Kind = p.Moves, p.Kind
	}
	neutral := false
	if p, ok := m.Piece(u.Kind); ok {
		neutral = p.Neutral
	}
	switch {
	case neutral && u.Power != "":
		return u, fmt.Errorf("a %s belongs to no power, not %q", ur.Type, ur.Power)
	case neutral:
	case u.Power == "":
		return u, fmt.Errorf("a unit of type %q needs a power", ur.Type)
	default:
		if _, ok := m.Power(u.Power); !ok {
			return u, fmt.Errorf("unknown power %q", ur.Power)
		}
	}
	l, err := m.ParseLoc(ur.Loc)
	if err != nil {
		return u, err
	}
	if !m.CanHold(u.Type, l) && !(lenient && l.C == NoCoast) {
		return u, fmt.Errorf("%s cannot stand in %s", u.Type.Noun(), ur.Loc)
	}
	u.Loc = l
	return u, nil
}

// ParseLoc reads a location written as by LocString: "lon", "spa/nc". A
// coast is one the province lists, or one a variant linked for fleets only
// (Davis rule 11's "(ec)" of Armenia and Sevastopol on the Caspian).
func (m *Map) ParseLoc(s string) (Loc, error) {
	name, coast, _ := strings.Cut(s, "/")
	p, ok := m.Lookup(name)
	if !ok {
		return Nowhere, fmt.Errorf("no province %q", name)
	}
	l := Loc{P: p}
	if coast != "" {
		c, ok := ParseCoast(coast)
		if !ok || !(m.HasCoast(p, c) || m.CanHold(Fleet, Loc{p, c})) {
			return Nowhere, fmt.Errorf("%s has no coast %q", m.Provinces[p].Name, coast)
		}
		l.C = c
	}
	return l, nil
}

// OrderRecord is an Order in a record, with locations as abbreviations.
type OrderRecord struct {
	Power     string   `json:"power"`
	Kind      string   `json:"kind"`
	Unit      string   `json:"unit,omitempty"`
	Number    int      `json:"number,omitempty"`
	At        string   `json:"at,omitempty"`
	To        string   `json:"to,omitempty"`
	ViaConvoy bool     `json:"via_convoy,omitempty"`
	AuxUnit   string   `json:"aux_unit,omitempty"`
	AuxPower  string   `json:"aux_power,omitempty"`
	AuxAt     string   `json:"aux_at,omitempty"`
	AuxTo     string   `json:"aux_to,omitempty"`
	Special   string   `json:"special,omitempty"`
	Args      []string `json:"args,omitempty"`
	Text      string   `json:"text,omitempty"`
}

// Record returns the record of o on map m.
func (o Order) Record(m *Map) OrderRecord {
	loc := func(l Loc) string {
		if !l.Valid() || int(l.P) >= len(m.Provinces) {
			return ""
		}
		return m.LocString(l)
	}
	ut := func(t UnitType, k PieceKind) string {
		if t == NoUnitType {
			return ""
		}
		return m.UnitCode(t, k)
	}
	return OrderRecord{Power: string(o.Power), Kind: o.Kind.String(), Unit: ut(o.Unit, o.Piece), Number: o.Number,
		At: loc(o.At), To: loc(o.To), ViaConvoy: o.ViaConvoy, AuxUnit: ut(o.AuxUnit, 0), AuxPower: string(o.AuxPower),
		AuxAt: loc(o.AuxAt), AuxTo: loc(o.AuxTo), Special: o.Special, Args: o.Args, Text: o.Text}
}

// Order rebuilds the order a record describes on map m.
func (r OrderRecord) Order(m *Map) (Order, error) {
	o := Order{Power: Power(r.Power), Number: r.Number, ViaConvoy: r.ViaConvoy, AuxPower: Power(r.AuxPower),
		Special: r.Special, Args: r.Args, Text: r.Text, At: Nowhere, To: Nowhere, AuxAt: Nowhere, AuxTo: Nowhere}
	kind := -1
	for i, w := range kindWords {
		if w == r.Kind {
			kind = i
		}
	}
	if kind <= 0 {
		return o, fmt.Errorf("engine: order: unknown kind %q", r.Kind)
	}
	o.Kind = OrderKind(kind)
	var err error
	if o.Unit, o.Piece, err = parseUnitType(m, r.Unit); err != nil {
		return o, err
	}
	if o.AuxUnit, _, err = parseUnitType(m, r.AuxUnit); err != nil {
		return o, err
	}
	for _, f := range []struct {
		s   string
		dst *Loc
	}{{r.At, &o.At}, {r.To, &o.To}, {r.AuxAt, &o.AuxAt}, {r.AuxTo, &o.AuxTo}} {
		if f.s == "" {
			continue
		}
		l, err := m.ParseLoc(f.s)
		if err != nil {
			return o, fmt.Errorf("engine: order %q: %w", r.Text, err)
		}
		*f.dst = l
	}
	return o, nil
}

func parseUnitType(m *Map, s string) (UnitType, PieceKind, error) {
	switch s {
	case "":
		return NoUnitType, 0, nil
	case "A":
		return Army, 0, nil
	case "F":
		return Fleet, 0, nil
	}
	if p, ok := m.PieceByCode(s); ok && p.Code == s {
		return p.Moves, p.Kind, nil
	}
	return NoUnitType, 0, fmt.Errorf("engine: unknown unit type %q", s)
}
