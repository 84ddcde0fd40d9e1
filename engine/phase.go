package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Season is the part of a game year a phase belongs to.
type Season uint8

// The seasons. The standard game has Spring, Fall and Winter; variants
// add Summer (Rather Silly's Mastermind builds, rule 14) and call their
// Fall "Autumn" (Rather Silly rules 4, 17).
const (
	Spring Season = iota + 1
	Summer
	Fall
	Autumn
	Winter
)

var seasonNames = [...]string{"", "Spring", "Summer", "Fall", "Autumn", "Winter"}

// seasonCodes are the seasons in phase keys: one letter for the standard
// seasons, two for the others, so that every key reads back to its
// season ("S1901M" is Spring, "SU1901A" Summer).
var seasonCodes = [...]string{"", "S", "SU", "F", "AU", "W"}

// String returns the season's name.
func (s Season) String() string {
	if int(s) < len(seasonNames) && s != 0 {
		return seasonNames[s]
	}
	return "Season(" + strconv.Itoa(int(s)) + ")"
}

// PhaseType is what is ordered in a phase.
type PhaseType uint8

// The phase types: the three of the standard game, and Custom, a step of
// a variant's own that its Rules.Phase hook adjudicates (Rather Silly's
// Borg and llama steps, Warped's planning and battle stages), named by
// Phase.Step.
const (
	Movement PhaseType = iota + 1
	Retreat
	Adjustment
	Custom
)

var phaseTypeNames = [...]string{"", "Movement", "Retreat", "Adjustment", "Custom"}

// String returns the phase type's name.
func (t PhaseType) String() string {
	if int(t) < len(phaseTypeNames) && t != 0 {
		return phaseTypeNames[t]
	}
	return "PhaseType(" + strconv.Itoa(int(t)) + ")"
}

// Phase is one step of a game. A game is a sequence of them: the standard
// game's are Spring 1901 Movement (key S1901M), its retreats (S1901R), the
// Fall's, the Winter adjustments (W1901A); a variant adds steps of its own
// (Type Custom, named by Step), Summer and Autumn seasons, and in
// turn-by-turn play the power whose turn it is (Actor).
type Phase struct {
	Year   int
	Season Season
	Type   PhaseType
	// Step names a variant's own step ("borg", "llamas", "characters",
	// "planning"): required for a Custom phase, allowed on the standard
	// types to tell apart two steps of one type in a season. Lower-case
	// letters, digits and '_'.
	Step string
	// Actor is the power whose turn the step belongs to in turn-by-turn
	// play (Warped: "Germany goes first, followed around the table"); ""
	// when every seat acts at once.
	Actor Power
}

// Key returns the phase's key, unique within a game and read back by
// ParsePhase: "S1901M", "F1901R", "W1901A" for the standard steps; the
// season's code (S, SU, F, AU, W), the year, the type's letter (M, R, A;
// none for a Custom step), then ".step" and "@actor" when set:
// "AU1901.borg", "SU1902A", "S1901.planning@germany".
func (p Phase) Key() string {
	var b strings.Builder
	if p.Season >= Spring && int(p.Season) < len(seasonCodes) {
		b.WriteString(seasonCodes[p.Season])
	} else {
		b.WriteByte('?')
	}
	b.WriteString(strconv.Itoa(p.Year))
	switch p.Type {
	case Movement:
		b.WriteByte('M')
	case Retreat:
		b.WriteByte('R')
	case Adjustment:
		b.WriteByte('A')
	case Custom:
	default:
		b.WriteByte('?')
	}
	if p.Step != "" {
		b.WriteByte('.')
		b.WriteString(p.Step)
	}
	if p.Actor != "" {
		b.WriteByte('@')
		b.WriteString(string(p.Actor))
	}
	return b.String()
}

// String returns the phase in words: "Spring 1901 Movement", "Autumn 1901
// Borg", "Spring 1901 Planning (germany)".
func (p Phase) String() string {
	var what string
	switch {
	case p.Type == Custom || (p.Step != "" && p.Type == 0):
		what = stepWords(p.Step)
	case p.Step != "":
		what = p.Type.String() + " (" + stepWords(p.Step) + ")"
	default:
		what = p.Type.String()
	}
	s := fmt.Sprintf("%s %d %s", p.Season, p.Year, what)
	if p.Actor != "" {
		s += " (" + string(p.Actor) + ")"
	}
	return s
}

// StepName is a step's display name as a person reads it: String with
// the acting power named as the map names it ("Summer 1901 Muster
// (Germany)", not "(germany)"). Every front end names a step by it.
func (m *Map) StepName(p Phase) string {
	if p.Actor == "" {
		return p.String()
	}
	actor := p.Actor
	p.Actor = ""
	return p.String() + " (" + m.PowerName(actor) + ")"
}

