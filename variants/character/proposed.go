package character

import "dipdesk/engine"

// ProposedState is the state the proposed cards X1-X11 keep between phases beyond Effects'
// common fields. It is saved as JSON with the position.
type ProposedState struct{}

func (x ProposedState) clone() ProposedState { return x }

// conceal keeps what seat may know.
func (x *ProposedState) conceal(seat engine.Seat) {}

func (x ProposedState) empty() bool { return true }
