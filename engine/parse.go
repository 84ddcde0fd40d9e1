package engine

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxLineChars is the longest line (comments excluded) the parser reads;
// longer lines are reported as errors without being parsed.
const maxLineChars = 1000

// maxUnitNumberDigits bounds a unit number ("1A par").
const maxUnitNumberDigits = 6

// ParseError is a bad order: what and where.
type ParseError struct {
	Line    int    // 1-based line in the text given to ParseOrders (0 when unknown)
	Text    string // the order text (one order, trimmed)
	Token   string // the offending word(s), if any
	Msg     string // e.g. `no province "Bugundy"`
	Suggest string // e.g. "Burgundy" (full province name), or ""
}

// Error returns the error as a person reads it:
// `line 3: no province "Bugundy" (did you mean Burgundy?)`. When no single
// word is at fault the order itself is quoted:
// `line 2: "A par -": move needs a destination`.
func (e *ParseError) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		b.WriteString("line ")
		b.WriteString(strconv.Itoa(e.Line))
		b.WriteString(": ")
	}
	if e.Token == "" && e.Text != "" {
		b.WriteString(strconv.Quote(e.Text))
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	if e.Suggest != "" {
		b.WriteString(" (did you mean ")
		b.WriteString(e.Suggest)
		b.WriteString("?)")
	}
	return b.String()
}

// SpecialSyntax declares a variant's special order keyword, so that e.g.
// "1A par annihilate bur" parses. A special whose verb is "via" is a move
// through the spaces it names (a double move: "1A par via bur - mun"); the
// parser also reads a path that no convoy could take, "1A par - bur -
// mun", as that order, and refuses such a path in a game without one.
//
// A special with Seat set is an order of a seat that names no unit of its
// own (Questionable's characters, Rather Silly's Jester, vote and
// prediction, a card played from a hand): a line that begins with its
// verb ("bribe A war - gal", "vote lon - par") parses as that order with
// no unit (Order.At invalid) and the rest of the line as its Args.
type SpecialSyntax struct {
	Verb string // lower case, may be several words: "annihilate", "lay mine", "picks up own mine"
	Name string // stored in Order.Special
	Seat bool   // an order of the seat, written without a unit before the verb
}

// Parser reads orders in the notation players write: "A par - bur",
// "F nth C A lon - bel", "build F St Petersburg(nc)", "France: A par H".
// A Parser holds no state between calls and may be shared.
type Parser struct {
	Map      *Map
	Specials []SpecialSyntax
}

// ParseOrders parses text with a Parser{Map: m}; see Parser.ParseOrders.
func ParseOrders(m *Map, power Power, text string) ([]Order, []error) {
	p := Parser{Map: m}
	return p.ParseOrders(power, text)
}

// ParseOrders parses many orders: one or more per line, separated by ';'
// or ','. Blank lines and '#' comments are skipped. An order may start
// with a power ("France: A par H"), which overrides power for the rest of
// that line; a line holding only a power ("France:") sets the power of the
// lines that follow. It returns the good orders and one *ParseError, with
// its line number, for each bad one.
func (p *Parser) ParseOrders(power Power, text string) ([]Order, []error) {
	orders, perrs, _ := p.parse(power, text, true)
	var errs []error
	for _, e := range perrs {
		errs = append(errs, e)
	}
	return orders, errs
}

// ParseOrder parses exactly one order. The error, if any, is a
// *ParseError with Line 0.
func (p *Parser) ParseOrder(power Power, text string) (Order, error) {
	orders, perrs, sawPower := p.parse(power, text, false)
	trimmed := strings.TrimSpace(text)
	switch {
	case len(perrs) > 0:
		return Order{}, perrs[0]
	case len(orders) == 1:
		return orders[0], nil
	case len(orders) > 1:
		return Order{}, &ParseError{Text: trimmed, Msg: fmt.Sprintf("expected one order, found %d", len(orders))}
	case sawPower:
		return Order{}, &ParseError{Text: trimmed, Msg: "no order after the power name"}
	}
	return Order{}, &ParseError{Msg: "empty order"}
}

