package lan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"
)

// Version is the protocol version this DipDesk speaks (docs/lan-protocol.md).
// Every envelope carries it; a peer speaking another version is refused
// with an error naming both versions.
//
// Version 2: steps named by their unique keys (engine.Phase.Key) with a
// display name beside them, the seats who must and may act in a step
// (engine.WhoActs), seats that are roles, pieces of a variant's kinds and
// of no seat, and a game's end with several winners, a draw or points.
const Version = 2

// helloVersion is the envelope version the host's hello is written in,
// whatever the protocol version, and its error answering a message of
// another version: the two messages every DipDesk since the first can
// read, so that a client of another version learns the host's version
// from the hello (Hello.Protocol) and says so, and a client of version 1,
// which never looks at Hello.Protocol, sends its join and is told by the
// host's answer. Their shapes never change.
const helloVersion = 1

// Limits on what a client may send. A message over MaxMessage is answered
// with an error and ignored; one over the transport's limit (readLimit)
// closes the connection.
const (
	MaxMessage  = 64 << 10 // bytes of one client message
	MaxOrders   = 16 << 10 // bytes of one orders text
	MaxPress    = 4 << 10  // bytes of one press message
	MaxField    = 128      // bytes of a seat name, code, token, phase or client name
	MaxHostSent = 4 << 20  // bytes of one host message a client accepts
)

// Message types. Client to host: join, orders, ready, press, adjudicate.
// Host to client: hello, welcome, view, hand, ack, status, results, press,
// error.
const (
	TypeHello      = "hello"
	TypeJoin       = "join"
	TypeWelcome    = "welcome"
	TypeView       = "view"
	TypeHand       = "hand"
	TypeOrders     = "orders"
	TypeAck        = "ack"
	TypeReady      = "ready"
	TypeStatus     = "status"
	TypeResults    = "results"
	TypePress      = "press"
	TypeAdjudicate = "adjudicate"
	TypeError      = "error"
)

// Envelope is every message on the wire: a JSON object with the protocol
// version, the message type, the sender's sequence number (1, 2, 3, ...
// on each connection; a number not above the last one is a replay or out
// of order and is refused), the sequence number of the message answered
// (Ref, for ack and error) and the type's body.
type Envelope struct {
	V    int             `json:"v"`
	Type string          `json:"type"`
	Seq  uint64          `json:"seq"`
	Ref  uint64          `json:"ref,omitempty"`
	Body json.RawMessage `json:"body,omitempty"`
}

// Error codes of an error message.
const (
	CodeMalformed   = "malformed"    // not JSON, unknown fields, bad values
	CodeTooLarge    = "too_large"    // over MaxMessage or a field's limit
	CodeVersion     = "version"      // another protocol version
	CodeSequence    = "sequence"     // replayed or out-of-order sequence number
	CodeUnknownType = "unknown_type" // a type the host does not take from clients
	CodeNotJoined   = "not_joined"   // a game message before join
	CodeJoined      = "joined"       // join on a connection that has a seat
	CodeBadCode     = "bad_code"     // wrong, used or expired join code
	CodeBadToken    = "bad_token"    // unknown or revoked seat token
	CodeRateLimited = "rate_limited" // too many failed joins from this address
	CodeSlowDown    = "slow_down"    // more messages than the seat's rate: the message was ignored; send it again later (Client does)
	CodeWrongSeat   = "wrong_seat"   // a message for another seat, or one an observer may not send
	CodeStalePhase  = "stale_phase"  // orders or ready for a phase that is not the current one
	CodeRejected    = "rejected"     // the game refused it (read-only file, storage error)
	CodeReplaced    = "replaced"     // the seat joined again from elsewhere; this connection ends
	CodeOverLimit   = "over_limit"   // the seat's allowance of orders or press for the phase is spent
	CodeNotActing   = "not_acting"   // orders or ready from a seat that neither must nor may act in this step
)

// Errors of decoding.
var (
	ErrMalformed = errors.New("lan: malformed message")
	ErrTooLarge  = errors.New("lan: message too large")
	ErrVersion   = errors.New("lan: unsupported protocol version")
)

