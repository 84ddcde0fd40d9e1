package ui

import (
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage/repository"
)

// Fyne's save dialog opens the chosen file for writing, truncating it,
// before it hands the file to its caller: choosing an existing game's
// save (and answering its "Overwrite?") emptied the save, open game
// included, before DipDesk could refuse the name. The window's save
// dialogs only ever want the chosen name (the store creates a new game's
// file itself and refuses an existing one; exports write their own), so
// the file repository's writer is made lazy: the file is opened, and
// truncated, only when something is written to it.

// fileRepo is what Fyne's file repository offers.
type fileRepo interface {
	repository.Repository
	repository.WritableRepository
	repository.AppendableRepository
	repository.HierarchicalRepository
	repository.ListableRepository
	repository.DeleteAllRepository
	repository.CopyableRepository
	repository.MovableRepository
}

// lazyFiles is Fyne's file repository with a writer that touches nothing
// until it is written to.
type lazyFiles struct{ fileRepo }

// Writer returns a writer that opens (and truncates) u on the first write.
func (r lazyFiles) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	return &lazyWriter{uri: u, open: r.fileRepo.Writer}, nil
}

// lazyWriter opens its file when first written to; closed unwritten, it
// leaves the file as it was (absent or whole).
type lazyWriter struct {
	uri  fyne.URI
	open func(fyne.URI) (fyne.URIWriteCloser, error)
	w    fyne.URIWriteCloser
}

func (l *lazyWriter) URI() fyne.URI { return l.uri }

func (l *lazyWriter) Write(p []byte) (int, error) {
	if l.w == nil {
		w, err := l.open(l.uri)
		if err != nil {
			return 0, err
		}
		l.w = w
	}
	return l.w.Write(p)
}

func (l *lazyWriter) Close() error {
	if l.w == nil {
		return nil
	}
	return l.w.Close()
}

var lazyMu sync.Mutex // keepChosenFiles is called from any dialog

// keepChosenFiles makes the file repository's writer lazy (lazyFiles),
// once the driver has registered it; it reports whether the repository
// in place is lazy.
func keepChosenFiles() bool {
	lazyMu.Lock()
	defer lazyMu.Unlock()
	r, err := repository.ForScheme("file")
	if err != nil {
		return false
	}
	switch r := r.(type) {
	case lazyFiles:
		return true
	case fileRepo:
		repository.Register("file", lazyFiles{r})
		return true
	}
	return false
}
