package character

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
	"dipdesk/variants/kit"
)

// The effects blocks of a Character case (docs/case-format.md):
// PRESTATE_EFFECTS puts effects on the board before the case,
// POSTSTATE_EFFECTS lists every effect on the board after a step. One
// effect a line; i is a movement turn's moveIndex (Spring 1901 is 0, Fall
// 1901 is 1, Spring 1902 is 2, ...):
//
//	mine nth france            a French mine in the North Sea (#12)
//	closed mun 5 annihilated   Munich closed through turn 5; words the reason contains
//	suspended mun 6            the centre Munich suspended through turn 6 (#9, #10)
//	disorder germany 1F 5      German 1F in civil disorder through turn 5 (#10)
//	used france 1F 4           French 1F last used its limited power in turn 4 (#10, #11)
//	free france 1A             French 1A is a free unit (#19)
//
// From 1902 the units holding #19 are free units without a "free" line,
// as the game records them after every phase; POSTSTATE_EFFECTS lists them.
//
// After the key, "closed", "suspended" and "disorder" lines may give words
// the effect's reason must contain (POSTSTATE_EFFECTS) or its reason
// (PRESTATE_EFFECTS).

// effectLine is one effect: its key ("closed mun 5") and its reason.
type effectLine struct {
	key, why string
}

// effectKeyLen is the number of fields of each kind's key.
var effectKeyLen = map[string]int{"mine": 3, "closed": 3, "suspended": 3, "disorder": 4, "used": 4, "free": 3}

// parseEffect reads one effect line into its parts, its key normalised
// (provinces by abbreviation, powers by name in lower case, units as 1A).
func parseEffect(su *casefile.Setup, file string, l casefile.Line) (kind string, key []string, why string, err error) {
	f := strings.Fields(l.Text)
	if len(f) == 0 {
		return "", nil, "", su.LineErr(file, l, "empty effect")
	}
	kind = strings.ToLower(f[0])
	n, ok := effectKeyLen[kind]
	if !ok || len(f) < n {
		return "", nil, "", su.LineErr(file, l, "want an effect: \"mine nth france\", \"closed mun 5 [why]\", \"suspended mun 6 [why]\", \"disorder germany 1F 5 [why]\", \"used france 1F 4\" or \"free france 1A\"")
	}
	if len(f) > n && (kind == "mine" || kind == "used" || kind == "free") {
		return "", nil, "", su.LineErr(file, l, "%s takes no reason: %q", kind, strings.Join(f[n:], " "))
	}
	why = strings.Join(f[n:], " ")
	key = []string{kind}
	prov := func(s string) error {
		id, ok := su.Map.Lookup(s)
		if !ok {
			return su.LineErr(file, l, "no province %q", s)
		}
		key = append(key, su.Map.Province(id).Abbr)
		return nil
	}
	power := func(s string) error {
		p, ok := su.Map.LookupPower(s)
		if !ok {
			return su.LineErr(file, l, "unknown power %q", s)
		}
		key = append(key, string(p))
		return nil
	}
	unit := func(s string) error {
		num, t, err := parseLabel(s)
		if err != nil || num < 1 {
			return su.LineErr(file, l, "want a unit number as 1A, got %q", s)
		}
		key = append(key, label(num, t))
		return nil
	}
	turn := func(s string) error {
		i, err := strconv.Atoi(s)
		if err != nil || i < 0 {
			return su.LineErr(file, l, "want a movement turn number (Spring 1901 is 0), got %q", s)
		}
		key = append(key, strconv.Itoa(i))
		return nil
	}
	var steps []error
	switch kind {
	case "mine":
		steps = []error{prov(f[1]), power(f[2])}
	case "closed", "suspended":
		steps = []error{prov(f[1]), turn(f[2])}
	case "disorder", "used":
		steps = []error{power(f[1]), unit(f[2]), turn(f[3])}
	case "free":
		steps = []error{power(f[1]), unit(f[2])}
	}
	for _, e := range steps {
		if e != nil {
			return "", nil, "", e
		}
	}
	return kind, key, why, nil
}