// ProtocolError is a decoding failure with the code the host answers.
type ProtocolError struct {
	Code string
	Err  error
}

func (e *ProtocolError) Error() string { return e.Err.Error() }
func (e *ProtocolError) Unwrap() error { return e.Err }

func protoErr(code string, sentinel error, format string, a ...any) error {
	return &ProtocolError{Code: code, Err: fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, a...))}
}

// Join asks for a seat: a power's name and its join code, "observer" and
// the observers' code, or a seat token alone (a reconnect).
type Join struct {
	Seat   string `json:"seat,omitempty"`
	Code   string `json:"code,omitempty"`
	Token  string `json:"token,omitempty"`
	Client string `json:"client,omitempty"` // "dipdesk 1.0 (cli)", for the host's log
}

// OrdersMsg submits the seat's orders for Phase (a step's key,
// engine.Phase.Key: "S1901M", "SU1901.muster@germany"), replacing earlier
// ones; an empty Text clears them. Seat, when given, must be the
// connection's. A seat's orders are taken in a step only when it must or
// may act in it (engine.WhoActs); its orders may be orders of units or
// orders of the seat ("jest A par - pic").
type OrdersMsg struct {
	Phase string `json:"phase"`
	Seat  string `json:"seat,omitempty"`
	Text  string `json:"text"`
}

// ReadyMsg sets the seat's ready flag for Phase (a step's key).
type ReadyMsg struct {
	Phase string `json:"phase"`
	Ready bool   `json:"ready"`
}

// PressSend sends a press message to the powers in To; none means
// everyone (public press).
type PressSend struct {
	To   []string `json:"to,omitempty"`
	Text string   `json:"text"`
}

// AdjudicateMsg asks the host to adjudicate Phase now (game master seat).
type AdjudicateMsg struct {
	Phase string `json:"phase"`
}

// SeatInfo is a seat as everyone may know it: a great power of the map,
// a role (a seat with no home centres: Jester, Mastermind), or "gm".
type SeatInfo struct {
	Power     string `json:"power"`
	Name      string `json:"name"`
	Role      bool   `json:"role,omitempty"` // a role, not a great power
	Free      bool   `json:"free"`           // no player has claimed it yet
	Connected bool   `json:"connected"`      // a client holds it now
}

// GameInfo is what the host tells anyone who connects, and what the LAN
// advertisement carries: nothing secret.
type GameInfo struct {
	Name    string     `json:"name"`
	Variant string     `json:"variant"`
	Phase   string     `json:"phase"` // the current step's key, "AU1901.borg"
	Title   string     `json:"title"` // its display name, "Autumn 1901 Borg"
	Seats   []SeatInfo `json:"seats"`
}

// Hello is the host's first message on a connection, written in the
// envelope of version 1 whatever the protocol (helloVersion): Protocol is
// the host's version, which the client checks before it sends anything.
type Hello struct {
	Protocol int      `json:"protocol"`
	Game     GameInfo `json:"game"`
}

// Welcome confirms a join. Token is set when a join code was used: the
// client keeps it to take the seat back later; the host stores only its
// hash.
type Welcome struct {
	Seat     string   `json:"seat"` // a power, or "observer"
	Token    string   `json:"token,omitempty"`
	Observer bool     `json:"observer,omitempty"`
	Game     GameInfo `json:"game"`
}

// View is the position as the seat may see it (engine.ViewFor): the
// state as engine.MarshalState writes the seat's view of it (every piece,
// of every kind, and the pieces of no seat), the seat's own pending
// orders, the powers whose orders are in, the ready flags, and whether
// the seat must or may act in the step (engine.WhoActs; who else must act
// is not told: in a variant with hidden units it could say who has some).
type View struct {
	Phase     string          `json:"phase"` // the step's key: "S1901M", "SU1901.muster@germany"
	Title     string          `json:"title"` // its display name: "Summer 1901 Muster (Germany)"
	State     json.RawMessage `json:"state"`
	Pending   []string        `json:"pending,omitempty"`
	Submitted []string        `json:"submitted,omitempty"`
	Ready     []string        `json:"ready,omitempty"`
	Due       bool            `json:"due,omitempty"`  // the seat must act: the host waits for it
	May       bool            `json:"may,omitempty"`  // the seat may act (orders, ready) without being waited for
	Over      bool            `json:"over,omitempty"` // the game has ended (the last results say how): nobody acts
	Deadline  *time.Time      `json:"deadline,omitempty"`
}