// parse does the work of ParseOrders and ParseOrder. sawPower reports a
// power prefix without an order.
func (p *Parser) parse(power Power, text string, numberLines bool) (orders []Order, errs []*ParseError, sawPower bool) {
	if p.Map == nil {
		return nil, []*ParseError{{Text: strings.TrimSpace(text), Msg: "the parser has no map"}}, false
	}
	c := newParseContext(p)
	cur := power
	lineNo := 0
	rest := text
	for more := true; more; {
		var line string
		line, rest, more = strings.Cut(rest, "\n")
		lineNo++
		num := 0
		if numberLines {
			num = lineNo
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if len(line) > maxLineChars {
			if n := utf8.RuneCountInString(line); n > maxLineChars {
				errs = append(errs, &ParseError{
					Line: num,
					Text: clip(line, 60),
					Msg:  fmt.Sprintf("line too long (%d characters; the limit is %d)", n, maxLineChars),
				})
				continue
			}
		}
		pieces := splitPieces(line)
		linePower := cur
		for _, piece := range pieces {
			pw, has, body, err := c.prefix(piece)
			if err != nil {
				err.Line = num
				errs = append(errs, err)
				continue
			}
			if has {
				linePower = pw
				if strings.TrimSpace(body) == "" {
					sawPower = true
					if len(pieces) == 1 {
						cur = pw // a header line: "France:"
					}
					continue
				}
			}
			o, perr := c.parseBody(linePower, piece, body)
			if perr != nil {
				perr.Line = num
				errs = append(errs, perr)
				continue
			}
			orders = append(orders, o)
		}
	}
	return orders, errs, sawPower
}

// splitPieces splits a line at ';' and ',' and returns the non-empty,
// trimmed pieces.
func splitPieces(line string) []string {
	var out []string
	for {
		i := strings.IndexAny(line, ";,")
		piece := line
		if i >= 0 {
			piece = line[:i]
		}
		if s := strings.TrimSpace(piece); s != "" {
			out = append(out, s)
		}
		if i < 0 {
			return out
		}
		line = line[i+1:]
	}
}

// clip shortens s to at most n runes, marking the cut.
func clip(s string, n int) string {
	i := 0
	for k := range s {
		if i == n {
			return s[:k] + "..."
		}
		i++
	}
	return s
}

// ---------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------

type tokKind uint8

const (
	tWord   tokKind = iota
	tArrow          // "-", "->", "=>", ">", "–", "→"
	tLParen         // "("
	tRParen         // ")"
	tSlash          // "/"
)

type token struct {
	kind       tokKind
	raw        string // as typed
	w          string // lower case
	start, end int    // byte offsets in the tokenized text
	glued      bool   // nothing (no space, no '.') between it and the token before
	hyphen     bool   // a lone ASCII '-', which may also join a hyphenated name
}

func isArrowRune(r rune) bool {
	switch r {
	case '-', '>', '=', '\u2013', '\u2014', '\u2212', '\u2192':
		return true
	}
	return false
}

// tokenize splits s into words and punctuation. Spaces and '.' separate
// words ("St. Petersburg", "spa.nc", a trailing '.'); '(', ')' and '/'
// are tokens of their own; a run of dashes and arrow characters is one
// arrow token.
func tokenize(s string) []token {
	var toks []token
	glued := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == '.' || unicode.IsSpace(r) {
			glued = false
			i += size
			continue
		}
		t := token{start: i, glued: glued}
		switch {
		case r == '(' || r == ')' || r == '/':
			t.kind = tSlash
			if r == '(' {
				t.kind = tLParen
			} else if r == ')' {
				t.kind = tRParen
			}
			i += size
		case isArrowRune(r):
			t.kind = tArrow
			for i < len(s) {
				r2, sz := utf8.DecodeRuneInString(s[i:])
				if !isArrowRune(r2) {
					break
				}
				i += sz
			}
		default:
			t.kind = tWord
			for i < len(s) {
				r2, sz := utf8.DecodeRuneInString(s[i:])
				if r2 == '.' || r2 == '(' || r2 == ')' || r2 == '/' || isArrowRune(r2) || unicode.IsSpace(r2) {
					break
				}
				i += sz
			}
		}
		t.end = i
		t.raw = s[t.start:t.end]
		t.w = strings.ToLower(t.raw)
		t.hyphen = t.raw == "-"
		toks = append(toks, t)
		glued = true
	}
	return toks
}

// ---------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------

func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

var (
	holdWords    = wordSet("h", "hold", "holds", "stand", "stands")
	moveWords    = wordSet("m", "mv", "move", "moves", "to", "r", "retreat", "retreats")
	supportWords = wordSet("s", "sup", "supp", "support", "supports")
	convoyWords  = wordSet("c", "convoy", "convoys")
	disbandWords = wordSet("d", "disband", "disbands", "remove", "removes", "destroy", "destroys")
	buildWords   = wordSet("b", "build", "builds")
	waiveWords   = wordSet("waive", "waives")
	viaWords     = wordSet("via", "by")
	// "Amp" is Davis #3's revealed amphibious unit ("2 Amp"): either type,
	// so the unit is found by its number and province (DATC 4.C.1).
	unitWords  = map[string]UnitType{"a": Army, "army": Army, "f": Fleet, "fleet": Fleet, "amp": NoUnitType}
	coastAbbrs = map[string]Coast{"nc": NorthCoast, "sc": SouthCoast, "ec": EastCoast, "wc": WestCoast}
	coastDirs  = wordSet("north", "south", "east", "west")
)

// orderVocabulary is what an unknown word after a unit is compared with.
var orderVocabulary = []string{
	"hold", "holds", "stand", "stands", "move", "moves", "retreat", "retreats",
	"support", "supports", "convoy", "convoys", "disband", "disbands",
	"remove", "destroy", "build", "builds", "waive", "via",
}

// startVocabulary is what an unknown first word is compared with.
var startVocabulary = []string{"army", "fleet", "build", "disband", "remove", "destroy", "waive"}

// ---------------------------------------------------------------------------
// Parse context: one per call
// ---------------------------------------------------------------------------

type specialVerb struct {
	verb []token
	name string
	seat bool
}

type nameEntry struct {
	name  []rune
	id    ProvinceID
	runes int
}

type parseContext struct {
	m        *Map
	specials []specialVerb
	maxRun   int         // the most tokens a province name spans
	names    []nameEntry // see nameList
	hyphens  []nameEntry // see hyphenList
}

func newParseContext(p *Parser) *parseContext {
	c := &parseContext{m: p.Map, maxRun: max(1, p.Map.nameRun)}
	if c.maxRun > 12 {
		c.maxRun = 12
	}
	for _, s := range p.Specials {
		v := tokenize(s.Verb)
		if len(v) == 0 {
			continue
		}
		c.specials = append(c.specials, specialVerb{verb: v, name: s.Name, seat: s.Seat})
	}
	sort.SliceStable(c.specials, func(i, j int) bool { return len(c.specials[i].verb) > len(c.specials[j].verb) })
	return c
}

// nameTokens counts the tokens tokenize would make of a province name:
// words, and the hyphens between them.
func nameTokens(name string) int {
	n, inWord := 0, false
	for _, r := range name {
		switch {
		case r == '-':
			n++
			inWord = false
		case r == ' ' || r == '.':
			inWord = false
		case !inWord:
			n++
			inWord = true
		}
	}
	return n
}

