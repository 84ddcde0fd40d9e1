package questionable

import "dipdesk/variants/kit"

// The game options: where careful game masters read the seed differently
// (docs/rulings/questionable.md gives each ruling).
const (
	// OptionStep: "separate" (the characters act in a step of their own
	// before each movement turn, and the moves are ordered knowing what
	// they did) or "together" (one deadline: the characters' orders are
	// given with the units', and a stolen unit takes the order its thief
	// wrote with the theft). Ruling Q2.
	OptionStep = "character_step"
	// OptionAct: "turns" (every movement turn) or "years" (Spring only).
	// Ruling Q1.
	OptionAct = "characters_act"
	// OptionTouch: the Gambler's working piece "must touch the gambling
	// target": "adjacent" (their provinces border) or "reach" (the working
	// piece could move into the target's province). Ruling Q6.
	OptionTouch = "gambler_touch"
	// OptionHooker: "moves" (a seduced unit's move becomes a hold) or
	// "all" (every order of a seduced unit becomes a hold). Ruling Q7.
	OptionHooker = "hooker"
	// OptionThug: "first" (the Thug stops the first attack, before its
	// die is rolled) or "success" (the first attack that would succeed).
	// Ruling Q8.
	OptionThug = "thug"
	// OptionReports: "public" (every country reads every character's
	// result) or "private" (only the acting country and the target's).
	// Ruling Q12.
	OptionReports = "character_reports"
)

// options are a game's options, read.
type options struct {
	separate      bool
	actYearly     bool
	touchReach    bool
	hookerHoldAll bool
	thugOnSuccess bool
	private       bool
}

// declareOptions declares the options on the registry.
func declareOptions(r *registry) {
	r.Option(kit.Option{Name: OptionStep, Default: "separate", Check: kit.OneOf("separate", "together"),
		Doc: "separate: the characters act in a step of their own before the moves; together: their orders are given with the units'"})
	r.Option(kit.Option{Name: OptionAct, Default: "turns", Check: kit.OneOf("turns", "years"),
		Doc: "turns: the characters act every movement turn; years: in Spring only"})
	r.Option(kit.Option{Name: OptionTouch, Default: "adjacent", Check: kit.OneOf("adjacent", "reach"),
		Doc: "adjacent: the Gambler's working piece borders the target; reach: it could move into the target's province"})
	r.Option(kit.Option{Name: OptionHooker, Default: "moves", Check: kit.OneOf("moves", "all"),
		Doc: "moves: a seduced unit's move becomes a hold; all: every order of a seduced unit does"})
	r.Option(kit.Option{Name: OptionThug, Default: "first", Check: kit.OneOf("first", "success"),
		Doc: "first: a Thug stops the first attack on its charge before its die is rolled; success: the first attack that would succeed"})
	r.Option(kit.Option{Name: OptionReports, Default: "public", Check: kit.OneOf("public", "private"),
		Doc: "public: every country reads every character's result; private: only the acting country and the target's"})
}

// parseOptions checks a game's options and reads them.
func parseOptions(given map[string]string) (options, error) {
	all, err := reg.ParseOptions("questionable", given)
	if err != nil {
		return options{}, err
	}
	return options{
		separate:      all[OptionStep] == "separate",
		actYearly:     all[OptionAct] == "years",
		touchReach:    all[OptionTouch] == "reach",
		hookerHoldAll: all[OptionHooker] == "all",
		thugOnSuccess: all[OptionThug] == "success",
		private:       all[OptionReports] == "private",
	}, nil
}

// optionsOf reads the options kept in a position (the defaults when it
// keeps none).
func optionsOf(e *extra) options {
	if e == nil {
		o, _ := parseOptions(nil)
		return o
	}
	o, err := parseOptions(e.Options)
	if err != nil {
		o, _ = parseOptions(nil)
	}
	return o
}
