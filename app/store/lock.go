package store

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"syscall"
)

// An inodeRef is this process's one descriptor of a save file, shared by
// every File open on it.
//
// Why share: SQLite locks with POSIX fcntl locks, and POSIX drops every
// fcntl lock a process holds on a file as soon as the process closes ANY
// descriptor of that file. Were each File to open and close its own
// descriptor (to read the header, or to hold the flock), closing it would
// silently drop the SQLite locks of another File on the same game, and
// another program could then checkpoint and delete the WAL under it. So
// the descriptor stays open until the last File on the file is closed,
// after its SQLite connections.
type inodeRef struct {
	key    inodeKey
	fd     *os.File
	refs   int
	writer bool // a File opened with Open holds the flock
}

// inodeKey identifies a file whatever path reaches it.
type inodeKey struct{ dev, ino uint64 }

var registry = struct {
	sync.Mutex
	m map[inodeKey]*inodeRef
}{m: map[inodeKey]*inodeRef{}}

// acquire returns the shared descriptor of the regular file at path,
// opening it if no File of this process has it open.
func acquire(path string) (*inodeRef, error) {
	registry.Lock()
	defer registry.Unlock()
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	key, err := keyOf(st)
	if err != nil {
		return nil, err
	}
	if r, ok := registry.m[key]; ok {
		r.refs++
		return r, nil
	}
	// O_NONBLOCK: should the path become a FIFO after the Stat above,
	// opening it must not hang.
	fd, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fst, err := fd.Stat()
	if err == nil {
		var k inodeKey
		if k, err = keyOf(fst); err == nil && k != key {
			err = errors.New("the file was replaced while being opened")
		}
	}
	if err != nil {
		fd.Close()
		return nil, err
	}
	r := &inodeRef{key: key, fd: fd, refs: 1}
	registry.m[key] = r
	return r, nil
}

// keyOf identifies a regular file.
func keyOf(st os.FileInfo) (inodeKey, error) {
	if !st.Mode().IsRegular() {
		return inodeKey{}, errNotRegular
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return inodeKey{}, errors.New("cannot identify the file")
	}
	return inodeKey{dev: uint64(sys.Dev), ino: sys.Ino}, nil
}

// release drops one reference; the last one closes the descriptors. Every
// SQLite connection on the file must be closed before.
func (r *inodeRef) release() {
	registry.Lock()
	defer registry.Unlock()
	r.refs--
	if r.refs > 0 {
		return
	}
	delete(registry.m, r.key)
	r.fd.Close()
}

var errNotRegular = errors.New("not a regular file")

// lockWriter takes the exclusive advisory lock that marks the file as open
// for writing: flock(LOCK_EX|LOCK_NB), held until unlockWriter or the
// process ends (so a crash never leaves a stale lock).
func (r *inodeRef) lockWriter(path string) error {
	registry.Lock()
	defer registry.Unlock()
	if r.writer {
		return fileErr(path, ErrLocked, "this program already has it open for writing; close it there first, or open it read-only", nil)
	}
	err := syscall.Flock(int(r.fd.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return fileErr(path, ErrLocked, "another program has it open for writing; close it there first, or open it read-only", nil)
	}
	if err != nil {
		return fileErr(path, nil, "cannot lock the file", fmt.Errorf("flock: %w", err))
	}
	r.writer = true
	return nil
}

// unlockWriter releases the lock taken by lockWriter.
func (r *inodeRef) unlockWriter() {
	registry.Lock()
	defer registry.Unlock()
	if r.writer {
		_ = syscall.Flock(int(r.fd.Fd()), syscall.LOCK_UN)
		r.writer = false
	}
}