// Card is one card of a hand (session.HandCard).
type Card struct {
	Unit     string   `json:"unit"`  // "A mun", or "" off the board
	Power    string   `json:"power"` // the unit's power
	Label    string   `json:"label"` // "1A"
	ID       string   `json:"id"`    // "9", "X2"
	Name     string   `json:"name"`
	Text     string   `json:"text"`
	Revealed string   `json:"revealed,omitempty"`
	Told     []string `json:"told,omitempty"`
	Orders   []string `json:"orders,omitempty"` // the special orders' verbs
	// Seat is set for a card held in the seat's hand, no unit
	// (Questionable's characters: Label is then its power's name).
	Seat bool `json:"seat,omitempty"`
	// Notes are the card's state the seat may know ("ready", "before
	// Spring 1904", "is in jail for life").
	Notes []string `json:"notes,omitempty"`
}

// Hand is what the seat may see of the cards (session.HandsOf its view).
type Hand struct {
	Phase    string `json:"phase"`
	Cards    []Card `json:"cards"`
	Pile     int    `json:"pile"`
	Discards int    `json:"discards"`
	Active   bool   `json:"active"`
}

// Ack answers an orders message: the orders stored (canonical) and the
// lines refused with the reason.
type Ack struct {
	Phase    string   `json:"phase"`
	Accepted []string `json:"accepted"`
	Errors   []string `json:"errors,omitempty"`
}

// Status tells every seat who has orders in and who is ready.
type Status struct {
	Phase     string     `json:"phase"` // the step's key
	Title     string     `json:"title"` // its display name
	Submitted []string   `json:"submitted,omitempty"`
	Ready     []string   `json:"ready,omitempty"`
	Deadline  *time.Time `json:"deadline,omitempty"`
}

// ResultLine is one order's result as the seat may know it.
type ResultLine struct {
	Power  string `json:"power"`
	Order  string `json:"order"`
	OK     bool   `json:"ok"`
	Code   string `json:"code"`
	Reason string `json:"reason"`
}

// Results is an adjudication as the seat may know it
// (session.Game.SeatOutcome): the step's key and display name, each
// order's result, the events, the next step, and End when the game ended.
type Results struct {
	Phase     string       `json:"phase"`
	Title     string       `json:"title"`
	Results   []ResultLine `json:"results"`
	Events    []string     `json:"events,omitempty"`
	Winner    string       `json:"winner,omitempty"` // the sole winner, when the game ended with one (End says more)
	End       *GameEnd     `json:"end,omitempty"`
	Next      string       `json:"next"`
	NextTitle string       `json:"next_title"`
}

// GameEnd is how a game ended (engine.GameEnd): its winners (none, one
// or several), whether it is a draw, the points of each seat when the
// variant counts them, and why, in words.
type GameEnd struct {
	Winners []string       `json:"winners,omitempty"`
	Draw    bool           `json:"draw,omitempty"`
	Points  map[string]int `json:"points,omitempty"`
	Why     string         `json:"why,omitempty"`
}

// PressMsg is a press message as delivered.
type PressMsg struct {
	ID    int64     `json:"id"`
	Phase string    `json:"phase"`
	From  string    `json:"from"`
	To    []string  `json:"to,omitempty"` // empty: public
	Text  string    `json:"text"`
	Sent  time.Time `json:"sent"`
}

// ErrorMsg reports a refused message; nothing changed.
type ErrorMsg struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Request is a decoded client message: the envelope and its typed body
// (one of *Join, *OrdersMsg, *ReadyMsg, *PressSend, *AdjudicateMsg).
type Request struct {
	Envelope
	Body any
}

