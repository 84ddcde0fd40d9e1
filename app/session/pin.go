package session

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/crypto/argon2"
)

// PIN hashing: Argon2id (RFC 9106) with the parameters OWASP gives as a
// minimum for passwords, about 30 ms and 19 MiB a hash here. A four-digit
// PIN has only 10,000 values, so no hash makes it a password: what the
// slow function buys is that reading a save's PINs costs minutes of
// computing, not a millisecond, and the docs say plainly what a PIN
// protects (docs/save-format.md).
const (
	pinTime    = 2
	pinMemory  = 19 * 1024 // KiB
	pinThreads = 1
	pinKeyLen  = 32
	pinSaltLen = 16
)

// Bounds on the parameters a stored hash may ask for: a save edited to
// ask for gigabytes must not exhaust the machine that checks a PIN.
const (
	maxPinTime   = 16
	maxPinMemory = 256 * 1024 // KiB
)

// HashPIN returns the stored form of a seat's PIN,
// "argon2id$v=19$m=19456,t=2,p=1$SALT$HASH" (salt and hash in unpadded
// base64), so the file never holds the PIN itself. A PIN only keeps the
// players at a shared table from seeing each other's secrets on the
// screen; it is not a password, and anyone with the file reads the game
// without it.
func HashPIN(pin string) string {
	salt := make([]byte, pinSaltLen)
	if _, err := rand.Read(salt); err != nil {
		panic(fmt.Sprintf("session: no randomness for a PIN salt: %v", err))
	}
	key := argon2.IDKey([]byte(pin), salt, pinTime, pinMemory, pinThreads, pinKeyLen)
	return fmt.Sprintf("argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, pinMemory, pinTime, pinThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

var b64 = base64.RawStdEncoding

// CheckPIN reports whether pin matches a hash made by HashPIN (or by an
// older DipDesk's salted SHA-256, "sha256$SALT$HASH"). An empty hash
// means the seat has no PIN: any PIN (or none) opens it. A hash in no
// form it knows, or asking for more work than it allows, matches no PIN.
func CheckPIN(hash, pin string) bool {
	if hash == "" {
		return true
	}
	parts := strings.Split(hash, "$")
	switch {
	case len(parts) == 3 && parts[0] == "sha256":
		want := legacyDigest(parts[1], pin)
		return subtle.ConstantTimeCompare([]byte(want), []byte(parts[2])) == 1
	case len(parts) == 5 && parts[0] == "argon2id" && parts[1] == "v="+strconv.Itoa(argon2.Version):
		m, t, p, ok := argonParams(parts[2])
		if !ok {
			return false
		}
		salt, err1 := b64.DecodeString(parts[3])
		want, err2 := b64.DecodeString(parts[4])
		if err1 != nil || err2 != nil || len(salt) < 8 || len(want) < 16 || len(want) > 64 {
			return false
		}
		got := argon2.IDKey([]byte(pin), salt, t, m, p, uint32(len(want)))
		return subtle.ConstantTimeCompare(got, want) == 1
	}
	return false
}

// argonParams reads "m=19456,t=2,p=1" within the bounds.
func argonParams(s string) (m, t uint32, p uint8, ok bool) {
	var got int
	for _, kv := range strings.Split(s, ",") {
		k, v, _ := strings.Cut(kv, "=")
		n, err := strconv.ParseUint(v, 10, 32)
		if err != nil || n == 0 {
			return 0, 0, 0, false
		}
		switch k {
		case "m":
			m, got = uint32(n), got|1
		case "t":
			t, got = uint32(n), got|2
		case "p":
			if n > 255 {
				return 0, 0, 0, false
			}
			p, got = uint8(n), got|4
		default:
			return 0, 0, 0, false
		}
	}
	ok = got == 7 && t <= maxPinTime && m <= maxPinMemory && m >= 8*uint32(p) && p <= 4
	return m, t, p, ok
}

// legacyDigest is the SHA-256 of salt and PIN that DipDesk stored before
// it used Argon2id; saves made then still open with their PINs.
func legacyDigest(salt, pin string) string {
	sum := sha256.Sum256([]byte(salt + "\x00" + pin))
	return hex.EncodeToString(sum[:])
}
