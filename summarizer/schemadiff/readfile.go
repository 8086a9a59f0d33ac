package schemadiff

import (
	"errors"
	"fmt"
	"io"
	"mcpeek/internal/bytesize"
	"os"
)

// DefaultMaxFileBytes bounds the lock file ReadFile reads unless told
// otherwise: twenty times the lock file of a server with 1,223 tools
// (13.5 MB), yet well within memory.
const DefaultMaxFileBytes = 256 << 20

// MaxTools bounds the tools of one lock file, all servers together: eighty
// times the largest real server. Each tool costs a few hundred bytes
// however short its definition, so a file of a million tiny tools would
// cost far more than its size.
const MaxTools = 100_000

// MaxFileBytesVar is the environment variable that raises (or lowers) the
// limit of ReadFile for a command: a number of bytes, or one with KiB,
// MiB or GiB.
const MaxFileBytesVar = "MCPEEK_MAX_SNAPSHOT_BYTES"

// FileTooLargeError is why a lock file was not read: it is larger than the
// limit.
type FileTooLargeError struct {
	Path  string
	Limit int64
}

func (e *FileTooLargeError) Error() string {
	return fmt.Sprintf("%s: the file is over the %s limit for a snapshot (raise it with %s=SIZE)",
		e.Path, bytesize.Limit(e.Limit), MaxFileBytesVar)
}

// ReadFile reads and decodes the lock file at path, refusing one larger
// than limit bytes (DefaultMaxFileBytes when limit is 0 or less) before
// reading it. Errors of the file system are wrapped, for fs.ErrNotExist
// to be told; every error names the file.
func ReadFile(path string, limit int64) (Snapshot, error) {
	if limit <= 0 {
		limit = DefaultMaxFileBytes
	}
	b, err := readLimited(path, limit)
	var tooLarge *FileTooLargeError
	if err != nil && !errors.As(err, &tooLarge) {
		err = fmt.Errorf("cannot read the snapshot: %w", err)
	}
	if err != nil {
		return Snapshot{}, err
	}
	s, ok, err := decodeOwned(b)
	if !ok { // a wrong file: read again as written, for the error to say where
		if b, err = readLimited(path, limit); err != nil {
			return Snapshot{}, fmt.Errorf("cannot read the snapshot: %w", err)
		}
		s, err = Decode(b)
	}
	if err != nil {
		return Snapshot{}, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// ReadBytes reads a lock file's bytes under the same size limit as
// ReadFile, for a caller that needs the text itself (to locate tools in it).
func ReadBytes(path string, limit int64) ([]byte, error) {
	if limit <= 0 {
		limit = DefaultMaxFileBytes
	}
	return readLimited(path, limit)
}

// readLimited reads the file at path in one allocation of its size, or
// fails with a *FileTooLargeError when it holds more than limit bytes
// (told by its size when it is a regular file, else by reading).
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := int64(0)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		if st.Size() > limit {
			return nil, &FileTooLargeError{Path: path, Limit: limit}
		}
		size = st.Size()
	}
	b := make([]byte, 0, size+1)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := f.Read(b[len(b):min(int64(cap(b)), limit+1)])
		b = b[:len(b)+n]
		if int64(len(b)) > limit {
			return nil, &FileTooLargeError{Path: path, Limit: limit}
		}
		if errors.Is(err, io.EOF) {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// ReadLockTexts reads the lock files among paths, in that order, under
// limit (as ReadBytes), for annotations to point into; a path that is no
// file (a live server's name) is skipped.
func ReadLockTexts(limit int64, paths ...string) ([]LockText, error) {
	var out []LockText
	for _, path := range paths {
		if st, err := os.Stat(path); err != nil || st.IsDir() {
			continue
		}
		b, err := ReadBytes(path, limit)
		if err != nil {
			return nil, err
		}
		snap, err := Decode(b)
		if err != nil {
			return nil, err
		}
		out = append(out, LockText{Path: path, Text: b, Snapshot: snap})
	}
	return out, nil
}
