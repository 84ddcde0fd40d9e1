package engine

import (
	"testing"
	"unsafe"
)

// TestLayout keeps the hot types small: an Order of 128 bytes or less is
// stored inline by a map of orders (above it, every entry is allocated
// apart), and a Result, which holds one, stays near 200 bytes. A new
// field goes where padding leaves room (docs/performance.md, the kit).
func TestLayout(t *testing.T) {
	if n := unsafe.Sizeof(Order{}); n > 128 {
		t.Errorf("Order is %d bytes, more than 128", n)
	}
	if n := unsafe.Sizeof(Result{}); n > 200 {
		t.Errorf("Result is %d bytes, more than 200", n)
	}
	if n := unsafe.Sizeof(Unit{}); n > 40 {
		t.Errorf("Unit is %d bytes, more than 40", n)
	}
}
