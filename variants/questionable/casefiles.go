package questionable

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"dipdesk/engine"
	"dipdesk/engine/casefile"
	"dipdesk/variants/kit"
)

// CaseExtension is Questionable Character Diplomacy's part of the
// case-file runner (docs/case-format.md, "Questionable Character
// Diplomacy"):
//
//   - OPTION lines are the game's options ("OPTION character_step
//     together").
//   - PRESTATE_CHARACTERS changes the characters every great power starts
//     with: "England: Briber caught 1, free from Spring 1905", "Germany:
//     Hooker dead", "France: Embezzler jailed", "Austria: Killer from
//     germany" (Germany's Killer has joined Austria).
//   - POSTSTATE_CHARACTERS lists, in the same form, every character whose
//     record is not a fresh one's after the step: a character the block
//     leaves out must be fresh, so no change goes unchecked.
//   - POSTSTATE_REPORT: "Seat: words" a seat's report must contain, or
//     "Seat: !words" must not (option character_reports).
//   - A step's dice are given in the DICE block, in the order they are
//     rolled.
var CaseExtension = &casefile.Extension{
	Blocks:  []string{"PRESTATE_CHARACTERS", "POSTSTATE_CHARACTERS", "POSTSTATE_REPORT"},
	Prepare: casePrepare,
	Check:   caseCheck,
}

func casePrepare(su *casefile.Setup, file string, c *casefile.Case, s *engine.State, rng *engine.Rand) error {
	phase := s.Phase
	if err := setup(s, kit.CaseOptions(c), rng); err != nil {
		return &casefile.SyntaxError{File: file, Line: c.Line, Msg: err.Error()}
	}
	s.Phase = phase // the case says where it begins
	e := extraOf(s)
	for _, l := range c.VariantPre["PRESTATE_CHARACTERS"] {
		if err := applyCharacterLine(s, e, l.Text); err != nil {
			return su.LineErr(file, l, "%v", err)
		}
	}
	return nil
}

func caseCheck(su *casefile.Setup, file string, st casefile.Step, out *engine.Outcome) ([]string, error) {
	var diffs []string
	if lines, ok := st.Variant["POSTSTATE_CHARACTERS"]; ok {
		want := map[string]bool{}
		for _, l := range lines {
			probe := out.Next.Clone()
			pe := extraOf(probe)
			pe.Characters = startingCharacters(probe.Map)
			if err := applyCharacterLine(probe, pe, l.Text); err != nil {
				return nil, su.LineErr(file, l, "%v", err)
			}
			for _, line := range characterLines(probe.Map, pe) {
				want[line] = true
			}
		}
		got := map[string]bool{}
		for _, line := range characterLines(out.Next.Map, extraOf(out.Next)) {
			got[line] = true
		}
		for line := range want {
			if !got[line] {
				diffs = append(diffs, "missing character: "+line)
			}
		}
		for line := range got {
			if !want[line] {
				diffs = append(diffs, "unexpected character: "+line)
			}
		}
		slices.Sort(diffs)
	}
	if lines, ok := st.Variant["POSTSTATE_REPORT"]; ok {
		d, err := kit.CheckReport(su, file, lines, out.Next, out, Variant.Rules)
		if err != nil {
			return nil, err
		}
		diffs = append(diffs, d...)
	}
	return diffs, nil
}

// applyCharacterLine reads "Power: Kind part, part": the power's (first)
// character of the kind takes the record the parts give; "from P" brings
// P's character of that kind over (a defected Killer).
func applyCharacterLine(s *engine.State, e *extra, text string) error {
	who, rest, ok := strings.Cut(text, ":")
	if !ok {
		return fmt.Errorf("want \"Power: Character record\", as \"England: Briber caught 1, free from Spring 1905\"")
	}
	p, ok := s.Map.LookupPower(strings.TrimSpace(who))
	if !ok {
		return fmt.Errorf("no power %q", strings.TrimSpace(who))
	}
	words := strings.Fields(strings.ReplaceAll(rest, ",", " , "))
	if len(words) == 0 {
		return fmt.Errorf("the line names no character")
	}
	k, ok := kindByName(words[0])
	if !ok {
		return fmt.Errorf("no character %q (want Briber, Embezzler, Dealer, Gambler, Hooker, Thug or Killer)", words[0])
	}
	rec := character{Kind: k, Owner: p}
	for i := 1; i < len(words); i++ {
		switch strings.ToLower(words[i]) {
		case ",", "ready":
		case "caught":
			if i+1 >= len(words) {
				return fmt.Errorf("caught needs a count")
			}
			n, err := strconv.Atoi(words[i+1])
			if err != nil || n < 0 {
				return fmt.Errorf("caught %q: want a count", words[i+1])
			}
			rec.Caught, i = n, i+1
		case "free":
			if i+3 >= len(words) || strings.ToLower(words[i+1]) != "from" {
				return fmt.Errorf("want \"free from Spring 1905\"")
			}
			ph, err := engine.ParsePhase(words[i+2] + " " + words[i+3])
			if err != nil {
				return err
			}
			rec.FreeFrom, i = kit.MoveIndex(ph), i+3
		case "jailed":
			rec.Jailed = true
		case "dead":
			rec.Dead = true
		case "from":
			if i+1 >= len(words) {
				return fmt.Errorf("from needs the power it came from")
			}
			fp, ok := s.Map.LookupPower(words[i+1])
			if !ok {
				return fmt.Errorf("no power %q", words[i+1])
			}
			rec.From, i = fp, i+1
		default:
			return fmt.Errorf("unknown word %q (want caught N, free from Season Year, jailed, dead, from Power)", words[i])
		}
	}
	owner := p
	if rec.From != "" {
		owner = rec.From
	}
	cs := charactersOf(e.Characters, owner, k)
	if rec.From != "" {
		cs = slices.DeleteFunc(cs, func(c *character) bool { return c.From != "" })
	}
	if len(cs) == 0 {
		return fmt.Errorf("%s has no %s", s.Map.PowerName(owner), k)
	}
	c := cs[0]
	id := c.ID
	*c = rec
	c.ID = id
	return nil
}

// characterLines lists the characters whose record is not a fresh
// one's, in the form of PRESTATE_CHARACTERS, by power and kind.
func characterLines(m *engine.Map, e *extra) []string {
	var out []string
	for _, c := range e.Characters {
		var parts []string
		if c.Caught > 0 {
			parts = append(parts, fmt.Sprintf("caught %d", c.Caught))
		}
		if c.FreeFrom > 0 {
			parts = append(parts, "free from "+turnName(c.FreeFrom))
		}
		if c.Jailed {
			parts = append(parts, "jailed")
		}
		if c.Dead {
			parts = append(parts, "dead")
		}
		if c.From != "" {
			parts = append(parts, "from "+string(c.From))
		}
		if len(parts) > 0 {
			out = append(out, fmt.Sprintf("%s: %s %s", c.Owner, c.Kind, strings.Join(parts, ", ")))
		}
	}
	slices.Sort(out)
	return out
}

// kindByName finds a character by its name, in any case.
func kindByName(w string) (kind, bool) {
	for k, ki := range kinds {
		if strings.EqualFold(ki.name, w) {
			return k, true
		}
	}
	return 0, false
}
