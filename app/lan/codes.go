package lan

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"io"
	"strings"
	"time"
)

// Errors of joining, each answered with its own code.
var (
	ErrBadCode     = errors.New("lan: wrong, used or expired join code")
	ErrBadToken    = errors.New("lan: unknown seat token (ask the host for a new join code)")
	ErrRateLimited = errors.New("lan: too many failed joins from this address; wait a minute")
)

// Join-code rules: a code is short enough to read across a table and is
// worth guessing only a few times (CodeAttempts per code, FailLimit per
// address and FailWindow), so 8 letters of a 31-letter alphabet (~40 bits)
// are plenty.
const (
	codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789" // no I, L, O, 0, 1
	codeLen      = 8
	CodeAttempts = 5                // wrong tries before a seat's code is burnt
	FailLimit    = 10               // failed joins per address per FailWindow
	FailWindow   = time.Minute      //
	DefaultTTL   = 30 * time.Minute // how long a join code is good for
	ObserverSeat = "observer"       // the seat name observers join with
)

// joinCode is one seat's code. Codes of powers are used once; the
// observers' code lets any number of observers in until it expires.
type joinCode struct {
	code     string // without the dash
	expires  time.Time
	left     int
	reusable bool
}

// codeBook holds the live join codes and the failed attempts by address.
// It is guarded by the host's lock.
type codeBook struct {
	rand  io.Reader
	now   func() time.Time
	ttl   time.Duration
	codes map[string]*joinCode // by seat: a power id, or ObserverSeat
	fails map[string][]time.Time
}

func newCodeBook(r io.Reader, now func() time.Time, ttl time.Duration) *codeBook {
	return &codeBook{rand: r, now: now, ttl: ttl, codes: map[string]*joinCode{}, fails: map[string][]time.Time{}}
}

// issue makes a new code for seat, replacing any earlier one, and returns
// it as shown to people: "ABCD-EFGH".
func (b *codeBook) issue(seat string) (string, error) {
	buf := make([]byte, codeLen)
	if _, err := io.ReadFull(b.rand, buf); err != nil {
		return "", err
	}
	for i, x := range buf {
		// 256 is not a multiple of 31: the first 8 letters are a little
		// likelier (9 in 256 against 8), which costs under 0.3 bits.
		buf[i] = codeAlphabet[int(x)%len(codeAlphabet)]
	}
	c := string(buf)
	b.codes[seat] = &joinCode{code: c, expires: b.now().Add(b.ttl), left: CodeAttempts, reusable: seat == ObserverSeat}
	return c[:4] + "-" + c[4:], nil
}

// has reports whether seat has a live code.
func (b *codeBook) has(seat string) bool {
	c, ok := b.codes[seat]
	return ok && b.now().Before(c.expires)
}

// limited reports whether addr has failed too often lately.
func (b *codeBook) limited(addr string) bool {
	cut := b.now().Add(-FailWindow)
	kept := b.fails[addr][:0]
	for _, t := range b.fails[addr] {
		if t.After(cut) {
			kept = append(kept, t)
		}
	}
	if len(kept) == 0 {
		delete(b.fails, addr)
		return false
	}
	b.fails[addr] = kept
	return len(kept) >= FailLimit
}

// failed records a failed join from addr.
func (b *codeBook) failed(addr string) { b.fails[addr] = append(b.fails[addr], b.now()) }

// use checks code for seat from addr. A right code of a power is used up;
// a wrong one costs one of the code's attempts and counts against addr.
// A limited address is refused without looking at the code, so guessing
// is no faster from one machine than FailLimit a minute. left is the
// number of wrong tries the code still takes after a wrong one (0: this
// one burnt it), -1 when the seat had no live code.
func (b *codeBook) use(seat, code, addr string) (left int, err error) {
	if b.limited(addr) {
		return -1, ErrRateLimited
	}
	c, ok := b.codes[seat]
	if !ok || !b.now().Before(c.expires) {
		delete(b.codes, seat)
		b.failed(addr)
		return -1, ErrBadCode
	}
	given := normCode(code)
	if len(given) == codeLen+checkLen {
		given = given[:codeLen] // a pairing code: its check is the client's business
	}
	if subtle.ConstantTimeCompare([]byte(given), []byte(c.code)) != 1 {
		c.left--
		if c.left <= 0 {
			delete(b.codes, seat)
		}
		b.failed(addr)
		return max(c.left, 0), ErrBadCode
	}
	if !c.reusable {
		delete(b.codes, seat)
	}
	return c.left, nil
}

// checkLen is the length of a pairing code's check: 4 letters of
// codeAlphabet, about 20 bits.
const checkLen = 4

// PairingCode returns the code players type to join: the join code and
// four letters made from it and the host certificate's fingerprint fp,
// "ABCD-EFGH-JKMN". The joining DipDesk recomputes the four letters from
// the certificate it is shown and refuses a host whose letters differ
// before it sends the code, so a machine posing as the host on the LAN
// learns nothing, and has one chance in about a million per try of
// passing (it cannot search offline: it does not know the code).
func PairingCode(code, fp string) string {
	c := normCode(code)
	if len(c) == codeLen+checkLen {
		c = c[:codeLen]
	}
	return c[:min(4, len(c))] + "-" + c[min(4, len(c)):] + "-" + pairingCheck(c, fp)
}

// pairingCheck is the check of a pairing code: an HMAC-SHA256 keyed with
// the join code over the fingerprint, as letters of the code alphabet.
func pairingCheck(code, fp string) string {
	mac := hmac.New(sha256.New, []byte(normCode(code)))
	mac.Write([]byte(normFingerprint(fp)))
	sum := mac.Sum(nil)
	out := make([]byte, checkLen)
	for i := range out {
		out[i] = codeAlphabet[int(sum[i])%len(codeAlphabet)]
	}
	return string(out)
}

// splitPairing reads what a player typed as a code: the join code to
// send and, for a pairing code, the check to verify the host by ("" for
// a bare join code).
func splitPairing(typed string) (code, check string) {
	c := normCode(typed)
	if len(c) == codeLen+checkLen {
		return c[:codeLen], c[codeLen:]
	}
	return typed, ""
}

// normCode forgives case, spaces and dashes: "abcd efgh" is "ABCDEFGH".
func normCode(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if r != '-' && r != ' ' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// newToken returns a new seat token: 32 random bytes, URL-safe base64.
func newToken(r io.Reader) (string, error) {
	buf := make([]byte, 32)
	if _, err := io.ReadFull(r, buf); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(buf), nil
}

// hashToken is what the host stores of a token: its SHA-256 in hex. A
// token has 256 random bits, so no salt or slow hash is needed.
func hashToken(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}

// sameHash compares two token hashes in constant time.
func sameHash(a, b string) bool {
	return len(a) == len(b) && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// defaultRand is crypto/rand unless a test gives its own.
func defaultRand(r io.Reader) io.Reader {
	if r == nil {
		return rand.Reader
	}
	return r
}
