package ui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
)

// TestChosenFileKept: what Fyne's save dialog does with the chosen file
// before it calls back (storage.Writer on it) leaves an existing save
// whole, and creates nothing for a new name, so that choosing an open
// game's save for a new game or an export refuses the name with nothing
// lost; a writer that writes replaces the file as before.
func TestChosenFileKept(t *testing.T) {
	test.NewTempApp(t)
	for range 2 { // a second call finds it lazy already
		if !keepChosenFiles() {
			t.Fatal("the file repository could not be made lazy")
		}
	}
	dir := t.TempDir()
	save := filepath.Join(dir, "game.dipdesk")
	if err := os.WriteFile(save, []byte("a whole game"), 0o600); err != nil {
		t.Fatal(err)
	}
	w, err := storage.Writer(storage.NewFileURI(save))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(save); err != nil || string(b) != "a whole game" {
		t.Fatalf("the chosen save after the dialog: %q %v", b, err)
	}
	fresh := filepath.Join(dir, "new.dipdesk")
	w, err = storage.Writer(storage.NewFileURI(fresh))
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Fatalf("a new name chosen: the dialog made a file (%v)", err)
	}
	w, err = storage.Writer(storage.NewFileURI(save))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte("new")); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if b, _ := os.ReadFile(save); string(b) != "new" {
		t.Fatalf("a writer that writes: %q", b)
	}
}