// stepWords turns a step's name into words: "sea_monsters" -> "Sea monsters".
func stepWords(step string) string {
	if step == "" {
		return "Custom"
	}
	w := strings.ReplaceAll(step, "_", " ")
	return strings.ToUpper(w[:1]) + w[1:]
}

// Valid reports whether p names a step: a season, a year, a type, a Step
// name on a Custom step, and well-formed names.
func (p Phase) Valid() bool {
	if p.Season < Spring || p.Season > Winter || p.Type < Movement || p.Type > Custom || p.Year < 0 {
		return false
	}
	if p.Type == Custom && p.Step == "" {
		return false
	}
	return validName(p.Step) && validName(string(p.Actor))
}

// validName reports whether s is empty or made of lower-case letters,
// digits and '_' (a step's or an actor's name in a key).
func validName(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

// ParsePhase reads a phase key ("S1901M", "W1901A", "AU1901.borg",
// "S1901.planning@germany"; any case) or the standard phases in words
// ("Spring 1901, Movement", "Fall 1901 retreats", "Winter 1901 builds",
// "Summer 1902 adjustments"). "Fall ... Adjustment" is read as the Winter
// adjustment (jDip writes it so).
func ParsePhase(s string) (Phase, error) {
	orig := s
	s = strings.TrimSpace(strings.ToLower(s))
	if !strings.ContainsAny(s, " ,\t") {
		if p, ok := parseKey(s); ok {
			return p, nil
		}
		if len(s) >= 4 && s[0] >= 'a' && s[0] <= 'z' && strings.ContainsAny(s, "0123456789") {
			return Phase{}, fmt.Errorf("engine: phase %q: want a key such as S1901M, F1901R, W1901A, AU1901.borg or S1901.planning@germany", orig)
		}
	}
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	if len(f) < 2 {
		return Phase{}, fmt.Errorf("engine: phase %q: want e.g. S1901M or \"Spring 1901, Movement\"", orig)
	}
	var p Phase
	switch f[0] {
	case "spring", "s":
		p.Season = Spring
	case "summer", "su":
		p.Season = Summer
	case "fall", "f":
		p.Season = Fall
	case "autumn", "au":
		p.Season = Autumn
	case "winter", "w":
		p.Season = Winter
	default:
		return Phase{}, fmt.Errorf("engine: phase %q: unknown season %q", orig, f[0])
	}
	y, err := strconv.Atoi(f[1])
	if err != nil || y < 0 {
		return Phase{}, fmt.Errorf("engine: phase %q: bad year %q", orig, f[1])
	}
	p.Year = y
	p.Type = Movement
	if p.Season == Winter {
		p.Type = Adjustment
	}
	if len(f) >= 3 {
		switch strings.TrimSuffix(f[2], "s") {
		case "movement", "move", "m", "diplomacy":
			p.Type = Movement
		case "retreat", "r":
			p.Type = Retreat
		case "adjustment", "build", "a", "b":
			p.Type = Adjustment
		default:
			return Phase{}, fmt.Errorf("engine: phase %q: unknown phase type %q", orig, f[2])
		}
	}
	if p.Type == Adjustment && p.Season == Fall {
		p.Season = Winter
	}
	return p, nil
}

// parseKey reads a key as Key writes it (lower case).
func parseKey(s string) (Phase, bool) {
	var p Phase
	if at := strings.IndexByte(s, '@'); at >= 0 {
		p.Actor = Power(s[at+1:])
		if p.Actor == "" || !validName(s[at+1:]) {
			return p, false
		}
		s = s[:at]
	}
	if dot := strings.IndexByte(s, '.'); dot >= 0 {
		p.Step = s[dot+1:]
		if p.Step == "" || !validName(p.Step) {
			return p, false
		}
		s = s[:dot]
	}
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i || j-i > 6 {
		return p, false
	}
	switch s[:i] {
	case "s":
		p.Season = Spring
	case "su":
		p.Season = Summer
	case "f":
		p.Season = Fall
	case "au":
		p.Season = Autumn
	case "w":
		p.Season = Winter
	default:
		return p, false
	}
	p.Year, _ = strconv.Atoi(s[i:j])
	switch s[j:] {
	case "m":
		p.Type = Movement
	case "r":
		p.Type = Retreat
	case "a", "b":
		p.Type = Adjustment
	case "":
		if p.Step == "" {
			return p, false
		}
		p.Type = Custom
	default:
		return p, false
	}
	return p, true
}