// DecodeRequest reads one client message, checking its size, the
// envelope, the type and every field of the body; it never panics and
// changes nothing. The error is a *ProtocolError with the code to answer;
// when the envelope itself was sound it is returned too (its Seq names
// the message refused).
func DecodeRequest(b []byte) (Request, error) {
	if len(b) > MaxMessage {
		return Request{}, protoErr(CodeTooLarge, ErrTooLarge, "%d bytes, the limit is %d", len(b), MaxMessage)
	}
	env, err := decodeEnvelope(b)
	if err != nil {
		// A version error keeps the envelope: the answer is written in
		// the sender's version and names its message.
		return Request{Envelope: env}, err
	}
	r := Request{Envelope: env}
	switch env.Type {
	case TypeJoin:
		var j Join
		if err = strictBody(env.Body, &j); err == nil {
			err = checkJoin(j)
		}
		r.Body = &j
	case TypeOrders:
		var o OrdersMsg
		if err = strictBody(env.Body, &o); err == nil {
			err = firstErr(checkField("phase", o.Phase, true), checkField("seat", o.Seat, false), checkText("text", o.Text, MaxOrders))
		}
		r.Body = &o
	case TypeReady:
		var o ReadyMsg
		if err = strictBody(env.Body, &o); err == nil {
			err = checkField("phase", o.Phase, true)
		}
		r.Body = &o
	case TypePress:
		var p PressSend
		if err = strictBody(env.Body, &p); err == nil {
			err = checkPress(p)
		}
		r.Body = &p
	case TypeAdjudicate:
		var a AdjudicateMsg
		if err = strictBody(env.Body, &a); err == nil {
			err = checkField("phase", a.Phase, true)
		}
		r.Body = &a
	default:
		return Request{Envelope: env}, protoErr(CodeUnknownType, ErrMalformed, "a client may not send %q", clip(env.Type))
	}
	if err != nil {
		// The envelope is returned so the error can name the message.
		return Request{Envelope: env}, err
	}
	return r, nil
}

// decodeEnvelope reads the envelope strictly: one JSON object, known
// fields only, our version, a type and a sequence number. A message of
// another version is refused with the envelope (its V and Seq), so that
// the answer can be written in the sender's version.
func decodeEnvelope(b []byte) (Envelope, error) {
	var env Envelope
	if err := strictBody(b, &env); err != nil {
		return Envelope{}, err
	}
	if env.V != Version {
		return Envelope{V: env.V, Type: env.Type, Seq: env.Seq}, &ProtocolError{Code: CodeVersion, Err: &VersionError{Host: Version, Client: env.V}}
	}
	if env.Type == "" || env.Seq == 0 {
		return Envelope{}, protoErr(CodeMalformed, ErrMalformed, "an envelope needs a type and a sequence number from 1")
	}
	return env, nil
}

// strictBody decodes exactly one JSON value into v, refusing unknown
// fields and trailing data.
func strictBody(b []byte, v any) error {
	if len(b) == 0 {
		return protoErr(CodeMalformed, ErrMalformed, "empty")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return protoErr(CodeMalformed, ErrMalformed, "%s", clip(err.Error()))
	}
	if _, err := dec.Token(); err != io.EOF {
		return protoErr(CodeMalformed, ErrMalformed, "data after the message")
	}
	return nil
}

func checkJoin(j Join) error {
	if err := firstErr(checkField("seat", j.Seat, false), checkField("code", j.Code, false),
		checkField("token", j.Token, false), checkField("client", j.Client, false)); err != nil {
		return err
	}
	switch {
	case j.Token != "" && (j.Code != "" || j.Seat != ""):
		return protoErr(CodeMalformed, ErrMalformed, "join with a token alone, or with a seat and a code")
	case j.Token == "" && (j.Seat == "" || j.Code == ""):
		return protoErr(CodeMalformed, ErrMalformed, "join needs a seat and its code, or a seat token")
	}
	return nil
}

func checkPress(p PressSend) error {
	if len(p.To) > 32 {
		return protoErr(CodeTooLarge, ErrTooLarge, "press to %d recipients", len(p.To))
	}
	for _, to := range p.To {
		if err := checkField("to", to, true); err != nil {
			return err
		}
	}
	if strings.TrimSpace(p.Text) == "" {
		return protoErr(CodeMalformed, ErrMalformed, "an empty press message")
	}
	return checkText("text", p.Text, MaxPress)
}

