//go:build unix

package mcpclient

import (
	"errors"
	"os"
	"syscall"
)

// nowWriter writes to a non-blocking descriptor what it takes without
// waiting: maybe all of it, maybe nothing. Not safe for concurrent use
// (stdinQueue holds its lock).
type nowWriter struct {
	rc  syscall.RawConn
	p   []byte
	n   int
	err error
	try func(fd uintptr) bool // made once: a closure made per write would be allocated per write
}

// newNowWriter writes to f, or is nil when f has no descriptor to write to.
func newNowWriter(f *os.File) *nowWriter {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	w := &nowWriter{rc: rc}
	w.try = func(fd uintptr) bool {
		for {
			w.n, w.err = syscall.Write(int(fd), w.p)
			if !errors.Is(w.err, syscall.EINTR) {
				return true // never wait for room: the feeder does
			}
		}
	}
	return w
}

// write writes what the descriptor takes of p at once; n < len(p) is no
// error.
func (w *nowWriter) write(p []byte) (int, error) {
	w.p = p
	cerr := w.rc.Write(w.try)
	n, err := max(w.n, 0), w.err
	w.p, w.n, w.err = nil, 0, nil
	switch {
	case errors.Is(err, syscall.EAGAIN):
		return 0, nil
	case err == nil:
		return n, cerr
	}
	return n, err
}