// caseEffects puts the PRESTATE_EFFECTS lines on the board.
func caseEffects(su *casefile.Setup, file string, lines []casefile.Line, s *engine.State, e *extra) error {
	for _, l := range lines {
		kind, key, why, err := parseEffect(su, file, l)
		if err != nil {
			return err
		}
		f := &e.Effects
		unitID := func() kit.UnitID {
			num, t, _ := parseLabel(key[2])
			return kit.UnitID{Power: engine.Power(key[1]), Type: t, Number: num}
		}
		atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
		switch kind {
		case "mine":
			m := mine{Prov: key[1], Power: engine.Power(key[2]), Laid: s.Phase}
			if slices.ContainsFunc(f.Mines, func(x mine) bool { return x.Prov == m.Prov && x.Power == m.Power }) {
				return su.LineErr(file, l, "a power lays one mine in a space (16.e)")
			}
			f.Mines = append(f.Mines, m)
		case "closed":
			f.Closures = append(f.Closures, closure{Prov: key[1], Until: atoi(key[2]), Why: why})
		case "suspended":
			id, _ := su.Map.Lookup(key[1])
			if !su.Map.Province(id).SC {
				return su.LineErr(file, l, "%s is no supply centre", key[1])
			}
			f.Suspended = append(f.Suspended, suspension{Prov: key[1], ID: id, Until: atoi(key[2]), Why: why})
		case "disorder", "used", "free":
			id := unitID()
			if !slices.ContainsFunc(kit.AllUnits(s), func(u engine.Unit) bool { return idOf(u) == id }) {
				return su.LineErr(file, l, "no unit %s of %s on the board", key[2], kit.PowerName(id.Power))
			}
			switch kind {
			case "disorder":
				f.Disorders = append(f.Disorders, disorder{Unit: id, Until: atoi(key[3]), Why: why})
			case "used":
				if f.LastUsed == nil {
					f.LastUsed = map[kit.UnitID]int{}
				}
				f.LastUsed[id] = atoi(key[3])
			case "free":
				if !slices.Contains(f.FreeUnits, id) {
					f.FreeUnits = append(f.FreeUnits, id)
				}
			}
		}
	}
	return nil
}

// effectLines lists the effects of f in POSTSTATE_EFFECTS' form.
func effectLines(f *effects) []effectLine {
	var out []effectLine
	unit := func(id kit.UnitID) string {
		return string(id.Power) + " " + label(id.Number, id.Type)
	}
	for _, m := range f.Mines {
		out = append(out, effectLine{key: fmt.Sprintf("mine %s %s", m.Prov, m.Power)})
	}
	for _, c := range f.Closures {
		out = append(out, effectLine{key: fmt.Sprintf("closed %s %d", c.Prov, c.Until), why: c.Why})
	}
	for _, c := range f.Suspended {
		out = append(out, effectLine{key: fmt.Sprintf("suspended %s %d", c.Prov, c.Until), why: c.Why})
	}
	for _, d := range f.Disorders {
		out = append(out, effectLine{key: fmt.Sprintf("disorder %s %d", unit(d.Unit), d.Until), why: d.Why})
	}
	for id, i := range f.LastUsed {
		out = append(out, effectLine{key: fmt.Sprintf("used %s %d", unit(id), i)})
	}
	for _, id := range f.FreeUnits {
		out = append(out, effectLine{key: "free " + unit(id)})
	}
	return out
}

// checkEffects compares POSTSTATE_EFFECTS with the effects on the board:
// every effect listed must be there (its reason containing the words
// given), and every effect there must be listed.
func checkEffects(su *casefile.Setup, file string, lines []casefile.Line, f *effects) ([]string, error) {
	got := effectLines(f)
	used := make([]bool, len(got))
	var diffs []string
	for _, l := range lines {
		_, key, why, err := parseEffect(su, file, l)
		if err != nil {
			return nil, err
		}
		k := strings.Join(key, " ")
		// The first effect of the key whose reason contains the words;
		// failing that, the first of the key, reported for its reason.
		match, keyOnly := -1, -1
		for i, g := range got {
			if used[i] || g.key != k {
				continue
			}
			if strings.Contains(strings.ToLower(g.why), strings.ToLower(why)) {
				match = i
				break
			}
			if keyOnly < 0 {
				keyOnly = i
			}
		}
		switch {
		case match >= 0:
			used[match] = true
		case keyOnly >= 0:
			used[keyOnly] = true
			diffs = append(diffs, fmt.Sprintf("effect %s: reason %q does not contain %q", k, got[keyOnly].why, why))
		default:
			diffs = append(diffs, fmt.Sprintf("expected effect %s, missing", k))
		}
	}
	var extra []string
	for i, g := range got {
		if !used[i] {
			extra = append(extra, "unexpected effect "+g.key)
		}
	}
	slices.Sort(extra)
	return append(diffs, extra...), nil
}