// checkField checks a short one-line field.
func checkField(name, s string, required bool) error {
	if required && s == "" {
		return protoErr(CodeMalformed, ErrMalformed, "%s is missing", name)
	}
	if len(s) > MaxField {
		return protoErr(CodeTooLarge, ErrTooLarge, "%s is %d bytes, the limit is %d", name, len(s), MaxField)
	}
	if !utf8.ValidString(s) || strings.ContainsAny(s, "\x00\r\n") {
		return protoErr(CodeMalformed, ErrMalformed, "%s holds control characters", name)
	}
	return nil
}

// checkText checks a multi-line text field.
func checkText(name, s string, limit int) error {
	if len(s) > limit {
		return protoErr(CodeTooLarge, ErrTooLarge, "%s is %d bytes, the limit is %d", name, len(s), limit)
	}
	if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
		return protoErr(CodeMalformed, ErrMalformed, "%s is not text", name)
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// clip shortens what a peer sent before it goes into an error message.
func clip(s string) string {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return strings.ToValidUTF8(s, "?")
}

// encode writes an envelope with body.
func encode(typ string, seq, ref uint64, body any) ([]byte, error) {
	return encodeV(Version, typ, seq, ref, body)
}

// encodeV writes an envelope of version v with body: the hello, and the
// answer to a message of another version, which its sender must read.
func encodeV(v int, typ string, seq, ref uint64, body any) ([]byte, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	return json.Marshal(Envelope{V: v, Type: typ, Seq: seq, Ref: ref, Body: b})
}

// DecodeHost reads one host message into its envelope; the client decodes
// the body by type with Body. A hello is taken in any envelope version
// (it is written in version 1's, see helloVersion): its body says the
// host's version, which the client checks (CheckHello). So is an error
// in version 1's envelope: the host's answer to a message of another
// version.
func DecodeHost(b []byte) (Envelope, error) {
	if len(b) > MaxHostSent {
		return Envelope{}, protoErr(CodeTooLarge, ErrTooLarge, "%d bytes from the host", len(b))
	}
	var env Envelope
	if err := json.Unmarshal(b, &env); err != nil {
		return Envelope{}, protoErr(CodeMalformed, ErrMalformed, "%s", clip(err.Error()))
	}
	if env.V != Version && env.Type != TypeHello && (env.V != helloVersion || env.Type != TypeError) {
		return Envelope{}, protoErr(CodeVersion, &VersionError{Host: env.V, Client: Version}, "a %s message", clip(env.Type))
	}
	return env, nil
}

// CheckHello reads the host's first message, which must be its hello in
// this DipDesk's protocol version: a host of another version is a
// *VersionError naming both (wrapping ErrVersion), and the client sends
// it nothing.
func CheckHello(env Envelope) (Hello, error) {
	if env.Type != TypeHello {
		return Hello{}, fmt.Errorf("%w: the host's first message is %q, not its hello", ErrMalformed, clip(env.Type))
	}
	var h Hello
	if err := json.Unmarshal(env.Body, &h); err != nil {
		return Hello{}, fmt.Errorf("%w: the host's hello: %s", ErrMalformed, clip(err.Error()))
	}
	if h.Protocol != Version {
		return Hello{}, &VersionError{Host: h.Protocol, Client: Version}
	}
	return h, nil
}

// VersionError is a host and a client that speak different versions of
// the protocol: they cannot play together until both run DipDesk
// releases that speak the same one. It wraps ErrVersion.
type VersionError struct {
	Host, Client int // the versions each speaks
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("lan: the host speaks LAN protocol version %d and this player's DipDesk speaks version %d: "+
		"the host and the players need DipDesk releases that speak the same version (%s)", e.Host, e.Client, e.advice())
}

// advice says which side to update.
func (e *VersionError) advice() string {
	if e.Host > e.Client {
		return "update the player's DipDesk"
	}
	return "update the host's DipDesk"
}

func (e *VersionError) Unwrap() error { return ErrVersion }

// Body decodes an envelope's body into v.
func Body(env Envelope, v any) error {
	if err := json.Unmarshal(env.Body, v); err != nil {
		return fmt.Errorf("lan: %s message: %w", env.Type, err)
	}
	return nil
}
