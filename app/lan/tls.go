package lan

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Certificate file names in the host's app storage.
const (
	certFile = "lan-host-cert.pem"
	keyFile  = "lan-host-key.pem"
)

// ErrFingerprint is a host whose certificate is not the one pinned.
var ErrFingerprint = errors.New("lan: the host's certificate does not match the fingerprint pinned for it")

// LoadOrCreateCert returns the host's TLS certificate kept in dir,
// making a self-signed one (ECDSA P-256, ten years) on first use. The key
// file is readable by its owner only.
func LoadOrCreateCert(dir string) (tls.Certificate, error) {
	cp, kp := filepath.Join(dir, certFile), filepath.Join(dir, keyFile)
	if c, err := tls.LoadX509KeyPair(cp, kp); err == nil {
		return c, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return tls.Certificate{}, fmt.Errorf("lan: host certificate in %s: %w (delete both files to make a new one)", dir, err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return tls.Certificate{}, fmt.Errorf("lan: %w", err)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return tls.Certificate{}, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "DipDesk LAN host", Organization: []string{"DipDesk"}},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.AddDate(10, 0, 0),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:     []string{"dipdesk.local"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, err
	}
	kb, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return tls.Certificate{}, err
	}
	if err := os.WriteFile(kp, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600); err != nil {
		return tls.Certificate{}, fmt.Errorf("lan: %w", err)
	}
	if err := os.WriteFile(cp, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		return tls.Certificate{}, fmt.Errorf("lan: %w", err)
	}
	return tls.LoadX509KeyPair(cp, kp)
}

// Fingerprint is the SHA-256 of a certificate's DER bytes, in upper-case
// hex pairs joined by colons, as people compare them.
func Fingerprint(der []byte) string {
	sum := sha256.Sum256(der)
	h := strings.ToUpper(hex.EncodeToString(sum[:]))
	var parts []string
	for i := 0; i < len(h); i += 2 {
		parts = append(parts, h[i:i+2])
	}
	return strings.Join(parts, ":")
}

// normFingerprint forgives case, colons and spaces.
func normFingerprint(s string) string {
	return strings.NewReplacer(":", "", " ", "", "-", "").Replace(strings.ToUpper(s))
}

// pinnedTLS is the client's TLS configuration: the chain is not checked
// against any authority (the host's certificate is self-signed); instead
// the leaf must have the fingerprint want, and, when the player typed a
// pairing code (code and its check), give that check. Its fingerprint is
// reported through seen for the caller to pin.
func pinnedTLS(want, code, check string, seen *string) *tls.Config {
	return &tls.Config{
		MinVersion:         tls.VersionTLS13,
		InsecureSkipVerify: true, // replaced by the pin check below
		VerifyConnection: func(cs tls.ConnectionState) error {
			if len(cs.PeerCertificates) == 0 {
				return ErrFingerprint
			}
			fp := Fingerprint(cs.PeerCertificates[0].Raw)
			if want != "" && normFingerprint(fp) != normFingerprint(want) {
				return fmt.Errorf("%w: the host shows %s, pinned %s", ErrFingerprint, fp, want)
			}
			if check != "" && !hmac.Equal([]byte(pairingCheck(code, fp)), []byte(check)) {
				return fmt.Errorf("%w (its certificate fingerprint is %s)", ErrPairing, fp)
			}
			if seen != nil {
				*seen = fp
			}
			return nil
		},
	}
}
