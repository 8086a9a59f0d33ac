package mcpclient

import (
	"bytes"
	"fmt"
	"io"
	"sync"
)

// DefaultMaxMessageBytes bounds one message from a server unless the
// Manager (WithMaxMessageBytes) or the server's entry (MaxMessageBytes) sets
// another limit: generous for the largest tool listings, yet far below what
// would exhaust memory.
const DefaultMaxMessageBytes = 64 << 20

// MessageTooLargeError is why a connection was given up: the server sent a
// message longer than the limit.
type MessageTooLargeError struct {
	// Limit is the limit in bytes.
	Limit int64
}

func (e *MessageTooLargeError) Error() string {
	return fmt.Sprintf("server sent a message over the %s limit (maxMessageBytes)", byteSize(e.Limit))
}

// byteSize words n bytes the way limits are usually set: "64 MiB".
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

// lineLimit is a stdio child's stdout as mcp-go's reader sees it: one
// JSON-RPC message per line, each at most max bytes. mcp-go reads a line
// whole, however long, before looking at it; a line over the limit makes
// Read fail instead, so memory stays bounded and the transport closes.
type lineLimit struct {
	r   io.Reader
	max int64

	n    int64 // bytes of the current line so far
	mu   sync.Mutex
	err  *MessageTooLargeError // set once the limit is passed
	over chan struct{}         // closed when err is set
}

func newLineLimit(r io.Reader, max int64) *lineLimit {
	return &lineLimit{r: r, max: max, over: make(chan struct{})}
}

// Read passes on whole lines within the limit. Once a line passes it, Read
// returns what came before that line, then the error from then on.
func (l *lineLimit) Read(p []byte) (int, error) {
	if err := l.Err(); err != nil {
		return 0, err
	}
	n, err := l.r.Read(p)
	good := 0 // bytes of p up to the end of the last line within the limit
	for b := p[:n]; ; {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			l.n += int64(len(b))
			break
		}
		if l.n+int64(i) > l.max {
			l.n += int64(i)
			break
		}
		l.n = 0
		b = b[i+1:]
		good = n - len(b)
	}
	if l.n > l.max {
		l.mu.Lock()
		l.err = &MessageTooLargeError{Limit: l.max}
		l.mu.Unlock()
		close(l.over)
		if good > 0 {
			return good, nil
		}
		return 0, l.err
	}
	return n, err
}

// Err returns the limit error once the limit has been passed, else nil.
func (l *lineLimit) Err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err == nil {
		return nil
	}
	return l.err
}

// Over is closed when a line passes the limit.
func (l *lineLimit) Over() <-chan struct{} { return l.over }
