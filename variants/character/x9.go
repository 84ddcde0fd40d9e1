package character

import "dipdesk/engine"

// fallbackSupporterID is proposed card X9 (a game option, Options.Add):
// "Unit can support another unit in place provided the second unit's move
// fails. Also, it can be supported in place by any other unit if its own
// move fails."
const fallbackSupporterID = "X9"

// fallbackSupport is the Rules.FallbackSupport hook. A support to hold
// ("S A mun") given to a unit ordered to move is void in the standard
// game. It counts, if that unit's move fails, when the supporter holds X9
// (the first sentence: the X9 supports another unit in place) or when the
// supported unit holds X9 (the second: any unit may support the X9 in
// place). From 1902 (rule 7). The unit whose move failed then holds with
// one plus these supports. The support is cut, and the supporter
// dislodged, as any support to hold; when the move succeeds it is not
// needed and adds nothing anywhere (it is no support of the move).
func fallbackSupport(s *engine.State, supporter, supported engine.Unit) bool {
	for _, u := range []engine.Unit{supporter, supported} {
		if c, ok := cardAt(s, u); ok && c.ID == fallbackSupporterID {
			return true
		}
	}
	return false
}