// nameList returns the map's names for suggestions, built on first use.
func (c *parseContext) nameList() []nameEntry {
	if c.names == nil {
		// The order does not matter: suggestProvince gives up on ties.
		c.names = make([]nameEntry, 0, len(c.m.names))
		for n, id := range c.m.names {
			r := []rune(n)
			c.names = append(c.names, nameEntry{name: r, id: id, runes: len(r)})
		}
	}
	return c.names
}

// hyphenList returns the map's names that hold a hyphen ("mid-atlantic
// ocean"), built on first use: the only names a glued hyphen may belong to.
func (c *parseContext) hyphenList() []nameEntry {
	if c.hyphens == nil {
		c.hyphens = []nameEntry{}
		for _, e := range c.nameList() {
			if slices.Contains(e.name, '-') {
				c.hyphens = append(c.hyphens, e)
			}
		}
	}
	return c.hyphens
}

// prefix splits off a leading "France:" and returns the power it names.
func (c *parseContext) prefix(piece string) (Power, bool, string, *ParseError) {
	i := strings.IndexByte(piece, ':')
	if i < 0 {
		return "", false, piece, nil
	}
	name := strings.TrimSpace(piece[:i])
	if name == "" {
		return "", false, "", &ParseError{Text: piece, Token: ":", Msg: `missing power name before ":"`}
	}
	pw, ok := c.m.LookupPower(name)
	if !ok {
		return "", false, "", &ParseError{Text: piece, Token: name, Msg: fmt.Sprintf("unknown power %q", name), Suggest: c.suggestPower(name)}
	}
	return pw, true, piece[i+1:], nil
}

// isPowerWord reports whether w names a power by id, name or adjective
// (not by initial, which would clash with "A" and "F").
func (c *parseContext) isPowerWord(w string) (Power, bool) {
	for _, p := range c.m.Powers {
		if w == strings.ToLower(string(p.ID)) || w == strings.ToLower(p.Name) || w == strings.ToLower(p.Adjective) {
			return p.ID, true
		}
	}
	return "", false
}

// ---------------------------------------------------------------------------
// Suggestions
// ---------------------------------------------------------------------------

// suggestLimit is the largest edit distance worth suggesting for a word
// of n characters.
func suggestLimit(n int) int {
	switch {
	case n <= 2:
		return 0
	case n <= 4:
		return 1
	case n <= 8:
		return 2
	}
	return 3
}

// maxSuggestRunes bounds the words compared for suggestions.
const maxSuggestRunes = 40

