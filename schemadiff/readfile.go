package schemadiff

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
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
		e.Path, byteSize(e.Limit), MaxFileBytesVar)
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
	s, err := Decode(b)
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

// ParseByteSize reads a size as MaxFileBytesVar gives it: "300000000",
// "512MiB", "1 GiB" (KB, MB and GB are read as KiB, MiB and GiB).
func ParseByteSize(s string) (int64, error) {
	text := strings.TrimSpace(s)
	unit := int64(1)
	for _, u := range []struct {
		suffix string
		size   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if strings.HasSuffix(strings.ToUpper(text), strings.ToUpper(u.suffix)) {
			text, unit = strings.TrimSpace(text[:len(text)-len(u.suffix)]), u.size
			break
		}
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/unit {
		return 0, fmt.Errorf("%q is not a size (a number of bytes, or with KiB, MiB or GiB)", s)
	}
	return n * unit, nil
}

// byteSize words n bytes the way limits are set: "256 MiB".
func byteSize(n int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}
