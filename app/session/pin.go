package session

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"strings"
)

// HashPIN returns the stored form of a seat's PIN: a random salt and the
// SHA-256 of salt and PIN, so the file never holds the PIN itself. A PIN
// only keeps honest players at a shared table from peeking; it is not a
// password.
func HashPIN(pin string) string {
	var salt [8]byte
	if _, err := rand.Read(salt[:]); err != nil {
		panic(fmt.Sprintf("session: no randomness for a PIN salt: %v", err))
	}
	s := hex.EncodeToString(salt[:])
	return "sha256$" + s + "$" + pinDigest(s, pin)
}

// CheckPIN reports whether pin matches a hash made by HashPIN. An empty
// hash means the seat has no PIN: any PIN (or none) opens it.
func CheckPIN(hash, pin string) bool {
	if hash == "" {
		return true
	}
	parts := strings.Split(hash, "$")
	if len(parts) != 3 || parts[0] != "sha256" {
		return false
	}
	want := pinDigest(parts[1], pin)
	return subtle.ConstantTimeCompare([]byte(want), []byte(parts[2])) == 1
}

func pinDigest(salt, pin string) string {
	sum := sha256.Sum256([]byte(salt + "\x00" + pin))
	return hex.EncodeToString(sum[:])
}