// editDistance is the optimal-string-alignment (restricted Damerau)
// distance between a and b: insertions, deletions, substitutions and
// swaps of neighbours each cost one.
func editDistance(a, b []rune) int {
	la, lb := len(a), len(b)
	var buf [3 * (maxSuggestRunes + 8)]int
	var rows []int
	if 3*(lb+1) <= len(buf) {
		rows = buf[:3*(lb+1)]
	} else {
		rows = make([]int, 3*(lb+1))
	}
	prev2, prev, cur := rows[:lb+1], rows[lb+1:2*(lb+1)], rows[2*(lb+1):]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= la; i++ {
		cur[0] = i
		for j := 1; j <= lb; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[lb]
}

// suggestProvince returns the province whose name, alias or abbreviation
// is uniquely closest to typed, and the distance; ok is false when none
// is close enough or several provinces tie.
func (c *parseContext) suggestProvince(typed string) (id ProvinceID, dist int, name string, ok bool) {
	return suggestAmong(typed, c.nameList())
}

// suggestAmong is suggestProvince over the names of list.
func suggestAmong(typed string, list []nameEntry) (id ProvinceID, dist int, name string, ok bool) {
	r := []rune(normName(typed))
	if len(r) > maxSuggestRunes {
		return NoProvince, 0, "", false
	}
	limit := suggestLimit(len(r))
	if limit == 0 {
		return NoProvince, 0, "", false
	}
	best, bestID, bestName, tie := limit+1, NoProvince, []rune(nil), false
	for _, e := range list {
		if d := e.runes - len(r); d > limit || -d > limit {
			continue
		}
		d := editDistance(r, e.name)
		switch {
		case d < best:
			best, bestID, bestName, tie = d, e.id, e.name, false
		case d == best && e.id != bestID:
			tie = true
		}
	}
	if bestID == NoProvince || tie {
		return NoProvince, 0, "", false
	}
	return bestID, best, string(bestName), true
}

// suggestWord returns the word of words uniquely closest to typed, or "".
func suggestWord(typed string, words []string) string {
	w, _ := suggestWordDist(typed, words)
	return w
}

// suggestWordDist is suggestWord that also returns the distance.
func suggestWordDist(typed string, words []string) (string, int) {
	r := []rune(strings.ToLower(typed))
	if len(r) > maxSuggestRunes {
		return "", 0
	}
	limit := suggestLimit(len(r))
	if limit == 0 {
		return "", 0
	}
	best, bestW, tie := limit+1, "", false
	for _, w := range words {
		d := editDistance(r, []rune(w))
		switch {
		case d < best:
			best, bestW, tie = d, w, false
		case d == best && w != bestW:
			tie = true
		}
	}
	if tie || bestW == "" {
		return "", 0
	}
	return bestW, best
}

// suggestPower returns the name of the power closest to typed (by id,
// name or adjective), or "".
func (c *parseContext) suggestPower(typed string) string {
	r := []rune(strings.ToLower(typed))
	limit := suggestLimit(len(r))
	if len(r) > maxSuggestRunes || limit == 0 {
		return ""
	}
	best, bestName, tie := limit+1, "", false
	for _, p := range c.m.Powers {
		for _, w := range []string{string(p.ID), p.Name, p.Adjective} {
			d := editDistance(r, []rune(strings.ToLower(w)))
			switch {
			case d < best:
				best, bestName, tie = d, p.Name, false
			case d == best && p.Name != bestName:
				tie = true
			}
		}
	}
	if tie {
		return ""
	}
	return bestName
}

// SuggestPower returns the name of the power of the parser's map closest
// to typed (by id, name or adjective), or "" when none is close or several
// are: the "did you mean" of an unknown power.
func (p *Parser) SuggestPower(typed string) string {
	if p.Map == nil {
		return ""
	}
	c := &parseContext{m: p.Map}
	return c.suggestPower(typed)
}

// ---------------------------------------------------------------------------
// One order
// ---------------------------------------------------------------------------

type orderState struct {
	*parseContext
	text string // the whole order, for errors and Order.Text
	body string // the order without its power prefix; toks index it
	toks []token
}

func (s *orderState) errf(token, suggest, format string, args ...any) *ParseError {
	return &ParseError{Text: s.text, Token: token, Msg: fmt.Sprintf(format, args...), Suggest: suggest}
}

// span returns the text of tokens i..j-1 as typed.
func (s *orderState) span(i, j int) string {
	return s.body[s.toks[i].start:s.toks[j-1].end]
}

func (s *orderState) word(i int) (string, bool) {
	if i < len(s.toks) && s.toks[i].kind == tWord {
		return s.toks[i].w, true
	}
	return "", false
}

func (s *orderState) isWordIn(i int, set map[string]bool) bool {
	w, ok := s.word(i)
	return ok && set[w]
}

func (c *parseContext) parseBody(power Power, text, body string) (Order, *ParseError) {
	s := &orderState{parseContext: c, text: text, body: body, toks: tokenize(body)}
	o := Order{Power: power, Text: text, At: Nowhere, To: Nowhere, AuxAt: Nowhere, AuxTo: Nowhere}
	if len(s.toks) == 0 {
		return Order{}, s.errf("", "", "no order")
	}
	if err := s.parseOrder(&o); err != nil {
		return Order{}, err
	}
	return o, nil
}

func (s *orderState) parseOrder(o *Order) *ParseError {
	n := len(s.toks)
	switch {
	case s.pieceCodeAt(0):
		// A kind of piece the map declares wins over an order word's
		// abbreviation it spells: Rather Silly's birds "B lon - wal", not
		// "build lon".
	case s.isWordIn(0, waiveWords):
		o.Kind = Waive
		i := 1
		if s.isWordIn(i, buildWords) {
			i++
		}
		return s.end(i)
	case s.isWordIn(0, buildWords):
		if s.isWordIn(1, waiveWords) {
			o.Kind = Waive
			return s.end(2)
		}
		o.Kind = Build
		num, typ, kind, at, i, err := s.unit(1, "build needs a province")
		if err != nil {
			return err
		}
		o.Number, o.Unit, o.Piece, o.At = num, typ, kind, at
		return s.end(i)
	case s.isWordIn(0, disbandWords):
		o.Kind = Disband
		num, typ, kind, at, i, err := s.unit(1, "disband needs a unit")
		if err != nil {
			return err
		}
		o.Number, o.Unit, o.Piece, o.At = num, typ, kind, at
		return s.end(i)
	}
	if k, name, ok := s.matchSeatSpecial(); ok {
		o.Kind, o.Special, o.Args = Special, name, s.args(k)
		return nil
	}
	if err := s.checkStart(); err != nil {
		return err
	}
	num, typ, kind, at, i, err := s.unit(0, "the order needs the unit's province")
	if err != nil {
		return err
	}
	o.Number, o.Unit, o.Piece, o.At = num, typ, kind, at
	if i == n {
		o.Kind = Hold
		return nil
	}
	if k, name, ok := s.matchSpecial(i); ok {
		o.Kind = Special
		o.Special = name
		o.Args = s.args(k)
		return nil
	}
	switch {
	case s.isWordIn(i, holdWords):
		o.Kind = Hold
		return s.end(i + 1)
	case s.isMoveIntro(i):
		return s.move(o, i)
	case s.isWordIn(i, supportWords):
		return s.support(o, i+1)
	case s.isWordIn(i, convoyWords):
		return s.convoy(o, i+1)
	case s.isWordIn(i, disbandWords):
		o.Kind = Disband
		return s.end(i + 1)
	case s.isWordIn(i, buildWords):
		o.Kind = Build
		return s.end(i + 1)
	}
	return s.unknownWord(i)
}

// checkStart gives a better message than `no province` when the first
// word is neither a unit nor a province: an order word with no unit
// before it, or a misspelt order or unit word.
func (s *orderState) checkStart() *ParseError {
	w, ok := s.word(0)
	if !ok {
		if s.toks[0].kind == tArrow {
			return s.errf("", "", "the order needs a unit before %q", s.toks[0].raw)
		}
		return nil // parseLoc reports it
	}
	if _, _, isType := s.unitWord(w); isType {
		return nil
	}
	if _, _, _, isNum := s.unitNumber(w); isNum {
		return nil
	}
	if _, _, err := s.parseLoc(0); err == nil {
		return nil
	}
	raw := s.toks[0].raw
	if _, isPower := s.isPowerWord(w); isPower {
		return s.errf(raw, "", `%q is a power, not a unit; a power needs a colon ("%s: A par H")`, raw, raw)
	}
	if holdWords[w] || moveWords[w] || supportWords[w] || convoyWords[w] || viaWords[w] {
		return s.errf(raw, "", "the order needs a unit before %q", raw)
	}
	vocab := append(append([]string(nil), startVocabulary...), orderVocabulary...)
	sug, wd := suggestWordDist(w, vocab)
	if sug == "" {
		return nil // parseLoc reports it
	}
	if _, _, pd, ok := s.bestProvinceSuggestion(0); ok && pd <= wd {
		// As close to a province as to a word: take the word only when
		// a province follows ("Armyy par").
		if _, _, err := s.parseLoc(1); err != nil {
			return nil
		}
	}
	return s.errf(raw, sug, "unknown word %q", raw)
}

// unitWord reads a unit's type word: "a", "army", "f", "fleet", or the
// code of one of the map's kinds of piece ("fa", "b"), with its kind.
func (c *parseContext) unitWord(w string) (UnitType, PieceKind, bool) {
	if t, ok := unitWords[w]; ok {
		return t, 0, true
	}
	if p, ok := c.m.PieceByCode(w); ok {
		return p.Moves, p.Kind, true
	}
	return NoUnitType, 0, false
}

// unitNumber reads a unit number with an optional glued type: "1", "1a",
// "12f", "3army", "2fa".
func (c *parseContext) unitNumber(w string) (int, UnitType, PieceKind, bool) {
	d := 0
	for d < len(w) && w[d] >= '0' && w[d] <= '9' {
		d++
	}
	if d == 0 {
		return 0, NoUnitType, 0, false
	}
	typ, kind := NoUnitType, PieceKind(0)
	if rest := w[d:]; rest != "" {
		t, k, ok := c.unitWord(rest)
		if !ok {
			return 0, NoUnitType, 0, false
		}
		typ, kind = t, k
	}
	if d > maxUnitNumberDigits {
		return -1, typ, kind, true
	}
	n, err := strconv.Atoi(w[:d])
	if err != nil {
		return -1, typ, kind, true
	}
	return n, typ, kind, true
}

// unit reads [number] [type] province. missing is the message when the
// province is absent. In another unit's order (support, convoy) the
// number is kept in Order.AuxNumber, which the engine does not use.
func (s *orderState) unit(i int, missing string) (num int, typ UnitType, kind PieceKind, at Loc, next int, err *ParseError) {
	n := len(s.toks)
	if w, ok := s.word(i); ok {
		if v, t, k, isNum := s.unitNumber(w); isNum {
			if v <= 0 {
				return 0, NoUnitType, 0, Nowhere, i, s.errf(s.toks[i].raw, "", "bad unit number %q", s.toks[i].raw)
			}
			num, typ, kind = v, t, k
			i++
		}
	}
	if typ == NoUnitType {
		if w, ok := s.word(i); ok {
			if t, k, isType := s.unitWord(w); isType {
				typ, kind = t, k
				i++
			}
		}
	}
	if i >= n {
		return 0, NoUnitType, 0, Nowhere, i, s.errf("", "", "%s", missing)
	}
	at, next, err = s.parseLoc(i)
	if err != nil {
		return 0, NoUnitType, 0, Nowhere, i, err
	}
	return num, typ, kind, at, next, nil
}

type nameRun struct {
	s   string // lower case, words joined by spaces (hyphens kept)
	end int    // index after the run's last token
}

// runs returns the candidate names starting at token i, shortest first:
// runs of words, joined by a space, or by '-' where a hyphen is glued on
// both sides ("mid-atlantic").
func (s *orderState) runs(i int) []nameRun {
	var out []nameRun
	var b strings.Builder
	n := len(s.toks)
	for j := i; j < n && j-i < s.maxRun; j++ {
		t := s.toks[j]
		switch {
		case t.kind == tWord:
			if j > i && !(s.toks[j-1].hyphen && t.glued) {
				b.WriteByte(' ')
			}
			b.WriteString(t.w)
			out = append(out, nameRun{s: b.String(), end: j + 1})
		case t.hyphen && t.glued && j > i && j+1 < n && s.toks[j+1].kind == tWord && s.toks[j+1].glued:
			b.WriteByte('-')
		default:
			return out
		}
	}
	return out
}

// parseLoc reads a province (the longest run of words naming one) and an
// optional coast.
func (s *orderState) parseLoc(i int) (Loc, int, *ParseError) {
	if i >= len(s.toks) {
		return Nowhere, i, s.errf("", "", "missing a province")
	}
	t := s.toks[i]
	if t.kind != tWord {
		return Nowhere, i, s.errf(t.raw, "", "expected a province, found %q", t.raw)
	}
	cands := s.runs(i)
	for k := len(cands) - 1; k >= 0; k-- {
		id, ok := s.m.Lookup(cands[k].s)
		if !ok || int(id) < 0 || int(id) >= len(s.m.Provinces) {
			continue
		}
		// "mid-atlantc": the match "mid" stops at a glued hyphen, and the
		// longer run is a misspelt hyphenated name. Only a name that is
		// really unknown is compared, and only with the hyphenated names:
		// in "A par-bur" the hyphen is the move's (a province follows it),
		// and comparing "par-bur" with every name made the glued notation
		// of jDip's and godip's files ten times slower to read.
		if e := cands[k].end; k+1 < len(cands) && s.toks[e].hyphen && s.toks[e].glued && !s.startsProvince(e+1) {
			for _, longer := range cands[k+1:] {
				if sid, _, _, ok := suggestAmong(longer.s, s.hyphenList()); ok {
					tok := s.span(i, longer.end)
					return Nowhere, i, s.errf(tok, s.m.Provinces[sid].Name, "no province %q", tok)
				}
			}
		}
		c, next, err := s.parseCoast(id, cands[k].end)
		if err != nil {
			return Nowhere, i, err
		}
		return Loc{P: id, C: c}, next, nil
	}
	if id, end, _, ok := s.bestProvinceSuggestion(i); ok {
		tok := s.span(i, end)
		return Nowhere, i, s.errf(tok, s.m.Provinces[id].Name, "no province %q", tok)
	}
	return Nowhere, i, s.errf(t.raw, "", "no province %q", t.raw)
}

// startsProvince reports whether the words at token i begin a province's
// name.
func (s *orderState) startsProvince(i int) bool {
	if w, ok := s.word(i); ok {
		if _, ok := s.m.Lookup(w); ok {
			return true // the common case, an abbreviation: no run to build
		}
	}
	for _, r := range s.runs(i) {
		if _, ok := s.m.Lookup(r.s); ok {
			return true
		}
	}
	return false
}

// bestProvinceSuggestion tries the runs of words at i for a close
// province name and returns the best (relative to the length typed,
// longer runs winning ties).
func (s *orderState) bestProvinceSuggestion(i int) (id ProvinceID, end int, dist int, ok bool) {
	bestID, bestEnd, bestDist := NoProvince, 0, 0
	bestScore := 2.0
	for _, r := range s.runs(i) {
		id, d, _, ok := s.suggestProvince(r.s)
		if !ok {
			continue
		}
		score := float64(d) / float64(utf8.RuneCountInString(r.s))
		if score <= bestScore {
			bestID, bestEnd, bestDist, bestScore = id, r.end, d, score
		}
	}
	return bestID, bestEnd, bestDist, bestID != NoProvince
}

// parseCoast reads a coast after a province at token j: "/nc", "/north
// coast", "(nc)", "(north coast)", and, when it cannot be anything else,
// a bare "nc" or "north coast". A coast the province does not have is
// dropped (DATC 4.B.6); one it has, declared or added by a variant's
// fleet links ("sev/ec"), is kept even if it is the wrong one.
func (s *orderState) parseCoast(id ProvinceID, j int) (Coast, int, *ParseError) {
	n := len(s.toks)
	if j >= n {
		return NoCoast, j, nil
	}
	var c Coast
	var next int
	t := s.toks[j]
	switch t.kind {
	case tSlash:
		if _, ok := s.word(j + 1); !ok {
			return NoCoast, j, s.errf(t.raw, "", `missing coast after "/"`)
		}
		k := j + 2
		if w, ok := s.word(k); ok && w == "coast" {
			k++
		}
		raw := s.span(j+1, k)
		var ok bool
		if c, ok = ParseCoast(s.joinWords(j+1, k)); !ok {
			return NoCoast, j, s.errf(raw, "", "unknown coast %q", raw)
		}
		next = k
	case tLParen:
		k := j + 1
		for k < n && s.toks[k].kind == tWord && k-j <= 3 {
			k++
		}
		if s.isWordIn(j+1, viaWords) {
			return NoCoast, j, nil // "(via convoy)"
		}
		if k >= n || s.toks[k].kind != tRParen {
			return NoCoast, j, s.errf(s.span(j, min(k+1, n)), "", `missing ")" after %q`, s.span(j, min(k+1, n)))
		}
		if k == j+1 {
			return NoCoast, j, s.errf("()", "", `empty "()" after the province`)
		}
		raw := s.span(j+1, k)
		var ok bool
		if c, ok = ParseCoast(s.joinWords(j+1, k)); !ok {
			return NoCoast, j, s.errf(raw, "", "unknown coast %q", raw)
		}
		next = k + 1
	case tWord:
		if ab, ok := coastAbbrs[t.w]; ok {
			if _, isName := s.m.Lookup(t.w); isName {
				return NoCoast, j, nil
			}
			c, next = ab, j+1
		} else if w2, ok := s.word(j + 1); ok && coastDirs[t.w] && w2 == "coast" {
			c, _ = ParseCoast(t.w)
			next = j + 2
		} else {
			return NoCoast, j, nil
		}
	default:
		return NoCoast, j, nil
	}
	if !s.m.HasCoast(id, c) && !s.m.coastLinked(id, c) {
		c = NoCoast
	}
	return c, next, nil
}

// coastLinked reports whether a variant linked coast c of province p for
// fleets although the province declares no such coast (Davis rule 11:
// "sev/ec" and "arm/ec" on the Caspian), so that the coast is kept
// wherever it is written.
func (m *Map) coastLinked(p ProvinceID, c Coast) bool {
	n := node(Loc{P: p, C: c})
	return c != NoCoast && n < len(m.fleet) && len(m.fleet[n]) > 0
}

func (s *orderState) joinWords(i, j int) string {
	ws := make([]string, 0, j-i)
	for k := i; k < j; k++ {
		ws = append(ws, s.toks[k].w)
	}
	return strings.Join(ws, " ")
}

// isMoveIntro reports whether token i starts a destination: an arrow or
// a move word.
func (s *orderState) isMoveIntro(i int) bool {
	if i >= len(s.toks) {
		return false
	}
	return s.toks[i].kind == tArrow || s.isWordIn(i, moveWords)
}

// skipMoveIntro consumes an arrow or move word and an optional "to".
func (s *orderState) skipMoveIntro(i int) int {
	i++
	if w, ok := s.word(i); ok && w == "to" {
		i++
	}
	return i
}

func (s *orderState) move(o *Order, i int) *ParseError {
	o.Kind = Move
	verb := "move"
	if w, ok := s.word(i); ok && (w == "r" || strings.HasPrefix(w, "retreat")) {
		verb = "retreat"
	}
	n := len(s.toks)
	var stops []Loc
	for {
		i = s.skipMoveIntro(i)
		if i >= n {
			return s.errf("", "", "%s needs a destination", verb)
		}
		to, next, err := s.parseLoc(i)
		if err != nil {
			return err
		}
		stops, i = append(stops, to), next
		if w, _ := s.word(i); i < n && (s.toks[i].kind == tArrow || w == "to") {
			continue
		}
		break
	}
	o.To = stops[len(stops)-1]
	i, via, err := s.viaConvoy(i)
	if err != nil {
		return err
	}
	o.ViaConvoy = via
	if err := s.end(i); err != nil {
		return err
	}
	if len(stops) == 1 {
		return nil
	}
	return s.movePath(o, stops)
}

// movePath reads a move that names the spaces on its way, stops being
// every space after the unit's. A convoy's path, "A yor - nth - bel",
// names the seas the army crosses: it is the move to its end (DATC
// 4.A.6). Any other path (a fleet's, or one through land: "A par - bur -
// mun") can only be a double move: it is the variant's "via" order
// ("A par via bur - mun") when the variant has one, and an error naming
// the problem when it has none; never a convoy path.
func (s *orderState) movePath(o *Order, stops []Loc) *ParseError {
	why := s.notConvoyPath(o.Unit, stops[:len(stops)-1])
	if why == "" {
		return nil
	}
	if o.ViaConvoy {
		return s.errf("", "", "%s, so it cannot go via convoy", why)
	}
	name, ok := s.viaSpecial()
	if !ok {
		return s.errf("", "", "%s; a move through two spaces is a double move, which no order of this game makes", why)
	}
	o.Kind, o.Special, o.To = Special, name, Nowhere
	for k, l := range stops {
		if k > 0 {
			o.Args = append(o.Args, "-")
		}
		o.Args = append(o.Args, s.m.LocString(l))
	}
	return nil
}

// notConvoyPath says why the spaces mid, named between a unit of type t
// and its destination, are no convoy route, or "" when they may be one:
// every one a sea, and the unit not a fleet.
func (s *orderState) notConvoyPath(t UnitType, mid []Loc) string {
	if t == Fleet {
		return "a fleet is never convoyed, so the spaces it names on its way are no convoy route (DATC 4.A.6)"
	}
	for _, l := range mid {
		if s.m.Provinces[l.P].Kind != Sea {
			return fmt.Sprintf("%s is no sea, so the path is no convoy route (DATC 4.A.6)", s.m.Provinces[l.P].Name)
		}
	}
	return ""
}

// viaSpecial returns the name of the variant's "via" order: a move
// through the spaces it names ("1A par via bur - mun", a double move),
// which the path form "1A par - bur - mun" also writes.
func (s *orderState) viaSpecial() (string, bool) {
	for _, sp := range s.specials {
		if len(sp.verb) == 1 && sp.verb[0].kind == tWord && sp.verb[0].w == "via" {
			return sp.name, true
		}
	}
	return "", false
}

// viaConvoy reads an optional "via convoy", "by convoy", "via c" or the
// same in parentheses.
func (s *orderState) viaConvoy(i int) (int, bool, *ParseError) {
	n := len(s.toks)
	paren := i < n && s.toks[i].kind == tLParen
	j := i
	if paren {
		j++
	}
	if !s.isWordIn(j, viaWords) {
		return i, false, nil
	}
	w, ok := s.word(j + 1)
	if !ok || (w != "convoy" && w != "c") {
		return i, false, s.errf(s.toks[j].raw, "", "expected \"convoy\" after %q", s.toks[j].raw)
	}
	j += 2
	if paren {
		if j >= n || s.toks[j].kind != tRParen {
			return i, false, s.errf(s.span(i, j), "", `missing ")" after %q`, s.span(i, j))
		}
		j++
	}
	return j, true, nil
}

// auxNationality skips a nationality before a supported or convoyed unit
// ("S French A par"), recording it. missing is the message for a
// nationality with no unit after it.
func (s *orderState) auxNationality(o *Order, i int, missing string) (int, *ParseError) {
	w, ok := s.word(i)
	if !ok {
		return i, nil
	}
	startsUnit := func(j int) bool {
		w2, ok := s.word(j)
		if !ok {
			return false
		}
		_, _, isType := s.unitWord(w2)
		_, _, _, isNum := s.unitNumber(w2)
		if isType || isNum {
			return true
		}
		_, _, err := s.parseLoc(j)
		return err == nil
	}
	if pw, isPower := s.isPowerWord(w); isPower {
		if i+1 >= len(s.toks) {
			if _, _, err := s.parseLoc(i); err != nil {
				return i, s.errf("", "", "%s", missing)
			}
			return i, nil
		}
		if startsUnit(i + 1) {
			o.AuxPower = pw
			return i + 1, nil
		}
		return i, nil
	}
	// A misspelt nationality: "S Frence A par". A unit word is not one.
	if _, _, isType := s.unitWord(w); isType {
		return i, nil
	}
	if _, _, _, isNum := s.unitNumber(w); isNum {
		return i, nil
	}
	if _, _, err := s.parseLoc(i); err != nil && startsUnit(i+1) {
		if sug := s.suggestPower(w); sug != "" {
			raw := s.toks[i].raw
			return i, s.errf(raw, sug, "unknown power %q", raw)
		}
	}
	return i, nil
}

// skipViaConvoy passes over a "via convoy" written after a supported or
// convoyed move; it changes nothing there.
func (s *orderState) skipViaConvoy(i int) (int, *ParseError) {
	j, _, err := s.viaConvoy(i)
	return j, err
}

func (s *orderState) support(o *Order, i int) *ParseError {
	o.Kind = Support
	const missing = "support needs the supported unit"
	if i >= len(s.toks) {
		return s.errf("", "", missing)
	}
	i, err := s.auxNationality(o, i, missing)
	if err != nil {
		return err
	}
	num, typ, _, at, i, err := s.unit(i, missing)
	if err != nil {
		return err
	}
	o.AuxUnit, o.AuxAt, o.AuxNumber = typ, at, num
	switch {
	case i >= len(s.toks):
		return nil // support to hold
	case s.isWordIn(i, holdWords):
		return s.end(i + 1)
	case s.isMoveIntro(i):
		i = s.skipMoveIntro(i)
		if i >= len(s.toks) {
			return s.errf("", "", "support needs the supported unit's destination")
		}
		to, next, err := s.parseLoc(i)
		if err != nil {
			return err
		}
		o.AuxTo = to
		// A path "S F tri - adr - ion" names the supported move's spaces
		// (a double move: Galt's Character Diplomacy II); it is read, as a
		// move's path is (DATC 4.A.6), as the move to its end, and the
		// text keeps the path for the variant. In a game without double
		// moves only a convoy's path may be named.
		var mid []Loc
		for next < len(s.toks) && s.toks[next].kind == tArrow {
			if next+1 >= len(s.toks) {
				return s.errf("", "", "support needs the supported unit's destination")
			}
			mid = append(mid, o.AuxTo)
			to, next, err = s.parseLoc(next + 1)
			if err != nil {
				return err
			}
			o.AuxTo = to
		}
		if _, double := s.viaSpecial(); len(mid) > 0 && !double {
			if why := s.notConvoyPath(o.AuxUnit, mid); why != "" {
				return s.errf("", "", "%s; a move through two spaces is a double move, which no order of this game makes", why)
			}
		}
		next, err = s.skipViaConvoy(next)
		if err != nil {
			return err
		}
		return s.end(next)
	}
	return s.unknownWord(i)
}

func (s *orderState) convoy(o *Order, i int) *ParseError {
	o.Kind = Convoy
	const missing = "convoy needs the convoyed unit"
	if i >= len(s.toks) {
		return s.errf("", "", missing)
	}
	i, err := s.auxNationality(o, i, missing)
	if err != nil {
		return err
	}
	num, typ, _, at, i, err := s.unit(i, missing)
	if err != nil {
		return err
	}
	o.AuxUnit, o.AuxAt, o.AuxNumber = typ, at, num
	if i >= len(s.toks) || s.isWordIn(i, holdWords) {
		return s.errf("", "", "convoy needs a destination")
	}
	if !s.isMoveIntro(i) {
		return s.unknownWord(i)
	}
	i = s.skipMoveIntro(i)
	if i >= len(s.toks) {
		return s.errf("", "", "convoy needs a destination")
	}
	to, next, err := s.parseLoc(i)
	if err != nil {
		return err
	}
	o.AuxTo = to
	next, err = s.skipViaConvoy(next)
	if err != nil {
		return err
	}
	return s.end(next)
}

// matchSpecial matches a declared special verb at token i.
// pieceCodeAt reports whether token i is the code of a kind of piece the
// map declares.
func (s *orderState) pieceCodeAt(i int) bool {
	w, ok := s.word(i)
	if !ok || len(s.m.Pieces) == 0 {
		return false
	}
	_, found := s.m.PieceByCode(w)
	return found
}

// matchSeatSpecial matches a seat's special order at the start of the
// order: its verb, then its arguments.
func (s *orderState) matchSeatSpecial() (int, string, bool) {
	for _, sp := range s.specials {
		if sp.seat && s.verbAt(0, sp) {
			return len(sp.verb), sp.name, true
		}
	}
	return 0, "", false
}

// verbAt reports whether sp's verb stands at token i.
func (s *orderState) verbAt(i int, sp specialVerb) bool {
	if i+len(sp.verb) > len(s.toks) {
		return false
	}
	for k, v := range sp.verb {
		t := s.toks[i+k]
		if t.kind != v.kind || t.w != v.w {
			return false
		}
	}
	return true
}

func (s *orderState) matchSpecial(i int) (int, string, bool) {
	for _, sp := range s.specials {
		if !sp.seat && s.verbAt(i, sp) {
			return i + len(sp.verb), sp.name, true
		}
	}
	return i, "", false
}

// args returns the words from token k on, lower case, as typed.
func (s *orderState) args(k int) []string {
	if k >= len(s.toks) {
		return nil
	}
	rest := strings.TrimRight(strings.TrimSpace(s.body[s.toks[k].start:]), ".")
	return strings.Fields(strings.ToLower(rest))
}

// end checks that nothing follows token i.
func (s *orderState) end(i int) *ParseError {
	if i >= len(s.toks) {
		return nil
	}
	raw := s.toks[i].raw
	return s.errf(raw, "", "unexpected %q after the order", raw)
}

// unknownWord reports token i where an order word was expected.
func (s *orderState) unknownWord(i int) *ParseError {
	t := s.toks[i]
	if t.kind != tWord {
		return s.errf(t.raw, "", "unexpected %q", t.raw)
	}
	if _, next, err := s.parseLoc(i); err == nil {
		tok := s.span(i, next)
		return s.errf(tok, "", `%q is a province, not an order word (is a "-" missing?)`, tok)
	}
	vocab := orderVocabulary
	if len(s.specials) > 0 {
		vocab = append([]string(nil), orderVocabulary...)
		for _, sp := range s.specials {
			if sp.verb[0].kind == tWord {
				vocab = append(vocab, sp.verb[0].w)
			}
		}
	}
	sug := suggestWord(t.w, vocab)
	if sug != "" {
		for _, sp := range s.specials {
			if sp.verb[0].w == sug {
				sug = s.verbText(sp)
				break
			}
		}
	}
	return s.errf(t.raw, sug, "unknown order word %q", t.raw)
}

func (s *orderState) verbText(sp specialVerb) string {
	ws := make([]string, len(sp.verb))
	for i, t := range sp.verb {
		ws[i] = t.w
	}
	return strings.Join(ws, " ")
}
