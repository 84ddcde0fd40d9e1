package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// maxOrdersFile is the most a file of orders may hold: orders are a few
// hundred bytes a power, so a larger file is a mistake (the wrong file),
// refused whole rather than read in part.
const maxOrdersFile = 1 << 20

// readOrdersText reads a power's orders as a mail client or an editor
// saved them: UTF-8 with or without a byte-order mark, or UTF-16 (little
// or big endian, as Windows saves "Unicode" text), with any line ends.
// A file over limit bytes, or text in no encoding it knows, is an error
// naming name; nothing is read in part.
func readOrdersText(r io.Reader, name string, limit int) (string, error) {
	b, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	if len(b) > limit {
		return "", fmt.Errorf("%s: more than %s; orders are never that long (is it the right file?): nothing was stored", name, sizeWords(limit))
	}
	text, err := decodeText(b)
	if err != nil {
		return "", fmt.Errorf("%s: %w: nothing was stored", name, err)
	}
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	return text, nil
}

// decodeText turns the bytes of a text file into a string.
func decodeText(b []byte) (string, error) {
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		b = b[3:]
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}):
		return decodeUTF16(b[2:], false)
	case bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		return decodeUTF16(b[2:], true)
	default:
		if le, ok := looksUTF16(b); ok {
			return decodeUTF16(b, !le)
		}
	}
	if !utf8.Valid(b) {
		line := 1 + bytes.Count(b[:invalidAt(b)], []byte("\n"))
		return "", fmt.Errorf("line %d is not UTF-8 text (save the file as UTF-8 or Unicode)", line)
	}
	return string(b), nil
}

// invalidAt returns the offset of the first byte that is not UTF-8.
func invalidAt(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// looksUTF16 recognises UTF-16 text saved without a byte-order mark:
// orders are mostly ASCII, so every other byte is zero. le tells which
// half the zeros are in.
func looksUTF16(b []byte) (le, ok bool) {
	if len(b) < 4 || len(b)%2 != 0 {
		return false, false
	}
	var even, odd int
	for i := 0; i < len(b); i += 2 {
		if b[i] == 0 {
			even++
		}
		if b[i+1] == 0 {
			odd++
		}
	}
	half := len(b) / 2
	switch {
	case odd*10 >= half*9 && even == 0:
		return true, true
	case even*10 >= half*9 && odd == 0:
		return false, true
	}
	return false, false
}

func decodeUTF16(b []byte, bigEndian bool) (string, error) {
	if len(b)%2 != 0 {
		return "", errors.New("UTF-16 text of an odd number of bytes (cut short?)")
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		if bigEndian {
			u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		} else {
			u[i] = uint16(b[2*i+1])<<8 | uint16(b[2*i])
		}
	}
	line := 1
	for i := 0; i < len(u); i++ {
		switch {
		case u[i] == '\n':
			line++
		case utf16.IsSurrogate(rune(u[i])):
			if u[i] >= 0xDC00 || i+1 == len(u) || u[i+1] < 0xDC00 || u[i+1] > 0xDFFF {
				return "", fmt.Errorf("line %d is not UTF-16 text (an unpaired surrogate)", line)
			}
			i++
		}
	}
	return string(utf16.Decode(u)), nil
}

// sizeWords writes a byte count as people read it.
func sizeWords(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
